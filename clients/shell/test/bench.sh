#!/usr/bin/env bash
# Times tw against Taskwarrior on a store of 1,000 tasks (100 of them in Today), on temporary
# stores. Usage: TASKWIRE=/path/to/taskwire bash clients/shell/test/bench.sh [RUNS]
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TW="$here/../tw"
runs=${1:-20}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
db=$dir/tasks.sqlite

# ms COMMAND...: the median wall time of $runs runs, in milliseconds.
ms() {
  local i t0 times=()
  for ((i = 0; i < runs; i++)); do
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1
    times+=($((($(date +%s%N) - t0) / 100000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$((runs / 2 + 1))p" | awk '{printf "%.1f", $1 / 10}'
}

for ((i = 1; i <= 1000; i++)); do
  if ((i % 10 == 0)); then echo "Task $i #work !! today"; else echo "Task $i #home in $((i % 30 + 1)) days"; fi
done >"$dir/lines"
t0=$(date +%s%N)
"$TW" --db "$db" --create add - <"$dir/lines" >/dev/null 2>&1
echo "tw add - (1000 lines, one server): $((($(date +%s%N) - t0) / 1000000)) ms"

export TASKRC=$dir/taskrc TASKDATA=$dir/task
mkdir -p "$TASKDATA"
printf 'data.location=%s\nconfirmation=off\nverbose=nothing\nnews.version=9.9.9\n' "$TASKDATA" >"$TASKRC"
for ((i = 1; i <= 1000; i++)); do
  if ((i % 10 == 0)); then printf '{"description":"Task %d","status":"pending","tags":["work"],"priority":"M","scheduled":"%s"}\n' "$i" "$(date -u +%Y%m%dT000000Z)"
  else printf '{"description":"Task %d","status":"pending","tags":["home"]}\n' "$i"; fi
done >"$dir/import.json"
task import "$dir/import.json" >/dev/null 2>&1

printf '%-28s %10s\n' "median of $runs runs" "ms"
printf '%-28s %10s\n' "tw add" "$(ms "$TW" --db "$db" add Bench task '#x' tomorrow)"
printf '%-28s %10s\n' "task add" "$(ms task add Bench task +x scheduled:tomorrow)"
printf '%-28s %10s\n' "tw ls today (100 tasks)" "$(ms "$TW" --db "$db" ls today)"
printf '%-28s %10s\n' "task list (all pending)" "$(ms task list)"
printf '%-28s %10s\n' "task scheduled:today list" "$(ms task scheduled.before:tomorrow list)"
printf '%-28s %10s\n' "tw ls all (1000+ tasks)" "$(ms "$TW" --db "$db" ls all)"
printf '%-28s %10s\n' "tw ls today, jq 1.6" "$(TW_JQ=$(command -v jq) ms "$TW" --db "$db" ls today)"
