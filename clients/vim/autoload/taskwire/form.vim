" autoload/taskwire/form.vim - every field of a task in a small form buffer.
"
" `E` on a task opens taskwire-task://ID in a split: one "field: value" line per field, the
" notes below "notes:" (indented by two spaces).  :w sends one task/update with the fields that
" changed (one undo step); a refused save keeps the buffer modified and says why.

let s:fields = ['title', 'tags', 'priority', 'urgent', 'duration', 'type', 'scheduled', 'due',
      \ 'repeat']
let s:types = ['maintenance', 'deepWork', 'shallowWork', 'errand', 'meeting', 'learning']
let s:repeats = ['none', 'daily', 'weekly', 'biweekly', 'monthly']
let s:priorities = {'1': 1, '2': 2, '3': 3, 'low': 1, 'medium': 2, 'high': 3}

function! taskwire#form#open(task) abort
  execute 'silent keepalt botright new taskwire-task://' . a:task.id
  setlocal buftype=acwrite bufhidden=wipe noswapfile nobuflisted
  let b:taskwire_task = a:task
  silent %delete _
  call setline(1, taskwire#form#lines(a:task))
  setlocal nomodified
  call cursor(4, 8)
endfunction

function! s:text(value) abort
  return a:value is v:null ? '' : a:value
endfunction

function! taskwire#form#lines(task) abort
  let lines = [
        \ '" Task ' . a:task.id . ': change the values, :w saves them as one update (u in a view undoes it).',
        \ '" priority 1-3 or low/medium/high; urgent yes/no; type ' . join(s:types, ' ') . ';',
        \ '" repeat ' . join(s:repeats, ' ') . '; dates 2026-03-01, fri, in 3 days; empty = none',
        \ 'title: ' . a:task.title,
        \ 'tags: ' . join(a:task.tags, ', '),
        \ 'priority: ' . a:task.priority,
        \ 'urgent: ' . (a:task.urgent ? 'yes' : 'no'),
        \ 'duration: ' . a:task.durationMinutes,
        \ 'type: ' . a:task.type,
        \ 'scheduled: ' . s:text(a:task.scheduledDate),
        \ 'due: ' . s:text(a:task.dueDate),
        \ 'repeat: ' . get(a:task.recurrence, 'pattern', 'none'),
        \ 'notes:']
  let notes = a:task.notes is v:null ? [] : split(a:task.notes, "\n", 1)
  return lines + map(notes, {_, line -> '  ' . line})
endfunction

" The form's lines as a dict of field -> text; throws "taskwire-form: line N: …".
function! taskwire#form#parse(lines) abort
  let values = {}
  let notes = v:null
  for n in range(len(a:lines))
    let line = a:lines[n]
    if notes isnot v:null
      call add(notes, substitute(line, '^  ', '', ''))
      continue
    endif
    if line =~# '^\s*"' || line =~# '^\s*$'
      continue
    endif
    let parts = matchlist(line, '^\(\w\+\):\s*\(.\{-}\)\s*$')
    if empty(parts)
      throw printf('taskwire-form: line %d: write "field: value"', n + 1)
    endif
    if parts[1] ==# 'notes'
      let notes = empty(parts[2]) ? [] : [parts[2]]
    elseif index(s:fields, parts[1]) < 0
      throw printf('taskwire-form: line %d: no field "%s" (%s, notes)', n + 1, parts[1],
            \ join(s:fields, ', '))
    else
      let values[parts[1]] = parts[2]
    endif
  endfor
  let values.notes = notes is v:null ? '' : trim(join(notes, "\n"), "\n")
  return values
endfunction

" The task/update params for what differs from `task`; throws on a value that is not one.
function! taskwire#form#changes(task, values) abort
  let v = a:values
  let params = {}
  if has_key(v, 'title') && v.title !=# a:task.title
    let params.title = v.title
  endif
  if has_key(v, 'tags')
    let tags = filter(map(split(v.tags, ','), {_, t -> substitute(trim(t), '^#', '', '')}), '!empty(v:val)')
    if tags != a:task.tags
      let params.tags = tags
    endif
  endif
  if has_key(v, 'priority')
    if !has_key(s:priorities, tolower(v.priority))
      throw 'taskwire-form: priority is 1, 2, 3, low, medium or high'
    endif
    if s:priorities[tolower(v.priority)] != a:task.priority
      let params.priority = s:priorities[tolower(v.priority)]
    endif
  endif
  if has_key(v, 'urgent')
    let urgent = index(['yes', 'y', 'true', '1', '*'], tolower(v.urgent)) >= 0
    if urgent != a:task.urgent
      let params.urgent = urgent ? v:true : v:false
    endif
  endif
  if has_key(v, 'duration') && v.duration !=# string(a:task.durationMinutes)
    if v.duration !~# '^\d\+$'
      throw 'taskwire-form: duration is a number of minutes'
    endif
    let params.durationMinutes = str2nr(v.duration)
  endif
  if has_key(v, 'type') && v.type !=# a:task.type
    let params.type = v.type
  endif
  for [field, name] in [['scheduled', 'scheduledDate'], ['due', 'dueDate']]
    if has_key(v, field) && v[field] !=# s:text(a:task[name])
      let params[name] = empty(v[field]) ? v:null : v[field]
    endif
  endfor
  if has_key(v, 'repeat') && v.repeat !=# get(a:task.recurrence, 'pattern', 'none')
    let params.recurrence = {'pattern': v.repeat}
  endif
  if v.notes !=# s:text(a:task.notes)
    let params.notes = empty(v.notes) ? v:null : v.notes
  endif
  return params
endfunction

" BufWriteCmd: one task/update of what changed.
function! taskwire#form#write() abort
  let buf = bufnr('%')
  let task = b:taskwire_task
  try
    let params = taskwire#form#changes(task, taskwire#form#parse(getline(1, '$')))
  catch /^taskwire-form: /
    call taskwire#ui#error(substitute(v:exception, '^taskwire-form: ', '', ''))
    return
  endtry
  if empty(params)
    setlocal nomodified
    call taskwire#ui#info('nothing changed')
    return
  endif
  call taskwire#rpc#request('task/update', extend(params, {'id': task.id}),
        \ {r -> s:saved(buf, r.task)})
endfunction

function! s:saved(buf, task) abort
  if bufexists(a:buf)
    call setbufvar(a:buf, 'taskwire_task', a:task)
    call setbufvar(a:buf, '&modified', 0)
  endif
  call taskwire#ui#info(printf("saved '%s'", a:task.title))
endfunction
