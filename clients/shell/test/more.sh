# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# The tests of the display convention and of the newer commands, sourced by run.sh.

test_display() {
  local d1 d3 d9
  d1=$(day 1) d3=$(day 3) d9=$(day 9)
  tw add Call mom --today --tag family --tag phone --priority 2 --urgent --type errand \
    --duration 30m --every weekly --due "$d3" >/dev/null
  tw add Deep --today --type deep --duration 1h30m --priority high --every 'daily!' >/dev/null
  tw add Late --on "$d9" --due "$d1" >/dev/null
  tw add Soon --today --due tomorrow >/dev/null
  expect_eq "today" "$(tw ls today)" "$(day_name "$TODAY") · 2h15m
  1  [ ] Call mom  !!  *  #family #phone  @errand  30m  ↻ weekly  $(due_text "$d3")
  2  [ ] Deep  !!!  @deep  1h30m  ↻ daily!
  4  [ ] Soon  due tomorrow"
  expect_eq "after due" "$(tw ls upcoming)" "$(day_name "$d9") · 15m
  3  [ ] Late  due tomorrow  after due"
  tw rpc task/update '{"id": 4, "dueDate": "2020-01-02"}' >/dev/null
  expect_match "overdue" "$(tw ls)" $'\n''  4  \[ \] Soon  due Jan 2, 2020  overdue  after due$'
  tw rpc task/update '{"id": 2, "recurrence": {"pattern": "daily", "interval": 3}}' >/dev/null
  expect_match "every 3 days" "$(tw ls)" '2  \[ \] Deep  !!!  @deep  1h30m  ↻ every 3 days'$'\n'
  # ("Sa, 9. Jan.", or in another year than today's "9. Jan. 2027 · Sa")
  local german="^[A-Z][a-z], $((10#${d9:8:2}))\. "
  [[ ${d9:0:4} == "${TODAY:0:4}" ]] || german="^$((10#${d9:8:2}))\. [^ ]+ ${d9:0:4} · [A-Z][a-z] "
  expect_match "German weekdays" "$(TASKWIRE_LOCALE=de_DE.UTF-8 tw ls upcoming)" "$german"
}

test_quick_add() {
  local d1
  d1=$(day 1)
  expect_eq "quick add" "$(tw add Call mom '#family' '!!' tomorrow 30m)" \
    "$(added 1 "$d1" "[ ] Call mom  !!  #family  30m")"
  expect_eq "a flag beside it wins" "$(tw add Pay rent '!!!' --priority low --today)" \
    "$(added 2 today "[ ] Pay rent")"
  expect_eq "quoted words stay" "$(tw add '"#1"' fan mug)" "$(added 3 inbox '[ ] "#1" fan mug')"
  expect_eq "the last flag wins" "$(tw --json add Twice --priority 1 --priority 3 --notes a --notes b | jq -c '.task | [.priority, .notes]')" '[3,"b"]'
  run add '!!' tomorrow; expect_error -32602 "only tokens"
}

test_edit() {
  tw add Call mom --tag family --tag phone >/dev/null
  expect_eq "fields" "$(tw edit 1 --priority medium --urgent --duration 45 --type meeting --due tomorrow --every monthly --notes 'ask about Sunday')" \
    "Updated 1 in Inbox: [ ] Call mom  !!  *  #family #phone  @meeting  45m  ↻ monthly on the $(nth "${TODAY:8:2}")  ✎  due tomorrow"
  expect_eq "notes" "$(tw --json rpc task/get '{"id":1}' | jq -r .task.notes)" "ask about Sunday"
  expect_eq "tags" "$(tw edit 1 --untag family --tag work --tag phone)" \
    "Updated 1 in Inbox: [ ] Call mom  !!  *  #phone #work  @meeting  45m  ↻ monthly on the $(nth "${TODAY:8:2}")  ✎  due tomorrow"
  expect_eq "none clears" "$(tw edit 1 --not-urgent --due none --every none --notes none --priority 1 --type maintenance --duration 15)" \
    "Updated 1 in Inbox: [ ] Call mom  #phone #work"
  expect_eq "a new title, read like quick add" "$(tw edit 1 Call dad '!!!')" "Updated 1 in Inbox: [ ] Call dad  !!!  #phone #work"
  expect_eq "--date" "$(tw edit 1 --date today)" "Updated 1 in Today: [ ] Call dad  !!!  #phone #work"
  expect_eq "one step each" "$(tw undo)" "Undid: Update 'Call dad'"
  EDITOR=true run edit 1; expect_eq "nothing changed in the editor" "$OUT" "No change: task 1 not updated"
  run edit x --urgent; expect_rc 2 "an ID that is not a number"
  run edit 1 --priority urgent; expect_rc 2 "a priority that is not one"
  run edit 9 --urgent; expect_error -32010 "an unknown task"
  run edit 9 --tag x; expect_error -32010 "an unknown task, with --tag"
}

