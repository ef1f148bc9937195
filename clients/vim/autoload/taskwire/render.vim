" autoload/taskwire/render.vim - a view's snapshot as the lines of its buffer.
"
" The buffer-local list b:taskwire_lines maps each line to {kind: filter|group|task|empty|blank,
" id, gi, index, group} and b:taskwire_ids to the task id on each line (0 for others), so that
" no text is ever parsed back.  The words are the server's: a task line is "[ ] " (or "[x] "),
" the title, and each of its display parts after two spaces; a header is its group's display
" parts joined with " · " (clients/README.md).  This file only draws: the colour of each part
" kind is a text property whose highlight group the user may change.

" part kind -> highlight group (and text property type of the same name); others: plain text
let s:kinds = {'time': 'taskwireTime', 'priority': 'taskwirePriority', 'urgent': 'taskwireUrgent',
      \ 'tags': 'taskwireTag', 'type': 'taskwireType', 'duration': 'taskwireDuration',
      \ 'repeat': 'taskwireRepeat', 'notes': 'taskwireNotes', 'due': 'taskwireDue',
      \ 'dueToday': 'taskwireDueToday', 'overdue': 'taskwireOverdue',
      \ 'afterDue': 'taskwireAfterDue', 'completed': 'taskwireDoneDay',
      \ 'cancelled': 'taskwireCancelled', 'someday': 'taskwireSomeday'}
let s:lines = ['taskwireGroup', 'taskwireFilter', 'taskwireBox', 'taskwireDone', 'taskwireEmpty']
let s:empty = {'upcoming': 'vim.list.nothingUpcoming', 'logbook': 'vim.list.nothingDone'}

" The highlight groups' defaults (red for overdue and after due, orange and bold for due
" today: the words say it too), and a text property type for each.
function! taskwire#render#highlights() abort
  for [group, link] in [['taskwireGroup', 'Title'], ['taskwireFilter', 'Search'],
        \ ['taskwireBox', 'Delimiter'], ['taskwireDone', 'Comment'], ['taskwireTag', 'Identifier'],
        \ ['taskwirePriority', 'WarningMsg'], ['taskwireUrgent', 'WarningMsg'],
        \ ['taskwireType', 'Type'], ['taskwireDuration', 'Number'], ['taskwireRepeat', 'Type'],
        \ ['taskwireNotes', 'Special'], ['taskwireDue', 'Special'], ['taskwireTime', 'Special'],
        \ ['taskwireDoneDay', 'Comment'], ['taskwireCancelled', 'Comment'],
        \ ['taskwireSomeday', 'Comment'], ['taskwireEmpty', 'Comment']]
    execute 'highlight default link' group link
  endfor
  highlight default taskwireOverdue  term=bold cterm=bold ctermfg=Red gui=bold guifg=Red
  highlight default taskwireAfterDue term=bold ctermfg=Red guifg=Red
  execute 'highlight default taskwireDueToday term=bold cterm=bold gui=bold guifg=#ff8700 ctermfg='
        \ . (str2nr(&t_Co) >= 256 ? '208' : 'Brown')
  for name in values(s:kinds) + s:lines
    if empty(prop_type_get(name))
      call prop_type_add(name, {'highlight': name})
    endif
  endfor
endfunction

" Rewrites the buffer from the state's snapshot; each window keeps its cursor on the same task
" (or on state.follow, a task just made or moved here), else on the same line number.
function! taskwire#render#buffer(state) abort
  let bufnr = a:state.bufnr
  if !bufloaded(bufnr)
    return
  endif
  let [lines, info, props] = taskwire#render#layout(a:state.view, a:state.snapshot,
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
  call s:draw(bufnr, len(lines), props)
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

" The text properties: props is {type: [[lnum, col, end_col], …]} (bytes, end exclusive).
function! s:draw(bufnr, count, props) abort
  if empty(prop_type_get('taskwireGroup'))
    call taskwire#render#highlights()
  endif
  call prop_clear(1, a:count, {'bufnr': a:bufnr})
  let bulk = exists('*prop_add_list')
  for [type, spans] in items(a:props)
    if bulk
      call prop_add_list({'type': type, 'bufnr': a:bufnr},
            \ map(spans, '[v:val[0], v:val[1], v:val[0], v:val[2]]'))
    else
      for [lnum, col, end] in spans
        call prop_add(lnum, col, {'type': type, 'bufnr': a:bufnr, 'end_col': end})
      endfor
    endif
  endfor
