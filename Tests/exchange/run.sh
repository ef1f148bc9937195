#!/usr/bin/env bash
# Import and export against the real Taskwarrior (issue: bring your tasks, take them with you).
#
# Usage: TASKWIRE=/path/to/taskwire bash Tests/exchange/run.sh
#
# A varied Taskwarrior database made with `task add` → `task export` → `taskwire import` → the
# views a person expects → `taskwire export --format taskwarrior` → `task import` into a fresh
# Taskwarrior → the same pending tasks with the same fields. Also: a second import changes
# nothing, malformed files leave the store byte for byte as it was, and a backup taken during
# 1,000 writes of another process passes `PRAGMA integrity_check`. Needs `task` (apt-get
# install taskwarrior), jq (or gojq) and python3; everything lives in a temporary folder.
# The jq programs are in single quotes on purpose: their $names are jq variables.
# shellcheck disable=SC2016
set -euo pipefail

: "${TASKWIRE:?set TASKWIRE to the taskwire binary}"
command -v task >/dev/null || { echo "run.sh: taskwarrior (task) is not installed" >&2; exit 1; }
jq=$(command -v gojq || command -v jq)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() { # NAME EXPECTED ACTUAL
  if [[ $2 == "$3" ]]; then
    passed=$((passed + 1))
    echo "PASS $1"
  else
    failed=$((failed + 1))
    printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"
  fi
}

# Taskwarrior and taskwire read dates in the same zone; "today" is the machine's.
export TZ=Europe/Berlin
tw() { "$TASKWIRE" "$@" --time-zone Europe/Berlin; }
twarrior() { # DIR ARGS...: Taskwarrior on its own data folder, quiet and without questions
  local dir=$1
  shift
  TASKDATA="$dir" TASKRC="$work/taskrc" task rc.confirmation=off rc.verbose=nothing rc.json.array=on "$@"
}
: >"$work/taskrc"

# --- a Taskwarrior database as a person has one ---------------------------------------------
first="$work/first"
twarrior "$first" add "Call mom" +family priority:H scheduled:today >/dev/null
twarrior "$first" add "Pay rent" priority:M due:tomorrow +money >/dev/null
twarrior "$first" add "Zahnarzt anrufen 🦷" scheduled:yesterday +gesundheit +ärzte >/dev/null
twarrior "$first" add "Renew passport" wait:now+3d >/dev/null
twarrior "$first" add "Learn the cello" wait:someday >/dev/null
twarrior "$first" add "Water plants" recur:weekly due:tomorrow >/dev/null
twarrior "$first" add "Read the book" project:Home priority:L >/dev/null
twarrior "$first" "description:Read the book" annotate "chapter 3 first" >/dev/null
twarrior "$first" add "Old thing" >/dev/null
twarrior "$first" "description:Old thing" "done" >/dev/null
twarrior "$first" add "Never mind" >/dev/null
twarrior "$first" "description:Never mind" delete >/dev/null
twarrior "$first" list >/dev/null 2>&1 || true # makes the recurring task's first occurrence
twarrior "$first" export >"$work/first.json"

store="$work/tasks.sqlite"
report=$(tw import --db "$store" --json "$work/first.json")
check "import: new tasks" "8" "$("$jq" -r '.created' <<<"$report")"
check "import: the deleted task and the occurrence are skipped" \
  "deleted in Taskwarrior=1 occurrence of a recurring task (imported once, as its repeat)=1" \
  "$("$jq" -r '[.skipped[] | "\(.reason)=\(.count)"] | join(" ")' <<<"$report")"
check "import: nothing reported as not taken over (the project is a project)" "0" \
  "$("$jq" -r '.unmapped | length' <<<"$report")"
check "import: one undo step" "Import 8 tasks from taskwarrior" "$("$jq" -r '.step' <<<"$report")"

again=$(tw import --db "$store" --json - <"$work/first.json")
check "a second import (from standard input) adds nothing" "0 0 8" "$("$jq" -r '"\(.created) \(.updated) \(.unchanged)"' <<<"$again")"

