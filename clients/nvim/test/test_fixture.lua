-- test/test_fixture.lua - the shared display fixture (Protocol/fixtures/display.json): every view
-- it names, rendered from its store at its clock, shows its expected headers and task lines in
-- English and German; and a German session shows no English word anywhere.

local H = require('tw_test_helpers')
local config = require('taskwire.config')
local view = require('taskwire.view')
local test, tests = H.suite()

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h:h')
local folder = os.getenv('TW_FIXTURES') or (root .. '/Protocol/fixtures')

local function fixture()
  local path = folder .. '/display.json'
  H.ok(vim.fn.filereadable(path) == 1, 'no fixture ' .. path)
  return vim.json.decode(table.concat(vim.fn.readfile(path), '\n'))
end

local imports = 0

-- A store of its own with the fixture's tasks; the plugin's server runs on it at the fixture's
-- clock and time zone, in `locale`.
local function start_on(fx, locale)
  imports = imports + 1
  local store = H.tmp .. '/fixture' .. imports .. '.sqlite'
  local output = vim.fn.system({ H.taskwire, 'import', '--db', store, folder .. '/' .. fx.store })
  H.eq(0, vim.v.shell_error, 'taskwire import: ' .. output)
  H.db = store
  local cmd = { H.taskwire, '--clock', fx.clock, '--time-zone', fx.timeZone, '--db', store }
  config.setup({ locale = locale, cmd = cmd })
end

-- What a person reads in a view's buffer: its headers and task lines (not the blank lines
-- between groups, nor an empty group's "(no tasks)").
local function seen(state)
  local out = {}
  for i, line in ipairs(H.lines(state.bufnr)) do
    local kind = (state.lines[i] or {}).kind
    if kind == 'group' or kind == 'task' then
      table.insert(out, line)
    end
  end
  return out
end

local function expected(groups)
  local out = {}
  for _, group in ipairs(groups) do
    table.insert(out, group.header)
    vim.list_extend(out, group.tasks)
  end
  return out
end

for _, lang in ipairs({ 'en', 'de' }) do
  test('the fixture\'s views read as expected (' .. lang .. ')', function()
    local fx = fixture()
    start_on(fx, lang)
    local names = vim.tbl_keys(fx.views[lang])
    table.sort(names)
    H.ok(#names >= 5, 'the fixture has views: ' .. vim.inspect(names))
    for _, name in ipairs(names) do
      local state = H.open(name)
      H.eq(expected(fx.views[lang][name]), seen(state), lang .. ' ' .. name)
    end
  end)
end

-- ---- a German session ------------------------------------------------------------------------

-- The English words none of which a German session may show (whole words, case as written).
local english = { 'Inbox', 'Today', 'Upcoming', 'Search', 'Add', 'due', 'daily', 'weekly', 'Undid', 'empty',
  'Logbook', 'Tomorrow', 'overdue' }

-- The English words in `text`.
local function english_in(text)
  return vim.tbl_filter(function(word)
    return text:find('%f[%w]' .. word .. '%f[^%w]') ~= nil
  end, english)
end

-- The cursor to the first line of `kind` in the current view whose info passes `pred`.
local function cursor_to(state, kind, pred)
  for i, info in ipairs(state.lines) do
    if info.kind == kind and (not pred or pred(info)) then
      vim.api.nvim_win_set_cursor(0, { i, 0 })
      return true
    end
  end
  return false
end

local function message_count()
  return #H.messages
end

-- Types `keys` and waits for a message more.
local function keys_saying(keys)
  local before = message_count()
  H.keys(keys)
  H.wait_for(function()
    return message_count() > before
  end, 'a message after ' .. keys)
end

test('a German session: buffers, messages, prompts and the statusline hold no English word', function()
  -- the search itself finds what it looks for, and only whole words
  H.eq({ 'Today', 'due' }, english_in('Today · Wed: due today'))
  H.eq({ 'Undid', 'empty' }, english_in('taskwire: Undid: x (empty)'))
  H.eq({}, english_in('Addition, overdues, today, :Taskwire inbox'))
  local fx = fixture()
  start_on(fx, 'de')
  local texts, titles = {}, { 'Neue Sache' }
  local function collect()
    for _, state in ipairs(view.states()) do
      vim.list_extend(texts, H.lines(state.bufnr))
      for _, group in ipairs(state.snapshot and state.snapshot.groups or {}) do
        for _, task in ipairs(group.tasks) do
          local title = tostring(task.title)
          table.insert(titles, title)
          table.insert(titles, (title:gsub('[\r\n]', ' ')))
        end
      end
    end
    table.insert(texts, require('taskwire').statusline())
  end
  for _, name in ipairs(require('taskwire').views()) do
    H.open(name)
    collect()
  end
  -- Today: a key on a header, K at the top, < before today, quick add, schedule, undo, redo
  local today = H.open('today')
  cursor_to(today, 'group')
  keys_saying('x')
  cursor_to(today, 'task', function(i) return i.gi == 0 and i.index == 0 end)
  keys_saying('K')
  keys_saying('<lt>')
  H.answers = { 'Neue Sache morgen' }
  keys_saying('a')
  cursor_to(today, 'task')
  H.answers = { 'übermorgen' }
  keys_saying('s')
  H.wait_message('für Fr, 27. Nov. geplant') -- the server's words: where it went, with its day
  keys_saying('u')
  keys_saying('<C-r>')
  cursor_to(today, 'task')
  keys_saying('x')
  keys_saying('u')
  cursor_to(today, 'task')
  keys_saying('dd')
  keys_saying('u')
  keys_saying('p') -- nothing picked up yet
  keys_saying('m')
  keys_saying('p') -- below itself: where it was
  collect()
  -- Inbox: > has no day; All: no moves; the matrix: nothing after the last quadrant
  local inbox = H.open('inbox')
  if cursor_to(inbox, 'task') then
    keys_saying('>')
  end
  local all = H.open('all')
  cursor_to(all, 'task')
  keys_saying('J')
  local matrix = H.open('matrix')
  if cursor_to(matrix, 'task', function(i) return i.gi == #matrix.snapshot.groups - 1 end) then
    keys_saying('>')
  end
  -- the logbook: no adding there; x reopens
  local logbook = H.open('logbook')
  keys_saying('a')
  if cursor_to(logbook, 'task') then
    keys_saying('x')
  end
  vim.cmd('Taskwire irgendwas')
  H.wait_message('unbekannte Ansicht')
  collect()
  for _, m in ipairs(H.messages) do
    table.insert(texts, m[1])
  end
  for _, p in ipairs(H.prompts) do
    table.insert(texts, p[1])
  end
  -- task titles are the user's data, not the client's words
  table.sort(titles, function(a, b)
    return #a > #b
  end)
  local found = {}
  for _, text in ipairs(texts) do
    for _, title in ipairs(titles) do
      if title ~= '' then
        text = text:gsub(vim.pesc(title), '')
      end
    end
    for _, word in ipairs(english_in(text)) do
      table.insert(found, word .. ' in ' .. vim.inspect(text))
    end
  end
  H.eq({}, found, 'English words in the German session')
  H.ok(#texts > 40, 'the session showed enough to search: ' .. #texts)
end)

return tests
