# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# The tests of Anytime and Someday (tw ls anytime|someday, tw someday, tw anytime), giving up
# (tw cancel), a task made a project (tw convert), the --project/--area filters, --sort project
# and the projects of tw tags; sourced by run.sh (after projects.sh, whose cat_word they use).

# A store with an area Home (1), a project Garden in it (2), a task in Garden (3), one for today
# (4), a tagged one in Garden (5) and one in the Inbox (6).
someday_setup() {
  tw area add Home >/dev/null
  tw project add Garden --area home >/dev/null
  tw add Dig the bed --project garden >/dev/null
  tw add Call mom --today >/dev/null
  tw add Plant tulips '#garden' --project garden >/dev/null
  tw add Buy seeds >/dev/null
}

test_someday() {
  someday_setup
  expect_eq "someday" "$(tw someday 4)" "Put 'Call mom' on Someday"$'\n'"  4  [ ] Call mom  Someday"
  expect_eq "ls someday" "$(tw ls someday)" "No project · 15m"$'\n'"  4  [ ] Call mom  Someday"
  expect_eq "ls today: gone from it" "$(tw ls today)" "$(day_name "$TODAY")"$'\n'"  (empty)"
  expect_eq "ls anytime" "$(tw ls anytime)" "Garden · 30m
  3  [ ] Dig the bed
  5  [ ] Plant tulips  #garden"
  # A project on Someday: its tasks leave Anytime with it.
  expect_eq "a project" "$(tw someday 2)" "Put 'Garden' on Someday"$'\n'"  2  ( ) Garden  Someday"
  expect_eq "ls someday with it" "$(tw ls someday)" "No project · 15m
  4  [ ] Call mom  Someday
Home
  2  ( ) Garden  Someday"
  expect_eq "ls anytime: empty" "$(tw ls anytime)" "$(cat_word view.anytime)"$'\n'"  (empty)"
  expect_eq "anytime" "$(tw anytime 2)" "Put 'Garden' on Anytime"$'\n'"  2  ( ) Garden"
  expect_eq "its tasks are back" "$(ids anytime)" "3 5"
  # Several ids: one step; a task of a project goes on Someday within it.
  tw someday 3 5 >/dev/null
  expect_eq "several" "$(tw --json ls someday | jq -c '[.groups[] | [.key, [.tasks[].id]]]')" \
    '[["tasks:0",[4]],["tasks:2",[3,5]]]'
  expect_eq "one undo step" "$(tw undo)" "Undid: Put 'Dig the bed' on Someday; Put 'Plant tulips' on Someday"
  # A day takes a task off Someday; a task in no project has the Inbox, not Anytime.
  run anytime 4
  expect_rc 1 "anytime of a task in no project"
  expect_match "says the Inbox" "$ERR" "^tw: .*Inbox"
  tw sched 4 today >/dev/null
  expect_eq "back in Today" "$(ids today)" "4"
  expect_eq "and off Someday" "$(tw --json rpc task/get '{"id":4}' | jq -c .task.someday)" "null"
  run someday; expect_rc 2 "someday without an id"
  run anytime x; expect_rc 2 "anytime of a word"
}

test_cancel() {
  someday_setup
  local on
  on=$(date -d "$TODAY" '+cancelled %a, %b %-d')
  expect_eq "cancel a project" "$(tw cancel 2)" "Cancelled 'Garden'"$'\n'"  2  (x) Garden  Home"
  # The logbook: the project and its tasks, given up, not done.
  expect_eq "ls logbook" "$(tw ls logbook)" "$(day_name "$TODAY") · 30m
  5  [x] Plant tulips  #garden  $on
  3  [x] Dig the bed  $on
  2  (x) Garden  Home  $on"
  expect_eq "gone from the sidebar" "$(tw ls projects)" "Home · $(cat_word tw.ls.area id 1)"$'\n'"  (empty)"
  expect_eq "undo: all of it" "$(tw undo)" "Undid: Cancel 'Garden'"
  expect_eq "back" "$(tw --json ls project 2 | jq -c '[.groups[].tasks[].id]')" "[3,5]"
  # A task; reopening clears it.
  expect_eq "cancel tasks" "$(tw cancel 4 6)" "Cancelled 'Call mom'
  4  [x] Call mom
Cancelled 'Buy seeds'
  6  [x] Buy seeds"
  expect_match "the logbook says so" "$(tw ls logbook)" "6  \\[x\\] Buy seeds  $on"
  tw undone 6 >/dev/null
  expect_eq "reopened" "$(tw --json rpc task/get '{"id":6}' | jq -c '[.task.completed, .task.cancelled]')" "[false,null]"
  run cancel 99; expect_error -32010 "cancel of no task"
}

