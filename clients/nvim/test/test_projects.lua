-- test/test_projects.lua - the projects list, a project with its headings and an area, against
-- the real server: their lines, opening by name, completion, J K and m + p under headings,
-- x and u on a project, D with its items kept.

local H = require('tw_test_helpers')
local view = require('taskwire.view')
local words = require('taskwire.words')
local test, tests = H.suite()

-- Home (area 1) holds Garden (project 2) with its heading Spring (3); Loose (4) is in no area;
-- Dig (5) and Rake (6) are Garden's own tasks, Plant (7) is under Spring, Sweep (8) is Home's.
local function structure()
  local ids = vim.tbl_map(function(p)
    return H.request('task/create', p).task.id
  end, {
    { title = 'Home', kind = 'area' },
    { title = 'Garden', kind = 'project', parent = 1 },
    { title = 'Spring', kind = 'heading', parent = 2 },
    { title = 'Loose', kind = 'project' },
    { title = 'Dig', parent = 2 },
    { title = 'Rake', parent = 2, priority = 2 },
    { title = 'Plant', parent = 3 },
    { title = 'Sweep', parent = 1 },
  })
  H.eq({ 1, 2, 3, 4, 5, 6, 7, 8 }, ids)
end

-- :Taskwire ARGS, then waits until the buffer `name` shows the server's list.
local function open(args, name)
  vim.cmd('Taskwire ' .. args)
  H.wait_for(function()
    return vim.api.nvim_buf_get_name(0) == 'taskwire://' .. name
  end, 'the buffer taskwire://' .. name)
  H.wait_for(function()
    local state = view.state(name)
    return state and state.snapshot and words.ready()
  end, 'the ' .. name .. ' view to load')
end

-- A fresh view/list: {{key, {titles}}, …}.
local function fresh(params)
  return vim.tbl_map(function(g)
    return { g.key, vim.tbl_map(function(t)
      return t.title
    end, g.tasks) }
  end, H.request('view/list', params).groups)
end

-- "(no projects)", or the key until the server's catalogue has it.
local function no_projects()
  return '  ' .. words.get('vim.list.noProjects')
end

-- (a group of projects shows no total: totals count tasks only; an area's projects are under
-- "Projects", its own tasks under its title)
local PROJECTS = { 'No area', '[ ] Loose', '', 'Home', '[ ] Garden' }
local GARDEN = { 'Garden · 30m', '[ ] Dig', '[ ] Rake  !!', '', 'Spring · 15m', '[ ] Plant' }
local HOME = { 'Projects', '[ ] Garden', '', 'Home · 15m', '[ ] Sweep' }

test('the projects list; <CR> opens a project, and an area from its header', function()
  structure()
  open('projects', 'projects')
  H.wait_lines(PROJECTS)
  H.eq('taskwire ' .. words.text('vim.view.projects'), require('taskwire').statusline())
  H.cursor('[ ] Garden')
  H.keys('<CR>')
  H.wait_for(function()
    return vim.api.nvim_buf_get_name(0) == 'taskwire://project/2'
  end, 'the project buffer')
  H.wait_lines(GARDEN)
  H.eq('taskwire Garden', require('taskwire').statusline())
  open('projects', 'projects')
  H.cursor('Home')
  H.keys('<CR>')
  H.wait_for(function()
    return vim.api.nvim_buf_get_name(0) == 'taskwire://area/1'
  end, 'the area buffer')
  H.wait_lines(HOME)
  H.eq('taskwire Home', require('taskwire').statusline())
end)

test(':Taskwire project NAME, area NAME, ID; completion of the names', function()
  structure()
  open('project garden', 'project/2')
  H.wait_lines(GARDEN)
  open('area Home', 'area/1')
  H.wait_lines(HOME)
  open('project 4', 'project/4')
  H.wait_lines({ 'Loose', '  (no tasks)' })
  H.eq({ 'Garden' }, vim.fn.getcompletion('Taskwire project G', 'cmdline'))
  H.eq({ 'Garden', 'Loose' }, vim.fn.sort(vim.fn.getcompletion('Taskwire project ', 'cmdline')))
  H.eq({ 'Home' }, vim.fn.getcompletion('Taskwire area h', 'cmdline'))
  H.eq({ 'projects', 'project' }, vim.fn.getcompletion('Taskwire proj', 'cmdline'))
  vim.cmd('Taskwire project Nothing')
  H.wait_message(words.text('vim.error.noSuchProject', { name = 'Nothing', names = 'Loose, Garden' }))
  H.eq('taskwire://project/4', vim.api.nvim_buf_get_name(0))
end)

