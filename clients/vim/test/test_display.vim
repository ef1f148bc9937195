" test/test_display.vim - the display convention (clients/README.md) on its own, and in a
" buffer with its highlight groups.

function! Test_display_markers_in_order() abort
  let task = {'title': 'Call mom', 'tags': ['family', 'phone'], 'priority': 2, 'urgent': v:true,
        \ 'type': 'errand', 'durationMinutes': 30, 'recurrence': {'pattern': 'weekly'},
        \ 'scheduledDate': '2026-02-12', 'dueDate': '2026-02-13', 'completed': v:false}
  call assert_equal('[ ] Call mom  !!  *  #family #phone  @errand  30m  ↻ weekly  due tomorrow',
        \ taskwire#display#task_line(task, '2026-02-12', '', 'en'))
  " priority 3 is !!!, 1 nothing; 15 minutes and maintenance show nothing
  call assert_equal('[ ] T  !!!', taskwire#display#task_line({'title': 'T', 'priority': 3,
        \ 'durationMinutes': 15, 'type': 'maintenance'}, '2026-02-12', '', 'en'))
  call assert_equal('[ ] T', taskwire#display#task_line({'title': 'T', 'priority': 1},
        \ '2026-02-12', '', 'en'))
  for [minutes, text] in [[5, '5m'], [60, '1h'], [90, '1h30m'], [600, '10h']]
    call assert_equal(text, taskwire#display#duration(minutes))
  endfor
  for [recurrence, text] in [[{'pattern': 'daily'}, 'daily'],
        \ [{'pattern': 'daily', 'interval': 3}, 'every 3 days'],
        \ [{'pattern': 'biweekly'}, 'biweekly'],
        \ [{'pattern': 'weekly', 'afterCompletion': v:true}, 'weekly!'],
        \ [{'pattern': 'monthly', 'interval': 2}, 'every 2 months'], [{'pattern': 'none'}, '']]
    call assert_equal(text, taskwire#display#repeat_words(recurrence))
  endfor
  " due dates and flags
  let today = '2026-02-12'
  call assert_equal('due today', taskwire#display#due('2026-02-12', today, 'en'))
  call assert_equal('due Fri, Nov 27', taskwire#display#due('2026-11-27', today, 'en'))
  call assert_equal('due Jan 4, 2027', taskwire#display#due('2027-01-04', today, 'en'))
  call assert_equal('[ ] T  due Tue, Feb 10  overdue  after due', taskwire#display#task_line(
        \ {'title': 'T', 'dueDate': '2026-02-10', 'scheduledDate': '2026-02-12'}, today, '', 'en'))
  call assert_equal('[ ] T  overdue', taskwire#display#task_line(
        \ {'title': 'T', 'scheduledDate': '2026-02-11'}, today, '', 'en'))
  call assert_equal('[ ] T  due Sat, Feb 14  after due', taskwire#display#task_line(
        \ {'title': 'T', 'dueDate': '2026-02-14', 'scheduledDate': '2026-02-16'}, today, '', 'en'))
  call assert_equal('[x] T  #a  done Wed, Feb 11', taskwire#display#task_line({'title': 'T',
        \ 'tags': ['a'], 'completed': v:true, 'dueDate': '2026-02-01'}, today, '2026-02-11', 'en')
        \ ->substitute('  due Sun, Feb 1', '', ''))
endfunction

