# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# The tests of the original commands, sourced by run.sh.

test_help() {
  local args
  for args in help -h --help ''; do
    TASKWIRE=/nonexistent "$TW" ${args:+"$args"} >"$ROOT/out" 2>&1 || fail "tw $args failed"
    expect_match "tw $args" "$(cat "$ROOT/out")" "usage: tw .*add TITLE.*watch"
  done
  run frobnicate; expect_rc 2 "unknown command"
  run add; expect_rc 2 "add without a title"
  run add x --priority; expect_rc 2 "an option without its value"
  run ls someplace; expect_rc 2 "an unknown view"
  run mv 1; expect_rc 2 "mv without a target"
  run --bogus ls; expect_rc 2 "an unknown global flag"
}

test_add_dates() {
  expect_eq "default" "$(tw add Buy milk)" "$(added 1 inbox '[ ] Buy milk')"
  expect_eq "--today" "$(tw add Call mom --today)" "$(added 2 today '[ ] Call mom')"
  expect_eq "--tomorrow" "$(tw add Later --tomorrow)" "$(added 3 "$(day 1)" "[ ] Later")"
  local d3 d5
  d3=$(day 3) d5=$(day 5)
  expect_eq "--on phrase" "$(tw add Soon --on 'in 3 days')" "$(added 4 "$d3" "[ ] Soon")"
  expect_eq "--on date" "$(tw add Fixed --on "$d5")" "$(added 5 "$d5" "[ ] Fixed")"
  expect_eq "last flag wins" "$(tw add Back --today --inbox)" "$(added 6 inbox '[ ] Back')"
  expect_eq "--on today" "$(tw add Right away --on today)" "$(added 7 today '[ ] Right away')"
  expect_eq "inbox" "$(ids inbox)" "1 6"
  expect_eq "today" "$(ids today)" "2 7"
  expect_eq "upcoming" "$(ids upcoming)" "3 4 5"
  run add Past --on yesterday; expect_error -32012 "--on yesterday"
  expect_eq "nothing created" "$(tw --json rpc history/list '{"limit":1}' | jq -r '.steps[0].label')" "Create 'Right away'"
  # Quick add: the server reads the tokens; flags given beside them win.
  expect_eq "quick add" "$(tw add Call dad '#family' '!!' tomorrow)" "$(added 8 "$(day 1)" "[ ] Call dad  !!  #family")"
  expect_eq "its tag and priority" "$(tw --json rpc task/get '{"id":8}' | jq -c '[.task.tags, .task.priority]')" '[["family"],2]'
  expect_eq "a flag wins" "$(tw add Pay rent '!!!' --priority 1 >/dev/null; tw --json rpc task/get '{"id":9}' | jq -r .task.priority)" "1"
  # The user's language: German titles with a German locale.
  expect_match "German titles" "$(TASKWIRE_LOCALE=de_DE.UTF-8 tw ls today)" "^Heute "
}

test_add_options() {
  local task
  task=$(tw --json add "  Write report " --today --tag work --tag " deep " --tag work --priority 3 \
    --urgent --duration 60 --type deepWork --notes "see mail" --due "in 2 days" | jq -c .task)
  expect_eq "title" "$(jq -r .title <<<"$task")" "Write report"
  expect_eq "tags" "$(jq -c .tags <<<"$task")" '["work","deep"]'
  expect_eq "fields" "$(jq -c '[.priority, .urgent, .durationMinutes, .type, .notes]' <<<"$task")" \
    '[3,true,60,"deepWork","see mail"]'
  expect_eq "dates" "$(jq -r '"\(.scheduledDate) \(.dueDate)"' <<<"$task")" "$TODAY $(day 2)"
  run add Bad --duration 99999; expect_error -32602 "a duration past a week"
  run add Bad --type nap; expect_error -32602 "an unknown type"
  run add Bad --priority 7; expect_rc 2 "priority 7"
  run add Bad --duration soon; expect_rc 2 "a duration that is not one"
  expect_eq "words" "$(tw --json add Words --priority high --duration 1h30m --type deep | jq -c '.task | [.priority, .durationMinutes, .type]')" \
    '[3,90,"deepWork"]'
}

