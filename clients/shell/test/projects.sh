# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# The tests of areas, projects and headings (tw ls projects|project|area, tw project|area|heading
# add, add --project/--heading/--area, mv into them, done and rm of a project), sourced by run.sh.

# The words of tw's own catalogue keys as this server says them (en), or as tw says a key it
# lacks (the key and its values): the expected lines hold either way, before the server's
# catalogue has the keys of this part and after.
catalogue_en() {
  [[ -s $ROOT/catalogue.en ]] ||
    printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"locale":"en"}}' \
      '{"jsonrpc":"2.0","id":1,"method":"catalogue/get"}' | "$TASKWIRE" --memory --quiet |
    jq -c 'select(.id == 1) | .result.strings' >"$ROOT/catalogue.en"
}
# cat_word KEY [NAME VALUE]...: KEY's text with its {NAME}s filled in.
cat_word() {
  catalogue_en
  local key=$1 text
  shift
  text=$(jq -r --arg k "$key" '.[$k] // empty' "$ROOT/catalogue.en")
  if [[ -z $text ]]; then
    text=$key
    while (($# >= 2)); do text+=" $1=$2"; shift 2; done
  else
    while (($# >= 2)); do text=${text//"{$1}"/"$2"}; shift 2; done
  fi
  printf '%s' "$text"
}

# A store with an area (1), a project in it (2), one in none (3), a heading (4), tasks in each.
projects_setup() {
  tw area add Home >/dev/null
  tw project add Garden --area home >/dev/null
  tw project add Garage >/dev/null
  tw heading add Garden Spring >/dev/null
  tw add Dig the bed '#garden' --project garden >/dev/null
  tw add Plant tulips --project Garden --heading spring >/dev/null
  tw add Fix the fence --area Home >/dev/null
  tw add Buy seeds >/dev/null
}

test_projects() {
  expect_eq "area add" "$(tw area add Home)" "Added 'Home' to Projects"$'\n'"  1  Home"
  expect_eq "project add --area NAME" "$(tw project add Garden --area home)" "Added 'Garden' to Home"$'\n'"  2  ( ) Garden"
  expect_eq "project add" "$(tw project add Garage)" "Added 'Garage' to Projects"$'\n'"  3  ( ) Garage"
  expect_eq "heading add" "$(tw heading add Garden Spring)" "Added 'Spring' to Garden"$'\n'"  4  Spring"
  # Quick add in a project: the words are read, the task goes in.
  expect_eq "add --project NAME" "$(tw add Dig the bed '#garden' --project garden)" \
    "Added 'Dig the bed' to Garden"$'\n'"  5  [ ] Dig the bed  #garden"
  expect_eq "add --project --heading" "$(tw add Plant tulips tomorrow --project Garden --heading spring)" \
    "$(added 6 "$(day 1)" "[ ] Plant tulips  Garden")"
  expect_eq "its parent" "$(tw --json rpc task/get '{"id":6}' | jq -c '[.task.parent, .task.scheduledDate]')" "[4,\"$(day 1)\"]"
  expect_eq "add --area" "$(tw add Fix the fence --area 1)" "Added 'Fix the fence' to Home"$'\n'"  7  [ ] Fix the fence"
  tw add Buy seeds >/dev/null
  # The sidebar, a project under its headings, an area.
  expect_eq "ls projects" "$(tw ls projects)" "No area
  3  ( ) Garage
Home · $(cat_word tw.ls.area id 1)
  2  ( ) Garden"
  expect_eq "ls project NAME" "$(tw ls project GARDEN)" "Garden · $(cat_word tw.ls.project id 2) · 15m
  5  [ ] Dig the bed  #garden
Spring · $(cat_word tw.ls.heading id 4) · 15m
  6  [ ] Plant tulips"
  expect_eq "ls project ID" "$(tw ls project 2)" "$(tw ls project Garden)"
  expect_eq "ls area" "$(tw ls area home)" "Home · $(cat_word tw.ls.area id 1) · 15m
  2  ( ) Garden
  7  [ ] Fix the fence"
  expect_eq "ls project (empty)" "$(tw ls project garage)" "Garage · $(cat_word tw.ls.project id 3)"$'\n'"  (empty)"
  # Today and the Inbox stay as they are: a dated task in a project is in Upcoming too.
  expect_eq "inbox" "$(ids inbox)" "8"
  expect_eq "upcoming" "$(ids upcoming)" "6"
  # Moves: into a heading by name, into an area, out again.
  expect_eq "mv project heading" "$(tw mv 8 project garden heading Spring 0)" "Moved 8 to Garden · Spring, position 0: [ ] Buy seeds"
  expect_eq "in the heading" "$(tw --json ls project 2 | jq -c '[.groups[] | [.key, [.tasks[].id]]]')" '[["tasks:2",[5]],["tasks:4",[8,6]]]'
  expect_eq "mv area" "$(tw mv 8 area Home)" "Moved 8 to Home, position 1: [ ] Buy seeds"
  expect_eq "mv inbox" "$(tw mv 8 inbox)" "Sent 'Buy seeds' to Inbox"$'\n'"  8  [ ] Buy seeds"
  expect_eq "out of it" "$(tw --json rpc task/get '{"id":8}' | jq -c .task.parent)" "null"
  expect_eq "mv several" "$(tw mv 8 7 project 2)" "Moved 8 to Garden, position 1: [ ] Buy seeds
Moved 7 to Garden, position 2: [ ] Fix the fence"
  expect_eq "one undo step" "$(tw undo)" "Undid: Move 'Buy seeds' to Garden; Move 'Fix the fence' to Garden"
  expect_eq "edit names the project" "$(tw edit 5 --priority 2)" "Updated 5 in Garden: [ ] Dig the bed  !!  #garden"
  expect_match "show names the project" "$(tw show 5)" "List +Garden, position 0"
  # Done: the project with its tasks, in one step; undo brings them back.
  expect_eq "done project" "$(tw "done" 2)" "Completed 2: (x) Garden  Home"
  expect_eq "its tasks too" "$(tw --json rpc task/get '{"id":5}' | jq -c .task.completed)" "true"
  run ls project 2; expect_rc 1 "a completed project's list"
  expect_eq "is none" "$ERR" "tw: $(cat_word tw.error.noProject name 2)"
  expect_eq "undo" "$(tw undo)" "Undid: Complete 'Garden'"
  expect_eq "back" "$(tw --json ls project 2 | jq -c '[.groups[].tasks[].id]')" "[5,6]"
}

test_projects_rm() {
  projects_setup
  # No question: the server's refusal, and how to say what becomes of the tasks.
  run rm 2
  expect_rc 1 "rm a project with tasks"
  expect_match "the server's message" "$ERR" "^tw: children is required: 'Garden' holds 3 open items"
  expect_match "how to go on" "$ERR" "(--keep-tasks.*--delete-tasks|tw.rm.children)"
  expect_eq "nothing deleted" "$(tw --json ls projects | jq -c '[.groups[].tasks[].id]')" "[3,2]"
  run rm 2 --keep-tasks
  expect_eq "--keep-tasks" "$OUT" "Deleted 2: ( ) Garden"
  expect_eq "its tasks moved up, to its area" "$(tw --json ls area 1 | jq -c '[.groups[].tasks[].id]')" "[7,5,6]"
  expect_eq "undo" "$(tw undo)" "Undid: Delete 'Garden'"
  expect_eq "back in it" "$(tw --json ls project 2 | jq -c '[.groups[].tasks[].id]')" "[5,6]"
  expect_eq "--delete-tasks" "$(tw rm --delete-tasks 2)" "Deleted 2: ( ) Garden"
  expect_eq "its tasks went with it" "$(tw --json ls area 1 | jq -c '[.groups[].tasks[].id]')" "[7]"
  run rm 5; expect_error -32010 "a deleted task"
  expect_eq "undo" "$(tw undo)" "Undid: Delete 'Garden'"
  expect_eq "a task alone" "$(tw rm 8 --keep-tasks)" "Deleted 8: [ ] Buy seeds"
  run rm 2 --keep; expect_rc 2 "an unknown rm option"
}

test_projects_names() {
  projects_setup
  tw project add Garden party >/dev/null
  tw project add garden --area Home >/dev/null
  # A whole title wins over the start of one; two whole titles alike are ambiguous.
  run ls project 'garden p'
  expect_eq "a title's start" "$(head -1 <<<"$OUT")" "Garden party · $(cat_word tw.ls.project id 9)"
  run ls project GARDEN
  expect_rc 1 "two projects named garden"
  expect_eq "one line" "$(wc -l <<<"$ERR")" "1"
  expect_eq "the candidates" "$ERR" "tw: $(cat_word tw.error.ambiguousProject name GARDEN candidates '2 Garden (Home), 10 garden (Home)')"
  run add x --project Ga; expect_rc 1 "a start of several"
  expect_match "all three" "$ERR" "3 Garage \\(No area\\), 9 Garden party \\(No area\\), 2 Garden \\(Home\\), 10 garden \\(Home\\)"
  run ls project nothing; expect_rc 1 "no such project"
  expect_eq "none" "$ERR" "tw: $(cat_word tw.error.noProject name nothing)"
  run ls project 99; expect_rc 1 "no project 99"
  expect_eq "99" "$ERR" "tw: $(cat_word tw.error.noProject name 99)"
  run ls area nothing; expect_rc 1 "no such area"
  run add x --project 2 --heading Autumn; expect_rc 1 "no such heading"
  expect_eq "nothing created" "$(tw --json ls inbox | jq -c '[.groups[].tasks[].id]')" "[8]"
  run add x --heading Spring; expect_rc 2 "a heading's name without its project"
  run add x --project 2 --area 1; expect_rc 2 "a project and an area"
  run ls project; expect_rc 2 "ls project without one"
  run mv 8 project; expect_rc 2 "mv project without one"
  run mv 8 7 project 2 0; expect_rc 2 "an index with several"
  run heading add Garden; expect_rc 2 "heading add without a title"
  run project frobnicate; expect_rc 2 "project without add"
  run area add Work --area 1; expect_rc 2 "an area in an area"
  # A batch: names are read from the store as it was before it.
  printf '%s\n' 'add Rake --project garage' 'ls project 3' | tw batch >"$ROOT/out"
  expect_eq "a batch with names" "$(tail -2 "$ROOT/out")" "Garage · $(cat_word tw.ls.project id 3) · 15m"$'\n'"  11  [ ] Rake"
}

# The server's catalogue, with the keys of a fragment (TW_TEST_CATALOGUE: {"en": {…}, "de": {…}})
# merged in: $ROOT/taskwire-cat, for a German run before the server is rebuilt with them.
catalogue_server() {
  cat >"$ROOT/taskwire-cat" <<EOF
#!/usr/bin/env bash
"$TASKWIRE" "\$@" | jq -c --unbuffered --slurpfile f "$TW_TEST_CATALOGUE" '
  if .id == "cat//" then .result.strings += (if .result.strings["view.inbox"] == "Eingang" then \$f[0].de else \$f[0].en end) else . end'
exit "\${PIPESTATUS[0]}"
EOF
  chmod +x "$ROOT/taskwire-cat"
}

# English words that must not appear in a German run of the new commands.
ENGLISH_PROJECTS='Inbox|Today|Upcoming|Search|Add|due|daily|weekly|Undid|empty|Logbook|Tomorrow|overdue|project|area'

test_german_projects() {
  local server=$TASKWIRE key
  if [[ -n ${TW_TEST_CATALOGUE:-} ]]; then
    catalogue_server
    server=$ROOT/taskwire-cat
  else
    catalogue_en
    for key in tw.view.projects tw.ls.area tw.ls.project tw.ls.heading tw.error.ambiguousProject tw.rm.children; do
      if [[ $(jq -r --arg k "$key" '.[$k] // empty' "$ROOT/catalogue.en") == '' ]]; then
        echo "skipped: the server's catalogue lacks $key (rebuild taskwire with the keys of tw-projects.json, or set TW_TEST_CATALOGUE to that fragment)"
        return
      fi
    done
  fi
  local log=$ROOT/german-projects.log
  : >"$log"
  de() { TW_RESIDENT=0 TASKWIRE=$server TASKWIRE_LOCALE=de_DE.UTF-8 "$TW" --db "$DB" "$@" >>"$log" 2>&1; }
  de ls projects
  de area add Zuhause; de project add Garten --area zuhause; de project add Garage
  de heading add Garten Frühling
  de add Beet umgraben '#garten' morgen --project garten
  de add Tulpen pflanzen --project Garten --heading frühling
  de add Zaun reparieren --area Zuhause; de add Samen kaufen
  de ls projects; de ls project garten; de ls area zuhause; de ls project 3
  de mv 8 project garten heading frühling 0; de mv 8 area zuhause; de mv 8 inbox
  de edit 6 --priority 2; de show 6
  de "done" 2; de undo; de ls project 2
  de rm 2; de rm 2 --keep-tasks; de undo; de rm 2 --delete-tasks; de undo
  de ls project ga; de ls project nichts; de ls project 99; de ls area nichts
  de add x --project 2 --heading Herbst
  expect_match "German words" "$(cat "$log")" "Projekt 2"
  local found
  found=$(grep -noEw "$ENGLISH_PROJECTS" "$log")
  [[ -z $found ]] || fail "English words in a German session: $(tr '\n' ' ' <<<"$found")"$'\n'"$(cat "$log")"
}
