-- test/runner.lua - runs every test/test_*.lua in this headless Neovim (see run.sh).
--
-- The tests run in one coroutine that gives the editor's main loop its turn whenever it waits
-- (helpers.sleep): replies, notifications and mouse events are then handled exactly as they are
-- for a user.  Each test gets a fresh server on a fresh store, the prompts answered from a list
-- and the messages recorded; it fails on the first failed check.  Results go to
-- $TW_TEST_RESULT, one line per test and a summary; Neovim exits non-zero when a test failed.

local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local H = dofile(here .. '/helpers.lua')
package.loaded['tw_test_helpers'] = H -- the test files' require('tw_test_helpers')

local out = assert(io.open(assert(os.getenv('TW_TEST_RESULT'), 'TW_TEST_RESULT is not set'), 'w'))
local counts = { pass = 0, fail = 0, skip = 0 }

local function report(line)
  out:write(line, '\n')
  out:flush()
end

local function run_all()
  local only = os.getenv('TW_TEST_ONLY') -- a Lua pattern, to run some tests
  for _, file in ipairs(vim.fn.glob(here .. '/test_*.lua', false, true)) do
    local tests = dofile(file)
    local short = vim.fn.fnamemodify(file, ':t:r')
    for _, t in ipairs(tests) do
      local name = short .. ': ' .. t[1]
      if not only or name:match(only) then
        H.before(name)
        local ok, err = xpcall(t[2], debug.traceback)
        local cleaned, cleanup_err = pcall(H.after)
        if ok and not cleaned then
          ok, err = false, 'cleanup: ' .. tostring(cleanup_err)
        end
        local skipped = not ok and tostring(err):match('SKIP: ([^\n]*)')
        if ok then
          counts.pass = counts.pass + 1
          report('PASS ' .. name)
        elseif skipped then
          counts.skip = counts.skip + 1
          report('SKIP ' .. name .. ': ' .. skipped)
        else
          counts.fail = counts.fail + 1
          report('FAIL ' .. name .. '\n    ' .. tostring(err):gsub('\n', '\n    '))
        end
      end
    end
  end
end

local function finish(crash)
  if crash then
    counts.fail = counts.fail + 1
    report('FAIL the runner itself: ' .. tostring(crash))
  end
  report(string.format('summary: %d passed, %d failed, %d skipped', counts.pass, counts.fail, counts.skip))
  out:close()
  vim.cmd(counts.fail > 0 and 'cquit 1' or 'qall!')
end

local co = coroutine.create(function()
  local ok, err = xpcall(run_all, debug.traceback)
  finish(not ok and err or nil)
end)
H.coroutine = co

vim.schedule(function()
  local ok, err = coroutine.resume(co)
  if not ok then
    finish(err)
  end
end)
