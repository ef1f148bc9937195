# shellcheck shell=bash
# commands.sh: the commands, sourced by tw. Each one checks its arguments and queues its
# requests (lib/rpc.sh); main runs them. A usage error exits 2 before any server starts.

need_id() { [[ ${2:-} =~ ^[0-9]+$ ]] || usage_error tw.usage.needsId command "$1" value "${2:-}"; }

# The params being built: pjson KEY JSON and pstr KEY STRING set a member (the last one given
# wins); params_reset starts anew, params_json sets P to the members as ",\"k\":v…".
declare -A FIELDS=()
KEYS=()
params_reset() { FIELDS=(); KEYS=(); P=''; }
pjson() { [[ -v "FIELDS[$1]" ]] || KEYS+=("$1"); FIELDS[$1]=$2; }
params_json() {
  local k
  P=''
  for k in "${KEYS[@]}"; do P+=",\"$k\":${FIELDS[$k]}"; done
}
pstr() { json_str "$2"; pjson "$1" "$REPLY"; }
pstr_or_null() { if [[ $2 == none ]]; then pjson "$1" null; else pstr "$1" "$2"; fi; }
# ptime KEY VALUE: a time of day (scheduledTime, dueTime): none or empty clears it, 9:30 goes as
# 09:30, anything else as it is (the server says why not, as for a time without its date).
ptime() { if [[ $2 =~ ^[0-9]:[0-9]{2}$ ]]; then pstr "$1" "0$2"; else pstr_or_null "$1" "${2:-none}"; fi; }

priority_of() {
  case ${2,,} in
    1 | low) REPLY=1 ;; 2 | medium | med) REPLY=2 ;; 3 | high) REPLY=3 ;;
    *) usage_error tw.usage.priority option "$1" value "$2" ;;
  esac
}

# 45, 30m, 1h, 1h30m, 1h30 → minutes.
minutes_of() {
  local v=${2,,}
  if [[ $v =~ ^([0-9]+)(m|min|mins)?$ ]]; then REPLY=$((10#${BASH_REMATCH[1]}))
  elif [[ $v =~ ^([0-9]+)h(([0-9]+)m?)?$ ]]; then REPLY=$((10#${BASH_REMATCH[1]} * 60 + 10#${BASH_REMATCH[3]:-0}))
  else usage_error tw.usage.duration option "$1" value "$2"; fi
}

type_of() {
  case $1 in
    deep) REPLY=deepWork ;; shallow) REPLY=shallowWork ;; *) REPLY=$1 ;;
  esac
}

recurrence_of() {
  local after=false v=${2,,}
  [[ $v == *! ]] && after=true v=${v%!}
  case $v in
    none | never) REPLY='{"pattern":"none"}' ;;
    daily | weekly | biweekly | monthly)
      REPLY="{\"pattern\":\"$v\""
      [[ $after == true ]] && REPLY+=',"afterCompletion":true'
      REPLY+='}' ;;
    *) usage_error tw.usage.every option "$1" value "$2" ;;
  esac
}

# task_option OPTION VALUE: reads a field option shared by add and edit into P; sets SHIFTS
# (how many arguments it took), or returns 1 when OPTION is not one of them.
task_option() {
  SHIFTS=2
  case $1 in
    --urgent) pjson urgent true; SHIFTS=1; return ;;
    --not-urgent) pjson urgent false; SHIFTS=1; return ;;
    --priority | --duration | --type | --notes | --due | --every | --date | --on | --time | --due-time) ;;
    *) return 1 ;;
  esac
  (($# >= 2)) || usage_error tw.usage.needsValue option "$1"
  case $1 in
    --priority) priority_of "$1" "$2"; pjson priority "$REPLY" ;;
    --duration) minutes_of "$1" "$2"; pjson durationMinutes "$REPLY" ;;
    --type) type_of "$2"; pstr type "$REPLY" ;;
    --notes) pstr_or_null notes "$2" ;;
    --due) pstr_or_null dueDate "$2" ;;
    --every) recurrence_of "$1" "$2"; pjson recurrence "$REPLY" ;;
    --date | --on) pstr_or_null scheduledDate "$2" ;;
    --time) ptime scheduledTime "$2" ;;
    --due-time) ptime dueTime "$2" ;;
  esac
}

