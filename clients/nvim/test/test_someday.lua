-- test/test_someday.lua - Anytime and Someday, cancelling and making a project, against the real
-- server: S and A move a task between the live buffers, X on a project empties its buffer and
-- fills the logbook with "cancelled", cp turns a task's checklist into a project's tasks, and
-- the same in German.

local H = require('tw_test_helpers')
local test, tests = H.suite()

-- Waits until the buffer taskwire://NAME (in another window) shows `expected`.
local function wait_buf(name, expected)
  local bufnr = vim.fn.bufnr('^taskwire://' .. name .. '$')
  H.ok(bufnr > 0, 'no buffer taskwire://' .. name)
  H.wait_lines(expected, bufnr)
end

-- Opens `name` in a new window above the current one (the view below stays live).
local function above(name)
  vim.cmd('split')
  H.open(name)
end

-- Home (area 1) holds Garden (project 2); Milk (3) is today's and in nothing, Dig (4) is
-- Garden's and today's, Rake (5) is Garden's with no date (so in Anytime).
local function garden()
  H.eq({ 1, 2, 3, 4, 5 }, vim.tbl_map(function(p)
    return H.request('task/create', p).task.id
  end, {
    { title = 'Home', kind = 'area' },
    { title = 'Garden', kind = 'project', parent = 1 },
    { title = 'Milk', view = 'today' },
    { title = 'Dig', view = 'today', parent = 2 },
    { title = 'Rake', parent = 2 },
  }))
end

test('S puts a task on Someday, A moves it to Anytime: the live buffers follow', function()
  garden()
  H.open('someday')
  H.wait_lines({ '  (no tasks)' })
  above('anytime')
  H.wait_lines({ 'Garden · 15m', '[ ] Rake' })
  above('today')
  H.wait_lines({ 'Today · Thu, Feb 12 · 30m', '[ ] Milk', '[ ] Dig  Garden' })
  -- S: Milk leaves Today and is on Someday, under "No project"
  H.cursor('[ ] Milk')
  H.keys('S')
  H.wait_lines({ 'Today · Thu, Feb 12 · 15m', '[ ] Dig  Garden' })
  H.wait_message("taskwire: Put 'Milk' on Someday")
  wait_buf('someday', { 'No project · 15m', '[ ] Milk  Someday' })
  -- A: Dig loses its date and is in Anytime, under its project's group
  H.cursor('[ ] Dig  Garden')
  H.keys('A')
  H.wait_lines({ 'Today · Thu, Feb 12', '  (no tasks)' })
  H.wait_message("taskwire: Put 'Dig' on Anytime")
  wait_buf('anytime', { 'Garden · 30m', '[ ] Dig', '[ ] Rake' })
  H.eq(nil, H.request('task/get', { id = 4 }).task.scheduledDate)
  -- in Anytime, S puts Rake on Someday under Garden; in Someday, A takes it back
  vim.cmd('wincmd j')
  H.eq('taskwire://anytime', vim.api.nvim_buf_get_name(0))
  H.cursor('[ ] Rake')
  H.keys('J')
  H.wait_message('tasks cannot be moved in Anytime')
  H.keys('S')
  H.wait_lines({ 'Garden · 15m', '[ ] Dig' })
  wait_buf('someday', { 'No project · 15m', '[ ] Milk  Someday', '', 'Garden · 15m', '[ ] Rake  Someday' })
  vim.cmd('wincmd j')
  H.cursor('[ ] Rake  Someday')
  H.keys('A')
  H.wait_lines({ 'No project · 15m', '[ ] Milk  Someday' })
  wait_buf('anytime', { 'Garden · 30m', '[ ] Dig', '[ ] Rake' })
  -- a task in nothing has no place in Anytime: the server says why
  H.cursor('[ ] Milk  Someday')
  H.keys('A')
  H.wait_message('a task in no project or area with no date is in the Inbox')
  -- a in Someday adds a task on Someday, in the group under the cursor
  H.answers = { 'Seeds' }
  H.keys('a')
  H.wait_lines({ 'No project · 30m', '[ ] Milk  Someday', '[ ] Seeds  Someday' })
end)

