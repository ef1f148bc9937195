-- taskwire.reminders: the reminders the server sends (initializationOptions.reminders, see
-- :help taskwire-nvim-reminders).  A `reminder` notification is shown with vim.notify (its
-- title, the task's title and when it was for, all the server's words) and kept until it is
-- cleared: by `reminder/cleared` (dismissed, snoozed or completed elsewhere, the task changed)
-- or by an action taken here.  :Taskwire reminders (and <Plug>(taskwire-reminders)) offers the
-- server's actions with vim.ui.select: complete (task/complete), snooze (reminder/snooze with
-- its `for`), dismiss (reminder/dismiss).  Each reminder also fires the User autocmd
-- TaskwireReminder, g:taskwire_reminder holding it, for a system notification of one's own
-- when its `alert` is true (the one process that fired it).

local rpc = require('taskwire.rpc')
local ui = require('taskwire.ui')
local words = require('taskwire.words')

local M = {}

local showing = {} -- the reminders showing, in the order they came: the notifications' params

local function same(a, b)
  return a.id == b.id and a.at == b.at
end

local function forget(id, at)
  showing = vim.tbl_filter(function(r)
    return not same(r, { id = id, at = at })
  end, showing)
end

-- The reminders showing now (copies), oldest first: for a statusline or a picker of one's own.
function M.showing()
  return vim.deepcopy(showing)
end

-- "Reminder: Call Anna (Today 10 AM)", the server's words.
function M.describe(r)
  return string.format('%s: %s (%s)', r.title or '', r.text or '', r.when or '')
end

-- A `reminder` notification: kept (once per task and time), shown, announced.
function M.on_reminder(params)
  forget(params.id, params.at)
  table.insert(showing, params)
  local level = params.alert and vim.log.levels.WARN or vim.log.levels.INFO
  vim.notify('taskwire: ' .. M.describe(params), level, { title = params.title })
  pcall(vim.api.nvim_set_var, 'taskwire_reminder', params)
  vim.cmd('silent doautocmd <nomodeline> User TaskwireReminder')
end

function M.on_cleared(params)
  forget(params.id, params.at)
end

rpc.on('reminder', M.on_reminder)
rpc.on('reminder/cleared', M.on_cleared)

-- The server is gone: a new one sends the reminders still showing again.
function M.on_server_exit()
  showing = {}
end

-- Takes `action` ({action, for?, title}, one of the reminder's) on reminder `r`.
function M.act(r, action)
  local function done(result)
    forget(r.id, r.at) -- (the other processes are sent reminder/cleared; this one is not)
    if action.action == 'complete' then
      ui.info('message.completed', { title = result.task and result.task.title or r.text })
    elseif result and result.message then
      ui.raw_info(result.message) -- "Snoozed until 10:10 AM"
    end
  end
  if action.action == 'complete' then
    rpc.request('task/complete', { id = r.id }, done)
  elseif action.action == 'snooze' then
    rpc.request('reminder/snooze', { id = r.id, at = r.at, ['for'] = action['for'] }, done)
  elseif action.action == 'dismiss' then
    rpc.request('reminder/dismiss', { id = r.id, at = r.at }, done)
  end
end

-- Offers the actions of reminder `r` (vim.ui.select, the server's titles).
function M.choose_action(r)
  vim.ui.select(r.actions or {}, {
    prompt = M.describe(r),
    format_item = function(action)
      return action.title
    end,
    kind = 'taskwire.reminder',
  }, function(action)
    if action then
      M.act(r, action)
    end
  end)
end

-- The text of a catalogue key the running server may be too old to have, else `fallback`.
local function word(key, fallback)
  return words.has(key) and words.get(key) or fallback
end

-- :Taskwire reminders: the reminders showing, asked of the server (reminder/list, which starts
-- it), then the actions of the one chosen (of the only one, without asking).
function M.pick()
  rpc.request('reminder/list', nil, function(result)
    showing = result.reminders or {}
    if #showing == 0 then
      return ui.info(words.has('vim.message.noReminders') and 'vim.message.noReminders' or 'list.empty')
    elseif #showing == 1 then
      return M.choose_action(showing[1])
    end
    vim.ui.select(M.showing(), {
      prompt = word('vim.prompt.reminder', showing[1].title .. ': '),
      format_item = function(r)
        return r.text .. ' · ' .. r.when
      end,
      kind = 'taskwire.reminders',
    }, function(r)
      if r then
        M.choose_action(r)
      end
    end)
  end)
end

return M
