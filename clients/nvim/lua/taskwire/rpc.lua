-- taskwire.rpc: the one taskwire server per Neovim, driven through Neovim's own JSON-RPC client
-- (vim.lsp.rpc.start).  That client speaks LSP framing (Content-Length headers), which the
-- server detects from the first bytes.  Two habits of it shape the rest of the plugin:
--   * it decodes with `luanil.object`, so a JSON null inside an object arrives as a missing
--     member (nil): the diff code relies on the server's `cleared` list for nulled fields;
--   * it encodes an empty Lua table as `[]`, so requests without params pass nil, never {}.
-- The server's stderr goes to the LSP log (vim.lsp.get_log_path()).

local ui = require('taskwire.ui')
local config = require('taskwire.config')
local words = require('taskwire.words')

local M = {}

M.client_name = 'taskwire.nvim'
M.client_version = '0.1.0'

local S = {
  status = 'stopped', -- stopped | starting | ready
  client = nil, -- what vim.lsp.rpc.start returned
  generation = 0, -- bumped per server, so that an old server's exit is ignored
  stopping = false, -- an exit we asked for is not reported
  server = {}, -- the initialize result
  queue = {}, -- requests made while initialize is under way
  handlers = {}, -- notification method -> function(params)
}

-- This file is <root>/clients/nvim/lua/taskwire/rpc.lua.
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h:h:h')

-- The server command: the `cmd` option, else $TASKWIRE, else `taskwire` on PATH, else the
-- repository's release (or debug) build; plus --db for the `db` option.
function M.command()
  local cmd = config.get('cmd')
  if type(cmd) == 'string' then
    cmd = { cmd }
  end
  cmd = vim.deepcopy(cmd or {})
  if #cmd == 0 then
    local env = vim.env.TASKWIRE
    if env and env ~= '' then
      cmd = { env }
    elseif vim.fn.executable('taskwire') == 1 then
      cmd = { 'taskwire' }
    else
      local release = root .. '/.build/release/taskwire'
      cmd = { vim.fn.executable(release) == 1 and release or root .. '/.build/debug/taskwire' }
    end
  end
  local db = config.get('db')
  if db then
    vim.list_extend(cmd, { '--db', vim.fn.expand(db) })
  end
  return cmd
end

function M.status()
  return S.status
end

function M.ready()
  return S.status == 'ready'
end

-- The initialize result: serverInfo, methods, timeZone, today, capabilities, locale.
function M.server()
  return S.server
end

function M.supports(method)
  return vim.tbl_contains(S.server.methods or {}, method)
end

-- The server's process id (nil when none runs).
function M.pid()
  return S.client and S.client.pid
end

-- {code, signal} of the last server that ended (nil before).
M.last_exit = nil

function M.on(method, handler)
  S.handlers[method] = handler
end

-- Runs fn on the main loop: vim.lsp.rpc calls some dispatchers from libuv callbacks, where the
-- editor's API may not be used.  Everything goes through vim.schedule in arrival order, so a
-- reply is still handled before the view/changed notifications the server sent after it.
local function main_loop(fn)
  return function(...)
    local args, n = { ... }, select('#', ...)
    if vim.in_fast_event() then
      vim.schedule(function()
        fn(unpack(args, 1, n))
      end)
    else
      fn(unpack(args, 1, n))
    end
  end
end

-- A callback that throws must not go unnoticed.
local function guard(fn, arg, what)
  local ok, err = pcall(fn, arg)
  if not ok then
    ui.error('vim.error.handling', { what = what, error = tostring(err) })
  end
end

local function reset()
  S.status = 'stopped'
  S.client = nil
  S.queue = {}
  S.server = {}
  if package.loaded['taskwire.reminders'] then -- the next server sends those still showing
    require('taskwire.reminders').on_server_exit()
  end
end

local function spawn(cmd, dispatchers)
  if vim.fn.has('nvim-0.10') == 1 then -- start(cmd_list, dispatchers)
    return vim.lsp.rpc.start(cmd, dispatchers)
  end
  return vim.lsp.rpc.start(cmd[1], vim.list_slice(cmd, 2), dispatchers)
end

local function send(method, params, on_result, on_error)
  local ok, id = S.client.request(method, params, function(err, result)
    if err then
      guard(on_error, err, method)
    else
      guard(on_result, result, method)
    end
  end)
  if not ok then
    ui.error('nvim.error.serverGone', { method = method })
    return 0
  end
  return id
end

