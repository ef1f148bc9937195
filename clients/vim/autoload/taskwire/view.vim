" autoload/taskwire/view.vim - the taskwire://VIEW buffers: snapshot, subscription, view diffs.
"
" One state per buffer, s:views[name] = {name, view, id, bufnr, snapshot, version, sub,
" subscribing, listing, follow, moving, moves}.  The snapshot is the view/list result; `version` is the
" view's version it stands for (v:null when the server does not send one).  `moving` and
" `moves` serve the move keys (actions.vim): `moving` is 0 when no move from this buffer is in
" flight, 1 while its reply is awaited, 2 once the reply is in and the view has yet to follow;
" `moves` are the presses waiting their turn, let go by the next change of the snapshot after
" the reply (s:caught_up()).  `filter`, `sort` and `query` are the view/list filter, the sort
" and the text the user typed for them (filter.vim); `gen` counts their changes, so that a
" reply to a request made for an older filter is dropped.  render.vim draws the buffer.
"
" `name` is what follows taskwire:// in the buffer's name: the view for the lists ("today",
" "projects"), the view and an item's id for a project or an area ("project/12", "area/3"),
" whose `id` goes to the server as the view's `project` or `area` param.  The names are
" viewname.vim's; a project or an area looked up by its title, lookup.vim's.

let s:views = {}
let s:subs = {}      " subscription id -> buffer name

function! taskwire#view#state(name) abort
  return get(s:views, a:name, {})
endfunction

function! taskwire#view#states() abort
  return values(s:views)
endfunction

