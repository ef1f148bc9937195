" test/test_matrix.vim - the matrix, all and logbook views, moves between quadrants.

function! Test_matrix_view_and_moves_between_quadrants() abort
  call TwSeed([['Fire', 'today', {'priority': 2, 'urgent': v:true}],
        \ ['Plan', 'inbox', {'priority': 3}], ['Call', 'today', {'urgent': v:true}],
        \ ['Nap', 'inbox']])
  Taskwire matrix
  call TwWaitLines(['Urgent & important · 15m', '[ ] Fire  !!  *', '',
        \ 'Important · 15m', '[ ] Plan  !!!', '', 'Urgent · 15m', '[ ] Call  *', '',
        \ 'Neither · 15m', '[ ] Nap'])
  " > to the next quadrant (its top): Call becomes important too
  call TwCursor('[ ] Call  *')
  call TwKeys('>')
  call TwWaitLines(['Urgent & important · 15m', '[ ] Fire  !!  *', '',
        \ 'Important · 15m', '[ ] Plan  !!!', '', 'Urgent', '  (no tasks)', '',
        \ 'Neither · 30m', '[ ] Call', '[ ] Nap'])
  call assert_equal('[ ] Call', getline('.'), 'the cursor follows the task')
  call assert_equal([v:false, 1], [TwTask(3).task.urgent, TwTask(3).task.priority])
  call TwWaitMessage("taskwire: Moved 'Call' to Neither")
  messages clear
  call TwKeys('J')
  call TwWaitLines(['Urgent & important · 15m', '[ ] Fire  !!  *', '',
        \ 'Important · 15m', '[ ] Plan  !!!', '', 'Urgent', '  (no tasks)', '',
        \ 'Neither · 30m', '[ ] Nap', '[ ] Call'])
  call assert_notmatch('Moved', execute('messages'), 'a move within a quadrant says nothing')
  call TwKeys('J')
  call TwWaitMessage('taskwire: already at the bottom')
  call TwKeys('>')
  call TwWaitMessage('taskwire: no quadrant after Neither')
  " K from the top of a quadrant: to the end of the one before
  call TwCursor('[ ] Plan  !!!')
  call TwKeys('K')
  call TwWaitLines(['Urgent & important · 30m', '[ ] Fire  !!  *', '[ ] Plan  !!!  *', '',
        \ 'Important', '  (no tasks)', '', 'Urgent', '  (no tasks)', '',
        \ 'Neither · 30m', '[ ] Nap', '[ ] Call'])
  call assert_equal(3, TwTask(2).task.priority, 'an important task keeps its 3')
  call TwWaitMessage("taskwire: Moved 'Plan' to Urgent & important")
  call TwKeys('<')
  call TwWaitMessage('taskwire: no quadrant before Urgent & important')
  " a task added in a quadrant lands in it
  call TwCursor('Urgent')
  let g:tw_answers = ['Ring back']
  call TwKeys('a')
  call TwWaitFor({-> index(getline(1, '$'), '[ ] Ring back  *') == 8}, 'the new task in Urgent')
  call assert_equal([v:true, 1], [TwTask(5).task.urgent, TwTask(5).task.priority])
endfunction

function! Test_all_view_and_view_keys() abort
  call TwSeed([['Later', 'upcoming'], ['Now', 'today', {'dueDate': '2026-02-12'}],
        \ ['Idea', 'inbox', {'durationMinutes': 30}]])
  call TwOpen('today')
  call TwKeys('ga')
  call assert_equal('taskwire://all', bufname('%'))
  call TwWaitLines(['All · 1h', '[ ] Now  due today', '[ ] Later', '[ ] Idea  30m'])
  call TwCursor('[ ] Later')
  call TwKeys('J')
  call TwWaitMessage('taskwire: tasks cannot be moved in All')
  call TwKeys('x')
  call TwWaitLines(['All · 45m', '[ ] Now  due today', '[ ] Idea  30m'])
  call TwKeys('gm')
  call assert_equal('taskwire://matrix', bufname('%'))
  call TwWaitFor({-> getline(1) ==# 'Urgent & important'}, 'the matrix')
  call TwKeys('gl')
  call TwWaitLines(['Today · Thu, Feb 12 · 15m', '[x] Later  done Thu, Feb 12'])
  let g:tw_answers = ['Nope']
  call TwKeys('a')
  call TwWaitMessage('add tasks in another view')
  call assert_equal([], g:tw_prompts)
  Taskwire logbook
  call assert_equal('taskwire://logbook', bufname('%'))
endfunction