cmd_add() {
  if [[ ${1:-} == - ]]; then (($# == 1)) || usage_error tw.usage.addStdin; add_stdin; return; fi
  local words=() tags=() view='' t project='' heading='' area=''
  params_reset
  while (($#)); do
    case $1 in
      --today) view=today ;;
      --tomorrow) view=tomorrow ;;
      --inbox) view=inbox ;;
      --tag | --project | --heading | --area) (($# >= 2)) || usage_error tw.usage.needsValue option "$1" ;;&
      --tag) tags+=("$2"); shift ;;
      --project) project=$2; shift ;;
      --heading) heading=$2; shift ;;
      --area) area=$2; shift ;;
      --) shift; words+=("$@"); break ;;
      -?*) task_option "$@" || usage_error tw.usage.commandUnknownOption command add option "$1"; shift "$SHIFTS"; continue ;;
      *) words+=("$1") ;;
    esac
    shift
  done
  ((${#words[@]})) || usage_error tw.usage.needsTitle
  [[ -v "FIELDS[scheduledDate]" ]] && view=''
  case $view in
    today | inbox) pstr view "$view" ;;
    tomorrow) pstr scheduledDate tomorrow ;;
  esac
  if ((${#tags[@]})); then
    # The server takes a tags list over the #tags of the words: both are meant, so the words'
    # tags join the list (read as quick add reads them).
    local w list='' split=()
    read -ra split <<<"${words[*]}"
    for w in "${split[@]}"; do
      [[ ! $w =~ ^\+[0-9] && $w =~ ^[#+]([^[:punct:][:space:]][^[:space:],.\;:!?#]*)[,.\;:!?]*$ ]] &&
        tags+=("${BASH_REMATCH[1]}")
    done
    for t in "${tags[@]}"; do json_str "$t"; list+=",$REPLY"; done
    pjson tags "[${list#,}]"
  fi
  params_json
  # In a project, under a heading or in an area (lib/projects.sh).
  if [[ -n $project$heading$area ]]; then
    local fields=$P
    parent_of "$project" "$heading" "$area"
    P=$fields
    create_in "$REPLY" "${words[*]}"
    return
  fi
  json_str "${words[*]}"
  req created task/create "{\"text\":$REPLY$P}"
}

# add -: one task per stdin line, quick add read by the server; blank lines are skipped.
add_stdin() {
  local line n=0
  while IFS= read -r line || [[ -n $line ]]; do
    ((++n))
    [[ $line =~ ^[[:space:]]*$ ]] && continue
    json_str "$line"
    BATCH_LINE=$n
    req created task/create "{\"text\":$REPLY}"
  done
  BATCH_LINE=''
}

# edit ID... [TITLE...] [FIELDS]: the leading ids and ranges are the tasks (a title of digits
# alone: --title, or after --); title words and --title only with one id.
cmd_edit() {
  local n=0 words=() add=() drop=() t i
  while ((n < $#)) && is_ids "${@:n+1:1}"; do ((++n)); done
  ((n)) || need_id edit "${1:-}"
  take_ids edit "${@:1:n}"
  shift "$n"
  params_reset
  while (($#)); do
    case $1 in
      --tag | --untag) (($# >= 2)) || usage_error tw.usage.needsValue option "$1"
        if [[ $1 == --tag ]]; then add+=("$2"); else drop+=("$2"); fi; shift ;;
      --title) (($# >= 2)) || usage_error tw.usage.needsValue option "$1"; pstr title "$2"; shift ;;
      --) shift; words+=("$@"); break ;;
      -?*) task_option "$@" || usage_error tw.usage.commandUnknownOption command edit option "$1"; shift "$SHIFTS"; continue ;;
      *) words+=("$1") ;;
    esac
    shift
  done
  local fields=$((${#add[@]} + ${#drop[@]} + ${#KEYS[@]}))
  if ((${#IDS[@]} > 1)) && { ((${#words[@]} || fields == 0)) || [[ -v "FIELDS[title]" ]]; }; then
    usage_of "tw edit ID [TITLE...] [FIELDS] | tw edit ID|FIRST-LAST... FIELDS [--tag T] [--untag T]"
  fi
  # No fields at all: the task in $EDITOR.
  if ((${#words[@]} + fields == 0)); then edit_in_editor "${IDS[0]}"; fi
  # New title words are read like quick add: `tw edit 3 Call dad !!!`.
  if ((${#words[@]})); then json_str "${words[*]}"; pjson text "$REPLY"; fi
  if ((${#add[@]} + ${#drop[@]})); then
    [[ -z $BATCH_LINE ]] || usage_error tw.usage.notInBatch command "edit --tag/--untag"
    start_server
    # New words with a #tag of their own would set the tags as well: which list is meant? The
    # server reads the words (task/parse: its own grammar, nothing stored) to tell.
    if [[ -v "FIELDS[text]" ]]; then
      ask quiet task/parse "{\"text\":${FIELDS[text]}}" || finish
      [[ $REPLY == *'"kind":"tag"'* ]] && usage_error tw.usage.tagsTwice
    fi
    # Each task's tags, less the --untag ones, and the --tag ones: its own params.
    for i in "${!IDS[@]}"; do
      ask quiet task/get "{\"id\":${IDS[i]}}" || finish
      tags_of "$REPLY"
      for t in "${drop[@]}"; do tags_without "$t"; done
      for t in "${add[@]}"; do json_str "$t"; TAGS+=("$REPLY"); done
      printf -v t '%s,' "${TAGS[@]}"
      pjson tags "[${t%,}]"
      params_json
      # shellcheck disable=SC2034 # (read by req_each, lib/ids.sh)
      RESTS[i]=$P
    done
  fi
  params_json
  req_each updated task/update "$P"
  req_upcoming
  [[ -z $SERVER_PID ]] || finish
}

# tags_of REPLY-LINE: TAGS = the task's tags, each as its JSON string literal.
tags_of() {
  local s='"([^"\\]|\\.)*"'
  TAGS=()
  [[ $1 =~ ,\"tags\":\[(($s)(,$s)*)?\] ]] || return 0
  local rest=${BASH_REMATCH[1]}
  while [[ $rest =~ ^($s),? ]]; do
    TAGS+=("${BASH_REMATCH[1]}")
    rest=${rest:${#BASH_REMATCH[0]}}
  done
}

tags_without() {
  local t keep=()
  json_str "${1#[#+]}"
  for t in "${TAGS[@]}"; do [[ ${t,,} == "${REPLY,,}" ]] || keep+=("$t"); done
  TAGS=("${keep[@]}")
}

# ls [VIEW] [filters]; find TEXT... [filters] (in every open task).
cmd_ls() {
  local view='' item='' text='' sort='' tagl='' pris='' types='' F='' cmd=$1 t kind=${KIND:-view}
  local in_project='' in_area=''
  shift
  while (($#)); do
    case $1 in
      --tag | --priority | --type | --sort | --due-before | --due-after | --text | --project | --area)
        (($# >= 2)) || usage_error tw.usage.needsValue option "$1" ;;&
      --tag) json_str "${2#[#+]}"; tagl+=",$REPLY"; shift ;;
      --priority) priority_of "$1" "$2"; pris+=",$REPLY"; shift ;;
      --type) type_of "$2"; json_str "$REPLY"; types+=",$REPLY"; shift ;;
      --urgent) F+=',"urgent":true' ;;
      --not-urgent) F+=',"urgent":false' ;;
      --repeating) F+=',"hasRecurrence":true' ;;
      --due-before) json_str "$2"; F+=",\"dueBefore\":$REPLY"; shift ;;
      --due-after) json_str "$2"; F+=",\"dueAfter\":$REPLY"; shift ;;
      --text) text+="${text:+ }$2"; shift ;;
      --project) in_project=$2; shift ;;
      --area) in_area=$2; shift ;;
      --sort) case $2 in
          manual | priority | duration | dueDate | title | project) sort=$2 ;;
          due) sort=dueDate ;;
          *) usage_error tw.usage.sort value "$2" ;;
        esac; shift ;;
      -?*) usage_error tw.usage.commandUnknownOption command "$cmd" option "$1" ;;
      *) if [[ $cmd == find ]]; then text+="${text:+ }$1"
         elif [[ -z $view ]]; then view=$1
         elif [[ ($view == project || $view == area) && -z $item ]]; then item=$1
         else usage_error tw.usage.oneView; fi ;;
    esac
    shift
  done
  if [[ $cmd == find ]]; then
    [[ -n $text ]] || usage_error tw.usage.needsText
    view=all
  fi
  case ${view:=today} in
    inbox | today | upcoming | matrix | all | logbook | projects | anytime | someday) ;;
    # (The kind says which item was asked for: the reply of one that is none is an empty list.)
    project | area) [[ -n $item ]] || usage_of "tw $cmd $view ID|NAME"
      item_id "$view" "$item"
      item=$REPLY
      [[ $kind == view ]] && kind="of.$view.$item" ;;
    *) usage_error tw.usage.unknownView view "$view" ;;
  esac
  # --project, --area: the tasks of a project (under its headings too), of an area (its own and
  # its projects'), by ID or NAME (lib/projects.sh).
  [[ -n $in_project ]] && { item_id project "$in_project"; F+=",\"project\":$REPLY"; }
  [[ -n $in_area ]] && { item_id area "$in_area"; F+=",\"area\":$REPLY"; }
  [[ -n $text ]] && { json_str "$text"; F+=",\"text\":$REPLY"; }
  [[ -n $tagl ]] && F+=",\"tagsAny\":[${tagl#,}]"
  [[ -n $pris ]] && F+=",\"priorities\":[${pris#,}]"
  [[ -n $types ]] && F+=",\"types\":[${types#,}]"
  t="{\"view\":\"$view\""
  [[ -n $F ]] && t+=",\"filter\":{${F#,}}"
  [[ -n $sort ]] && t+=",\"sort\":\"$sort\""
  [[ -n $item ]] && t+=",\"$view\":$item"
  t+='}'
  req "$kind" "view/${METHOD:-list}" "$t"
}
