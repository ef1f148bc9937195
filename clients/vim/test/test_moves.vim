" test/test_moves.vim - the move keys J K > < and their queue, against the real server.

let s:today = 'Today · Thu, Feb 12'

function! Test_move_down_and_up() abort
  call TwSeed([['A', 'today'], ['B', 'today'], ['C', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] A')
  call TwKeys('J')
  call TwWaitLines([s:today . ' · 45m', '[ ] B', '[ ] A', '[ ] C'])
  call assert_equal('[ ] A', getline('.'), 'the cursor follows the task')
  call TwKeys('J')
  call TwWaitLines([s:today . ' · 45m', '[ ] B', '[ ] C', '[ ] A'])
  " past Today's own list: into This Evening (test_evening.vim), and back
  call TwKeys('J')
  call TwWaitLines([s:today . ' · 30m', '[ ] B', '[ ] C', '', 'This Evening · Thu, Feb 12 · 15m',
        \ '[ ] A'])
  call TwKeys('J')
  call TwWaitMessage('taskwire: already at the bottom')
  call TwKeys('K')
  call TwWaitLines([s:today . ' · 45m', '[ ] B', '[ ] C', '[ ] A'])
  call TwKeys('K')
  call TwWaitLines([s:today . ' · 45m', '[ ] B', '[ ] A', '[ ] C'])
  call assert_equal([['today', ['B', 'A', 'C']]], TwServerView('today'))
  call TwCursor('[ ] B')
  call TwKeys('K')
  call TwWaitMessage('taskwire: already at the top')
endfunction

function! Test_move_across_day_groups() abort
  call TwSeed([['A', 'upcoming'], ['B', 'upcoming'],
        \ ['C', 'upcoming', {'scheduledDate': 'in 3 days'}]])
  call TwOpen('upcoming')
  call TwCursor('[ ] B')
  call TwKeys('J')
  call TwWaitLines(['Tomorrow · Fri, Feb 13 · 15m', '[ ] A', '', 'Sun, Feb 15 · 30m', '[ ] B', '[ ] C'])
  call assert_equal('[ ] B', getline('.'))
  call assert_equal('2026-02-15', TwTask(2).task.scheduledDate)
  call TwWaitMessage("taskwire: Scheduled 'B' for Sun, Feb 15")
  call TwKeys('K')
  call TwWaitLines(['Tomorrow · Fri, Feb 13 · 30m', '[ ] A', '[ ] B', '', 'Sun, Feb 15 · 15m', '[ ] C'])
  call assert_equal('2026-02-13', TwTask(2).task.scheduledDate)
  " the last task of a group leaving it removes the group
  call TwCursor('[ ] C')
  call TwKeys('K')
  call TwWaitLines(['Tomorrow · Fri, Feb 13 · 45m', '[ ] A', '[ ] B', '[ ] C'])
endfunction

function! Test_next_and_previous_day_keys() abort
  call TwSeed([['A', 'upcoming'], ['C', 'upcoming', {'scheduledDate': 'in 3 days'}],
        \ ['T', 'today']])
  call TwOpen('upcoming')
  call TwCursor('[ ] A')
  call TwKeys('>')
  call TwWaitLines(['Sun, Feb 15 · 30m', '[ ] A', '[ ] C'])
  call TwWaitMessage("taskwire: Scheduled 'A' for Sun, Feb 15")
  call TwKeys('>')
  call TwWaitLines(['Sun, Feb 15 · 15m', '[ ] C', '', 'Mon, Feb 16 · 15m', '[ ] A'])
  call TwWaitMessage("taskwire: Scheduled 'A' for Mon, Feb 16")
  call TwKeys('<')
  call TwWaitLines(['Sun, Feb 15 · 30m', '[ ] C', '[ ] A'])
  call TwCursor('[ ] C')
  call TwKeys('<')
  call TwWaitLines(['Sun, Feb 15 · 15m', '[ ] A'])
  call assert_equal('2026-02-12', TwTask(2).task.scheduledDate)
  call TwWaitMessage("taskwire: Moved 'C' to Today")
  call TwOpen('today')
  call TwWaitLines([s:today . ' · 30m', '[ ] T', '[ ] C'])
  call TwCursor('[ ] T')
  call TwKeys('>')
  call TwWaitLines([s:today . ' · 15m', '[ ] C'])
  call assert_equal('2026-02-13', TwTask(3).task.scheduledDate)
  call TwWaitMessage("taskwire: Scheduled 'T' for Fri, Feb 13")
  call TwKeys('<')
  call TwWaitMessage('taskwire: no day before Today')
endfunction

function! Test_stale_drop_is_refused_and_relisted() abort
  call TwSeed([['A', 'today'], ['B', 'today']])
  call TwOpen('today')
  let state = taskwire#view#state('today')
  if type(state.version) != v:t_number
    call TwSkip('the server sends no view version')
  endif
  let current = state.version
  " the plugin believes in an older list, as if a change had not reached it yet
  let state.version = current - 1
  call TwCursor('[ ] A')
  call TwKeys('J')
  call TwWaitFor({-> state.version == current}, 'the view to be listed again')
  call TwWaitMessage('taskwire: The today view changed since version')
  call assert_equal([['today', ['A', 'B']]], TwServerView('today'), 'nothing moved')
  call assert_equal([s:today . ' · 30m', '[ ] A', '[ ] B'], getline(1, '$'))
  call TwCursor('[ ] A')
  call TwKeys('J')
  call TwWaitLines([s:today . ' · 30m', '[ ] B', '[ ] A'])
endfunction

" The keys repeated faster than the server answers (a held J): each press waits for the list
" the previous one left, so the task goes down one row per press and nothing is refused.
function! Test_rapid_moves_are_queued() abort
  call TwSeed([['A', 'today'], ['B', 'today'], ['C', 'today'], ['D', 'today'], ['E', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] A')
  call TwKeys('JJJ')
  call TwWaitLines([s:today . ' · 1h15m', '[ ] B', '[ ] C', '[ ] D', '[ ] A', '[ ] E'])
  call assert_equal('[ ] A', getline('.'), 'the cursor follows the task')
  call assert_equal([['today', ['B', 'C', 'D', 'A', 'E']]], TwServerView('today'))
  let outside = TwOutside([['view/list', {'view': 'today'}]])[0].result
  call assert_equal(['B', 'C', 'D', 'A', 'E'],
        \ map(copy(outside.groups[0].tasks), 'v:val.title'), 'another process agrees')
  call assert_notmatch('taskwire:', execute('messages'), 'no message at all')
  " and back up, with another task's presses queued behind
  call TwKeys('KK')
  call TwCursor('[ ] E')
  call TwKeys('K')
  call TwWaitLines([s:today . ' · 1h15m', '[ ] B', '[ ] A', '[ ] C', '[ ] E', '[ ] D'])
  let state = taskwire#view#state('today')
  call TwWaitFor({-> state.moving == 0}, 'the moves to settle')
  let listed = TwRequest('view/list', {'view': 'today'})
  call assert_equal(listed.groups, state.snapshot.groups, 'the diffed snapshot is the list')
  call assert_equal(listed.version, state.version)
  call assert_notmatch('taskwire:', execute('messages'), 'no message at all')
endfunction

" > > in Upcoming: the second press is computed from the group the first one left it in.
function! Test_rapid_day_moves_are_queued() abort
  call TwSeed([['A', 'upcoming'], ['C', 'upcoming', {'scheduledDate': 'in 3 days'}]])
  call TwOpen('upcoming')
  call TwCursor('[ ] A')
  call TwKeys('>>')
  call TwWaitLines(['Sun, Feb 15 · 15m', '[ ] C', '', 'Mon, Feb 16 · 15m', '[ ] A'])
  call assert_equal('2026-02-16', TwTask(1).task.scheduledDate)
  call TwKeys('<<<')
  call TwWaitLines(['Sun, Feb 15 · 15m', '[ ] C'])
  " the second < took it to Today; the third found it gone from Upcoming and did nothing
  call assert_equal('2026-02-12', TwTask(1).task.scheduledDate)
  call assert_equal([['2026-02-15', ['C']]], TwServerView('upcoming'))
  call assert_notmatch('taskwire:.*\(changed since\|not found\)', execute('messages'))
endfunction

" A queued move behind one the server refuses is cancelled: one message, the list again.
function! Test_queued_moves_are_cancelled_on_error() abort
  call TwSeed([['A', 'today'], ['B', 'today'], ['C', 'today']])
  call TwOpen('today')
  let state = taskwire#view#state('today')
  if type(state.version) != v:t_number
    call TwSkip('the server sends no view version')
  endif
  let current = state.version
  let state.version = current - 1
  call TwCursor('[ ] A')
  call TwKeys('JJ')
  call TwWaitMessage('taskwire: The today view changed since version')
  call TwWaitFor({-> state.version == current && state.moving == 0}, 'the view to be listed again')
  sleep 200m
  call assert_equal(1, count(execute('messages'), 'changed since version'), 'one refusal')
  call assert_equal([['today', ['A', 'B', 'C']]], TwServerView('today'), 'nothing moved')
  call assert_equal([s:today . ' · 45m', '[ ] A', '[ ] B', '[ ] C'], getline(1, '$'))
  call assert_equal([], state.moves)
  " the next press works
  call TwCursor('[ ] A')
  call TwKeys('J')
  call TwWaitLines([s:today . ' · 45m', '[ ] B', '[ ] A', '[ ] C'])
  " another error (a task the server does not know): the same, the true list comes back
  call TwWaitFor({-> state.moving == 0}, 'the move to settle')
  let state.snapshot.groups[0].tasks[0].id = 999
  call TwCursor('[ ] B')
  call TwKeys('JJK')
  call TwWaitMessage('taskwire: Task 999 not found')
  call TwWaitFor({-> state.moving == 0 && b:taskwire_ids == [0, 2, 1, 3]},
        \ 'the view to be listed again')
  sleep 200m
  call assert_equal(1, count(execute('messages'), 'not found'), 'one error')
  call assert_equal([['today', ['B', 'A', 'C']]], TwServerView('today'), 'nothing moved')
  call assert_equal([s:today . ' · 45m', '[ ] B', '[ ] A', '[ ] C'], getline(1, '$'))
endfunction

" At most 20 presses wait behind the one in flight; the others are dropped with a message.
function! Test_move_queue_is_bounded() abort
  call TwSeed(map(range(1, 25), '[printf("T%02d", v:val), "today"]'))
  call TwOpen('today')
  call TwCursor('[ ] T01')
  for i in range(25)
    call taskwire#actions#move(1)
  endfor
  call TwWaitMessage('taskwire: too many moves waiting')
  let state = taskwire#view#state('today')
  call TwWaitFor({-> state.moving == 0 && empty(state.moves)}, 'the moves to settle', 5000)
  let titles = TwServerView('today')[0][1]
  call assert_equal(21, index(titles, 'T01'), '1 sent + 20 waiting')
  call assert_equal('[ ] T01', getline(22 + 1))
  call assert_equal('[ ] T01', getline('.'))
endfunction
