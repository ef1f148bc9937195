# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# The tests of the store's resident server (lib/resident.sh, `taskwire --resident`): real bash
# reaches it over /dev/tcp; sourced by run.sh. Each starts with TW_RESIDENT=1, whatever the
# suite runs with, and run_test stops the server after each test.

# A taskwire that writes its arguments to $ROOT/starts before it runs.
counting_server() {
  printf '#!/usr/bin/env bash\nprintf "%%s\\n" "$*" >>"%s"\nexec "%s" "$@"\n' "$ROOT/starts" "$TASKWIRE" >"$ROOT/taskwire"
  chmod +x "$ROOT/taskwire"
  : >"$ROOT/starts"
}
# resident_alive PID: from lib/resident.sh (a zombie, not yet reaped, does not count).
# shellcheck source=../lib/resident.sh
. "$here/../lib/resident.sh"
# direct_starts: how many servers of their own the commands started (not resident ones).
direct_starts() { grep -vc -- --resident "$ROOT/starts"; }
resident_starts() { grep -c -- --resident "$ROOT/starts"; }
# wait_resident: waits (5 s at most) for the store's server file; sets PORT, CLIENT, SERVER, PID.
wait_resident() {
  local i
  for ((i = 0; i < 100; i++)); do
    [[ -s $DB.server ]] && read -r PORT CLIENT SERVER PID ZONE <"$DB.server" && RSTORE=$DB resident_is_ours "$PID" && return 0
    sleep 0.05
  done
  fail "no resident server for $DB"
  return 1
}

test_resident_serves() {
  counting_server
  local TW_RESIDENT=1 TASKWIRE=$ROOT/taskwire
  export TW_RESIDENT TASKWIRE
  expect_eq "the first command" "$(tw add Alpha --today)" "$(added 1 today "[ ] Alpha")"
  wait_resident || return
  expect_eq "it served itself and started one" "$(direct_starts) $(resident_starts)" "1 1"
  expect_eq "the file is the owner's only" "$(stat -c %a "$DB.server")" 600
  expect_eq "the next commands" "$(tw add Beta --today)" "$(added 2 today "[ ] Beta")"
  tw mv 2 today 0 >/dev/null; tw "done" 1 >/dev/null
  expect_eq "ls" "$(tw ls)" "$(day_name "$TODAY") · 15m
  2  [ ] Beta"
  run sched 9 tomorrow
  expect_error -32010 "an error through it"
  expect_eq "no server of their own" "$(direct_starts) $(resident_starts)" "1 1"
  # A change by another process (a server of its own) is there for the next command.
  TW_RESIDENT=0 tw add Gamma --today >/dev/null
  expect_eq "another writer's change" "$(tw ls | tail -n 1)" "  3  [ ] Gamma"
  # The language is the session's, not the last command's.
  expect_match "German" "$(TASKWIRE_LOCALE=de_DE.UTF-8 tw ls)" "^Heute"
  expect_match "then English" "$(tw ls)" "^Today"
  expect_eq "tw server status" "$(tw server status)" "resident server $PID on 127.0.0.1:$PORT for $DB"
}

test_resident_handshake() {
  local TW_RESIDENT=1
  export TW_RESIDENT
  tw add Alpha >/dev/null
  wait_resident || return
  local fd line
  # A wrong token: the connection is closed, nothing read after it is done, and the server's
  # own token is not given away.
  exec {fd}<>"/dev/tcp/127.0.0.1/$PORT"
  printf '%s\n' "not-the-token -" '{"jsonrpc":"2.0","id":0,"method":"initialize"}' \
    '{"jsonrpc":"2.0","id":1,"method":"task/create","params":{"title":"Intruder"}}' >&"$fd"
  line=''
  IFS= read -r -t 2 line <&"$fd" 2>/dev/null
  expect_eq "a wrong token: closed unanswered" "$line" ""
  exec {fd}<&-
  expect_eq "and nothing changed" "$(tw ls inbox | tail -n 1)" "  1  [ ] Alpha"
  # The right one is answered with the server's token.
  exec {fd}<>"/dev/tcp/127.0.0.1/$PORT"
  printf '%s %s\n' "$CLIENT" "$ZONE" >&"$fd"
  IFS= read -r -t 2 line <&"$fd"
  expect_eq "the right token: the server's own in answer" "$line" "$SERVER"
  exec {fd}<&-
  # Another zone than the server's: tw serves itself (the server reads dates in its own zone).
  counting_server
  expect_eq "another TZ" "$(TASKWIRE=$ROOT/taskwire TZ=Pacific/Kiritimati tw ls inbox | tail -n 1)" "  1  [ ] Alpha"
  expect_eq "answered by a server of its own" "$(direct_starts)" 1
  # A server file that is not ours (planted in a shared folder by someone else) is not used.
  chown nobody "$DB.server"
  : >"$ROOT/starts"
  expect_eq "a file of another user's" "$(TASKWIRE=$ROOT/taskwire tw ls inbox | tail -n 1)" "  1  [ ] Alpha"
  expect_eq "not trusted: a server of its own" "$(direct_starts)" 1
  chown "$(id -u)" "$DB.server"
}