test_ls() {
  expect_eq "empty today" "$(tw ls)" "$(day_name "$TODAY")"$'\n'"  (empty)"
  expect_eq "empty inbox" "$(tw ls inbox)" "Inbox"$'\n'"  (empty)"
  expect_eq "empty upcoming" "$(tw ls upcoming)" "Upcoming"$'\n'"  (empty)"
  tw add Milk --today --tag shop --priority 3 --urgent >/dev/null
  tw add "Call the bank" --today --due "$TODAY" >/dev/null
  tw add Idea >/dev/null
  local d9 d1
  d9=$(day 9) d1=$(day 1)
  tw add Far --on "$d9" >/dev/null
  tw add Near --tomorrow >/dev/null
  tw add Nearer --tomorrow >/dev/null
  local today
  today=$(tw ls today)
  expect_eq "today" "$today" "$(day_name "$TODAY") · 30m
  1  [ ] Milk  !!!  *  #shop
  2  [ ] Call the bank  due today"
  expect_eq "inbox" "$(tw ls inbox)" "Inbox · 15m"$'\n'"  3  [ ] Idea"
  expect_eq "upcoming" "$(tw ls upcoming)" "$(day_name "$d1") · 30m
  5  [ ] Near
  6  [ ] Nearer
$(day_name "$d9") · 15m
  4  [ ] Far"
  expect_eq "--json" "$(tw --json ls upcoming | jq -r '[.view, (.groups | map(.key) | join(","))] | join(" ")')" \
    "upcoming $d1,$d9"
}

test_mv_reorder() {
  local t
  for t in A B C; do tw add "$t" --today >/dev/null; done
  expect_eq "to the top" "$(tw mv 3 today 0)" "Moved 'C' to Today"$'\n''  3  [ ] C'
  expect_eq "order" "$(ids today)" "3 1 2"
  expect_eq "to the end by default" "$(tw mv 3 today)" "Moved 'C' to Today"$'\n''  3  [ ] C'
  expect_eq "order" "$(ids today)" "1 2 3"
  expect_eq "--json" "$(tw --json mv 2 today 0 | jq -c '[.task.id, .view, .index]')" '[2,"today",0]'
  run mv 2 today 9; expect_error -32602 "an index past the end"
  run mv 42 today 0; expect_error -32010 "an unknown task"
  expect_eq "unchanged" "$(ids today)" "2 1 3"
}

test_mv_across() {
  tw add A --today >/dev/null; tw add B --today >/dev/null; tw add I >/dev/null
  expect_eq "to inbox, at the end" "$(tw mv 1 inbox)" "Sent 'A' to Inbox"$'\n''  1  [ ] A'
  expect_eq "inbox" "$(ids inbox)" "3 1"
  tw mv 3 today 1 >/dev/null
  expect_eq "today" "$(ids today)" "2 3"
  local d4 d6
  d4=$(day 4) d6=$(day 6)
  # Where it went, as the server says it (task/move's message), then the task.
  expect_eq "into a new day" "$(tw mv 2 "$d4")" "Scheduled 'B' for $(day_text "$d4")"$'\n''  2  [ ] B'
  expect_eq "a phrase, to the end" "$(tw mv 1 'in 4 days')" "Scheduled 'A' for $(day_text "$d4")"$'\n''  1  [ ] A'
  expect_eq "a phrase, at an index" "$(tw mv 3 "in 4 days" 0)" "Scheduled 'I' for $(day_text "$d4")"$'\n''  3  [ ] I'
  expect_eq "a phrase, a new day" "$(tw mv 1 'in 6 days')" "Scheduled 'A' for $(day_text "$d6")"$'\n''  1  [ ] A'
  expect_eq "groups" "$(tw --json ls upcoming | jq -c '[.groups[] | [.key, [.tasks[].id]]]')" \
    "[[\"$d4\",[3,2]],[\"$d6\",[1]]]"
  expect_eq "today is empty" "$(ids today)" ""
  run mv 1 yesterday; expect_error -32012 "a past day"
  run mv 1 someday; expect_error -32602 "an unreadable phrase"
}

