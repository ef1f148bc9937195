" autoload/taskwire/actions.vim - what the keys of a taskwire://VIEW buffer do.
"
" Every action reads the line under the cursor through b:taskwire_lines (never the text), sends
" one request and lets the view follow: from the subscription's view/changed notifications, or
" by listing the views again when the server has no subscriptions.

" key -> <Plug>(taskwire-NAME); see :help taskwire-mappings
let s:defaults = [
      \ ['a', 'add'], ['e', 'edit'], ['r', 'edit'], ['E', 'form'], ['x', 'complete'],
      \ ['D', 'delete'], ['J', 'move-down'], ['K', 'move-up'], ['>', 'next-day'],
      \ ['<lt>', 'prev-day'], ['s', 'schedule'], ['i', 'inbox'], ['u', 'undo'],
      \ ['<C-r>', 'redo'], ['/', 'filter'], ['<BS>', 'clear-filter'],
      \ ['gi', 'view-inbox'], ['gt', 'view-today'], ['gu', 'view-upcoming'],
      \ ['gm', 'view-matrix'], ['ga', 'view-all'], ['gl', 'view-logbook'],
      \ ['R', 'refresh'], ['q', 'close'], [']]', 'next-group'], ['[[', 'prev-group'],
      \ ['g?', 'help'], ['<CR>', 'open'], ['S', 'someday'], ['A', 'anytime'], ['X', 'cancel'],
      \ ['cp', 'make-project'], ['gA', 'view-anytime'], ['gS', 'view-someday']]

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

" ---- actions ---------------------------------------------------------------------------------

function! taskwire#actions#add() abort
  let here = taskwire#actions#here()
  if empty(here)
    return
  endif
  let view = here.state.view
  if view ==# 'logbook'
    call taskwire#ui#warn(taskwire#text#get('vim.warn.addInLogbook'))
    return
  endif
  let item = index(['project', 'area', 'projects', 'anytime', 'someday'], view) >= 0
  " (a group of projects: the projects list's, an area's, Someday's projects of an area)
  let gi = get(here.info, 'gi', -1)
  let projects = view ==# 'projects' || (gi >= 0 && gi < len(here.groups)
        \ && here.groups[gi].key =~# '^projects:')
  let title = taskwire#ui#input(taskwire#text#get(projects
        \ ? 'vim.prompt.newProject' : 'vim.prompt.newTask'), '')
  if empty(trim(title))
    return
  endif
  if item
    call s:add_item(here, title)
    return
  endif
  " Quick add: the server reads tags, priority, dates, repeats… out of the text.
  let params = {'text': title, 'view': index(['matrix', 'all'], view) >= 0 ? 'inbox' : view}
  let gi = get(here.info, 'gi', -1)
  if view ==# 'upcoming' && gi >= 0 && gi < len(here.groups)
    " The day under the cursor, unless the line names a date of its own ("… next month"): a
    " date sent beside the text would win over it, and the typed date would be lost.  A time
    " alone ("… 3pm", read as today's) is the time on the day under the cursor.
    let day = here.groups[gi].date
    call taskwire#rpc#request('task/parse', {'text': title, 'view': view},
          \ {p -> s:create(here, s:names_day(p) ? params
          \   : extend(params, {'scheduledDate': day}), day)})
    return
  endif
  if view ==# 'matrix' && gi >= 0 && gi < len(here.groups)
    " into the quadrant under the cursor: a drop there sets urgency and importance
    let quadrant = here.groups[gi].key
    call taskwire#rpc#request('task/create', params,
          \ {r -> taskwire#rpc#request('task/move', {'id': r.task.id, 'view': 'matrix',
          \   'quadrant': quadrant}, {m -> taskwire#actions#changed(here.state, m.task.id,
          \   s:where(here.state, r, ''))})})
    return
  endif
  let expected = view ==# 'upcoming' ? taskwire#view#next_day(taskwire#view#today()) : view
  call s:create(here, params, expected)
endfunction

" Whether a task/parse reply has a day of the line's own: a date or a repeat, not a time alone.
function! s:names_day(parsed) abort
  let kinds = map(copy(get(a:parsed, 'spans', [])), 'v:val.kind')
  return has_key(a:parsed.fields, 'scheduledDate') && (index(kinds, 'time') < 0
        \ || index(kinds, 'date') >= 0 || index(kinds, 'recurrence') >= 0)
endfunction

" a in a project, an area, the projects, Anytime or Someday: a task under the heading (or in
" the project, the area) of the cursor's group, a project in the area of the cursor's group.  In
" Someday the new item goes on Someday (unless the line names a date).  Quick add reads the line
" (task/parse), the item's place goes beside what it read.
function! s:add_item(here, title) abort
  let gi = get(a:here.info, 'gi', -1)
  let group = gi >= 0 && gi < len(a:here.groups) ? a:here.groups[gi] : {}
  let [prefix, parent] = empty(group)
        \ ? [a:here.state.view ==# 'projects' ? 'projects' : 'tasks', a:here.state.id]
        \ : [matchstr(group.key, '^\w\+'), str2nr(matchstr(group.key, '\d\+$'))]
  let someday = a:here.state.view ==# 'someday'
  call taskwire#rpc#request('task/parse', {'text': a:title},
        \ {p -> s:create(a:here, extend(extend(extend(p.fields, prefix ==# 'projects'
        \   ? {'kind': 'project'} : {}), parent ? {'parent': parent} : {}),
        \   someday && !has_key(p.fields, 'scheduledDate') ? {'someday': v:true} : {}),
        \   empty(group) ? '' : group.key)})