" Today's date as the views last heard it (they follow midnight), else as initialize said.
function! taskwire#view#today() abort
  let days = map(values(s:views), 'get(v:val.snapshot, "today", "")')
  return sort([get(taskwire#rpc#server(), 'today', '')] + days)[-1]
endfunction

" Draws every view buffer again (the catalogue came, or changed with the locale); a view
" without a subscription is listed again for its parts in the new language.
function! taskwire#view#render_all() abort
  for state in values(s:views)
    call taskwire#render#buffer(state)
    if !state.sub && !state.subscribing && !empty(state.snapshot) && taskwire#rpc#ready()
      call taskwire#view#relist(state)
    endif
  endfor
endfunction

" YYYY-MM-DD of the day after `date`.
function! taskwire#view#next_day(date) abort
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

" ---- the buffer ------------------------------------------------------------------------------

" BufReadCmd taskwire://*: sets the buffer up and fills it from the server.
function! taskwire#view#read(name) abort
  let name = matchstr(a:name, '^taskwire://\zs.*')
  let parsed = taskwire#viewname#parse(name)
  if empty(parsed)
    call taskwire#viewname#unknown(a:name)
    return
  endif
  let [view, id] = parsed
  let name = view . (id ? '/' . id : '')
  let bufnr = bufnr('%')
  setlocal buftype=nofile bufhidden=wipe noswapfile undolevels=-1
  setlocal nomodifiable nowrap nolist nospell nofoldenable
  let b:taskwire_view = view
  let b:taskwire_name = name
  if &filetype !=# 'taskwire'
    setlocal filetype=taskwire
  endif
  call taskwire#keys#map_defaults()
  augroup taskwire_buffer
    autocmd! * <buffer>
    autocmd BufWipeout <buffer> call taskwire#view#on_wipe(str2nr(expand('<abuf>')))
  augroup END
  let state = get(s:views, name, {})
  if empty(state) || state.bufnr != bufnr
    let state = {'name': name, 'view': view, 'id': id, 'bufnr': bufnr, 'snapshot': {}, 'version': v:null, 'sub': 0,
          \ 'subscribing': 0, 'listing': 0, 'follow': 0, 'moving': 0, 'moves': [],
          \ 'filter': {}, 'sort': '', 'query': '', 'gen': 0}
    let s:views[name] = state
  endif
  call taskwire#render#buffer(state)
  if taskwire#rpc#ready()
    call s:sync(state)
  else
    call taskwire#rpc#start()    " on_ready syncs every view
  endif
endfunction

function! taskwire#view#on_wipe(bufnr) abort
  for state in values(s:views)
    if state.bufnr == a:bufnr
      call remove(s:views, state.name)
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
  return get(s:views, a:state.name, {}) is a:state && bufloaded(a:state.bufnr)
endfunction

" Whether the state is still that of a loaded view buffer (not wiped since).
function! taskwire#view#alive(state) abort
  return s:alive(a:state)
endfunction

" The snapshot changed: a move whose reply is in has been followed, the next one may go.
function! s:caught_up(state) abort
  if a:state.moving == 2
    let a:state.moving = 0
    call taskwire#moves#next(a:state)
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
    call taskwire#rpc#request('view/subscribe', s:params(a:state),
          \ function('s:on_subscribed', [a:state, a:state.gen]),
          \ function('s:on_list_failed', [a:state]))
  endif
endfunction

" The params of view/list and view/subscribe: the view, its filter and sort.
function! s:params(state) abort
  let params = {'view': a:state.view}
  if a:state.id
    let params[a:state.view] = a:state.id
  endif
  if !empty(a:state.filter)
    let params.filter = a:state.filter
  endif
  if !empty(a:state.sort)
    let params.sort = a:state.sort
  endif
  return params
endfunction

" Shows the view with another filter and sort (`query`: what the user typed for them): the old
" subscription goes, the buffer says Loading, a new one comes.
function! taskwire#view#set_filter(state, filter, sort, query) abort
  let a:state.gen += 1
  let [a:state.filter, a:state.sort, a:state.query] = [a:filter, a:sort, a:query]
  let [a:state.moves, a:state.moving] = [[], 0]
  if a:state.sub
    call remove(s:subs, a:state.sub)
    if taskwire#rpc#ready()
      call taskwire#rpc#request('view/unsubscribe', {'subscription': a:state.sub})
    endif
    let a:state.sub = 0
  endif
  let a:state.subscribing = 0
  let a:state.snapshot = {}
  let a:state.version = v:null
  call taskwire#render#buffer(a:state)
  if taskwire#rpc#ready()
    call s:sync(a:state)
  else
    call taskwire#rpc#start()
  endif
endfunction

" Whether the view shows its whole list in manual order (moves need it).
function! taskwire#view#unfiltered(state) abort
  return empty(a:state.filter) && (empty(a:state.sort) || a:state.sort ==# 'manual')
endfunction

function! s:on_subscribed(state, gen, result) abort
  let a:state.listing = max([0, a:state.listing - 1])
  if a:gen != a:state.gen
    call taskwire#rpc#request('view/unsubscribe', {'subscription': a:result.subscription})
    return
  endif
  let a:state.subscribing = 0
  if !s:alive(a:state)
    call taskwire#rpc#request('view/unsubscribe', {'subscription': a:result.subscription})
    return
  endif
  let a:state.sub = a:result.subscription
  let s:subs[a:state.sub] = a:state.name
  call s:set_snapshot(a:state, a:result.snapshot, get(a:result, 'version', v:null))
endfunction

" Asks for the whole view again (R, a version gap, a stale drop, no subscriptions).  While a
" list is under way, notifications are dropped: the reply already holds what they carry.
function! taskwire#view#relist(state) abort
  let a:state.listing += 1
  call taskwire#rpc#request('view/list', s:params(a:state),
        \ function('s:on_listed', [a:state, a:state.gen]), function('s:on_list_failed', [a:state]))
endfunction

function! taskwire#view#relist_all() abort
  for state in values(s:views)
    call taskwire#view#relist(state)
  endfor
endfunction

function! s:on_listed(state, gen, result) abort
  let a:state.listing = max([0, a:state.listing - 1])
  if s:alive(a:state) && a:gen == a:state.gen
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
  call taskwire#render#buffer(a:state)
  call s:caught_up(a:state)
endfunction

" view/changed: apply the ops to the snapshot of version `from`; a gap or an op that does not
" fit means something was missed: list again.
function! taskwire#view#on_changed(params) abort
  let name = get(s:subs, get(a:params, 'subscription', -1), '')
  let state = get(s:views, name, {})
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
  call taskwire#render#buffer(state)
  call s:caught_up(state)
endfunction

call taskwire#rpc#on('view/changed', function('taskwire#view#on_changed'))