test_sched() {
  tw add Task --today >/dev/null
  local d1 d14
  d1=$(day 1) d14=$(day 14)
  # The day as the server words it (task/schedule's message), then the task.
  expect_eq "a date" "$(tw sched 1 "$d1")" "Scheduled 'Task' for $(day_text "$d1")"$'\n''  1  [ ] Task'
  expect_eq "a phrase" "$(tw sched 1 'in 2 weeks')" "Scheduled 'Task' for $(day_text "$d14")"$'\n''  1  [ ] Task'
  expect_eq "today" "$(tw sched 1 today)" "Moved 'Task' to Today"$'\n''  1  [ ] Task'
  run sched 1 yesterday; expect_error -32012 "a phrase in the past"
  run sched 1 2001-01-01; expect_error -32012 "a date in the past"
  expect_eq "unchanged" "$(ids today)" "1"
  expect_eq "none" "$(tw sched 1 none)" "Sent 'Task' to Inbox"$'\n''  1  [ ] Task'
  expect_eq "inbox" "$(ids inbox)" "1"
  expect_eq "--json" "$(tw --json sched 1 tomorrow | jq -r .task.scheduledDate)" "$d1"
}

test_done() {
  tw add One --today >/dev/null; tw add Two --today >/dev/null
  expect_eq "done" "$(tw "done" 1)" 'Completed 1: [x] One'
  expect_eq "left today" "$(ids today)" "2"
  run sched 1 tomorrow; expect_error -32011 "scheduling a completed task"
  expect_eq "--json" "$(tw --json "done" 2 | jq -c '[.task.completed, .view]')" '[true,null]'
}

test_undo_redo() {
  tw add "Buy milk" >/dev/null
  tw mv 1 today >/dev/null
  expect_eq "undo" "$(tw undo)" "Undid: Move 'Buy milk' to Today"
  expect_eq "back in the inbox" "$(ids inbox)" "1"
  expect_eq "redo" "$(tw redo)" "Redid: Move 'Buy milk' to Today"
  expect_eq "today again" "$(ids today)" "1"
  run redo; expect_error -32014 "nothing to redo"
  expect_eq "--json" "$(tw --json undo | jq -r .undone.client)" "tw"
  tw undo >/dev/null
  run undo; expect_error -32013 "nothing to undo"
}

test_rpc() {
  tw add Thing >/dev/null
  expect_eq "a result" "$(tw rpc task/get '{"id": 1}' | jq -r .task.title)" "Thing"
  expect_eq "no params" "$(tw rpc history/list | jq '.steps | length')" "1"
  run rpc no/such '{}'; expect_error -32601 "an unknown method"
  run rpc task/get '{"id": 1, "extra": 2}'; expect_error -32602 "an unknown param"
  run rpc task/get '{"id":'; expect_error -32700 "params that are not JSON"
}

test_errors() {
  run "done" 42
  expect_error -32010 "an unknown task"
  expect_eq "the message" "$ERR" "tw: Task 42 not found"
  TASKWIRE=/nonexistent "$TW" --db "$DB" ls >/dev/null 2>"$ROOT/err"; RC=$?
  expect_rc 1 "a missing server binary"
  expect_match "its message" "$(cat "$ROOT/err")" "^tw: TASKWIRE=/nonexistent"
  echo "not a database" >"$ROOT/bad.sqlite"
  "$TW" --db "$ROOT/bad.sqlite" ls >/dev/null 2>"$ROOT/err"; RC=$?
  expect_rc 1 "a store that is not a database"
  expect_match "why, from the server" "$(head -n 1 "$ROOT/err")" "^taskwire: cannot open the store: .*not a database"
  expect_match "and that it stopped" "$(tail -n 1 "$ROOT/err")" "^tw: taskwire exited unexpectedly"
}

test_store_selection() {
  TASKWIRE_DB=$DB "$TW" add "From env" >/dev/null || fail "TASKWIRE_DB add failed"
  expect_eq "--db sees it" "$(ids inbox)" "1"
  local other
  other="$(dirname "$DB")/other.sqlite"
  TASKWIRE_DB=$DB "$TW" --db "$other" --create add "Elsewhere" >/dev/null 2>&1 || fail "--db add failed"
  expect_eq "--db wins over the env" "$(ids inbox)" "1"
  expect_eq "the other store" "$("$TW" --json --db "$other" ls inbox | jq -r '.groups[0].tasks[0].title')" "Elsewhere"
}

