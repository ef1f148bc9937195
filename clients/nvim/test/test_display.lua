-- test/test_display.lua - drawing the server's display parts (clients/README.md): a task line
-- and a header from their parts, a highlight group per kind, the diff ops that replace parts;
-- in the buffers in English and German, and after locale/set.

local H = require('tw_test_helpers')
local render = require('taskwire.render')
local diff = require('taskwire.diff')
local test, tests = H.suite()

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

local function part(kind, text)
  return { kind = kind, text = text }
end

test('a task line is the title and its parts; each kind its highlight, unknown kinds plain', function()
  local line, spans = render.task_line({
    title = 'Call\nmom',
    display = { part('priority', '!!'), part('tags', '#family'), part('checklist', '1/3'), part('due', 'due Fri') },
  })
  H.eq('[ ] Call mom  !!  #family  1/3  due Fri', line)
  H.eq({ { 0, 3, 'taskwireBox' }, { 14, 16, 'taskwirePriority' }, { 18, 25, 'taskwireTag' },
    { 32, 39, 'taskwireDue' } }, spans)
  local done = { title = 'T', completed = true, display = { part('completed', 'done Mon') } }
  H.eq('[x] T  done Mon', (render.task_line(done)))
  H.eq('[ ] T', (render.task_line({ title = 'T' })), 'a task without parts')
  H.eq('Today · Wed, Nov 25 · 1h15m', render.header({ title = 'Today', display = {
    part('title', 'Today'), part('date', 'Wed, Nov 25'), part('total', '1h15m') } }))
  H.eq('Neither', render.header({ title = 'Neither', display = { part('title', 'Neither') } }))
end)

test('the diff replaces a task\'s parts (fields.display, maybe alone) and a group\'s (updateGroup)', function()
  local snapshot = { groups = { { key = 'today', title = 'Today', display = { part('title', 'Today') }, tasks = {
    { id = 7, title = 'T', priority = 2, display = { part('priority', '!!') } },
  } } } }
  diff.apply(snapshot, {
    { op = 'update', group = 'today', index = 0, id = 7, fields = { display = { part('due', 'fällig heute') } } },
    { op = 'updateGroup', index = 0, key = 'today', title = 'Heute',
      display = { part('title', 'Heute'), part('total', '15 Min.') } },
  })
  local group = snapshot.groups[1]
  H.eq({ 'Heute', 2 }, { group.title, group.tasks[1].priority })
  H.eq('[ ] T  fällig heute', (render.task_line(group.tasks[1])))
  H.eq('Heute · 15 Min.', render.header(group))
  diff.apply(snapshot, { { op = 'updateGroup', index = 0, key = 'today', display = { part('title', 'Heute') } } })
  H.eq({ 'Heute', 'Heute' }, { group.title, render.header(group) }, 'display alone keeps the title')
end)

