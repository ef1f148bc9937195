# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# Reminders (issue 30), sourced by run.sh: tw remind sets them, tw reminders is a long-running
# process that prints each one as it falls due (its own server, at the run's fixed clock, is
# the one reminders client on the store: it fires what is due when it starts and when another
# process's commit makes one due, with alert), --notify hands those to notify-send, tw snooze
# and tw dismiss clear them there.

# reminders_start [ARGS...]: tw reminders ARGS in the background (REM_PID), its lines in
# $ROOT/rem.out, a notify-send that records each call's arguments ("a|b|" a line, in
# $ROOT/notified) first on its PATH; an EXIT trap of the test's subshell ends it.
reminders_start() {
  local bin
  bin=$(mktemp -d "$ROOT/bin.XXXXXX")
  printf '#!/usr/bin/env bash\nprintf "%%s|" "$@" >>%q\necho >>%q\n' "$ROOT/notified" "$ROOT/notified" >"$bin/notify-send"
  chmod +x "$bin/notify-send"
  : >"$ROOT/notified"
  PATH="$bin:$PATH" "$TW" --db "$DB" reminders "$@" >"$ROOT/rem.out" 2>"$ROOT/rem.err" &
  REM_PID=$!
  trap 'kill "$REM_PID" 2>/dev/null' EXIT
}

# reminders_stop: Ctrl-C's signal; it ends at once, with status 0 and nothing on stderr.
reminders_stop() {
  kill -TERM "$REM_PID"
  wait "$REM_PID"
  local rc=$?
  trap - EXIT
  ((rc == 0)) || fail "tw reminders exited $rc"
  [[ -s $ROOT/rem.err ]] && fail "tw reminders' stderr: $(cat "$ROOT/rem.err")"
  [[ $problems == 0 ]] || fail "tw reminders printed: $(cat "$ROOT/rem.out")"
}

test_reminders() {
  local log="$ROOT/rem.out" t1 at1 t2 at2 out
  # Due at the servers' clock (NOW, its minute): fired by the reminders process as it starts.
  t1=$(date -d "@$NOW" +%H:%M) at1="${TODAY}T$(date -d "@$NOW" +%H:%M)"
  tw add Call Anna remind "$t1" >/dev/null
  expect_eq "quick add's remind" "$(tw --json show 1 | head -1 | jq -c .task.reminders)" "[{\"at\":\"$at1\"}]"
  reminders_start --notify
  wait_for "$log" "^\\+ 1 $at1  Reminder · Today [0-9:]+ [AP]M: Call Anna\$" || fail "no line of the due reminder"
  # Two minutes ago, set by another process while it runs: it hears the commit, fires it.
  t2=$(date -d "@$((NOW - 120))" '+%F %H:%M') at2=$(date -d "@$((NOW - 120))" +%FT%H:%M)
  expect_eq "tw remind DATE TIME" "$(tw add Pay rent && tw remind 2 "$t2")" \
    "$(added 2 inbox '[ ] Pay rent')"$'\n'"Updated 2 in Inbox: [ ] Pay rent"
  wait_for "$log" "^\\+ 2 $at2  Missed reminder · .+: Pay rent\$" || fail "no line of the reminder set meanwhile"
  wait_for "$ROOT/notified" '^--\|Missed reminder\|Pay rent\|$' || fail "notify-send was not called for Pay rent"
  expect_eq "notify-send: title and text, as arguments" "$(cat "$ROOT/notified")" \
    "--|Reminder|Call Anna|"$'\n'"--|Missed reminder|Pay rent|"
  # Acted on from other processes: gone from its lines.
  expect_match "tw snooze" "$(tw snooze 1 "$at1" 10m)" "^Snoozed until [0-9:]+ [AP]M$"
  wait_for "$log" "^- 1 $at1  Call Anna\$" || fail "the snoozed one stayed"
  out=$(tw dismiss 2 "$at2")
  [[ $out == "Dismissed the reminder 2 $at2" || $out == "2 $at2 dismissed" ]] || fail "tw dismiss printed [$out]"
  wait_for "$log" "^- 2 $at2  Pay rent\$" || fail "the dismissed one stayed"
  tw add Water plants remind "$t1" >/dev/null
  wait_for "$log" "^\\+ 3 $at1  Reminder · .+: Water plants\$" || fail "no line of the third"
  tw "done" 3 >/dev/null
  wait_for "$log" "^- 3 $at1  Water plants\$" || fail "the completed one stayed"
  expect_eq "its lines" "$(grep -c '' "$log")" 6
  wait_for "$ROOT/notified" '^--\|Reminder\|Water plants\|$' || fail "notify-send was not called for the third"
  reminders_stop
  expect_eq "notify-send once each" "$(grep -c '' "$ROOT/notified")" 3
  # Snoozed (until later than the clock) and dismissed: a new session shows none.
  "$TW" --db "$DB" --json reminders >"$ROOT/out" 2>&1 &
  REM_PID=$!
  trap 'kill "$REM_PID" 2>/dev/null' EXIT
  sleep 1.5
  kill -TERM "$REM_PID"; wait "$REM_PID"
  trap - EXIT
  expect_eq "none showing" "$(cat "$ROOT/out")" ""
  expect_eq "the store keeps the reminders" "$(tw --json show 2 | head -1 | jq -c .task.reminders)" "[{\"at\":\"$at2\"}]"
}

