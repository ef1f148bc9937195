# shellcheck shell=bash
# rpc.sh: the server and the wire, sourced by tw. Commands queue requests with `req`; `run_requests`
# then pipes them all through ONE server process into ONE jq process (lib/render.jq), which
# prints the replies. Requests are built with bash string escaping, not jq. Every session asks
# for display parts and the catalogue (init_request): jq draws what the server words.

REQS=()        # the queued request lines
REQ_SEQ=0
BATCH_LINE=''  # the stdin line being read in batch mode (for messages)
SERVER_PID=''
SRV_IN=''
SRV_OUT=''
SEEN=()        # the lines a conversation read so far (ask)
JQ_FLAGS=()

# json_str STRING: sets REPLY to STRING as a JSON string literal.
json_str() {
  local s=$1 c i
  s=${s//\\/\\\\} s=${s//\"/\\\"} s=${s//$'\n'/\\n} s=${s//$'\t'/\\t} s=${s//$'\r'/\\r}
  if [[ $s == *[[:cntrl:]]* ]]; then
    for ((i = 1; i < 32; i++)); do
      printf -v c '%b' "\\x$(printf %02x "$i")"
      s=${s//"$c"/$(printf '\\u%04x' "$i")}
    done
  fi
  REPLY="\"$s\""
}

# req KIND METHOD [PARAMS-JSON]: queues a request; KIND tells render.jq how to show its reply.
req() {
  REQS+=("{\"jsonrpc\":\"2.0\",\"id\":\"$1/$((++REQ_SEQ))/$BATCH_LINE\",\"method\":\"$2\"${3:+,\"params\":$3}}")
}

# req_placed KIND METHOD [PARAMS-JSON]: queues a request whose reply says where its task is
# ({task, view, group, index}) but not in words (task/update, task/get, a reopen), then
# Upcoming's list (req_upcoming): the day a task is in is named by its group's header there
# (its display parts), as the server words it. (task/move and task/schedule say it: message.)
# A task in a project, under a heading or in an area is named by the sidebar (view projects):
# its areas and projects by their titles, a heading as one.
req_placed() { req "$@"; req_upcoming; }
req_upcoming() { req sidebar view/list '{"view":"projects"}'; req place view/list '{"view":"upcoming"}'; }

# The jq to use: $TW_JQ, else gojq (it starts about ten times faster than jq 1.6), else jq.
# (`hash`, not `$(command -v …)`: no subshell, as every process costs a one-shot command.)
find_jq() {
  JQ=${TW_JQ:-}
  [[ -n $JQ ]] && return
  if hash gojq 2>/dev/null; then JQ=gojq; elif hash jq 2>/dev/null; then JQ=jq; else
    say "tw needs jq: install gojq (apt-get install gojq) or jq (apt-get install jq)"
    exit 1
  fi
}

server_binary() {
  if [[ -n ${TASKWIRE:-} ]]; then
    [[ -x $TASKWIRE ]] || die "TASKWIRE=$TASKWIRE is not an executable file"
    BIN=$TASKWIRE
    return
  fi
  # (An installed tw: the taskwire installed beside it.)
  if [[ -n ${INSTALLED_SERVER:-} ]]; then
    [[ -x $INSTALLED_SERVER ]] || die "$INSTALLED_SERVER is gone: install taskwire again (clients/shell/install.sh)"
    BIN=$INSTALLED_SERVER
    return
  fi
  local repo
  repo=$(cd "$TW_HOME/../.." && pwd) || die "cannot find the repository"
  if [[ ! -x $repo/.build/release/taskwire ]]; then
    say "building taskwire (swift build -c release --static-swift-stdlib)…"
    (cd "$repo" && swift build -c release --static-swift-stdlib >&2) || die "the build failed"
  fi
  BIN=$repo/.build/release/taskwire
}

# is_postgres STORE: a PostgreSQL URL or libpq key=value string, by the server's own rule: a
# postgresql:// or postgres:// URL, or a known key at the start or after a blank, then =.
PG_KEY=$'(^|[ \t\n\r])(host|hostaddr|dbname|user|port|service|password)[ \t\n\r]*='
is_postgres() { [[ $1 == postgres://* || $1 == postgresql://* || $1 =~ $PG_KEY ]]; }
# is_url STORE: not a file path (PostgreSQL, or an SQLite file: URI).
is_url() { is_postgres "$1" || [[ $1 == file:* ]]; }

# The server's command line. A store path that does not exist is refused unless --create.
# --quiet: its stderr is then only what the person must read (a new store, why it failed), so
# it goes straight to ours, with no temporary file to filter it through.
server_args() {
  server_binary
  SERVER=("$BIN" --quiet)
  # A PostgreSQL store goes through the environment, never the command line: every local user
  # can read a process's arguments (/proc/PID/cmdline), and a URL may hold a password. Any
  # other store is named by --db (which the server prefers), and only there.
  if is_postgres "$DB"; then
    export TASKWIRE_DB=$DB
    return 0
  fi
  unset TASKWIRE_DB
  [[ -n $DB ]] || return 0
  SERVER+=(--db "$DB")
  is_url "$DB" || [[ -e $DB ]] || ((CREATE)) ||
    die_msg tw.error.noStore path "$DB"
}

# The start of every session: initialize, asking for display parts in the user's language
# (de_DE.UTF-8 → German; others English), then the catalogue of that language's words.
# INIT_OPTIONS: more initializationOptions (tw reminders: ,"reminders":true).
init_request() {
  local locale=${TASKWIRE_LOCALE:-${LC_ALL:-${LANG:-}}}
  locale=${locale//[^A-Za-z0-9_.@-]/}
  printf '%s\n' '{"jsonrpc":"2.0","id":"init//","method":"initialize","params":{"clientInfo":{"name":"tw"},"protocolVersion":"1","locale":"'"$locale"'","initializationOptions":{"displayParts":true'"${INIT_OPTIONS:-}"'}}}' \
    '{"jsonrpc":"2.0","id":"cat//","method":"catalogue/get"}'
}

# The one jq process of a run, on stdin; JQ_FLAGS are more options for it (watch's). Its
# program: RENDER_PROGRAM (watch), else brief.jq for a run of nothing but undo or redo (gojq
# compiles it in half the time of render.jq), else render.jq.
render() {
  local color=false program=brief request
  [[ -t 1 && -z ${NO_COLOR:-} ]] && color=true
  ((${#REQS[@]})) || program=render
  for request in "${REQS[@]}"; do
    [[ $request == '{"jsonrpc":"2.0","id":"undo/'* || $request == '{"jsonrpc":"2.0","id":"redo/'* ]] || program=render
  done
  program=${RENDER_PROGRAM:-$program}
  # jq alone gets the default SIGPIPE (tw ignores it, for the server's pipes and socket): when
  # our reader leaves (tw ls | head -1), jq ends by it, quietly, as any filter does, and
  # reader_gone tells that from a failure.
  trap - PIPE
  "$JQ" "${JQ_FLAGS[@]}" -nr -L "$TW_HOME/lib" -f "$TW_HOME/lib/$program.jq" --arg json "$JSON_OUT" \
    --argjson color "$color" --argjson resident "${RENDER_RESIDENT:-false}"
  local rc=$?
  trap '' PIPE
  return "$rc"
}

# reader_gone STATUS: exits quietly with STATUS when it is render's SIGPIPE (128 + 13): whoever
# read our output left, and nothing is wrong with the server or the connection.
reader_gone() { (($1 != 141)) || exit 141; }

# Fails when the server did ($1: its status); it has said why on stderr just before.
server_done() { (($1 == 0)) || die_msg tw.error.serverExited status "$1"; }

# Sends the queued requests through one server and renders the replies; exits with jq's status
# (1 when a request failed), or 1 when the server failed. The store's resident server answers
# when there is one (lib/resident.sh); otherwise a server of our own does, and a resident one
# is started for the next command.
run_requests() {
  server_args
  resident_store
  if resident_connect; then
    # A long batch is written while the replies are read (both ways through one socket: all
    # the requests first could fill both directions' buffers and wait forever).
    local writer=''
    send_session() { { init_request; printf '%s\n' "${REQS[@]}" "$RESIDENT_END"; } 1>&"$RFD" 2>/dev/null; }
    if ((${#REQS[@]} > 50)); then
      send_session &
      writer=$!
    else
      send_session
    fi
    RENDER_RESIDENT=true render <&"$RFD"
    local rc=$?
    [[ -z $writer ]] || wait "$writer" 2>/dev/null
    exec {RFD}<&-
    reader_gone "$rc"
    # jq itself failed (the connection was reset mid-line): not a clean answer either.
    ((rc <= 1)) || die_msg tw.error.cutOff
    exit "$rc"
  fi
  { init_request; printf '%s\n' "${REQS[@]}"; } 2>/dev/null | "${SERVER[@]}" | render
  local status=("${PIPESTATUS[@]}")
  reader_gone "${status[2]}"
  server_done "${status[1]}"
  ((status[1] == 0)) && resident_start
  exit "${status[2]}"
}

# --- a conversation, for the few commands that need a reply before their next request --------

start_server() {
  server_args
  local r w
  coproc TWSRV { exec "${SERVER[@]}"; }
  SERVER_PID=$TWSRV_PID
  # Keep our own copies of the pipes: bash drops the coproc's when the process ends.
  r=${TWSRV[0]} w=${TWSRV[1]}
  exec {SRV_OUT}<&"$r" {SRV_IN}>&"$w"
  exec {r}<&- {w}>&-
  SEEN=()
  init_request >&"$SRV_IN"
}

# ask KIND METHOD [PARAMS]: sends one request and waits for its reply, which it leaves in REPLY
# (the raw line, also kept for render). Returns 1 when the reply is an error.
ask() {
  req "$@"
  local id="\"id\":\"$1/$REQ_SEQ/$BATCH_LINE\"" line
  printf '%s\n' "${REQS[-1]}" 1>&"$SRV_IN" 2>/dev/null
  unset 'REQS[-1]'
  while IFS= read -r line <&"$SRV_OUT"; do
    SEEN+=("$line")
    if [[ $line == *"$id"* ]]; then
      REPLY=$line
      [[ $line != *'"error":{"code"'* ]]
      return
    fi
  done
  stop_server wait
  server_done 1
}

# finish: sends the queued requests, closes the server's input and renders everything it said.
finish() {
  ((${#REQS[@]})) && printf '%s\n' "${REQS[@]}" 1>&"$SRV_IN" 2>/dev/null
  exec {SRV_IN}>&-
  SRV_IN=''
  { ((${#SEEN[@]})) && printf '%s\n' "${SEEN[@]}"; cat <&"$SRV_OUT" 2>/dev/null; } | render
  local rc=${PIPESTATUS[1]} st=0
  wait "$SERVER_PID" 2>/dev/null || st=$?
  SERVER_PID=''
  reader_gone "$rc"
  server_done "$st"
  exit "$rc"
}

stop_server() {
  if [[ -n $SRV_IN ]]; then exec {SRV_IN}>&-; SRV_IN=''; fi
  if [[ -n $SERVER_PID ]]; then
    [[ $1 == kill ]] && kill "$SERVER_PID" 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
    SERVER_PID=''
  fi
}
