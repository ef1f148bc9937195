-- test/helpers.lua - what the test files share: a fresh server per test, prompts answered from
-- a list, messages recorded, waits that let the main loop run, a second process on the store.

local H = {}

H.taskwire = assert(os.getenv('TASKWIRE'), 'TASKWIRE is not set')
H.tmp = assert(os.getenv('TW_TEST_TMP'), 'TW_TEST_TMP is not set')
H.clock = '2026-02-12T08:00:00Z' -- a Thursday; 09:00 in Berlin
H.zone = 'Europe/Berlin'

local config = require('taskwire.config')
local rpc = require('taskwire.rpc')
local view = require('taskwire.view')

local real_notify, real_input, real_select = vim.notify, vim.ui.input, vim.ui.select
local store_count = 0

-- The server command on `store` (default: a fresh in-memory store), with the test clock.
function H.command(store)
  local cmd = { H.taskwire, '--clock', H.clock, '--time-zone', H.zone }
  vim.list_extend(cmd, store and { '--db', store } or { '--memory' })
  return cmd
end

function H.before(name)
  H.name = name
  H.messages, H.prompts, H.answers = {}, {}, {}
  H.selects, H.choices = {}, {}
  H.db = nil
  config.reset()
  config.setup({ cmd = H.command(), locale = 'en' }) -- English, whatever $LANG says
  vim.notify = function(msg, level)
    table.insert(H.messages, { msg, level })
  end
  -- the prompt hook: records {prompt, default}, answers from H.answers (nil = <Esc>)
  vim.ui.input = function(opts, on_confirm)
    table.insert(H.prompts, { opts.prompt, opts.default })
    on_confirm(table.remove(H.answers, 1))
  end
  -- the choice hook: records {prompt, {items as shown}}, picks the item shown as the next of
  -- H.choices (nil or no such item = <Esc>)
  vim.ui.select = function(items, opts, on_choice)
    local shown = vim.tbl_map(opts.format_item or tostring, items)
    table.insert(H.selects, { opts.prompt, shown })
    local choice = table.remove(H.choices, 1)
    local i = choice and vim.fn.index(shown, choice) + 1 or 0
    if i > 0 then
      on_choice(items[i], i)
    else
      on_choice(nil, nil)
    end
  end
end

function H.after()
  rpc.stop()
  require('taskwire.words').reset() -- the next server's catalogue, in its language
  vim.notify, vim.ui.input, vim.ui.select = real_notify, real_input, real_select
  vim.cmd('silent! only!')
  vim.cmd('enew!')
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if buf ~= vim.api.nvim_get_current_buf() then
      pcall(vim.api.nvim_buf_delete, buf, { force = true })
    end
  end
  if H.db then
    for _, suffix in ipairs({ '', '-wal', '-shm' }) do
      os.remove(H.db .. suffix)
    end
  end
end

-- This test's server uses a store file (removed after the test), so that another process can
-- share it.  Returns its path.
function H.use_store()
  store_count = store_count + 1
  H.db = H.tmp .. '/store' .. store_count .. '.sqlite'
  config.setup({ cmd = H.command(H.db) })
  return H.db
end

-- ---- waiting ---------------------------------------------------------------------------------

-- Gives the main loop `ms` milliseconds: replies, notifications, typed keys and mouse events
-- are handled meanwhile.
function H.sleep(ms)
  local co = coroutine.running()
  vim.defer_fn(function()
    local ok, err = coroutine.resume(co)
    if not ok then
      io.stderr:write('the test coroutine died: ', tostring(err), '\n')
      vim.cmd('cquit 1')
    end
  end, ms)
  coroutine.yield()
end

function H.wait_for(cond, what, timeout)
  local deadline = vim.loop.now() + (timeout or 3000)
  while not cond() do
    if vim.loop.now() > deadline then
      local buffer = vim.api.nvim_buf_get_name(0) .. ': ' .. vim.inspect(H.lines())
      error('timed out waiting for ' .. what .. '; buffer ' .. buffer .. '; messages: ' .. vim.inspect(H.message_texts()), 2)
    end
    H.sleep(10)
  end
end

-- ---- checks ----------------------------------------------------------------------------------

function H.eq(expected, actual, what)
  if not vim.deep_equal(expected, actual) then
    local diff = '\n  expected: ' .. vim.inspect(expected) .. '\n  actual:   ' .. vim.inspect(actual)
    error((what or 'values differ') .. diff, 2)
  end
end

function H.ok(cond, what)
  if not cond then
    error(what or 'check failed', 2)
  end
end

function H.lines(bufnr)
  return vim.api.nvim_buf_get_lines(bufnr or 0, 0, -1, false)
end

-- Waits until the buffer (default: the current one) is exactly `expected`.
function H.wait_lines(expected, bufnr, timeout)
  local ok = pcall(H.wait_for, function()
    return vim.deep_equal(H.lines(bufnr), expected)
  end, 'lines', timeout)
  if not ok then
    H.eq(expected, H.lines(bufnr), 'buffer lines (messages: ' .. vim.inspect(H.message_texts()) .. ')')
  end
