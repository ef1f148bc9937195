# shellcheck shell=bash
# more.sh: the other commands, watch and batch mode; sourced by tw.

# mv ID... (inbox|today|evening|DATE) [INDEX]: several ids (no INDEX) go to the end of the
# list, in the order given; evening is Today's This Evening (today: Today's own list).
# mv ID... project ID|NAME [heading ID|NAME] [INDEX], mv ID... area ID|NAME
# [INDEX]: into a project (under one of its headings), into an area (lib/projects.sh).
cmd_mv() {
  local n=0 target index view=upcoming place='' project='' heading=''
  local synopsis="tw mv ID (inbox|today|evening|DATE) [INDEX] | tw mv ID|FIRST-LAST... (inbox|today|evening|DATE)"
  synopsis+=" | tw mv ID|FIRST-LAST... (project ID|NAME [heading ID|NAME] | area ID|NAME) [INDEX]"
  while ((n < $#)) && is_ids "${@:n+1:1}"; do ((++n)); done
  (($# >= 2)) || usage_of "$synopsis"
  ((n)) || take_ids mv "$1"
  take_ids mv "${@:1:n}"
  shift "$n"
  (($#)) || usage_of "$synopsis"
  target=$1
  shift
  params_reset
  case $target in
    project) (($#)) || usage_of "$synopsis"
      project=$1; shift
      if [[ ${1:-} == heading ]]; then (($# >= 2)) || usage_of "$synopsis"; heading=$2; shift 2; fi ;;
    area) (($#)) || usage_of "$synopsis"; place=$1; shift ;;
  esac
  index=${1:-}
  (($# <= 1 && (n == 1 || $# == 0))) || usage_of "$synopsis"
  [[ -z $index || $index =~ ^[0-9]+$ ]] || usage_error tw.usage.index value "$index"
  # INDEX counts the list as it is when the move arrives (no version: reading the list first
  # would guard only the instant between two requests of this one command, and cost a read
  # of the whole list). Without INDEX the server drops the task at the end of the list.
  [[ -z $index ]] || pjson index "$((10#$index))"
  case $target in
    inbox | today) view=$target ;;
    evening) view=today; pjson evening true ;;
    project | area)
      if [[ $target == project ]]; then
        item_id project "$project"; project=$REPLY
        [[ -z $heading ]] || { item_id heading "$heading" "$project"; pjson heading "$REPLY"; }
        place="{\"view\":\"project\",\"project\":$project}"
        pjson project "$project"
      else
        item_id area "$place"
        place="{\"view\":\"area\",\"area\":$REPLY}"
        pjson area "$REPLY"
      fi
      params_json
      # The reply says the group, not in words: the list it went to names it (render.jq).
      req_each into task/move ",\"view\":\"$target\"$P"
      req place view/list "$place"
      return ;;
    *) pstr date "$target" ;;
  esac
  params_json
  req_each moved task/move ",\"view\":\"$view\"$P"
}

cmd_sched() { # sched ID... DATE
  (($# >= 2)) || usage_of "tw sched ID|FIRST-LAST... DATE"
  take_ids sched "${@:1:$#-1}"
  case ${!#} in
    inbox | none) req_each scheduled task/schedule ',"date":null' ;;
    *) json_str "${!#}"; req_each scheduled task/schedule ",\"date\":$REPLY" ;;
  esac
}

cmd_done() { # done|undone ID...
  (($# >= 2)) || usage_of "tw $1 ID|FIRST-LAST..."
  take_ids "$@"
  if [[ $1 == "done" ]]; then req_each completed task/complete
  else req_each reopened task/complete ',"completed":false'; req_upcoming; fi
}

# rm ID... [--keep-tasks|--delete-tasks]: each task read first, to say what was deleted. A
# project, heading or area with open items is refused by the server unless told what becomes
# of them (children: keep, they move up; delete, they go with it); tw asks nothing.
cmd_rm() {
  local words=() children='' id
  for id; do
    case $id in
      --keep-tasks) children=',"children":"keep"' ;;
      --delete-tasks) children=',"children":"delete"' ;;
      -?*) usage_error tw.usage.commandUnknownOption command rm option "$id" ;;
      *) words+=("$id") ;;
    esac
  done
  ((${#words[@]} >= 1)) || usage_of "tw rm ID|FIRST-LAST... [--keep-tasks|--delete-tasks]"
  take_ids rm "${words[@]}"
  for id in "${IDS[@]}"; do req get task/get "{\"id\":$id}"; done
  req_each deleted task/delete "$children"
}

# show ID: every field of the task, its notes in full, and the undo steps that name its title.
cmd_show() {
  (($# == 1)) || usage_of "tw show ID"
  need_id show "$1"
  req_placed show task/get "{\"id\":$1}"
  req showhist history/list '{"limit":1000}'
}

cmd_history() { # undo|redo
  (($# == 1)) || usage_error tw.usage.noArguments command "$1"
  req "$1" "history/$1"
}

cmd_log() {
  (($# <= 1)) || usage_of "tw log [COUNT]"
  if [[ ! ${1:-20} =~ ^[0-9]+$ ]] || ((10#${1:-20} < 1 || 10#${1:-20} > 1000)); then
    usage_error tw.usage.count value "$1"
  fi
  req history history/list "{\"limit\":$((10#${1:-20}))}"
}

cmd_tags() {
  (($# == 0)) || usage_error tw.usage.noArguments command tags
  # (The sidebar first: it names the projects' areas.)
  req sidebar view/list '{"view":"projects"}'
  req tags tags/list
}

cmd_rpc() {
  (($# == 1 || $# == 2)) || usage_of "tw rpc METHOD [JSON]"
  json_str "$1"
  REQS+=("{\"jsonrpc\":\"2.0\",\"id\":\"raw/$((++REQ_SEQ))/$BATCH_LINE\",\"method\":$REPLY${2:+,\"params\":$2}}")
}

# watch [VIEW] [filters]: the view, then its changes live, until Ctrl-C.
cmd_watch() {
  KIND=sub METHOD=subscribe cmd_ls ls "$@"
  [[ -z $BATCH_LINE ]] || usage_error tw.usage.notInBatch command watch
  # (A NAME looked up already started the server.)
  [[ -n $SERVER_PID ]] || start_server
  printf '%s\n' "${REQS[@]}" >&"$SRV_IN"
  # Each change is printed as it comes: jq 1.6 holds its output in a buffer when it is not a
  # terminal unless told not to; gojq writes at once (and knows no --unbuffered).
  # shellcheck disable=SC2034 # read by render (rpc.sh)
  [[ ${JQ##*/} == gojq* ]] || JQ_FLAGS=(--unbuffered)
  if ((${#SEEN[@]})); then
    # (What a NAME's lookup read first: the session's start, the catalogue among it.)
    { printf '%s\n' "${SEEN[@]}"; cat <&"$SRV_OUT"; } | RENDER_PROGRAM=watch render &
  else
    RENDER_PROGRAM=watch render <&"$SRV_OUT" &
  fi
  WATCH_PID=$!
  follow_reader
}

# split_words LINE: WORDS = LINE split at blanks; '…' and "…" quote (no escapes inside).
split_words() {
  local rest=$1 word re='^([^[:space:]"'\'']+|"([^"]*)"|'\''([^'\'']*)'\'')'
  WORDS=()
  while :; do
    rest=${rest#"${rest%%[![:space:]]*}"}
    [[ -n $rest ]] || return 0
    word=''
    while [[ $rest =~ $re ]]; do
      if [[ ${BASH_REMATCH[1]:0:1} == [\"\'] ]]; then word+=${BASH_REMATCH[2]}${BASH_REMATCH[3]}
      else word+=${BASH_REMATCH[1]}; fi
      rest=${rest:${#BASH_REMATCH[1]}}
    done
    [[ -z $rest || $rest == [[:space:]]* ]] || usage_error tw.usage.quote
    WORDS+=("$word")
  done
}

# tw - (or tw batch): one tw command per stdin line, all through one server. Empty lines and
# lines starting with # are skipped. A usage error anywhere stops the batch before it runs.
cmd_batch() {
  (($# == 0)) || usage_error tw.usage.batchStdin
  local line n=0
  while IFS= read -r line || [[ -n $line ]]; do
    BATCH_LINE=$((++n))
    [[ $line =~ ^[[:space:]]*(#.*)?$ ]] && continue
    split_words "$line"
    set -- "${WORDS[@]}"
    [[ $1 == tw ]] && shift
    case ${1:-} in
      watch | batch | - | help) usage_error tw.usage.notInBatch command "$1" ;;
      add) [[ ${2:-} == - ]] && usage_error tw.usage.notInBatch command "add -" ;;
    esac
    dispatch "$@"
  done
  BATCH_LINE=''
}

# tw __complete ids|done-ids|someday-ids|tags|projects|areas: what the shell completions offer,
# from the store, in one request (through the resident server): "ID<tab>TITLE" of the open
# (ids), completed (done-ids) or put-off (someday-ids: on Someday) tasks, of the open projects
# or the areas, or the tags' names, one a line.
cmd_complete() {
  (($# == 1)) || usage_of "tw __complete ids|done-ids|someday-ids|tags|projects|areas"
  [[ -z $BATCH_LINE ]] || usage_error tw.usage.notInBatch command __complete
  # shellcheck disable=SC2034 # read by render (rpc.sh)
  JSON_OUT=0
  case $1 in
    ids) req cids view/list '{"view":"all"}' ;;
    done-ids) req cids view/list '{"view":"logbook"}' ;;
    someday-ids) req cids view/list '{"view":"someday"}' ;;
    tags) req ctags tags/list ;;
    projects | areas) req "c$1" view/list '{"view":"projects"}' ;;
    *) usage_of "tw __complete ids|done-ids|someday-ids|tags|projects|areas" ;;
  esac
}

# follow_reader: waits for the reader just started in the background (WATCH_PID) — `tw watch`'s
# and `tw reminders`' — and stops the server with it, on a signal too; exits as the reader did.
follow_reader() {
  trap 'kill "$WATCH_PID" 2>/dev/null; stop_server kill; exit 0' INT TERM HUP
  wait "$WATCH_PID"
  local rc=$?
  stop_server wait
  reader_gone "$rc"
  server_done 1
}
