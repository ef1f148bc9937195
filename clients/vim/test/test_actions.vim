" test/test_actions.vim - each key of a view buffer, against the real server.

let s:today = '## Today  2026-02-12'

function! Test_add_in_today() abort
  call TwOpen('today')
  let g:tw_answers = ['Buy bread']
  call TwKeys('a')
  call TwWaitLines([s:today, '- Buy bread'])
  call assert_equal([['New task: ', '']], g:tw_prompts)
  call assert_equal(2, line('.'), 'the cursor is on the new task')
  call assert_equal('2026-02-12', TwTask(b:taskwire_ids[1]).task.scheduledDate)
  " cancelled: nothing is sent
  let g:tw_answers = ['']
  call TwKeys('a')
  sleep 200m
  call assert_equal([s:today, '- Buy bread'], getline(1, '$'))
endfunction

function! Test_add_in_inbox() abort
  call TwOpen('inbox')
  let g:tw_answers = ['Someday']
  call TwKeys('a')
  call TwWaitLines(['## Inbox', '- Someday'])
  call assert_equal(v:null, TwTask(b:taskwire_ids[1]).task.scheduledDate)
endfunction

function! Test_add_in_upcoming_goes_to_the_group_under_the_cursor() abort
  call TwSeed([['B', 'upcoming'], ['C', 'upcoming', {'scheduledDate': 'in 3 days'}]])
  call TwOpen('upcoming')
  call TwCursor('- C')
  let g:tw_answers = ['D']
  call TwKeys('a')
  call TwWaitLines(['## Tomorrow  2026-02-13', '- B', '', '## Feb 15  2026-02-15', '- C', '- D'])
  call assert_equal('- D', getline('.'))
  call TwCursor('## Tomorrow  2026-02-13')
  let g:tw_answers = ['E']
  call TwKeys('a')
  call TwWaitLines(['## Tomorrow  2026-02-13', '- B', '- E', '',
        \ '## Feb 15  2026-02-15', '- C', '- D'])
endfunction

function! Test_edit_title() abort
  call TwSeed([['Buy milk', 'today']])
  call TwOpen('today')
  call TwCursor('- Buy milk')
  let g:tw_answers = ['Buy oat milk']
  call TwKeys('e')
  call TwWaitLines([s:today, '- Buy oat milk'])
  call assert_equal(['Title: ', 'Buy milk'], g:tw_prompts[0])
  let g:tw_answers = ['Buy soy milk']
  call TwKeys('r')
  call TwWaitLines([s:today, '- Buy soy milk'])
  call assert_equal('Buy soy milk', TwTask(1).task.title)
endfunction

function! Test_complete() abort
  call TwSeed([['A', 'today'], ['B', 'today'], ['C', 'today']])
  call TwOpen('today')
  call TwCursor('- B')
  call TwKeys('x')
  call TwWaitLines([s:today, '- A', '- C'])
  call assert_equal(v:true, TwTask(2).task.completed)
  call assert_equal('- C', getline('.'), 'the cursor stays on the same line')
  call TwWaitMessage("taskwire: completed 'B'")
  " on a line without a task: a warning, nothing sent
  call cursor(1, 1)
  call TwKeys('x')
  call TwWaitMessage('taskwire: no task on this line')
endfunction

function! Test_move_down_and_up() abort
  call TwSeed([['A', 'today'], ['B', 'today'], ['C', 'today']])
  call TwOpen('today')
  call TwCursor('- A')
  call TwKeys('J')
  call TwWaitLines([s:today, '- B', '- A', '- C'])
  call assert_equal('- A', getline('.'), 'the cursor follows the task')
  call TwKeys('J')
  call TwWaitLines([s:today, '- B', '- C', '- A'])
  call TwKeys('J')
  call TwWaitMessage('taskwire: already at the bottom')
  call TwKeys('K')
  call TwWaitLines([s:today, '- B', '- A', '- C'])
  call assert_equal([['today', ['B', 'A', 'C']]], TwServerView('today'))
  call TwCursor('- B')
  call TwKeys('K')
  call TwWaitMessage('taskwire: already at the top')
