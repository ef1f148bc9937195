#!/usr/bin/env bash
# Tests of the shell client: real bash runs the real `tw` against the real taskwire binary over
# pipes, each test on a fresh store. The tests are in core.sh, more.sh, options.sh, resident.sh
# hardening.sh, install.sh, completion.sh, editor.sh, locale.sh, ids.sh, projects.sh, someday.sh,
# evening.sh and reminders.sh beside this file.
# Usage: TASKWIRE=/path/to/taskwire [TW_RESIDENT=0] [TW_TEST_CLOCK=TIME] bash clients/shell/test/run.sh [TEST...]
# (TW_RESIDENT=0: every command on a server of its own; by default they reach the resident one.
# TW_TEST_CLOCK: the instant every server's clock is fixed at; by default, when the run starts.)
set -uo pipefail
export LC_ALL=C
unset TASKWIRE_DB NO_COLOR TW_JQ

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TW="$here/../tw"
: "${TASKWIRE:?set TASKWIRE to the taskwire binary}"
[[ -x $TASKWIRE ]] || { echo "TASKWIRE=$TASKWIRE is not executable" >&2; exit 1; }
export TASKWIRE

ROOT=$(mktemp -d)
# Every resident server a test started (for any store under ROOT) goes with the folder.
stop_residents() {
  local file pid
  while IFS= read -r file; do
    read -r _ _ _ pid _ 2>/dev/null <"$file" || continue
    [[ $pid =~ ^[1-9][0-9]*$ ]] && grep -q -- --resident "/proc/$pid/cmdline" 2>/dev/null && kill "$pid" 2>/dev/null
  done < <(find "$ROOT" -name '*.server' -type f 2>/dev/null)
}
trap 'stop_residents; rm -rf "$ROOT"' EXIT
passed=0 failed=0 skipped=0 problems=0
DB='' OUT='' ERR='' RC=0 LAST=()

# One instant for the whole run, and every taskwire the tests start has its clock fixed at it
# (TASKWIRE becomes a wrapper that adds --clock; the binary itself stays in TASKWIRE_BINARY for
# the tests that need it): TODAY and the servers agree even when a run crosses midnight.
# TW_TEST_CLOCK=2026-03-14T23:59:50Z picks the instant (default: now).
NOW=$(date -d "${TW_TEST_CLOCK:-now}" +%s) || { echo "TW_TEST_CLOCK=$TW_TEST_CLOCK is not a time" >&2; exit 1; }
TASKWIRE_BINARY=$TASKWIRE
mkdir "$ROOT/clock"
{
  echo '#!/usr/bin/env bash'
  printf 'bin=%q clock=%q\n' "$TASKWIRE_BINARY" "$(date -u -d "@$NOW" +%FT%TZ)"
  cat <<'EOF'
case ${1-} in
  replay) exec "$bin" "$@" ;;
  export | import | backup | sync) exec "$bin" "$1" --clock "$clock" "${@:2}" ;;
  *) exec "$bin" --clock "$clock" "$@" ;;
esac
EOF
} >"$ROOT/clock/taskwire"
chmod +x "$ROOT/clock/taskwire"
TASKWIRE=$ROOT/clock/taskwire
TODAY=$(date -d "@$NOW" +%F)
# day N: the date N days after TODAY (N < 0: before).
day() { date -d "$TODAY $1 days" +%F; }
# A day as tw names it: "Tomorrow · Wed, Nov 25", "Fri, Nov 27", "Jan 4, 2027 · Mon" (and on
# Dec 31, "Tomorrow · Jan 1, 2027 · Fri").
day_name() {
  local d=$1
  if [[ $d == "$TODAY" ]]; then date -d "$d" '+Today · %a, %b %-d'
  elif [[ $d == "$(day 1)" && ${d:0:4} == "${TODAY:0:4}" ]]; then date -d "$d" '+Tomorrow · %a, %b %-d'
  elif [[ $d == "$(day 1)" ]]; then date -d "$d" '+Tomorrow · %b %-d, %Y · %a'
  elif [[ ${d:0:4} == "${TODAY:0:4}" ]]; then date -d "$d" '+%a, %b %-d'
  else date -d "$d" '+%b %-d, %Y · %a'; fi
}
# A due date as a task line shows it: "due Fri, Nov 27", "due Jan 4, 2027".
due_text() {
  if [[ ${1:0:4} == "${TODAY:0:4}" ]]; then date -d "$1" '+due %a, %b %-d'; else date -d "$1" '+due %b %-d, %Y'; fi
}

# day_text DATE: a day as the server writes it in a sentence: "Fri, Nov 27", "Jan 4, 2027".
day_text() {
  if [[ ${1:0:4} == "${TODAY:0:4}" ]]; then date -d "$1" '+%a, %b %-d'; else date -d "$1" '+%b %-d, %Y'; fi
}
# added ID PLACE TASK: what tw add prints: where the task went, in the server's words (PLACE:
# inbox, today or a date), then the task as tw ls shows it (TASK: "[ ] Call mom  !!").
added() {
  local title=${3#\[?\] }
  title=${title%%  *}
  case $2 in
    inbox) printf "Added '%s' to Inbox" "$title" ;;
    today) printf "Added '%s' to Today" "$title" ;;
    *) printf "Added '%s' to Upcoming: %s" "$title" "$(day_text "$2")" ;;
  esac
  printf '\n  %s  %s' "$1" "$3"
}
# nth N: the day of a month as English writes it: 1st, 2nd, 3rd, 11th, 22nd.
nth() {
  local n=$((10#$1)) suffix=th
  if ((n % 100 < 11 || n % 100 > 13)); then
    case $((n % 10)) in 1) suffix=st ;; 2) suffix=nd ;; 3) suffix=rd ;; esac
  fi
  printf '%d%s' "$n" "$suffix"
}

