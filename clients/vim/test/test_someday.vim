" test/test_someday.vim - Anytime and Someday, cancelling and making a project, against the real
" server: S and A move a task between the live buffers, X on a project empties its buffer and
" fills the logbook with "cancelled", cp turns a task's checklist into a project's tasks, and
" the same in German.

" Waits until the buffer taskwire://NAME (in another window) shows `expected`.
function! s:WaitBuf(name, expected) abort
  let nr = bufnr('^taskwire://' . a:name . '$')
  call assert_true(nr > 0, 'no buffer taskwire://' . a:name)
  call TwWaitFor({-> getbufline(nr, 1, '$') ==# a:expected},
        \ 'taskwire://' . a:name . ' to show ' . string(a:expected))
  call assert_equal(a:expected, getbufline(nr, 1, '$'), 'taskwire://' . a:name)
endfunction

" Opens `view` in a new window above the current one (the view below stays live).
function! s:Above(view) abort
  split
  call TwOpen(a:view)
endfunction

" Home (area 1) holds Garden (project 2); Milk (3) is today's and in nothing, Dig (4) is
" Garden's and today's, Rake (5) is Garden's with no date (so in Anytime).
function! s:Garden() abort
  call assert_equal([1, 2, 3, 4, 5], map(TwOutside([
        \ ['task/create', {'title': 'Home', 'kind': 'area'}],
        \ ['task/create', {'title': 'Garden', 'kind': 'project', 'parent': 1}],
        \ ['task/create', {'title': 'Milk', 'view': 'today'}],
        \ ['task/create', {'title': 'Dig', 'view': 'today', 'parent': 2}],
        \ ['task/create', {'title': 'Rake', 'parent': 2}]]), 'v:val.result.task.id'))
endfunction

function! Test_someday_and_anytime_move_tasks_between_live_buffers() abort
  call s:Garden()
  call TwOpen('someday')
  call TwWaitLines(['  (no tasks)'])
  call s:Above('anytime')
  call TwWaitLines(['Garden · 15m', '[ ] Rake'])
  call s:Above('today')
  call TwWaitLines(['Today · Thu, Feb 12 · 30m', '[ ] Milk', '[ ] Dig  Garden'])
  " S: Milk leaves Today and is on Someday, under "No project"
  call TwCursor('[ ] Milk')
  call TwKeys('S')
  call TwWaitLines(['Today · Thu, Feb 12 · 15m', '[ ] Dig  Garden'])
  call TwWaitMessage("taskwire: Put 'Milk' on Someday")
  call s:WaitBuf('someday', ['No project · 15m', '[ ] Milk  Someday'])
  " A: Dig loses its date and is in Anytime, under its project's group
  call TwCursor('[ ] Dig  Garden')
  call TwKeys('A')
  call TwWaitLines(['Today · Thu, Feb 12', '  (no tasks)'])
  call TwWaitMessage("taskwire: Put 'Dig' on Anytime")
  call s:WaitBuf('anytime', ['Garden · 30m', '[ ] Dig', '[ ] Rake'])
  call assert_equal(v:null, TwTask(4).task.scheduledDate)
  " in Anytime, S puts Rake on Someday under Garden; in Someday, A takes it back
  wincmd j
  call assert_equal('taskwire://anytime', bufname('%'))
  call TwCursor('[ ] Rake')
  call TwKeys('J')
  call TwWaitMessage('taskwire: tasks cannot be moved in Anytime')
  call TwKeys('S')
  call TwWaitLines(['Garden · 15m', '[ ] Dig'])
  call s:WaitBuf('someday', ['No project · 15m', '[ ] Milk  Someday', '',
        \ 'Garden · 15m', '[ ] Rake  Someday'])
  wincmd j
  call TwCursor('[ ] Rake  Someday')
  call TwKeys('A')
  call TwWaitLines(['No project · 15m', '[ ] Milk  Someday'])
  call s:WaitBuf('anytime', ['Garden · 30m', '[ ] Dig', '[ ] Rake'])
  " a task in nothing has no place in Anytime: the server says why
  call TwCursor('[ ] Milk  Someday')
  call TwKeys('A')
  call TwWaitMessage('a task in no project or area with no date is in the Inbox')
  " a in Someday adds a task on Someday, in the group under the cursor
  let g:tw_answers = ['Seeds']
  call TwKeys('a')
  call TwWaitLines(['No project · 30m', '[ ] Milk  Someday', '[ ] Seeds  Someday'])
endfunction

function! Test_cancel_a_project_from_the_projects_list() abort
  call assert_equal([1, 2, 3, 4], map(TwOutside([
        \ ['task/create', {'title': 'Home', 'kind': 'area'}],
        \ ['task/create', {'title': 'Garden', 'kind': 'project', 'parent': 1}],
        \ ['task/create', {'title': 'Dig', 'parent': 2}],
        \ ['task/create', {'title': 'Rake', 'parent': 2}]]), 'v:val.result.task.id'))
  call TwOpen('logbook')
  call TwWaitLines(['  (nothing done yet)'])
  split
  execute 'Taskwire project 2'
  call TwWaitLines(['Garden · 30m', '[ ] Dig', '[ ] Rake'])
  call s:Above('projects')
  call TwWaitLines(['No area', '  (no projects)', '', 'Home', '[ ] Garden'])
  call TwCursor('[ ] Garden')
  call TwKeys('X')
  call TwWaitLines(['No area', '  (no projects)', '', 'Home', '  (no projects)'])
  call TwWaitMessage("taskwire: Cancelled 'Garden'")
  " its tasks are gone from its buffer, and the logbook says they were given up
  call s:WaitBuf('project/2', ['  (no tasks)'])
  call s:WaitBuf('logbook', ['Today · Thu, Feb 12 · 30m', '[x] Rake  cancelled Thu, Feb 12',
        \ '[x] Dig  cancelled Thu, Feb 12', '[x] Garden  Home  cancelled Thu, Feb 12'])
  call assert_true(TwTask(3).task.cancelled)
  " one u brings all back
  call TwKeys('u')
  call TwWaitMessage("taskwire: Undid: Cancel 'Garden'")
  call TwWaitLines(['No area', '  (no projects)', '', 'Home', '[ ] Garden'])
  call s:WaitBuf('project/2', ['Garden · 30m', '[ ] Dig', '[ ] Rake'])
  call s:WaitBuf('logbook', ['  (nothing done yet)'])
endfunction

function! Test_make_a_project_of_a_task_with_a_checklist() abort
  let replies = TwOutside([['task/create', {'title': 'Trip', 'view': 'today'}],
        \ ['task/checklist', {'id': 1, 'action': 'add', 'title': 'Book hotel'}],
        \ ['task/checklist', {'id': 1, 'action': 'add', 'title': 'Pack'}]])
  call TwOpen('projects')
  call TwWaitLines(['No area', '  (no projects)'])
  call s:Above('today')
  call TwWaitLines(['Today · Thu, Feb 12 · 15m', '[ ] Trip  0/2'])
  call TwCursor('[ ] Trip  0/2')
  call TwKeys('cp')
  call TwWaitLines(['Today · Thu, Feb 12', '  (no tasks)'])
  call TwWaitMessage("taskwire: Made 'Trip' a project")
  call s:WaitBuf('projects', ['No area', '[ ] Trip'])
  " <CR> opens it: the checklist's lines are its tasks
  wincmd j
  call TwCursor('[ ] Trip')
  execute "normal \<CR>"
  call TwWaitFor({-> bufname('%') ==# 'taskwire://project/1'}, 'the project buffer')
  call TwWaitLines(['Trip · 30m', '[ ] Book hotel', '[ ] Pack'])
  call assert_equal('taskwire Trip', taskwire#statusline())
  " a project is made once: the server refuses it on a project
  call TwOpen('projects')
  call TwCursor('[ ] Trip')
  call TwKeys('cp')
  call TwWaitMessage('only a task is made a project')
endfunction

function! Test_someday_and_anytime_in_german() abort
  call s:Garden()
  let g:taskwire_locale = 'de'
  try
    call TwOpen('today')
    call TwCursor('[ ] Milk')
    call TwKeys('S')
    call TwWaitMessage("taskwire: 'Milk' auf Irgendwann gelegt")
    call TwCursor('[ ] Dig  Garden')
    call TwKeys('A')
    call TwWaitMessage("taskwire: 'Dig' auf Jederzeit gelegt")
    call TwKeys('gS')
    call TwWaitFor({-> bufname('%') ==# 'taskwire://someday'}, 'the Someday buffer')
    call TwWaitLines(['Ohne Projekt · 15 Min.', '[ ] Milk  Irgendwann'])
    call assert_equal('taskwire Irgendwann', taskwire#statusline())
    call TwKeys('gA')
    call TwWaitFor({-> bufname('%') ==# 'taskwire://anytime'}, 'the Anytime buffer')
    call TwWaitLines(['Garden · 30 Min.', '[ ] Dig', '[ ] Rake'])
    call assert_equal('taskwire Jederzeit', taskwire#statusline())
    call TwCursor('[ ] Rake')
    call TwKeys('X')
    call TwWaitMessage("taskwire: 'Rake' abgebrochen")
    call TwWaitLines(['Garden · 15 Min.', '[ ] Dig'])
    call TwKeys('g?')
    let popup = taskwire#ui#last_popup()
    let help = join(getbufline(winbufnr(popup), 1, '$'), "\n")
    call popup_clear()
    for words in ['Auf Irgendwann legen', 'Auf Jederzeit legen', 'Als abgebrochen markieren',
          \ 'Zum Projekt machen', 'Jederzeit', 'Irgendwann']
      call assert_match('\V' . words, help)
    endfor
  finally
    unlet g:taskwire_locale
  endtry
endfunction
