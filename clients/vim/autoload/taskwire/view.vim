" autoload/taskwire/view.vim - the taskwire://VIEW buffers: snapshot, subscription, view diffs.
"
" One state per view, s:views[view] = {view, bufnr, snapshot, version, sub, subscribing,
" listing, follow, moving, moves}.  The snapshot is the view/list result; `version` is the
" view's version it stands for (v:null when the server does not send one).  `moving` and
" `moves` serve the move keys (actions.vim): `moving` is 0 when no move from this buffer is in
" flight, 1 while its reply is awaited, 2 once the reply is in and the view has yet to follow;
" `moves` are the presses waiting their turn, let go by the next change of the snapshot after
" the reply (s:caught_up()).  The buffer shows the snapshot; the buffer-local list
" b:taskwire_lines maps each line to {kind, id, gi, index, group} and b:taskwire_ids to the
" task id on each line (0 for others), so no text is ever parsed back.

let s:names = ['inbox', 'today', 'upcoming']
let s:views = {}
let s:subs = {}      " subscription id -> view name

function! taskwire#view#names() abort
  return copy(s:names)
endfunction

function! taskwire#view#state(view) abort
  return get(s:views, a:view, {})
endfunction

function! taskwire#view#states() abort
  return values(s:views)
endfunction

" ---- the buffer ------------------------------------------------------------------------------

" BufReadCmd taskwire://*: sets the buffer up and fills it from the server.
function! taskwire#view#read(name) abort
  let view = matchstr(a:name, '^taskwire://\zs\w\+\ze/\=$')
  if index(s:names, view) < 0
    call taskwire#ui#error('unknown view ' . string(a:name) . ' (inbox, today, upcoming)')
    return
  endif
  let bufnr = bufnr('%')
  setlocal buftype=nofile bufhidden=wipe noswapfile undolevels=-1
  setlocal nomodifiable nowrap nolist nospell nofoldenable
  let b:taskwire_view = view
  if &filetype !=# 'taskwire'
    setlocal filetype=taskwire
  endif
  call taskwire#actions#map_defaults()
  augroup taskwire_buffer
    autocmd! * <buffer>
    autocmd BufWipeout <buffer> call taskwire#view#on_wipe(str2nr(expand('<abuf>')))
  augroup END
  let state = get(s:views, view, {})
  if empty(state) || state.bufnr != bufnr
    let state = {'view': view, 'bufnr': bufnr, 'snapshot': {}, 'version': v:null, 'sub': 0,
          \ 'subscribing': 0, 'listing': 0, 'follow': 0, 'moving': 0, 'moves': []}
    let s:views[view] = state
  endif
  call s:render(state)
  if taskwire#rpc#ready()
    call s:sync(state)
  else
    call taskwire#rpc#start()    " on_ready syncs every view
  endif
endfunction

function! taskwire#view#on_wipe(bufnr) abort
  for state in values(s:views)
    if state.bufnr == a:bufnr
      call remove(s:views, state.view)
      if state.sub && has_key(s:subs, state.sub)
        call remove(s:subs, state.sub)
        if taskwire#rpc#ready()
          call taskwire#rpc#request('view/unsubscribe', {'subscription': state.sub})
        endif
      endif
    endif
  endfor
endfunction

" ---- keeping the snapshot current ------------------------------------------------------------

function! taskwire#view#on_ready() abort
  for state in values(s:views)
    call s:sync(state)
  endfor
endfunction

function! taskwire#view#on_server_exit() abort
  let s:subs = {}
  for state in values(s:views)
    let state.sub = 0
    let state.subscribing = 0
    let state.listing = 0
    let state.moving = 0     " the replies awaited are gone with the server
    let state.moves = []
  endfor
endfunction

function! s:alive(state) abort
  return get(s:views, a:state.view, {}) is a:state && bufloaded(a:state.bufnr)
endfunction

" Whether the state is still that of a loaded view buffer (not wiped since).
function! taskwire#view#alive(state) abort
  return s:alive(a:state)
endfunction

