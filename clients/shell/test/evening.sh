# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# Today's This Evening (a second group of Today while it holds tasks), sourced by run.sh: quick
# add's tonight, tw mv ID evening and back, tw watch following a task between the two groups,
# and the German header.

# evening_name: This Evening's header without its total, as the server words it in English.
evening_name() { date -d "$TODAY" '+This Evening · %a, %b %-d'; }

test_evening() {
  local T E
  T=$(day_name "$TODAY") E=$(evening_name)
  tw add Buy milk --today >/dev/null
  expect_eq "quick add tonight" "$(tw add Cook dinner tonight)" "Added 'Cook dinner' to This Evening"$'\n''  2  [ ] Cook dinner'
  expect_eq "ls: both groups" "$(tw ls)" "$T · 15m"$'\n''  1  [ ] Buy milk'$'\n'"$E · 15m"$'\n''  2  [ ] Cook dinner'
  expect_eq "the evening flag" "$(tw --json ls today | jq -c '[.groups[] | [.key, [.tasks[] | .evening]]]')" \
    '[["today",[null]],["evening",[true]]]'
  expect_eq "mv evening" "$(tw mv 1 evening 0)" "Moved 'Buy milk' to This Evening"$'\n''  1  [ ] Buy milk'
  expect_eq "moved in" "$(ids today evening)" "1 2"
  expect_eq "show names the evening" "$(tw show 1 | grep -E '^  List')" "  List       This Evening, position 0"
  expect_eq "Today's own list is empty" "$(tw ls)" "$T"$'\n''  (empty)'$'\n'"$E · 30m"$'\n''  1  [ ] Buy milk'$'\n''  2  [ ] Cook dinner'
  expect_eq "--json names the group" "$(tw --json mv 2 evening 0 | jq -c '[.group, .index, .task.evening]')" '["evening",0,true]'
  expect_eq "mv today: out of the evening" "$(tw mv 2 today)" "Moved 'Cook dinner' to Today"$'\n''  2  [ ] Cook dinner'
  expect_eq "no evening flag" "$(tw --json show 2 | jq -sc "map(.task.evening // empty)")" "[]"
  tw mv 1 today 0 >/dev/null
  expect_eq "the evening group goes with its last task" "$(tw ls)" "$T · 30m"$'\n''  1  [ ] Buy milk'$'\n''  2  [ ] Cook dinner'
  tw mv 1-2 evening >/dev/null
  expect_eq "several, in the order given" "$(ids today evening)" "1 2"
  run mv 1 evening 2; expect_error -32602 "an index past the evening's end"
  tw sched 2 tomorrow >/dev/null
  expect_eq "a new date ends the evening" "$(tw --json ls upcoming | jq -c '[.groups[].tasks[] | [.id, .evening]]')" '[[2,null]]'
  tw undo >/dev/null
  expect_eq "undo brings it back" "$(ids today evening)" "1 2"
}

# tw watch today follows a task into This Evening (the group appears) and back (it goes).
test_evening_watch() {
  tw add Buy milk --today >/dev/null; tw add Pay rent --today >/dev/null
  local log="$ROOT/watch.out" pid T E
  T=$(day_name "$TODAY") E=$(evening_name)
  "$TW" --db "$DB" watch today >"$log" 2>"$ROOT/watch.err" &
  pid=$!
  wait_for "$log" '^  2  \[ \] Pay rent$' || fail "no snapshot: $(cat "$log" "$ROOT/watch.err")"
  tw mv 2 evening >/dev/null
  wait_for "$log" "^> $E, position 0 \\(was $T, position 1\\): 2  \\[ \\] Pay rent$" || fail "no move into the evening"
  tw add Cook dinner tonight >/dev/null
  wait_for "$log" "^\\+ $E, position 1: 3  \\[ \\] Cook dinner$" || fail "no insert into the evening"
  tw mv 2 today 0 >/dev/null
  wait_for "$log" "^> $T, position 0 \\(was $E, position 0\\): 2  \\[ \\] Pay rent$" || fail "no move out of the evening"
  tw mv 3 today >/dev/null
  wait_for "$log" "^> $T, position 2 \\(was $E, position 0\\): 3  \\[ \\] Cook dinner$" || fail "no move of the last one"
  kill -TERM "$pid"; wait "$pid"
  [[ -s $ROOT/watch.err ]] && fail "stderr: $(cat "$ROOT/watch.err")"
  expect_eq "Today as ls shows it" "$(tw ls)" "$T · 45m"$'\n''  2  [ ] Pay rent'$'\n''  1  [ ] Buy milk'$'\n''  3  [ ] Cook dinner'
  [[ $problems == 0 ]] || fail "watch printed: $(cat "$log")"
}

test_german_evening() {
  TASKWIRE_LOCALE=de_DE.UTF-8 run add Essen kochen heute Abend
  expect_eq "German quick add" "$OUT" "'Essen kochen' zu Heute Abend hinzugefügt"$'\n''  1  [ ] Essen kochen'
  TASKWIRE_LOCALE=de_DE.UTF-8 run add Brot holen heute
  TASKWIRE_LOCALE=de_DE.UTF-8 run ls
  expect_match "German header" "$OUT" "^Heute · [^"$'\n'"]+"$'\n''  2  \[ \] Brot holen'$'\n''Heute Abend · [^'$'\n'']+ · 15 Min\.'$'\n''  1  \[ \] Essen kochen$'
  TASKWIRE_LOCALE=de_DE.UTF-8 run mv 2 evening
  expect_match "German message" "$OUT" "^'Brot holen' .*Heute Abend"
  [[ $OUT$ERR == *Evening* ]] && fail "English in German: $OUT$ERR"
}
