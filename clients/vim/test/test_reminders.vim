" test/test_reminders.vim - reminders (initializationOptions.reminders): a reminder that falls due
" as test/setClock moves the fixed clock (UTC here) shows in a popup and in :messages;
" :TaskwireReminders snoozes, dismisses or completes it through its popup menu, keys typed; a
" reminder/cleared (another process dismissing it) closes the popup.

let s:actions = ['1 Complete', '2 10 minutes', '3 1 hour', '4 This evening',
      \ '5 Tomorrow morning', '6 Dismiss']

" Starts the plugin's server, then makes "Water plants" (today 10:00) with a reminder at 08:30.
function! s:WaterPlants() abort
  call TwOpen('today')
  call assert_true(index(get(taskwire#rpc#server(), 'notifications', []), 'reminder') >= 0,
        \ 'initialize declared reminders')
  return TwRequest('task/create', {'title': 'Water plants', 'view': 'today',
        \ 'scheduledTime': '10:00', 'reminders': [{'at': '2026-02-12T08:30'}]}).task.id
endfunction

function! s:SetClock(now) abort
  call TwRequest('test/setClock', {'now': a:now})
endfunction

function! s:WaitShowing(n) abort
  call TwWaitFor({-> len(taskwire#reminders#showing()) == a:n},
        \ a:n . ' reminders showing (' . string(taskwire#reminders#showing()) . ')')
endfunction

function! s:PopupLines(popup) abort
  return getbufline(winbufnr(a:popup), 1, '$')
endfunction

" Waits for the menu of :TaskwireReminders (a new one) and returns its lines.
function! s:WaitMenu(before) abort
  call TwWaitFor({-> taskwire#reminders#menu() != a:before
        \ && !empty(popup_getpos(taskwire#reminders#menu()))}, 'the reminders menu')
  return s:PopupLines(taskwire#reminders#menu())
endfunction

function! Test_reminder_popup_snooze_and_dismiss() abort
  let id = s:WaterPlants()
  call s:SetClock('2026-02-12T08:29:00Z')
  sleep 100m
  call assert_equal([], taskwire#reminders#showing(), 'nothing before its time')
  call s:SetClock('2026-02-12T08:30:00Z')
  call s:WaitShowing(1)
  call TwWaitMessage('taskwire: Reminder: Water plants (Today 8:30 AM)')
  let popup = taskwire#reminders#popup(id, '2026-02-12T08:30')
  call assert_true(popup > 0 && !empty(popup_getpos(popup)), 'a popup shows it')
  let hint = taskwire#text#has('vim.reminder.hint')
        \ ? taskwire#text#get('vim.reminder.hint', {'command': ':TaskwireReminders'})
        \ : ':TaskwireReminders'
  call assert_equal(['Water plants', 'Today 8:30 AM', hint], s:PopupLines(popup))
  call assert_equal(' Reminder ', popup_getoptions(popup).title)
  call assert_equal('taskwireReminderAlert', popup_getoptions(popup).highlight,
        \ 'this process fired it: alert')
  call assert_equal('Water plants', g:taskwire_reminder.text)

  " the only one: its actions at once, the server's titles numbered; 2 snoozes for 10 minutes
  TaskwireReminders
  call assert_equal(s:actions, s:WaitMenu(0))
  call assert_equal(' Reminder: Water plants (Today 8:30 AM) ',
        \ popup_getoptions(taskwire#reminders#menu()).title)
  call feedkeys('2', 'xt')
  call TwWaitMessage('taskwire: Snoozed until 8:40 AM')
  call assert_equal({}, popup_getpos(popup), 'the popup closed')
  call assert_equal([], taskwire#reminders#showing())
  call assert_equal([], TwRequest('reminder/list', v:none).reminders, 'snoozed in the server')

  " ten minutes later it comes again; <Plug>(taskwire-reminders) and 6 dismiss it for good
  call s:SetClock('2026-02-12T08:40:00Z')
  call s:WaitShowing(1)
  let popup = taskwire#reminders#popup(id, '2026-02-12T08:30')
  call assert_false(empty(popup_getpos(popup)), 'a popup again')
  nmap ,r <Plug>(taskwire-reminders)
  let menu = taskwire#reminders#menu()
  call feedkeys(',r', 'xt')
  nunmap ,r
  call assert_equal(s:actions, s:WaitMenu(menu))
  call feedkeys('6', 'xt')
  call s:WaitShowing(0)
  call assert_equal({}, popup_getpos(popup), 'the popup closed')
  call assert_equal([], TwRequest('reminder/list', v:none).reminders, 'dismissed in the server')
  messages clear
  call s:SetClock('2026-02-12T09:30:00Z')
  sleep 150m
  call assert_notmatch('Reminder', execute('messages'), 'a dismissed reminder does not come again')
endfunction

function! Test_reminder_complete_from_the_menu_of_two() abort
  let id = s:WaterPlants()
  let other = TwRequest('task/create', {'title': 'Call Anna', 'view': 'today',
        \ 'reminders': [{'at': '2026-02-12T08:45'}]}).task.id
  call s:SetClock('2026-02-12T08:45:00Z')       " the one at 08:30 was missed
  call s:WaitShowing(2)
  call TwWaitMessage('taskwire: Missed reminder: Water plants (Today 8:30 AM)')
  call assert_equal(' Missed reminder ',
        \ popup_getoptions(taskwire#reminders#popup(id, '2026-02-12T08:30')).title)
  let second = taskwire#reminders#popup(other, '2026-02-12T08:45')
  call assert_true(popup_getpos(second).line > 1, 'stacked below the first')
  TaskwireReminders
  call assert_equal(['1 Water plants · Today 8:30 AM', '2 Call Anna · Today 8:45 AM'],
        \ s:WaitMenu(0))
  let menu = taskwire#reminders#menu()
  call feedkeys('2', 'xt')
  call assert_equal(s:actions, s:WaitMenu(menu))
  call feedkeys("\r", 'xt')                      " Enter on the first: Complete
  call TwWaitMessage("taskwire: Completed 'Call Anna'")
  call s:WaitShowing(1)
  call assert_equal({}, popup_getpos(second))
  call assert_true(TwTask(other).task.completed, 'Call Anna is completed')
  call assert_equal(['Water plants'],
        \ map(TwRequest('reminder/list', v:none).reminders, 'v:val.text'))
  call assert_equal(1, popup_getpos(taskwire#reminders#popup(id, '2026-02-12T08:30')).line,
        \ 'the one left moves up')
  " Esc in the menu does nothing
  let menu = taskwire#reminders#menu()
  TaskwireReminders
  call s:WaitMenu(menu)
  call feedkeys("\<Esc>", 'xt')
  sleep 50m
  call assert_equal(1, len(taskwire#reminders#showing()))
endfunction

function! Test_reminder_cleared_by_another_process() abort
  let id = s:WaterPlants()
  call s:SetClock('2026-02-12T08:30:00Z')
  call s:WaitShowing(1)
  let popup = taskwire#reminders#popup(id, '2026-02-12T08:30')
  call TwOutside([['reminder/dismiss', {'id': id, 'at': '2026-02-12T08:30'}]])
  call s:WaitShowing(0)
  call assert_equal({}, popup_getpos(popup), 'reminder/cleared closed the popup')
  messages clear
  TaskwireReminders
  " (the catalogue's words; "(empty)" from a server older than the key)
  call TwWaitMessage('taskwire: ' . taskwire#text#get(taskwire#text#has('vim.message.noReminders')
        \ ? 'vim.message.noReminders' : 'list.empty'))
endfunction

function! Test_reminders_off() abort
  let g:taskwire_reminders = 0
  call TwOpen('today')
  call assert_equal(-1, index(get(taskwire#rpc#server(), 'notifications', []), 'reminder'))
  call TwRequest('task/create', {'title': 'Water plants', 'view': 'today',
        \ 'reminders': [{'at': '2026-02-12T08:30'}]})
  call s:SetClock('2026-02-12T08:30:00Z')
  sleep 150m
  call assert_equal([], taskwire#reminders#showing())
  call assert_notmatch('Reminder', execute('messages'))
endfunction
