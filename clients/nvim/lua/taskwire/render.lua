-- taskwire.render: a view snapshot as buffer lines, and what each line stands for.
--
-- layout() returns the lines, a parallel list of line infos {kind, gi, index, id, group} (kind
-- "group", "task", "empty" or "blank"; gi and index 0-based, -1 when not applicable) and the
-- highlights {line, from, to, hl_group} (0-based byte columns).  The words are the server's: a
-- task's and a group's display parts (asked for in initialize) and the catalogue's (words.lua);
-- what is drawn here is the layout and a colour per kind of part.  The buffer's text is never
-- parsed back: the actions find the task under the cursor through the infos.

local words = require('taskwire.words')

local M = {}

-- The highlight groups, each `default` so that a colorscheme's own win; set again when the
-- colorscheme changes (plugin/taskwire.lua).  Colour is never the only signal: the words are
-- always there.
function M.define_highlights()
  local links = {
    taskwireGroup = 'Title', taskwireBox = 'Delimiter', taskwireDone = 'Comment',
    taskwireTag = 'Identifier', taskwirePriority = 'WarningMsg', taskwireUrgent = 'WarningMsg',
    taskwireType = 'Type', taskwireDuration = 'Number', taskwireRepeat = 'Type',
    taskwireNotes = 'Comment', taskwireDue = 'Special', taskwireTime = 'Special',
    taskwireDoneDay = 'Comment', taskwireEmpty = 'Comment', taskwireCancelled = 'Comment', taskwireSomeday = 'Comment',
  }
  for group, target in pairs(links) do
    vim.cmd(string.format('highlight default link %s %s', group, target))
  end
  -- the flags: overdue and after due red, due today orange and bold
  vim.cmd('highlight default taskwireOverdue term=bold cterm=bold ctermfg=Red gui=bold guifg=Red')
  vim.cmd('highlight default taskwireAfterDue term=bold ctermfg=Red guifg=Red')
  vim.cmd('highlight default taskwireDueToday term=bold cterm=bold ctermfg=208 gui=bold guifg=#ff8700')
end

-- The highlight group of each kind of display part; a kind not named here is plain text.
M.kinds = {
  time = 'taskwireTime', priority = 'taskwirePriority', urgent = 'taskwireUrgent', tags = 'taskwireTag',
  type = 'taskwireType', duration = 'taskwireDuration', ['repeat'] = 'taskwireRepeat',
  notes = 'taskwireNotes', due = 'taskwireDue', dueToday = 'taskwireDueToday',
  overdue = 'taskwireOverdue', afterDue = 'taskwireAfterDue', completed = 'taskwireDoneDay',
  cancelled = 'taskwireCancelled', someday = 'taskwireSomeday',
}

local function parts_of(thing)
  return type(thing.display) == 'table' and thing.display or {}
end

-- "[ ] Call mom  !!  #family" ("[x]" when completed): the title (newlines as spaces) and each
-- part after two spaces; and its highlights {from, to, group} (0-based byte columns).
function M.task_line(task)
  local done = task.completed == true
  local title = tostring(task.title or ''):gsub('[\r\n]', ' ')
  local line = (done and '[x] ' or '[ ] ') .. title
  local highlights = { { 0, 3, 'taskwireBox' } }
  if done then
    table.insert(highlights, { 4, #line, 'taskwireDone' })
  end
  for _, part in ipairs(parts_of(task)) do
    local text = tostring(part.text or '')
    line = line .. '  '
    if M.kinds[part.kind] then
      table.insert(highlights, { #line, #line + #text, M.kinds[part.kind] })
    end
    line = line .. text
  end
  return line, highlights
end

-- "Today · Wed, Nov 25 · 1h15m": the group's parts joined (its title when it has none).
function M.header(group)
  local texts = vim.tbl_map(function(part)
    return tostring(part.text or '')
  end, parts_of(group))
  return #texts > 0 and table.concat(texts, ' · ') or tostring(group.title or '')
end

local function info(kind, gi, index, id, group)
  return { kind = kind, gi = gi, index = index, id = id or 0, group = group or '' }
end

local empty_key = { upcoming = 'vim.list.nothingUpcoming', logbook = 'vim.list.nothingDone' }

function M.layout(view, snapshot)
  if not snapshot then
    return { words.get('list.loading') or '' }, { info('blank', -1, -1) }, {}
  end
  local lines, infos, highlights = {}, {}, {}
  local groups = snapshot.groups or {}
  for gi, group in ipairs(groups) do
    if gi > 1 then
      table.insert(lines, '')
      table.insert(infos, info('blank', gi - 2, -1, 0, groups[gi - 1].key))
    end
    local header = M.header(group)
    table.insert(lines, header)
    table.insert(infos, info('group', gi - 1, -1, 0, group.key))
    table.insert(highlights, { #lines - 1, 0, #header, 'taskwireGroup' })
    if #group.tasks == 0 then
      -- (a group of the projects view, or an area's, holds projects)
      local key = group.key:match('^projects:') and 'vim.list.noProjects' or 'vim.list.noTasks'
      table.insert(lines, '  ' .. (words.get(key) or ''))
      table.insert(infos, info('empty', gi - 1, -1, 0, group.key))
      table.insert(highlights, { #lines - 1, 0, -1, 'taskwireEmpty' })
    end
    for ti, task in ipairs(group.tasks) do
      local line, spans = M.task_line(task)
      table.insert(lines, line)
      table.insert(infos, info('task', gi - 1, ti - 1, task.id, group.key))
      for _, span in ipairs(spans) do
        table.insert(highlights, { #lines - 1, span[1], span[2], span[3] })
      end
    end
  end
  if #groups == 0 then
    table.insert(lines, '  ' .. (words.get(empty_key[view] or 'vim.list.noTasks') or ''))
    table.insert(infos, info('empty', -1, -1))
    table.insert(highlights, { 0, 0, -1, 'taskwireEmpty' })
  end
  return lines, infos, highlights
end

return M