# What a person sees: Today has the overdue and today's tasks, Inbox the undated ones.
exported=$(tw export --db "$store" --completed)
view() { "$jq" -r --arg today "$(date +%F)" "$1" <<<"$exported"; }
check "Today holds today's and overdue tasks, in the file's order" "Call mom|Zahnarzt anrufen 🦷" \
  "$(view '[.tasks[] | select(.completed | not) | select(.scheduledDate != null and .scheduledDate <= $today) | .title] | join("|")')"
check "Inbox holds the undated tasks in no project" "Pay rent" \
  "$(view '[.tasks[] | select(.completed | not) | select(.kind == null and .scheduledDate == null and .parent == null and .someday != true) | .title] | join("|")')"
check "fields: priority, tags, due, notes" "3 family|2 money 1|1  chapter 3 first" \
  "$(view '[.tasks[] | select(.title == "Call mom" or .title == "Pay rent" or .title == "Read the book")
    | "\(.priority) \(.tags | join(","))\(if .dueDate then " 1" else "" end)\(if .notes then " \(.notes)" else "" end)"] | join("|")')"
check "the recurring task is one task repeating weekly" "1 weekly" \
  "$(view '[.tasks[] | select(.title == "Water plants")] | "\(length) \(.[0].recurrence.pattern)"')"
check "the waiting task waits in Upcoming until its day" "$(date -d '+3 days' +%F)" \
  "$(view '.tasks[] | select(.title == "Renew passport") | .scheduledDate')"
check "wait:someday is taskwire's Someday, with no date" "true null" \
  "$(view '.tasks[] | select(.title == "Learn the cello") | "\(.someday) \(.scheduledDate)"')"
