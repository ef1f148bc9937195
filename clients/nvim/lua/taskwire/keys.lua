-- taskwire.keys: the <Plug>(taskwire-NAME) maps and the default keys of the view buffers.
--
-- The letters are those of the Vim plugin (clients/vim) wherever it has the gesture; the views
-- and gestures it lacks got new ones: dd / D delete, m + p / P pick up and put (a keyboard
-- drag), gm / ga / gl the matrix, All and the logbook, and the mouse drags.  S A X cp (Someday,
-- Anytime, cancel, make a project) and gA gS (the Anytime and Someday views) are the Vim
-- plugin's too.

local config = require('taskwire.config')

local M = {}

-- A function calling `fn` of taskwire.MODULE with the arguments: actions (the view), task (the
-- task under the cursor), add, moves (J K > <), drops (m p P).
local function call(module, fn, ...)
  local args = { ... }
  return function()
    require('taskwire.' .. module)[fn](unpack(args))
  end
end

-- <Plug>(taskwire-NAME) -> what it does
M.plugs = {
  ['add'] = call('add', 'add'),
  ['edit'] = call('task', 'edit'),
  ['complete'] = call('task', 'complete'),
  ['delete'] = call('task', 'delete'),
  ['move-down'] = call('moves', 'press', 'step', 1),
  ['move-up'] = call('moves', 'press', 'step', -1),
  ['next-day'] = call('moves', 'press', 'day', 1),
  ['prev-day'] = call('moves', 'press', 'day', -1),
  ['pick'] = call('drops', 'pick'),
  ['put-below'] = call('drops', 'put', 'below'),
  ['put-above'] = call('drops', 'put', 'above'),
  ['schedule'] = call('task', 'schedule'),
  ['inbox'] = call('task', 'to_inbox'),
  ['undo'] = call('actions', 'undo'),
  ['redo'] = call('actions', 'redo'),
  ['view-today'] = call('actions', 'switch', 'today'),
  ['view-inbox'] = call('actions', 'switch', 'inbox'),
  ['view-upcoming'] = call('actions', 'switch', 'upcoming'),
  ['view-matrix'] = call('actions', 'switch', 'matrix'),
  ['view-all'] = call('actions', 'switch', 'all'),
  ['view-logbook'] = call('actions', 'switch', 'logbook'),
  ['refresh'] = call('actions', 'refresh'),
  ['close'] = call('actions', 'close'),
  ['next-group'] = call('actions', 'jump', 1),
  ['prev-group'] = call('actions', 'jump', -1),
  ['help'] = call('actions', 'help'),
  ['open'] = call('actions', 'open'),
  ['someday'] = call('task', 'someday'),
  ['anytime'] = call('task', 'anytime'),
  ['cancel'] = call('task', 'cancel'),
  ['make-project'] = call('task', 'make_project'),
  ['view-anytime'] = call('actions', 'switch', 'anytime'),
  ['view-someday'] = call('actions', 'switch', 'someday'),
  ['reminders'] = function()
    require('taskwire.reminders').pick()
  end,
}

-- {key, plug name}, in the order of :help taskwire-nvim-keys
M.defaults = {
  { 'a', 'add' },
  { 'e', 'edit' },
  { 'r', 'edit' },
  { 'x', 'complete' },
  { 'dd', 'delete' },
  { 'D', 'delete' },
  { 'J', 'move-down' },
  { 'K', 'move-up' },
  { '>', 'next-day' },
  { '<lt>', 'prev-day' },
  { 'm', 'pick' },
  { 'p', 'put-below' },
  { 'P', 'put-above' },
  { 's', 'schedule' },
  { 'i', 'inbox' },
  { 'u', 'undo' },
  { '<C-r>', 'redo' },
  { 'gt', 'view-today' },
  { 'gi', 'view-inbox' },
  { 'gu', 'view-upcoming' },
  { 'gm', 'view-matrix' },
  { 'ga', 'view-all' },
  { 'gl', 'view-logbook' },
  { 'R', 'refresh' },
  { 'q', 'close' },
  { ']]', 'next-group' },
  { '[[', 'prev-group' },
  { 'g?', 'help' },
  { '<CR>', 'open' },
  { 'S', 'someday' },
  { 'A', 'anytime' },
  { 'X', 'cancel' },
  { 'cp', 'make-project' },
  { 'gA', 'view-anytime' },
  { 'gS', 'view-someday' },
}

-- Defines the <Plug> maps (plugin/taskwire.lua, at startup, so that users can map to them).
function M.define_plugs()
  for name, fn in pairs(M.plugs) do
    vim.keymap.set('n', '<Plug>(taskwire-' .. name .. ')', fn, { desc = 'taskwire ' .. name })
  end
end

-- Maps the default keys in a view buffer, except for the <Plug> maps the user has mapped to a
-- key of their own, and none when the `mappings` option is off.  The mouse drags too.
function M.map_defaults(bufnr)
  if not config.get('mappings', true) or vim.b[bufnr].taskwire_mapped then
    return
  end
  local taken = {}
  for _, pair in ipairs(M.defaults) do
    local plug = '<Plug>(taskwire-' .. pair[2] .. ')'
    if taken[plug] == nil then
      taken[plug] = vim.fn.hasmapto(plug, 'n') == 1
    end
    if not taken[plug] then
      vim.keymap.set('n', pair[1], plug, { buffer = bufnr, remap = true, nowait = true, silent = true })
    end
  end
  local opts = { buffer = bufnr, silent = true }
  vim.keymap.set('n', '<LeftMouse>', '<LeftMouse><Cmd>lua require("taskwire.drops").mouse_press()<CR>', opts)
  vim.keymap.set('n', '<LeftDrag>', '<Cmd>lua require("taskwire.drops").mouse_drag()<CR>', opts)
  vim.keymap.set('n', '<LeftRelease>', '<Cmd>lua require("taskwire.drops").mouse_release()<CR>', opts)
  vim.b[bufnr].taskwire_mapped = true
end

return M
