" autoload/taskwire/form.vim - every field of a task in a small form buffer.
"
" `E` on a task opens taskwire-task://ID in a split: one "Field: value" line per field (the
" labels are the catalogue's field.* words), the notes below the notes label (indented by two
" spaces).  :w sends one task/update with the fields that changed (one undo step); a refused
" save keeps the buffer modified and says why.  The repeat shows as the server writes it (the
" task's repeat part); a changed one is read by the server's quick add, in either language.
" Time and Due time, below their dates, are the dates' times of day (scheduledTime, dueTime):
" HH:MM (9:30 is sent as 09:30), empty or none clears; the server refuses one without its date.

let s:fields = ['title', 'tags', 'priority', 'urgent', 'duration', 'type', 'scheduled', 'time',
      \ 'due', 'duetime', 'repeat']
let s:labels = {'title': 'field.title', 'tags': 'field.tags', 'priority': 'field.priority',
      \ 'urgent': 'field.urgent', 'duration': 'field.duration', 'type': 'field.type',
      \ 'scheduled': 'field.scheduled', 'time': 'vim.form.time', 'due': 'field.due',
      \ 'duetime': 'vim.form.dueTime', 'repeat': 'field.repeat', 'notes': 'field.notes'}
" the labels of a server whose catalogue is older than them
let s:fallback = {'vim.form.time': 'Time', 'vim.form.dueTime': 'Due time'}
let s:times = [['time', 'scheduledTime'], ['duetime', 'dueTime']]
let s:types = ['maintenance', 'deepWork', 'shallowWork', 'errand', 'meeting', 'learning']
" quick add's @words that are not the type's name
let s:type_words = {'deep': 'deepWork', 'shallow': 'shallowWork'}

function! taskwire#form#open(task) abort
  execute 'silent keepalt botright new taskwire-task://' . a:task.id
  setlocal buftype=acwrite bufhidden=wipe noswapfile nobuflisted
  let b:taskwire_task = a:task
  silent %delete _
  call setline(1, taskwire#form#lines(a:task))
  setlocal nomodified
  call cursor(4, len(s:label('title')) + 3)
endfunction

function! s:text(value) abort
  return a:value is v:null ? '' : a:value
endfunction

function! s:label(field) abort
  let key = s:labels[a:field]
  return has_key(s:fallback, key) && !taskwire#text#has(key) ? s:fallback[key]
        \ : taskwire#text#get(key)
endfunction

function! s:words(keys) abort
  return map(copy(a:keys), 'tolower(taskwire#text#get(v:val))')
endfunction

function! taskwire#form#lines(task) abort
  let T = function('taskwire#text#get')
  let lines = [
        \ '" ' . T('vim.form.intro', {'id': a:task.id}),
        \ '" ' . T('vim.form.hintValues', {'yes': T('yes'), 'no': T('no'),
        \   'priorities': join(s:words(['priority.low', 'priority.medium', 'priority.high']), '/'),
        \   'types': join(s:words(map(copy(s:types), '"type." . v:val')), ', ')}),
        \ '" ' . T('vim.form.hintRepeatAndDates')]
  let values = {'title': a:task.title, 'tags': join(a:task.tags, ', '),
        \ 'priority': a:task.priority, 'urgent': T(a:task.urgent ? 'yes' : 'no'),
        \ 'duration': a:task.durationMinutes, 'type': T('type.' . a:task.type),
        \ 'scheduled': s:text(a:task.scheduledDate), 'due': s:text(a:task.dueDate),
        \ 'time': s:text(get(a:task, 'scheduledTime', v:null)),
        \ 'duetime': s:text(get(a:task, 'dueTime', v:null)),
        \ 'repeat': s:repeat_text(a:task)}
  for field in s:fields
    call add(lines, s:label(field) . ': ' . values[field])
  endfor
  call add(lines, s:label('notes') . ':')
  let notes = a:task.notes is v:null ? [] : split(a:task.notes, "\n", 1)
  return lines + map(notes, {_, line -> '  ' . line})
endfunction

" The field a label names: the catalogue's label or the field's own name, in any case.
function! s:field(label) abort
  for field in s:fields + ['notes']
    if tolower(a:label) ==# tolower(s:label(field)) || tolower(a:label) ==# field
      return field
    endif
  endfor
  return ''
endfunction

" The form's lines as a dict of field -> text; throws "taskwire-form: …".
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
    let parts = matchlist(line, '^\([^:"]\{-1,}\):\s*\(.\{-}\)\s*$')
    if empty(parts)
      throw 'taskwire-form: ' . taskwire#text#get('vim.form.writeFieldValue', {'line': n + 1})
    endif
    let field = s:field(trim(parts[1]))
    if field ==# 'notes'
      let notes = empty(parts[2]) ? [] : [parts[2]]
    elseif empty(field)
      throw 'taskwire-form: ' . taskwire#text#get('vim.form.noSuchField', {'line': n + 1,
            \ 'name': parts[1], 'fields': join(map(s:fields + ['notes'], 's:label(v:val)'), ', ')})
    else
      let values[field] = parts[2]
    endif
  endfor
  let values.notes = notes is v:null ? '' : trim(join(notes, "\n"), "\n")
  return values
