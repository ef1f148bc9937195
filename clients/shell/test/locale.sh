# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# The tests of what the server words (display parts, the catalogue), sourced by run.sh: the
# shared fixture (Protocol/fixtures/display.json) drawn by tw ls in English and German, and a
# German session in which tw says no English word.

FIXTURE="$here/../../../Protocol/fixtures/display.json"

# fixture_server: $ROOT/taskwire, the server at the fixture's clock and time zone (not run.sh's
# clock); FIXTURE_AT: those two options, for the import of its store.
fixture_server() {
  local clock zone
  clock=$(jq -r .clock "$FIXTURE") zone=$(jq -r .timeZone "$FIXTURE")
  FIXTURE_AT=(--clock "$clock" --time-zone "$zone")
  printf '#!/usr/bin/env bash\nexec "%s" --clock "%s" --time-zone "%s" "$@"\n' "$TASKWIRE_BINARY" "$clock" "$zone" >"$ROOT/taskwire"
  chmod +x "$ROOT/taskwire"
}

# visible: what a person reads of tw ls: the headers, and each task line without its id.
visible() { sed -E 's/^  +[0-9]+  (\[[ x]\] )/\1/'; }

test_fixture() {
  [[ -f $FIXTURE ]] || { echo "skipped: no Protocol/fixtures/display.json"; return; }
  local store
  store="$(dirname "$FIXTURE")/$(jq -r .store "$FIXTURE")"
  fixture_server
  "$TASKWIRE_BINARY" import "${FIXTURE_AT[@]}" --db "$DB" "$store" >/dev/null 2>"$ROOT/err" || { fail "import: $(cat "$ROOT/err")"; return; }
  local locale view expected got empty
  for locale in en de; do
    empty=$(jq -r '.strings["list.empty"]' < <(printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"locale":"'"$locale"'"}}' \
      '{"jsonrpc":"2.0","id":1,"method":"catalogue/get"}' | "$TASKWIRE" --memory --quiet | jq -c 'select(.id == 1) | .result'))
    while IFS= read -r view; do
      expected=$(jq -r --arg l "$locale" --arg v "$view" '.views[$l][$v][] | .header, .tasks[]' "$FIXTURE")
      got=$(TW_RESIDENT=0 TZ=UTC TASKWIRE=$ROOT/taskwire TASKWIRE_LOCALE=$locale "$TW" --db "$DB" ls "$view" 2>&1)
      got=$(visible <<<"$got" | grep -vxF "  $empty")
      expect_eq "$locale $view" "$got" "$expected"
    done < <(jq -r --arg l "$locale" '.views[$l] | keys[]' "$FIXTURE")
  done
}

# English words that must not appear in a German session (whole words, case as written).
ENGLISH='Inbox|Today|Upcoming|Search|Add|Added|due|daily|weekly|Undid|Redid|empty|Logbook|Tomorrow|overdue|Created|Moved|Scheduled|Updated|Deleted|Completed|Reopened|position|unknown|needs'

test_german() {
  local log=$ROOT/german.log
  : >"$log"
  # de: every command of a day's use; the task data is German too (quick add reads German).
  de() { TASKWIRE_LOCALE=de_DE.UTF-8 "$TW" --db "$DB" "$@" >>"$log" 2>&1; }
  de add Mama anrufen '#familie' '!!' morgen 30m wöchentlich
  de add Milch kaufen heute fällig heute
  de add Steuer erledigen
  de add Zahnarzt jeden mo und mi
  de add Blumen gießen alle 3 tage
  printf '%s\n' 'Brot holen' 'Rechnung zahlen übermorgen' | de add -
  de ls; de ls inbox; de ls upcoming; de ls matrix; de ls all
  de mv 3 today 0; de mv 3 inbox; de mv 3 "in 5 tagen"
  de sched 3 morgen; de sched 3 none
  de edit 1 --priority high --urgent --duration 1h30m --due "in 2 tagen" --notes "nach Sonntag fragen"
  de edit 2 --date gestern
  de ls; de show 1
  de "done" 2; de undone 2; de "done" 2; de ls logbook
  de rm 6; de undo; de redo; de log 5; de tags; de find milch; de find nichts
  EDITOR=true de edit 1
  # What goes wrong: the server's errors and tw's own usage errors.
  de "done" 99; de sched 1 irgendwann; de mv 1 today 9; de rpc keine/methode
  de frobnicate; de add; de ls irgendwo; de add x --priority 7
  de add x --duration bald; de mv 1; de log 0; de show x; de --bogus
  printf '%s\n' 'add A' 'frobnicate' | de batch
  # (tw itself in the background, not the function: the signal must reach tw, or it is left.)
  TASKWIRE_LOCALE=de_DE.UTF-8 "$TW" --db "$DB" watch today </dev/null >>"$log" 2>&1 &
  local pid=$!
  sleep 1; de add Neu heute; sleep 1; kill -TERM "$pid"; wait "$pid"
  TW_RESIDENT=1 de server status
  expect_match "German words" "$(cat "$log")" "Eingang"
  expect_match "German days" "$(cat "$log")" "Morgen · "
  local found
  found=$(grep -noEw "$ENGLISH" "$log")
  # The values an option takes are tw's syntax, as its command names are (--sort due, --every
  # weekly): a message that lists them names them as they are typed, in German words around.
  TASKWIRE_LOCALE=de "$TW" --db "$DB" ls --sort zufall 2>"$ROOT/err"
  expect_match "an option's values" "$(cat "$ROOT/err")" "^tw: --sort ist manual, priority, duration, due, title oder project, nicht 'zufall'"
  [[ -z $found ]] || fail "English words in a German session: $(tr '\n' ' ' <<<"$found")"$'\n'"$(cat "$log")"
}

# A time of day read by quick add is the first part after the title, as the session's language
# writes it; a new date keeps it, the Inbox takes it away.
test_times() {
  local d1 d2
  d1=$(day 1) d2=$(day 2)
  tw add Dentist tomorrow at 3pm >/dev/null
  tw add Stand-up 9:30 @meeting >/dev/null
  expect_eq "ls upcoming" "$(tw ls upcoming)" "$(day_name "$d1") · 15m"$'\n'"  1  [ ] Dentist  3 PM"
  expect_eq "ls today" "$(tw ls today)" "$(day_name "$TODAY") · 15m"$'\n'"  2  [ ] Stand-up  9:30 AM  @meeting"
  expect_match "show" "$(tw show 1)" $'\n'"  Date       $d1 15:00"$'\n'
  TASKWIRE_LOCALE=de_DE.UTF-8 run ls upcoming
  expect_match "German ls upcoming" "$OUT" "^Morgen · [^"$'\n'"]+ · 15 Min\\."$'\n'"  1  \\[ \\] Dentist  15:00$"
  TASKWIRE_LOCALE=de_DE.UTF-8 run add Zahnarzt übermorgen um 15:30 Uhr
  expect_match "German quick add" "$OUT" $'\n'"  3  \\[ \\] Zahnarzt  15:30$"
  expect_match "English again" "$(tw ls upcoming)" $'\n'"  3  \\[ \\] Zahnarzt  3:30 PM$"
  tw sched 1 "$d2" >/dev/null
  expect_eq "a new date keeps the time" "$(tw ls upcoming)" \
    "$(day_name "$d2") · 30m"$'\n'"  3  [ ] Zahnarzt  3:30 PM"$'\n'"  1  [ ] Dentist  3 PM"
  tw mv 1 inbox >/dev/null
  expect_eq "the Inbox takes it away" "$(tw ls inbox)" "Inbox · 15m"$'\n'"  1  [ ] Dentist"
}
