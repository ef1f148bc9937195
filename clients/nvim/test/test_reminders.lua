-- test/test_reminders.lua - reminders (initializationOptions.reminders): a reminder that falls
-- due as test/setClock moves the fixed clock is shown with vim.notify, and :Taskwire reminders
-- snoozes, dismisses or completes it through vim.ui.select; reminder/cleared (another process
-- dismissing it) forgets it.  The clock starts at 2026-02-12 09:00 in Berlin (08:00 UTC).

local H = require('tw_test_helpers')
local rpc = require('taskwire.rpc')
local words = require('taskwire.words')
local test, tests = H.suite()

local ACTIONS = { 'Complete', '10 minutes', '1 hour', 'This evening', 'Tomorrow morning', 'Dismiss' }

local function reminders()
  return require('taskwire.reminders').showing()
end

-- Starts the plugin's server, then makes "Water plants" (today 10:00) with a reminder at 09:30.
local function water_plants()
  H.open('today')
  local id = H.seed({
    { 'Water plants', 'today', { scheduledTime = '10:00', reminders = { { at = '2026-02-12T09:30' } } } },
  })[1]
  H.ok(vim.tbl_contains(rpc.server().notifications or {}, 'reminder'), 'initialize declared reminders')
  return id
end

-- Moves the server's clock (UTC); what fell due comes after the reply.
local function set_clock(now)
  H.request('test/setClock', { now = now })
end

local function wait_reminders(n)
  H.wait_for(function()
    return #reminders() == n
  end, n .. ' reminders showing (have ' .. vim.inspect(reminders()) .. ')')
end

test('a reminder is shown, :Taskwire reminders snoozes it, it comes again and is dismissed', function()
  local heard = {}
  local group = vim.api.nvim_create_augroup('tw_test_reminder', { clear = true })
  vim.api.nvim_create_autocmd('User', {
    group = group,
    pattern = 'TaskwireReminder',
    callback = function()
      table.insert(heard, { vim.g.taskwire_reminder.text, vim.g.taskwire_reminder.alert })
    end,
  })
  water_plants()
  set_clock('2026-02-12T08:29:00Z')
  H.sleep(100)
  H.eq({}, reminders(), 'nothing before its time')
  set_clock('2026-02-12T08:30:00Z')
  local shown = H.wait_message('Water plants')
  H.eq({ 'taskwire: Reminder: Water plants (Today 9:30 AM)', vim.log.levels.WARN }, shown,
    'shown with the server words; alert (this process fired it): a warning')
  wait_reminders(1)
  H.eq('2026-02-12T09:30', reminders()[1].at)
  vim.api.nvim_del_augroup_by_id(group)
  H.eq({ { 'Water plants', true } }, heard, 'the User autocmd TaskwireReminder, g:taskwire_reminder set')

  -- the only reminder: its actions at once, the server's titles; 10 minutes snoozes it
  H.choices = { '10 minutes' }
  vim.cmd('Taskwire reminders')
  H.wait_message('Snoozed until 9:40 AM')
  H.eq({ { 'Reminder: Water plants (Today 9:30 AM)', ACTIONS } }, H.selects)
  H.eq({}, reminders(), 'a snoozed reminder is no longer showing')
  H.eq({}, H.request('reminder/list').reminders, 'nor in the server')

  -- ten minutes later it falls due again
  H.messages = {}
  set_clock('2026-02-12T08:40:00Z')
  H.wait_message('Reminder: Water plants (Today 9:30 AM)')
  wait_reminders(1)

  -- dismissed through the <Plug> map: gone here and in the server, and it does not come back
  H.selects, H.choices = {}, { 'Dismiss' }
  vim.keymap.set('n', '<Leader>R', '<Plug>(taskwire-reminders)', { remap = true })
  H.keys('<Leader>R')
  vim.keymap.del('n', '<Leader>R')
  H.wait_for(function()
    return #reminders() == 0
  end, 'the dismissed reminder to go')
  H.eq(1, #H.selects, 'one choice offered')
  H.eq({}, H.request('reminder/list').reminders, 'dismissed in the server')
  H.messages = {}
  set_clock('2026-02-12T09:30:00Z')
  H.sleep(150)
  H.eq({}, H.message_texts(), 'a dismissed reminder does not come again')
  H.eq({}, reminders())
end)

test('Complete completes the task; with two showing, the reminder is chosen first', function()
  local id = water_plants()
  H.seed({ { 'Call Anna', 'today', { reminders = { { at = '2026-02-12T09:45' } } } } })
  set_clock('2026-02-12T08:45:00Z') -- 09:45 in Berlin: the one at 09:30 was missed
  wait_reminders(2)
  H.wait_message('Missed reminder: Water plants (Today 9:30 AM)')
  H.choices = { 'Call Anna · Today 9:45 AM', 'Complete' }
  vim.cmd('Taskwire reminders')
  H.wait_message("Completed 'Call Anna'")
  H.eq({ 'Water plants · Today 9:30 AM', 'Call Anna · Today 9:45 AM' }, H.selects[1][2], 'oldest first')
  H.eq('Reminder: Call Anna (Today 9:45 AM)', H.selects[2][1])
  H.eq({ 'Water plants' }, vim.tbl_map(function(r)
    return r.text
  end, reminders()))
  H.ok(H.request('task/get', { id = id + 1 }).task.completed, 'Call Anna is completed')
  H.eq({ 'Water plants' }, vim.tbl_map(function(r)
    return r.text
  end, H.request('reminder/list').reminders))
  -- <Esc> at the choice does nothing
  H.choices = {}
  vim.cmd('Taskwire reminders')
  H.wait_for(function()
    return #H.selects == 3
  end, 'the actions offered')
  H.sleep(50)
  H.eq(1, #reminders(), 'still showing')
end)

test('a reminder dismissed in another process is forgotten (reminder/cleared)', function()
  H.use_store()
  local id = water_plants()
  set_clock('2026-02-12T08:30:00Z')
  wait_reminders(1)
  H.outside({ { 'reminder/dismiss', { id = id, at = '2026-02-12T09:30' } } })
  wait_reminders(0)
  H.messages = {}
  vim.cmd('Taskwire reminders')
  H.wait_for(function()
    return #H.messages > 0
  end, 'a message')
  -- (the catalogue's words; "(empty)" from a server older than the key)
  local none = words.has('vim.message.noReminders') and 'vim.message.noReminders' or 'list.empty'
  H.eq({ 'taskwire: ' .. words.text(none) }, H.message_texts(), 'nothing to act on')
  H.eq({}, H.selects)
end)

test('a server started later sends the reminders still showing; reminders = false: none', function()
  H.use_store()
  water_plants()
  set_clock('2026-02-12T08:30:00Z')
  wait_reminders(1)
  rpc.stop()
  H.eq({}, reminders(), 'forgotten with the server')
  H.messages = {}
  H.open('inbox')
  H.wait_message('Reminder: Water plants (Today 9:30 AM)')
  wait_reminders(1)
  rpc.stop()
  require('taskwire').setup({ reminders = false })
  H.messages = {}
  H.open('today')
  H.eq(false, vim.tbl_contains(rpc.server().notifications or {}, 'reminder'), 'not declared')
  H.sleep(150)
  H.eq({}, reminders(), 'none sent')
  H.eq({}, vim.tbl_filter(function(text)
    return text:find('Reminder', 1, true) ~= nil
  end, H.message_texts()))
end)

return tests
