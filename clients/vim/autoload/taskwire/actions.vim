" autoload/taskwire/actions.vim - what the keys of a taskwire://VIEW buffer do.
"
" Every action reads the line under the cursor through b:taskwire_lines (never the text), sends
" one request and lets the view follow: from the subscription's view/changed notifications, or
" by listing the views again when the server has no subscriptions.

" key -> <Plug>(taskwire-NAME); see :help taskwire-mappings
let s:defaults = [
      \ ['a', 'add'], ['e', 'edit'], ['r', 'edit'], ['E', 'form'], ['x', 'complete'],
      \ ['J', 'move-down'], ['K', 'move-up'], ['>', 'next-day'], ['<lt>', 'prev-day'],
      \ ['s', 'schedule'], ['i', 'inbox'], ['u', 'undo'], ['<C-r>', 'redo'],
      \ ['gi', 'view-inbox'], ['gt', 'view-today'], ['gu', 'view-upcoming'],
      \ ['R', 'refresh'], ['q', 'close'], [']]', 'next-group'], ['[[', 'prev-group'],
      \ ['g?', 'help']]

function! taskwire#actions#defaults() abort
  return deepcopy(s:defaults)
endfunction

" Maps the default keys in the current buffer, except for the <Plug> maps the user has mapped
" (anywhere) and unless g:taskwire_no_mappings is set.
function! taskwire#actions#map_defaults() abort
  if get(g:, 'taskwire_no_mappings', 0) || get(b:, 'taskwire_mapped', 0)
    return
  endif
  let taken = {}
  for [key, name] in s:defaults
    let taken[name] = hasmapto('<Plug>(taskwire-' . name . ')', 'n')
  endfor
  for [key, name] in s:defaults
    if !taken[name]
      execute 'nmap <buffer> <nowait> <silent> ' . key . ' <Plug>(taskwire-' . name . ')'
    endif
  endfor
  let b:taskwire_mapped = 1
endfunction

" ---- where the cursor is ---------------------------------------------------------------------

function! s:here() abort
  let state = taskwire#view#state(get(b:, 'taskwire_view', ''))
  if empty(state) || state.bufnr != bufnr('%')
    call taskwire#ui#error('not a taskwire view buffer')
    return {}
  endif
  let info = get(get(b:, 'taskwire_lines', []), line('.') - 1, {})
  return {'state': state, 'info': info, 'groups': get(state.snapshot, 'groups', [])}
endfunction

" The task under the cursor: here + 'task', or {} with a message.
function! s:task_here() abort
  let here = s:here()
  if empty(here)
    return {}
  endif
  if get(here.info, 'kind', '') !=# 'task'
    call taskwire#ui#warn('no task on this line')
    return {}
  endif
  let here.task = here.groups[here.info.gi].tasks[here.info.index]
  return here
endfunction

" After a change: the cursor follows `id` at the next render; without subscriptions, list.
function! s:changed(state, id, ...) abort
  if a:id
    let a:state.follow = a:id
  endif
  if a:0 && !empty(a:1)
    call taskwire#ui#info(a:1)
  endif
  if !taskwire#rpc#supports('view/subscribe')
    call taskwire#view#relist_all()
  endif
endfunction

" ---- actions ---------------------------------------------------------------------------------

function! taskwire#actions#add() abort
  let here = s:here()
  if empty(here)
    return
  endif
  let title = taskwire#ui#input('New task: ', '')
  if empty(trim(title))
    return
  endif
  " Quick add: the server reads tags, priority, dates, repeats… out of the text.
  let params = {'text': title, 'view': here.state.view}
  let gi = get(here.info, 'gi', -1)
  if here.state.view ==# 'upcoming' && gi >= 0 && gi < len(here.groups)
    let params.scheduledDate = here.groups[gi].date
  endif
  call taskwire#rpc#request('task/create', params,
        \ {r -> s:changed(here.state, r.task.id)})
endfunction

function! taskwire#actions#edit() abort
  let here = s:task_here()
  if empty(here)
    return
  endif
  let title = taskwire#ui#input('Title: ', here.task.title)
  if empty(trim(title)) || title ==# here.task.title
    return
  endif
  call taskwire#rpc#request('task/update', {'id': here.task.id, 'title': title},
        \ {r -> s:changed(here.state, r.task.id)})
endfunction

" Every field of the task in a form buffer (autoload/taskwire/form.vim).
function! taskwire#actions#form() abort
  let here = s:task_here()
  if !empty(here)
    call taskwire#form#open(here.task)
  endif
endfunction

