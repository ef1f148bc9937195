" test/test_projects.vim - the projects list, a project with its headings and an area, against
" the real server: their lines, opening by name, completion, J K under headings, x and u on a
" project.

" Home (area 1) holds Garden (project 2) with its heading Spring (3); Loose (4) is in no area;
" Dig (5) and Rake (6) are Garden's own tasks, Plant (7) is under Spring, Sweep (8) is Home's.
function! s:Structure() abort
  let ids = map(TwOutside([
        \ ['task/create', {'title': 'Home', 'kind': 'area'}],
        \ ['task/create', {'title': 'Garden', 'kind': 'project', 'parent': 1}],
        \ ['task/create', {'title': 'Spring', 'kind': 'heading', 'parent': 2}],
        \ ['task/create', {'title': 'Loose', 'kind': 'project'}],
        \ ['task/create', {'title': 'Dig', 'parent': 2}],
        \ ['task/create', {'title': 'Rake', 'parent': 2, 'priority': 2}],
        \ ['task/create', {'title': 'Plant', 'parent': 3}],
        \ ['task/create', {'title': 'Sweep', 'parent': 1}]]), 'v:val.result.task.id')
  call assert_equal(range(1, 8), ids)
endfunction

" :Taskwire ARGS and wait until the buffer `name` shows the server's list.
function! s:Open(args, name) abort
  execute 'Taskwire' a:args
  call TwWaitFor({-> bufname('%') ==# 'taskwire://' . a:name}, 'the buffer taskwire://' . a:name)
  call TwWaitFor({-> !empty(get(taskwire#view#state(a:name), 'snapshot', {}))
        \ && taskwire#text#loaded() && getline(1) !=# taskwire#text#get('list.loading')},
        \ 'the ' . a:name . ' view to load')
endfunction

" The titles of a project's groups, from a fresh view/list: [[key, [titles]], …].
function! s:Fresh(params) abort
  let result = TwRequest('view/list', a:params)
  return map(copy(result.groups), '[v:val.key, map(copy(v:val.tasks), "v:val.title")]')
endfunction

" (a group of projects shows no total: totals count tasks only)
let s:projects = ['No area', '[ ] Loose', '', 'Home', '[ ] Garden']
" (an area's projects are under "Projects", its own tasks under its title)
let s:home = ['Projects', '[ ] Garden', '', 'Home · 15m', '[ ] Sweep']
let s:garden = ['Garden · 30m', '[ ] Dig', '[ ] Rake  !!', '', 'Spring · 15m', '[ ] Plant']

function! Test_projects_list_and_open_a_project() abort
  call s:Structure()
  call s:Open('projects', 'projects')
  call TwWaitLines(s:projects)
  call assert_equal('taskwire ' . taskwire#text#get('vim.view.projects'), taskwire#statusline())
  call TwCursor('[ ] Garden')
  execute "normal \<CR>"
  call TwWaitFor({-> bufname('%') ==# 'taskwire://project/2'}, 'the project buffer')
  call TwWaitLines(s:garden)
  call assert_equal('taskwire Garden', taskwire#statusline())
  call assert_equal('project', b:taskwire_view)
  " an area's header opens the area
  call s:Open('projects', 'projects')
  call TwCursor('Home')
  execute "normal \<CR>"
  call TwWaitFor({-> bufname('%') ==# 'taskwire://area/1'}, 'the area buffer')
  call TwWaitLines(s:home)
  call assert_equal('taskwire Home', taskwire#statusline())
endfunction

function! Test_project_and_area_by_name_and_completion() abort
  call s:Structure()
  call s:Open('project garden', 'project/2')
  call TwWaitLines(s:garden)
  call s:Open('area Home', 'area/1')
  call TwWaitLines(s:home)
  call s:Open('project 4', 'project/4')
  call TwWaitLines(['Loose', '  (no tasks)'])
  call assert_equal(['Garden'], taskwire#complete('G', 'Taskwire project G', 18))
  call assert_equal(['Garden', 'Loose'], sort(taskwire#complete('', 'Taskwire project ', 17)))
  call assert_equal(['Home'], taskwire#complete('h', 'Taskwire area h', 15))
  call assert_equal(['project', 'projects'], sort(taskwire#complete('proj', 'Taskwire proj', 13)))
  execute 'Taskwire project Nothing'
  " (the words of the catalogue fragment, or the key with its values until the server has it)
  call TwWaitMessage('taskwire: ' . taskwire#text#get('vim.error.noSuchProject',
        \ {'name': 'Nothing', 'names': 'Loose, Garden'}))
  call assert_equal('taskwire://project/4', bufname('%'))
endfunction

function! Test_move_a_task_under_a_heading_with_J_and_K() abort
  call s:Structure()
  call s:Open('project 2', 'project/2')
  call TwWaitLines(s:garden)
  call TwCursor('[ ] Rake  !!')
  call TwKeys('J')
  call TwWaitLines(['Garden · 15m', '[ ] Dig', '', 'Spring · 30m', '[ ] Rake  !!', '[ ] Plant'])
  call assert_equal('[ ] Rake  !!', getline('.'), 'the cursor follows the task')
  call assert_equal([['tasks:2', ['Dig']], ['tasks:3', ['Rake', 'Plant']]],
        \ s:Fresh({'view': 'project', 'project': 2}))
  call assert_equal(3, TwTask(6).task.parent)
  call TwKeys('J')
  call TwWaitLines(['Garden · 15m', '[ ] Dig', '', 'Spring · 30m', '[ ] Plant', '[ ] Rake  !!'])
  call TwKeys('J')
  call TwWaitMessage('taskwire: already at the bottom')
  " up past the header: the end of the project's own tasks
  call TwKeys('KK')
  call TwWaitLines(['Garden · 30m', '[ ] Dig', '[ ] Rake  !!', '', 'Spring · 15m', '[ ] Plant'])
  call assert_equal([['tasks:2', ['Dig', 'Rake']], ['tasks:3', ['Plant']]],
        \ s:Fresh({'view': 'project', 'project': 2}))
  call assert_equal(2, TwTask(6).task.parent)
  " a: a task under the heading of the cursor's group, quick add read
  call TwCursor('Spring · 15m')
  let g:tw_answers = ['Seed #garden']
  call TwKeys('a')
  call TwWaitLines(['Garden · 30m', '[ ] Dig', '[ ] Rake  !!', '', 'Spring · 30m', '[ ] Plant',
        \ '[ ] Seed  #garden'])
endfunction

function! Test_move_projects_in_the_projects_list() abort
  call s:Structure()
  call s:Open('projects', 'projects')
  call TwWaitLines(s:projects)
  call TwCursor('[ ] Loose')
  call TwKeys('J')
  call TwWaitLines(['No area', '  ' . taskwire#text#get('vim.list.noProjects'), '', 'Home', '[ ] Loose', '[ ] Garden'])
  call assert_equal(1, TwTask(4).task.parent)
  call assert_equal([['projects:0', []], ['projects:1', ['Loose', 'Garden']]],
        \ s:Fresh({'view': 'projects'}))
endfunction

function! Test_complete_a_project_and_undo() abort
  call s:Structure()
  call s:Open('projects', 'projects')
  call TwWaitLines(s:projects)
  call TwCursor('[ ] Garden')
  call TwKeys('x')
  call TwWaitLines(['No area', '[ ] Loose', '', 'Home', '  ' . taskwire#text#get('vim.list.noProjects')])
  call TwWaitMessage("taskwire: Completed 'Garden'")
  call assert_true(TwTask(5).task.completed, 'its tasks are completed with it')
  call assert_equal([['projects:0', ['Loose']], ['projects:1', []]], s:Fresh({'view': 'projects'}))
  call TwKeys('u')
  call TwWaitLines(s:projects)
  call TwWaitMessage("taskwire: Undid: Complete 'Garden'")
  call assert_false(TwTask(5).task.completed)
  call assert_equal([['tasks:2', ['Dig', 'Rake']], ['tasks:3', ['Plant']]],
        \ s:Fresh({'view': 'project', 'project': 2}))
endfunction

function! Test_delete_a_project_keeping_its_tasks() abort
  call s:Structure()
  call s:Open('projects', 'projects')
  call TwWaitLines(s:projects)
  call TwCursor('[ ] Garden')
  let g:tw_answers = ['k']
  call TwKeys('D')
  call TwWaitLines(['No area', '[ ] Loose', '', 'Home', '  ' . taskwire#text#get('vim.list.noProjects')])
  call assert_match('Garden', g:tw_prompts[-1][0])
  " the tasks moved up to the area
  call assert_equal([['projects:1', []], ['tasks:1', ['Sweep', 'Dig', 'Rake', 'Plant']]],
        \ s:Fresh({'view': 'area', 'area': 1}))
  call TwKeys('u')
  call TwWaitLines(s:projects)
endfunction
