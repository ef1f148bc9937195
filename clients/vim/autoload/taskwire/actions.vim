" autoload/taskwire/actions.vim - what the keys of a taskwire://VIEW buffer do.
"
" Every action reads the line under the cursor through b:taskwire_lines (never the text), sends
" one request and lets the view follow: from the subscription's view/changed notifications, or
" by listing the views again when the server has no subscriptions.
"
" The default keys are in keys.vim; a (add) in add.vim; the keys that change the task under the
" cursor in task.vim; J K > < in moves.vim.

" ---- where the cursor is ---------------------------------------------------------------------

function! taskwire#actions#here() abort
  let state = taskwire#view#state(get(b:, 'taskwire_name', ''))
  if empty(state) || state.bufnr != bufnr('%')
    call taskwire#ui#error(taskwire#text#get('vim.error.notAView'))
    return {}
  endif
  let info = get(get(b:, 'taskwire_lines', []), line('.') - 1, {})
  return {'state': state, 'info': info, 'groups': get(state.snapshot, 'groups', [])}
endfunction

" The task under the cursor: here + 'task', or {} with a message.
function! taskwire#actions#task_here() abort
  let here = taskwire#actions#here()
  if empty(here)
    return {}
  endif
  if get(here.info, 'kind', '') !=# 'task'
    call taskwire#ui#warn(taskwire#text#get('vim.warn.noTask'))
    return {}
  endif
  let here.task = here.groups[here.info.gi].tasks[here.info.index]
  return here
endfunction

" After a change: the cursor follows `id` at the next render; without subscriptions, list.
function! taskwire#actions#changed(state, id, ...) abort
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

" ---- the view --------------------------------------------------------------------------------

" J K > <: see moves.vim.
function! taskwire#actions#move(delta) abort
  call taskwire#moves#move(a:delta)
endfunction

function! taskwire#actions#day(delta) abort
  call taskwire#moves#day(a:delta)
endfunction

" / asks for a filter (filter.vim); <BS> clears it.
function! taskwire#actions#filter() abort
  call taskwire#filter#ask()
endfunction

function! taskwire#actions#clear_filter() abort
  call taskwire#filter#apply('')
endfunction

function! taskwire#actions#undo() abort
  call s:history('undo', 'undone', 'message.undid')
endfunction

function! taskwire#actions#redo() abort
  call s:history('redo', 'redone', 'message.redid')
endfunction

function! s:history(method, key, message) abort
  let here = taskwire#actions#here()
  if empty(here)
    return
  endif
  call taskwire#rpc#request('history/' . a:method, v:none,
        \ {r -> taskwire#actions#changed(here.state, 0,
        \   taskwire#text#get(a:message, {'label': r[a:key].label}))})
endfunction

function! taskwire#actions#switch(view) abort
  call taskwire#open(a:view)
endfunction

function! taskwire#actions#refresh() abort
  let here = taskwire#actions#here()
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

" <CR>: the project under the cursor in its buffer; on an area's header (in the projects
" view), the area.
function! taskwire#actions#open() abort
  let here = taskwire#actions#here()
  if empty(here)
    return
  endif
  let info = here.info
  if get(info, 'kind', '') ==# 'task'
    let task = here.groups[info.gi].tasks[info.index]
    if get(task, 'kind', '') ==# 'project'
      call taskwire#open('project ' . task.id)
      return
    endif
  elseif get(info, 'kind', '') ==# 'group' && here.state.view ==# 'projects'
    let area = str2nr(matchstr(info.group, '^projects:\zs\d\+$'))
    if area
      call taskwire#open('area ' . area)
      return
    endif
  endif
  call taskwire#ui#warn(taskwire#text#get('vim.warn.nothingToOpen'))
endfunction

" g?: the keys and what they do (help.vim).
function! taskwire#actions#help() abort
  call taskwire#help#show()
endfunction