function! taskwire#actions#complete() abort
  let here = s:task_here()
  if empty(here)
    return
  endif
  call taskwire#rpc#request('task/complete', {'id': here.task.id},
        \ {r -> s:changed(here.state, 0, 'completed ''' . r.task.title . '''')})
endfunction

" ---- moves: J K > < --------------------------------------------------------------------------
"
" A move is relative to where the task is, so each one must be computed on the list the one
" before left, and carries that list's version.  While a move from a buffer is in flight (sent,
" and its reply and the view/changed that follows not yet applied), further presses in that
" buffer wait in state.moves, at most s:max_waiting of them; each is computed from the snapshot
" of its turn (the task it was pressed on, found by id) and sent once the previous one's diff
" has been applied (view.vim calls taskwire#actions#next_move()).  An error reply drops the
" waiting presses and lists the view again.

let s:max_waiting = 20

" J / K: one place down / up; past the end of a day group into the next / previous one.
function! taskwire#actions#move(delta) abort
  call s:press('move', a:delta)
endfunction

" > / <: to the next / previous day.  Upcoming: the top of the next day group (the day after
" the last one), the end of the previous one (Today before the first).  Today: > is the top of
" Tomorrow.
function! taskwire#actions#day(delta) abort
  call s:press('day', a:delta)
endfunction

function! s:press(kind, delta) abort
  let here = s:task_here()
  if empty(here)
    return
  endif
  let state = here.state
  if state.moving && len(state.moves) >= s:max_waiting
    call taskwire#ui#warn('too many moves waiting for the server (' . s:max_waiting
          \ . '): key dropped')
    return
  endif
  call add(state.moves, {'kind': a:kind, 'delta': a:delta, 'id': here.task.id})
  call taskwire#actions#next_move(state)
endfunction

" Sends the buffer's next waiting press unless a move is in flight.  A press whose task has
" left the view sends nothing, nor does one that only warns (already at the bottom).
function! taskwire#actions#next_move(state) abort
  if !taskwire#view#alive(a:state)
    let a:state.moves = []
    return
  endif
  while !a:state.moving && !empty(a:state.moves)
    let press = remove(a:state.moves, 0)
    let here = s:find(a:state, press.id)
    if !empty(here)
      let a:state.moving = press.kind ==# 'move' ? s:step(here, press.delta)
            \ : s:day(here, press.delta)
    endif
  endwhile
endfunction

" here (as s:task_here() makes it) for the task `id` in the state's snapshot, or {}.
function! s:find(state, id) abort
  let groups = get(a:state.snapshot, 'groups', [])
  for gi in range(len(groups))
    for index in range(len(groups[gi].tasks))
      if groups[gi].tasks[index].id == a:id
        return {'state': a:state, 'groups': groups, 'task': groups[gi].tasks[index],
              \ 'info': {'kind': 'task', 'gi': gi, 'index': index}}
      endif
    endfor
  endfor
  return {}
endfunction

" s:step(), s:day() and s:move() return 1 when a request went out, 0 when none did (they
" warned, or the server could not be started).
function! s:step(here, delta) abort
  let [gi, index, groups] = [a:here.info.gi, a:here.info.index, a:here.groups]
  if a:delta > 0
    if index + 1 < len(groups[gi].tasks)
      let [gi, index] = [gi, index + 1]
    elseif gi + 1 < len(groups)
      let [gi, index] = [gi + 1, 0]
    else
      call taskwire#ui#warn('already at the bottom')
      return 0
    endif
  else
    if index > 0
      let [gi, index] = [gi, index - 1]
    elseif gi > 0
      let [gi, index] = [gi - 1, len(groups[gi - 1].tasks)]
    else
      call taskwire#ui#warn('already at the top')
      return 0
    endif
  endif
  return s:move(a:here, a:here.state.view, groups[gi].date, index)
endfunction

function! s:day(here, delta) abort
  let [view, gi, groups] = [a:here.state.view, a:here.info.gi, a:here.groups]
  if view ==# 'upcoming' && a:delta > 0
    let date = gi + 1 < len(groups) ? groups[gi + 1].date
          \ : taskwire#actions#next_day(a:here.task.scheduledDate)
    return s:move(a:here, 'upcoming', date, 0)
  elseif view ==# 'upcoming' && gi > 0
    return s:move(a:here, 'upcoming', groups[gi - 1].date, len(groups[gi - 1].tasks))
  elseif view ==# 'upcoming'
    return taskwire#rpc#request('task/schedule', {'id': a:here.task.id, 'date': 'today'},
          \ function('s:moved', [a:here.state, 1]), function('s:move_failed', [a:here.state, '']))
          \ != 0
  elseif view ==# 'today' && a:delta > 0
    return s:move(a:here, 'upcoming', 'tomorrow', 0)
  endif
  call taskwire#ui#warn(view ==# 'today' ? 'no day before Today'
        \ : 'Inbox tasks have no day: use s to schedule')
  return 0
endfunction

" task/move with the target view's version, so that a drop computed on a stale list is refused
" (-32801) and the view listed again.
function! s:move(here, view, date, index) abort
  let params = {'id': a:here.task.id, 'view': a:view, 'index': a:index}
  if a:view ==# 'upcoming'
    let params.date = a:date
  endif
  let target = taskwire#view#state(a:view)
  if !empty(target) && type(target.version) == v:t_number
    let params.version = target.version
  endif
  return taskwire#rpc#request('task/move', params, function('s:moved', [a:here.state, 0]),
        \ function('s:move_failed', [a:here.state, a:view])) != 0
endfunction

" The reply to a move (or to the task/schedule of < before Upcoming's first day; `toast`: say
" where the task went).  The next press waits for the view/changed that follows, unless the
" buffer shows the result already (nothing moved) and so none is coming.
function! s:moved(state, toast, result) abort
  call s:changed(a:state, a:result.task.id, a:toast
        \ ? printf("'%s' is in %s", a:result.task.title, s:place_name(a:result)) : '')
  if s:shows(a:state, a:result)
    let a:state.follow = 0
    let a:state.moving = 0
    call taskwire#actions#next_move(a:state)
    return
  endif
  let a:state.moving = 2
  if !a:state.sub && !a:state.subscribing && taskwire#rpc#supports('view/subscribe')
    call taskwire#view#relist(a:state)    " not subscribed (any more): no view/changed comes
  endif
endfunction

" Whether the state's snapshot shows the task where the reply says it is.
function! s:shows(state, result) abort
  let here = s:find(a:state, a:result.task.id)
  if a:result.view !=# a:state.view
    return empty(here)
  endif
  return !empty(here) && here.groups[here.info.gi].key ==# a:result.group
        \ && here.info.index == a:result.index
endfunction

" An error reply (-32801: the drop was computed on a list that changed since, e.g. by another
" process; or the task is gone, completed, ...): the message, the waiting presses dropped, the
" buffer listed again (and the target view, for a stale drop).  A press made meanwhile waits
" for that list.
function! s:move_failed(state, view, error) abort
  call taskwire#ui#server_error(a:error)
  let a:state.moves = []
  let a:state.moving = 0
  if !taskwire#view#alive(a:state)
    return
  endif
  let a:state.moving = 2
  call taskwire#view#relist(a:state)
  let target = taskwire#view#state(a:view)
  if get(a:error, 'code', 0) == -32801 && !empty(target) && target isnot a:state
    call taskwire#view#relist(target)
  endif
endfunction

function! taskwire#actions#schedule() abort
  let here = s:task_here()
  if empty(here)
    return
  endif
  let date = taskwire#ui#ask('Schedule for', 'tomorrow')
  if date isnot v:null
    call s:schedule(here, date)
  endif
endfunction

function! taskwire#actions#to_inbox() abort
  let here = s:task_here()
  if !empty(here)
    call s:schedule(here, v:null)
  endif
endfunction

function! s:schedule(here, date) abort
  call taskwire#rpc#request('task/schedule', {'id': a:here.task.id, 'date': a:date},
        \ {r -> s:changed(a:here.state, r.task.id,
        \   printf("'%s' is in %s", r.task.title, s:place_name(r)))})
endfunction

" Where a task/move or task/schedule reply says the task is: "Today", "Inbox", "2026-02-13".
function! s:place_name(result) abort
  return a:result.view ==# 'upcoming' ? a:result.group : s:capital(a:result.view)
endfunction

function! taskwire#actions#undo() abort
  call s:history('undo', 'undone', 'undid')
endfunction

function! taskwire#actions#redo() abort
  call s:history('redo', 'redone', 'redid')
endfunction

function! s:history(method, key, verb) abort
  let here = s:here()
  if empty(here)
    return
  endif
  call taskwire#rpc#request('history/' . a:method, v:none,
        \ {r -> s:changed(here.state, 0, a:verb . ': ' . r[a:key].label)})
endfunction

function! taskwire#actions#switch(view) abort
  call taskwire#open(a:view)
endfunction

function! taskwire#actions#refresh() abort
  let here = s:here()
  if !empty(here)
    call taskwire#view#relist(here.state)
  endif
endfunction

function! taskwire#actions#close() abort
  if exists('b:taskwire_view')
    execute 'bwipeout' bufnr('%')
  endif
endfunction

" ]] / [[: the cursor to the next / previous group header.
function! taskwire#actions#jump(delta) abort
  let lines = get(b:, 'taskwire_lines', [])
  let lnum = line('.') + a:delta
  while lnum >= 1 && lnum <= len(lines)
    if lines[lnum - 1].kind ==# 'group'
      call cursor(lnum, 1)
      return
    endif
    let lnum += a:delta
  endwhile
endfunction

function! taskwire#actions#help() abort
  help taskwire-mappings
endfunction

" ---- helpers ---------------------------------------------------------------------------------

function! s:capital(word) abort
  return toupper(a:word[0]) . a:word[1:]
endfunction

" YYYY-MM-DD of the day after `date`.
function! taskwire#actions#next_day(date) abort
  let [y, m, d] = map(split(a:date, '-'), 'str2nr(v:val, 10)')
  let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
  let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
  let d += 1
  if d > days
    let [d, m] = [1, m + 1]
    if m > 12
      let [m, y] = [1, y + 1]
    endif
  endif
  return printf('%04d-%02d-%02d', y, m, d)
endfunction
