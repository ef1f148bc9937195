-- taskwire.config: the plugin's options.  A value given to require('taskwire').setup() wins over
-- the g:taskwire_* variable of the same meaning; both are read when used, so a change applies to
-- the next server started (cmd, db) or the next buffer opened (the others).
--
--   setup key     g: variable               meaning
--   cmd           g:taskwire_command        the server command, a list (or a string)
--   db            g:taskwire_db             the store, passed as --db (default: the server's)
--   default_view  g:taskwire_default_view   the view of a bare :Taskwire ("today")
--   open_cmd      g:taskwire_open_cmd       how :Taskwire opens a view ("edit")
--   mappings      g:taskwire_no_mappings    false / 1: no default keys in the view buffers
--   locale        g:taskwire_locale         the language sent to the server (v:lang): "de"
--                                           gives German titles, dates and flags
--   reminders     g:taskwire_reminders      false / 0: do not show reminders (default: shown)

local M = {}

local options = {}

local globals = {
  cmd = 'taskwire_command',
  db = 'taskwire_db',
  default_view = 'taskwire_default_view',
  open_cmd = 'taskwire_open_cmd',
  locale = 'taskwire_locale',
}

function M.setup(opts)
  options = vim.tbl_extend('force', options, opts or {})
end

-- The option `name`, else its g: variable, else `default`.
function M.get(name, default)
  if options[name] ~= nil then
    return options[name]
  end
  if name == 'mappings' then
    local off = vim.g.taskwire_no_mappings
    return not (off == 1 or off == true)
  end
  if name == 'reminders' then
    local on = vim.g.taskwire_reminders
    return not (on == 0 or on == false)
  end
  local value = globals[name] and vim.g[globals[name]]
  if value ~= nil and value ~= '' then
    return value
  end
  return default
end

-- For tests: forget every setup() value.
function M.reset()
  options = {}
end

return M