endfunction

function! Test_move_across_day_groups() abort
  call TwSeed([['A', 'upcoming'], ['B', 'upcoming'],
        \ ['C', 'upcoming', {'scheduledDate': 'in 3 days'}]])
  call TwOpen('upcoming')
  call TwCursor('- B')
  call TwKeys('J')
  call TwWaitLines(['## Tomorrow  2026-02-13', '- A', '', '## Feb 15  2026-02-15', '- B', '- C'])
  call assert_equal('- B', getline('.'))
  call assert_equal('2026-02-15', TwTask(2).task.scheduledDate)
  call TwKeys('K')
  call TwWaitLines(['## Tomorrow  2026-02-13', '- A', '- B', '', '## Feb 15  2026-02-15', '- C'])
  call assert_equal('2026-02-13', TwTask(2).task.scheduledDate)
  " the last task of a group leaving it removes the group
  call TwCursor('- C')
  call TwKeys('K')
  call TwWaitLines(['## Tomorrow  2026-02-13', '- A', '- B', '- C'])
endfunction

function! Test_next_and_previous_day_keys() abort
  call TwSeed([['A', 'upcoming'], ['C', 'upcoming', {'scheduledDate': 'in 3 days'}],
        \ ['T', 'today']])
  call TwOpen('upcoming')
  call TwCursor('- A')
  call TwKeys('>')
  call TwWaitLines(['## Feb 15  2026-02-15', '- A', '- C'])
  call TwKeys('>')
  call TwWaitLines(['## Feb 15  2026-02-15', '- C', '', '## Feb 16  2026-02-16', '- A'])
  call TwKeys('<')
  call TwWaitLines(['## Feb 15  2026-02-15', '- C', '- A'])
  call TwCursor('- C')
  call TwKeys('<')
  call TwWaitLines(['## Feb 15  2026-02-15', '- A'])
  call assert_equal('2026-02-12', TwTask(2).task.scheduledDate)
  call TwOpen('today')
  call TwWaitLines([s:today, '- T', '- C'])
  call TwCursor('- T')
  call TwKeys('>')
  call TwWaitLines([s:today, '- C'])
  call assert_equal('2026-02-13', TwTask(3).task.scheduledDate)
  call TwKeys('<')
  call TwWaitMessage('taskwire: no day before Today')
endfunction

function! Test_schedule_with_phrases() abort
  call TwSeed([['A', 'today'], ['B', 'today']])
  call TwOpen('today')
  call TwCursor('- A')
  let g:tw_answers = ['fri']
  call TwKeys('s')
  call TwWaitLines([s:today, '- B'])
  " The prompt names the usual answer but starts empty: typing "fri" sends "fri".
  call assert_equal(['Schedule for (Enter: tomorrow): ', ''], g:tw_prompts[0])
  call assert_equal('2026-02-13', TwTask(1).task.scheduledDate)
  call TwWaitMessage("taskwire: 'A' is in 2026-02-13")
  let g:tw_answers = ['in 3 days']
  call TwKeys('s')
  call TwWaitLines([s:today, '  (no tasks)'])
  call assert_equal('2026-02-15', TwTask(2).task.scheduledDate)
  call TwOpen('upcoming')
  call TwWaitLines(['## Tomorrow  2026-02-13', '- A', '', '## Feb 15  2026-02-15', '- B'])
  call TwCursor('- B')
  let g:tw_answers = ["\x1b"]
  call TwKeys('s')
  sleep 200m
  call assert_equal('2026-02-15', TwTask(2).task.scheduledDate, 'a cancelled prompt sends nothing')
  let g:tw_answers = ['today']
  call TwKeys('s')
  call TwWaitLines(['## Tomorrow  2026-02-13', '- A'])
  call TwWaitMessage("taskwire: 'B' is in Today")
endfunction

