-- taskwire.actions: what the keys of a taskwire://VIEW buffer do (the moves are in moves.lua).
--
-- Every action reads the line under the cursor through the state's line infos (never the text),
-- sends one request and lets the buffer follow from the subscription's view/changed
-- notifications.  No key waits for the server.

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

-- What a new task gets in each quadrant of the matrix (important = priority 2 or 3).
local quadrant_fields = {
  ['do'] = { priority = 2, urgent = true },
  schedule = { priority = 2, urgent = false },
  delegate = { priority = 1, urgent = true },
  eliminate = { priority = 1, urgent = false },
}

-- Quick add files a task by the dates it reads ("… tomorrow" typed in Today goes to Upcoming):
-- where it went is said unless it is where the buffer puts it (`expected`: the Upcoming day, or
-- the view's name).  Matrix and All do not show the lists: there it is always said.
local function create(here, params, expected)
  rpc.request('task/create', params, function(r)
    local shown = r.view == here.state.view and r.group == expected
    M.changed(here.state, r.task.id, not shown and r.message or nil) -- the server says where
  end)
end

-- Whether a task/parse reply has a day of the line's own: a date or a repeat, not a time alone.
local function names_day(parsed)
  local kinds = {}
  for _, span in ipairs(parsed.spans or {}) do
    kinds[span.kind] = true
  end
  return parsed.fields.scheduledDate ~= nil and (not kinds.time or kinds.date or kinds.recurrence) or false
end

-- a: a new task in this view: Inbox, Today, the Upcoming day under the cursor (tomorrow when
-- none), the matrix quadrant under the cursor (undated), All (undated).
function M.add()
  local here = M.here()
  if not here then
    return
  end
  local name = here.state.view
  if name == 'logbook' then
    return ui.warn('vim.warn.addInLogbook')
  end
  local group = here.groups[(here.info.gi or -1) + 1]
  local today = (here.state.snapshot or {}).today or (rpc.server() or {}).today
  if name == 'project' or name == 'area' or name == 'projects' or name == 'anytime' or name == 'someday' then
    -- (a group of projects: the projects list's, an area's, Someday's projects of an area)
    local projects = name == 'projects' or group and group.key:match('^projects:')
    local prompt = projects and 'vim.prompt.newProject' or 'vim.prompt.newTask'
    return ui.input(prompt, nil, function(title)
      M.add_item(here, group, title)
    end)
  end
  ui.input('vim.prompt.newTask', nil, function(title)
    -- Quick add: the server reads tags, priority, dates and repeats out of the text.
    local params = { text = title }
    if name == 'today' or name == 'inbox' or name == 'upcoming' then
      params.view = name
    end
    if name == 'upcoming' and group and group.date then
      -- The day under the cursor, unless the line names a date of its own ("… next month"): a
      -- date sent beside the text would win over it, and the typed date would be lost.  A time
      -- alone ("… 3pm", read as today's) is the time on the day under the cursor.
      return rpc.request('task/parse', { text = title, view = name }, function(p)
        params.scheduledDate = not names_day(p) and group.date or nil
        create(here, params, group.date)
      end)
    elseif name == 'matrix' then
      params = vim.tbl_extend('force', params, quadrant_fields[group and group.key or 'eliminate'])
    end
    create(here, params, name == 'upcoming' and require('taskwire.moves').next_day(today) or name)
  end)
end

-- a in a project, an area, the projects, Anytime or Someday: a task under the heading (or in the
-- project, the area) of the cursor's group, a project in the area of the cursor's group.  In
-- Someday the new item goes on Someday (unless the line names a date).  Quick add reads the line
-- (task/parse), the item's place goes beside what it read.
function M.add_item(here, group, title)
  local state = here.state
  local prefix, parent = state.view == 'projects' and 'projects' or 'tasks', state.id
  if group then
    prefix, parent = group.key:match('^(%w+)'), tonumber(group.key:match('(%d+)$'))
  end
  rpc.request('task/parse', { text = title }, function(p)
    local params = p.fields
    if prefix == 'projects' then
      params.kind = 'project'
    end
    if parent and parent > 0 then
      params.parent = parent
    end
    if state.view == 'someday' and params.scheduledDate == nil then
      params.someday = true
    end
    create(here, params, group and group.key or '')
  end)
end

-- e, r: edit the title.
function M.edit()
  local here = M.task_here()
  if not here then
    return
  end
  ui.input('vim.prompt.title', here.task.title, function(title)
    if title ~= here.task.title then
      rpc.request('task/update', { id = here.task.id, title = title }, function(r)
        M.changed(here.state, r.task.id)
      end)
    end
  end)
end

-- x: complete the task; in the logbook, reopen it.
function M.complete()
  local here = M.task_here()
  if not here then
    return
  end
  local reopen = here.state.view == 'logbook'
  rpc.request('task/complete', { id = here.task.id, completed = not reopen }, function(r)
    local key = reopen and 'message.reopened' or 'message.completed'
    M.changed(here.state, nil, { key, { title = r.task.title } })
  end)
end

-- S / A: put the task (or project) on Someday, move it to Anytime (task/move, no index: it keeps
-- its place among its project's items).  The server's message says where it went ("Put 'A' on
-- Someday"); a task in no project or area is refused Anytime (its place is the Inbox), in the
-- server's words.
local function drag(target)
  local here = M.task_here()
  if here then
    rpc.request('task/move', { id = here.task.id, view = target }, function(r)
      M.changed(here.state, r.task.id, r.message)
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
  local here = M.task_here()
  if here then
    rpc.request('task/complete', { id = here.task.id, cancelled = true }, function(r)
      M.changed(here.state, nil, { 'message.cancelled', { title = r.task.title } })
    end)
  end
end

-- cp: make the task a project (task/convert): its title, notes, tags and date, in its area; its
-- checklist's lines become the project's tasks.  <CR> on it (in the projects list) opens it.
function M.make_project()
  local here = M.task_here()
  if here then
    rpc.request('task/convert', { id = here.task.id, to = 'project' }, function(r)
      M.changed(here.state, r.task.id, { 'message.madeProject', { title = r.task.title } })
    end)
  end
end

-- dd, D: delete the task (u brings it back).
function M.delete()
  local here = M.task_here()
  if not here then
    return
  end
  local title = here.task.title
  local function delete(children)
    rpc.request('task/delete', { id = here.task.id, children = children }, function()
      M.changed(here.state, nil, { 'vim.message.deletedUndoWithU', { title = title } })
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

-- s, i: the reply's message says where the task went ("Scheduled 'A' for Fri, Feb 13", "Sent 'A'
-- to Inbox"), in the session's language.
local function schedule(here, date)
  rpc.request('task/schedule', { id = here.task.id, date = date }, function(r)
    M.changed(here.state, r.task.id, r.message)
  end)
end

-- s: schedule with a date phrase ("fri", "in 3 days", "dec 24"); the prompt starts empty.
function M.schedule()
  local here = M.task_here()
  if here then
    ui.input('nvim.prompt.schedule', nil, function(date)
      schedule(here, date)
    end)
  end
end

-- i: send the task to the Inbox (no date).
function M.to_inbox()
  local here = M.task_here()
  if here then
    schedule(here, vim.NIL)
  end
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
