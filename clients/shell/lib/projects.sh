# shellcheck shell=bash
# projects.sh: areas, projects and headings (Protocol/README.md, "Projects, headings and
# areas"), sourced by tw: making them (tw area add, tw project add, tw heading add), and the
# names that stand for their ids in ls, add, mv. A number is an id as it is; a NAME is looked up
# in the store through a conversation (lib/rpc.sh's ask), whose server then runs the command
# too (main finishes it): the open item whose title is NAME, case ignored, or else the one whose
# title starts with it. None, or more than one: an error that lists them, and nothing is done.
# In a batch the names are read from the store as it is before the batch runs. Then Anytime and
# Someday (tw someday, tw anytime), giving up (tw cancel) and a task made a project (tw convert).

declare -A LISTED=() # the replies of the lists read so far, by their params

# listed PARAMS: REPLY = the reply to view/list PARAMS, read once per command.
listed() {
  if [[ -z ${LISTED[$1]-} ]]; then
    [[ -n $SERVER_PID ]] || start_server
    ask quiet view/list "$1" || finish
    LISTED[$1]=$REPLY
  fi
  REPLY=${LISTED[$1]}
}

# items_of KIND [PROJECT]: ITEMS = the open KIND items (project, area, or heading of PROJECT),
# one "ID<tab>TITLE<tab>WHERE" line each (WHERE: a project's area, as the sidebar names it).
# shellcheck disable=SC2016 # (jq programs, in single quotes)
items_of() {
  local filter
  case $1 in
    project) listed '{"view":"projects"}'
      filter='.result.groups[] | .title as $a | .tasks[] | [.id, .title, $a]' ;;
    area) listed '{"view":"projects"}'
      filter='.result.groups[] | select(.key != "projects:0") | [(.key | ltrimstr("projects:")), .title, ""]' ;;
    heading) listed "{\"view\":\"project\",\"project\":$2}"
      filter='.result.groups[1:][] | [(.key | ltrimstr("tasks:")), .title, ""]' ;;
  esac
  ITEMS=$("$JQ" -r "$filter | map(tostring | gsub(\"[\\t\\r\\n]\"; \" \")) | join(\"\\t\")" <<<"$REPLY") ||
    die_msg tw.error.serverExited status 1
}

# lookup_error KEY [NAME VALUE]...: a name that names no item, or several (exit 1).
lookup_error() {
  msg "$@"
  [[ -z $BATCH_LINE ]] || msg tw.line line "$BATCH_LINE" message "$REPLY"
  say "$REPLY"
  exit 1
}