function! Test_display_headers() abort
  let today = '2026-02-12'
  let tasks = [{'durationMinutes': 15}, {'durationMinutes': 60}]
  call assert_equal('Today · Thu, Feb 12 · 1h15m', taskwire#display#header(
        \ {'title': 'Today', 'date': today, 'tasks': tasks}, today, 'en'))
  call assert_equal('Tomorrow · Fri, Feb 13 · 15m', taskwire#display#header(
        \ {'title': 'Tomorrow', 'date': '2026-02-13', 'tasks': [{}]}, today, 'en'))
  call assert_equal('Fri, Nov 27 · 2h', taskwire#display#header(
        \ {'title': 'Nov 27', 'date': '2026-11-27', 'tasks': [{'durationMinutes': 120}]}, today, 'en'))
  call assert_equal('Jan 4, 2027 · Mon · 15m', taskwire#display#header(
        \ {'title': 'Jan 4, 2027', 'date': '2027-01-04', 'tasks': [{}]}, today, 'en'))
  call assert_equal('Inbox · 45m', taskwire#display#header(
        \ {'title': 'Inbox', 'date': v:null, 'tasks': [{}, {'durationMinutes': 30}]}, today, 'en'))
  call assert_equal('Neither', taskwire#display#header(
        \ {'title': 'Neither', 'date': v:null, 'tasks': []}, today, 'en'))
  " German: the server's titles, German weekdays and months
  call assert_equal('Morgen · Fr, 13. Feb. · 15m', taskwire#display#header(
        \ {'title': 'Morgen', 'date': '2026-02-13', 'tasks': [{}]}, today, 'de'))
  call assert_equal('Mo, 16. Feb.', taskwire#display#header(
        \ {'title': '16. Feb.', 'date': '2026-02-16', 'tasks': []}, today, 'de'))
  for [date, weekday] in [['2026-02-12', 3], ['2000-02-29', 1], ['1969-12-31', 2],
        \ ['2027-01-04', 0], ['2026-03-01', 6]]
    call assert_equal(weekday, taskwire#display#weekday(date), date)
  endfor
endfunction

" The flags are coloured by highlight groups: overdue and after due red, due today orange/bold.
function! Test_display_highlight_groups() abort
  call TwSeed([['Late', 'today', {'dueDate': '2026-02-10'}],
        \ ['Now', 'today', {'dueDate': '2026-02-12', 'tags': ['x']}]])
  call TwOpen('today')
  call TwWaitLines(['Today · Thu, Feb 12 · 30m', '[ ] Late  due Tue, Feb 10  overdue  after due',
        \ '[ ] Now  #x  due today'])
  call assert_equal('taskwireOverdue', synIDattr(synID(2, stridx(getline(2), 'overdue') + 1, 1), 'name'))
  call assert_equal('taskwireDueToday', synIDattr(synID(3, stridx(getline(3), 'due today') + 1, 1), 'name'))
  call assert_equal('taskwireTag', synIDattr(synID(3, stridx(getline(3), '#x') + 1, 1), 'name'))
  call assert_equal('taskwireGroup', synIDattr(synID(1, 1, 1), 'name'))
  call assert_match('Red', execute('highlight taskwireOverdue'))
  call assert_match('bold', execute('highlight taskwireDueToday'))
  call assert_equal('taskwireAfterDue', synIDattr(synID(2, stridx(getline(2), 'after due') + 1, 1), 'name'))
  call assert_match('Red', execute('highlight taskwireAfterDue'))
endfunction

" German (locale de): the flag words and dates as the shell client prints them.
function! Test_display_german_words() abort
  let today = '2026-02-12'
  call assert_equal('fällig heute', taskwire#display#due('2026-02-12', today, 'de'))
  call assert_equal('fällig morgen', taskwire#display#due('2026-02-13', today, 'de'))
  call assert_equal('fällig Mi, 25. Nov.', taskwire#display#due('2026-11-25', today, 'de'))
  call assert_equal('fällig 4. Jan. 2027', taskwire#display#due('2027-01-04', today, 'de'))
  call assert_equal('[ ] T  !!  #a  fällig Di, 10. Feb.  überfällig  nach Fälligkeit',
        \ taskwire#display#task_line({'title': 'T', 'priority': 2, 'tags': ['a'],
        \ 'dueDate': '2026-02-10', 'scheduledDate': '2026-02-12'}, today, '', 'de'))
  call assert_equal('[ ] T  überfällig', taskwire#display#task_line(
        \ {'title': 'T', 'scheduledDate': '2026-02-11'}, today, '', 'de'))
  call assert_equal('[x] T  erledigt Mi, 11. Feb.', taskwire#display#task_line(
        \ {'title': 'T', 'completed': v:true}, today, '2026-02-11', 'de'))
  " day headers: "Mi, 25. Nov." as the shell prints them, another year with its weekday after
  call assert_equal('Mi, 25. Nov. · 15m', taskwire#display#header(
        \ {'title': '25. Nov.', 'date': '2026-11-25', 'tasks': [{}]}, today, 'de'))
  call assert_equal('Heute · Do, 12. Feb. · 1h30m', taskwire#display#header(
        \ {'title': 'Heute', 'date': today, 'tasks': [{'durationMinutes': 90}]}, today, 'de'))
  call assert_equal('4. Jan. 2027 · Mo · 15m', taskwire#display#header(
        \ {'title': '4. Jan. 2027', 'date': '2027-01-04', 'tasks': [{}]}, today, 'de'))
  call assert_equal('So, 1. März', taskwire#display#day('2026-03-01', today, 'de'))
endfunction

" With g:taskwire_locale "de" the buffers say it in German, and the flags keep their colours.
function! Test_display_german_buffers() abort
  let g:taskwire_locale = 'de'
  try
    call TwSeed([['Spät', 'today', {'dueDate': '2026-02-10'}],
          \ ['Jetzt', 'today', {'dueDate': '2026-02-12'}], ['Bald', 'upcoming'],
          \ ['Später', 'upcoming', {'scheduledDate': '2026-11-25', 'dueDate': '2026-11-27'}],
          \ ['Fertig', 'today']])
    call TwOpen('today')
    call TwWaitLines(['Heute · Do, 12. Feb. · 45m',
          \ '[ ] Spät  fällig Di, 10. Feb.  überfällig  nach Fälligkeit',
          \ '[ ] Jetzt  fällig heute', '[ ] Fertig'])
    call assert_equal('taskwireOverdue',
          \ synIDattr(synID(2, stridx(getline(2), 'überfällig') + 1, 1), 'name'))
    call assert_equal('taskwireAfterDue',
          \ synIDattr(synID(2, stridx(getline(2), 'nach Fälligkeit') + 1, 1), 'name'))
    call assert_equal('taskwireDue', synIDattr(synID(2, stridx(getline(2), 'fällig Di') + 1, 1), 'name'))
    call assert_equal('taskwireDueToday',
          \ synIDattr(synID(3, stridx(getline(3), 'fällig heute') + 1, 1), 'name'))
    call TwCursor('[ ] Fertig')
    call TwKeys('x')
    call TwWaitLines(['Heute · Do, 12. Feb. · 30m',
          \ '[ ] Spät  fällig Di, 10. Feb.  überfällig  nach Fälligkeit', '[ ] Jetzt  fällig heute'])
    call TwOpen('upcoming')
    call TwWaitLines(['Morgen · Fr, 13. Feb. · 15m', '[ ] Bald', '',
          \ 'Mi, 25. Nov. · 15m', '[ ] Später  fällig Fr, 27. Nov.'])
    call TwOpen('logbook')
    call TwWaitLines(['Heute · Do, 12. Feb. · 15m', '[x] Fertig  erledigt Do, 12. Feb.'])
    call assert_equal('taskwireDoneDay',
          \ synIDattr(synID(2, stridx(getline(2), 'erledigt') + 1, 1), 'name'))
  finally
    unlet g:taskwire_locale
  endtry
endfunction