function! Test_send_to_inbox() abort
  call TwSeed([['A', 'today'], ['B', 'today']])
  call TwOpen('today')
  call TwCursor('- A')
  call TwKeys('i')
  call TwWaitLines([s:today, '- B'])
  call assert_equal(v:null, TwTask(1).task.scheduledDate)
  call TwOpen('inbox')
  call assert_equal(['## Inbox', '- A'], getline(1, '$'))
endfunction

function! Test_undo_and_redo() abort
  call TwSeed([['A', 'today'], ['B', 'today']])
  call TwOpen('today')
  call TwCursor('- A')
  call TwKeys('x')
  call TwWaitLines([s:today, '- B'])
  call TwKeys('u')
  call TwWaitLines([s:today, '- A', '- B'])
  call TwWaitMessage("taskwire: undid: Complete 'A'")
  execute "normal \<C-r>"
  call TwWaitLines([s:today, '- B'])
  call TwWaitMessage("taskwire: redid: Complete 'A'")
  " undo reaches the outside process's steps too: one history per store
  call TwKeys('u')
  call TwWaitLines([s:today, '- A', '- B'])
  call TwKeys('u')
  call TwWaitLines([s:today, '- A'])
  call TwWaitMessage("taskwire: undid: Create 'B'")
  call TwKeys('u')
  call TwWaitLines([s:today, '  (no tasks)'])
  call TwKeys('u')
  call TwWaitMessage('taskwire: Nothing to undo')
  call assert_equal([s:today, '  (no tasks)'], getline(1, '$'))
endfunction

