# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# The tests of several ids in one command (tw done 8 9 12, tw rm 3-5: one task/batch, one undo
# step, all or nothing), sourced by run.sh.

# steps: how many undo steps the store has (the last 1,000).
steps() { tw --json log 1000 | jq '.steps | length'; }
# five_today: tasks A to E in Today (ids 1 to 5).
five_today() {
  local t
  for t in A B C D E; do tw add "$t" --today >/dev/null; done
}

test_done_several() {
  five_today
  local before
  before=$(steps)
  expect_eq "ids and a range" "$(tw "done" 1 3-4)" "Completed 1: [x] A
Completed 3: [x] C
Completed 4: [x] D"
  expect_eq "left in Today" "$(ids today)" "2 5"
  expect_eq "one step" "$(steps)" "$((before + 1))"
  expect_eq "one undo brings all back" "$(tw undo)" "Undid: Complete 'A'; Complete 'C'; Complete 'D'"
  expect_eq "all back" "$(ids today)" "1 2 3 4 5"
  expect_eq "and one redo" "$(tw redo)" "Redid: Complete 'A'; Complete 'C'; Complete 'D'"
  expect_eq "undone, mixed" "$(tw undone 4 1 3-3)" "Reopened 4 in Today: [ ] D
Reopened 1 in Today: [ ] A
Reopened 3 in Today: [ ] C"
  expect_eq "each id once" "$(tw "done" 2 1-2 2)" "Completed 2: [x] B
Completed 1: [x] A"
  expect_eq "--json: the batch's label and results" "$(tw --json "done" 3 4 | jq -c '[.label, [.results[].task.id]]')" \
    "[\"Complete 'C'; Complete 'D'\",[3,4]]"
  expect_eq "one id: one request, as before" "$(tw --json "done" 5 | jq -c '[.task.id, has("label")]')" '[5,false]'
  tw add F --today >/dev/null
  expect_eq "more than three: the label counts the rest" "$(tw undone 1-5 >/dev/null; tw "done" 1-5 >/dev/null; tw undo)" \
    "Undid: Complete 'A'; Complete 'B'; and 3 more"
  # A batch line with several ids.
  expect_eq "in a batch" "$(printf '%s\n' 'done 1 2' 'undone 1-2' | tw batch)" "Completed 1: [x] A
Completed 2: [x] B
Reopened 1 in Today: [ ] A
Reopened 2 in Today: [ ] B"
}

test_several_failing() {
  five_today
  tw "done" 5 >/dev/null
  local before
  before=$(steps)
  run "done" 1 42 2
  expect_error -32010 "an unknown id in the middle"
  expect_eq "it says which" "$ERR" "tw: Task 42 not found"
  expect_eq "nothing changed" "$(ids today)" "1 2 3 4"
  expect_eq "no step" "$(steps)" "$before"
  run sched 1 5 3 tomorrow
  expect_error -32011 "a completed task among them"
  expect_match "it says which" "$ERR" "^tw: Task 5 is completed"
  expect_eq "none scheduled" "$(ids today)" "1 2 3 4"
  run rm 2-4 9; expect_error -32010 "rm, one missing"
  expect_eq "none deleted" "$(ids today)" "1 2 3 4"
  # A parameter is named as the request alone would name it, not as the batch's.
  run sched 1 2 someday
  expect_rc 1 "a phrase the server cannot read"
  expect_match "named as alone" "$ERR" '^tw: date cannot read the date "someday"'
  expect_eq "still no step" "$(steps)" "$before"
}

test_rm_range() {
  five_today
  expect_eq "rm a range" "$(tw rm 2-4)" "Deleted 2: [ ] B
Deleted 3: [ ] C
Deleted 4: [ ] D"
  expect_eq "gone" "$(ids today)" "1 5"
  expect_eq "one undo" "$(tw undo)" "Undid: Delete 'B'; Delete 'C'; Delete 'D'"
  expect_eq "back, in place" "$(ids today)" "1 2 3 4 5"
}