" The snapshot changed: a move whose reply is in has been followed, the next one may go.
function! s:caught_up(state) abort
  if a:state.moving == 2
    let a:state.moving = 0
    call taskwire#actions#next_move(a:state)
  endif
endfunction

" Subscribes when the server can and the view is not subscribed yet, else lists.
function! s:sync(state) abort
  if a:state.subscribing
    return
  elseif a:state.sub || !taskwire#rpc#supports('view/subscribe')
    call taskwire#view#relist(a:state)
  else
    let a:state.subscribing = 1
    let a:state.listing += 1
    call taskwire#rpc#request('view/subscribe', {'view': a:state.view},
          \ function('s:on_subscribed', [a:state]), function('s:on_list_failed', [a:state]))
  endif
endfunction

function! s:on_subscribed(state, result) abort
  let a:state.subscribing = 0
  let a:state.listing -= 1
  if !s:alive(a:state)
    call taskwire#rpc#request('view/unsubscribe', {'subscription': a:result.subscription})
    return
  endif
  let a:state.sub = a:result.subscription
  let s:subs[a:state.sub] = a:state.view
  call s:set_snapshot(a:state, a:result.snapshot, get(a:result, 'version', v:null))
endfunction

" Asks for the whole view again (R, a version gap, a stale drop, no subscriptions).  While a
" list is under way, notifications are dropped: the reply already holds what they carry.
function! taskwire#view#relist(state) abort
  let a:state.listing += 1
  call taskwire#rpc#request('view/list', {'view': a:state.view},
        \ function('s:on_listed', [a:state]), function('s:on_list_failed', [a:state]))
endfunction

function! taskwire#view#relist_all() abort
  for state in values(s:views)
    call taskwire#view#relist(state)
  endfor
endfunction

function! s:on_listed(state, result) abort
  let a:state.listing -= 1
  if s:alive(a:state)
    call s:set_snapshot(a:state, a:result, get(a:result, 'version', v:null))
  endif
endfunction

" The list is not current: waiting moves would be computed on it, so they are dropped.
function! s:on_list_failed(state, error) abort
  let a:state.listing = max([0, a:state.listing - 1])
  let a:state.subscribing = 0
  call taskwire#ui#server_error(a:error)
  let a:state.moves = []
  if a:state.moving == 2
    let a:state.moving = 0
  endif
endfunction

function! s:set_snapshot(state, snapshot, version) abort
  let a:state.snapshot = a:snapshot
  let a:state.version = a:version
  call s:render(a:state)
  call s:caught_up(a:state)
endfunction

" view/changed: apply the ops to the snapshot of version `from`; a gap or an op that does not
" fit means something was missed: list again.
function! taskwire#view#on_changed(params) abort
  let view = get(s:subs, get(a:params, 'subscription', -1), '')
  let state = get(s:views, view, {})
  if empty(state) || state.listing > 0
    return
  endif
  if type(state.version) != v:t_number || a:params.from != state.version
    call taskwire#view#relist(state)
    return
  endif
  try
    call taskwire#diff#apply(state.snapshot, a:params.ops)
  catch /^taskwire:/
    call taskwire#view#relist(state)
    return
  endtry
  let state.version = a:params.to
  let state.snapshot.today = get(a:params, 'today', get(state.snapshot, 'today', ''))
  if has_key(state.snapshot, 'version')
    let state.snapshot.version = a:params.to
  endif
  call s:render(state)
  call s:caught_up(state)
endfunction

call taskwire#rpc#on('view/changed', function('taskwire#view#on_changed'))

" ---- rendering -------------------------------------------------------------------------------

