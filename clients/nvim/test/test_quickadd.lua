-- test/test_quickadd.lua - where quick add files a task, and saying so when it is not the view
-- being looked at (in the server's language); the help's examples of dates.

local H = require('tw_test_helpers')
local test, tests = H.suite()

local function said(text)
  return vim.tbl_contains(H.message_texts(), 'taskwire: ' .. text)
end

test('a says where a task went when it is not this view', function()
  H.open('today')
  H.answers = { 'Buy milk' }
  H.keys('a')
  H.wait_lines({ 'Today · Thu, Feb 12 · 15m', '[ ] Buy milk' })
  H.answers = { 'Call mom tomorrow' }
  H.keys('a')
  H.wait_message("taskwire: Added 'Call mom' to Upcoming: Fri, Feb 13")
  H.eq({ 'Today · Thu, Feb 12 · 15m', '[ ] Buy milk' }, H.lines(), 'Today does not show it')
  H.ok(not said("Added 'Buy milk' to Today"), "Today's task in Today: nothing to say")
  H.open('inbox')
  H.answers = { 'Dentist next monday' }
  H.keys('a')
  H.wait_message("taskwire: Added 'Dentist' to Upcoming: Mon, Feb 16")
  H.answers = { 'Laundry today' }
  H.keys('a')
  H.wait_message("taskwire: Added 'Laundry' to Today")
  H.answers = { 'Someday' }
  H.keys('a')
  H.wait_lines({ 'Inbox · 15m', '[ ] Someday' })
  H.ok(not said("Added 'Someday' to Inbox"), "the Inbox's task in the Inbox: nothing to say")
end)

test('a in Upcoming: a typed date wins over the day under the cursor', function()
  H.seed({ { 'C', 'upcoming', { scheduledDate = '2026-02-15' } } })
  H.open('upcoming')
  H.cursor('[ ] C')
  H.answers = { 'Dentist next monday' }
  H.keys('a')
  H.wait_message("taskwire: Added 'Dentist' to Upcoming: Mon, Feb 16")
  H.wait_lines({ 'Sun, Feb 15 · 15m', '[ ] C', '', 'Mon, Feb 16 · 15m', '[ ] Dentist' })
  H.cursor('[ ] C')
  H.answers = { 'D' }
  H.keys('a')
  H.wait_lines({ 'Sun, Feb 15 · 30m', '[ ] C', '[ ] D', '', 'Mon, Feb 16 · 15m', '[ ] Dentist' })
  H.ok(not said("Added 'D' to Upcoming: Sun, Feb 15"), 'the day under the cursor: nothing to say')
end)

test('a in the matrix says which list the task is in, dated or not', function()
  H.open('matrix')
  H.cursor('Urgent & important')
  H.answers = { 'Fire friday' }
  H.keys('a')
  H.wait_message("taskwire: Added 'Fire' to Upcoming: Fri, Feb 13")
end)

test('with locale "de" the message is German', function()
  require('taskwire.config').setup({ locale = 'de' })
  H.open('today')
  H.answers = { 'Mama anrufen morgen' }
  H.keys('a')
  H.wait_message("taskwire: 'Mama anrufen' zu Demnächst hinzugefügt: Fr, 13. Feb.")
  H.answers = { 'Steuern' }
  H.keys('a')
  H.wait_lines({ 'Heute · Do, 12. Feb. · 15 Min.', '[ ] Steuern' })
  H.ok(not said("'Steuern' zu Heute hinzugefügt"), "Today's task in Today: nothing to say")
end)

-- The examples of :help taskwire-nvim-quick-add-dates are what the server does (so that the
-- help cannot drift from the parser): "Friday" lines are read as Friday, the others are all title.
test('the help examples of dates are what quick add does', function()
  local doc = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h') .. '/doc/taskwire-nvim.txt'
  local lines = vim.fn.readfile(doc)
  local start = vim.fn.match(lines, '\\*taskwire-nvim-quick-add-dates\\*') + 1
  local count = 0
  for i = start, start + 12 do
    local text, meaning = lines[i]:match('^\t(Call mom[^\t]*)\t+(.*)$')
    if text then
      count = count + 1
      local fields = H.request('task/parse', { text = text, view = 'inbox' }).fields
      if meaning == 'Friday' then
        H.eq({ 'Call mom', '2026-02-13' }, { fields.title, fields.scheduledDate }, text)
      else
        H.eq({ text }, { fields.title, fields.scheduledDate }, text)
      end
    end
  end
  H.eq(4, count, 'the examples')
end)

return tests
