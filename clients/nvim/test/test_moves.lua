-- test/test_moves.lua - the drags: J K > < (queued), m + p / P, the mouse; stale drops.

local H = require('tw_test_helpers')
local test, tests = H.suite()

-- The Today header with the group's total duration (none when empty).
local function TODAY(total)
  return 'Today · Thu, Feb 12' .. (total and ' · ' .. total or '')
end

test('J and K reorder Today, the cursor following the task', function()
  H.seed({ { 'A', 'today' }, { 'B', 'today' }, { 'C', 'today' } })
  H.open('today')
  H.cursor('[ ] A')
  H.keys('J')
  H.wait_lines({ TODAY('45m'), '[ ] B', '[ ] A', '[ ] C' })
  H.eq('[ ] A', H.current_line())
  H.keys('KK') -- the second press waits for the first one's diff, then warns
  H.wait_lines({ TODAY('45m'), '[ ] A', '[ ] B', '[ ] C' })
  H.wait_message('already at the top')
  H.eq({ { 'today', { 'A', 'B', 'C' } } }, H.server_view('today'))
  H.eq({ 'taskwire: already at the top' }, H.message_texts(), 'a move within its group: silent')
end)

test('holding J walks the task down, one row per press', function()
  H.seed({ { 'T1', 'today' }, { 'T2', 'today' }, { 'T3', 'today' }, { 'T4', 'today' }, { 'T5', 'today' } })
  H.open('today')
  H.cursor('[ ] T1')
  H.keys('JJJ')
  H.wait_lines({ TODAY('1h15m'), '[ ] T2', '[ ] T3', '[ ] T4', '[ ] T1', '[ ] T5' })
  H.eq('[ ] T1', H.current_line())
  H.eq({ { 'today', { 'T2', 'T3', 'T4', 'T1', 'T5' } } }, H.server_view('today'))
end)

test('in Upcoming J and K cross day groups, > and < change the day', function()
  H.seed({ { 'D', 'upcoming' }, { 'E', 'upcoming' }, { 'F', 'upcoming', { scheduledDate = '+3d' } } })
  H.open('upcoming')
  H.cursor('[ ] E')
  H.keys('J')
  H.wait_lines({ 'Tomorrow · Fri, Feb 13 · 15m', '[ ] D', '', 'Sun, Feb 15 · 30m', '[ ] E', '[ ] F' })
  H.wait_message("Scheduled 'E' for Sun, Feb 15") -- where it went, in the server's words
  H.keys('K')
  H.wait_lines({ 'Tomorrow · Fri, Feb 13 · 30m', '[ ] D', '[ ] E', '', 'Sun, Feb 15 · 15m', '[ ] F' })
  H.wait_message("Scheduled 'E' for Fri, Feb 13")
  H.cursor('[ ] F')
  H.keys('>')
  H.wait_lines({ 'Tomorrow · Fri, Feb 13 · 30m', '[ ] D', '[ ] E', '', 'Mon, Feb 16 · 15m', '[ ] F' })
  H.wait_message("Scheduled 'F' for Mon, Feb 16")
  H.keys('<')
  H.wait_lines({ 'Tomorrow · Fri, Feb 13 · 45m', '[ ] D', '[ ] E', '[ ] F' })
  H.cursor('[ ] D')
  H.keys('<')
  H.wait_lines({ 'Tomorrow · Fri, Feb 13 · 30m', '[ ] E', '[ ] F' })
  H.wait_message("Moved 'D' to Today")
  H.open('today')
  H.eq({ TODAY('15m'), '[ ] D' }, H.lines())
  H.cursor('[ ] D')
  H.keys('>')
  H.wait_lines({ TODAY(), '  (no tasks)' })
  H.wait_message("Scheduled 'D' for Fri, Feb 13")
  H.eq({ { '2026-02-13', { 'D', 'E', 'F' } } }, H.server_view('upcoming'), '> from Today: the top of Tomorrow')
end)