test_sched_several() {
  five_today
  local d3
  d3=$(day 3)
  expect_eq "several to a phrase" "$(tw sched 1 3 4-5 'in 3 days')" "Scheduled 'A' for $(day_text "$d3")
  1  [ ] A
Scheduled 'C' for $(day_text "$d3")
  3  [ ] C
Scheduled 'D' for $(day_text "$d3")
  4  [ ] D
Scheduled 'E' for $(day_text "$d3")
  5  [ ] E"
  expect_eq "in that day, in order" "$(ids upcoming "$d3")" "1 3 4 5"
  expect_eq "to the Inbox" "$(tw sched 4-5 none)" "Sent 'D' to Inbox
  4  [ ] D
Sent 'E' to Inbox
  5  [ ] E"
  expect_eq "one undo" "$(tw undo)" "Undid: Send 'D' to Inbox; Send 'E' to Inbox"
  expect_match "and one more" "$(tw undo)" "^Undid: Schedule 'A' for [^;]+; Schedule 'C' for [^;]+; and 2 more$"
  expect_eq "back in Today" "$(ids today)" "1 2 3 4 5"
  expect_eq "mv several to a view" "$(tw mv 5 2 inbox)" "Sent 'E' to Inbox
  5  [ ] E
Sent 'B' to Inbox
  2  [ ] B"
  expect_eq "in the order given" "$(ids inbox)" "5 2"
  run mv 1 2 today 0; expect_rc 2 "several ids and an INDEX"
  expect_eq "edit several with fields" "$(tw edit 1 3 --priority high --tag x)" "Updated 1 in Today: [ ] A  !!!  #x
Updated 3 in Today: [ ] C  !!!  #x"
  expect_eq "--untag, each its own tags" "$(tw edit 3 1 --tag y --untag x)" "Updated 3 in Today: [ ] C  !!!  #y
Updated 1 in Today: [ ] A  !!!  #y"
  expect_eq "one step" "$(tw undo)" "Undid: Update 'C'; Update 'A'"
  run edit 1 3 New title; expect_rc 2 "title words for several"
  run edit 1 3; expect_rc 2 "several in the editor"
}

# Ranges that mean nothing are refused before any server sees the store.
test_id_ranges() {
  five_today
  counting_server
  local args
  for args in "5-3" "0" "0-2" "1-5000" "x" "1-600 601-1001" "2 -3"; do
    : >"$ROOT/starts"
    # shellcheck disable=SC2086 # (the words of args)
    TASKWIRE=$ROOT/taskwire run "done" $args
    expect_rc 2 "done $args"
    expect_eq "done $args: no server on the store" "$(grep -c -- --db "$ROOT/starts")" 0
  done
  run "done" 5-3
  expect_eq "a range backwards" "$ERR" "tw: done needs a task ID (a number), not '5-3'
tw: usage: tw done ID|FIRST-LAST...  (1 ≤ FIRST ≤ LAST, COUNT ≤ 1000)
Try 'tw help'."
  run rm 1-5000
  expect_eq "too many" "$(head -n 1 <<<"$ERR")" "tw: COUNT is a number from 1 to 1000, not '5000'"
  run "done" 1-600 601-1001
  expect_eq "too many in all" "$(head -n 1 <<<"$ERR")" "tw: COUNT is a number from 1 to 1000, not '1001'"
  expect_eq "1000 is fine (the unknown ones fail at the server)" "$(run rm 1-1000; echo "$RC $ERR")" "1 tw: Task 6 not found"
  expect_eq "nothing changed" "$(ids today)" "1 2 3 4 5"
  expect_eq "leading zeros" "$(tw "done" 001-02)" "Completed 1: [x] A
Completed 2: [x] B"
}

test_german_ids() {
  five_today
  local log=$ROOT/german.log
  : >"$log"
  de() { TASKWIRE_LOCALE=de_DE.UTF-8 "$TW" --db "$DB" "$@" >>"$log" 2>&1; }
  de "done" 1 2-3; de undo; de undone 1-2; de sched 1 2 morgen; de sched 1-2 none
  de mv 1 2 today; de mv 1-2 "in 3 tagen"; de edit 1 2 --priority high; de rm 4-5; de undo
  de "done" 1 42; de rm 5-3; de "done" 0; de rm 1-5000; de mv 1 2 today 0; de edit 1 2 Titel
  expect_match "German" "$(cat "$log")" "'A' für .* geplant"
  local found
  found=$(grep -noEw "$ENGLISH" "$log")
  [[ -z $found ]] || fail "English words in a German session: $(tr '\n' ' ' <<<"$found")"$'\n'"$(cat "$log")"
}