test_resident_cut_off() {
  # A server that answers initialize and then drops the connection: tw must not look done.
  local TW_RESIDENT=1
  export TW_RESIDENT
  tw add Alpha >/dev/null
  wait_resident || return
  kill -KILL "$PID"
  # Its port is free only once it is gone: until then the kernel still queues connections for
  # it, and a fake that bound too early would wait for a client that never comes.
  local i
  for ((i = 0; i < 200; i++)); do resident_alive "$PID" || break; sleep 0.05; done
  rm -f "$ROOT/fake.ready"
  # (The fake's arguments end like this store's server's: tw talks to no other process.)
  python3 - "$PORT" "$CLIENT" "$SERVER" "$ROOT/fake.ready" --resident --db "$DB" <<'PY' &
import socket, sys
port, client, server, ready = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", port))
listener.listen(1)
listener.settimeout(20)  # never outlive the test: tw comes at once or not at all
open(ready, "w").close()
connection, _ = listener.accept()
connection.settimeout(20)
with connection, connection.makefile("rb") as reader:
    if reader.readline().split(b" ")[0].decode() == client:
        connection.sendall((server + "\n").encode())
        reader.readline()
        connection.sendall(b'{"jsonrpc":"2.0","id":"init//","result":{"today":"2026-01-01","locale":"en"}}\n')
PY
  local fake=$!
  for ((i = 0; i < 200; i++)); do [[ -e $ROOT/fake.ready ]] && break; sleep 0.05; done
  [[ -e $ROOT/fake.ready ]] || { fail "the fake server did not start"; kill "$fake"; return; }
  printf '%s %s %s %s %s\n' "$PORT" "$CLIENT" "$SERVER" "$fake" "$ZONE" >"$DB.server"
  run add Important
  expect_rc 1 "a cut connection"
  expect_match "says so" "$(tail -n 1 <<<"$ERR")" "^tw: the resident server closed the connection"
  wait "$fake" 2>/dev/null
}

test_resident_stale() {
  local TW_RESIDENT=1
  export TW_RESIDENT
  tw add Alpha >/dev/null
  wait_resident || return
  local old=$PID
  kill -KILL "$old"
  sleep 0.1
  expect_eq "after the server was killed" "$(tw add Beta)" "$(added 2 inbox "[ ] Beta")"
  local i
  for ((i = 0; i < 100; i++)); do
    read -r PORT CLIENT SERVER PID ZONE <"$DB.server"
    [[ $PID != "$old" ]] && resident_alive "$PID" && break
    sleep 0.05
  done
  [[ $PID != "$old" ]] || fail "no new resident server"
  expect_eq "the new one serves" "$(tw ls inbox | tail -n 1)" "  2  [ ] Beta"
  # A stale file whose pid now belongs to another process: that process is left alone, and a
  # resident server is started all the same.
  sleep 30 &
  local other=$!
  kill -KILL "$PID"
  sleep 0.1
  printf '%s %s %s %s %s\n' "$PORT" "$CLIENT" "$SERVER" "$other" "$ZONE" >"$DB.server"
  expect_eq "status" "$(tw server status)" "no resident server for $DB"
  tw server stop >/dev/null
  resident_alive "$other" || fail "tw server stop killed an unrelated process"
  kill "$other"
  tw ls >/dev/null
  wait_resident
  [[ $PID != "$other" ]] || fail "no resident server started after a stale file"
}

test_resident_rebuilt() {
  # A rebuilt taskwire: the old server leaves at the next connection, and tw serves itself.
  mkdir -p "$ROOT/bin"
  cp "$TASKWIRE_BINARY" "$ROOT/bin/taskwire"
  local TW_RESIDENT=1 TASKWIRE=$ROOT/bin/taskwire
  export TW_RESIDENT TASKWIRE
  tw add Alpha >/dev/null
  wait_resident || return
  local old=$PID
  cp "$ROOT/bin/taskwire" "$ROOT/bin/taskwire.new"
  mv "$ROOT/bin/taskwire.new" "$ROOT/bin/taskwire"
  expect_eq "the command after the rebuild" "$(tw add Beta)" "$(added 2 inbox "[ ] Beta")"
  sleep 0.2
  resident_alive "$old" && fail "the old server is still running"
}