function! Test_refresh() abort
  call TwOpen('today')
  call taskwire#rpc#request_sync('view/unsubscribe',
        \ {'subscription': taskwire#view#state('today').sub})
  let state = taskwire#view#state('today')
  let state.sub = 0
  call TwOutside([['task/create', {'title': 'From outside', 'view': 'today'}]])
  sleep 600m
  call assert_equal([s:today, '  (no tasks)'], getline(1, '$'), 'unsubscribed: no update')
  call TwKeys('R')
  call TwWaitLines([s:today, '- From outside'])
endfunction

function! Test_server_error_is_a_message() abort
  call TwSeed([['A', 'today']])
  call TwOpen('today')
  call TwCursor('- A')
  let g:tw_answers = ['yesterday']
  call TwKeys('s')
  call TwWaitMessage('taskwire: 2026-02-11 is in the past (today is 2026-02-12)')
  let g:tw_answers = ['someday maybe']
  call TwKeys('s')
  call TwWaitMessage('someday maybe')
  " The protocol's prefix is not for people; the message is whole, in a popup when long.
  call assert_notmatch('Invalid params', execute('messages'))
  call assert_match('taskwire: date cannot read the date "someday maybe"; try today', execute('messages'))
  call assert_equal([s:today, '- A'], getline(1, '$'))
  call assert_equal('2026-02-12', TwTask(1).task.scheduledDate)
  " a task that another process deleted: the server's message, the buffer follows
  call TwOutside([['task/delete', {'id': 1}]])
  let g:tw_answers = ['Renamed']
  call TwKeys('e')
  call TwWaitMessage('taskwire: Task 1 not found')
endfunction

function! Test_schedule_prompt_enter_takes_tomorrow_and_escape_cancels() abort
  call TwSeed([['A', 'today'], ['B', 'today']])
  call TwOpen('today')
  call TwCursor('- A')
  let g:tw_answers = ["\x1b"]
  call TwKeys('s')
  call assert_equal('2026-02-12', TwTask(1).task.scheduledDate, 'Esc changes nothing')
  let g:tw_answers = ['']
  call TwKeys('s')
  call TwWaitLines([s:today, '- B'])
  call assert_equal('2026-02-13', TwTask(1).task.scheduledDate, 'Enter takes tomorrow')
endfunction

function! Test_a_long_error_is_shown_whole() abort
  let long = 'the first words of a long message that goes on and on past the width of any '
        \ . 'command line, so that Vim would cut it in the middle, ending with THE END'
  call taskwire#ui#error(long)
  let popup = taskwire#ui#error_popup()
  call assert_notequal(0, popup)
  let shown = join(getbufline(winbufnr(popup), 1, '$'), ' ')
  call assert_equal('taskwire: ' . long, shown)
  call assert_match('THE END', execute('messages'))
  call popup_clear()
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
  call TwCursor('- A')
  call TwKeys('J')
  call TwWaitFor({-> state.version == current}, 'the view to be listed again')
  call TwWaitMessage('taskwire: The today view changed since version')
  call assert_equal([['today', ['A', 'B']]], TwServerView('today'), 'nothing moved')
  call assert_equal([s:today, '- A', '- B'], getline(1, '$'))
  call TwCursor('- A')
  call TwKeys('J')
  call TwWaitLines([s:today, '- B', '- A'])
endfunction

" The keys repeated faster than the server answers (a held J): each press waits for the list
" the previous one left, so the task goes down one row per press and nothing is refused.
function! Test_rapid_moves_are_queued() abort
  call TwSeed([['A', 'today'], ['B', 'today'], ['C', 'today'], ['D', 'today'], ['E', 'today']])
  call TwOpen('today')
  call TwCursor('- A')
  call TwKeys('JJJ')
  call TwWaitLines([s:today, '- B', '- C', '- D', '- A', '- E'])
  call assert_equal('- A', getline('.'), 'the cursor follows the task')
  call assert_equal([['today', ['B', 'C', 'D', 'A', 'E']]], TwServerView('today'))
  let outside = TwOutside([['view/list', {'view': 'today'}]])[0].result
  call assert_equal(['B', 'C', 'D', 'A', 'E'],
        \ map(copy(outside.groups[0].tasks), 'v:val.title'), 'another process agrees')
  call assert_notmatch('taskwire:', execute('messages'), 'no message at all')
  " and back up, with another task's presses queued behind
  call TwKeys('KK')
  call TwCursor('- E')
  call TwKeys('K')
  call TwWaitLines([s:today, '- B', '- A', '- C', '- E', '- D'])
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
  call TwCursor('- A')
  call TwKeys('>>')
  call TwWaitLines(['## Feb 15  2026-02-15', '- C', '', '## Feb 16  2026-02-16', '- A'])
  call assert_equal('2026-02-16', TwTask(1).task.scheduledDate)
  call TwKeys('<<<')
  call TwWaitLines(['## Feb 15  2026-02-15', '- C'])
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
  call TwCursor('- A')
  call TwKeys('JJ')
  call TwWaitMessage('taskwire: The today view changed since version')
  call TwWaitFor({-> state.version == current && state.moving == 0}, 'the view to be listed again')
  sleep 200m
  call assert_equal(1, count(execute('messages'), 'changed since version'), 'one refusal')
  call assert_equal([['today', ['A', 'B', 'C']]], TwServerView('today'), 'nothing moved')
  call assert_equal([s:today, '- A', '- B', '- C'], getline(1, '$'))
  call assert_equal([], state.moves)
  " the next press works
  call TwCursor('- A')
  call TwKeys('J')
  call TwWaitLines([s:today, '- B', '- A', '- C'])
  " another error (a task the server does not know): the same, the true list comes back
  call TwWaitFor({-> state.moving == 0}, 'the move to settle')
  let state.snapshot.groups[0].tasks[0].id = 999
  call TwCursor('- B')
  call TwKeys('JJK')
  call TwWaitMessage('taskwire: Task 999 not found')
  call TwWaitFor({-> state.moving == 0 && b:taskwire_ids == [0, 2, 1, 3]},
        \ 'the view to be listed again')
  sleep 200m
  call assert_equal(1, count(execute('messages'), 'not found'), 'one error')
  call assert_equal([['today', ['B', 'A', 'C']]], TwServerView('today'), 'nothing moved')
  call assert_equal([s:today, '- B', '- A', '- C'], getline(1, '$'))
endfunction

" At most 20 presses wait behind the one in flight; the others are dropped with a message.
function! Test_move_queue_is_bounded() abort
  call TwSeed(map(range(1, 25), '[printf("T%02d", v:val), "today"]'))
  call TwOpen('today')
  call TwCursor('- T01')
  for i in range(25)
    call taskwire#actions#move(1)
  endfor
  call TwWaitMessage('taskwire: too many moves waiting')
  let state = taskwire#view#state('today')
  call TwWaitFor({-> state.moving == 0 && empty(state.moves)}, 'the moves to settle', 5000)
  let titles = TwServerView('today')[0][1]
  call assert_equal(21, index(titles, 'T01'), '1 sent + 20 waiting')
  call assert_equal('- T01', getline(22 + 1))
  call assert_equal('- T01', getline('.'))
endfunction

" Quick add: the add prompt's text is read by the server.
function! Test_add_is_quick_add() abort
  call TwOpen('today')
  let g:tw_answers = ['Call mom #family !!']
  call TwKeys('a')
  let waited = 0
  while getline(2) !~# 'Call mom' && waited < 40
    sleep 50m
    let waited += 1
  endwhile
  let task = TwTask(b:taskwire_ids[1]).task
  call assert_equal('Call mom', task.title)
  call assert_equal(['family'], task.tags)
  call assert_equal(2, task.priority)
endfunction

" The user's language: German titles with g:taskwire_locale = 'de'.
function! Test_titles_in_the_users_language() abort
  let g:taskwire_locale = 'de_DE.UTF-8'
  try
    call TwOpen('today')
    let waited = 0
    while getline(1) !~# 'Heute' && waited < 40
      sleep 50m
      let waited += 1
    endwhile
    call assert_match('Heute', getline(1))
  finally
    unlet g:taskwire_locale
  endtry
endfunction

function! Test_form_edits_every_field_in_one_update() abort
  call TwSeed([['A', 'today']])
  call TwOpen('today')
  call TwCursor('- A')
  call TwKeys('E')
  call assert_equal('taskwire-task://1', bufname('%'))
  call assert_equal(['title: A', 'tags: ', 'priority: 1', 'urgent: no', 'duration: 15',
        \ 'type: maintenance', 'scheduled: 2026-02-12', 'due: ', 'repeat: none', 'notes:'],
        \ getline(4, '$'))
  let steps = len(TwRequest('history/list', {'limit': 100}).steps)
  call setline(4, ['title: Call mom', 'tags: family, #phone', 'priority: high', 'urgent: yes',
        \ 'duration: 30', 'type: errand', 'scheduled: tomorrow', 'due: 2026-02-20',
        \ 'repeat: weekly', 'notes:', '  ring twice', '  then text'])
  write
  call TwWaitFor({-> !&modified}, 'the form to be saved')
  let task = TwTask(1).task
  call assert_equal(['Call mom', ['family', 'phone'], 3, v:true, 30, 'errand', '2026-02-13',
        \ '2026-02-20', 'weekly', "ring twice\nthen text"],
        \ [task.title, task.tags, task.priority, task.urgent, task.durationMinutes, task.type,
        \  task.scheduledDate, task.dueDate, task.recurrence.pattern, task.notes])
  call assert_equal(steps + 1, len(TwRequest('history/list', {'limit': 100}).steps), 'one undo step')
  call TwWaitMessage("taskwire: saved 'Call mom'")
  " A value the server refuses: the form stays modified and the message says why.
  call setline(10, 'scheduled: someday maybe')
  write
  call TwWaitMessage('"someday maybe"')
  call assert_true(&modified)
  call assert_equal('2026-02-13', TwTask(1).task.scheduledDate)
  " A line that is not a field: nothing is sent.
  call setline(10, 'sched: fri')
  write
  call TwWaitMessage('no field "sched"')
  bwipe!
endfunction
