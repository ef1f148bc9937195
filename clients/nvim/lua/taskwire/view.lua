-- taskwire.view: the taskwire://VIEW buffers, each kept live by a view/subscribe subscription.
--
-- One state per buffer: {name, view, id, bufnr, snapshot, version, sub, subscribing, listing, held,
-- lines, follow, moving, moves}.  `snapshot` is the view/list result (nil until loaded) and
-- `version` the view version it stands for.  While a view/list is under way (`listing` > 0),
-- notifications are held in `held`; when the list arrives, those it already contains (to <=
-- its version) are dropped and the others applied.  `lines` maps each buffer line to the task
-- or group it shows (see render.lua).  `moving` and `moves` serve the move keys (moves.lua).
-- `name` is what follows taskwire:// in the buffer's name: the view for the lists ("today",
-- "projects"), the view and an item's id for a project or an area ("project/12", "area/3"),
-- whose `id` goes to the server as the view's `project` or `area` param.
-- The names of the views are here; a project or an area looked up by its title is lookup.lua's,
-- a state drawn in its buffer draw.lua's.

local rpc = require('taskwire.rpc')
local ui = require('taskwire.ui')
local diff = require('taskwire.diff')
local render = require('taskwire.render')
local draw = require('taskwire.draw').draw

local M = {}

M.names = { 'today', 'inbox', 'upcoming', 'matrix', 'all', 'logbook', 'anytime', 'someday' }
M.structure = { 'projects' } -- the areas with their projects
M.items = { 'project', 'area' } -- views of one item, named with its id

local views = {} -- buffer name -> state
local subs = {} -- subscription id -> buffer name

function M.state(name)
  return views[name]
end

-- view, id for a buffer name ("today" -> "today", 0; "project/12" -> "project", 12), or nil
-- when it names no view.
function M.parse(name)
  local view, id = tostring(name):match('^(%w+)/?$'), 0
  if not view then
    view, id = tostring(name):match('^(%w+)/(%d+)/?$')
    id = tonumber(id)
  end
  local list = vim.tbl_contains(M.names, view or '') or vim.tbl_contains(M.structure, view or '')
  if list and id == 0 or vim.tbl_contains(M.items, view or '') and (id or 0) > 0 then
    return view, id
  end
end

-- The view's name for a person: the catalogue's, or for a project or an area its title once
-- loaded (the title of its own tasks' group, tasks:ID: an area's first group is its projects,
-- titled "Projects").
function M.title(state)
  if vim.tbl_contains(M.items, state.view) then
    for _, group in ipairs(state.snapshot and state.snapshot.groups or {}) do
      if group.key == 'tasks:' .. state.id then
        return group.title
      end
    end
  end
  local words = require('taskwire.words')
  if state.view == 'projects' or vim.tbl_contains(M.items, state.view) then
    return words.text('vim.view.' .. state.view)
  end
  return words.view(state.view)
end

function M.states()
  return vim.tbl_values(views)
end

-- Whether the state is still that of a loaded view buffer (not wiped since).
function M.alive(state)
  return views[state.name] == state and vim.api.nvim_buf_is_loaded(state.bufnr)
end

-- ---- the buffer ------------------------------------------------------------------------------

local function on_wipe(bufnr)
  for name, state in pairs(views) do
    if state.bufnr == bufnr then
      views[name] = nil
      if state.sub then
        subs[state.sub] = nil
        if rpc.ready() then
          rpc.request('view/unsubscribe', { subscription = state.sub })
        end
      end
    end
  end
end

-- BufReadCmd taskwire://VIEW: sets the buffer up and fills it from the server.
function M.read(name, bufnr)
  local view, id = M.parse(name:match('^taskwire://(.*)$') or '')
  if not view then
    local names = vim.list_extend(vim.list_extend(vim.deepcopy(M.names), M.structure), M.items)
    ui.error('vim.error.unknownView', { view = name, views = table.concat(names, ', ') })
    return
  end
  name = id > 0 and view .. '/' .. id or view
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local bo = vim.bo[bufnr]
  bo.buftype, bo.bufhidden, bo.swapfile, bo.undolevels = 'nofile', 'wipe', false, -1
  bo.modifiable = false
  vim.b[bufnr].taskwire_view = view
  vim.b[bufnr].taskwire_name = name
  if bo.filetype ~= 'taskwire' then
    bo.filetype = 'taskwire'
  end
  for _, win in ipairs(vim.fn.win_findbuf(bufnr)) do
    vim.wo[win].wrap, vim.wo[win].list, vim.wo[win].spell = false, false, false
  end
  require('taskwire.keys').map_defaults(bufnr)
  render.define_highlights()
  local group = vim.api.nvim_create_augroup('taskwire_buffers', { clear = false })
  vim.api.nvim_clear_autocmds({ group = group, buffer = bufnr }) -- :edit reads the buffer again
  vim.api.nvim_create_autocmd('BufWipeout', {
    group = group,
    buffer = bufnr,
    callback = function()
      on_wipe(bufnr)
    end,
  })
  local state = views[name]
  if not state or state.bufnr ~= bufnr then
    state = { name = name, view = view, id = id, bufnr = bufnr, listing = 0, held = {}, moves = {}, moving = 0, lines = {} }
    views[name] = state
  end
  draw(state)
  if rpc.ready() then
    M.sync(state)
  else
    rpc.start() -- on_ready syncs every view
  end
