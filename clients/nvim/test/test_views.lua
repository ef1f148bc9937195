-- test/test_views.lua - :Taskwire, the six views as buffers, the help.

local H = require('tw_test_helpers')
local test, tests = H.suite()

test('Today, Inbox and Upcoming show the server lists in the display convention', function()
  H.seed({
    { 'Water plants', 'today', { tags = { 'home' }, priority = 3, urgent = true } },
    { 'Pay rent', 'today', { dueDate = '2026-02-20' } },
    { 'Someday', 'inbox' },
    { 'Call mom', 'upcoming' },
    { 'Gym', 'upcoming', { scheduledDate = 'in 3 days', recurrence = { pattern = 'weekly' } } },
  })
  H.open('today')
  H.eq({ 'Today · Thu, Feb 12 · 30m', '[ ] Water plants  !!!  *  #home', '[ ] Pay rent  due Fri, Feb 20' }, H.lines())
  H.eq('taskwire', vim.bo.filetype)
  H.eq(false, vim.bo.modifiable, 'the buffer is not modifiable')
  H.open('inbox')
  H.eq({ 'Inbox · 15m', '[ ] Someday' }, H.lines())
  H.open('upcoming')
  H.eq({ 'Tomorrow · Fri, Feb 13 · 15m', '[ ] Call mom', '', 'Sun, Feb 15 · 15m', '[ ] Gym  ↻ weekly' }, H.lines())
end)

test('the matrix, All and the logbook', function()
  H.seed({
    { 'Fire', 'today', { priority = 2, urgent = true } },
    { 'Plan', 'upcoming', { priority = 3 } },
    { 'Ring', 'inbox', { urgent = true } },
    { 'Done', 'today' },
  })
  H.request('task/complete', { id = 4 })
  H.open('matrix')
  H.eq({
    'Urgent & important · 15m',
    '[ ] Fire  !!  *',
    '',
    'Important · 15m',
    '[ ] Plan  !!!',
    '',
    'Urgent · 15m',
    '[ ] Ring  *',
    '',
    'Neither',
    '  (no tasks)',
  }, H.lines())
  H.open('all')
  H.eq({ 'All · 45m', '[ ] Fire  !!  *', '[ ] Plan  !!!', '[ ] Ring  *' }, H.lines())
  H.open('logbook')
  H.eq({ 'Today · Thu, Feb 12 · 15m', '[x] Done  done Thu, Feb 12' }, H.lines())
end)

test('empty views say so', function()
  H.open('today')
  H.eq({ 'Today · Thu, Feb 12', '  (no tasks)' }, H.lines())
  H.open('upcoming')
  H.eq({ '  (nothing upcoming)' }, H.lines())
  H.open('logbook')
  H.eq({ '  (nothing done yet)' }, H.lines())
end)

test(':Taskwire without a view, :edit taskwire://VIEW, an unknown view, completion', function()
  vim.g.taskwire_default_view = 'inbox'
  vim.cmd('Taskwire')
  vim.g.taskwire_default_view = nil
  H.eq('taskwire://inbox', vim.api.nvim_buf_get_name(0), 'a bare :Taskwire opens the default view')
  H.wait_lines({ 'Inbox', '  (no tasks)' })
  vim.cmd('edit taskwire://today')
  H.wait_lines({ 'Today · Thu, Feb 12', '  (no tasks)' })
  vim.cmd('Taskwire nope')
  H.wait_message('unknown view nope')
  H.eq('taskwire://today', vim.api.nvim_buf_get_name(0), 'nothing opened')
  H.eq({ 'matrix' }, vim.fn.getcompletion('Taskwire m', 'cmdline'))
  H.eq({ 'today', 'inbox', 'upcoming', 'matrix', 'all', 'logbook', 'anytime', 'someday' }, require('taskwire').views())
end)

test('a view already in a window of this tab page is gone to, not opened twice', function()
  H.open('today')
  vim.cmd('split')
  H.open('inbox')
  local inbox_win = vim.api.nvim_get_current_win()
  vim.cmd('wincmd w')
  H.eq('taskwire://today', vim.api.nvim_buf_get_name(0))
  H.keys('gi')
  H.eq(inbox_win, vim.api.nvim_get_current_win(), 'gi went to the window showing Inbox')
  H.eq(2, #vim.api.nvim_tabpage_list_wins(0))
end)

test('g? and :help taskwire-nvim open the help, which names every <Plug> map', function()
  local doc = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h') .. '/doc/taskwire-nvim.txt'
  local dir = H.tmp .. '/help'
  vim.fn.mkdir(dir .. '/doc', 'p')
  vim.fn.writefile(vim.fn.readfile(doc), dir .. '/doc/taskwire-nvim.txt')
  vim.cmd('helptags ' .. vim.fn.fnameescape(dir .. '/doc'))
  vim.opt.runtimepath:append(dir)
  vim.cmd('help taskwire-nvim')
  H.eq('taskwire-nvim.txt', vim.fn.expand('%:t'))
  vim.cmd('close')
  local text = table.concat(vim.fn.readfile(doc), '\n')
  for name in pairs(require('taskwire.keys').plugs) do
    H.ok(text:find('<Plug>(taskwire-' .. name .. ')', 1, true), 'the help names <Plug>(taskwire-' .. name .. ')')
  end
  for _, pair in ipairs(require('taskwire.keys').defaults) do
    local tag = '*taskwire-nvim-' .. pair[1]:gsub('<lt>', '<'):gsub('<C%-r>', 'CTRL-R') .. '*'
    H.ok(text:find(tag, 1, true), 'the help has the tag ' .. tag)
  end
  H.open('today')
  H.keys('g?')
  H.eq('taskwire-nvim.txt', vim.fn.expand('%:t'), 'g? opened the help')
  H.ok(vim.fn.getline('.'):find('taskwire-nvim-keys', 1, true), 'at the keys: ' .. vim.fn.getline('.'))
  vim.cmd('close')
  vim.opt.runtimepath:remove(dir)
end)

return tests
