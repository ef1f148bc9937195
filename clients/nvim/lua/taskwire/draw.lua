-- taskwire.draw: a view's snapshot put in its buffer (render.lua's layout: the lines, their
-- infos and highlights), every window's cursor kept on its task, or taken to the task the state
-- follows (the one just made or moved).

local render = require('taskwire.render')

local M = {}

local ns = vim.api.nvim_create_namespace('taskwire')

function M.draw(state)
  local bufnr = state.bufnr
  if not vim.api.nvim_buf_is_loaded(bufnr) then
    return
  end
  local lines, infos, highlights = render.layout(state.view, state.snapshot)
  local ids = vim.tbl_map(function(i)
    return i.id
  end, infos)
  local old_ids = state.ids or {}
  local cursors = {}
  for _, win in ipairs(vim.fn.win_findbuf(bufnr)) do
    local lnum = vim.api.nvim_win_get_cursor(win)[1]
    table.insert(cursors, { win, lnum, old_ids[lnum] or 0 })
  end
  vim.bo[bufnr].modifiable = true
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, lines)
  vim.bo[bufnr].modifiable = false
  vim.bo[bufnr].modified = false
  vim.api.nvim_buf_clear_namespace(bufnr, ns, 0, -1)
  for _, h in ipairs(highlights) do
    vim.api.nvim_buf_add_highlight(bufnr, ns, h[4], h[1], h[2], h[3])
  end
  state.lines, state.ids = infos, ids
  -- every window keeps its cursor on its task (or goes to the one just made or moved)
  local follow = state.follow and state.follow ~= 0 and vim.fn.index(ids, state.follow) + 1 or 0
  if follow > 0 then
    state.follow = nil
  end
  for _, c in ipairs(cursors) do
    local target = follow
    if target == 0 and c[3] ~= 0 then
      target = vim.fn.index(ids, c[3]) + 1
    end
    if target == 0 then
      target = math.min(c[2], #lines)
    end
    vim.api.nvim_win_set_cursor(c[1], { target, 0 })
  end
end

return M
