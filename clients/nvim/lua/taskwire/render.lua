-- taskwire.render: a view snapshot as buffer lines, and what each line stands for.
--
-- layout() returns the lines, a parallel list of line infos {kind, gi, index, id, group} (kind
-- "group", "task", "empty" or "blank"; gi and index 0-based, -1 when not applicable) and the
-- highlights {line, from, to, hl_group} (0-based byte columns).  The lines follow the clients'
-- display convention (display.lua).  The buffer's text is never parsed back: the actions find
-- the task under the cursor through the infos.

local display = require('taskwire.display')

local M = {}

-- The highlight groups, each `default` so that a colorscheme's own win; set again when the
-- colorscheme changes (plugin/taskwire.lua).  Colour is never the only signal: the words are
-- always there.
function M.define_highlights()
  local links = {
    taskwireGroup = 'Title', taskwireBox = 'Delimiter', taskwireDone = 'Comment',
    taskwireTag = 'Identifier', taskwirePriority = 'WarningMsg', taskwireUrgent = 'WarningMsg',
    taskwireType = 'Type', taskwireDuration = 'Number', taskwireRepeat = 'Type',
    taskwireDue = 'Special', taskwireDoneDay = 'Comment', taskwireEmpty = 'Comment',
  }
  for group, target in pairs(links) do
    vim.cmd(string.format('highlight default link %s %s', group, target))
  end
  -- the flags: overdue and after due red, due today orange and bold
  vim.cmd('highlight default taskwireOverdue term=bold cterm=bold ctermfg=Red gui=bold guifg=Red')
  vim.cmd('highlight default taskwireAfterDue term=bold ctermfg=Red guifg=Red')
  vim.cmd('highlight default taskwireDueToday term=bold cterm=bold ctermfg=208 gui=bold guifg=#ff8700')
end

local function info(kind, gi, index, id, group)
  return { kind = kind, gi = gi, index = index, id = id or 0, group = group or '' }
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
  local lang = display.language()
  for gi, group in ipairs(groups) do
    if gi > 1 then
      table.insert(lines, '')
      table.insert(infos, info('blank', gi - 2, -1, 0, groups[gi - 1].key))
    end
    local header = display.header(group, today, lang)
    table.insert(lines, header)
    table.insert(infos, info('group', gi - 1, -1, 0, group.key))
    table.insert(highlights, { #lines - 1, 0, #header, 'taskwireGroup' })
    if #group.tasks == 0 then
      table.insert(lines, '  (no tasks)')
      table.insert(infos, info('empty', gi - 1, -1, 0, group.key))
      table.insert(highlights, { #lines - 1, 0, -1, 'taskwireEmpty' })
    end
    -- the logbook's groups are completion days: each line says the day it was done
    local done_day = view == 'logbook' and type(group.date) == 'string' and group.date or nil
    for ti, task in ipairs(group.tasks) do
      local line, spans = display.task_line(task, today, done_day, lang)
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
    table.insert(highlights, { 0, 0, -1, 'taskwireEmpty' })
  end
  return lines, infos, highlights
end

return M