test_resident_stop() {
  local TW_RESIDENT=1
  export TW_RESIDENT
  tw add Alpha >/dev/null
  wait_resident || return
  expect_eq "stop" "$(tw server stop)" "stopped the resident server for $DB"
  sleep 0.1
  resident_alive "$PID" && fail "still running"
  [[ -e $DB.server ]] && fail "its file is still there"
  expect_eq "status" "$(tw server status)" "no resident server for $DB"
  # Idle: a server started by hand with a short idle time leaves by itself, and tidies up.
  "$TASKWIRE" --quiet --resident --idle-minutes 0.01 --db "$DB" </dev/null >/dev/null 2>&1 &
  wait_resident || return
  local i
  for ((i = 0; i < 60; i++)); do resident_alive "$PID" || break; sleep 0.05; done
  resident_alive "$PID" && fail "an idle server did not leave"
  [[ -e $DB.server ]] && fail "an idle server left its file"
  # A store the server cannot serve: a URL, or TW_RESIDENT=0.
  run server status --db "postgresql://nobody@/none"
  TW_RESIDENT=0 run server status
  expect_rc 1 "TW_RESIDENT=0"
  expect_match "TW_RESIDENT=0: why" "$ERR" "no resident server for this store"
}

# unsent_changes: the changes this replica holds for the shared store (a server of its own,
# offline, asked for sync/status).
unsent_changes() {
  printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize"}' '{"jsonrpc":"2.0","id":1,"method":"sync/status"}' |
    "$TASKWIRE" --db "$DB" --replica --offline --quiet | jq -r 'select(.id == 1) | .result.unsent'
}

test_resident_on_a_replica() {
  local TW_RESIDENT=1
  export TW_RESIDENT
  # The store becomes a device's replica (no shared store reachable: its changes wait in it).
  printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize"}' \
    '{"jsonrpc":"2.0","id":1,"method":"task/create","params":{"title":"Alpha","view":"today"}}' |
    "$TASKWIRE" --db "$DB" --replica --offline --device-id 00000000000000a1 --quiet >/dev/null
  local before
  before=$(unsent_changes)
  expect_match "a replica with changes to send" "$before" '^[0-9]+$'
  expect_eq "tw through its resident server" "$(tw add Beta --today)" "$(added 2 today "[ ] Beta")"
  wait_resident || return
  tw mv 2 today 0 >/dev/null
  # Each change through the resident server kept its record, for the next sync.
  expect_eq "both changes wait to be sent" "$(unsent_changes)" "$((before + 2))"
  expect_eq "tw ls" "$(tw ls | tail -n 2)" "  2  [ ] Beta
  1  [ ] Alpha"
}

# titles FILE: the titles in a replica file's Today, read by a server of its own (offline).
titles() {
  printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize"}' \
    '{"jsonrpc":"2.0","id":1,"method":"view/list","params":{"view":"today"}}' |
    "$TASKWIRE" --db "$1" --replica --offline --quiet | jq -r 'select(.id == 1) | [.result.groups[].tasks[].title] | join(" ")'
}

# A replica's resident server syncs through $TASKWIRE_SHARED_DB (never its arguments) as a
# device's server does: tw's changes reach another device, and another device's change reaches
# tw while the resident server runs.
test_resident_syncs_a_replica() {
  if [[ -z ${TASKWIRE_TEST_POSTGRES:-} ]]; then
    echo "skipped: no TASKWIRE_TEST_POSTGRES"
    return
  fi
  local TW_RESIDENT=1 TASKWIRE_SHARED_DB="$TASKWIRE_TEST_POSTGRES&options=-csearch_path%3Dtw_sync_$$_$RANDOM"
  export TW_RESIDENT TASKWIRE_SHARED_DB
  local other i
  other="$(dirname "$DB")/other.sqlite"
  printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize"}' |
    "$TASKWIRE" --db "$DB" --replica --offline --device-id 00000000000000a1 --quiet >/dev/null
  tw add Beta --today >/dev/null
  wait_resident || return
  [[ $(tr '\0' ' ' <"/proc/$PID/cmdline") == *tw_sync_* ]] && fail "the shared store in the resident server's arguments"
  # The other device, made from the shared store: synced until tw's change is there (5 s at most).
  for ((i = 0; i < 50; i++)); do
    "$TASKWIRE" sync --db "$other" --device-id 00000000000000b2 >/dev/null 2>&1
    [[ $(titles "$other") == *Beta* ]] && break
    sleep 0.1
  done
  expect_eq "tw's change on the other device" "$(titles "$other")" "Beta"
  printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize"}' \
    '{"jsonrpc":"2.0","id":1,"method":"task/create","params":{"title":"Gamma","view":"today"}}' |
    "$TASKWIRE" --db "$other" --replica --offline --quiet >/dev/null
  "$TASKWIRE" sync --db "$other" >/dev/null 2>&1 || fail "the other device's sync failed"
  # The resident server hears it (NOTIFY, or its pull every 5 s): 10 s at most.
  for ((i = 0; i < 100; i++)); do
    [[ $(tw ls today) == *Gamma* ]] && break
    sleep 0.1
  done
  expect_match "the other device's change through tw" "$(tw ls today)" "Gamma"
  expect_eq "nothing waits to be sent" "$(tw --json rpc sync/status | jq -r .unsent)" "0"
}
