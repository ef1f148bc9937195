-- taskwire.actions: what the keys of a taskwire://VIEW buffer do (the moves are in moves.lua).
--
-- Every action reads the line under the cursor through the state's line infos (never the text),
-- sends one request and lets the buffer follow from the subscription's view/changed
-- notifications.  No key waits for the server.
--
-- The keys that change the task under the cursor are task.lua's, a (add) add.lua's.

local rpc = require('taskwire.rpc')
local ui = require('taskwire.ui')
local view = require('taskwire.view')

local M = {}

-- {state, info, groups} for the cursor's line in the current buffer, or nil with a message.
function M.here()
  local name = vim.b.taskwire_name
  local state = name and view.state(name)
  if not state or state.bufnr ~= vim.api.nvim_get_current_buf() then
    ui.error('vim.error.notAView')
    return nil
  end
  local lnum = vim.api.nvim_win_get_cursor(0)[1]
  local snapshot = state.snapshot or {}
  return { state = state, info = state.lines[lnum] or {}, groups = snapshot.groups or {} }
end

-- here() plus `task`: the task under the cursor, or nil with a message.
function M.task_here()
  local here = M.here()
  if not here then
    return nil
  end
  if here.info.kind ~= 'task' then
    ui.warn('vim.warn.noTask')
    return nil
  end
  here.task = here.groups[here.info.gi + 1].tasks[here.info.index + 1]
  return here
end

-- After a change: the cursor follows task `id` at the next redraw; a server without
-- subscriptions gets every view listed again.  `message`: a catalogue key and its values
-- {key, vars}, or the server's own words (a string).
function M.changed(state, id, message)
  if id then
    state.follow = id
  end
  if type(message) == 'table' then
    ui.info(message[1], message[2])
  elseif message then
    ui.raw_info(message)
  end
  if not rpc.supports('view/subscribe') then
    view.relist_all()
  end
end

-- <CR>: the project under the cursor in its buffer; on an area's header (in the projects
-- view), the area.
function M.open()
  local here = M.here()
  if not here then
    return
  end
  local info = here.info
  if info.kind == 'task' then
    local task = here.groups[info.gi + 1].tasks[info.index + 1]
    if task.kind == 'project' then
      return require('taskwire').open('project ' .. task.id)
    end
  elseif info.kind == 'group' and here.state.view == 'projects' then
    local area = tonumber(info.group:match('^projects:(%d+)$') or '0')
    if area > 0 then
      return require('taskwire').open('area ' .. area)
    end
  end
  ui.warn('vim.warn.nothingToOpen')
end

local function history(method, key, message)
  local here = M.here()
  if here then
    rpc.request('history/' .. method, nil, function(r)
      M.changed(here.state, nil, { message, { label = r[key].label } })
    end)
  end
end

-- u, CTRL-R: undo / redo the newest change of any client on the store.
function M.undo()
  history('undo', 'undone', 'message.undid')
end

function M.redo()
  history('redo', 'redone', 'message.redid')
end

function M.switch(name)
  require('taskwire').open(name)
end

-- R: list the view again.
function M.refresh()
  local here = M.here()
  if here then
    view.relist(here.state)
  end
end

-- q: close the view (wiping the buffer ends its subscription).
function M.close()
  if vim.b.taskwire_name then
    vim.api.nvim_buf_delete(0, { force = true })
  end
end

-- ]] / [[: the cursor to the next / previous group header.
function M.jump(delta)
  local here = M.here()
  if not here then
    return
  end
  local lnum = vim.api.nvim_win_get_cursor(0)[1] + delta
  while lnum >= 1 and lnum <= #here.state.lines do
    if here.state.lines[lnum].kind == 'group' then
      return vim.api.nvim_win_set_cursor(0, { lnum, 0 })
    end
    lnum = lnum + delta
  end
end

function M.help()
  vim.cmd('help taskwire-nvim-keys')
end

return M
