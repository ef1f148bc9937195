-- taskwire.add: a, a new task (or project) in the view of the buffer, by quick add: the server
-- reads tags, priority, dates and repeats out of the line typed.  The new item goes where the
-- cursor is (the Upcoming day, the matrix quadrant, the project's heading, the area), unless the
-- line names a date of its own; where it went is said when the buffer does not show it there.

local rpc = require('taskwire.rpc')
local ui = require('taskwire.ui')
local actions = require('taskwire.actions')

local M = {}

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
    actions.changed(here.state, r.task.id, not shown and r.message or nil) -- the server says where
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
  local here = actions.here()
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

return M