test('X cancels a project: its buffer empties, the logbook says "cancelled", u undoes', function()
  for _, p in ipairs({
    { title = 'Home', kind = 'area' },
    { title = 'Garden', kind = 'project', parent = 1 },
    { title = 'Dig', parent = 2 },
    { title = 'Rake', parent = 2 },
  }) do
    H.request('task/create', p)
  end
  H.open('logbook')
  H.wait_lines({ '  (nothing done yet)' })
  vim.cmd('split')
  vim.cmd('Taskwire project 2')
  H.wait_lines({ 'Garden · 30m', '[ ] Dig', '[ ] Rake' })
  above('projects')
  H.wait_lines({ 'No area', '  (no projects)', '', 'Home', '[ ] Garden' })
  H.cursor('[ ] Garden')
  H.keys('X')
  H.wait_lines({ 'No area', '  (no projects)', '', 'Home', '  (no projects)' })
  H.wait_message("taskwire: Cancelled 'Garden'")
  wait_buf('project/2', { '  (no tasks)' })
  wait_buf('logbook', { 'Today · Thu, Feb 12 · 30m', '[x] Rake  cancelled Thu, Feb 12',
    '[x] Dig  cancelled Thu, Feb 12', '[x] Garden  Home  cancelled Thu, Feb 12' })
  H.eq(true, H.request('task/get', { id = 3 }).task.cancelled)
  H.keys('u')
  H.wait_message("taskwire: Undid: Cancel 'Garden'")
  H.wait_lines({ 'No area', '  (no projects)', '', 'Home', '[ ] Garden' })
  wait_buf('project/2', { 'Garden · 30m', '[ ] Dig', '[ ] Rake' })
  wait_buf('logbook', { '  (nothing done yet)' })
end)

test('cp makes a task a project: its checklist lines are the project\'s tasks', function()
  H.request('task/create', { title = 'Trip', view = 'today' })
  H.request('task/checklist', { id = 1, action = 'add', title = 'Book hotel' })
  H.request('task/checklist', { id = 1, action = 'add', title = 'Pack' })
  H.open('projects')
  H.wait_lines({ 'No area', '  (no projects)' })
  above('today')
  H.wait_lines({ 'Today · Thu, Feb 12 · 15m', '[ ] Trip  0/2' })
  H.cursor('[ ] Trip  0/2')
  H.keys('cp')
  H.wait_lines({ 'Today · Thu, Feb 12', '  (no tasks)' })
  H.wait_message("taskwire: Made 'Trip' a project")
  wait_buf('projects', { 'No area', '[ ] Trip' })
  vim.cmd('wincmd j')
  H.cursor('[ ] Trip')
  H.keys('<CR>')
  H.wait_for(function()
    return vim.api.nvim_buf_get_name(0) == 'taskwire://project/1'
  end, 'the project buffer')
  H.wait_lines({ 'Trip · 30m', '[ ] Book hotel', '[ ] Pack' })
  H.eq('taskwire Trip', require('taskwire').statusline())
  -- a project is made once: the server refuses it on a project
  H.open('projects')
  H.cursor('[ ] Trip')
  H.keys('cp')
  H.wait_message('only a task is made a project')
end)

test('German: Irgendwann and Jederzeit, in the messages, the views and their names', function()
  require('taskwire.config').setup({ locale = 'de' })
  garden()
  H.open('today')
  H.cursor('[ ] Milk')
  H.keys('S')
  H.wait_message("taskwire: 'Milk' auf Irgendwann gelegt")
  H.cursor('[ ] Dig  Garden')
  H.keys('A')
  H.wait_message("taskwire: 'Dig' auf Jederzeit gelegt")
  H.keys('gS')
  H.wait_for(function()
    return vim.api.nvim_buf_get_name(0) == 'taskwire://someday'
  end, 'the Someday buffer')
  H.wait_lines({ 'Ohne Projekt · 15 Min.', '[ ] Milk  Irgendwann' })
  H.eq('taskwire Irgendwann', require('taskwire').statusline())
  H.keys('gA')
  H.wait_for(function()
    return vim.api.nvim_buf_get_name(0) == 'taskwire://anytime'
  end, 'the Anytime buffer')
  H.wait_lines({ 'Garden · 30 Min.', '[ ] Dig', '[ ] Rake' })
  H.eq('taskwire Jederzeit', require('taskwire').statusline())
  H.cursor('[ ] Rake')
  H.keys('X')
  H.wait_message("taskwire: 'Rake' abgebrochen")
  H.wait_lines({ 'Garden · 15 Min.', '[ ] Dig' })
end)

return tests
