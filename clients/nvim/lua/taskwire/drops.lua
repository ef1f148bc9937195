-- taskwire.drops: m then p / P, and the mouse: absolute drops, "put it here", computed on the
-- list the user sees and sent at once with that list's version (a task/move, as moves.lua sends
-- it: a drop computed on a list that changed since is refused, and the view listed again).  The
-- server's message says where the task went.

local ui = require('taskwire.ui')
local view = require('taskwire.view')
local actions = require('taskwire.actions')
local moves = require('taskwire.moves')

local find, drag_target, send = moves.find, moves.drag_target, moves.send

local M = {}

local picked -- {id, title}: the task m picked up
local dragging -- {id, winid, line}: the task a mouse press grabbed

-- Drops task `id` at line `lnum` of the state's buffer: `where` "above" / "below" the task on
-- that line, or "on" it (the mouse: it takes that task's place).  A group header or its
-- "(no tasks)" line means the group's top; the blank line after a group, its end.  The index
-- is computed as the protocol counts it: in the target list with the moved task taken out.
function M.drop(state, id, lnum, where)
  if not drag_target(state.view) then
    return false
  end
  local info = state.lines[lnum] or {}
  local groups = state.snapshot and state.snapshot.groups or {}
  local group = groups[(info.gi or -1) + 1]
  if not group then
    ui.warn(state.view == 'upcoming' and 'nvim.warn.noDayHere' or 'nvim.warn.noListHere')
    return false
  end
  local index = 0
  if info.kind == 'task' then
    index = info.index + (where == 'below' and 1 or 0)
  elseif info.kind == 'blank' then
    index = #group.tasks
  end
  local source = find(state, id)
  local counts_after = where ~= 'on' or info.kind == 'blank'
  if counts_after and source and source.info.gi == info.gi and source.info.index < index then
    index = index - 1 -- the moved task is taken out before the drop index counts
  end
  local here = { state = state, task = { id = id } }
  return send(here, state.view, group, index, function(r)
    actions.changed(state, r.task.id, r.message) -- the server says where it went
  end, function(err)
    ui.server_error(err)
    view.relist(state)
  end)
end

-- m: pick up the task under the cursor.
function M.pick()
  local here = actions.task_here()
  if here and drag_target(here.state.view) then
    picked = { id = here.task.id, title = here.task.title }
    ui.info('nvim.message.picked', { title = picked.title })
  end
end

-- p / P: put the picked-up task below / above the cursor's line.
function M.put(where)
  if not picked then
    return ui.warn('nvim.warn.nothingPicked')
  end
  local here = actions.here()
  if here and M.drop(here.state, picked.id, vim.api.nvim_win_get_cursor(0)[1], where) then
    picked = nil
  end
end

-- The mouse: press on a task, drag, release on a line of any taskwire window.
function M.mouse_press()
  local pos = vim.fn.getmousepos()
  local here = actions.here()
  local info = here and here.state.lines[pos.line]
  dragging = nil
  if info and info.kind == 'task' and pos.winid == vim.api.nvim_get_current_win() then
    dragging = { id = info.id, winid = pos.winid, line = pos.line }
  end
end

function M.mouse_drag()
  local pos = vim.fn.getmousepos()
  if dragging and pos.winid == vim.api.nvim_get_current_win() and pos.line > 0 then
    vim.api.nvim_win_set_cursor(0, { pos.line, 0 }) -- show where it would land
  end
end

function M.mouse_release()
  local grabbed, pos = dragging, vim.fn.getmousepos()
  dragging = nil
  if not grabbed or pos.winid == 0 or pos.line == 0 then
    return
  end
  local name = vim.b[vim.api.nvim_win_get_buf(pos.winid)].taskwire_name
  local state = name and view.state(name)
  if state and not (pos.winid == grabbed.winid and pos.line == grabbed.line) then
    M.drop(state, grabbed.id, pos.line, 'on')
  end
end

return M