endfunction

" The lines of a view, their info and their text properties.  `query`: the filter the user
" typed ('' = none), shown on a first line "Filter: …".
function! taskwire#render#layout(view, snapshot, ...) abort
  let query = a:0 ? a:1 : ''
  let out = {'lines': [], 'info': [], 'props': {}}
  if !empty(query)
    call s:line(out, taskwire#text#get('vim.filter.shown', {'query': query}),
          \ s:info('filter', -1, -1, 0), 'taskwireFilter')
  endif
  if empty(a:snapshot)
    call s:line(out, taskwire#text#loaded() ? taskwire#text#get('list.loading') : '',
          \ s:info('blank', -1, -1, 0), 'taskwireEmpty')
    return [out.lines, out.info, out.props]
  endif
  let groups = get(a:snapshot, 'groups', [])
  for gi in range(len(groups))
    let group = groups[gi]
    if gi > 0
      call s:line(out, '', s:info('blank', gi - 1, -1, 0, groups[gi - 1].key), '')
    endif
    call s:line(out, taskwire#render#header(group), s:info('group', gi, -1, 0, group.key),
          \ 'taskwireGroup')
    if empty(group.tasks)
      " (a group of the projects view, or an area's, holds projects)
      call s:line(out, '  ' . taskwire#text#get(group.key =~# '^projects:'
            \ ? 'vim.list.noProjects' : 'vim.list.noTasks'),
            \ s:info('empty', gi, -1, 0, group.key), 'taskwireEmpty')
    endif
    for ti in range(len(group.tasks))
      call s:task(out, group.tasks[ti], s:info('task', gi, ti, group.tasks[ti].id, group.key))
    endfor
  endfor
  if empty(groups)
    call s:line(out, '  ' . taskwire#text#get(get(s:empty, a:view, 'vim.list.noTasks')),
          \ s:info('empty', -1, -1, 0), 'taskwireEmpty')
  endif
  return [out.lines, out.info, out.props]
endfunction

" A group's header: its display parts joined with " · " (the title alone without them).
function! taskwire#render#header(group) abort
  let parts = get(a:group, 'display', v:null)
  if type(parts) != v:t_list
    return get(a:group, 'title', '')
  endif
  return join(map(copy(parts), 'v:val.text'), ' · ')
endfunction

" A task's line: "[ ] Title  part  part", and where each part is, for its colour.
function! taskwire#render#task_line(task) abort
  let done = get(a:task, 'completed', v:false) is v:true
  let text = (done ? '[x] ' : '[ ] ') . substitute(a:task.title, '[\n\r]', ' ', 'g')
  let spans = [['taskwireBox', 1, 4]] + (done ? [['taskwireDone', 5, len(text) + 1]] : [])
  for part in get(a:task, 'display', [])
    if empty(get(part, 'text', ''))
      continue
    endif
    let text .= '  '
    if has_key(s:kinds, get(part, 'kind', ''))
      call add(spans, [s:kinds[part.kind], len(text) + 1, len(text) + len(part.text) + 1])
    endif
    let text .= part.text
  endfor
  return [text, spans]
endfunction

function! s:task(out, task, info) abort
  let [text, spans] = taskwire#render#task_line(a:task)
  call s:line(a:out, text, a:info, '')
  let lnum = len(a:out.lines)
  for [type, col, end] in spans
    call add(s:spans(a:out, type), [lnum, col, end])
  endfor
endfunction

" Adds a line; `type`: a property over all of it ('' = none).
function! s:line(out, text, info, type) abort
  call add(a:out.lines, a:text)
  call add(a:out.info, a:info)
  if !empty(a:type) && !empty(a:text)
    call add(s:spans(a:out, a:type), [len(a:out.lines), 1, len(a:text) + 1])
  endif
endfunction

function! s:spans(out, type) abort
  if !has_key(a:out.props, a:type)
    let a:out.props[a:type] = []
  endif
  return a:out.props[a:type]
endfunction

function! s:info(kind, gi, index, id, ...) abort
  return {'kind': a:kind, 'gi': a:gi, 'index': a:index, 'id': a:id,
        \ 'group': a:0 ? a:1 : ''}
endfunction
