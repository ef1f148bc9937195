" autoload/taskwire/render.vim - a view's snapshot as the lines of its buffer.
"
" The buffer-local list b:taskwire_lines maps each line to {kind: filter|group|task|empty|blank,
" id, gi, index, group} and b:taskwire_ids to the task id on each line (0 for others), so that
" no text is ever parsed back.  The lines follow the display convention (display.vim).

let s:empty = {'upcoming': '  (nothing upcoming)', 'logbook': '  (nothing done yet)'}

" Rewrites the buffer from the state's snapshot; each window keeps its cursor on the same task
" (or on state.follow, a task just made or moved here), else on the same line number.
function! taskwire#render#buffer(state) abort
  let bufnr = a:state.bufnr
  if !bufloaded(bufnr)
    return
  endif
  let [lines, info] = taskwire#render#layout(a:state.view, a:state.snapshot,
        \ get(a:state, 'query', ''))
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

" The lines of a view and their info.  `query`: the filter the user typed ('' = none), shown
" on a first line "Filter: …".
function! taskwire#render#layout(view, snapshot, ...) abort
  let query = a:0 ? a:1 : ''
  let lines = []
  let info = []
  if !empty(query)
    call add(lines, 'Filter: ' . query)
    call add(info, s:info('filter', -1, -1, 0))
  endif
  if empty(a:snapshot)
    return [lines + ['Loading ' . a:view . '…'], info + [s:info('blank', -1, -1, 0)]]
  endif
  let groups = get(a:snapshot, 'groups', [])
  let today = get(a:snapshot, 'today', '')
  let lang = taskwire#display#language()
  for gi in range(len(groups))
    let group = groups[gi]
    if gi > 0
      call add(lines, '')
      call add(info, s:info('blank', gi - 1, -1, 0, groups[gi - 1].key))
    endif
    call add(lines, taskwire#display#header(group, today, lang))
    call add(info, s:info('group', gi, -1, 0, group.key))
    if empty(group.tasks)
      call add(lines, '  (no tasks)')
      call add(info, s:info('empty', gi, -1, 0, group.key))
    endif
    let done_day = a:view ==# 'logbook' && type(get(group, 'date', v:null)) == v:t_string
          \ ? group.date : ''
    for ti in range(len(group.tasks))
      call add(lines, taskwire#display#task_line(group.tasks[ti], today, done_day, lang))
      call add(info, s:info('task', gi, ti, group.tasks[ti].id, group.key))
    endfor
  endfor
  if empty(groups)
    call add(lines, get(s:empty, a:view, '  (no tasks)'))
    call add(info, s:info('empty', -1, -1, 0))
  endif
  return [lines, info]
endfunction

function! s:info(kind, gi, index, id, ...) abort
  return {'kind': a:kind, 'gi': a:gi, 'index': a:index, 'id': a:id,
        \ 'group': a:0 ? a:1 : ''}
endfunction
