#!/usr/bin/env bash
# Runs the Neovim plugin's tests: a headless real Neovim drives real taskwire servers over pipes
# (through vim.lsp.rpc), each test on a fresh store with the clock fixed, and checks what the
# buffers show after each gesture (test/test_*.lua, run by test/runner.lua).
#
#   TASKWIRE=/path/to/taskwire bash clients/nvim/test/run.sh    # default: .build/debug/taskwire
#   TW_TEST_ONLY='moves' ...                                      # only the tests matching a Lua pattern
#
# Installs neovim with apt-get when nvim is missing.  Prints one line per test (PASS, FAIL with
# the reason, SKIP) and a summary; exits non-zero when a test fails or the run does not finish.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
plugin="$(dirname "$here")"
root="$(cd "$plugin/../.." && pwd)"

TASKWIRE="${TASKWIRE:-$root/.build/debug/taskwire}"
if [ ! -x "$TASKWIRE" ]; then
  echo "run.sh: TASKWIRE=$TASKWIRE is not an executable file (build taskwire or set TASKWIRE)" >&2
  exit 2
fi
TASKWIRE="$(cd "$(dirname "$TASKWIRE")" && pwd)/$(basename "$TASKWIRE")"
export TASKWIRE

if ! command -v nvim >/dev/null; then
  echo "== installing neovim"
  if [ "$(id -u)" = 0 ]; then sudo=(); else sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq neovim >/dev/null
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export TW_TEST_TMP="$work"
export TW_TEST_RESULT="$work/result.txt"
# Neovim's own files (the LSP log, where vim.lsp.rpc writes the server's stderr; shada; swap)
# stay in the temporary folder, away from the user's.
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state"
export XDG_CACHE_HOME="$work/cache"

echo "nvim plugin tests: $(nvim --version | head -n 1)"
echo "server: $TASKWIRE"

status=0
timeout 600 nvim --headless -u NONE -i NONE -n \
  --cmd "set runtimepath^=$plugin" --cmd 'runtime plugin/taskwire.lua' \
  -c "luafile $here/runner.lua" </dev/null >"$work/nvim.log" 2>&1 || status=$?

if [ -f "$TW_TEST_RESULT" ]; then
  cat "$TW_TEST_RESULT"
fi
if [ ! -f "$TW_TEST_RESULT" ] || ! grep -q '^summary: ' "$TW_TEST_RESULT"; then
  echo "FAIL: the test run did not finish (nvim exit code $status)"
  tail -n 40 "$work/nvim.log"
  exit 1
fi
if [ "$status" -ne 0 ] || grep -q '^FAIL' "$TW_TEST_RESULT"; then
  echo "nvim plugin tests FAILED (nvim exit code $status)"
  exit 1
fi
echo "nvim plugin tests passed"