test_convert() {
  someday_setup
  tw rpc task/checklist '{"id":5,"action":"add","title":"Red ones"}' >/dev/null
  tw rpc task/checklist '{"id":5,"action":"add","title":"White ones"}' >/dev/null
  expect_eq "convert" "$(tw convert 5)" "Made 'Plant tulips' a project"$'\n'"  5  ( ) Plant tulips  #garden"
  # In Garden's area; its checklist's lines are its tasks.
  expect_eq "ls projects" "$(tw ls projects)" "Home · $(cat_word tw.ls.area id 1)
  2  ( ) Garden
  5  ( ) Plant tulips  #garden"
  expect_eq "its tasks" "$(tw ls project 5 | tail -n 2)" "  7  [ ] Red ones"$'\n'"  8  [ ] White ones"
  expect_eq "one undo step" "$(tw undo)" "Undid: Make 'Plant tulips' a project"
  expect_eq "a task again" "$(tw --json rpc task/get '{"id":5}' | jq -c '[.task.kind, (.task.checklist | length)]')" "[null,2]"
  run convert 2; expect_error -32602 "convert of a project"
  run convert 4 5; expect_rc 2 "convert of two"
}

test_project_filters() {
  someday_setup
  tw add Weed --project garden --on tomorrow >/dev/null
  tw add Fix the fence --area home --today >/dev/null
  expect_eq "ls today --project" "$(tw ls today --project garden)" "$(day_name "$TODAY")"$'\n'"  (empty)"
  expect_eq "ls upcoming --project" "$(tw --json ls upcoming --project 2 | jq -c '[.groups[].tasks[].id]')" "[7]"
  # (all is every open task: Garden's dated one, then its anytime ones.)
  expect_eq "ls all --project" "$(tw --json ls all --project Garden | jq -c '[.groups[].tasks[].id]')" "[7,3,5]"
  expect_eq "ls today --area" "$(tw --json ls today --area home | jq -c '[.groups[].tasks[].id]')" "[8]"
  expect_eq "ls anytime --area (its projects' too)" "$(tw --json ls anytime --area 1 | jq -c '[.groups[].tasks[].id]')" "[3,5]"
  run ls today --project nothing; expect_rc 1 "no such project"
  expect_eq "names none" "$ERR" "tw: $(cat_word tw.error.noProject name nothing)"
  # Sorted by project: the sidebar's order, tasks in none last.
  expect_eq "--sort project" "$(tw --json ls today --sort project | jq -c '[.groups[].tasks[].id]')" "[8,4]"
  # tw tags: the tags, then the open projects with their open tasks.
  tw project add Garage >/dev/null
  expect_eq "tags" "$(tw tags)" "1  #garden
$(cat_word view.projects)
0  Garage
3  Garden (Home)"
}

# English words that must not appear in a German run of these commands.
ENGLISH_SOMEDAY='Someday|Anytime|Put|Cancelled|cancelled|Made|project|Projects|No|area|Inbox|Today|empty|Undid|Logbook'

test_german_someday() {
  local log=$ROOT/german-someday.log
  : >"$log"
  de() { TW_RESIDENT=0 TASKWIRE_LOCALE=de_DE.UTF-8 "$TW" --db "$DB" "$@" >>"$log" 2>&1; }
  de area add Zuhause; de project add Garten --area zuhause
  de add Beet umgraben --project garten; de add Mama anrufen --today; de add Samen kaufen
  tw rpc task/checklist '{"id":5,"action":"add","title":"Tomaten"}' >/dev/null
  de someday 4; de ls someday; de ls today; de ls anytime
  de someday 2; de ls someday; de anytime 2
  de cancel 2; de ls logbook; de undo
  de convert 5; de ls projects; de tags; de ls today --project garten --sort project
  expect_match "German words" "$(cat "$log")" "auf Irgendwann gelegt"
  expect_match "cancelled" "$(cat "$log")" "abgebrochen"
  local found
  found=$(grep -noEw "$ENGLISH_SOMEDAY" "$log")
  [[ -z $found ]] || fail "English words in a German session: $(tr '\n' ' ' <<<"$found")"$'\n'"$(cat "$log")"
}
