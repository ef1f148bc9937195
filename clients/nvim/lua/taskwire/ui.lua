-- taskwire.ui: messages and prompts.  Messages go through vim.notify and prompts through
-- vim.ui.input, so that a notification or input plugin (and the tests) can take them over.

local M = {}

local levels = vim.log.levels

local function notify(msg, level)
  vim.notify('taskwire: ' .. msg, level)
end

function M.info(msg)
  notify(msg, levels.INFO)
end

function M.warn(msg)
  notify(msg, levels.WARN)
end

function M.error(msg)
  notify(msg, levels.ERROR)
end

-- A JSON-RPC error object from the server (or a client-side error string).
function M.server_error(err)
  if type(err) == 'table' then
    M.error(err.message or ('error ' .. tostring(err.code)))
  else
    M.error(tostring(err))
  end
end

-- Asks for a line of text and calls on_answer(text) unless it was cancelled (nil, <Esc>) or
-- left blank.  `default` pre-fills the answer (nil: nothing, as for a date).
function M.input(prompt, default, on_answer)
  vim.ui.input({ prompt = prompt, default = default }, function(text)
    if text ~= nil and vim.trim(text) ~= '' then
      on_answer(vim.trim(text))
    end
  end)
end

return M