# A PostgreSQL URL given with --db reaches the server (in TASKWIRE_DB: test_secret_not_in_argv);
# Tests/all.sh starts a cluster and exports its URL.
test_postgres_url() {
  if [[ -z ${TASKWIRE_TEST_POSTGRES:-} ]]; then
    echo "skipped: no TASKWIRE_TEST_POSTGRES"
    return
  fi
  local url="$TASKWIRE_TEST_POSTGRES&options=-csearch_path%3Dtw_shell_$$"
  "$TW" --db "$url" add "On the shared store" --today >/dev/null || fail "add through a URL failed"
  expect_eq "listed through the URL" "$("$TW" --json --db "$url" ls today | jq -r '.groups[0].tasks[0].title')" "On the shared store"
  # A role that must give its password: it works, and no server's arguments held it.
  [[ -n ${TASKWIRE_TEST_POSTGRES_PASSWORD_URL:-} ]] || return 0
  url="$TASKWIRE_TEST_POSTGRES_PASSWORD_URL?options=-csearch_path%3Dtw_shell_pw_$$"
  printf '#!/usr/bin/env bash\nprintf "%%s\\n" "$*" >>"%s"\nexec "%s" "$@"\n' "$ROOT/argv" "$TASKWIRE" >"$ROOT/taskwire"
  chmod +x "$ROOT/taskwire"
  : >"$ROOT/argv"
  TASKWIRE=$ROOT/taskwire "$TW" --db "$url" add "With a password" >/dev/null || fail "add with a password failed"
  expect_eq "listed with a password" \
    "$(TASKWIRE=$ROOT/taskwire TASKWIRE_DB=$url "$TW" --json ls inbox | jq -r '.groups[0].tasks[0].title')" "With a password"
  expect_eq "two servers started" "$(wc -l <"$ROOT/argv")" 2
  grep -qF -- "$TASKWIRE_TEST_POSTGRES_PASSWORD" "$ROOT/argv" && fail "the password in a server's arguments"
}

# wait_for FILE REGEX: polls FILE for up to 5 seconds.
wait_for() {
  local i
  for ((i = 0; i < 50; i++)); do
    grep -Eq -- "$2" "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

test_watch() {
  if ! printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize"}' | "$TASKWIRE" --memory 2>/dev/null |
    jq -e '.result.methods | index("view/subscribe")' >/dev/null; then
    echo "skipped: server has no view/subscribe"
    return
  fi
  tw add Old --today >/dev/null; tw add Older --today >/dev/null
  # (Today's group is named by its header without the total: "Today · Thu, Nov 26".)
  local log="$ROOT/watch.out" pid rc T
  T=$(day_name "$TODAY")
  "$TW" --db "$DB" watch today >"$log" 2>"$ROOT/watch.err" &
  pid=$!
  wait_for "$log" '^  2  \[ \] Older$' || fail "no snapshot: $(cat "$log" "$ROOT/watch.err")"
  tw add "Buy milk" --today >/dev/null
  wait_for "$log" "^\\+ $T, position 2: 3  \\[ \\] Buy milk$" || fail "no insert line"
  tw mv 3 today 0 >/dev/null
  wait_for "$log" "^> $T, position 0 \\(was $T, position 2\\): 3  \\[ \\] Buy milk$" || fail "no move line"
  tw "done" 1 >/dev/null
  wait_for "$log" "^- $T: 1  \\[ \\] Old$" || fail "no remove line"
  tw sched 2 tomorrow >/dev/null
  wait_for "$log" "^- $T: 2  \\[ \\] Older$" || fail "no remove line for a task scheduled away"
  kill -TERM "$pid"
  wait "$pid"; rc=$?
  expect_eq "exit code after SIGTERM" "$rc" 0
  [[ -s $ROOT/watch.err ]] && fail "stderr: $(cat "$ROOT/watch.err")"
  if pgrep -af -- "--db $DB" | grep -vq -- --resident; then fail "the server is still running"; fi
  [[ $problems == 0 ]] || fail "watch printed: $(cat "$log")"
}

