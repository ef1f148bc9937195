-- taskwire.render: a view snapshot as buffer lines, and what each line stands for.
--
-- layout() returns the lines, a parallel list of line infos {kind, gi, index, id, group} (kind
-- "group", "task", "empty" or "blank"; gi and index 0-based, -1 when not applicable) and the
-- highlights {line, from, to, hl_group} (0-based byte columns).  The buffer's text is never
-- parsed back: the actions find the task under the cursor through the infos.

local M = {}

local function info(kind, gi, index, id, group)
  return { kind = kind, gi = gi, index = index, id = id or 0, group = group or '' }
end

-- What the date of a task says in views whose groups are not days (matrix, all).
local function date_note(task, today)
  local date = task.scheduledDate
  if type(date) ~= 'string' then
    return nil
  elseif date == today then
    return 'today', nil
  elseif date < today then
    return 'overdue ' .. date, 'Error'
  end
  return 'on ' .. date, 'Comment'
end

-- "- Buy milk  #shop !! (urgent) (weekly) due 2026-02-20", and its highlights.
function M.task_line(task, today, view)
  local parts = {} -- {text, hl_group or nil}
  for _, tag in ipairs(task.tags or {}) do
    table.insert(parts, { '#' .. tag, 'Identifier' })
  end
  local priority = tonumber(task.priority) or 1
  if priority > 1 then
    table.insert(parts, { string.rep('!', priority - 1), 'WarningMsg' })
  end
  if task.urgent == true then
    table.insert(parts, { '(urgent)', 'ErrorMsg' })
  end
  local pattern = type(task.recurrence) == 'table' and task.recurrence.pattern or 'none'
  if pattern and pattern ~= 'none' then
    table.insert(parts, { '(' .. pattern .. ')', 'Type' })
  end
  local scheduled = task.scheduledDate
  if view == 'matrix' or view == 'all' then
    local note, hl = date_note(task, today)
    if note then
      table.insert(parts, { note, hl })
    end
  elseif view ~= 'logbook' and type(scheduled) == 'string' and today and scheduled < today then
    table.insert(parts, { 'overdue ' .. scheduled, 'Error' })
  end
  if type(task.dueDate) == 'string' then
    table.insert(parts, { 'due ' .. task.dueDate, 'Special' })
  end
  local line = '- ' .. tostring(task.title):gsub('[\r\n]', ' ')
  local highlights = {}
  for i, part in ipairs(parts) do
    line = line .. (i == 1 and '  ' or ' ')
    if part[2] then
      table.insert(highlights, { #line, #line + #part[1], part[2] })
    end
    line = line .. part[1]
  end
  return line, highlights
end

local empty_text = {
  upcoming = '  (nothing upcoming)',
  logbook = '  (nothing completed yet)',
}

function M.layout(view, snapshot)
  if not snapshot then
    return { 'Loading ' .. view .. '…' }, { info('blank', -1, -1) }, {}
  end
  local lines, infos, highlights = {}, {}, {}
  local groups = snapshot.groups or {}
  local today = snapshot.today
  for gi, group in ipairs(groups) do
    if gi > 1 then
      table.insert(lines, '')
      table.insert(infos, info('blank', gi - 2, -1, 0, groups[gi - 1].key))
    end
    local header = '## ' .. tostring(group.title)
    if type(group.date) == 'string' then
      header = header .. '  ' .. group.date
    end
    table.insert(lines, header)
    table.insert(infos, info('group', gi - 1, -1, 0, group.key))
    table.insert(highlights, { #lines - 1, 0, #header, 'Title' })
    if #group.tasks == 0 then
      table.insert(lines, '  (no tasks)')
      table.insert(infos, info('empty', gi - 1, -1, 0, group.key))
      table.insert(highlights, { #lines - 1, 0, -1, 'Comment' })
    end
    for ti, task in ipairs(group.tasks) do
      local line, spans = M.task_line(task, today, view)
      table.insert(lines, line)
      table.insert(infos, info('task', gi - 1, ti - 1, task.id, group.key))
      for _, span in ipairs(spans) do
        table.insert(highlights, { #lines - 1, span[1], span[2], span[3] })
      end
    end
  end
  if #groups == 0 then
    table.insert(lines, empty_text[view] or '  (no tasks)')
    table.insert(infos, info('empty', -1, -1))
    table.insert(highlights, { 0, 0, -1, 'Comment' })
  end
  return lines, infos, highlights
end

return M
