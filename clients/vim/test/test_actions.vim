" test/test_actions.vim - each key of a view buffer, against the real server.

let s:today = 'Today · Thu, Feb 12'

function! Test_add_in_today() abort
  call TwOpen('today')
  let g:tw_answers = ['Buy bread']
  call TwKeys('a')
  call TwWaitLines([s:today . ' · 15m', '[ ] Buy bread'])
  call assert_equal([['New task: ', '']], g:tw_prompts)
  call assert_equal(2, line('.'), 'the cursor is on the new task')
  call assert_equal('2026-02-12', TwTask(b:taskwire_ids[1]).task.scheduledDate)
  " cancelled: nothing is sent
  let g:tw_answers = ['']
  call TwKeys('a')
  sleep 200m
  call assert_equal([s:today . ' · 15m', '[ ] Buy bread'], getline(1, '$'))
endfunction

function! Test_add_in_inbox() abort
  call TwOpen('inbox')
  let g:tw_answers = ['Someday']
  call TwKeys('a')
  call TwWaitLines(['Inbox · 15m', '[ ] Someday'])
  call assert_equal(v:null, TwTask(b:taskwire_ids[1]).task.scheduledDate)
endfunction

function! Test_add_in_upcoming_goes_to_the_group_under_the_cursor() abort
  call TwSeed([['B', 'upcoming'], ['C', 'upcoming', {'scheduledDate': 'in 3 days'}]])
  call TwOpen('upcoming')
  call TwCursor('[ ] C')
  let g:tw_answers = ['D']
  call TwKeys('a')
  call TwWaitLines(['Tomorrow · Fri, Feb 13 · 15m', '[ ] B', '', 'Sun, Feb 15 · 30m', '[ ] C', '[ ] D'])
  call assert_equal('[ ] D', getline('.'))
  call TwCursor('Tomorrow · Fri, Feb 13 · 15m')
  let g:tw_answers = ['E']
  call TwKeys('a')
  call TwWaitLines(['Tomorrow · Fri, Feb 13 · 30m', '[ ] B', '[ ] E', '',
        \ 'Sun, Feb 15 · 30m', '[ ] C', '[ ] D'])
endfunction

function! Test_edit_title() abort
  call TwSeed([['Buy milk', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] Buy milk')
  let g:tw_answers = ['Buy oat milk']
  call TwKeys('e')
  call TwWaitLines([s:today . ' · 15m', '[ ] Buy oat milk'])
  call assert_equal(['Title: ', 'Buy milk'], g:tw_prompts[0])
  let g:tw_answers = ['Buy soy milk']
  call TwKeys('r')
  call TwWaitLines([s:today . ' · 15m', '[ ] Buy soy milk'])
  call assert_equal('Buy soy milk', TwTask(1).task.title)
endfunction

function! Test_complete() abort
  call TwSeed([['A', 'today'], ['B', 'today'], ['C', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] B')
  call TwKeys('x')
  call TwWaitLines([s:today . ' · 30m', '[ ] A', '[ ] C'])
  call assert_equal(v:true, TwTask(2).task.completed)
  call assert_equal('[ ] C', getline('.'), 'the cursor stays on the same line')
  call TwWaitMessage("taskwire: Completed 'B'")
  " on a line without a task: a warning, nothing sent
  call cursor(1, 1)
  call TwKeys('x')
  call TwWaitMessage('taskwire: no task on this line')
endfunction

function! Test_schedule_with_phrases() abort
  call TwSeed([['A', 'today'], ['B', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] A')
  let g:tw_answers = ['fri']
  call TwKeys('s')
  call TwWaitLines([s:today . ' · 15m', '[ ] B'])
  " The prompt names the usual answer but starts empty: typing "fri" sends "fri".
  call assert_equal(['Schedule for (Enter: tomorrow): ', ''], g:tw_prompts[0])
  call assert_equal('2026-02-13', TwTask(1).task.scheduledDate)
  call TwWaitMessage("taskwire: Scheduled 'A' for Fri, Feb 13")
  let g:tw_answers = ['in 3 days']
  call TwKeys('s')
  call TwWaitLines([s:today, '  (no tasks)'])
  call assert_equal('2026-02-15', TwTask(2).task.scheduledDate)
  call TwWaitMessage("taskwire: Scheduled 'B' for Sun, Feb 15")
  call TwOpen('upcoming')
  call TwWaitLines(['Tomorrow · Fri, Feb 13 · 15m', '[ ] A', '', 'Sun, Feb 15 · 15m', '[ ] B'])
  call TwCursor('[ ] B')
  let g:tw_answers = ["\x1b"]
  call TwKeys('s')
  sleep 200m
  call assert_equal('2026-02-15', TwTask(2).task.scheduledDate, 'a cancelled prompt sends nothing')
  let g:tw_answers = ['today']
  call TwKeys('s')
  call TwWaitLines(['Tomorrow · Fri, Feb 13 · 15m', '[ ] A'])
  call TwWaitMessage("taskwire: Moved 'B' to Today")
endfunction

function! Test_send_to_inbox() abort
  call TwSeed([['A', 'today'], ['B', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] A')
  call TwKeys('i')
  call TwWaitLines([s:today . ' · 15m', '[ ] B'])
  call assert_equal(v:null, TwTask(1).task.scheduledDate)
  call TwWaitMessage("taskwire: Sent 'A' to Inbox")
  call TwOpen('inbox')
  call assert_equal(['Inbox · 15m', '[ ] A'], getline(1, '$'))
endfunction

function! Test_undo_and_redo() abort
  call TwSeed([['A', 'today'], ['B', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] A')
  call TwKeys('x')
  call TwWaitLines([s:today . ' · 15m', '[ ] B'])
  call TwKeys('u')
  call TwWaitLines([s:today . ' · 30m', '[ ] A', '[ ] B'])
  call TwWaitMessage("taskwire: Undid: Complete 'A'")
  execute "normal \<C-r>"
  call TwWaitLines([s:today . ' · 15m', '[ ] B'])
  call TwWaitMessage("taskwire: Redid: Complete 'A'")
  " undo reaches the outside process's steps too: one history per store
  call TwKeys('u')
  call TwWaitLines([s:today . ' · 30m', '[ ] A', '[ ] B'])
  call TwKeys('u')
  call TwWaitLines([s:today . ' · 15m', '[ ] A'])
  call TwWaitMessage("taskwire: Undid: Create 'B'")
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
  call TwWaitLines([s:today . ' · 15m', '[ ] From outside'])
endfunction

function! Test_server_error_is_a_message() abort
  call TwSeed([['A', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] A')
  let g:tw_answers = ['yesterday']
  call TwKeys('s')
  call TwWaitMessage('taskwire: 2026-02-11 is in the past (today is 2026-02-12)')
  let g:tw_answers = ['someday maybe']
  call TwKeys('s')
  call TwWaitMessage('someday maybe')
  " The protocol's prefix is not for people; the message is whole, in a popup when long.
  call assert_notmatch('Invalid params', execute('messages'))
  call assert_match('taskwire: date cannot read the date "someday maybe"; try today', execute('messages'))
  call assert_equal([s:today . ' · 15m', '[ ] A'], getline(1, '$'))
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
  call TwCursor('[ ] A')
  let g:tw_answers = ["\x1b"]
  call TwKeys('s')
  call assert_equal('2026-02-12', TwTask(1).task.scheduledDate, 'Esc changes nothing')
  let g:tw_answers = ['']
  call TwKeys('s')
  call TwWaitLines([s:today . ' · 15m', '[ ] B'])
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