# run ARGS...: runs tw on the test's store; sets OUT, ERR and RC.
run() {
  LAST=("$@")
  "$TW" --db "$DB" "$@" >"$ROOT/out" 2>"$ROOT/err"
  RC=$?
  OUT=$(cat "$ROOT/out") ERR=$(cat "$ROOT/err")
}
# tw ARGS...: runs tw on the test's store and prints its stdout; a failure is a problem.
tw() { run "$@"; ((RC == 0)) || fail "tw $* exited $RC: $ERR"; printf '%s\n' "$OUT"; }
# ids VIEW [GROUP-KEY]: the ids of a view's list (or of one Upcoming group), space-separated.
ids() {
  tw --json ls "$1" | jq -r --arg g "${2:-}" \
    '[.groups[] | select($g == "" or .key == $g) | .tasks[].id] | map(tostring) | join(" ")'
}

fail() { printf '    %s\n' "$*" >&2; problems=$((problems + 1)); }
expect_eq() { [[ $2 == "$3" ]] || fail "$1: expected [$3], got [$2]"; }
expect_match() { [[ $2 =~ $3 ]] || fail "$1: [$2] does not match /$3/"; }
expect_rc() { ((RC == $1)) || fail "$2: expected exit $1, got $RC (stderr: $ERR)"; }
# expect_error CODE DESC: the last run failed with exit 1 and one stderr line, a message for
# people (no JSON-RPC code or prefix); run again with --json, the line ends with the code.
expect_error() {
  expect_rc 1 "$2"
  expect_eq "$2: stderr lines" "$(printf '%s\n' "$ERR" | wc -l)" 1
  expect_match "$2: stderr" "$ERR" "^tw: [^(]+"
  [[ $ERR == *"(-3"* || $ERR == *"Invalid params"* ]] && fail "$2: a raw message: $ERR"
  expect_eq "$2: stdout" "$OUT" ""
  local human=$ERR
  run --json "${LAST[@]}"
  expect_match "$2: --json stderr" "$ERR" "^tw: .+ \\($1\\)$"
  ERR=$human
}

run_test() {
  local name=$1
  DB="$(mktemp -d "$ROOT/store.XXXXXX")/tasks.sqlite"
  TW_RESIDENT=0 "$TW" --db "$DB" --create tags >/dev/null 2>&1
  local log
  # Every failed check prints a line, so a test passes when it prints nothing.
  log=$("test_$name" 2>&1)
  if [[ $log == skipped:* ]]; then
    echo "skip  $name ($log)"; skipped=$((skipped + 1))
  elif [[ -n $log ]]; then
    echo "FAIL  $name"; printf '%s\n' "$log"; failed=$((failed + 1))
  else
    echo "ok    $name"; passed=$((passed + 1))
  fi
  # The test's store goes with its resident server (if one started).
  TW_RESIDENT=1 "$TW" --db "$DB" server stop >/dev/null 2>&1
}

# shellcheck source=core.sh
. "$here/core.sh"
# shellcheck source=more.sh
. "$here/more.sh"
# shellcheck source=options.sh
. "$here/options.sh"
# shellcheck source=resident.sh
. "$here/resident.sh"
# shellcheck source=hardening.sh
. "$here/hardening.sh"
# shellcheck source=install.sh
. "$here/install.sh"
# shellcheck source=completion.sh
. "$here/completion.sh"
# shellcheck source=editor.sh
. "$here/editor.sh"
# shellcheck source=locale.sh
. "$here/locale.sh"
# shellcheck source=ids.sh
. "$here/ids.sh"
# shellcheck source=projects.sh
. "$here/projects.sh"
# shellcheck source=someday.sh
. "$here/someday.sh"
# shellcheck source=evening.sh
. "$here/evening.sh"
# shellcheck source=reminders.sh
. "$here/reminders.sh"

tests=(help add_dates add_options ls mv_reorder mv_across sched "done" undo_redo rpc errors
  store_selection postgres_url watch times
  display quick_add edit rm_undone views filters find history tags batch_add batch
  no_jq missing_store error_messages color speed_batch symlink
  repeat_markers ls_filter_options ls_sort_options find_options one_jq_start watch_with_jq
  resident_serves resident_handshake resident_cut_off resident_stale resident_rebuilt resident_stop
  resident_linked_file resident_on_a_replica resident_syncs_a_replica secret_not_in_argv reader_gone
  install man completion_bash completion_resident completion_zsh completion_fish show edit_editor edit_times tags_in_words
  fixture german done_several several_failing rm_range sched_several id_ranges german_ids
  projects projects_rm projects_names german_projects
  someday cancel convert project_filters german_someday evening evening_watch german_evening
  reminders remind german_reminders)
(($#)) && tests=("$@") # run.sh [TEST...] runs only those
for name in "${tests[@]}"; do
  run_test "$name"
done
echo "shell client: $passed passed, $failed failed, $skipped skipped"
((failed == 0))
