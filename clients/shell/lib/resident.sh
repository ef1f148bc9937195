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

# Reads STORE.server into R_PORT R_CLIENT R_SERVER R_PID R_ZONE; fails unless the file is a
# regular file of ours, not a symlink, and well formed. In a shared folder another user can
# plant one: a file of their own, or a link to another store's file of ours (its server would
# then get this store's requests). Bash cannot open with O_NOFOLLOW, so the name is checked,
# opened, and checked again to be the file opened (a swap in between is caught); a hard link
# passes here, and is caught by resident_is_ours: its pid serves another store.
resident_file() {
  local file=$RSTORE.server fd ok=1
  # (Checked before opening too: opening a planted FIFO would wait forever.)
  [[ -n $RSTORE && -f $file && ! -L $file && -O $file ]] || return 1
  { exec {fd}<"$file"; } 2>/dev/null || return 1
  [[ ! -L $file && -O /dev/fd/$fd && $file -ef /dev/fd/$fd ]] &&
    read -r R_PORT R_CLIENT R_SERVER R_PID R_ZONE <&"$fd" && ok=0
  exec {fd}<&-
  ((ok == 0)) && [[ $R_PORT =~ ^[1-9][0-9]*$ && $R_PID =~ ^[1-9][0-9]*$ && -n $R_CLIENT && -n $R_SERVER ]]
}

# Our zone as the server's file writes it: TZ=VALUE, or - when TZ is not set.
zone_word() { if [[ -v TZ ]]; then REPLY="TZ=$TZ"; else REPLY=-; fi; }

# Connects to the resident server and does the handshake; sets RFD. Fails when there is none
# (or it is stale, of another zone, or not this store's). We prove ourselves first; the
# server answers with its own token only then, and nothing is sent before that answer.
resident_connect() {
  resident_file || return 1
  # Our token goes only to this store's server (not to the one a linked file names).
  resident_is_ours "$R_PID" || return 1
  zone_word
  # Another zone than the server's: serve ourselves (it reads dates in its own zone).
  [[ $REPLY == "$R_ZONE" ]] || return 1
  # (In braces: a stale port's "connection refused" goes to /dev/null, and only here.)
  { exec {RFD}<>"/dev/tcp/127.0.0.1/$R_PORT"; } 2>/dev/null || { RFD=''; return 1; }
  local line
  if printf '%s %s\n' "$R_CLIENT" "$REPLY" 1>&"$RFD" 2>/dev/null &&
    IFS= read -r -t 2 line <&"$RFD" 2>/dev/null && [[ $line == "$R_SERVER" ]]; then
    return 0
  fi
  exec {RFD}<&-
  RFD=''
  return 1
}

# Whether PID is this store's resident server: running, and a taskwire --resident whose --db
# is RSTORE exactly, not a process that got a stale file's pid, nor the server of another
# store whose file was linked here. /proc is read with builtins (no process); a zombie's
# command line there is empty, so it is not ours either.
resident_is_ours() {
  if [[ -r /proc/self/cmdline ]]; then
    resident_db "$1" && [[ $REPLY == "$RSTORE" ]]
  else
    # (No /proc: ps, whose spaces between arguments are ambiguous; tw puts --db last.)
    local command
    command=$(ps -ww -o command= -p "$1" 2>/dev/null) && [[ $command == *" --resident --db $RSTORE" ]]
  fi
}

# resident_db PID: REPLY = the --db of a process whose arguments hold --resident (from
# /proc/PID/cmdline, one NUL-ended argument each); fails for any other process.
resident_db() {
  local arg resident=0 next=0
  REPLY=''
  while IFS= read -r -d '' arg || [[ -n $arg ]]; do
    if ((next)); then REPLY=$arg next=0; continue; fi
    case $arg in --resident) resident=1 ;; --db) next=1 ;; esac
  done 2>/dev/null <"/proc/$1/cmdline"
  ((resident)) && [[ -n $REPLY ]]
}

# Starts the store's resident server in the background (it keeps none of our descriptors),
# unless one runs (for another zone); a second one would find the store taken and leave.
resident_start() {
  [[ -n $RSTORE ]] || return 0
  resident_file && resident_is_ours "$R_PID" && return 0
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
  [[ -z $BATCH_LINE ]] || usage_error tw.usage.notInBatch command server
  resident_store
  [[ -n $RSTORE ]] || die_msg tw.server.noneForStore
  if ! resident_file || ! resident_is_ours "$R_PID"; then
    msg tw.server.none store "$RSTORE"
    printf '%s\n' "$REPLY"
    exit 0
  fi
  case ${1:-status} in
    status) msg tw.server.status pid "$R_PID" port "$R_PORT" store "$RSTORE"; printf '%s\n' "$REPLY" ;;
    stop)
      kill "$R_PID" 2>/dev/null
      # It finishes the session in progress, removes its file and leaves: wait (at most 5 s).
      local i
      for ((i = 0; i < 500; i++)); do
        resident_alive "$R_PID" || break
        sleep 0.01
      done
      resident_alive "$R_PID" && die_msg tw.server.notStopped pid "$R_PID"
      msg tw.server.stopped store "$RSTORE"
      printf '%s\n' "$REPLY" ;;
    *) usage_of "tw server [status|stop]" ;;
  esac
  exit 0
}
