" autoload/taskwire/form.vim - every field of a task in a small form buffer.
"
" `E` on a task opens taskwire-task://ID in a split: one "field: value" line per field, the
" notes below "notes:" (indented by two spaces).  :w sends one task/update with the fields that
" changed (one undo step); a refused save keeps the buffer modified and says why.

let s:fields = ['title', 'tags', 'priority', 'urgent', 'duration', 'type', 'scheduled', 'due',
      \ 'repeat']
let s:types = ['maintenance', 'deepWork', 'shallowWork', 'errand', 'meeting', 'learning']
let s:repeats = ['none', 'daily', 'weekly', 'biweekly', 'monthly']
let s:units = {'day': 'daily', 'days': 'daily', 'week': 'weekly', 'weeks': 'weekly',
      \ 'month': 'monthly', 'months': 'monthly'}
let s:type_words = {'deep': 'deepWork', 'shallow': 'shallowWork'}
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
        \ '" priority 1-3 or low/medium/high; urgent yes/no; duration 30, 30m, 1h30m; type '
        \   . join(s:types, ' ') . ';',
        \ '" repeat ' . join(s:repeats, ' ') . ', every 3 days, weekly! (from completion);'
        \   . ' dates 2026-03-01, fri, in 3 days; empty = none',
        \ 'title: ' . a:task.title,
        \ 'tags: ' . join(a:task.tags, ', '),
        \ 'priority: ' . a:task.priority,
        \ 'urgent: ' . (a:task.urgent ? 'yes' : 'no'),
        \ 'duration: ' . a:task.durationMinutes,
        \ 'type: ' . a:task.type,
        \ 'scheduled: ' . s:text(a:task.scheduledDate),
        \ 'due: ' . s:text(a:task.dueDate),
        \ 'repeat: ' . s:repeat_text(a:task.recurrence),
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
    " "a, b" or "#a #b"
    let words = v.tags =~# ',' || v.tags !~# '^\s*#' ? split(v.tags, ',') : split(v.tags)
    let tags = filter(map(words, {_, t -> substitute(trim(t), '^#', '', '')}), '!empty(v:val)')
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
  if has_key(v, 'duration')
    let minutes = s:minutes(v.duration)
    if minutes != a:task.durationMinutes
      let params.durationMinutes = minutes
    endif
  endif
  if has_key(v, 'type')
    let type = substitute(v.type, '^@', '', '')
    let type = get(s:type_words, tolower(type), type)
    if type !=# a:task.type
      let params.type = type
    endif
  endif
  for [field, name] in [['scheduled', 'scheduledDate'], ['due', 'dueDate']]
    if has_key(v, field) && v[field] !=# s:text(a:task[name])
      let params[name] = empty(v[field]) ? v:null : v[field]
    endif
  endfor
  if has_key(v, 'repeat') && v.repeat !=# s:repeat_text(a:task.recurrence)
    let params.recurrence = s:recurrence(v.repeat)
  endif
  if v.notes !=# s:text(a:task.notes)
    let params.notes = empty(v.notes) ? v:null : v.notes
  endif
  return params
endfunction

" "30", "30m", "1h", "1h30m", "1h30" -> minutes; throws on anything else.
function! s:minutes(text) abort
  let parts = matchlist(a:text, '\v^\s*%((\d+)\s*h)?\s*%((\d+)\s*%(m|min)?)?\s*$')
  if empty(parts) || (empty(parts[1]) && empty(parts[2]))
    throw 'taskwire-form: duration is minutes (30) or hours and minutes (1h30m)'
  endif
  return str2nr(parts[1]) * 60 + str2nr(parts[2])
endfunction

" The repeat as the form shows it: "none", "weekly", "every 3 days", "weekly!".
function! s:repeat_text(recurrence) abort
  let text = taskwire#display#repeat_words(a:recurrence)
  return empty(text) ? 'none' : text
endfunction

" The form's repeat as a recurrence: the pattern's name, or "every N days|weeks|months", and
" "!" to count from completion.  The server checks the rest.
function! s:recurrence(text) abort
  let text = trim(tolower(a:text))
  let after = text =~# '!$'
  let text = trim(substitute(text, '!$', '', ''))
  let every = matchlist(text, '^every\s\+\(\d\+\)\s\+\(\a\+\)$')
  if empty(text) || text ==# 'none'
    return {'pattern': 'none'}
  elseif index(s:repeats, text) >= 0
    let recurrence = {'pattern': text}
  elseif !empty(every) && has_key(s:units, every[2])
    let recurrence = {'pattern': s:units[every[2]], 'interval': str2nr(every[1])}
  else
    throw 'taskwire-form: repeat is none, daily, weekly, biweekly, monthly or every 3 days'
          \ . ' (weeks, months), with ! to count from completion'
  endif
  if after
    let recurrence.afterCompletion = v:true
  endif
  return recurrence
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
