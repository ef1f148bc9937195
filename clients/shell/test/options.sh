# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# The tests of the repeat markers, of every ls/find filter and sort, and of the one JSON tool
# start per command; sourced by run.sh.

test_repeat_markers() {
  expect_eq "weekly from completion" "$(tw add Water the plants --today --every 'weekly!')" \
    "$(added 1 today "[ ] Water the plants  ↻ weekly!")"
  tw add Stretch --today >/dev/null; tw add Backup --today >/dev/null; tw add Haircut --today >/dev/null
  tw rpc task/update '{"id": 2, "recurrence": {"pattern": "daily", "interval": 3, "afterCompletion": true}}' >/dev/null
  tw rpc task/update '{"id": 3, "recurrence": {"pattern": "biweekly", "afterCompletion": true}}' >/dev/null
  tw rpc task/update '{"id": 4, "recurrence": {"pattern": "monthly", "interval": 2}}' >/dev/null
  expect_eq "ls" "$(tw ls)" "$(day_name "$TODAY") · 1h
  1  [ ] Water the plants  ↻ weekly!
  2  [ ] Stretch  ↻ every 3 days!
  3  [ ] Backup  ↻ every 2 weeks!
  4  [ ] Haircut  ↻ every 2 months on the $(nth "${TODAY:8:2}")"
}

# Four tasks in Today, one in Upcoming, for the filters.
filter_seed() {
  D2=$(day 2) D5=$(day 5) D9=$(day 9)
  tw add Pay rent --today --urgent --due "$D2" --every monthly >/dev/null
  tw add buy milk --today --due "$D5" >/dev/null
  tw add Call the bank --today --notes "ask about the MILK money" >/dev/null
  tw add Answer mail --today --urgent --duration 5 >/dev/null
  tw add Plan the trip --on "$D9" --due "$D9" --urgent >/dev/null
  H=$(day_name "$TODAY")
  RENT="  1  [ ] Pay rent  *  ↻ monthly on the $(nth "${TODAY:8:2}")  $(due_text "$D2")"
  MILK="  2  [ ] buy milk  $(due_text "$D5")"
  BANK="  3  [ ] Call the bank  ✎"
  MAIL="  4  [ ] Answer mail  *  5m"
}

test_ls_filter_options() {
  filter_seed
  expect_eq "--urgent" "$(tw ls --urgent)" "$H · 20m"$'\n'"$RENT"$'\n'"$MAIL"
  expect_eq "--not-urgent" "$(tw ls today --not-urgent)" "$H · 30m"$'\n'"$MILK"$'\n'"$BANK"
  expect_eq "--repeating" "$(tw ls --repeating)" "$H · 15m"$'\n'"$RENT"
  expect_eq "--due-before" "$(tw ls --due-before "$(day 3)")" "$H · 15m"$'\n'"$RENT"
  expect_eq "--due-after" "$(tw ls --due-after "$(day 3)")" "$H · 15m"$'\n'"$MILK"
  expect_eq "both ends are in" "$(tw ls --due-after "$D2" --due-before "$D5")" \
    "$H · 30m"$'\n'"$RENT"$'\n'"$MILK"
  expect_eq "a phrase" "$(tw ls --due-before 'in 3 days')" "$H · 15m"$'\n'"$RENT"
  expect_eq "--text, in the notes too, any case" "$(tw ls --text Milk)" \
    "$H · 30m"$'\n'"$MILK"$'\n'"$BANK"
  expect_eq "filters add up" "$(tw ls --not-urgent --text milk --due-after today)" "$H · 15m"$'\n'"$MILK"
  expect_eq "Upcoming keeps only matching days" "$(tw ls upcoming --urgent)" \
    "$(day_name "$D9") · 15m"$'\n'"  5  [ ] Plan the trip  *  $(due_text "$D9")"
  expect_eq "nothing matches" "$(tw ls upcoming --not-urgent)" "Upcoming"$'\n'"  (empty)"
  run ls --due-before; expect_rc 2 "--due-before without a date"
  run ls --due-after someday; expect_error -32602 "a due date that is not one"
}

test_ls_sort_options() {
  filter_seed
  expect_eq "--sort title" "$(tw ls --sort title)" "$H · 50m
$MAIL
$MILK
$BANK
$RENT"
  expect_eq "--sort due: none last" "$(tw ls --sort due)" "$H · 50m
$RENT
$MILK
$BANK
$MAIL"
  expect_eq "--sort dueDate is the same" "$(tw ls --sort dueDate)" "$(tw ls --sort due)"
  expect_eq "--sort manual" "$(tw ls --sort manual)" "$(tw ls)"
  expect_eq "the store's order is kept" "$(ids today)" "1 2 3 4"
}

