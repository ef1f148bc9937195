-- taskwire.lookup: a project or an area looked up by its title (:Taskwire project NAME,
-- :Taskwire area NAME, their completion), in the projects view's areas and projects.

local rpc = require('taskwire.rpc')
local ui = require('taskwire.ui')

local M = {}

-- The areas and projects of the projects view (a view/list result) as {{kind, id, title}, …}:
-- each area (its group's key is projects:ID; projects:0 holds those in no area), each project.
function M.items_of(snapshot)
  local items = {}
  for _, group in ipairs(snapshot and snapshot.groups or {}) do
    local area = tonumber(group.key:match('^projects:(%d+)$') or '0')
    if area > 0 then
      table.insert(items, { kind = 'area', id = area, title = group.title })
    end
    for _, task in ipairs(group.tasks) do
      table.insert(items, { kind = task.kind or 'project', id = task.id, title = task.title })
    end
  end
  return items
end

-- The id of the `kind` (project, area) named `name` in `items`: the title as typed, else in any
-- case, else the one title that starts with it; nil when none or several.
function M.find(items, kind, name)
  local tests = {
    function(t) return t == name end,
    function(t) return t:lower() == name:lower() end,
    function(t) return t:lower():sub(1, #name) == name:lower() end,
  }
  for _, test in ipairs(tests) do
    local found = vim.tbl_filter(function(item)
      return item.kind == kind and test(item.title)
    end, items)
    if #found == 1 then
      return found[1].id
    elseif #found > 1 then
      return nil
    end
  end
end

-- Looks `name` up among the projects or areas (`kind`) and calls found(id), or says there is
-- none.  The projects view is listed for it: the plugin does not block.
function M.resolve(kind, name, found)
  rpc.request('view/list', { view = 'projects' }, function(result)
    local items = M.items_of(result)
    local id = M.find(items, kind, name)
    if id then
      return found(id)
    end
    local titles = {}
    for _, item in ipairs(items) do
      if item.kind == kind then
        table.insert(titles, item.title)
      end
    end
    ui.error(kind == 'area' and 'vim.error.noSuchArea' or 'vim.error.noSuchProject',
      { name = name, names = table.concat(titles, ', ') })
  end)
end

return M
