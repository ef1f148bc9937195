" autoload/taskwire/reminders.vim - the reminders the server sends (see :help taskwire-reminders).
"
" The plugin says in initialize that it shows reminders (g:taskwire_reminders, default on).  A
" `reminder` notification is kept, echoed into :messages and shown in a popup at the top right
" (the server's words: its title on the border, the task's title, when it was for) until it is
" cleared: by `reminder/cleared` (dismissed, snoozed or completed in another process, the task
" changed) or by an action taken here.  :TaskwireReminders (<Plug>(taskwire-reminders)) offers
" the actions in a popup menu, the server's titles numbered: a digit picks one, as do j/k and
" Enter.  Complete is task/complete, a snooze reminder/snooze with its `for`, Dismiss
" reminder/dismiss.  Each reminder also fires the User autocommand TaskwireReminder (with
" g:taskwire_reminder), for a system notification of one's own where `alert` is true.

let s:showing = []      " the reminders showing, in the order they came (the params)
let s:popups = {}       " 'ID@AT' -> the id of its popup
let s:menu = 0          " the last menu popup, for tests

function! s:key(r) abort
  return a:r.id . '@' . a:r.at
endfunction

" Whether the session shows reminders (initializationOptions.reminders of initialize).
function! taskwire#reminders#enabled() abort
  let on = get(g:, 'taskwire_reminders', 1)
  return !(on is v:false || (type(on) == v:t_number && on == 0))
endfunction

" The reminders showing, oldest first (copies): for a statusline or a picker of one's own.
function! taskwire#reminders#showing() abort
  return deepcopy(s:showing)
endfunction

" The popup of the reminder of task `id` at `at` (0 when none): for tests.
function! taskwire#reminders#popup(id, at) abort
  return get(s:popups, a:id . '@' . a:at, 0)
endfunction

" The last menu of :TaskwireReminders (0 when none): for tests.
function! taskwire#reminders#menu() abort
  return s:menu
endfunction

" "Reminder: Water plants (Today 9:30 AM)", the server's words.
function! taskwire#reminders#describe(r) abort
  return printf('%s: %s (%s)', get(a:r, 'title', ''), get(a:r, 'text', ''), get(a:r, 'when', ''))
endfunction

" ---- notifications ---------------------------------------------------------------------------

function! taskwire#reminders#on_reminder(params) abort
  call s:forget(a:params.id, a:params.at)
  call add(s:showing, a:params)
  let alert = get(a:params, 'alert', v:false) is v:true
  if alert
    call taskwire#ui#warn(taskwire#reminders#describe(a:params))
  else
    call taskwire#ui#info(taskwire#reminders#describe(a:params))
  endif
  call s:open_popup(a:params, alert)
  let g:taskwire_reminder = a:params
  if exists('#User#TaskwireReminder')
    doautocmd <nomodeline> User TaskwireReminder
  endif
endfunction

function! taskwire#reminders#on_cleared(params) abort
  call s:forget(a:params.id, a:params.at)
endfunction

" The server is gone: the next one sends those still showing again.
function! taskwire#reminders#on_server_exit() abort
  for r in copy(s:showing)
    call s:forget(r.id, r.at)
  endfor
endfunction

