-- taskwire: the Neovim client of the taskwire task server (see :help taskwire-nvim).
--
--   taskwire.config   options: setup() values and g:taskwire_* variables
--   taskwire.rpc      the one server per Neovim, through vim.lsp.rpc
--   taskwire.view     the taskwire://VIEW buffers: subscription, snapshot, redraw
--   taskwire.lookup   a project or an area looked up by its title
--   taskwire.render   a snapshot as lines and highlights: the server's display parts, drawn
--   taskwire.draw     a snapshot put in its buffer, the cursors kept on their tasks
--   taskwire.words    every other word shown, from the server's catalogue
--   taskwire.diff     applying view/changed ops
--   taskwire.actions  the keys on the view; taskwire.task those on the task under the cursor;
--                     taskwire.add quick add; taskwire.moves J K > <; taskwire.drops m p P and
--                     the mouse; taskwire.keys the maps
--   taskwire.ui       messages (vim.notify) and prompts (vim.ui.input)
--   taskwire.reminders  the reminders the server sends, and their actions

local config = require('taskwire.config')

local M = {}

-- setup({cmd = {...}, locale = 'de', default_view = 'today', open_cmd = 'edit', mappings = true});
-- optional: without it the g:taskwire_* variables and defaults apply (db unset: the server's
-- default store, the one every client uses).
function M.setup(opts)
  config.setup(opts)
end

-- The lists :Taskwire takes (besides projects, project ID|NAME and area ID|NAME).
function M.views()
  return vim.deepcopy(require('taskwire.view').names)
end

-- Every first word :Taskwire takes.
local function all_views()
  local view = require('taskwire.view')
  return vim.list_extend(vim.list_extend(vim.list_extend(M.views(), view.structure), view.items), { 'reminders' })
end

local function show(name)
  local bufname = 'taskwire://' .. name
  local bufnr = vim.fn.bufnr('^' .. bufname .. '$')
  if bufnr > 0 then
    for _, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
      if vim.api.nvim_win_get_buf(win) == bufnr then
        return vim.api.nvim_set_current_win(win)
      end
    end
  end
  local cmd = config.get('open_cmd', 'edit')
  if cmd == 'edit' and vim.bo.modified and not vim.o.hidden and vim.bo.bufhidden ~= 'wipe' then
    cmd = 'split'
  end
  vim.cmd(cmd .. ' ' .. vim.fn.fnameescape(bufname))
end

-- :Taskwire reminders offers the actions of the reminders showing (taskwire.reminders).
-- :Taskwire [view], :Taskwire project ID|NAME, :Taskwire area ID|NAME: shows the view in its
-- buffer taskwire://VIEW (taskwire://project/ID), going to a window of this tab page that
-- shows it already, else opening it with the open_cmd option ("edit"; "split" when the current
-- buffer cannot be left).  A NAME is looked up in the projects view first (the buffer opens on
-- the reply).
function M.open(args)
  local ui = require('taskwire.ui')
  local view = require('taskwire.view')
  local name, arg = vim.trim(args or ''):match('^(%S*)%s*(.-)$')
  if name == '' then
    name = config.get('default_view', 'today')
  end
  if name == 'reminders' and arg == '' then -- no view: the reminders showing, to act on
    return require('taskwire.reminders').pick()
  end
  if vim.tbl_contains(view.items, name) then
    if arg == '' then
      return ui.error('vim.error.needsName', { view = name })
    elseif arg:match('^%d+$') then
      return show(name .. '/' .. tonumber(arg))
    end
    return require('taskwire.lookup').resolve(name, arg, function(id)
      show(name .. '/' .. id)
    end)
  end
  if arg ~= '' or not view.parse(name) then
    local views = table.concat(all_views(), ', ')
    return ui.error('vim.error.unknownView', { view = vim.trim(args or ''), views = views })
  end
  show(name)
end

-- The views; after "project " or "area ", the names of the projects or areas (asked of the
-- server: completion has to wait for its answer).
function M.complete(lead, cmdline, pos)
  local rest = (cmdline or ''):sub(1, pos or -1):match('^%s*%S+%s+(.*)$') or ''
  local kind, typed = rest:match('^(%a+)%s+(.*)$')
  if kind ~= 'project' and kind ~= 'area' then
    return vim.tbl_filter(function(name)
      return name:sub(1, #lead) == lead
    end, all_views())
  end
  local lookup = require('taskwire.lookup')
  local reply = require('taskwire.rpc').request_sync('view/list', { view = 'projects' }, 2000)
  local out = {}
  for _, item in ipairs(lookup.items_of(reply.result)) do
    if item.kind == kind and item.title:lower():sub(1, #typed) == typed:lower() then
      -- (a candidate replaces the last word typed, the part of the name after a space)
      table.insert(out, item.title:sub(#typed - #lead + 1))
    end
  end
  return out
end

-- The current buffer's view ('' elsewhere), for a statusline.
function M.statusline()
  local words = require('taskwire.words')
  local state = require('taskwire.view').state(vim.b.taskwire_name or '')
  return state and words.ready() and words.get('vim.statusline', { view = require('taskwire.view').title(state) }) or ''
end

-- Changes the language of the running server (and of the next one started): locale/set, then
-- the catalogue again; the views follow through their subscriptions (update ops carry the new
-- display parts, updateGroup ops the new headers).  `done` is called once the words are in.
function M.set_locale(locale, done)
  config.setup({ locale = locale })
  local rpc = require('taskwire.rpc')
  if rpc.status() == 'stopped' then
    return done and done()
  end
  rpc.request('locale/set', { locale = locale }, function(result)
    rpc.server().locale = result.locale
    require('taskwire.words').fetch(function()
      require('taskwire.view').redraw_all()
      if done then
        done()
      end
    end)
  end)
end

return M
