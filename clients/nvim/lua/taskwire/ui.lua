-- taskwire.ui: messages and prompts.  Messages go through vim.notify and prompts through
-- vim.ui.input, so that a notification or input plugin (and the tests) can take them over.
-- Their words are catalogue keys (words.lua); a message asked for before the catalogue has
-- come is shown once it is in (the server is started for it when none runs).

local words = require('taskwire.words')

local M = {}

local levels = vim.log.levels

local function notify(msg, level)
  vim.notify('taskwire: ' .. msg, level)
end

-- Shows the catalogue's text of `key` (placeholders from `vars`) at `level`.
local function say(level, key, vars)
  if not words.ready() then
    local rpc = require('taskwire.rpc')
    if rpc.status() == 'stopped' then
      rpc.start() -- when it cannot, what waits is shown with the keys
    end
  end
  words.when_ready(function()
    notify(words.text(key, vars), level)
  end)
end

function M.info(key, vars)
  say(levels.INFO, key, vars)
end

function M.warn(key, vars)
  say(levels.WARN, key, vars)
end

function M.error(key, vars)
  say(levels.ERROR, key, vars)
end

-- A message that is no catalogue key: the server's own words (already in the session's
-- language), or why there is no server to ask for words.
function M.raw_info(msg)
  notify(msg, levels.INFO)
end

function M.raw_error(msg)
  notify(msg, levels.ERROR)
end

-- A JSON-RPC error object from the server (its message, without code), or an error string.
function M.server_error(err)
  if type(err) ~= 'table' then
    M.raw_error(tostring(err))
  elseif err.message then
    M.raw_error(err.message)
  else
    M.error('vim.error.code', { code = err.code })
  end
end

-- Asks for a line of text and calls on_answer(text) unless it was cancelled (nil, <Esc>) or
-- left blank.  `prompt` is a catalogue key; `default` pre-fills the answer (nil: nothing, as
-- for a date).
function M.input(prompt, default, on_answer)
  words.when_ready(function()
    vim.ui.input({ prompt = words.text(prompt), default = default }, function(text)
      if text ~= nil and vim.trim(text) ~= '' then
        on_answer(vim.trim(text))
      end
    end)
  end)
end

-- Asks a question with choices and calls on_choice(i) with the number of the one typed: its
-- letter or the start of its text ("d", "keep").  `question` is a text already in words;
-- `buttons` as Vim's confirm() takes them ("&Delete\n&Keep\n&Cancel").  Nothing is called when
-- the answer is none of them, or blank, or <Esc>.
function M.choose(question, buttons, on_choice)
  words.when_ready(function()
    local labels = {}
    for label in (buttons .. '\n'):gmatch('(.-)\n') do
      table.insert(labels, (label:gsub('&', '')):lower())
    end
    local prompt = words.text('vim.prompt.choiceTyped', { question = question, choices = table.concat(labels, '/') })
    vim.ui.input({ prompt = prompt }, function(text)
      local answer = vim.trim(text or ''):lower()
      for i, label in ipairs(labels) do
        if answer ~= '' and label:sub(1, #answer) == answer then
          return on_choice(i)
        end
      end
    end)
  end)
end

return M