-- Starts the server (once) and sends initialize.  Returns true when it runs.
function M.start()
  if S.status ~= 'stopped' then
    return true
  end
  local cmd = M.command()
  if vim.fn.executable(cmd[1]) ~= 1 then
    -- no server, so no catalogue to take words from
    ui.raw_error('cannot run the server ' .. cmd[1] .. ': set g:taskwire_command or $TASKWIRE')
    words.give_up()
    return false
  end
  S.generation = S.generation + 1
  local generation = S.generation
  S.stopping = false
  local ok, client = pcall(spawn, cmd, {
    notification = main_loop(function(method, params)
      local handler = S.handlers[method]
      if handler and generation == S.generation then
        guard(handler, params, method)
      end
    end),
    server_request = function()
      return nil, vim.lsp.rpc.rpc_response_error(-32601) -- taskwire never asks anything
    end,
    on_error = main_loop(function(code, err)
      ui.error('nvim.error.rpc', { code = tostring(code), detail = vim.inspect(err) })
    end),
    on_exit = main_loop(function(code, signal)
      if generation ~= S.generation then
        return
      end
      M.last_exit = { code = code, signal = signal }
      local expected = S.stopping
      reset()
      require('taskwire.view').on_server_exit()
      if not expected then -- the catalogue of the server that ended (its key when none came)
        local vars = { code = code, log = vim.lsp.get_log_path() }
        ui.raw_error(words.text('nvim.error.serverExited', vars))
      end
      words.give_up() -- what waited for its words is shown without them
    end),
  })
  if not ok or not client then
    ui.raw_error('cannot start the server ' .. table.concat(cmd, ' ') .. (ok and '' or (': ' .. tostring(client))))
    words.give_up()
    return false
  end
  S.client = client
  S.status = 'starting'
  local reminders = config.get('reminders', true) and true or false
  if reminders then
    require('taskwire.reminders') -- its handlers, before the first reminder can come
  end
  send('initialize', {
    clientInfo = { name = M.client_name, version = M.client_version },
    protocolVersion = '1',
    locale = config.get('locale', vim.v.lang), -- the user's language for every word shown
    -- each task's and group's display parts; the reminders, shown (taskwire.reminders)
    initializationOptions = { displayParts = true, reminders = reminders },
  }, function(result)
    S.server = result or {}
    S.status = 'ready'
    -- the words first: the server answers in order, so they are in before any list
    words.fetch(require('taskwire.view').redraw_all)
    if S.server.newStore then -- a mistyped db option must not look like lost tasks
      ui.warn('message.newStore', { path = S.server.newStore })
    end
    local queued = S.queue
    S.queue = {}
    for _, req in ipairs(queued) do
      send(unpack(req, 1, 4))
    end
    require('taskwire.view').on_ready()
  end, function(err)
    ui.raw_error('initialize failed: ' .. tostring(err.message or err))
    M.stop()
    words.give_up()
  end)
  return true
end

-- Sends a request; on_result(result) or on_error(error) is called with the reply (on_error
-- defaults to showing the server's message).  params nil: no params.  Returns the request's id,
-- -1 when it waits for initialize, 0 when it could not be sent (a message says why).
function M.request(method, params, on_result, on_error)
  on_result = on_result or function() end
  on_error = on_error or ui.server_error
  if S.status == 'stopped' and not M.start() then
    return 0
  end
  if S.status == 'starting' then
    table.insert(S.queue, { method, params, on_result, on_error })
    return -1
  end
  return send(method, params, on_result, on_error)
end

-- Sends a request and waits (timeout ms, default 3000) for the reply: {result=…} or {error=…}.
-- For tests and scripts; the plugin itself never blocks.
function M.request_sync(method, params, timeout)
  local box
  local id = M.request(method, params, function(r)
    box = { result = r }
  end, function(e)
    box = { error = e }
  end)
  if id ~= 0 then
    vim.wait(timeout or 3000, function()
      return box ~= nil or S.status == 'stopped'
    end, 5)
  end
  return box or { error = { code = 0, message = 'no reply to ' .. method } }
end

-- Ends the server as a language server is ended: shutdown, then the exit notification (exit
-- code 0); a server that is still there after `timeout` ms (default 2000) gets SIGTERM.
function M.stop(timeout)
  if S.status == 'stopped' then
    return
  end
  local client = S.client
  S.stopping = true
  if S.status == 'ready' then
    M.request_sync('shutdown', nil, timeout or 2000)
    pcall(client.notify, 'exit', nil)
  end
  vim.wait(timeout or 2000, function()
    return S.status == 'stopped'
  end, 5)
  if S.status ~= 'stopped' then
    if client.terminate then
      client.terminate()
    elseif client.handle then
      pcall(client.handle.kill, client.handle, 15)
    end
    vim.wait(1000, function()
      return S.status == 'stopped'
    end, 5)
  end
  if S.status ~= 'stopped' then -- its exit was never reported: forget it anyway
    reset()
    require('taskwire.view').on_server_exit()
  end
end

return M
