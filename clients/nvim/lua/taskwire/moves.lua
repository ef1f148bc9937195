-- taskwire.moves: the drag gestures, all sent as task/move with a drop index and the target
-- view's version (a drop computed on a list that changed since is refused with -32801, and the
-- view listed again).  A task moved out of its group gets the server's message: where it went.
--
-- J K > < are relative to where the task is, so each must be computed on the list the one
-- before left.  While a move from a buffer is in flight (state.moving: 1 until its reply, 2
-- until the view/changed that follows has been applied), further presses wait in state.moves
-- (at most 20), each remembering its task; view.lua calls caught_up() after every change of
-- the snapshot, and the next press is computed then.  Holding J walks the task down.
--
-- m then p / P, and the mouse, are absolute drops (drops.lua), sent by send() here.
--
-- In a project the groups are its own tasks and its headings: J K past a heading's header, or a
-- drop on it, put the task under that heading.  In the projects view a project moves among its
-- area's projects and into another area; in an area, a project among its projects and a task
-- among its tasks (J K stop between the two).

local rpc = require('taskwire.rpc')
local ui = require('taskwire.ui')
local view = require('taskwire.view')
local actions = require('taskwire.actions')

local M = {}

M.max_waiting = 20

-- here() (as actions.task_here() makes it) for task `id` in the state's snapshot, or nil.
local function find(state, id)
  local groups = state.snapshot and state.snapshot.groups or {}
  for gi, group in ipairs(groups) do
    for ti, task in ipairs(group.tasks) do
      if task.id == id then
        local info = { kind = 'task', gi = gi - 1, index = ti - 1 }
        return { state = state, groups = groups, task = task, info = info }
      end
    end
  end
end

local function drag_target(name)
  if name == 'all' or name == 'logbook' or name == 'anytime' or name == 'someday' then
    ui.warn('vim.warn.noMovesInView', { view = require('taskwire.words').view(name) })
    return false
  end
  return true
end

-- Whether the state's snapshot already shows the task where the reply says it is (an area
-- shows its projects as the projects view has them).
local function shows(state, result)
  local here = find(state, result.task.id)
  local has_group = false
  for _, group in ipairs(state.snapshot and state.snapshot.groups or {}) do
    has_group = has_group or group.key == result.group
  end
  if result.view ~= state.view and not has_group then
    return here == nil
  end
  return here ~= nil and here.groups[here.info.gi + 1].key == result.group and here.info.index == result.index
end

local function moved(state, from, result) -- from: the key of the group the task was in
  local left = result.view ~= state.view or result.group ~= from
  actions.changed(state, result.task.id, left and result.message or nil)
  if shows(state, result) then -- nothing changed, so no view/changed is coming
    state.follow, state.moving = nil, 0
    return M.next(state)
  end
  state.moving = 2
  if not state.sub and not state.subscribing then
    view.relist(state) -- not subscribed (any more): no view/changed is coming
  end
end

-- An error reply: the message, the waiting presses dropped, the list(s) listed again.
local function failed(state, target, err)
  ui.server_error(err)
  state.moves, state.moving = {}, 0
  if view.alive(state) then
    state.moving = 2
    view.relist(state)
  end
  local other = view.state(target)
  if type(err) == 'table' and err.code == -32801 and other and other ~= state then
    view.relist(other)
  end
end

local item_views = { project = true, area = true, projects = true }

-- task/move's params for a group of a project (tasks:PROJECT, its own tasks; tasks:HEADING, a
-- heading's), of an area (projects:AREA its projects, tasks:AREA its tasks) or of the projects
-- view (projects:AREA, projects:0 for those in no area).
local function item_target(state, group, params)
  local prefix, id = group.key:match('^(%w+):(%d+)$')
  id = tonumber(id)
  if prefix == 'projects' then
    params.view, params.area = 'projects', id > 0 and id or nil
  elseif state.view == 'area' then
    params.view, params.area = 'area', id
  else
    params.view, params.project = 'project', state.id
    params.heading = id ~= state.id and id or nil
  end
  return params
end

-- task/move of here.task to `index` of the target view (group: the day or quadrant).  Returns
-- true when a request went out.
local function send(here, target, group, index, on_result, on_error)
  local params = { id = here.task.id, view = target, index = index }
  if target == 'upcoming' then
    params.date = type(group) == 'table' and group.date or group
  elseif target == 'matrix' then
    params.quadrant = group.key
  elseif target == 'today' then -- This Evening, or Today's own list (no evening)
    params.evening = group.key == 'evening' or nil
  elseif item_views[target] then
    item_target(here.state, group, params)
    target = params.view .. ((params.project or params.area) and '/' .. (params.project or params.area) or '')
    if params.view == 'projects' then
      target = 'projects'
    end
  end
  local target_state = view.state(target)
  if target_state and target_state.version then
    params.version = target_state.version
  end
  local from = here.groups and here.groups[here.info.gi + 1].key -- before the diff changes it
  return rpc.request('task/move', params, on_result or function(r)
    moved(here.state, from, r)
  end, on_error or function(err)
    failed(here.state, target, err)
  end) ~= 0
