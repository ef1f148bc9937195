#!/usr/bin/env bash
# Runs the Vim plugin's tests: a headless real Vim drives a real taskwire binary over pipes, on
# fresh temporary stores, using Vim's own assert_* functions (no test framework).
#
#   TASKWIRE=/path/to/taskwire bash clients/vim/test/run.sh
#
# Prints one line per test (PASS, FAIL with the assertion messages, SKIP with the reason) and
# a summary; exits non-zero when a test fails or the run does not finish.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [ -z "${TASKWIRE:-}" ]; then
  echo "run.sh: set TASKWIRE to the taskwire binary" >&2
  exit 2
fi
if [ ! -x "$TASKWIRE" ]; then
  echo "run.sh: TASKWIRE=$TASKWIRE is not an executable file" >&2
  exit 2
fi
if ! command -v vim >/dev/null; then
  echo "run.sh: vim is not installed" >&2
  exit 2
fi
TASKWIRE="$(cd "$(dirname "$TASKWIRE")" && pwd)/$(basename "$TASKWIRE")"
export TASKWIRE

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export TW_TEST_TMP="$work"
export TW_TEST_RESULT="$work/result.txt"

echo "vim plugin tests: $(vim --version | head -n 1)"
echo "server: $TASKWIRE"

status=0
timeout 600 vim -N -u NONE -i NONE -es --not-a-term \
  -S "$here/test_taskwire.vim" </dev/null >"$work/vim.log" 2>&1 || status=$?

if [ -f "$TW_TEST_RESULT" ]; then
  cat "$TW_TEST_RESULT"
fi

if [ ! -f "$TW_TEST_RESULT" ] || ! grep -q '^summary: ' "$TW_TEST_RESULT"; then
  echo "FAIL: the test run did not finish (vim exit code $status)"
  if [ -s "$work/vim.log" ]; then
    tail -n 40 "$work/vim.log"
  fi
  exit 1
fi
if [ "$status" -ne 0 ] || grep -q '^FAIL' "$TW_TEST_RESULT"; then
  echo "vim plugin tests FAILED (vim exit code $status)"
  exit 1
fi
echo "vim plugin tests passed"
