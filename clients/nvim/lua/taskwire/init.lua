-- taskwire: the Neovim client of the taskwire task server (see :help taskwire-nvim).
--
--   taskwire.config   options: setup() values and g:taskwire_* variables
--   taskwire.rpc      the one server per Neovim, through vim.lsp.rpc
--   taskwire.view     the taskwire://VIEW buffers: subscription, snapshot, redraw
--   taskwire.render   a snapshot as lines and highlights: the server's display parts, drawn
--   taskwire.words    every other word shown, from the server's catalogue
--   taskwire.diff     applying view/changed ops
--   taskwire.actions  the buffer's keys; taskwire.moves the drags; taskwire.keys the maps
--   taskwire.ui       messages (vim.notify) and prompts (vim.ui.input)

local config = require('taskwire.config')

local M = {}

-- setup({cmd = {...}, locale = 'de', default_view = 'today', open_cmd = 'edit', mappings = true});
-- optional: without it the g:taskwire_* variables and defaults apply (db unset: the server's
-- default store, the one every client uses).
function M.setup(opts)
  config.setup(opts)
end

function M.views()
  return vim.deepcopy(require('taskwire.view').names)
end

-- :Taskwire [view]: shows the view in its buffer taskwire://VIEW, going to a window of this tab
-- page that shows it already, else opening it with the open_cmd option ("edit"; "split" when
-- the current buffer cannot be left).
function M.open(name)
  if not name or name == '' then
    name = config.get('default_view', 'today')
  end
  if not vim.tbl_contains(M.views(), name) then
    local views = table.concat(M.views(), ', ')
    return require('taskwire.ui').error('vim.error.unknownView', { view = name, views = views })
  end
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

function M.complete(lead)
  return vim.tbl_filter(function(name)
    return name:sub(1, #lead) == lead
  end, M.views())
end

-- The current buffer's view ('' elsewhere), for a statusline.
function M.statusline()
  local words = require('taskwire.words')
  local name = vim.b.taskwire_view
  return name and words.ready() and words.get('vim.statusline', { view = words.view(name) }) or ''
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
