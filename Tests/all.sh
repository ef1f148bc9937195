#!/usr/bin/env bash
# The one test command (README "Run every test"): installs what the suites need when it is
# missing, builds taskwire, and runs every suite: Swift tests, contract replays, client tests.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v jq >/dev/null || need+=(jq)
# gojq starts ~10x faster than jq 1.6: the shell client prefers it (its tests cover both).
command -v gojq >/dev/null || need+=(gojq)
command -v vim >/dev/null || need+=(vim)
command -v shellcheck >/dev/null || need+=(shellcheck)
command -v task >/dev/null || need+=(taskwarrior)
# libpq is a system library of the build (the PostgreSQL store); the server is for the tests.
[ -f /usr/include/postgresql/libpq-fe.h ] || need+=(libpq-dev)
[ -x /usr/lib/postgresql/15/bin/initdb ] || need+=(postgresql)
if ((${#need[@]})); then
  echo "== [${SECONDS} s] installing ${need[*]}"
  if [ "$(id -u)" = 0 ]; then sudo=(); else sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${need[@]}" >/dev/null
fi

# A throwaway PostgreSQL cluster for the PostgreSQL suites, stopped and removed at the end,
# also on failure.
pg_base=$(mktemp -d)
trap 'bash Tests/support/postgres.sh stop "$pg_base/pg"; rm -rf "$pg_base"' EXIT
eval "$(bash Tests/support/postgres.sh start "$pg_base/pg")"

# within LIMIT-SECONDS COMMAND...: runs a suite, and fails it when it runs longer than the limit
# (a hang becomes a red line naming the suite, not a CI run that never ends). timeout signals
# the suite's whole process group, so its servers and helpers go too.
within() {
  local limit=$1
  shift
  timeout -k 10 "$limit" "$@" && return 0
  local rc=$?
  ((rc == 124 || rc == 137)) && echo "== [${SECONDS} s] TIMED OUT after ${limit} s: $*"
  return "$rc"
}

echo "== [${SECONDS} s] swift build"
swift build 2>&1 | tail -n 1
binary="$PWD/.build/debug/taskwire"

echo "== [${SECONDS} s] swift test (unit and end-to-end)"
log=$(mktemp)
if ! within 1800 swift test >"$log" 2>&1; then
  grep -E "✘|error:|fatal" "$log" | head -n 60
  echo "swift test failed (full log: $log)"
  exit 1
fi
grep -E "^✔ Test run|Executed [0-9]+ tests" "$log" | tail -n 2

if [ -d Protocol/sessions ] && compgen -G "Protocol/sessions/*.jsonl" >/dev/null; then
  echo "== [${SECONDS} s] contract replays"
  "$binary" replay Protocol/sessions/*.jsonl
  echo "== [${SECONDS} s] contract replays on PostgreSQL"
  "$binary" replay --db "$TASKWIRE_TEST_POSTGRES" Protocol/sessions/*.jsonl
fi

echo "== [${SECONDS} s] taskwire-bench --smoke (a tiny size, so that the benchmark cannot rot)"
smoke_json=$(mktemp)
within 600 .build/debug/taskwire-bench --smoke --server "$binary" --postgres "$TASKWIRE_TEST_POSTGRES" --json "$smoke_json" >/dev/null
grep -q '"targets"' "$smoke_json"
grep -q '"otherProcessesCPU"' "$smoke_json"

for suite in clients/*/test/run.sh; do
  [ -e "$suite" ] || continue
  echo "== [${SECONDS} s] $suite"
  TASKWIRE="$binary" within 900 bash "$suite"
done
echo "== [${SECONDS} s] clients/shell/test/run.sh again, every command on a server of its own (TW_RESIDENT=0)"
TW_RESIDENT=0 TASKWIRE="$binary" within 900 bash clients/shell/test/run.sh

echo "== [${SECONDS} s] import and export against the real Taskwarrior, backup during writes"
TASKWIRE="$binary" within 600 bash Tests/exchange/run.sh

echo "== [${SECONDS} s] JSON-RPC client libraries: Neovim's vim.lsp.rpc, Emacs's jsonrpc.el, python-lsp-jsonrpc, pygls"
TASKWIRE="$binary" within 600 bash Tests/interop/run.sh

echo "== [${SECONDS} s] swift format lint (the repository's .swift-format)"
swift format lint --strict -r Sources Tests Package.swift

echo "== [${SECONDS} s] shellcheck"
mapfile -t scripts < <(git ls-files '*.sh' 'clients/shell/tw' '.ci/run')
shellcheck "${scripts[@]}"

echo "== [${SECONDS} s] all suites passed"
