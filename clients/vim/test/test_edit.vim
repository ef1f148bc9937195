" test/test_edit.vim - the form (E, :TaskwireEdit), delete (D, :TaskwireDelete) and reopen (x in
" the logbook), against the real server.

let s:today = 'Today · Thu, Feb 12'

function! Test_form_edits_every_field_in_one_update() abort
  call TwSeed([['A', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] A')
  call TwKeys('E')
  call assert_equal('taskwire-task://1', bufname('%'))
  call assert_equal(['Title: A', 'Tags: ', 'Priority: 1', 'Urgent: no', 'Duration: 15',
        \ 'Type: Maintenance', 'Date: 2026-02-12', 'Time: ', 'Due: ', 'Due time: ', 'Repeat: ',
        \ 'Notes:'],
        \ getline(4, '$'))
  let steps = len(TwRequest('history/list', {'limit': 100}).steps)
  " the catalogue's labels, or the fields' own names, in any case
  call setline(4, ['title: Call mom', 'Tags: family, #phone', 'priority: high', 'urgent: yes',
        \ 'duration: 30', 'Type: Errand', 'scheduled: tomorrow', 'Due: 2026-02-20',
        \ 'repeat: weekly', 'Notes:', '  ring twice', '  then text'])
  write
  call TwWaitFor({-> !&modified}, 'the form to be saved')
  let task = TwTask(1).task
  call assert_equal(['Call mom', ['family', 'phone'], 3, v:true, 30, 'errand', '2026-02-13',
        \ '2026-02-20', 'weekly', "ring twice\nthen text"],
        \ [task.title, task.tags, task.priority, task.urgent, task.durationMinutes, task.type,
        \  task.scheduledDate, task.dueDate, task.recurrence.pattern, task.notes])
  call assert_equal(steps + 1, len(TwRequest('history/list', {'limit': 100}).steps), 'one undo step')
  call TwWaitMessage("taskwire: Updated 'Call mom'")
  call assert_equal(['Title: Call mom', 'Tags: family, phone', 'Priority: 3', 'Urgent: yes',
        \ 'Duration: 30', 'Type: Errand', 'Date: 2026-02-13', 'Time: ', 'Due: 2026-02-20',
        \ 'Due time: ', 'Repeat: weekly', 'Notes:', '  ring twice', '  then text'],
        \ taskwire#form#lines(b:taskwire_task)[3:])
  " A value the server refuses: the form stays modified and the message says why.
  call setline(10, 'scheduled: someday maybe')
  write
  call TwWaitMessage('"someday maybe"')
  call assert_true(&modified)
  call assert_equal('2026-02-13', TwTask(1).task.scheduledDate)
  " A line that is not a field: nothing is sent.
  call setline(10, 'sched: fri')
  write
  call TwWaitMessage('no field "sched"')
  bwipe!
endfunction

" :TaskwireEdit opens the same form; a richer value is read (1h30m, @deep, every 2 weeks!),
" the view shows the result by the display convention.
function! Test_form_command_durations_types_and_repeats() abort
  call TwSeed([['A', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] A')
  TaskwireEdit
  call assert_equal('taskwire-task://1', bufname('%'))
  call assert_equal(['Title: A', 'Tags: '], getline(4, 5))
  call setline(5, 'Tags: #work #call')
  call setline(6, 'Priority: 2')
  call setline(8, 'Duration: 1h30m')
  call setline(9, 'Type: @deep')
  call setline(14, 'Repeat: every 3 weeks!')
  write
  call TwWaitFor({-> !&modified}, 'the form to be saved')
  let task = TwTask(1).task
  call assert_equal([['work', 'call'], 2, 90, 'deepWork'],
        \ [task.tags, task.priority, task.durationMinutes, task.type])
  call assert_equal({'pattern': 'weekly', 'interval': 3, 'afterCompletion': v:true},
        \ filter(copy(task.recurrence), 'index(["pattern", "interval", "afterCompletion"], v:key) >= 0'))
  " the form shows the repeat as the server writes it; what quick add does not read is said
  call assert_equal('Repeat: every 3 weeks!', taskwire#form#lines(task)[13])
  call setline(14, 'Repeat: every blue moon')
  write
  call TwWaitMessage('every blue moon')
  call assert_true(&modified)
  call setline(14, 'Repeat: every 3 weeks!')
  " a duration the form cannot read: nothing is sent
  call setline(8, 'Duration: soon')
  write
  call TwWaitMessage('duration is minutes (30) or hours and minutes (1h30m)')
  call assert_true(&modified)
  bwipe!
  call TwOpen('today')
  call TwWaitLines([s:today . ' · 1h30m', '[ ] A  !!  #work #call  @deep  1h30m  ↻ every 3 weeks!'])
endfunction

" Time and Due time, below their dates, set scheduledTime and dueTime (the view shows them in the
" server's words); a time without its date is refused in the server's words; empty or none clears.
function! Test_form_sets_and_clears_times_of_day() abort
  call TwSeed([['A', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] A')
  call TwKeys('E')
  call assert_equal(['Date: 2026-02-12', 'Time: ', 'Due: ', 'Due time: '], getline(10, 13))
  call setline(11, 'Time: 9:30')
  call setline(12, ['Due: 2026-02-13', 'Due time: 17:00'])
  write
  call TwWaitFor({-> !&modified}, 'the form to be saved')
  let task = TwTask(1).task
  call assert_equal(['2026-02-12', '09:30', '2026-02-13', '17:00'],
        \ [task.scheduledDate, task.scheduledTime, task.dueDate, task.dueTime])
  call assert_equal(['Time: 09:30', 'Due: 2026-02-13', 'Due time: 17:00'],
        \ taskwire#form#lines(b:taskwire_task)[10:12])
  bwipe!
  call TwOpen('today')
  call TwWaitLines([s:today . ' · 15m', '[ ] A  9:30 AM  due tomorrow 5 PM'])
  call TwCursor('[ ] A  9:30 AM  due tomorrow 5 PM')
  call TwKeys('E')
  call assert_equal(['Time: 09:30', 'Due: 2026-02-13', 'Due time: 17:00'], getline(11, 13))
  " a deadline's time without a deadline: the server says why, nothing changes
  call setline(12, ['Due: ', 'Due time: 18:00'])
  write
  call TwWaitMessage('dueTime needs a dueDate: 18:00 on which day?')
  call assert_true(&modified)
  call assert_equal('17:00', TwTask(1).task.dueTime)
  " none, or nothing, clears a time (the label or the field's own name, in any case)
  call setline(11, 'time: none')
  call setline(13, 'duetime:')
  write
  call TwWaitFor({-> !&modified}, 'the form to be saved')
  let task = TwTask(1).task
  call assert_equal(['2026-02-12', v:null, v:null, v:null], [task.scheduledDate,
        \ get(task, 'scheduledTime', v:null), task.dueDate, get(task, 'dueTime', v:null)])
  bwipe!
  call TwOpen('today')
  call TwWaitLines([s:today . ' · 15m', '[ ] A'])
endfunction

" D asks first; no keeps the task, yes deletes it and u brings it back.
function! Test_delete_asks_and_undo_brings_it_back() abort
  call TwSeed([['A', 'today'], ['B', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] A')
  let g:tw_answers = ['n']
  call TwKeys('D')
  call assert_equal(["Delete 'A'? (y/N): ", ''], g:tw_prompts[0])
  sleep 200m
  call assert_equal([s:today . ' · 30m', '[ ] A', '[ ] B'], getline(1, '$'), 'no: kept')
  let g:tw_answers = ['y']
  call TwKeys('D')
  call TwWaitLines([s:today . ' · 15m', '[ ] B'])
  call TwWaitMessage("taskwire: deleted 'A' (u undoes it)")
  call TwKeys('u')
  call TwWaitLines([s:today . ' · 30m', '[ ] A', '[ ] B'])
  " :TaskwireDelete does the same
  call TwCursor('[ ] B')
  let g:tw_answers = ['yes']
  TaskwireDelete
  call TwWaitLines([s:today . ' · 15m', '[ ] A'])
  call cursor(1, 1)
  TaskwireDelete
  call TwWaitMessage('taskwire: no task on this line')
endfunction

" The logbook: completed tasks with their day; x there reopens the task.
function! Test_logbook_shows_done_tasks_and_x_reopens() abort
  call TwSeed([['A', 'today', {'priority': 2}], ['B', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] A  !!')
  call TwKeys('x')
  call TwWaitLines([s:today . ' · 15m', '[ ] B'])
  call TwKeys('gl')
  call assert_equal('taskwire://logbook', bufname('%'))
  call TwWaitLines([s:today . ' · 15m', '[x] A  !!  done Thu, Feb 12'])
  call TwCursor('[x] A  !!  done Thu, Feb 12')
  call TwKeys('x')
  call TwWaitLines(['  (nothing done yet)'])
  call TwWaitMessage("taskwire: Reopened 'A'")
  call assert_false(TwTask(1).task.completed)
  call TwOpen('today')
  call TwWaitLines([s:today . ' · 30m', '[ ] B', '[ ] A  !!'])
endfunction