endfunction

" The task/update params for what differs from `task` (a changed repeat as `repeat`, the text
" for quick add to read); throws on a value that is not one.
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
    let words = s:words(['priority.low', 'priority.medium', 'priority.high'])
    let priority = v.priority =~# '^[123]$' ? str2nr(v.priority)
          \ : index(words, tolower(v.priority)) + 1
    if priority == 0
      throw 'taskwire-form: ' . taskwire#text#get('vim.form.priorityIs',
            \ {'priorities': join(words, ', ')})
    elseif priority != a:task.priority
      let params.priority = priority
    endif
  endif
  if has_key(v, 'urgent')
    let answer = tolower(v.urgent)
    let urgent = index([tolower(taskwire#text#get('yes')), '1', '*'], answer) >= 0
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
    let type = s:type(v.type)
    if type !=# a:task.type
      let params.type = type
    endif
  endif
  for [field, name] in [['scheduled', 'scheduledDate'], ['due', 'dueDate']]
    if has_key(v, field) && v[field] !=# s:text(a:task[name])
      let params[name] = empty(v[field]) ? v:null : v[field]
    endif
  endfor
  for [field, name] in s:times
    if has_key(v, field) && v[field] !=# s:text(get(a:task, name, ''))
      let params[name] = s:time(v[field])
    endif
  endfor
  if has_key(v, 'repeat') && v.repeat !=# s:repeat_text(a:task)
    if empty(v.repeat)
      let params.recurrence = {'pattern': 'none'}
    else
      let params.repeat = v.repeat
    endif
  endif
  if v.notes !=# s:text(a:task.notes)
    let params.notes = empty(v.notes) ? v:null : v.notes
  endif
  return params
endfunction

" The type's name from the catalogue's word, the name itself or quick add's @word.
function! s:type(text) abort
  let text = tolower(substitute(trim(a:text), '^@', '', ''))
  let words = s:words(map(copy(s:types), '"type." . v:val'))
  let at = index(words, text)
  let named = index(map(copy(s:types), 'tolower(v:val)'), text)
  if at >= 0 || named >= 0
    return s:types[at >= 0 ? at : named]
  elseif has_key(s:type_words, text)
    return s:type_words[text]
  endif
  throw 'taskwire-form: ' . taskwire#text#get('vim.form.typeIs', {'types': join(words, ', ')})
endfunction

" "30", "30m", "1h", "1h30m", "1h30" -> minutes; throws on anything else.
function! s:minutes(text) abort
  let parts = matchlist(a:text, '\v^\s*%((\d+)\s*h)?\s*%((\d+)\s*%(m|min)?)?\s*$')
  if empty(parts) || (empty(parts[1]) && empty(parts[2]))
    throw 'taskwire-form: ' . taskwire#text#get('vim.form.durationIs')
  endif
  return str2nr(parts[1]) * 60 + str2nr(parts[2])
endfunction

" A time of day as sent: v:null for '' or none, 09:30 for 9:30, anything else for the server.
function! s:time(text) abort
  if a:text ==? 'none' || empty(a:text)
    return v:null
  endif
  return a:text =~# '^\d:\d\d$' ? '0' . a:text : a:text
endfunction

" The repeat as the server shows it ("every 2 weeks!", "Mo–Fr"), without its ↻; '' for none.
function! s:repeat_text(task) abort
  let parts = filter(copy(get(a:task, 'display', [])), 'get(v:val, "kind", "") ==# "repeat"')
  return empty(parts) ? '' : substitute(parts[0].text, '^↻\s*', '', '')
endfunction

" BufWriteCmd: one task/update of what changed (a changed repeat read by quick add first).
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
    call taskwire#ui#info(taskwire#text#get('vim.form.nothingChanged'))
  elseif has_key(params, 'repeat')
    " a trailing ! counts from completion, as the server writes it
    let text = remove(params, 'repeat')
    let after = text =~# '!$'
    call taskwire#rpc#request('task/parse', {'text': 'x ' . substitute(text, '!$', '', '')},
          \ {p -> s:read_repeat(buf, task, params, text, after, p)})
  else
    call s:update(buf, task, params)
  endif
endfunction

function! s:read_repeat(buf, task, params, text, after, parsed) abort
  let recurrence = get(a:parsed.fields, 'recurrence', {})
  if a:parsed.title !=# 'x' || empty(recurrence)
    call taskwire#ui#error(taskwire#text#get('vim.form.repeatNotRead', {'text': a:text}))
    return
  endif
  if a:after
    let recurrence.afterCompletion = v:true
  endif
  call s:update(a:buf, a:task, extend(a:params, {'recurrence': recurrence}))
endfunction

function! s:update(buf, task, params) abort
  call taskwire#rpc#request('task/update', extend(a:params, {'id': a:task.id}),
        \ {r -> s:saved(a:buf, r.task)})
endfunction

function! s:saved(buf, task) abort
  if bufexists(a:buf)
    call setbufvar(a:buf, 'taskwire_task', a:task)
    call setbufvar(a:buf, '&modified', 0)
  endif
  call taskwire#ui#info(taskwire#text#get('message.updated', {'title': a:task.title}))
endfunction