end

-- J / K: one place down / up; past the end of a group into the next / previous one (another
-- day in Upcoming, another quadrant in the matrix, This Evening after Today's own list).
local function step(here, delta)
  local gi, index, groups = here.info.gi + 1, here.info.index, here.groups
  if delta > 0 then
    if index + 1 < #groups[gi].tasks then
      index = index + 1
    elseif gi < #groups then
      gi, index = gi + 1, 0
    elseif here.state.view == 'today' and groups[gi].key == 'today' then
      return send(here, 'today', { key = 'evening' }, 0) -- into This Evening, while not shown
    else
      ui.warn('vim.warn.atBottom')
      return false
    end
  elseif index > 0 then
    index = index - 1
  elseif gi > 1 then
    gi, index = gi - 1, #groups[gi - 1].tasks
  else
    ui.warn('vim.warn.atTop')
    return false
  end
  local kind = function(g)
    return g.key:match('^(%w+)')
  end
  if item_views[here.state.view] and kind(groups[gi]) ~= kind(groups[here.info.gi + 1]) then
    ui.warn(delta > 0 and 'vim.warn.atBottom' or 'vim.warn.atTop') -- an area's projects, then its tasks
    return false
  end
  return send(here, here.state.view, groups[gi], index)
end

-- "2026-02-14" for "2026-02-13".
function M.next_day(date)
  local y, m, d = date:match('^(%d+)-(%d+)-(%d+)$')
  local noon = os.time({ year = tonumber(y), month = tonumber(m), day = tonumber(d) + 1, hour = 12 })
  return os.date('%Y-%m-%d', noon) -- os.time carries day 32 into the next month
end

-- > / <: Upcoming: the top of the next day group (the day after the last one), the end of the
-- previous one (Today before the first).  Today: > is the top of Tomorrow.  Matrix: the next /
-- previous quadrant.
local function day(here, delta)
  local name, gi, groups = here.state.view, here.info.gi + 1, here.groups
  if name == 'upcoming' and delta > 0 then
    local date = groups[gi + 1] and groups[gi + 1].date or M.next_day(here.task.scheduledDate)
    return send(here, 'upcoming', date, 0)
  elseif name == 'upcoming' and gi > 1 then
    return send(here, 'upcoming', groups[gi - 1], #groups[gi - 1].tasks)
  elseif name == 'upcoming' then
    return rpc.request('task/schedule', { id = here.task.id, date = 'today' }, function(r)
      moved(here.state, groups[gi].key, r)
    end, function(err)
      failed(here.state, '', err)
    end) ~= 0
  elseif name == 'today' and delta > 0 then
    return send(here, 'upcoming', 'tomorrow', 0)
  elseif name == 'matrix' and groups[gi + delta] then
    local quadrant = groups[gi + delta]
    return send(here, 'matrix', quadrant, delta > 0 and 0 or #quadrant.tasks)
  end
  local why = {
    today = 'vim.warn.noDayBefore',
    inbox = 'vim.warn.inboxNoDay',
    project = 'vim.warn.noDaysHere',
    area = 'vim.warn.noDaysHere',
    projects = 'vim.warn.noDaysHere',
    matrix = delta > 0 and 'vim.warn.noQuadrantAfter' or 'vim.warn.noQuadrantBefore',
  }
  ui.warn(why[name] or 'nvim.warn.nothingToDo', { quadrant = groups[gi] and groups[gi].title })
  return false
end

-- Sends the buffer's next waiting press unless a move is in flight.  A press whose task has
-- left the view sends nothing, nor does one that only warns.
function M.next(state)
  if not view.alive(state) then
    state.moves = {}
    return
  end
  while state.moving == 0 and #state.moves > 0 do
    local press = table.remove(state.moves, 1)
    local here = find(state, press.id)
    if here then
      local sent = (press.kind == 'step' and step or day)(here, press.delta)
      state.moving = sent and 1 or 0
    end
  end
end

function M.press(kind, delta)
  local here = actions.task_here()
  if not here or not drag_target(here.state.view) then
    return
  end
  local state = here.state
  if state.moving ~= 0 and #state.moves >= M.max_waiting then
    return ui.warn('vim.warn.tooManyMoves', { max = M.max_waiting })
  end
  table.insert(state.moves, { kind = kind, delta = delta, id = here.task.id })
  M.next(state)
end

-- The snapshot changed: a move whose reply is in has been followed, the next one may go.
function M.caught_up(state)
  if state.moving == 2 then
    state.moving = 0
    M.next(state)
  end
end

-- The list could not be had: presses computed on it would be wrong.
function M.cancel(state)
  state.moves = {}
  if state.moving == 2 then
    state.moving = 0
  end
end

-- for drops.lua: the absolute drops find, check and send as the presses do
M.find, M.drag_target, M.send = find, drag_target, send

return M
