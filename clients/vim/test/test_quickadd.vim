" test/test_quickadd.vim - where quick add files a task, and saying so when it is not the view
" being looked at (in the server's language); the help's examples of dates.

let s:dir = expand('<sfile>:p:h')

function! Test_add_says_where_a_task_went_when_it_is_not_this_view() abort
  call TwOpen('today')
  let g:tw_answers = ['Buy milk']
  call TwKeys('a')
  call TwWaitLines(['Today · Thu, Feb 12 · 15m', '[ ] Buy milk'])
  let g:tw_answers = ['Call mom tomorrow']
  call TwKeys('a')
  call TwWaitMessage("taskwire: Added 'Call mom' to Upcoming: Fri, Feb 13")
  call assert_equal(['Today · Thu, Feb 12 · 15m', '[ ] Buy milk'], getline(1, '$'),
        \ 'Today does not show it')
  call assert_notmatch("added 'Buy milk'", execute('messages'), 'Today''s task in Today')
  call TwOpen('inbox')
  let g:tw_answers = ['Dentist next monday', 'Laundry today', 'Someday']
  call TwKeys('a')
  call TwWaitMessage("taskwire: Added 'Dentist' to Upcoming: Mon, Feb 16")
  call TwKeys('a')
  call TwWaitMessage("taskwire: Added 'Laundry' to Today")
  call TwKeys('a')
  call TwWaitLines(['Inbox · 15m', '[ ] Someday'])
  call assert_notmatch("added 'Someday'", execute('messages'), 'the Inbox''s task in the Inbox')
endfunction

" In Upcoming a task goes to the day under the cursor, unless the line names its own date.
function! Test_add_in_upcoming_a_typed_date_wins_over_the_day_under_the_cursor() abort
  call TwSeed([['C', 'upcoming', {'scheduledDate': 'in 3 days'}]])
  call TwOpen('upcoming')
  call TwCursor('[ ] C')
  let g:tw_answers = ['Dentist next monday']
  call TwKeys('a')
  call TwWaitMessage("taskwire: Added 'Dentist' to Upcoming: Mon, Feb 16")
  call TwWaitLines(['Sun, Feb 15 · 15m', '[ ] C', '', 'Mon, Feb 16 · 15m', '[ ] Dentist'])
  call TwCursor('[ ] C')
  let g:tw_answers = ['D']
  call TwKeys('a')
  call TwWaitLines(['Sun, Feb 15 · 30m', '[ ] C', '[ ] D', '', 'Mon, Feb 16 · 15m',
        \ '[ ] Dentist'])
  call assert_notmatch("added 'D'", execute('messages'), 'the day under the cursor')
endfunction

function! Test_add_in_the_matrix_says_which_list_the_task_is_in() abort
  call TwOpen('matrix')
  call TwCursor('Urgent & important')
  let g:tw_answers = ['Fire friday']
  call TwKeys('a')
  call TwWaitMessage("taskwire: Added 'Fire' to Upcoming: Fri, Feb 13")
  call TwWaitFor({-> getline(2) ==# '[ ] Fire  !!  *'}, 'Fire in the first quadrant')
endfunction

function! Test_add_with_a_filter_says_where_the_task_went() abort
  call TwSeed([['Buy milk', 'today', {'tags': ['shop']}]])
  call TwOpen('today')
  TaskwireFilter #shop
  call TwWaitLines(['Filter: #shop', 'Today · Thu, Feb 12 · 15m', '[ ] Buy milk  #shop'])
  " the filter hides the new task: where it went is said
  let g:tw_answers = ['Call mom']
  call TwKeys('a')
  call TwWaitMessage("taskwire: Added 'Call mom' to Today")
  call assert_equal(['Filter: #shop', 'Today · Thu, Feb 12 · 15m', '[ ] Buy milk  #shop'],
        \ getline(1, '$'))
endfunction

function! Test_add_says_where_in_german() abort
  let g:taskwire_locale = 'de_DE.UTF-8'
  try
    call TwOpen('today')
    let g:tw_answers = ['Mama anrufen morgen']
    call TwKeys('a')
    call TwWaitMessage("taskwire: 'Mama anrufen' zu Demnächst hinzugefügt: Fr, 13. Feb.")
    let g:tw_answers = ['Steuern']
    call TwOpen('inbox')
    call TwKeys('a')
    call TwWaitFor({-> index(getline(1, '$'), '[ ] Steuern') >= 0}, 'Steuern in the Inbox')
    call assert_notmatch("'Steuern'", execute('messages'))
  finally
    unlet g:taskwire_locale
  endtry
endfunction

" The examples of :help taskwire-quick-add-dates are what the server does (so that the help
" cannot drift from the parser): "Friday" lines are read as Friday, the others are all title.
function! Test_the_help_examples_of_dates_are_what_quick_add_does() abort
  call TwOpen('today')
  let doc = readfile(fnamemodify(s:dir, ':h') . '/doc/taskwire.txt')
  let start = match(doc, '\*taskwire-quick-add-dates\*')
  let examples = filter(doc[start : start + 12], 'v:val =~# "^\tCall mom"')
  call assert_equal(4, len(examples))
  for line in examples
    let [text, meaning] = split(line[1:], '\t\+')
    let fields = TwRequest('task/parse', {'text': text, 'view': 'inbox'}).fields
    if meaning ==# 'Friday'
      call assert_equal(['Call mom', '2026-02-13'], [fields.title, get(fields, 'scheduledDate', '')], text)
    else
      call assert_equal(text, fields.title, text)
      call assert_false(has_key(fields, 'scheduledDate'), text)
    endif
  endfor
endfunction

" A time in the add prompt is the first part after the title, in its own highlight group, as
" the session's language writes it.
function! Test_add_a_time_shows_it() abort
  call TwOpen('today')
  let g:tw_answers = ['Stand-up 9:30 @meeting', 'Dentist tomorrow at 3pm']
  call TwKeys('a')
  call TwWaitLines(['Today · Thu, Feb 12 · 15m', '[ ] Stand-up  9:30 AM  @meeting'])
  call assert_equal('taskwireTime', TwPropAt(2, '9:30 AM'))
  call TwKeys('a')
  call TwWaitMessage("taskwire: Added 'Dentist' to Upcoming: Fri, Feb 13")
  call TwOpen('upcoming')
  call TwWaitLines(['Tomorrow · Fri, Feb 13 · 15m', '[ ] Dentist  3 PM'])
  call assert_equal('taskwireTime', TwPropAt(2, '3 PM'))
  " a time alone (read as today's) is the time on the day under the cursor
  call TwCursor('[ ] Dentist  3 PM')
  let g:tw_answers = ['Call back 4:15pm']
  call TwKeys('a')
  call TwWaitLines(['Tomorrow · Fri, Feb 13 · 30m', '[ ] Dentist  3 PM',
        \ '[ ] Call back  4:15 PM'])
  " :TaskwireLocale de: the server re-sends the parts; German quick add reads "um 15:30 Uhr"
  TaskwireLocale de
  call TwWaitLines(['Morgen · Fr, 13. Feb. · 30 Min.', '[ ] Dentist  15:00',
        \ '[ ] Call back  16:15'])
  let g:tw_answers = ['Zahnarzt morgen um 15:30 Uhr']
  call TwKeys('a')
  call TwWaitLines(['Morgen · Fr, 13. Feb. · 45 Min.', '[ ] Dentist  15:00',
        \ '[ ] Call back  16:15', '[ ] Zahnarzt  15:30'])
  call assert_equal('taskwireTime', TwPropAt(4, '15:30'))
endfunction