test('the buffer: the server\'s parts, each kind in its highlight group', function()
  H.seed({
    { 'Late', 'today', { dueDate = '2026-02-10', priority = 3, urgent = true, tags = { 'x' } } },
    { 'Now', 'today', { dueDate = '2026-02-12', durationMinutes = 90, type = 'meeting', notes = 'n' } },
    { 'Gym', 'upcoming', { recurrence = { pattern = 'weekly' } } },
  })
  H.open('today')
  H.eq({
    'Today · Thu, Feb 12 · 1h45m',
    '[ ] Late  !!!  *  #x  due Tue, Feb 10  overdue  after due',
    '[ ] Now  @meeting  1h30m  ✎  due today',
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
  H.eq('taskwireNotes', hl_of(3, '✎'))
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

test('with locale "de" the buffers are German: the server\'s parts and the catalogue\'s words', function()
  require('taskwire.config').setup({ locale = 'de' })
  H.seed({
    { 'Spät', 'today', { dueDate = '2026-02-10' } },
    { 'Jetzt', 'today', { dueDate = '2026-02-12', durationMinutes = 30 } },
    { 'Bald', 'upcoming' },
    { 'Später', 'upcoming', { scheduledDate = '2026-11-25', dueDate = '2026-11-27' } },
  })
  H.eq('de', require('taskwire.rpc').server().locale, 'the server speaks German')
  H.open('today')
  H.eq({
    'Heute · Do, 12. Feb. · 45 Min.',
    '[ ] Spät  fällig Di, 10. Feb.  überfällig  nach Fälligkeit',
    '[ ] Jetzt  30 Min.  fällig heute',
  }, H.lines())
  H.eq('taskwireOverdue', hl_of(2, 'überfällig'))
  H.eq('taskwireAfterDue', hl_of(2, 'nach Fälligkeit'))
  H.eq('taskwireDueToday', hl_of(3, 'fällig heute'))
  H.open('upcoming')
  H.eq({
    'Morgen · Fr, 13. Feb. · 15 Min.', '[ ] Bald', '',
    'Mi, 25. Nov. · 15 Min.', '[ ] Später  fällig Fr, 27. Nov.',
  }, H.lines())
  H.cursor('[ ] Bald')
  H.keys('x')
  H.open('logbook')
  H.eq({ 'Heute · Do, 12. Feb. · 15 Min.', '[x] Bald  erledigt Do, 12. Feb.' }, H.lines())
  H.open('inbox')
  H.eq({ 'Eingang', '  (keine Aufgaben)' }, H.lines())
end)

-- Switches the session to German and waits for the server's answer and the new catalogue.
local function set_german()
  local done = false
  require('taskwire').set_locale('de', function()
    done = true
  end)
  H.wait_for(function()
    return done
  end, 'locale/set and the new catalogue')
end

test('locale/set turns the open buffers and the words German', function()
  H.seed({ { 'T', 'today', { dueDate = '2026-02-12' } } })
  local state = H.open('today')
  vim.cmd('split')
  H.open('inbox')
  H.eq({ 'Inbox', '  (no tasks)' }, H.lines())
  set_german()
  H.wait_lines({ 'Eingang', '  (keine Aufgaben)' })
  H.wait_lines({ 'Heute · Do, 12. Feb. · 15 Min.', '[ ] T  fällig heute' }, state.bufnr)
  H.eq('de', require('taskwire.words').locale())
  H.eq('taskwire Eingang', require('taskwire').statusline())
  H.keys('x')
  H.wait_message('keine Aufgabe in dieser Zeile')
end)


-- A time typed in the add prompt is the first part after the title, in taskwireTime, as the
-- session's language writes it (German quick add reads "um 15:30 Uhr").
test('a time from the add prompt shows in its own highlight, in English and German', function()
  H.open('today')
  H.answers = { 'Stand-up 9:30 @meeting' }
  H.keys('a')
  H.wait_lines({ 'Today · Thu, Feb 12 · 15m', '[ ] Stand-up  9:30 AM  @meeting' })
  H.eq('taskwireTime', hl_of(2, '9:30 AM'))
  H.eq('taskwireType', hl_of(2, '@meeting'))
  H.open('upcoming')
  H.answers = { 'Dentist tomorrow at 3pm' }
  H.keys('a')
  H.wait_lines({ 'Tomorrow · Fri, Feb 13 · 15m', '[ ] Dentist  3 PM' })
  H.eq('taskwireTime', hl_of(2, '3 PM'))
  -- a time alone (read as today's) is the time on the day under the cursor
  H.cursor('[ ] Dentist  3 PM')
  H.answers = { 'Call back 4:15pm' }
  H.keys('a')
  H.wait_lines({ 'Tomorrow · Fri, Feb 13 · 30m', '[ ] Dentist  3 PM', '[ ] Call back  4:15 PM' })
  set_german()
  H.wait_lines({ 'Morgen · Fr, 13. Feb. · 30 Min.', '[ ] Dentist  15:00', '[ ] Call back  16:15' })
  H.answers = { 'Zahnarzt morgen um 15:30 Uhr' }
  H.keys('a')
  H.wait_lines({ 'Morgen · Fr, 13. Feb. · 45 Min.', '[ ] Dentist  15:00', '[ ] Call back  16:15',
    '[ ] Zahnarzt  15:30' })
  H.eq('taskwireTime', hl_of(4, '15:30'))
end)

return tests
