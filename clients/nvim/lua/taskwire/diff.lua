-- taskwire.diff: applies a view/changed op list to a view snapshot, in place.
--
-- Ops are applied in order; each index counts the list as it is when the op is applied.  An op
-- that does not fit the snapshot (unknown group, index out of range, another task's id) raises
-- an error starting with "taskwire:" so that the caller lists the view again instead of showing
-- a wrong list.  JSON nulls are nil here (vim.lsp.rpc decodes with luanil.object), which is why
-- an `update` op also names its nulled fields in `cleared`: `fields` cannot carry them.  A task's
-- and a group's display parts (`display`) are replaced whole: an `update` op's `fields.display`
-- (maybe alone, at a new day or after locale/set), an `updateGroup` op's `display`.

local M = {}

local function fail(what, op)
  error('taskwire: ' .. what .. ': ' .. vim.inspect(op, { newline = ' ', indent = '' }), 0)
end

local function check(ok, op)
  if not ok then
    fail('op does not fit the snapshot', op)
  end
end

local function tasks_of(groups, key, op)
  for _, group in ipairs(groups) do
    if group.key == key then
      return group.tasks
    end
  end
  fail('no group ' .. tostring(key), op)
end

-- Lua lists are 1-based, the protocol's indexes 0-based.
local function check_task(tasks, index, id, op)
  check(type(index) == 'number' and index >= 0 and index < #tasks and tasks[index + 1].id == id, op)
end

local function check_slot(list, index, op)
  check(type(index) == 'number' and index >= 0 and index <= #list, op)
end

local apply = {}

function apply.insert(groups, op)
  local tasks = tasks_of(groups, op.group, op)
  check_slot(tasks, op.index, op)
  table.insert(tasks, op.index + 1, vim.deepcopy(op.task))
end

function apply.remove(groups, op)
  local tasks = tasks_of(groups, op.group, op)
  check_task(tasks, op.index, op.id, op)
  table.remove(tasks, op.index + 1)
end

function apply.move(groups, op)
  local from = tasks_of(groups, op.from.group, op)
  check_task(from, op.from.index, op.id, op)
  local to = tasks_of(groups, op.to.group, op)
  -- the target index counts the list after the removal
  local size = #to - (to == from and 1 or 0)
  check(type(op.to.index) == 'number' and op.to.index >= 0 and op.to.index <= size, op)
  local task = table.remove(from, op.from.index + 1)
  table.insert(to, op.to.index + 1, task)
end

function apply.update(groups, op)
  local tasks = tasks_of(groups, op.group, op)
  check_task(tasks, op.index, op.id, op)
  local task = tasks[op.index + 1]
  for name, value in pairs(op.fields or {}) do
    task[name] = vim.deepcopy(value)
  end
  for _, name in ipairs(op.cleared or {}) do
    task[name] = nil
  end
end

function apply.insertGroup(groups, op)
  check_slot(groups, op.index, op)
  local group = vim.deepcopy(op.group)
  group.tasks = {}
  table.insert(groups, op.index + 1, group)
end

function apply.removeGroup(groups, op)
  check(type(op.index) == 'number' and op.index >= 0 and op.index < #groups, op)
  local group = groups[op.index + 1]
  check(group.key == op.key and #group.tasks == 0, op)
  table.remove(groups, op.index + 1)
end

function apply.updateGroup(groups, op)
  check(type(op.index) == 'number' and op.index >= 0 and op.index < #groups, op)
  local group = groups[op.index + 1]
  check(group.key == op.key, op)
  if op.title ~= nil then -- a new title and date (nil when the group has no date)
    group.title = op.title
    group.date = op.date
  end
  if op.display ~= nil then
    group.display = vim.deepcopy(op.display)
  end
end

-- Applies `ops` to snapshot.groups; returns the snapshot.
function M.apply(snapshot, ops)
  local groups = snapshot.groups
  for _, op in ipairs(ops or {}) do
    local fn = apply[op.op]
    if not fn then
      fail('unknown op', op)
    end
    fn(groups, op)
  end
  return snapshot
end

return M
