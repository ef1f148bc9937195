" autoload/taskwire/moves.vim - the move keys J K > < of a view buffer.
"
" Moves work in Today, Upcoming, Inbox and the matrix (J K within and across quadrants, > <
" to the next / previous quadrant), on the unfiltered manual order only (a drop index counts
" the whole list): All, the logbook, Anytime and Someday are no drag targets (S and A put a
" task on Someday or Anytime: actions.vim), a filtered view warns.  In a
" project J K move a task among the project's own tasks and under its headings (past a
" heading's header: under that heading); in the projects view a project among its area's
" projects and into the next or previous area; in an area a project among its projects, a task
" among its tasks (J K stop between the two).
"
" A move is relative to where the task is, so each one must be computed on the list the one
" before left, and carries that list's version.  While a move from a buffer is in flight (sent,
" and its reply and the view/changed that follows not yet applied), further presses in that
" buffer wait in state.moves, at most s:max_waiting of them; each is computed from the snapshot
" of its turn (the task it was pressed on, found by id) and sent once the previous one's diff
" has been applied (view.vim calls taskwire#moves#next()).  An error reply drops the
" waiting presses and lists the view again.

let s:max_waiting = 20

" J / K: one place down / up; past the end of a day group into the next / previous one (past
" Today's own list into This Evening, even while it is empty and not shown).
function! taskwire#moves#move(delta) abort
  call s:press('move', a:delta)
endfunction

" > / <: to the next / previous day.  Upcoming: the top of the next day group (the day after
" the last one), the end of the previous one (Today before the first).  Today: > is the top of
" Tomorrow.
function! taskwire#moves#day(delta) abort
  call s:press('day', a:delta)
endfunction

function! s:press(kind, delta) abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  let state = here.state
  if index(['all', 'logbook', 'anytime', 'someday'], state.view) >= 0
    call taskwire#ui#warn(taskwire#text#get('vim.warn.noMovesInView',
          \ {'view': taskwire#text#get('view.' . state.view)}))
    return
  elseif !taskwire#view#unfiltered(state)
    call taskwire#ui#warn(taskwire#text#get('vim.warn.movesNeedWholeList'))
    return
  endif
  if state.moving && len(state.moves) >= s:max_waiting
    call taskwire#ui#warn(taskwire#text#get('vim.warn.tooManyMoves', {'max': s:max_waiting}))
    return
  endif
  call add(state.moves, {'kind': a:kind, 'delta': a:delta, 'id': here.task.id})
  call taskwire#moves#next(state)
endfunction

" Sends the buffer's next waiting press unless a move is in flight.  A press whose task has
" left the view sends nothing, nor does one that only warns (already at the bottom).
function! taskwire#moves#next(state) abort
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

" here (as taskwire#actions#task_here() makes it) for the task `id` in the state's snapshot, or {}.
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
    elseif a:here.state.view ==# 'today' && groups[gi].key ==# 'today'
      " past Today's own list: into This Evening, which shows once it holds a task
      return s:move(a:here, {'view': 'today', 'evening': v:true}, 0)
    else
      call taskwire#ui#warn(taskwire#text#get('vim.warn.atBottom'))
      return 0
    endif
  else
    if index > 0
      let [gi, index] = [gi, index - 1]
    elseif gi > 0
      let [gi, index] = [gi - 1, len(groups[gi - 1].tasks)]
    else
      call taskwire#ui#warn(taskwire#text#get('vim.warn.atTop'))
      return 0
    endif
  endif
  let view = a:here.state.view
  if index(['project', 'area', 'projects'], view) >= 0
    let from = matchstr(groups[a:here.info.gi].key, '^\w\+')
    if matchstr(groups[gi].key, '^\w\+') !=# from    " an area's projects, then its tasks
      call taskwire#ui#warn(taskwire#text#get(a:delta > 0 ? 'vim.warn.atBottom'
            \ : 'vim.warn.atTop'))
      return 0
    endif
    return s:move(a:here, s:item_target(a:here.state, groups[gi]), index)
  endif
  return s:move(a:here, s:target(view, groups[gi]), index)
endfunction

" task/move's target for a group: {view} and the date in Upcoming, the quadrant in the matrix,
" evening in Today's This Evening (Today's own list: none).
function! s:target(view, group) abort
  if a:view ==# 'matrix'
    return {'view': 'matrix', 'quadrant': a:group.key}
  elseif a:view ==# 'today' && a:group.key ==# 'evening'
    return {'view': 'today', 'evening': v:true}
  endif
  return a:view ==# 'upcoming' ? {'view': 'upcoming', 'date': a:group.date} : {'view': a:view}
endfunction

" The target of a group of a project (tasks:PROJECT, its own tasks; tasks:HEADING, a heading's),
" of an area (projects:AREA its projects, tasks:AREA its tasks) or of the projects view
" (projects:AREA, projects:0 for those in no area).
function! s:item_target(state, group) abort
  let [prefix, id] = [matchstr(a:group.key, '^\w\+'), str2nr(matchstr(a:group.key, '\d\+$'))]
  if prefix ==# 'projects'
    return id ? {'view': 'projects', 'area': id} : {'view': 'projects'}
  elseif a:state.view ==# 'area'
    return {'view': 'area', 'area': id}
  endif
  let target = {'view': 'project', 'project': a:state.id}
  if id != a:state.id
    let target.heading = id
  endif
  return target
