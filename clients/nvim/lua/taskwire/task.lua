-- taskwire.task: what the keys do to the task under the cursor: edit its title, complete or
-- reopen, cancel, delete, schedule or send to the Inbox, put on Someday or move to Anytime, make
-- a project of it.  Each sends one request and lets the buffer follow (actions.changed()).

local rpc = require('taskwire.rpc')
local ui = require('taskwire.ui')
local actions = require('taskwire.actions')

local M = {}

-- e, r: edit the title.
function M.edit()
  local here = actions.task_here()
  if not here then
    return
  end
  ui.input('vim.prompt.title', here.task.title, function(title)
    if title ~= here.task.title then
      rpc.request('task/update', { id = here.task.id, title = title }, function(r)
        actions.changed(here.state, r.task.id)
      end)
    end
  end)
end

-- x: complete the task; in the logbook, reopen it.
function M.complete()
  local here = actions.task_here()
  if not here then
    return
  end
  local reopen = here.state.view == 'logbook'
  rpc.request('task/complete', { id = here.task.id, completed = not reopen }, function(r)
    local key = reopen and 'message.reopened' or 'message.completed'
    actions.changed(here.state, nil, { key, { title = r.task.title } })
  end)
end

-- S / A: put the task (or project) on Someday, move it to Anytime (task/move, no index: it keeps
-- its place among its project's items).  The server's message says where it went ("Put 'A' on
-- Someday"); a task in no project or area is refused Anytime (its place is the Inbox), in the
-- server's words.
local function drag(target)
  local here = actions.task_here()
  if here then
    rpc.request('task/move', { id = here.task.id, view = target }, function(r)
      actions.changed(here.state, r.task.id, r.message)
    end)
  end
end

function M.someday()
  drag('someday')
end

function M.anytime()
  drag('anytime')
end

-- X: cancel the task (completed as given up: the logbook says "cancelled"); a project's (or
-- heading's) open tasks are cancelled with it.  u brings it back.
function M.cancel()
  local here = actions.task_here()
  if here then
    rpc.request('task/complete', { id = here.task.id, cancelled = true }, function(r)
      actions.changed(here.state, nil, { 'message.cancelled', { title = r.task.title } })
    end)
  end
end

-- cp: make the task a project (task/convert): its title, notes, tags and date, in its area; its
-- checklist's lines become the project's tasks.  <CR> on it (in the projects list) opens it.
function M.make_project()
  local here = actions.task_here()
  if here then
    rpc.request('task/convert', { id = here.task.id, to = 'project' }, function(r)
      actions.changed(here.state, r.task.id, { 'message.madeProject', { title = r.task.title } })
    end)
  end
end

-- dd, D: delete the task (u brings it back).
function M.delete()
  local here = actions.task_here()
  if not here then
    return
  end
  local title = here.task.title
  local function delete(children)
    rpc.request('task/delete', { id = here.task.id, children = children }, function()
      actions.changed(here.state, nil, { 'vim.message.deletedUndoWithU', { title = title } })
    end)
  end
  local kind = here.task.kind or 'task'
  if kind ~= 'project' and kind ~= 'heading' and kind ~= 'area' then
    return delete(nil)
  end
  -- its open items go with it or move up: no default that could lose tasks
  require('taskwire.words').when_ready(function()
    local words = require('taskwire.words')
    local buttons = words.text('vim.confirm.itemButtons')
    if #vim.split(buttons, '\n') ~= 3 then -- (a catalogue without the key: children's values)
      buttons = '&delete\n&keep\n&' .. words.text('action.cancel')
    end
    ui.choose(words.text('vim.confirm.deleteItem', { title = title }), buttons, function(choice)
      if choice == 1 or choice == 2 then
        delete(choice == 1 and 'delete' or 'keep')
      end
    end)
  end)
end

-- s, i: the reply's message says where the task went ("Scheduled 'A' for Fri, Feb 13", "Sent 'A'
-- to Inbox"), in the session's language.
local function schedule(here, date)
  rpc.request('task/schedule', { id = here.task.id, date = date }, function(r)
    actions.changed(here.state, r.task.id, r.message)
  end)
end

-- s: schedule with a date phrase ("fri", "in 3 days", "dec 24"); the prompt starts empty.
function M.schedule()
  local here = actions.task_here()
  if here then
    ui.input('nvim.prompt.schedule', nil, function(date)
      schedule(here, date)
    end)
  end
end

-- i: send the task to the Inbox (no date).
function M.to_inbox()
  local here = actions.task_here()
  if here then
    schedule(here, vim.NIL)
  end
end

return M