function! s:forget(id, at) abort
  call filter(s:showing, {_, r -> r.id != a:id || r.at !=# a:at})
  let key = a:id . '@' . a:at
  if has_key(s:popups, key)
    call popup_close(remove(s:popups, key))
    call s:restack()
  endif
endfunction

" ---- the popups ------------------------------------------------------------------------------

function! s:highlights() abort
  highlight default link taskwireReminder Pmenu
  highlight default link taskwireReminderAlert WarningMsg
endfunction

" A popup at the top right, below the others, until the reminder is cleared (a click closes it
" too): the title on its border, the task, when it was for, and the command that acts on it.
function! s:open_popup(r, alert) abort
  if !exists('*popup_create')
    return
  endif
  call s:highlights()
  let command = ':TaskwireReminders'
  let hint = taskwire#text#has('vim.reminder.hint')
        \ ? taskwire#text#get('vim.reminder.hint', {'command': command}) : command
  let s:popups[s:key(a:r)] = popup_create([get(a:r, 'text', ''), get(a:r, 'when', ''), hint], #{
        \ title: ' ' . get(a:r, 'title', '') . ' ', line: 1, col: &columns, pos: 'topright',
        \ border: [], padding: [0, 1, 0, 1], minwidth: 20, maxwidth: max([20, &columns / 2]),
        \ wrap: v:true, highlight: a:alert ? 'taskwireReminderAlert' : 'taskwireReminder',
        \ zindex: 300, tabpage: -1, close: 'click', drag: v:true,
        \ callback: function('s:popup_closed', [s:key(a:r)])})
  call s:restack()
endfunction

" Each popup below the one before, in the order they came.
function! s:restack() abort
  let line = 1
  for r in s:showing
    let popup = get(s:popups, s:key(r), 0)
    if popup && !empty(popup_getpos(popup))
      call popup_move(popup, #{line: line, col: &columns, pos: 'topright'})
      let line += popup_getpos(popup).height
    endif
  endfor
endfunction

" A popup closed by a click: the reminder still shows (in :TaskwireReminders).
function! s:popup_closed(key, id, result) abort
  if get(s:popups, a:key, 0) == a:id
    call remove(s:popups, a:key)
    call s:restack()
  endif
endfunction

" ---- acting on them ----------------------------------------------------------------------------

" :TaskwireReminders: the reminders showing, asked of the server (reminder/list, which starts
" it), then a menu of the actions of the one chosen (of the only one, without asking).
function! taskwire#reminders#pick() abort
  call taskwire#rpc#request('reminder/list', v:none, function('s:listed'))
endfunction

function! s:listed(result) abort
  let listed = get(a:result, 'reminders', [])
  for r in copy(s:showing)       " gone meanwhile (e.g. a cleared that never came)
    if empty(filter(copy(listed), {_, l -> l.id == r.id && l.at ==# r.at}))
      call s:forget(r.id, r.at)
    endif
  endfor
  for r in listed
    if empty(filter(copy(s:showing), {_, s -> s.id == r.id && s.at ==# r.at}))
      call add(s:showing, r)
    endif
  endfor
  if empty(listed)
    call taskwire#ui#info(taskwire#text#get(taskwire#text#has('vim.message.noReminders')
          \ ? 'vim.message.noReminders' : 'list.empty'))
  elseif len(listed) == 1
    call taskwire#reminders#actions(listed[0])
  else
    let title = taskwire#text#has('vim.prompt.reminder')
          \ ? taskwire#text#get('vim.prompt.reminder') : listed[0].title
    call s:menu(title, map(copy(listed), {_, r -> r.text . ' · ' . r.when}),
          \ {i -> taskwire#reminders#actions(listed[i - 1])})
  endif
endfunction

" The menu of the actions of reminder `r`, the server's titles.
function! taskwire#reminders#actions(r) abort
  let actions = get(a:r, 'actions', [])
  call s:menu(taskwire#reminders#describe(a:r), map(copy(actions), 'v:val.title'),
        \ {i -> taskwire#reminders#act(a:r, actions[i - 1])})
endfunction

" A popup menu of `items`, numbered; On_pick(index) with the one picked (1-based), nothing on
" Esc.  Without popups, the items are typed: their number.
function! s:menu(title, items, OnPick) abort
  let lines = map(copy(a:items), {i, item -> (i < 9 ? (i + 1) . ' ' : '  ') . item})
  if !exists('*popup_menu')
    let answer = taskwire#ui#read(join([a:title] + lines, "\n") . "\n> ")
    if answer isnot v:null && answer =~# '^\s*\d\+\s*$'
          \ && str2nr(answer) >= 1 && str2nr(answer) <= len(a:items)
      call a:OnPick(str2nr(answer))
    endif
    return
  endif
  let s:menu = popup_menu(lines, #{title: ' ' . a:title . ' ',
        \ filter: function('s:menu_filter', [len(a:items)]),
        \ callback: {id, result -> result > 0 ? a:OnPick(result) : 0}})
endfunction

" A digit picks its item at once; the rest is popup_menu's (j k Enter Esc).
function! s:menu_filter(count, id, key) abort
  if a:key =~# '^[1-9]$' && str2nr(a:key) <= a:count
    call popup_close(a:id, str2nr(a:key))
    return 1
  endif
  return popup_filter_menu(a:id, a:key)
endfunction

" Takes `action` ({action, for?, title}) on reminder `r`.
function! taskwire#reminders#act(r, action) abort
  let Done = function('s:done', [a:r, a:action])
  if a:action.action ==# 'complete'
    call taskwire#rpc#request('task/complete', {'id': a:r.id}, Done)
  elseif a:action.action ==# 'snooze'
    call taskwire#rpc#request('reminder/snooze',
          \ {'id': a:r.id, 'at': a:r.at, 'for': a:action['for']}, Done)
  elseif a:action.action ==# 'dismiss'
    call taskwire#rpc#request('reminder/dismiss', {'id': a:r.id, 'at': a:r.at}, Done)
  endif
endfunction

" The other processes are sent reminder/cleared; this one is not: it forgets on the reply.
function! s:done(r, action, result) abort
  call s:forget(a:r.id, a:r.at)
  if a:action.action ==# 'complete'
    let title = get(get(a:result, 'task', {}), 'title', a:r.text)
    call taskwire#ui#info(taskwire#text#get('message.completed', {'title': title}))
  elseif type(a:result) == v:t_dict && has_key(a:result, 'message')
    call taskwire#ui#info(a:result.message)      " "Snoozed until 9:40 AM"
  endif
endfunction

call taskwire#rpc#on('reminder', function('taskwire#reminders#on_reminder'))
call taskwire#rpc#on('reminder/cleared', function('taskwire#reminders#on_cleared'))