test_find_options() {
  filter_seed
  expect_eq "find in every view" "$(tw find the)" "All · 30m
$BANK
  5  [ ] Plan the trip  *  $(due_text "$D9")"
  expect_eq "find --urgent --sort title" "$(tw find a --urgent --sort title)" "All · 35m
$MAIL
$RENT
  5  [ ] Plan the trip  *  $(due_text "$D9")"
  expect_eq "find --not-urgent --sort due" "$(tw find l --not-urgent --sort due)" "All · 30m
$MILK
$BANK"
  expect_eq "find --repeating" "$(tw find pay --repeating)" "All · 15m"$'\n'"$RENT"
  expect_eq "find --due-before --due-after" "$(tw find i --due-after "$(day 3)" --due-before "$D9")" \
    "All · 30m"$'\n'"$MILK"$'\n'"  5  [ ] Plan the trip  *  $(due_text "$D9")"
  expect_eq "find --text adds words" "$(tw find buy --text milk)" "All · 15m"$'\n'"$MILK"
  expect_eq "nothing found" "$(tw find zebra)" "All"$'\n'"  (empty)"
}

# counting_tool DIR NAME REAL: DIR/NAME runs REAL and writes a line to DIR/NAME.count each start.
counting_tool() {
  printf '#!/usr/bin/env bash\necho start >>"%s"\nexec "%s" "$@"\n' "$1/$2.count" "$3" >"$1/$2"
  chmod +x "$1/$2"
}

# starts NAME: how many times the counted tool NAME started since the last call.
starts() {
  local n=0
  [[ -f $JQ_BIN/$1.count ]] && n=$(wc -l <"$JQ_BIN/$1.count")
  rm -f "$JQ_BIN/$1.count"
  printf '%s\n' "$n"
}

test_one_jq_start() {
  JQ_BIN="$ROOT/jqbin"
  mkdir -p "$JQ_BIN"
  local real_jq real_gojq path
  real_jq=$(command -v jq)
  real_gojq=$(command -v gojq || printf '%s' "$real_jq")
  counting_tool "$JQ_BIN" gojq "$real_gojq"
  counting_tool "$JQ_BIN" jq "$real_jq"
  path="$JQ_BIN:$PATH"
  # gojq is preferred when both are installed; every command starts it once at most.
  expect_eq "add" "$(PATH=$path tw add Buy milk --today)" "$(added 1 today "[ ] Buy milk")"
  expect_eq "add: gojq starts once" "$(starts gojq) $(starts jq)" "1 0"
  PATH=$path tw ls >/dev/null
  expect_eq "ls" "$(starts gojq) $(starts jq)" "1 0"
  PATH=$path tw edit 1 --tag shop --priority 2 >/dev/null
  expect_eq "edit --tag (a conversation)" "$(starts gojq)" 1
  PATH=$path tw mv 1 today 0 >/dev/null
  expect_eq "mv with an index" "$(starts gojq)" 1
  printf '%s\n' 'add A' 'add B --today' 'done 1' 'ls' 'undo' | PATH=$path tw batch >/dev/null
  expect_eq "a batch of five" "$(starts gojq)" 1
  seq 1 20 | sed 's/^/Task /' | PATH=$path tw add - >/dev/null
  expect_eq "add - of 20" "$(starts gojq)" 1
  PATH=$path run sched 1 someday
  expect_eq "an error" "$(starts gojq)" 1
  PATH=$path run add
  expect_eq "a usage error: none" "$(starts gojq)" 0
  # TW_JQ chooses the tool.
  expect_eq "TW_JQ" "$(TW_JQ=$JQ_BIN/jq PATH=$path tw ls --sort title | head -n 1)" "$(day_name "$TODAY") · 30m"
  expect_eq "TW_JQ: that one, once" "$(starts gojq) $(starts jq)" "0 1"
}

# watch with jq 1.6, whose output into a file or pipe is block-buffered unless told otherwise.
test_watch_with_jq() {
  tw add Old --today >/dev/null
  local log="$ROOT/watch-jq.out" pid rc
  TW_JQ=$(command -v jq) "$TW" --db "$DB" watch today >"$log" 2>"$ROOT/watch-jq.err" &
  pid=$!
  wait_for "$log" '^  1  \[ \] Old$' || fail "no snapshot while watching"
  tw add New --today >/dev/null
  wait_for "$log" '^\+ Today · [^,]+, [^,]+, position 1: 2  \[ \] New$' || fail "no live insert line: $(cat "$log")"
  kill -TERM "$pid"
  wait "$pid"; rc=$?
  expect_eq "exit code after SIGTERM" "$rc" 0
  [[ -s $ROOT/watch-jq.err ]] && fail "stderr: $(cat "$ROOT/watch-jq.err")"
}
