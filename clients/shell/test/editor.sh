# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# The tests of tw show, tw edit in $EDITOR and the #tags of title words beside --tag, sourced
# by run.sh.

test_show() {
  tw add Call mom '#family' '!!' tomorrow 30m weekly --due "in 5 days" --urgent --type errand \
    --notes $'ask about Sunday\n\nand the car' >/dev/null
  tw add Other >/dev/null
  tw edit 1 --duration 45 >/dev/null
  local d1 d5
  d1=$(day 1) d5=$(day 5)
  run show 1
  expect_rc 0 "show"
  # The labels and words are the catalogue's, the parts and the day the server's.
  expect_eq "the head" "$(head -3 <<<"$OUT")" "1  [ ] Call mom  !!  *  #family  @errand  45m  ↻ weekly  ✎  $(due_text "$d5")
  Title      Call mom
  List       $(day_name "$d1"), position 0"
  expect_match "dates" "$OUT" $'\n'"  Date       $d1"$'\n'"  Due        $d5"$'\n'
  expect_match "priority" "$OUT" $'\n'"  Priority   Medium \(2\)"$'\n'"  Urgent     yes"$'\n'"  Duration   45m"$'\n'"  Type       Errand"$'\n'"  Repeat     weekly"$'\n'"  Tags       #family"$'\n'"  Completed  no"$'\n'
  expect_match "stamps" "$OUT" $'\n'"  Created    $TODAY [0-9]{2}:[0-9]{2}"$'\n'"  Updated    $TODAY [0-9]{2}:[0-9]{2}"$'\n'
  expect_match "notes in full" "$OUT" $'\n'"  Notes"$'\n'"    ask about Sunday"$'\n'"    "$'\n'"    and the car"$'\n'
  expect_match "its history, not another's" "$OUT" $'\n'"  History"$'\n'" +3  [0-9: -]+  Update 'Call mom'  \(tw\)"$'\n'" +1  [0-9: -]+  Create 'Call mom'  \(tw\)$"
  tw "done" 2 >/dev/null
  run show 2
  expect_match "completed" "$OUT" $'\n'"  List       -"$'\n'".*  Duration   15 min"$'\n'".*  Completed  yes, $TODAY [0-9]{2}:[0-9]{2}"$'\n'
  expect_match "no notes" "$OUT" $'\n'"  Notes      -"$'\n'
  run --json show 1
  expect_eq "--json" "$(jq -c 'if has("task") then .task.notes else [.steps[].label] end' <<<"$OUT")" \
    '"ask about Sunday\n\nand the car"'$'\n''["Update '"'Call mom'"'","Create '"'Call mom'"'"]'
  run show 9; expect_error -32010 "show of an unknown task"
  run show x; expect_rc 2 "show without an id"
  run show 1 2; expect_rc 2 "show of two ids"
}

# An editor: a script that applies sed expressions (in $EDIT_SED) to the file and records its
# arguments; another writer's command (in $EDIT_MEANWHILE) runs while it "edits".
make_editor() {
  cat >"$ROOT/editor" <<'SH'
#!/usr/bin/env bash
printf '%s\n' "$@" >"$EDIT_ARGS"
cp "$1" "$EDIT_SEEN"
[[ -z ${EDIT_MEANWHILE:-} ]] || eval "$EDIT_MEANWHILE"
sed -i -e "$EDIT_SED" "$1"
SH
  chmod +x "$ROOT/editor"
  export EDIT_ARGS=$ROOT/editor.args EDIT_SEEN=$ROOT/editor.seen
}