" Rewrites the buffer from the snapshot; each window keeps its cursor on the same task (or on
" state.follow, a task just made or moved here), else on the same line number.
function! s:render(state) abort
  let bufnr = a:state.bufnr
  if !bufloaded(bufnr)
    return
  endif
  let [lines, info] = taskwire#view#layout(a:state.view, a:state.snapshot)
  let ids = map(copy(info), 'v:val.id')
  let old_ids = getbufvar(bufnr, 'taskwire_ids', [])
  let cursors = []
  for winid in win_findbuf(bufnr)
    let lnum = line('.', winid)
    call add(cursors, [winid, lnum, get(old_ids, lnum - 1, 0)])
  endfor
  let nlines = getbufinfo(bufnr)[0].linecount
  call setbufvar(bufnr, '&modifiable', 1)
  call setbufline(bufnr, 1, lines)
  if nlines > len(lines)
    silent call deletebufline(bufnr, len(lines) + 1, '$')
  endif
  call setbufvar(bufnr, '&modifiable', 0)
  call setbufvar(bufnr, '&modified', 0)
  call setbufvar(bufnr, 'taskwire_lines', info)
  call setbufvar(bufnr, 'taskwire_ids', ids)
  let follow = a:state.follow ? index(ids, a:state.follow) + 1 : 0
  if follow
    let a:state.follow = 0
  endif
  for [winid, lnum, id] in cursors
    let target = follow ? follow : (id ? index(ids, id) + 1 : 0)
    if !target
      let target = min([lnum, len(lines)])
    endif
    call win_execute(winid, 'call cursor(' . target . ', 1)')
  endfor
endfunction

" The lines of a view and, for each, {kind: group|task|empty|blank, id, gi, index, group}.
function! taskwire#view#layout(view, snapshot) abort
  if empty(a:snapshot)
    return [['Loading ' . a:view . '…'], [s:info('blank', -1, -1, 0)]]
  endif
  let lines = []
  let info = []
  let groups = get(a:snapshot, 'groups', [])
  let today = get(a:snapshot, 'today', '')
  for gi in range(len(groups))
    let group = groups[gi]
    if gi > 0
      call add(lines, '')
      call add(info, s:info('blank', gi - 1, -1, 0, groups[gi - 1].key))
    endif
    call add(lines, '## ' . group.title
          \ . (type(group.date) == v:t_string ? '  ' . group.date : ''))
    call add(info, s:info('group', gi, -1, 0, group.key))
    if empty(group.tasks)
      call add(lines, '  (no tasks)')
      call add(info, s:info('empty', gi, -1, 0, group.key))
    endif
    for ti in range(len(group.tasks))
      call add(lines, taskwire#view#task_line(group.tasks[ti], today))
      call add(info, s:info('task', gi, ti, group.tasks[ti].id, group.key))
    endfor
  endfor
  if empty(groups)
    call add(lines, a:view ==# 'upcoming' ? '  (nothing upcoming)' : '  (no tasks)')
    call add(info, s:info('empty', -1, -1, 0))
  endif
  return [lines, info]
endfunction

function! s:info(kind, gi, index, id, ...) abort
  return {'kind': a:kind, 'gi': a:gi, 'index': a:index, 'id': a:id,
        \ 'group': a:0 ? a:1 : ''}
endfunction

" "- Buy milk  #shop !! (urgent) due 2026-02-20"
function! taskwire#view#task_line(task, today) abort
  let extra = map(copy(get(a:task, 'tags', [])), '"#" . v:val')
  let priority = get(a:task, 'priority', 1)
  if priority > 1
    call add(extra, repeat('!', priority - 1))
  endif
  if get(a:task, 'urgent', v:false) is v:true
    call add(extra, '(urgent)')
  endif
  let pattern = get(get(a:task, 'recurrence', {}), 'pattern', 'none')
  if pattern !=# 'none'
    call add(extra, '(' . pattern . ')')
  endif
  let scheduled = get(a:task, 'scheduledDate', v:null)
  if type(scheduled) == v:t_string && !empty(a:today) && scheduled <# a:today
    call add(extra, 'overdue ' . scheduled)
  endif
  let due = get(a:task, 'dueDate', v:null)
  if type(due) == v:t_string
    call add(extra, 'due ' . due)
  endif
  let title = substitute(a:task.title, '[\n\r]', ' ', 'g')
  return '- ' . title . (empty(extra) ? '' : '  ' . join(extra))
endfunction