test('J and K move a task under a heading and back; a adds under the heading', function()
  structure()
  open('project 2', 'project/2')
  H.wait_lines(GARDEN)
  H.cursor('[ ] Rake  !!')
  H.keys('J')
  H.wait_lines({ 'Garden · 15m', '[ ] Dig', '', 'Spring · 30m', '[ ] Rake  !!', '[ ] Plant' })
  H.eq('[ ] Rake  !!', H.current_line(), 'the cursor follows the task')
  H.eq({ { 'tasks:2', { 'Dig' } }, { 'tasks:3', { 'Rake', 'Plant' } } }, fresh({ view = 'project', project = 2 }))
  H.eq(3, H.request('task/get', { id = 6 }).task.parent)
  H.keys('J')
  H.wait_lines({ 'Garden · 15m', '[ ] Dig', '', 'Spring · 30m', '[ ] Plant', '[ ] Rake  !!' })
  H.keys('J')
  H.wait_message('already at the bottom')
  H.keys('KK') -- up past the header: the end of the project's own tasks
  H.wait_lines(GARDEN)
  H.eq({ { 'tasks:2', { 'Dig', 'Rake' } }, { 'tasks:3', { 'Plant' } } }, fresh({ view = 'project', project = 2 }))
  H.eq(2, H.request('task/get', { id = 6 }).task.parent)
  H.cursor('Spring · 15m')
  H.answers = { 'Seed #garden' }
  H.keys('a')
  H.wait_lines({ 'Garden · 30m', '[ ] Dig', '[ ] Rake  !!', '', 'Spring · 30m', '[ ] Plant', '[ ] Seed  #garden' })
end)

test('m and p drop a task onto another heading\'s header: under that heading', function()
  structure()
  open('project 2', 'project/2')
  H.wait_lines(GARDEN)
  H.cursor('[ ] Dig')
  H.keys('m')
  H.cursor('Spring · 15m')
  H.keys('p')
  H.wait_lines({ 'Garden · 15m', '[ ] Rake  !!', '', 'Spring · 30m', '[ ] Dig', '[ ] Plant' })
  H.eq({ { 'tasks:2', { 'Rake' } }, { 'tasks:3', { 'Dig', 'Plant' } } }, fresh({ view = 'project', project = 2 }))
end)

test('J moves a project into the next area in the projects list', function()
  structure()
  open('projects', 'projects')
  H.wait_lines(PROJECTS)
  H.cursor('[ ] Loose')
  H.keys('J')
  H.wait_lines({ 'No area', no_projects(), '', 'Home', '[ ] Loose', '[ ] Garden' })
  H.eq({ { 'projects:0', {} }, { 'projects:1', { 'Loose', 'Garden' } } }, fresh({ view = 'projects' }))
end)

test('x completes a project from the projects list, u brings it back', function()
  structure()
  open('projects', 'projects')
  H.wait_lines(PROJECTS)
  H.cursor('[ ] Garden')
  H.keys('x')
  H.wait_lines({ 'No area', '[ ] Loose', '', 'Home', no_projects() })
  H.wait_message("Completed 'Garden'")
  H.eq(true, H.request('task/get', { id = 5 }).task.completed, 'its tasks are completed with it')
  H.eq({ { 'projects:0', { 'Loose' } }, { 'projects:1', {} } }, fresh({ view = 'projects' }))
  H.keys('u')
  H.wait_lines(PROJECTS)
  H.wait_message("Undid: Complete 'Garden'")
  H.eq(false, H.request('task/get', { id = 5 }).task.completed)
  H.eq({ { 'tasks:2', { 'Dig', 'Rake' } }, { 'tasks:3', { 'Plant' } } }, fresh({ view = 'project', project = 2 }))
end)

test('D on a project asks what becomes of its items: keep moves them up', function()
  structure()
  open('projects', 'projects')
  H.wait_lines(PROJECTS)
  H.cursor('[ ] Garden')
  H.answers = { 'k' }
  H.keys('D')
  H.wait_lines({ 'No area', '[ ] Loose', '', 'Home', no_projects() })
  H.ok(H.prompts[#H.prompts][1]:find('Garden', 1, true), 'the question names the project')
  H.eq({ { 'projects:1', {} }, { 'tasks:1', { 'Sweep', 'Dig', 'Rake', 'Plant' } } }, fresh({ view = 'area', area = 1 }))
  H.keys('u')
  H.wait_lines(PROJECTS)
end)

return tests
