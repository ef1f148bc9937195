-- taskwire.keys: the <Plug>(taskwire-NAME) maps and the default keys of the view buffers.
--
-- The letters are those of the Vim plugin (clients/vim) wherever it has the gesture; the views
-- and gestures it lacks got new ones: dd / D delete, m + p / P pick up and put (a keyboard
-- drag), gm / ga / gl the matrix, All and the logbook, and the mouse drags.  S A X cp (Someday,
-- Anytime, cancel, make a project) and gA gS (the Anytime and Someday views) are the Vim
-- plugin's too.

local config = require('taskwire.config')

local M = {}

local function act(fn, ...)
  local args = { ... }
  return function()
    require('taskwire.actions')[fn](unpack(args))
  end
end

local function move(fn, ...)
  local args = { ... }
  return function()
    require('taskwire.moves')[fn](unpack(args))
  end
end

-- <Plug>(taskwire-NAME) -> what it does
M.plugs = {
  ['add'] = act('add'),
  ['edit'] = act('edit'),
  ['complete'] = act('complete'),
  ['delete'] = act('delete'),
  ['move-down'] = move('press', 'step', 1),
  ['move-up'] = move('press', 'step', -1),
  ['next-day'] = move('press', 'day', 1),
  ['prev-day'] = move('press', 'day', -1),
  ['pick'] = move('pick'),
  ['put-below'] = move('put', 'below'),
  ['put-above'] = move('put', 'above'),
  ['schedule'] = act('schedule'),
  ['inbox'] = act('to_inbox'),
  ['undo'] = act('undo'),
  ['redo'] = act('redo'),
  ['view-today'] = act('switch', 'today'),
  ['view-inbox'] = act('switch', 'inbox'),
  ['view-upcoming'] = act('switch', 'upcoming'),
  ['view-matrix'] = act('switch', 'matrix'),
  ['view-all'] = act('switch', 'all'),
  ['view-logbook'] = act('switch', 'logbook'),
  ['refresh'] = act('refresh'),
  ['close'] = act('close'),
  ['next-group'] = act('jump', 1),
  ['prev-group'] = act('jump', -1),
  ['help'] = act('help'),
  ['open'] = act('open'),
  ['someday'] = act('someday'),
  ['anytime'] = act('anytime'),
  ['cancel'] = act('cancel'),
  ['make-project'] = act('make_project'),
  ['view-anytime'] = act('switch', 'anytime'),
  ['view-someday'] = act('switch', 'someday'),
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
  vim.keymap.set('n', '<LeftMouse>', '<LeftMouse><Cmd>lua require("taskwire.moves").mouse_press()<CR>', opts)
  vim.keymap.set('n', '<LeftDrag>', '<Cmd>lua require("taskwire.moves").mouse_drag()<CR>', opts)
  vim.keymap.set('n', '<LeftRelease>', '<Cmd>lua require("taskwire.moves").mouse_release()<CR>', opts)
  vim.b[bufnr].taskwire_mapped = true
end

return M