# shellcheck disable=SC2016 # (sed scripts, in single quotes)
test_edit_editor() {
  make_editor
  local tmp
  tmp=$(mktemp -d "$ROOT/tmp.XXXXXX")
  tw add Call mom '#family' --notes "ask about Sunday" --today >/dev/null
  # The form: every field, the notes last.
  EDIT_SED='$!b' TMPDIR=$tmp EDITOR=$ROOT/editor run edit 1
  expect_eq "unchanged" "$OUT" "No change: task 1 not updated"
  expect_rc 0 "no change"
  expect_eq "the form" "$(grep -v '^#' "$EDIT_SEEN")" "title: Call mom
date: $TODAY
time: 
due: 
due-time: 
priority: 1
urgent: no
duration: 15
type: maintenance
every: none
tags: family
notes:
ask about Sunday"
  expect_match "a file of its own" "$(cat "$EDIT_ARGS")" "^$tmp/tw-edit-1\.[A-Za-z0-9]+$"
  expect_eq "no file left" "$(ls "$tmp")" ""
  expect_eq "no step" "$(tw --json log 1 | jq -r '.steps[0].label')" "Create 'Call mom'"
  # Changes: one update, one undo step. VISUAL wins over EDITOR.
  EDIT_SED='s/^title: .*/title: Call dad/; s/^priority: .*/priority: high/; s/^urgent: .*/urgent: yes/; s/^tags: .*/tags: family #phone/; s/^due: .*/due: in 3 days/; s/^every: .*/every: weekly!/; $a and the car' \
    TMPDIR=$tmp VISUAL=$ROOT/editor EDITOR=false run edit 1
  expect_rc 0 "edit in the editor"
  expect_eq "saved" "$OUT" "Updated 1 in Today: [ ] Call dad  !!!  *  #family #phone  ↻ weekly!  ✎  $(due_text "$(day 3)")"
  expect_eq "notes" "$(tw --json rpc task/get '{"id":1}' | jq -r .task.notes)" $'ask about Sunday\nand the car'
  expect_eq "no file left" "$(ls "$tmp")" ""
  expect_eq "one step" "$(tw undo)" "Undid: Update 'Call dad'"
  expect_eq "all undone" "$(tw --json rpc task/get '{"id":1}' | jq -c '.task | [.title, .priority, .urgent, .tags, .notes, .dueDate]')" \
    '["Call mom",1,false,["family"],"ask about Sunday",null]'
  # Clearing fields, an editor given with arguments.
  EDIT_SED='s/^tags: .*/tags:/; s/^date: .*/date: none/; /^notes:/,$d' TMPDIR=$tmp EDITOR="bash $ROOT/editor" run edit 1
  expect_eq "cleared" "$OUT" "Updated 1 in Inbox: [ ] Call mom"
  expect_eq "notes gone" "$(tw --json rpc task/get '{"id":1}' | jq -c '.task | [.notes, .tags]')" '[null,[]]'
  # The task changed meanwhile: nothing saved, the text kept in the file it names.
  EDIT_SED='s/^title: .*/title: Mine/' EDIT_MEANWHILE="'$TW' --db '$DB' edit 1 --urgent >/dev/null" \
    TMPDIR=$tmp EDITOR=$ROOT/editor run edit 1
  expect_rc 1 "changed meanwhile"
  expect_match "says so" "$ERR" "^tw: task 1 was changed while you edited it \(updated [0-9TZ:-]+, now [0-9TZ:-]+\): nothing saved; run tw edit 1 again and copy your changes over"$'\n'"tw: your text is kept in $tmp/tw-edit-1\.[A-Za-z0-9]+$"
  local kept=${ERR##* }
  expect_eq "the text kept" "$(grep '^title' "$kept" 2>&1)" "title: Mine"
  expect_eq "theirs stays" "$(tw --json rpc task/get '{"id":1}' | jq -c '.task | [.title, .urgent]')" '["Call mom",true]'
  rm -f "$kept"
  # A wrong value, a failing editor, an empty form: nothing saved.
  EDIT_SED='s/^priority: .*/priority: huge/' TMPDIR=$tmp EDITOR=$ROOT/editor run edit 1
  expect_rc 2 "a wrong value"
  expect_match "a wrong value: kept" "$ERR" "priority is 1, 2 or 3.*"$'\n'".*"$'\n'"tw: your text is kept in $tmp/"
  EDIT_SED='s/^due: .*/due: someday/' TMPDIR=$tmp EDITOR=$ROOT/editor run edit 1
  expect_rc 1 "a phrase the server refuses"
  expect_match "a phrase refused: kept" "$ERR" "someday.*"$'\n'"tw: your text is kept in $tmp/"
  TMPDIR=$tmp EDITOR=false run edit 1
  expect_rc 1 "a failing editor"
  expect_match "editor failed" "$ERR" "^tw: the editor \(false\) exited with status 1: nothing saved"
  EDIT_SED='d' TMPDIR=$tmp EDITOR=$ROOT/editor run edit 1
  expect_rc 1 "an empty form"
  expect_match "empty" "$ERR" "^tw: the form is empty: nothing saved$"
  expect_eq "3 kept files" "$(find "$tmp" -type f | wc -l)" 3
  expect_eq "nothing saved" "$(tw --json log 1 | jq -r '.steps[0].label')" "Update 'Call mom'"
  expect_eq "still" "$(tw --json rpc task/get '{"id":1}' | jq -c '.task | [.title, .priority, .dueDate]')" '["Call mom",1,null]'
  run edit 9; expect_error -32010 "the editor on an unknown task"
  run - <<<"edit 1"; expect_rc 2 "the editor in a batch"
}

# shellcheck disable=SC2016 # (sed scripts, in single quotes)
test_edit_times() {
  make_editor
  local tmp d1
  tmp=$(mktemp -d "$ROOT/tmp.XXXXXX") d1=$(day 1)
  tw add Call mom --today >/dev/null
  # Through the form: time and due-time below their dates, 9:30 sent as 09:30.
  EDIT_SED='s/^time: .*/time: 9:30/; s/^due: .*/due: tomorrow/; s/^due-time: .*/due-time: 17:00/' \
    TMPDIR=$tmp EDITOR=$ROOT/editor run edit 1
  expect_rc 0 "times in the form"
  expect_eq "saved" "$OUT" "Updated 1 in Today: [ ] Call mom  9:30 AM  due tomorrow 5 PM"
  expect_eq "stored" "$(tw --json rpc task/get '{"id":1}' | jq -c '.task | [.scheduledDate, .scheduledTime, .dueDate, .dueTime]')" \
    "[\"$TODAY\",\"09:30\",\"$d1\",\"17:00\"]"
  expect_match "show" "$(tw show 1)" $'\n'"  Date       $TODAY 09:30"$'\n'"  Due        $d1 17:00"$'\n'
  # A deadline's time without a deadline: the server's words, the text kept.
  EDIT_SED='s/^due: .*/due: none/; s/^due-time: .*/due-time: 18:00/' TMPDIR=$tmp EDITOR=$ROOT/editor run edit 1
  expect_rc 1 "refused"
  expect_match "the form showed them" "$(cat "$EDIT_SEEN")" $'\n'"time: 09:30"$'\n'"due: $d1"$'\n'"due-time: 17:00"$'\n'
  expect_match "why" "$ERR" "^tw: dueTime needs a dueDate: 18:00 on which day\?"$'\n'"tw: your text is kept in $tmp/"
  rm -f "$tmp"/*
  # Emptied or none: cleared (through the form and as options).
  EDIT_SED='s/^due-time: .*/due-time:/' TMPDIR=$tmp EDITOR=$ROOT/editor run edit 1
  expect_eq "due-time cleared" "$OUT" "Updated 1 in Today: [ ] Call mom  9:30 AM  due tomorrow"
  run edit 1 --time none --due-time 8:00
  expect_eq "options" "$OUT" "Updated 1 in Today: [ ] Call mom  due tomorrow 8 AM"
  run edit 1 --time 25:00
  expect_error -32602 "no time of day"
  expect_eq "stored at last" "$(tw --json rpc task/get '{"id":1}' | jq -c '.task | [.scheduledTime, .dueTime]')" \
    '[null,"08:00"]'
}

test_tags_in_words() {
  tw add Call mom '#family' >/dev/null
  # Title words without a tag beside --tag: both done.
  expect_eq "words and --tag" "$(tw edit 1 Call dad --tag phone)" "Updated 1 in Inbox: [ ] Call dad  #family #phone"
  expect_eq "a#b is no tag" "$(tw edit 1 'Mail a#b' --untag phone)" "Updated 1 in Inbox: [ ] Mail a#b  #family"
  expect_eq "+3 is a date" "$(tw --json edit 1 Call +3 --tag x | jq -c '.task | [.title, .tags, .scheduledDate]')" \
    "[\"Call\",[\"family\",\"x\"],\"$(day 3)\"]"
  # A #tag in the words and --tag: which list is meant? Refused.
  run edit 1 Call '#y' --tag x; expect_rc 2 "a #tag in the words and --tag"
  expect_match "says why" "$ERR" "give new #tags in the title words or with --tag, not both"
  run edit 1 'Call +y' --untag x; expect_rc 2 "a +tag in the words and --untag"
  # add: --tag and the words' #tags are all the task's.
  expect_eq "add: both" "$(tw add Buy '#milk,' --tag shop)" "$(added 2 inbox "[ ] Buy  #shop #milk")"
  expect_eq "add: +2 is a date" "$(tw --json add Soon +2 --tag x | jq -c '.task | [.title, .tags]')" '["Soon",["x"]]'
  expect_eq "add: * is no tag" "$(tw add 'Read #book' '*' --tag x)" "$(added 4 inbox "[ ] Read  *  #x #book")"
}
