" test/test_display.vim - drawing the server's display parts (clients/README.md): the line, the
" header, the colour of each part kind, in English and in German.  The words are the server's
" (test_fixture.vim compares every view with Protocol/fixtures/display.json).

" A task line is the box, the title (newlines as spaces) and each part after two spaces; a
" part of a kind the plugin does not know is drawn as plain text, without a colour.
function! Test_display_draws_the_parts_it_is_given() abort
  let task = {'title': "Two\nlines", 'completed': v:false, 'display': [
        \ {'kind': 'priority', 'text': '!!'}, {'kind': 'project', 'text': 'Garden'},
        \ {'kind': 'overdue', 'text': 'late!'}, {'kind': 'tags', 'text': ''}]}
  let [text, spans] = taskwire#render#task_line(task)
  call assert_equal('[ ] Two lines  !!  Garden  late!', text)
  call assert_equal([['taskwireBox', 1, 4], ['taskwirePriority', 16, 18],
        \ ['taskwireOverdue', 28, 33]], spans)
  let [text, spans] = taskwire#render#task_line({'title': 'T', 'completed': v:true,
        \ 'display': [{'kind': 'completed', 'text': 'erledigt Mo, 23. Nov.'}]})
  call assert_equal('[x] T  erledigt Mo, 23. Nov.', text)
  call assert_equal(['taskwireDone', 5, 6], spans[1])
  " no parts (a server that was not asked): the title alone
  call assert_equal('[ ] T', taskwire#render#task_line({'title': 'T'})[0])
  " a header joins its parts with " · "; without parts it is the group's title
  call assert_equal('Jan 4, 2027 · Mon · 15m', taskwire#render#header({'title': 'Jan 4, 2027',
        \ 'display': [{'kind': 'date', 'text': 'Jan 4, 2027'}, {'kind': 'weekday', 'text': 'Mon'},
        \ {'kind': 'total', 'text': '15m'}]}))
  call assert_equal('Neither', taskwire#render#header({'title': 'Neither'}))
endfunction

" Each part kind has its highlight group, as a text property: overdue and after due red, due
" today orange/bold, whatever the words.
function! Test_display_highlight_groups() abort
  call TwSeed([['Late', 'today', {'dueDate': '2026-02-10'}],
        \ ['Now', 'today', {'dueDate': '2026-02-12', 'tags': ['x'], 'priority': 3,
        \  'urgent': v:true, 'type': 'errand', 'durationMinutes': 30, 'notes': 'n',
        \  'recurrence': {'pattern': 'daily'}}]])
  call TwOpen('today')
  call TwWaitLines(['Today · Thu, Feb 12 · 45m', '[ ] Late  due Tue, Feb 10  overdue  after due',
        \ '[ ] Now  !!!  *  #x  @errand  30m  ↻ daily  ✎  due today'])
  for [lnum, text, group] in [[1, 'Today', 'taskwireGroup'], [2, 'due Tue', 'taskwireDue'],
        \ [2, 'overdue', 'taskwireOverdue'], [2, 'after due', 'taskwireAfterDue'],
        \ [3, '!!!', 'taskwirePriority'], [3, '*', 'taskwireUrgent'], [3, '#x', 'taskwireTag'],
        \ [3, '@errand', 'taskwireType'], [3, '30m', 'taskwireDuration'],
        \ [3, '↻ daily', 'taskwireRepeat'], [3, '✎', 'taskwireNotes'],
        \ [3, 'due today', 'taskwireDueToday'], [3, 'Now', '']]
    call assert_equal(group, TwPropAt(lnum, text), text)
  endfor
  call assert_match('Red', execute('highlight taskwireOverdue'))
  call assert_match('bold', execute('highlight taskwireDueToday'))
  call assert_match('Red', execute('highlight taskwireAfterDue'))
  " a colour scheme that clears the highlights gets the defaults back
  highlight clear
  doautocmd ColorScheme
  call assert_match('Red', execute('highlight taskwireOverdue'))
endfunction

" With g:taskwire_locale "de" the buffers say it in German, and the parts keep their colours.
function! Test_display_german_buffers() abort
  let g:taskwire_locale = 'de'
  try
    call TwSeed([['Spät', 'today', {'dueDate': '2026-02-10'}],
          \ ['Jetzt', 'today', {'dueDate': '2026-02-12'}], ['Bald', 'upcoming'],
          \ ['Später', 'upcoming', {'scheduledDate': '2026-11-25', 'dueDate': '2026-11-27'}],
          \ ['Fertig', 'today']])
    call TwOpen('today')
    call TwWaitLines(['Heute · Do, 12. Feb. · 45 Min.',
          \ '[ ] Spät  fällig Di, 10. Feb.  überfällig  nach Fälligkeit',
          \ '[ ] Jetzt  fällig heute', '[ ] Fertig'])
    call assert_equal('taskwireOverdue', TwPropAt(2, 'überfällig'))
    call assert_equal('taskwireAfterDue', TwPropAt(2, 'nach Fälligkeit'))
    call assert_equal('taskwireDue', TwPropAt(2, 'fällig Di'))
    call assert_equal('taskwireDueToday', TwPropAt(3, 'fällig heute'))
    call TwCursor('[ ] Fertig')
    call TwKeys('x')
    " the total follows (an updateGroup op carries the header's new parts)
    call TwWaitLines(['Heute · Do, 12. Feb. · 30 Min.',
          \ '[ ] Spät  fällig Di, 10. Feb.  überfällig  nach Fälligkeit',
          \ '[ ] Jetzt  fällig heute'])
    call TwOpen('upcoming')
    call TwWaitLines(['Morgen · Fr, 13. Feb. · 15 Min.', '[ ] Bald', '',
          \ 'Mi, 25. Nov. · 15 Min.', '[ ] Später  fällig Fr, 27. Nov.'])
    call TwOpen('logbook')
    call TwWaitLines(['Heute · Do, 12. Feb. · 15 Min.', '[x] Fertig  erledigt Do, 12. Feb.'])
    call assert_equal('taskwireDoneDay', TwPropAt(2, 'erledigt'))
  finally
    unlet g:taskwire_locale
  endtry
endfunction

" An update op carries the task's new parts: a duration changed elsewhere is drawn at once.
function! Test_display_update_ops_carry_the_parts() abort
  let ids = TwSeed([['A', 'today']])
  call TwOpen('today')
  call TwWaitLines(['Today · Thu, Feb 12 · 15m', '[ ] A'])
  call TwOutside([['task/update', {'id': ids[0], 'durationMinutes': 90, 'priority': 2}]])
  call TwWaitLines(['Today · Thu, Feb 12 · 1h30m', '[ ] A  !!  1h30m'])
  call assert_equal('taskwireDuration', TwPropAt(2, '1h30m'))
endfunction