end

function H.current_line()
  return vim.api.nvim_get_current_line()
end

function H.message_texts()
  return vim.tbl_map(function(m)
    return m[1]
  end, H.messages or {})
end

-- Waits until a message contains `text` (plain); returns it.
function H.wait_message(text)
  local found
  H.wait_for(function()
    for _, m in ipairs(H.messages) do
      if m[1]:find(text, 1, true) then
        found = m
        return true
      end
    end
  end, 'the message ' .. vim.inspect(text) .. ' (got ' .. vim.inspect(H.message_texts()) .. ')')
  return found
end

-- ---- gestures --------------------------------------------------------------------------------

-- :Taskwire VIEW, then waits until the buffer shows the server's list.
function H.open(name)
  vim.cmd('Taskwire ' .. name)
  H.eq('taskwire://' .. name, vim.api.nvim_buf_get_name(0), 'buffer name')
  H.wait_for(function()
    local state = view.state(name)
    return state and state.snapshot and require('taskwire.words').ready()
  end, 'the ' .. name .. ' view to load')
  return view.state(name)
end

-- Puts the cursor on the line that is exactly `text`.
function H.cursor(text)
  local lnum = vim.fn.index(H.lines(), text) + 1
  H.ok(lnum > 0, 'no line ' .. vim.inspect(text) .. ' in ' .. vim.inspect(H.lines()))
  vim.api.nvim_win_set_cursor(0, { lnum, 0 })
end

-- Types keys in the current buffer, mappings applied, as a user would.
function H.keys(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'mx', false)
end

-- Drags with the mouse from line `from` of window `from_win` to line `to` of `to_win` (default:
-- the same window), through the editor's input queue, with pauses as a hand makes.
function H.mouse_drag(from, to, from_win, to_win)
  from_win = from_win or vim.api.nvim_get_current_win()
  to_win = to_win or from_win
  local function grid_row(win, lnum)
    return vim.fn.screenpos(win, lnum, 1).row - 1
  end
  vim.api.nvim_input_mouse('left', 'press', '', 0, grid_row(from_win, from), 4)
  H.sleep(30)
  vim.api.nvim_input_mouse('left', 'drag', '', 0, grid_row(to_win, to), 4)
  H.sleep(30)
  vim.api.nvim_input_mouse('left', 'release', '', 0, grid_row(to_win, to), 4)
  H.sleep(30)
end

-- ---- the server ------------------------------------------------------------------------------

-- A request through the plugin's own server; fails the test on an error reply.
function H.request(method, params)
  local reply = rpc.request_sync(method, params)
  H.ok(reply.error == nil, method .. ' failed: ' .. vim.inspect(reply.error))
  return reply.result
end

-- Creates tasks through the plugin's server: {{title, view, extra params}, …} -> ids.
function H.seed(tasks)
  return vim.tbl_map(function(t)
    return H.request('task/create', vim.tbl_extend('force', { title = t[1], view = t[2] }, t[3] or {})).task.id
  end, tasks)
end

-- Runs {{method, params}, …} in a second, one-shot taskwire process on this test's store (as
-- another client would) and returns its replies, initialize's left out.
function H.outside(requests)
  H.ok(H.db, 'H.outside needs H.use_store()')
  local init = { clientInfo = { name = 'outside' }, protocolVersion = '1' }
  local lines = { vim.json.encode({ jsonrpc = '2.0', id = 0, method = 'initialize', params = init }) }
  for i, r in ipairs(requests) do
    table.insert(lines, vim.json.encode({ jsonrpc = '2.0', id = i, method = r[1], params = r[2] }))
  end
  -- system() mixes stderr (the server's log) into the output: keep it out
  local cmd = vim.list_extend({ 'sh', '-c', '"$@" 2>/dev/null', 'sh' }, H.command(H.db))
  local output = vim.fn.system(cmd, table.concat(lines, '\n') .. '\n')
  H.eq(0, vim.v.shell_error, 'the outside taskwire exit code (' .. output .. ')')
  local replies = {}
  for line in output:gmatch('[^\n]+') do
    local reply = vim.json.decode(line)
    if reply.id and reply.id ~= 0 then
      H.ok(reply.error == nil, 'outside request failed: ' .. line)
      table.insert(replies, reply)
    end
  end
  return replies
end

-- The titles of a view per group, {{key, {titles}}, …}, as the server lists them.
function H.server_view(name)
  return vim.tbl_map(function(g)
    return { g.key, vim.tbl_map(function(t)
      return t.title
    end, g.tasks) }
  end, H.request('view/list', { view = name }).groups)
end

function H.skip(reason)
  error('SKIP: ' .. reason, 0)
end

-- Collects tests in order: local test, tests = H.suite(); test('name', fn); return tests
function H.suite()
  local list = {}
  return function(name, fn)
    table.insert(list, { name, fn })
  end, list
end

return H