test_rm_undone() {
  tw add One --today >/dev/null; tw add Two --today >/dev/null
  expect_eq "rm" "$(tw rm 1)" "Deleted 1: [ ] One"
  expect_eq "gone" "$(ids today)" "2"
  run rm 1; expect_error -32010 "rm of a deleted task"
  tw "done" 2 >/dev/null
  expect_eq "undone" "$(tw undone 2)" "Reopened 2 in Today: [ ] Two"
  expect_eq "back" "$(ids today)" "2"
  expect_eq "undo rm" "$(tw undo; tw undo; tw undo)" "Undid: Reopen 'Two'
Undid: Complete 'Two'
Undid: Delete 'One'"
  expect_eq "restored" "$(ids today)" "1 2"
}

test_views() {
  tw add Both --today --priority 3 --urgent >/dev/null
  tw add Plain --tomorrow >/dev/null
  tw add Idea >/dev/null
  expect_eq "matrix" "$(tw ls matrix)" "Urgent & important · 15m
  1  [ ] Both  !!!  *
Important
  (empty)
Urgent
  (empty)
Neither · 30m
  2  [ ] Plain
  3  [ ] Idea"
  expect_eq "all" "$(tw ls all)" "All · 45m
  1  [ ] Both  !!!  *
  2  [ ] Plain
  3  [ ] Idea"
  tw "done" 1 >/dev/null
  expect_eq "logbook" "$(tw ls logbook)" "$(day_name "$TODAY") · 15m
  1  [x] Both  !!!  *  done $(date -d "$TODAY" '+%a, %b %-d')"
}

test_filters() {
  tw add Milk --today --tag shop --priority 2 >/dev/null
  tw add Report --today --tag work --priority 3 --duration 2h --type deep >/dev/null
  tw add Bread --today --tag Shop --duration 5 >/dev/null
  local h
  h=$(day_name "$TODAY")
  expect_eq "--tag" "$(tw ls --tag shop)" "$h · 20m
  1  [ ] Milk  !!  #shop
  3  [ ] Bread  #Shop  5m"
  expect_eq "--priority" "$(tw ls today --priority 2 --priority high)" "$h · 2h15m
  1  [ ] Milk  !!  #shop
  2  [ ] Report  !!!  #work  @deep  2h"
  expect_eq "--type" "$(tw ls --type deep)" "$h · 2h"$'\n'"  2  [ ] Report  !!!  #work  @deep  2h"
  expect_eq "--sort priority" "$(ids today; tw --json ls --sort priority | jq -r '[.groups[].tasks[].id] | map(tostring) | join(" ")')" "1 2 3
2 1 3"
  expect_eq "--sort duration" "$(tw --json ls --sort duration | jq -c '[.groups[].tasks[].id]')" "[3,1,2]"
  expect_eq "nothing matches" "$(tw ls upcoming --tag none)" "Upcoming"$'\n'"  (empty)"
  run ls --sort random; expect_rc 2 "an unknown sort"
  run ls --priority; expect_rc 2 "a filter without its value"
}

test_find() {
  tw add Buy milk --today >/dev/null; tw add Milkshake recipe --tomorrow >/dev/null; tw add Other >/dev/null
  tw edit 3 --notes "MILK the cow" >/dev/null
  expect_eq "find" "$(tw find milk)" "All · 45m
  1  [ ] Buy milk
  2  [ ] Milkshake recipe
  3  [ ] Other  ✎"
  expect_eq "words and a filter" "$(tw find buy milk --priority 1)" "All · 15m"$'\n'"  1  [ ] Buy milk"
  run find; expect_rc 2 "find without a text"
}

test_history() {
  tw add Buy milk >/dev/null; tw mv 1 today >/dev/null; tw undo >/dev/null
  run log
  expect_rc 0 "log"
  expect_match "newest first" "$OUT" "^ +2  [0-9-]+ [0-9:]+  Move 'Buy milk' to Today  \(tw\)  \[undone\]"$'\n'" +1  .*Create 'Buy milk'  \(tw\)$"
  expect_eq "a count" "$(tw history 1 | wc -l)" "1"
  run log 0; expect_rc 2 "a count of 0"
}

test_tags() {
  expect_eq "none" "$(tw tags)" "(no tags)"
  tw add A '#home' '#shop' >/dev/null; tw add B --tag shop >/dev/null; tw add C --tag work >/dev/null
  tw "done" 3 >/dev/null
  expect_eq "counts" "$(tw tags)" "1  #home
2  #shop"
}

test_batch_add() {
  expect_eq "add -" "$(printf '%s\n' 'Call mom #family !! tomorrow' '' 'Buy milk today' 'Pay rent' | tw add -)" \
    "$(added 1 "$(day 1)" "[ ] Call mom  !!  #family")
$(added 2 today "[ ] Buy milk")
$(added 3 inbox "[ ] Pay rent")"
  run add - < <(printf '%s\n' 'Fine' '!!' 'Also fine')
  expect_rc 1 "a bad line"
  expect_match "its message names the line" "$ERR" "^tw: line 2: "
  expect_eq "the others are added" "$(ids inbox)" "3 4 5"
}