endfunction

function! s:create(here, params, expected) abort
  call taskwire#rpc#request('task/create', a:params,
        \ {r -> taskwire#actions#changed(a:here.state, r.task.id,
        \   s:where(a:here.state, r, a:expected))})
endfunction

" Quick add files a task by the dates it reads ("… tomorrow" typed in Today goes to Upcoming):
" where it went (the server's message), unless it is where the buffer puts it (`expected`:
" the Upcoming day, or the view's name) and no filter may hide it.  Matrix and All do not show
" the lists: always said.
function! s:where(state, place, expected) abort
  if a:place.view ==# a:state.view && a:place.group ==# a:expected && empty(a:state.filter)
    return ''
  endif
  return get(a:place, 'message', '')
endfunction

function! taskwire#actions#edit() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  let title = taskwire#ui#input(taskwire#text#get('vim.prompt.title'), here.task.title)
  if empty(trim(title)) || title ==# here.task.title
    return
  endif
  call taskwire#rpc#request('task/update', {'id': here.task.id, 'title': title},
        \ {r -> taskwire#actions#changed(here.state, r.task.id)})
endfunction

" Every field of the task in a form buffer (autoload/taskwire/form.vim).
function! taskwire#actions#form() abort
  let here = taskwire#actions#task_here()
  if !empty(here)
    call taskwire#form#open(here.task)
  endif
endfunction

" x: completes an open task; in the logbook, reopens a completed one.
function! taskwire#actions#complete() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  let done = get(here.task, 'completed', v:false) is v:true
  call taskwire#rpc#request('task/complete',
        \ {'id': here.task.id, 'completed': done ? v:false : v:true},
        \ {r -> taskwire#actions#changed(here.state, 0, taskwire#text#get(
        \   done ? 'message.reopened' : 'message.completed', {'title': r.task.title}))})
endfunction

" S / A: puts the task (or project) on Someday, moves it to Anytime (task/move, no index: it
" keeps its place among its project's items).  The server's message says where it went ("Put
" 'A' on Someday"); a task in no project or area is refused Anytime (its place is the Inbox),
" with the server's words.
function! taskwire#actions#someday() abort
  call s:drag('someday')
endfunction

function! taskwire#actions#anytime() abort
  call s:drag('anytime')
endfunction

function! s:drag(view) abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  call taskwire#rpc#request('task/move', {'id': here.task.id, 'view': a:view},
        \ {r -> taskwire#actions#changed(here.state, r.task.id, get(r, 'message', ''))})
endfunction

" X: cancels the task (completes it as given up: the logbook says "cancelled"); a project's
" (or heading's) open tasks are cancelled with it.  u brings it back.
function! taskwire#actions#cancel() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  call taskwire#rpc#request('task/complete', {'id': here.task.id, 'cancelled': v:true},
        \ {r -> taskwire#actions#changed(here.state, 0,
        \   taskwire#text#get('message.cancelled', {'title': r.task.title}))})
endfunction

" cp: makes the task a project (task/convert): same title, notes, tags and date, in its area;
" its checklist's lines become the project's tasks.  <CR> on it (in the projects list) opens it.
function! taskwire#actions#make_project() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  call taskwire#rpc#request('task/convert', {'id': here.task.id, 'to': 'project'},
        \ {r -> taskwire#actions#changed(here.state, r.task.id,
        \   taskwire#text#get('message.madeProject', {'title': r.task.title}))})
endfunction

" D: deletes the task after a yes (u undoes it).
function! taskwire#actions#delete() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  let params = {'id': here.task.id}
  if index(['project', 'heading', 'area'], get(here.task, 'kind', 'task')) >= 0
    " its open items go with it or move up: no default that could lose tasks
    let buttons = taskwire#text#get('vim.confirm.itemButtons')
    if len(split(buttons, "\n")) != 3    " (a catalogue without the key: children's values)
      let buttons = "&delete\n&keep\n&" . taskwire#text#get('action.cancel')
    endif
    let choice = taskwire#ui#choose(taskwire#text#get('vim.confirm.deleteItem',
          \ {'title': here.task.title}), buttons, 3)
    if choice == 0 || choice == 3
      return
    endif
    let params.children = choice == 1 ? 'delete' : 'keep'
  elseif !taskwire#ui#confirm(taskwire#text#get('confirm.delete', {'title': here.task.title}))
    return
  endif
  call taskwire#rpc#request('task/delete', params,
        \ {r -> taskwire#actions#changed(here.state, 0,
        \   taskwire#text#get('vim.message.deletedUndoWithU', {'title': here.task.title}))})
endfunction

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

function! taskwire#actions#schedule() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  let fallback = taskwire#text#get('vim.prompt.scheduleFallback')
  let date = taskwire#ui#ask(taskwire#text#get('vim.prompt.schedule', {'fallback': fallback}),
        \ fallback)
  if date isnot v:null
    call s:schedule(here, date)
  endif
endfunction

function! taskwire#actions#to_inbox() abort
  let here = taskwire#actions#task_here()
  if !empty(here)
    call s:schedule(here, v:null)
  endif
endfunction

" s, i: the reply's message says where the task went ("Scheduled 'A' for Fri, Feb 13", "Sent
" 'A' to Inbox"), in the session's language.
function! s:schedule(here, date) abort
  call taskwire#rpc#request('task/schedule', {'id': a:here.task.id, 'date': a:date},
        \ {r -> taskwire#actions#changed(a:here.state, r.task.id, get(r, 'message', ''))})
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