test_remind() {
  local tomorrow
  tomorrow=$(day 1)
  tw add Call mom >/dev/null
  tw add Dentist tomorrow at 3pm >/dev/null
  reminders_of() { tw --json show "$1" | head -1 | jq -c '.task.reminders // []'; }
  expect_eq "tw remind ID TIME: today" "$(tw remind 1 9:00)" "Updated 1 in Inbox: [ ] Call mom"
  expect_eq "today's 9:00" "$(reminders_of 1)" "[{\"at\":\"${TODAY}T09:00\"}]"
  tw remind 2 8am 2026-12-24 17:30 -30m 2026-12-25T7:05pm -1h >/dev/null
  expect_eq "on the task's date, a day, before its time" "$(reminders_of 2)" \
    "[{\"at\":\"${tomorrow}T08:00\"},{\"at\":\"2026-12-24T17:30\"},{\"before\":30},{\"at\":\"2026-12-25T19:05\"},{\"before\":60}]"
  tw remind 2 none >/dev/null
  expect_eq "none" "$(reminders_of 2)" "[]"
  expect_eq "quick add: remind 9:00" "$(tw add Call Anna tomorrow remind 9:00 >/dev/null; reminders_of 3)" "[{\"at\":\"${tomorrow}T09:00\"}]"
  run remind 1 25:00
  expect_rc 2 "a wrong time"
  expect_eq "its message" "${ERR%%$'\n'*}" "tw: '25:00' is no reminder time: say 9:00, 5pm, 2026-11-27 9:00, -30m (before the task's time) or none"
  run remind 1; expect_rc 2 "no time"
  run snooze 1 "${TODAY}T09:00"; expect_rc 2 "snooze without FOR"
  run dismiss 1; expect_rc 2 "dismiss without AT"
  run remind x 9:00; expect_rc 2 "no id"
  run remind 1 -30m; expect_error -32602 "before the time of a task with none"
  run remind 42 9:00; expect_error -32010 "no such task"
  run dismiss 1 "${TODAY}T11:00"; expect_error -32602 "no such reminder"
  run snooze 1 "${TODAY}T09:00" soon; expect_error -32602 "no such snooze"
  # A batch: a time with its date, not one that needs the task read first; no live command.
  run batch <<<"remind 1 2026-12-01 9:00"
  expect_rc 0 "remind in a batch"
  expect_eq "set by the batch" "$(reminders_of 1)" '[{"at":"2026-12-01T09:00"}]'
  run batch <<<"remind 1 9:00"; expect_rc 2 "a time alone in a batch"
  run batch <<<"reminders"; expect_rc 2 "reminders in a batch"
  run reminders --loud; expect_rc 2 "an unknown option"
  # (A PATH of bash and the jq alone: no notify-send.)
  local bin t
  bin=$(mktemp -d "$ROOT/bin.XXXXXX")
  for t in bash gojq jq; do ! hash "$t" 2>/dev/null || ln -s "$(command -v "$t")" "$bin/$t"; done
  PATH=$bin "$TW" --db "$DB" reminders --notify >"$ROOT/out" 2>"$ROOT/err"
  RC=$? ERR=$(cat "$ROOT/err")
  expect_rc 1 "--notify without notify-send"
  expect_eq "says why" "$ERR" "tw: --notify needs notify-send (apt-get install libnotify-bin)"
}

# German: the server's words in the lines and in snooze's message.
test_german_reminders() {
  local t1 at1
  t1=$(date -d "@$NOW" +%H:%M) at1="${TODAY}T$t1"
  tw add Anna anrufen remind "$t1" >/dev/null
  TASKWIRE_LOCALE=de_DE.UTF-8 reminders_start
  wait_for "$ROOT/rem.out" "^\\+ 1 $at1  Erinnerung · Heute [0-9:]+: Anna anrufen\$" || fail "no German line"
  TASKWIRE_LOCALE=de_DE.UTF-8 run snooze 1 "$at1" 1 Stunde
  expect_rc 0 "German snooze"
  [[ $OUT == *Snoozed* || -z $OUT ]] && fail "English or nothing in German: $OUT"
  wait_for "$ROOT/rem.out" "^- 1 $at1  Anna anrufen\$" || fail "not cleared"
  reminders_stop
  [[ $(cat "$ROOT/rem.out") == *Reminder* ]] && fail "English in German"
}