test_batch() {
  expect_eq "batch" "$(printf '%s\n' 'add "Buy milk" --today' '# a comment' 'add Call "the bank" --tag money' \
    'mv 2 today 0' 'done 1' 'ls' | tw batch)" "$(added 1 today "[ ] Buy milk")
$(added 2 inbox "[ ] Call the bank  #money")
Moved 'Call the bank' to Today
  2  [ ] Call the bank  #money
Completed 1: [x] Buy milk
$(day_name "$TODAY") · 15m
  2  [ ] Call the bank  #money"
  run - < <(printf '%s\n' 'add X' 'frobnicate')
  expect_rc 2 "an unknown command"
  expect_match "its line" "$ERR" "^tw: line 2: unknown command"
  expect_eq "nothing ran" "$(ids inbox)" ""
  run - <<<'add "unbalanced'; expect_rc 2 "an unbalanced quote"
}

test_no_jq() {
  local bin="$ROOT/nojq" t
  mkdir -p "$bin"
  for t in bash env readlink dirname mktemp rm cat; do ln -sf "$(command -v "$t")" "$bin/$t"; done
  PATH=$bin "$TW" --db "$DB" ls >"$ROOT/out" 2>"$ROOT/err"; RC=$?; ERR=$(cat "$ROOT/err")
  expect_rc 1 "without jq"
  expect_eq "one line" "$ERR" "tw: tw needs jq: install gojq (apt-get install gojq) or jq (apt-get install jq)"
  expect_eq "with jq 1.6 too" "$(TW_JQ=$(command -v jq) tw add X)" "$(added 1 inbox "[ ] X")"
}

test_missing_store() {
  local typo="$ROOT/typo/tasks.sqlite"
  "$TW" --db "$typo" ls >"$ROOT/out" 2>"$ROOT/err"; RC=$?; ERR=$(cat "$ROOT/err")
  expect_rc 1 "a store that does not exist"
  expect_match "its message" "$ERR" "^tw: no store at $typo .*--create"
  [[ -e $typo ]] && fail "the store was made"
  "$TW" --db "$typo" --create add New >"$ROOT/out" 2>"$ROOT/err" || fail "--create failed"
  expect_eq "--create says so" "$(cat "$ROOT/err")" "taskwire: created a new, empty store at $typo"
  expect_eq "and adds" "$(cat "$ROOT/out")" "$(added 1 inbox "[ ] New")"
  # A URL is passed as is (the server then fails to connect, but tw does not say "no store").
  "$TW" --db "host=/nonexistent dbname=x connect_timeout=1" ls >/dev/null 2>"$ROOT/err"
  [[ $(cat "$ROOT/err") == *"no store at"* ]] && fail "a URL checked as a file"
}

test_error_messages() {
  run sched 1 someday
  expect_rc 1 "an unreadable date"
  expect_match "no prefix" "$ERR" '^tw: date cannot read the date "someday"'
  run rpc no/such
  expect_eq "an unknown method" "$ERR" "tw: unknown method no/such"
  run --json sched 1 someday
  expect_match "--json: the raw message" "$ERR" '^tw: Invalid params: .* \(-32602\)$'
}

test_color() {
  tw add Due --today --due today >/dev/null
  tw rpc task/update '{"id": 1, "dueDate": "2020-01-01"}' >/dev/null
  if ! command -v script >/dev/null; then echo "skipped: no script(1)"; return; fi
  local out
  out=$(script -qec "$TW --db $DB ls" /dev/null)
  expect_match "red on a tty" "$out" $'\e\\[31moverdue\e\\[0m'
  out=$(NO_COLOR=1 script -qec "$TW --db $DB ls" /dev/null)
  [[ $out == *$'\e['* ]] && fail "colour with NO_COLOR"
  [[ $(tw ls) == *$'\e['* ]] && fail "colour into a pipe"
}

test_speed_batch() {
  local start
  start=$(date +%s%N)
  seq 1 2000 | sed 's/^/Task /' | tw add - | tail -n 2 >"$ROOT/last"
  expect_eq "the last one" "$(cat "$ROOT/last")" "$(added 2000 inbox "[ ] Task 2000")"
  local ms=$((($(date +%s%N) - start) / 1000000))
  ((ms < 20000)) || fail "2000 adds took ${ms} ms"
}

test_symlink() {
  ln -s "$TW" "$ROOT/tw-link"
  (cd / && "$ROOT/tw-link" --db "$DB" add Linked >"$ROOT/out" 2>&1) || fail "through a symlink: $(cat "$ROOT/out")"
  expect_eq "through a symlink" "$(cat "$ROOT/out")" "$(added 1 inbox "[ ] Linked")"
  rm -f "$ROOT/tw-link"
}
