" autoload/taskwire/display.vim - the clients' display convention (clients/README.md).
"
" A task line: "[ ] Call mom  !!  *  #family #phone  @errand  30m  ↻ weekly  due Fri, Nov 27",
" the markers being the words quick add reads; flags "overdue" and "after due" at the end.  A
" group header: "Tomorrow · Wed, Nov 25 · 30m", "Fri, Nov 27 · 2h", "Inbox · 45m".

let s:types = {'deepWork': '@deep', 'shallowWork': '@shallow', 'errand': '@errand',
      \ 'meeting': '@meeting', 'learning': '@learning'}
let s:weekdays = {'en': ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
      \ 'de': ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']}
let s:months = {'en': ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct',
      \ 'Nov', 'Dec'], 'de': ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.',
      \ 'Sept.', 'Okt.', 'Nov.', 'Dez.']}
" The words of the flags, as the shell client prints them.
let s:words = {
      \ 'en': {'due': 'due', 'today': 'today', 'tomorrow': 'tomorrow', 'overdue': 'overdue',
      \        'after due': 'after due', 'done': 'done'},
      \ 'de': {'due': 'fällig', 'today': 'heute', 'tomorrow': 'morgen', 'overdue': 'überfällig',
      \        'after due': 'nach Fälligkeit', 'done': 'erledigt'}}

" The lists as a message names them, in the shell client's words.
let s:places = {'en': {'inbox': 'Inbox', 'today': 'Today', 'upcoming': 'Upcoming'},
      \ 'de': {'inbox': 'zum Eingang', 'today': 'zu Heute', 'upcoming': 'zu Demnächst'}}