endfunction

function! s:day(here, delta) abort
  let [view, gi, groups] = [a:here.state.view, a:here.info.gi, a:here.groups]
  if view ==# 'upcoming' && a:delta > 0
    let date = gi + 1 < len(groups) ? groups[gi + 1].date
          \ : taskwire#view#next_day(a:here.task.scheduledDate)
    return s:move(a:here, {'view': 'upcoming', 'date': date}, 0)
  elseif view ==# 'upcoming' && gi > 0
    return s:move(a:here, {'view': 'upcoming', 'date': groups[gi - 1].date},
          \ len(groups[gi - 1].tasks))
  elseif view ==# 'upcoming'
    return taskwire#rpc#request('task/schedule', {'id': a:here.task.id, 'date': 'today'},
          \ function('s:moved', [a:here.state, s:key(a:here)]),
          \ function('s:move_failed', [a:here.state, ''])) != 0
  elseif view ==# 'today' && a:delta > 0
    return s:move(a:here, {'view': 'upcoming', 'date': 'tomorrow'}, 0)
  elseif view ==# 'matrix' && a:delta > 0 && gi + 1 < len(groups)
    return s:move(a:here, s:target('matrix', groups[gi + 1]), 0)
  elseif view ==# 'matrix' && a:delta < 0 && gi > 0
    return s:move(a:here, s:target('matrix', groups[gi - 1]), len(groups[gi - 1].tasks))
  elseif view ==# 'matrix'
    call taskwire#ui#warn(taskwire#text#get(a:delta > 0 ? 'vim.warn.noQuadrantAfter'
          \ : 'vim.warn.noQuadrantBefore', {'quadrant': groups[gi].title}))
    return 0
  endif
  call taskwire#ui#warn(taskwire#text#get(view ==# 'today' ? 'vim.warn.noDayBefore'
        \ : view ==# 'inbox' ? 'vim.warn.inboxNoDay' : 'vim.warn.noDaysHere'))
  return 0
endfunction

" task/move with the target view's version, so that a drop computed on a stale list is refused
" (-32801) and the view listed again.  `target`: task/move's view and where in it (date,
" quadrant, project and heading, area).
function! s:move(here, target, index) abort
  let params = extend({'id': a:here.task.id, 'index': a:index}, a:target)
  let name = params.view . (has_key(params, params.view) ? '/' . params[params.view] : '')
  let target = taskwire#view#state(name)
  " (a filtered view's versions are its own, not the view's)
  if !empty(target) && type(target.version) == v:t_number && taskwire#view#unfiltered(target)
    let params.version = target.version
  endif
  return taskwire#rpc#request('task/move', params,
        \ function('s:moved', [a:here.state, s:key(a:here)]),
        \ function('s:move_failed', [a:here.state, name])) != 0
endfunction

" The reply to a move (or to the task/schedule of < before Upcoming's first day).  A task that
" left its group (another day, quadrant or list) is followed by the server's message, where it
" went ("Scheduled 'A' for Sat, Feb 14", "Moved 'A' to Today"); a move within the group, which
" the cursor shows, says nothing.  The next press waits for the view/changed that follows,
" unless the buffer shows the result already (nothing moved) and so none is coming.
function! s:moved(state, from, result) abort
  let left = a:result.view !=# a:state.view || a:result.group !=# a:from
  let message = left ? get(a:result, 'message', '') : ''
  call taskwire#actions#changed(a:state, a:result.task.id, message)
  if s:shows(a:state, a:result)
    let a:state.follow = 0
    let a:state.moving = 0
    call taskwire#moves#next(a:state)
    return
  endif
  let a:state.moving = 2
  if !a:state.sub && !a:state.subscribing && taskwire#rpc#supports('view/subscribe')
    call taskwire#view#relist(a:state)    " not subscribed (any more): no view/changed comes
  endif
endfunction

" The key of the group the task is in when its move is sent (the snapshot changes after).
function! s:key(here) abort
  return a:here.groups[a:here.info.gi].key
endfunction

" Whether the state's snapshot shows the task where the reply says it is (an area shows its
" projects as the projects view has them).
function! s:shows(state, result) abort
  let here = s:find(a:state, a:result.task.id)
  let groups = map(copy(get(a:state.snapshot, 'groups', [])), 'v:val.key')
  if a:result.view !=# a:state.view && index(groups, a:result.group) < 0
    return empty(here)
  endif
  return !empty(here) && here.groups[here.info.gi].key ==# a:result.group
        \ && here.info.index == a:result.index
endfunction

" An error reply (-32801: the drop was computed on a list that changed since, e.g. by another
" process; or the task is gone, completed, ...): the message, the waiting presses dropped, the
" buffer listed again (and the target view, for a stale drop).  A press made meanwhile waits
" for that list.
function! s:move_failed(state, name, error) abort
  call taskwire#ui#server_error(a:error)
  let a:state.moves = []
  let a:state.moving = 0
  if !taskwire#view#alive(a:state)
    return
  endif
  let a:state.moving = 2
  call taskwire#view#relist(a:state)
  let target = taskwire#view#state(a:name)
  if get(a:error, 'code', 0) == -32801 && !empty(target) && target isnot a:state
    call taskwire#view#relist(target)
  endif
endfunction

