-- Drives taskwire through Neovim's LSP client, vim.lsp.start_client(), which runs on
-- vim.lsp.rpc: Content-Length framing, the full LSP initialize (processId, rootUri, client
-- capabilities, workspace folders…; the reply must carry `capabilities`), then `initialized`
-- (and `workspace/didChangeConfiguration`, as nvim-lspconfig sends it), requests through
-- client.request_sync(), view/changed through the client's `handlers`, and client.stop() for
-- shutdown + exit.  Two Neovim habits are part of the test: an empty Lua table is encoded as
-- `[]` (history/undo sends `{}`), and nulls inside objects are decoded as missing members (the
-- nulled fields of an update op come from `cleared`).
-- The diffs are applied with the Neovim plugin's own applier (clients/nvim/lua/taskwire/diff.lua).
--
--   TASKWIRE=… nvim --headless -u NONE -i NONE -n --cmd 'set rtp^=clients/nvim' -c 'luafile THIS'
--
-- Prints "ok" or what failed on stderr; exits 0 or 1.

local diff = require('taskwire.diff')

local function fail(what)
  error({ failed = what }, 0)
end

local function check(cond, what)
  if not cond then
    fail(what)
  end
end

local function scenario()
  local snapshots, notifications, apply_errors = {}, 0, {}
  local init_result, exit_code
  local client_id = vim.lsp.start_client({
    name = 'taskwire',
    cmd = { os.getenv('TASKWIRE'), '--memory', '--clock', '2026-02-12T08:00:00Z', '--time-zone', 'UTC' },
    root_dir = vim.loop.cwd(),
    settings = { taskwire = { live = true } },
    on_init = function(client, result)
      init_result = result
      -- as nvim-lspconfig does for every server
      client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
    end,
    on_exit = function(code)
      exit_code = code
    end,
    handlers = {
      ['view/changed'] = function(_, params)
        local snapshot = snapshots[params.subscription]
        local ok, err = pcall(function()
          check(snapshot and params.from == snapshot.version, 'no gap: ' .. vim.inspect(params))
          diff.apply(snapshot, params.ops)
        end)
        if not ok then
          table.insert(apply_errors, vim.inspect(err))
          return
        end
        snapshot.version, snapshot.today = params.to, params.today
        notifications = notifications + 1
      end,
    },
  })
  check(client_id, 'start_client failed')
  local client = vim.lsp.get_client_by_id(client_id)
  check(vim.wait(5000, function()
    return init_result ~= nil
  end, 10), 'no initialize result')
  check(init_result.serverInfo.name == 'taskwire', 'serverInfo ' .. vim.inspect(init_result.serverInfo))
  check(init_result.capabilities.viewDiffs == true, 'capabilities ' .. vim.inspect(init_result.capabilities))
  check(init_result.timeZone == 'UTC' and init_result.today == '2026-02-12', 'zone and today')

  local function call(method, params)
    local reply, err = client.request_sync(method, params, 5000)
    check(reply, method .. ': ' .. tostring(err))
    if reply.err then
      error({ rpc = reply.err }, 0)
    end
    return reply.result
  end

  local ids = {}
  ids.inbox = call('task/create', { title = 'inbox task', view = 'inbox' }).task.id
  ids.today = call('task/create', { title = 'today task', view = 'today' }).task.id
  local upcoming = { title = 'upcoming task', view = 'upcoming', notes = 'call first', dueDate = '2026-02-20' }
  ids.upcoming = call('task/create', upcoming).task.id
  ids.inbox2 = call('task/create', { title = 'inbox task 2' }).task.id
  local today = call('view/list', { view = 'today' })
  check(#today.groups[1].tasks == 1 and today.groups[1].tasks[1].title == 'today task', 'view/list today')

  local subs = {}
  for _, name in ipairs({ 'today', 'upcoming', 'inbox' }) do
    local result = call('view/subscribe', { view = name })
    snapshots[result.subscription] = result.snapshot
    subs[name] = result.subscription
  end
  local moved = call('task/move', { id = ids.today, view = 'upcoming', date = 'tomorrow', index = 0 })
  check(moved.group == '2026-02-13' and moved.index == 0, 'move ' .. vim.inspect(moved))
  local undone = call('history/undo', {}) -- sent as "params": []
  check(undone.undone.label:find("^Move 'today task'"), 'undo ' .. vim.inspect(undone))
  call('task/move', { id = ids.inbox2, view = 'inbox', index = 0 }) -- a reorder: one move op
  call('task/update', { id = ids.upcoming, notes = vim.NIL, dueDate = vim.NIL })

  for name, sub in pairs(subs) do
    local listed = call('view/list', { view = name })
    vim.wait(5000, function()
      return snapshots[sub].version >= listed.version or #apply_errors > 0
    end, 10)
    check(#apply_errors == 0, 'applying diffs: ' .. table.concat(apply_errors, '; '))
    local both = '\n  diffed: ' .. vim.inspect(snapshots[sub]) .. '\n  listed: ' .. vim.inspect(listed)
    check(vim.deep_equal(snapshots[sub], listed), name .. ': the diffed snapshot is view/list' .. both)
  end
  check(notifications >= 5, 'view/changed notifications: ' .. notifications)
  local task = call('view/list', { view = 'upcoming' }).groups[1].tasks[1]
  check(task.title == 'upcoming task' and task.notes == nil and task.dueDate == nil, 'cleared ' .. vim.inspect(task))

  local ok, err = pcall(call, 'task/get', { id = 999 })
  check(not ok and type(err) == 'table' and err.rpc and err.rpc.code == -32010, 'task/get 999: ' .. vim.inspect(err))

  client.stop() -- shutdown, then exit
  check(vim.wait(5000, function()
    return exit_code ~= nil
  end, 10), 'the server did not exit')
  check(exit_code == 0, 'exit code ' .. tostring(exit_code))
  -- vim.lsp.rpc writes the server's stderr into the LSP log (a fresh one: run.sh sets XDG_*)
  local log = table.concat(vim.fn.readfile(vim.lsp.get_log_path()), '\n')
  local quiet = not log:find('taskwire: notification [^\n]* failed')
  check(quiet, 'housekeeping notifications are accepted silently; the LSP log:\n' .. log)
end

local ok, err = pcall(scenario)
if ok then
  io.stderr:write('ok\n')
  vim.cmd('qall!')
else
  io.stderr:write(type(err) == 'table' and (err.failed or vim.inspect(err)) or tostring(err), '\n')
  for _, client in ipairs(vim.lsp.get_active_clients()) do
    client.stop(true)
  end
  vim.cmd('cquit 1')
end
