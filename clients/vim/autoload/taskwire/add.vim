" autoload/taskwire/add.vim - a: a new task (or project) in the view of the buffer.
"
" Quick add: the server reads tags, priority, dates, repeats… out of the line typed.  The new
" item goes where the cursor is (the Upcoming day, the matrix quadrant, the project's heading,
" the area), unless the line names a date of its own; where it went is said when the buffer
" does not show it there.

function! taskwire#add#add() abort
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
