-- test/test_display.lua - the clients' display convention (clients/README.md), on its own and in
-- the buffers with their highlight groups; English and German.

local H = require('tw_test_helpers')
local display = require('taskwire.display')
local test, tests = H.suite()

local TODAY = '2026-02-12' -- a Thursday

local function line(task, done_day, lang)
  return (display.task_line(task, TODAY, done_day, lang or 'en'))
end

-- The highlight group at byte column `col` (0-based) of line `lnum` (1-based) in the buffer.
local function hl_at(lnum, col)
  local ns = vim.api.nvim_create_namespace('taskwire')
  local found
  for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(0, ns, { lnum - 1, 0 }, { lnum - 1, -1 }, { details = true })) do
    local start, details = mark[3], mark[4]
    local stop = details.end_col or -1
    if start <= col and (stop == -1 or col < stop) then
      found = details.hl_group -- the last one added wins, as on the screen
    end
  end
  return found
end

local function hl_of(lnum, text)
  local col = H.lines()[lnum]:find(text, 1, true)
  H.ok(col, vim.inspect(text) .. ' on line ' .. lnum .. ': ' .. H.lines()[lnum])
  return hl_at(lnum, col - 1)
end

test('a task line: the markers in order, each only when it applies', function()
  H.eq('[ ] Call mom  !!  *  #family #phone  @errand  30m  ↻ weekly  due tomorrow', line({
    title = 'Call mom', tags = { 'family', 'phone' }, priority = 2, urgent = true, type = 'errand',
    durationMinutes = 30, recurrence = { pattern = 'weekly' }, scheduledDate = TODAY, dueDate = '2026-02-13',
  }))
  -- priority 3 is !!!, 1 nothing; 15 minutes and maintenance show nothing
  H.eq('[ ] T  !!!', line({ title = 'T', priority = 3, durationMinutes = 15, type = 'maintenance' }))
  H.eq('[ ] T', line({ title = 'T', priority = 1, urgent = false, tags = {}, recurrence = { pattern = 'none' } }))
  for _, c in ipairs({ { 5, '5m' }, { 60, '1h' }, { 90, '1h30m' }, { 600, '10h' } }) do
    H.eq(c[2], display.duration(c[1]), c[1] .. ' minutes')
  end
  for _, c in ipairs({
    { { pattern = 'daily' }, 'daily' },
    { { pattern = 'daily', interval = 3 }, 'every 3 days' },
    { { pattern = 'biweekly' }, 'biweekly' },
    { { pattern = 'weekly', afterCompletion = true }, 'weekly!' },
    { { pattern = 'monthly', interval = 2 }, 'every 2 months' },
  }) do
    H.eq(c[2], display.repeat_words(c[1]), vim.inspect(c[1]))
  end
  H.eq(nil, display.repeat_words({ pattern = 'none' }))
  H.eq('[ ] T  @deep  ↻ every 3 days', line({ title = 'T', type = 'deepWork', recurrence = { pattern = 'daily', interval = 3 } }))
end)

test('due dates and the flags overdue and after due', function()
  H.eq('due today', display.due(TODAY, TODAY, 'en'))
  H.eq('due tomorrow', display.due('2026-02-13', TODAY, 'en'))
  H.eq('due Fri, Nov 27', display.due('2026-11-27', TODAY, 'en'))
  H.eq('due Jan 4, 2027', display.due('2027-01-04', TODAY, 'en'))
  H.eq('[ ] T  due Tue, Feb 10  overdue  after due', line({ title = 'T', dueDate = '2026-02-10', scheduledDate = TODAY }))
  H.eq('[ ] T  overdue', line({ title = 'T', scheduledDate = '2026-02-11' }))
  H.eq('[ ] T  due Sat, Feb 14  after due', line({ title = 'T', dueDate = '2026-02-14', scheduledDate = '2026-02-16' }))
  H.eq('[x] T  #a  done Wed, Feb 11', line({ title = 'T', tags = { 'a' }, completed = true, scheduledDate = '2026-02-01' }, '2026-02-11'))
end)

test('day headers: the weekday beside the date, and the total duration', function()
  local function header(title, date, minutes, lang)
    local tasks = vim.tbl_map(function(m)
      return { durationMinutes = m }
    end, minutes)
    return display.header({ title = title, date = date, tasks = tasks }, TODAY, lang or 'en')
  end
  H.eq('Today · Thu, Feb 12 · 1h15m', header('Today', TODAY, { 15, 60 }))
  H.eq('Tomorrow · Fri, Feb 13 · 15m', header('Tomorrow', '2026-02-13', { 15 }))
  H.eq('Fri, Nov 27 · 2h', header('Nov 27', '2026-11-27', { 120 }))
  H.eq('Jan 4, 2027 · Mon · 15m', header('Jan 4, 2027', '2027-01-04', { 15 }))
  H.eq('Inbox · 45m', header('Inbox', nil, { 15, 30 }))
  H.eq('Neither', header('Neither', nil, {}))
  for _, c in ipairs({ { TODAY, 3 }, { '2000-02-29', 1 }, { '1969-12-31', 2 }, { '2027-01-04', 0 }, { '2026-03-01', 6 } }) do
    H.eq(c[2], display.weekday(c[1]), c[1])
  end
end)