check "a non-ASCII tag is kept" "gesundheit,ärzte" "$(view '.tasks[] | select(.title | startswith("Zahnarzt")) | .tags | join(",")')"
# The same through the server's own views, as a frontend lists them.
listed=$(printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clientInfo":{"name":"t"}}}' \
  '{"jsonrpc":"2.0","id":1,"method":"view/list","params":{"view":"today"}}' \
  '{"jsonrpc":"2.0","id":2,"method":"view/list","params":{"view":"inbox"}}' | tw --db "$store" 2>/dev/null)
check "view/list: Today and Inbox as a person sees them" "Call mom|Zahnarzt anrufen 🦷 / Pay rent" \
  "$("$jq" -rs 'map(select(.id == 1 or .id == 2) | [.result.groups[0].tasks[].title] | join("|")) | join(" / ")' <<<"$listed")"
projects=$(printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clientInfo":{"name":"t"}}}' \
  '{"jsonrpc":"2.0","id":1,"method":"view/list","params":{"view":"projects"}}' | tw --db "$store" 2>/dev/null)
home=$("$jq" -rs 'map(select(.id == 1))[0].result.groups[0].tasks[] | select(.title == "Home") | .id' <<<"$projects")
in_home=$(printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clientInfo":{"name":"t"}}}' \
  "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"view/list\",\"params\":{\"view\":\"project\",\"project\":$home}}" | tw --db "$store" 2>/dev/null)
check "Taskwarrior's project:Home is a project holding its task" "Home: Read the book" \
  "$("$jq" -rs 'map(select(.id == 1))[0].result.groups[0] | "\(.title): \([.tasks[].title] | join("|"))"' <<<"$in_home")"
check "the completed task keeps its completion" "true" "$(view '.tasks[] | select(.title == "Old thing") | .completed')"

# --- back to a fresh Taskwarrior --------------------------------------------------------------
tw export --db "$store" --format taskwarrior --output "$work/back.json" 2>/dev/null
second="$work/second"
twarrior "$second" import "$work/back.json" >/dev/null 2>&1
twarrior "$second" list >/dev/null 2>&1 || true
pending() { # DIR: the pending tasks' fields that must survive, sorted (taskwire's low priority
  # is Taskwarrior's L and none alike; the project comes back as the project)
  # (the waiting task comes back scheduled on its wait day, so it is left out here)
  twarrior "$1" export | "$jq" -c '[.[] | select(.status == "pending" and .description != "Renew passport"
    and .description != "Learn the cello")
    | {description, priority: (if .priority == "L" then null else .priority end), tags: ((.tags // []) | sort), project, scheduled, due,
       annotations: [(.annotations // [])[].description], recur}] | sort_by(.description)'
}
check "the same pending tasks in the new Taskwarrior" "$(pending "$first")" "$(pending "$second")"
check "Someday goes back as wait:someday" "99991230T000000Z" \
  "$(twarrior "$second" export | "$jq" -r '.[] | select(.description == "Learn the cello") | .wait')"

# Exported from taskwire, imported back: known by the uuids, nothing added.
back=$(tw import --db "$store" --json "$work/back.json")
check "re-importing taskwire's own Taskwarrior export updates nothing" "0" "$("$jq" -r '.created' <<<"$back")"

# --- malformed files change nothing -------------------------------------------------------------
fingerprint() { # the store's files as they are on disk
  local file
  for file in "$store" "$store-wal"; do
    if [[ -f $file ]]; then sha256sum <"$file" | cut -c1-16; fi
  done
}
before=$(fingerprint)
printf '[{"uuid":"x","description":"fine"},{"uuid":"y","description":"bad","due":"friday"}]' >"$work/bad-date.json"
printf '[{"uuid":"x","description":"fine"},{"uuid":"y","description":"bad","tags":5}]' >"$work/bad-type.json"
printf '[{"uuid":"x","description":"cut off' >"$work/bad-json.json"
printf '{"format":"taskwire","version":9,"tasks":[]}' >"$work/too-new.json"
for bad in bad-date bad-type bad-json too-new; do
  if message=$(tw import --db "$store" "$work/$bad.json" 2>&1); then
    check "$bad is refused" "exit 1" "exit 0"
  else
    check "$bad is refused, saying why" "taskwire: nothing was imported:" "${message:0:31}"
  fi
done
check "the record and the reason are named" \
  "taskwire: nothing was imported: record 1: due is not a Taskwarrior date (like 20261124T153000Z): friday" \
  "$(tw import --db "$store" "$work/bad-date.json" 2>&1 || true)"
check "a wrong JSON type is named" "taskwire: nothing was imported: record 1: tags" \
  "$(tw import --db "$store" "$work/bad-type.json" 2>&1 | cut -c1-46 || true)"
check "the store is byte for byte unchanged" "$before" "$(fingerprint)"

# --- a backup while another process writes 1,000 tasks --------------------------------------------
# The writer is paced (50 tasks, then a pause) so that it is still writing when the backup has
# been taken: the copy must hold at least the writes answered before it started, at most those
# answered after it ended, and fewer than all 1,000.
live="$work/live.sqlite"
{
  echo '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clientInfo":{"name":"writer"}}}'
  for i in $(seq 1 1000); do
    printf '{"jsonrpc":"2.0","id":%d,"method":"task/create","params":{"title":"write %d"}}\n' "$i" "$i"
    ((i % 50)) || sleep 0.1
  done
} | "$TASKWIRE" --db "$live" >"$work/writer.out" 2>/dev/null &
writer=$!
answered() { echo $(($(wc -l <"$work/writer.out") - 1)); }
for _ in $(seq 1 500); do
  (($(answered) >= 100)) && break
  sleep 0.01
done
before_backup=$(answered)
tw backup --db "$live" "$work/backup.sqlite" 2>/dev/null
after_backup=$(answered)
wait "$writer"
integrity=$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute("PRAGMA integrity_check").fetchone()[0], db.execute("SELECT count(*) FROM tasks").fetchone()[0])' "$work/backup.sqlite")
check "the backup passes integrity_check" "ok" "${integrity%% *}"
count=${integrity##* }
check "the backup holds the writes answered before it ($before_backup) up to those after it ($after_backup)" "yes" \
  "$([[ $count -ge $before_backup && $count -le $after_backup ]] && echo yes)"
check "the backup was taken while the writer was still writing" "yes" "$([[ $after_backup -lt 1000 ]] && echo yes)"
echo "   (the backup caught $count of the 1,000 writes)"
check "the live store has all 1,000" "1000" "$(tw export --db "$live" | "$jq" '.tasks | length')"
if tw backup --db "$live" "$work/backup.sqlite" 2>/dev/null; then
  check "backup refuses to overwrite" "refused" "overwrote"
else
  check "backup refuses to overwrite" "refused" "refused"
fi

echo "exchange: $passed passed, $failed failed"
[[ $failed == 0 ]]
