-- taskwire.words: every word the plugin shows that is not task data, from the server's
-- catalogue (catalogue/get, in the session's locale).  It is fetched once the server is ready
-- and again after locale/set; the plugin carries no word list of its own.
--
-- Keys are the catalogue's ("view.today", "vim.warn.atTop", "nvim.message.picked"); a
-- placeholder {name} is filled from the table given.  Before the catalogue has come (the
-- server not started yet), get() returns nil, and a text asked for anyway is the key itself.

local M = {}

local catalogue -- {locale, strings}, nil until catalogue/get has answered
local waiting = {} -- functions to call once the catalogue is in

-- Whether the catalogue has come.
function M.ready()
  return catalogue ~= nil
end

-- The session's locale as the catalogue says it ("en", "de"), nil before it came.
function M.locale()
  return catalogue and catalogue.locale
end

-- The text of `key` with its placeholders filled from `vars`, or nil before the catalogue came.
-- A key the catalogue lacks (a server older than the plugin) is shown as itself and its values,
-- so that a missing word is seen, not guessed, and what it was to say is not lost.
function M.get(key, vars)
  if not catalogue then
    return nil
  end
  local text = catalogue.strings[key]
  if type(text) ~= 'string' then
    local names = vim.tbl_keys(vars or {})
    table.sort(names)
    text = table.concat(vim.list_extend({ key }, vim.tbl_map(function(name)
      return '{' .. name .. '}'
    end, names)), ' ')
  end
  return (text:gsub('{([%w_]+)}', function(name)
    local value = vars and vars[name]
    return value ~= nil and tostring(value) or nil
  end))
end

-- Whether the catalogue has `key` (a server older than the plugin may lack a new one).
function M.has(key)
  return catalogue ~= nil and type(catalogue.strings[key]) == 'string'
end

-- get(), else the key and its values as they are (the catalogue could not be had).
function M.text(key, vars)
  local text = M.get(key, vars)
  if text then
    return text
  end
  local parts = { key }
  for name, value in pairs(vars or {}) do
    table.insert(parts, name .. '=' .. tostring(value))
  end
  return table.concat(parts, ' ')
end

-- The title of a view ("today" -> "Today", German "Heute").
function M.view(name)
  return M.text('view.' .. tostring(name))
end

-- Calls fn() now when the catalogue is in, else once it has come.
function M.when_ready(fn)
  if catalogue then
    fn()
  else
    table.insert(waiting, fn)
  end
end

-- Asks the server for the catalogue (rpc.lua, after initialize and locale/set); `done`, if
-- given, is called once it is in.
function M.fetch(done)
  local rpc = require('taskwire.rpc')
  rpc.request('catalogue/get', nil, function(result)
    catalogue = { locale = result.locale, strings = result.strings or {} }
    local calls = waiting
    waiting = {}
    for _, fn in ipairs(calls) do
      fn()
    end
    if done then
      done()
    end
  end, function(err)
    require('taskwire.ui').raw_error('catalogue/get: ' .. tostring(type(err) == 'table' and err.message or err))
    M.give_up()
  end)
end

-- For tests: as before the first server.
function M.reset()
  catalogue, waiting = nil, {}
end

-- No catalogue is coming (no server): what waits for it is shown with the keys.
function M.give_up()
  local calls = waiting
  waiting = {}
  for _, fn in ipairs(calls) do
    fn()
  end
end

return M