test('German: the flags, weekdays and months as the shell client prints them', function()
  H.eq('fällig heute', display.due(TODAY, TODAY, 'de'))
  H.eq('fällig morgen', display.due('2026-02-13', TODAY, 'de'))
  H.eq('fällig Mi, 25. Nov.', display.due('2026-11-25', TODAY, 'de'))
  H.eq('fällig 4. Jan. 2027', display.due('2027-01-04', TODAY, 'de'))
  H.eq('[ ] T  !!  #a  fällig Di, 10. Feb.  überfällig  nach Fälligkeit',
    line({ title = 'T', priority = 2, tags = { 'a' }, dueDate = '2026-02-10', scheduledDate = TODAY }, nil, 'de'))
  H.eq('[x] T  erledigt Mi, 11. Feb.', line({ title = 'T', completed = true }, '2026-02-11', 'de'))
  local function header(title, date)
    return display.header({ title = title, date = date, tasks = { {} } }, TODAY, 'de')
  end
  H.eq('Mi, 25. Nov. · 15m', header('25. Nov.', '2026-11-25'))
  H.eq('Morgen · Fr, 13. Feb. · 15m', header('Morgen', '2026-02-13'))
  H.eq('4. Jan. 2027 · Mo · 15m', header('4. Jan. 2027', '2027-01-04'))
  H.eq('So, 1. März', display.day('2026-03-01', TODAY, 'de'))
end)

test('the buffer: every marker, the flags in their highlight groups', function()
  H.seed({
    { 'Late', 'today', { dueDate = '2026-02-10', priority = 3, urgent = true, tags = { 'x' } } },
    { 'Now', 'today', { dueDate = '2026-02-12', durationMinutes = 90, type = 'meeting' } },
    { 'Gym', 'upcoming', { recurrence = { pattern = 'weekly' } } },
  })
  H.open('today')
  H.eq({
    'Today · Thu, Feb 12 · 1h45m',
    '[ ] Late  !!!  *  #x  due Tue, Feb 10  overdue  after due',
    '[ ] Now  @meeting  1h30m  due today',
  }, H.lines())
  H.eq('taskwireGroup', hl_at(1, 0))
  H.eq('taskwireBox', hl_at(2, 0))
  H.eq('taskwirePriority', hl_of(2, '!!!'))
  H.eq('taskwireUrgent', hl_of(2, '*'))
  H.eq('taskwireTag', hl_of(2, '#x'))
  H.eq('taskwireDue', hl_of(2, 'due Tue'))
  H.eq('taskwireOverdue', hl_of(2, 'overdue'))
  H.eq('taskwireAfterDue', hl_of(2, 'after due'))
  H.eq('taskwireType', hl_of(3, '@meeting'))
  H.eq('taskwireDuration', hl_of(3, '1h30m'))
  H.eq('taskwireDueToday', hl_of(3, 'due today'))
  H.ok(vim.fn.synIDattr(vim.fn.hlID('taskwireOverdue'), 'fg', 'gui') ~= '', 'overdue has a colour')
  H.eq('bold', vim.fn.synIDattr(vim.fn.hlID('taskwireDueToday'), 'bold', 'gui') == '1' and 'bold' or 'not bold')
  H.open('upcoming')
  H.eq({ 'Tomorrow · Fri, Feb 13 · 15m', '[ ] Gym  ↻ weekly' }, H.lines())
  H.eq('taskwireRepeat', hl_of(2, '↻'))
  H.cursor('[ ] Gym  ↻ weekly')
  H.keys('x')
  H.open('logbook')
  H.eq({ 'Today · Thu, Feb 12 · 15m', '[x] Gym  ↻ weekly  done Thu, Feb 12' }, H.lines())
  H.eq('taskwireDone', hl_of(2, 'Gym'))
  H.eq('taskwireDoneDay', hl_of(2, 'done Thu'))
end)

test('with locale "de" the buffers are German: titles from the server, dates and flags', function()
  require('taskwire.config').setup({ locale = 'de' })
  H.seed({
    { 'Spät', 'today', { dueDate = '2026-02-10' } },
    { 'Jetzt', 'today', { dueDate = '2026-02-12' } },
    { 'Bald', 'upcoming' },
    { 'Später', 'upcoming', { scheduledDate = '2026-11-25', dueDate = '2026-11-27' } },
  })
  H.eq('de', require('taskwire.rpc').server().locale, 'the server speaks German')
  H.open('today')
  H.eq({
    'Heute · Do, 12. Feb. · 30m',
    '[ ] Spät  fällig Di, 10. Feb.  überfällig  nach Fälligkeit',
    '[ ] Jetzt  fällig heute',
  }, H.lines())
  H.eq('taskwireOverdue', hl_of(2, 'überfällig'))
  H.eq('taskwireAfterDue', hl_of(2, 'nach Fälligkeit'))
  H.eq('taskwireDueToday', hl_of(3, 'fällig heute'))
  H.open('upcoming')
  H.eq({ 'Morgen · Fr, 13. Feb. · 15m', '[ ] Bald', '', 'Mi, 25. Nov. · 15m', '[ ] Später  fällig Fr, 27. Nov.' }, H.lines())
  H.cursor('[ ] Bald')
  H.keys('x')
  H.open('logbook')
  H.eq({ 'Heute · Do, 12. Feb. · 15m', '[x] Bald  erledigt Do, 12. Feb.' }, H.lines())
end)

return tests