# item_id KIND WORD [PROJECT]: REPLY = the id of the KIND (project, area, heading of PROJECT)
# that WORD names: WORD itself when it is a number.
item_id() {
  local kind=$1 word=$2 id title where line list=''
  local -a exact=() start=()
  if [[ $word =~ ^0*([0-9]{1,15})$ ]]; then REPLY=$((10#${BASH_REMATCH[1]})); return; fi
  [[ -n $word ]] || lookup_error "tw.error.no${kind^}" name ''
  items_of "$kind" "${3:-}"
  while IFS=$'\t' read -r id title where; do
    [[ -n $id ]] || continue
    line="$id $title${where:+ ($where)}"
    if [[ ${title,,} == "${word,,}" ]]; then exact+=("$line")
    elif [[ ${title,,} == "${word,,}"* ]]; then start+=("$line"); fi
  done <<<"$ITEMS"
  ((${#exact[@]})) || exact=("${start[@]}")
  case ${#exact[@]} in
    0) lookup_error "tw.error.no${kind^}" name "$word" ;;
    1) REPLY=${exact[0]%% *} ;;
    *) printf -v list '%s, ' "${exact[@]}"
      lookup_error "tw.error.ambiguous${kind^}" name "$word" candidates "${list%, }" ;;
  esac
}

# parent_of PROJECT HEADING AREA: REPLY = the parent a task goes to (the heading's id, else the
# project's, else the area's; empty: none). A heading's name needs its project.
parent_of() {
  REPLY=''
  [[ -n $1 && -n $3 ]] && usage_error tw.usage.projectOrArea
  if [[ -n $2 ]]; then
    if [[ $2 =~ ^[0-9]+$ ]]; then item_id heading "$2"; return; fi
    [[ -n $1 ]] || usage_error tw.usage.headingNeedsProject
    item_id project "$1"
    item_id heading "$2" "$REPLY"
  elif [[ -n $1 ]]; then item_id project "$1"
  elif [[ -n $3 ]]; then item_id area "$3"; fi
}

# create_in PARENT TEXT: queues task/create of a quick-add TEXT with the fields of P under
# PARENT. (The server reads text with no parent beside it, so tw asks it what the words mean,
# task/parse, and creates the task from those fields: one request, one undo step.)
# shellcheck disable=SC2016 # (a jq program, in single quotes)
create_in() {
  local fields
  json_str "$2"
  [[ -n $SERVER_PID ]] || start_server
  ask quiet task/parse "{\"text\":$REPLY}" || finish
  fields=$("$JQ" -c --argjson o "{${P#,}${P:+,}\"parent\":$1}" '.result.fields + $o' <<<"$REPLY") ||
    die_msg tw.error.serverExited status 1
  req created task/create "$fields"
}

# tw project add TITLE... [--area ID|NAME] [FIELDS]; tw area add TITLE...; tw heading add
# PROJECT TITLE...: the title as it is written (no quick add), at the end of its list.
cmd_item() {
  local kind=$1 words=() area='' project=''
  shift
  [[ ${1:-} == add ]] || usage_of "$(item_synopsis "$kind")"
  shift
  params_reset
  if [[ $kind == heading ]]; then
    (($# >= 1)) || usage_of "$(item_synopsis "$kind")"
    project=$1
    shift
  fi
  while (($#)); do
    case $1 in
      --area) [[ $kind == project ]] || usage_error tw.usage.commandUnknownOption command "$kind add" option "$1"
        (($# >= 2)) || usage_error tw.usage.needsValue option "$1"; area=$2; shift ;;
      --) shift; words+=("$@"); break ;;
      -?*) [[ $kind == project ]] && task_option "$@" && { shift "$SHIFTS"; continue; }
        usage_error tw.usage.commandUnknownOption command "$kind add" option "$1" ;;
      *) words+=("$1") ;;
    esac
    shift
  done
  ((${#words[@]})) || usage_of "$(item_synopsis "$kind")"
  pstr title "${words[*]}"
  pstr kind "$kind"
  if [[ -n $project ]]; then item_id project "$project"; pjson parent "$REPLY"; fi
  if [[ -n $area ]]; then item_id area "$area"; pjson parent "$REPLY"; fi
  params_json
  req created task/create "{${P#,}}"
}

item_synopsis() {
  case $1 in
    project) REPLY='tw project add TITLE... [--area ID|NAME] [FIELDS]' ;;
    area) REPLY='tw area add TITLE...' ;;
    heading) REPLY='tw heading add PROJECT TITLE...' ;;
  esac
  printf '%s' "$REPLY"
}

# someday|anytime ID...: put tasks or projects on Someday (their date goes), or take them off
# it into Anytime (a task in no project or area has the Inbox instead: the server says so).
# Neither drag takes an index: an item keeps its place among its project's. The reply's
# message says where each went.
cmd_someday() {
  local where=$1
  shift
  (($#)) || usage_of "tw $where ID|FIRST-LAST..."
  take_ids "$where" "$@"
  req_each moved task/move ",\"view\":\"$where\""
}

# cancel ID...: give tasks or projects up: completed as cancelled (a project or heading with
# its open tasks, one step; a repeating task makes no next one). tw undone reopens.
cmd_cancel() {
  (($#)) || usage_of "tw cancel ID|FIRST-LAST..."
  take_ids cancel "$@"
  req_each cancelled task/complete ',"cancelled":true'
}

# convert ID: make a task a project (of its area), its checklist's lines its tasks; one step.
# (task/convert is not one of task/batch's methods: one id.)
cmd_convert() {
  (($# == 1)) || usage_of "tw convert ID"
  take_ids convert "$1"
  ((${#IDS[@]} == 1)) || usage_of "tw convert ID"
  req converted task/convert "{\"id\":${IDS[0]},\"to\":\"project\"}"
}