" The language the server speaks ('de' or 'en'), from its initialize reply.
function! taskwire#display#language() abort
  return get(taskwire#rpc#server(), 'locale', 'en') =~? '^de' ? 'de' : 'en'
endfunction

" Days since 1970-01-01 of a YYYY-MM-DD date (H. Hinnant's days_from_civil).
function! taskwire#display#days(date) abort
  let [y, m, d] = map(split(a:date, '-'), 'str2nr(v:val, 10)')
  let y -= m <= 2
  let era = (y >= 0 ? y : y - 399) / 400
  let yoe = y - era * 400
  let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
  let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
  return era * 146097 + doe - 719468
endfunction

" 0 = Monday … 6 = Sunday.
function! taskwire#display#weekday(date) abort
  let days = taskwire#display#days(a:date)
  return ((days % 7) + 7 + 3) % 7
endfunction

" "5m", "30m", "1h", "1h30m".
function! taskwire#display#duration(minutes) abort
  let [hours, rest] = [a:minutes / 60, a:minutes % 60]
  return hours == 0 ? rest . 'm' : hours . 'h' . (rest ? rest . 'm' : '')
endfunction

" "daily", "every 3 days", "weekly!" (from completion); '' for none.  Without the ↻.
function! taskwire#display#repeat_words(recurrence) abort
  let recurrence = type(a:recurrence) == v:t_dict ? a:recurrence : {}
  let pattern = get(recurrence, 'pattern', 'none')
  if pattern ==# 'none'
    return ''
  endif
  let n = get(recurrence, 'interval', 1) * (pattern ==# 'biweekly' ? 2 : 1)
  let units = {'daily': 'days', 'weekly': 'weeks', 'biweekly': 'weeks', 'monthly': 'months'}
  let text = n == 1 || (pattern ==# 'biweekly' && n == 2) ? pattern
        \ : printf('every %d %s', n, get(units, pattern, pattern))
  return text . (get(recurrence, 'afterCompletion', v:false) is v:true ? '!' : '')
endfunction

" "Fri, Nov 27"; "Jan 4, 2027" in another year than today's.  German: "Fr, 27. Nov.".
function! taskwire#display#day(date, today, ...) abort
  let lang = a:0 ? a:1 : taskwire#display#language()
  let [y, m, d] = map(split(a:date, '-'), 'str2nr(v:val, 10)')
  let month = s:months[lang][m - 1]
  if !empty(a:today) && y != str2nr(a:today[0:3], 10)
    return lang ==# 'de' ? printf('%d. %s %d', d, month, y) : printf('%s %d, %d', month, d, y)
  endif
  let weekday = s:weekdays[lang][taskwire#display#weekday(a:date)]
  return lang ==# 'de' ? printf('%s, %d. %s', weekday, d, month)
        \ : printf('%s, %s %d', weekday, month, d)
endfunction

" "due today", "due tomorrow", "due Fri, Nov 27"; German "fällig heute", "fällig Mi, 25. Nov.".
function! taskwire#display#due(date, today, ...) abort
  let lang = a:0 ? a:1 : taskwire#display#language()
  let w = s:words[lang]
  let delta = empty(a:today) ? 99
        \ : taskwire#display#days(a:date) - taskwire#display#days(a:today)
  return w.due . ' ' . (delta == 0 ? w.today : delta == 1 ? w.tomorrow
        \ : taskwire#display#day(a:date, a:today, lang))
endfunction

" The parts after a task's title, in the convention's order.  `done`: a completed task in the
" logbook (the flags about dates to come do not apply to it).
function! taskwire#display#markers(task, today, done, ...) abort
  let lang = a:0 ? a:1 : taskwire#display#language()
  let parts = []
  let priority = get(a:task, 'priority', 1)
  if priority >= 2
    call add(parts, repeat('!', priority))
  endif
  if get(a:task, 'urgent', v:false) is v:true
    call add(parts, '*')
  endif
  let tags = get(a:task, 'tags', [])
  if !empty(tags)
    call add(parts, join(map(copy(tags), '"#" . v:val')))
  endif
  if has_key(s:types, get(a:task, 'type', ''))
    call add(parts, s:types[a:task.type])
  endif
  let minutes = get(a:task, 'durationMinutes', 15)
  if minutes != 15
    call add(parts, taskwire#display#duration(minutes))
  endif
  let words = taskwire#display#repeat_words(get(a:task, 'recurrence', {}))
  if !empty(words)
    call add(parts, '↻ ' . words)
  endif
  let scheduled = s:date(a:task, 'scheduledDate')
  let due = s:date(a:task, 'dueDate')
  if !empty(due)
    call add(parts, taskwire#display#due(due, a:today, lang))
  endif
  if !a:done && !empty(a:today)
    if (!empty(due) && due <# a:today) || (!empty(scheduled) && scheduled <# a:today)
      call add(parts, s:words[lang].overdue)
    endif
    if !empty(scheduled) && !empty(due) && scheduled ># due
      call add(parts, s:words[lang]['after due'])
    endif
  endif
  return parts
endfunction

function! s:date(task, field) abort
  let value = get(a:task, a:field, v:null)
  return type(value) == v:t_string ? value : ''
endfunction

" "[ ] Call mom  !!  *  #family" ("[x]" when completed; `done_day`: "  done Mon, Nov 23").
function! taskwire#display#task_line(task, today, ...) abort
  let done_day = a:0 ? a:1 : ''
  let lang = a:0 > 1 ? a:2 : taskwire#display#language()
  let done = get(a:task, 'completed', v:false) is v:true
  let parts = taskwire#display#markers(a:task, a:today, done, lang)
  if !empty(done_day)
    call add(parts, s:words[lang].done . ' ' . taskwire#display#day(done_day, a:today, lang))
  endif
  let title = substitute(a:task.title, '[\n\r]', ' ', 'g')
  return (done ? '[x] ' : '[ ] ') . title . join(map(parts, '"  " . v:val'), '')
endfunction

" "Today · Thu, Feb 12 · 30m", "Fri, Feb 13 · 1h", "Jan 4, 2027 · Mon · 15m", "Inbox · 45m".
" A title that is the date itself (the server's "Feb 13") gives way to the date with its day.
function! taskwire#display#header(group, today, ...) abort
  let lang = a:0 ? a:1 : taskwire#display#language()
  let parts = [a:group.title]
  let date = get(a:group, 'date', v:null)
  if type(date) == v:t_string && !empty(date)
    let label = taskwire#display#day(date, a:today, lang)
    if !empty(a:today) && date[0:3] !=# a:today[0:3]
      let label .= ' · ' . s:weekdays[lang][taskwire#display#weekday(date)]
    endif
    let parts = a:group.title =~# '\d' ? [label] : [a:group.title, label]
  endif
  let total = 0
  for task in get(a:group, 'tasks', [])
    let total += get(task, 'durationMinutes', 15)
  endfor
  if total > 0
    call add(parts, taskwire#display#duration(total))
  endif
  return join(parts, ' · ')
endfunction

" Where a new task went, from task/create's reply ({task, view, group}): "added 'Call mom' to
" Upcoming: Fri, Feb 13"; German "'Call mom' zu Demnächst hinzugefügt: Fr, 13. Feb.".
function! taskwire#display#placed(title, place, today, ...) abort
  let lang = a:0 ? a:1 : taskwire#display#language()
  let where = get(s:places[lang], a:place.view, a:place.view)
  let when = a:place.view ==# 'upcoming' ? ': ' . taskwire#display#day(a:place.group, a:today, lang)
        \ : ''
  return lang ==# 'de' ? printf("'%s' %s hinzugefügt%s", a:title, where, when)
        \ : printf("added '%s' to %s%s", a:title, where, when)
endfunction
