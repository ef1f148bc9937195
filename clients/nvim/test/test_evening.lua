-- test/test_evening.lua - Today's This Evening: a second group of Today while it holds tasks,
-- filled by quick add (tonight), J past Today's own list, a drop onto the group and another
-- process; K takes a task back out, and the group goes with its last task.

local H = require('tw_test_helpers')
local view = require('taskwire.view')
local test, tests = H.suite()

local TODAY, EVENING = 'Today · Thu, Feb 12', 'This Evening · Thu, Feb 12'

local function same_as_server()
  local listed = H.request('view/list', { view = 'today' })
  H.eq(listed.groups, view.state('today').snapshot.groups, 'the diffed snapshot is the list')
end

test('quick add "tonight" shows the task under the evening header', function()
  H.open('today')
  H.answers = { 'Buy milk', 'Cook dinner tonight' }
  H.keys('a')
  H.wait_lines({ TODAY .. ' · 15m', '[ ] Buy milk' })
  H.keys('a')
  H.wait_lines({ TODAY .. ' · 15m', '[ ] Buy milk', '', EVENING .. ' · 15m', '[ ] Cook dinner' })
  H.eq(true, H.request('task/get', { id = 2 }).task.evening)
  H.eq({ { 'today', { 'Buy milk' } }, { 'evening', { 'Cook dinner' } } }, H.server_view('today'))
end)

test('J moves a task into the evening and K out of it; another process follows live', function()
  H.use_store()
  H.seed({ { 'A', 'today' }, { 'B', 'today' } })
  H.open('today')
  H.cursor('[ ] B')
  H.keys('J') -- past Today's own list: into This Evening, which shows once it holds B
  H.wait_lines({ TODAY .. ' · 15m', '[ ] A', '', EVENING .. ' · 15m', '[ ] B' })
  H.wait_message("Moved 'B' to This Evening")
  H.eq('[ ] B', H.current_line(), 'the cursor follows the task')
  H.eq(true, H.request('task/get', { id = 2 }).task.evening)
  H.outside({ { 'task/move', { id = 1, view = 'today', evening = true, index = 0 } } })
  H.wait_lines({ TODAY, '  (no tasks)', '', EVENING .. ' · 30m', '[ ] A', '[ ] B' })
  same_as_server()
  H.cursor('[ ] A')
  H.keys('K') -- from the evening's top: the end of Today's own list
  H.wait_lines({ TODAY .. ' · 15m', '[ ] A', '', EVENING .. ' · 15m', '[ ] B' })
  H.eq(nil, H.request('task/get', { id = 1 }).task.evening)
  H.outside({ { 'task/move', { id = 2, view = 'today', index = 0 } } })
  H.wait_lines({ TODAY .. ' · 30m', '[ ] B', '[ ] A' })
  same_as_server()
end)

test('m and p drop a task into the evening group, and back into Today', function()
  H.seed({ { 'A', 'today' }, { 'B', 'today' }, { 'E', 'today', { evening = true } } })
  H.open('today')
  H.cursor('[ ] A')
  H.keys('m')
  H.cursor('[ ] E')
  H.keys('p')
  H.wait_lines({ TODAY .. ' · 15m', '[ ] B', '', EVENING .. ' · 30m', '[ ] E', '[ ] A' })
  H.wait_message("Moved 'A' to This Evening")
  H.keys('m')
  H.cursor('[ ] B')
  H.keys('P')
  H.wait_lines({ TODAY .. ' · 30m', '[ ] A', '[ ] B', '', EVENING .. ' · 15m', '[ ] E' })
  H.eq({ { 'today', { 'A', 'B' } }, { 'evening', { 'E' } } }, H.server_view('today'))
  same_as_server()
end)

test('the evening header in German', function()
  require('taskwire.config').setup({ locale = 'de' })
  H.seed({ { 'Brot holen', 'today' } })
  H.open('today')
  H.answers = { 'Essen kochen heute Abend' }
  H.keys('a')
  H.wait_lines({ 'Heute · Do, 12. Feb. · 15 Min.', '[ ] Brot holen', '',
    'Heute Abend · Do, 12. Feb. · 15 Min.', '[ ] Essen kochen' })
  H.cursor('[ ] Brot holen')
  H.keys('J')
  H.wait_lines({ 'Heute · Do, 12. Feb.', '  (keine Aufgaben)', '',
    'Heute Abend · Do, 12. Feb. · 30 Min.', '[ ] Brot holen', '[ ] Essen kochen' })
end)

return tests
