# shellcheck shell=bash
# resident.sh: the store's resident server (`taskwire --resident`), sourced by tw. A command
# that finds none serves itself and starts one in the background; the next commands reach it
# over bash's own /dev/tcp (no helper process), skipping a process start and the load of every
# task. Its port and the two tokens of the handshake are in STORE.server (mode 0600): the
# server proves itself first, then we do, then JSON-RPC follows (Protocol/README.md).
# TW_RESIDENT=0 turns it off. It leaves after 10 idle minutes; `tw server stop` stops it now.

RSTORE=''      # the store file, as an absolute path ('' when there is no resident server for it)
RFD=''         # the connection
# Ends a session: the reply to shutdown is not printed, and exit closes the connection.
# shellcheck disable=SC2034 # used by run_requests (rpc.sh)
RESIDENT_END='{"jsonrpc":"2.0","id":"quiet/0/","method":"shutdown"}
{"jsonrpc":"2.0","method":"exit"}'

# Sets RSTORE: the store file a resident server may serve (not a URL, not with TW_RESIDENT=0).
resident_store() {
  RSTORE=''
  [[ ${TW_RESIDENT:-1} != 0 ]] || return 0
  local store=$DB
  if [[ -z $store ]]; then
    if [[ -n ${XDG_DATA_HOME:-} ]]; then store=$XDG_DATA_HOME/taskwire/tasks.sqlite
    else store=$HOME/.local/share/taskwire/tasks.sqlite; fi
  fi
  is_url "$store" && return 0
  [[ $store == /* ]] || store=$PWD/$store
  RSTORE=$store
}

# Connects to the resident server and does the handshake; sets RFD. Fails when there is none
# (or it is stale, of another zone, or not who the file says).
resident_connect() {
  [[ -n $RSTORE && -r $RSTORE.server ]] || return 1
  local port client server pid zone line
  read -r port client server pid zone <"$RSTORE.server" || return 1
  # Another TZ than the server's: serve ourselves (it reads dates in its own zone).
  [[ $port =~ ^[0-9]+$ && ${TZ:-} == "$zone" ]] || return 1
  # (In braces: a stale port's "connection refused" goes to /dev/null, and only here.)
  { exec {RFD}<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || { RFD=''; return 1; }
  if IFS= read -r -t 2 line <&"$RFD" && [[ $line == "$server" ]]; then
    printf '%s %s\n' "$client" "${TZ:-}" 1>&"$RFD" 2>/dev/null && return 0
  fi
  exec {RFD}<&-
  RFD=''
  return 1
}

# Starts the store's resident server in the background (it keeps none of our descriptors),
# unless one runs (for another zone); a second one would find the store taken and leave.
resident_start() {
  [[ -n $RSTORE ]] || return 0
  local port client server pid
  if [[ -r $RSTORE.server ]] && read -r port client server pid <"$RSTORE.server" && resident_alive "$pid"; then
    return 0
  fi
  "$BIN" --quiet --resident --db "$RSTORE" </dev/null >/dev/null 2>&1 &
}

# resident_alive PID: whether the process runs (a zombie does not).
resident_alive() {
  local stat
  if [[ -r /proc/$1/stat ]]; then
    read -r stat <"/proc/$1/stat" 2>/dev/null && [[ $stat != *") Z "* ]]
  else
    kill -0 "$1" 2>/dev/null
  fi
}

# tw server status|stop
cmd_server() {
  [[ -z $BATCH_LINE ]] || usage_error "server cannot run in a batch"
  resident_store
  [[ -n $RSTORE ]] || die "no resident server for this store (TW_RESIDENT=0, or a URL)"
  local port client server pid
  if [[ ! -r $RSTORE.server ]] || ! read -r port client server pid <"$RSTORE.server"; then
    printf 'no resident server for %s\n' "$RSTORE"
    exit 0
  fi
  case ${1:-status} in
    status)
      if resident_alive "$pid"; then printf 'resident server %s on 127.0.0.1:%s for %s\n' "$pid" "$port" "$RSTORE"
      else printf 'no resident server for %s (a stale file)\n' "$RSTORE"; fi ;;
    stop)
      kill "$pid" 2>/dev/null || { printf 'no resident server for %s\n' "$RSTORE"; exit 0; }
      # It removes its file as it leaves: wait for that (at most 2 s).
      local i
      for ((i = 0; i < 200; i++)); do
        [[ -e $RSTORE.server ]] || break
        sleep 0.01
      done
      printf 'stopped the resident server for %s\n' "$RSTORE" ;;
    *) usage_error "usage: tw server [status|stop]" ;;
  esac
  exit 0
}