end

-- ---- keeping the snapshot current ------------------------------------------------------------

local function set_snapshot(state, snapshot)
  state.snapshot = snapshot
  state.version = snapshot.version
  draw(state)
  require('taskwire.moves').caught_up(state)
end

-- Applies one view/changed notification; a gap or an op that does not fit: list again.
local function apply(state, params)
  if params.to <= (state.version or -1) then
    return -- a list already contained it
  end
  if params.from ~= state.version then
    return M.relist(state)
  end
  local ok = pcall(diff.apply, state.snapshot, params.ops)
  if not ok then
    return M.relist(state)
  end
  state.version = params.to
  state.snapshot.version = params.to
  state.snapshot.today = params.today or state.snapshot.today
  draw(state)
  require('taskwire.moves').caught_up(state)
end

local function list_done(state)
  state.listing = math.max(0, state.listing - 1)
  if state.listing == 0 and M.alive(state) then
    local held = state.held
    state.held = {}
    for _, params in ipairs(held) do
      apply(state, params)
    end
  end
end

-- The list is not current: waiting moves would be computed on it, so they are dropped.
local function list_failed(state, err)
  state.subscribing = false
  state.held = {}
  list_done(state)
  ui.server_error(err)
  require('taskwire.moves').cancel(state)
end

-- The params of view/list and view/subscribe: the view, and its project or area.
local function params(state)
  local p = { view = state.view }
  if state.id and state.id > 0 then
    p[state.view] = state.id
  end
  return p
end

-- Asks for the whole view again (R, a version gap, a refused drop).
function M.relist(state)
  state.listing = state.listing + 1
  rpc.request('view/list', params(state), function(result)
    if M.alive(state) then
      set_snapshot(state, result)
    end
    list_done(state)
  end, function(err)
    list_failed(state, err)
  end)
end

function M.relist_all()
  for _, state in pairs(views) do
    M.relist(state)
  end
end

-- Subscribes when the view is not subscribed yet, else lists.
function M.sync(state)
  if state.subscribing then
    return
  elseif state.sub or not rpc.supports('view/subscribe') then
    return M.relist(state)
  end
  state.subscribing = true
  state.listing = state.listing + 1
  rpc.request('view/subscribe', params(state), function(result)
    state.subscribing = false
    if not M.alive(state) then
      rpc.request('view/unsubscribe', { subscription = result.subscription })
      return list_done(state)
    end
    state.sub = result.subscription
    subs[state.sub] = state.name
    set_snapshot(state, result.snapshot)
    list_done(state)
  end, function(err)
    list_failed(state, err)
  end)
end

function M.on_changed(params)
  local state = views[subs[params.subscription] or '']
  if not state or not state.snapshot and state.listing == 0 then
    return
  end
  if state.listing > 0 then
    table.insert(state.held, params)
  else
    apply(state, params)
  end
end

rpc.on('view/changed', M.on_changed)

function M.on_ready()
  for _, state in pairs(views) do
    M.sync(state)
  end
end

-- The server is gone: so are its subscriptions and the replies awaited.
function M.on_server_exit()
  subs = {}
  for _, state in pairs(views) do
    state.sub, state.subscribing, state.listing, state.held = nil, false, 0, {}
    state.moving, state.moves = 0, {}
  end
end

-- Redraws a view (e.g. after a toast changed nothing but the cursor should follow a task).
function M.redraw(state)
  draw(state)
end

-- Redraws every view (the catalogue came, or came again in another language).
function M.redraw_all()
  for _, state in pairs(views) do
    if M.alive(state) then
      draw(state)
    end
  end
end

return M