test('in the matrix J crosses quadrants and > < go to the next and previous one', function()
  H.seed({ { 'X', 'today', { priority = 2, urgent = true } }, { 'Y', 'inbox' } })
  H.open('matrix')
  H.cursor('[ ] X  !!  *')
  H.keys('J')
  H.wait_for(function()
    return H.lines()[4] == 'Important · 15m' and H.lines()[5] == '[ ] X  !!'
  end, 'X at the top of Important')
  H.wait_message("Moved 'X' to Important")
  H.keys('>')
  H.wait_for(function()
    return H.lines()[7] == 'Urgent · 15m' and H.lines()[8] == '[ ] X  *'
  end, 'X in Urgent, no longer important')
  H.wait_message("Moved 'X' to Urgent")
  H.keys('>')
  H.wait_lines({
    'Urgent & important', '  (no tasks)', '',
    'Important', '  (no tasks)', '',
    'Urgent', '  (no tasks)', '',
    'Neither · 30m', '[ ] X', '[ ] Y',
  })
  H.wait_message("Moved 'X' to Neither")
  H.keys('>')
  H.wait_message('no quadrant after Neither')
  H.eq({ 'X', 'Y' }, H.server_view('matrix')[4][2])
end)

test('m picks a task up, p and P put it below or above a line, in any view', function()
  H.seed({ { 'A', 'today' }, { 'B', 'today' }, { 'I1', 'inbox' }, { 'I2', 'inbox' } })
  H.open('today')
  H.keys('p')
  H.wait_message('nothing picked up')
  H.cursor('[ ] A')
  H.keys('m')
  H.wait_message("picked up 'A'")
  H.keys('gi')
  H.wait_lines({ 'Inbox · 30m', '[ ] I1', '[ ] I2' })
  H.cursor('[ ] I2')
  H.keys('P')
  H.wait_lines({ 'Inbox · 45m', '[ ] I1', '[ ] A', '[ ] I2' })
  H.wait_message("Sent 'A' to Inbox") -- a drop always says where the task went
  H.eq({ { 'today', { 'B' } } }, H.server_view('today'))
  H.cursor('[ ] I1')
  H.keys('m')
  H.cursor('[ ] I2')
  H.keys('p') -- below the last line: counted with I1 taken out, index 2
  H.wait_lines({ 'Inbox · 45m', '[ ] A', '[ ] I2', '[ ] I1' })
  H.keys('m')
  H.cursor('Inbox · 45m')
  H.keys('p')
  H.wait_lines({ 'Inbox · 45m', '[ ] I1', '[ ] A', '[ ] I2' })
  H.eq('[ ] I1', H.current_line(), 'the cursor follows the dropped task')
end)

test('the mouse drags a task onto another line, also into another window', function()
  vim.o.mouse = 'a'
  H.seed({ { 'A', 'today' }, { 'B', 'today' }, { 'C', 'today' }, { 'I', 'inbox' } })
  H.open('today')
  local today_win = vim.api.nvim_get_current_win()
  H.mouse_drag(2, 4) -- A onto C: A takes C's place
  H.wait_lines({ TODAY('45m'), '[ ] B', '[ ] C', '[ ] A' })
  H.wait_message("Moved 'A' to Today")
  vim.cmd('split')
  H.open('inbox')
  local inbox_win = vim.api.nvim_get_current_win()
  vim.api.nvim_set_current_win(today_win)
  H.mouse_drag(2, 1, today_win, inbox_win) -- B onto the Inbox header: its top
  H.wait_lines({ 'Inbox · 30m', '[ ] B', '[ ] I' }, vim.api.nvim_win_get_buf(inbox_win))
  H.wait_lines({ TODAY('30m'), '[ ] C', '[ ] A' }, vim.api.nvim_win_get_buf(today_win))
  vim.o.mouse = ''
end)

test('All and the logbook are not drag targets', function()
  H.seed({ { 'A', 'today' }, { 'B', 'today' } })
  H.open('all')
  H.cursor('[ ] A')
  H.keys('J')
  H.wait_message('tasks cannot be moved in All')
  H.keys('m')
  H.eq({ 'All · 30m', '[ ] A', '[ ] B' }, H.lines())
  H.eq({ { 'today', { 'A', 'B' } } }, H.server_view('today'))
end)

test('a move computed on a list that changed since is refused, and the view listed again', function()
  H.seed({ { 'A', 'today' }, { 'B', 'today' } })
  local state = H.open('today')
  local version = state.version
  state.version = version - 1 -- as if a change made elsewhere had not reached us yet
  H.cursor('[ ] A')
  H.keys('J')
  H.wait_message('The today view changed since version ' .. (version - 1))
  H.wait_for(function()
    return state.version == version
  end, 'the view to be listed again')
  H.eq({ TODAY('30m'), '[ ] A', '[ ] B' }, H.lines())
  H.keys('J')
  H.wait_lines({ TODAY('30m'), '[ ] B', '[ ] A' })
end)

return tests
