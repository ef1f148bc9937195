# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# Tests of what another local user could do to tw, and of what tw says when nothing is wrong:
# files planted in a shared folder, secrets on a command line, a reader that leaves. Sourced by
# run.sh (after resident.sh, whose helpers they use).

# A taskwire that starts no resident server but $DB's: a planted file stays as planted (a
# resident server of the shared store would replace it with its own).
only_db_resident() {
  printf '#!/usr/bin/env bash\n[[ "$*" != *--resident* || "$*" == *" --db %s" ]] || exit 0\nexec "%s" "$@"\n' \
    "$DB" "$TASKWIRE" >"$ROOT/taskwire"
  chmod +x "$ROOT/taskwire"
}

# A link named SHARED.server beside a store in a shared folder, to the private store's file
# (its owner's own): tw must not send the shared store's commands to the private store's
# server, nor stop that server.
test_resident_linked_file() {
  local TW_RESIDENT=1
  export TW_RESIDENT
  tw add Private >/dev/null
  wait_resident || return
  only_db_resident
  mkdir -p "$ROOT/shared"
  chmod 1777 "$ROOT/shared"
  # A symlink; and a hard link (a regular file of ours) whose name only starts like the
  # private store's (…/tasks against …/tasks.sqlite).
  local how shared out
  for how in symlink hardlink; do
    if [[ $how == symlink ]]; then
      shared=$ROOT/shared/tasks.sqlite
      ln -s "$DB.server" "$shared.server"
    else
      shared=${DB%.sqlite}
      ln "$DB.server" "$shared.server"
    fi
    TW_RESIDENT=0 "$TW" --db "$shared" --create tags >/dev/null 2>&1
    out=$(TASKWIRE=$ROOT/taskwire "$TW" --db "$shared" add "Shared $how" 2>&1)
    expect_eq "$how: added" "$out" "$(added 1 inbox "[ ] Shared $how")"
    out=$(TASKWIRE=$ROOT/taskwire "$TW" --json --db "$shared" ls inbox 2>&1 | jq -r '[.groups[].tasks[].title] | join(",")')
    expect_eq "$how: the shared store lists" "$out" "Shared $how"
    expect_eq "$how: the private store is as it was" "$(ids inbox)" "1"
    out=$(TASKWIRE=$ROOT/taskwire "$TW" --db "$shared" server stop 2>&1)
    expect_eq "$how: tw server stop" "$out" "no resident server for $shared"
    resident_alive "$PID" || { fail "$how: the private store's server was stopped"; return; }
  done
}

# A PostgreSQL URL or conninfo with a password reaches the server through the environment,
# never its command line (/proc/PID/cmdline, readable by every local user). The address
# refuses connections: the command fails, which is all right here.
test_secret_not_in_argv() {
  # shellcheck disable=SC2016 # expanded by the wrapper, not here
  printf '#!/usr/bin/env bash\nprintf "%%s\\n" "$*" >>"%s"\nprintf "%%s\\n" "${TASKWIRE_DB-}" >>"%s"\nexec "%s" "$@"\n' \
    "$ROOT/argv" "$ROOT/env" "$TASKWIRE" >"$ROOT/taskwire"
  chmod +x "$ROOT/taskwire"
  local url='postgresql://u:s3cret@127.0.0.1:1/db?connect_timeout=2'
  local conninfo='host=127.0.0.1 port=1 user=u password = s3cret dbname=db connect_timeout=2'
  local how store args
  for how in "--db URL" "TASKWIRE_DB URL" "--db conninfo" "TASKWIRE_DB conninfo" "edit --tag"; do
    store=$url args=(ls)
    [[ $how == *conninfo ]] && store=$conninfo
    [[ $how == edit* ]] && args=(edit 1 --tag x)
    : >"$ROOT/argv"
    : >"$ROOT/env"
    # (A default store, were the server to fall back to it, would be made here.)
    if [[ $how == --db* ]]; then
      XDG_DATA_HOME=$ROOT/xdg TASKWIRE=$ROOT/taskwire "$TW" --db "$store" "${args[@]}" >"$ROOT/out" 2>"$ROOT/err"
    else
      XDG_DATA_HOME=$ROOT/xdg TASKWIRE=$ROOT/taskwire TASKWIRE_DB=$store "$TW" "${args[@]}" >"$ROOT/out" 2>"$ROOT/err"
    fi
    RC=$? ERR=$(cat "$ROOT/err")
    expect_rc 1 "$how: an unreachable server"
    [[ -s $ROOT/argv ]] || fail "$how: no server started"
    grep -q s3cret "$ROOT/argv" && fail "$how: the password on a command line: $(cat "$ROOT/argv")"
    expect_eq "$how: the store in TASKWIRE_DB" "$(sort -u "$ROOT/env")" "$store"
    [[ $ERR == *s3cret* ]] && fail "$how: the password on stderr: $ERR"
    [[ -e $ROOT/xdg ]] && fail "$how: the server used the default store, not TASKWIRE_DB"
    rm -rf "$ROOT/xdg"
  done
  # An SQLite store is still named by --db (the resident server is known by it), and a
  # TASKWIRE_DB that --db overrides is not passed on.
  : >"$ROOT/argv"
  : >"$ROOT/env"
  TW_RESIDENT=0 TASKWIRE=$ROOT/taskwire TASKWIRE_DB=$url "$TW" --db "$DB" tags >/dev/null ||
    fail "an SQLite --db beside a TASKWIRE_DB URL"
  expect_eq "an SQLite store's arguments" "$(cat "$ROOT/argv")" "--quiet --db $DB"
  expect_eq "and no TASKWIRE_DB" "$(cat "$ROOT/env")" ""
}

# A reader that leaves before the end (tw ls | head -1) is no failure of the server: tw is as
# quiet as any filter, through a server of its own, the resident one, with gojq and jq 1.6.
test_reader_gone() {
  local TW_RESIDENT=1
  export TW_RESIDENT
  local title i
  printf -v title '%0100d' 0
  for ((i = 0; i < 1000; i++)); do printf 'Task %s %d\n' "$title" "$i"; done | tw add - >/dev/null
  # (1000 lines of over 100 bytes: more than a pipe holds, so jq meets the closed pipe.)
  local expected how jq out err
  expected=$(tw ls all | head -n 1)
  tw ls >/dev/null
  wait_resident || return
  for how in "TW_RESIDENT=0" "TW_RESIDENT=1"; do
    for jq in gojq jq; do
      command -v "$jq" >/dev/null || continue
      out=$(env "$how" TW_JQ="$jq" "$TW" --db "$DB" ls all 2>"$ROOT/err" | head -n 1)
      err=$(cat "$ROOT/err")
      expect_eq "$how $jq: the first line" "$out" "$expected"
      expect_eq "$how $jq: nothing on stderr" "$err" ""
    done
  done
  out=$(timeout 20 "$TW" --db "$DB" watch all 2>"$ROOT/err" | head -n 1)
  expect_eq "watch: the first line" "$out" "$expected"
  expect_eq "watch: nothing on stderr" "$(cat "$ROOT/err")" ""
  expect_match "the store still answers" "$(tw ls inbox | tail -n 1)" " Task $title 999\$"
}
