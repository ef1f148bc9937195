# shellcheck shell=bash
# commands.sh: the commands, sourced by tw. Each one checks its arguments and queues its
# requests (lib/rpc.sh); main runs them. A usage error exits 2 before any server starts.

need_id() { [[ ${2:-} =~ ^[0-9]+$ ]] || usage_error "$1 needs a task ID (a number), not '${2:-}'"; }

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

priority_of() {
  case ${2,,} in
    1 | low) REPLY=1 ;; 2 | medium | med) REPLY=2 ;; 3 | high) REPLY=3 ;;
    *) usage_error "$1 is 1, 2 or 3 (low, medium, high), not '$2'" ;;
  esac
}

# 45, 30m, 1h, 1h30m, 1h30 → minutes.
minutes_of() {
  local v=${2,,}
  if [[ $v =~ ^([0-9]+)(m|min|mins)?$ ]]; then REPLY=$((10#${BASH_REMATCH[1]}))
  elif [[ $v =~ ^([0-9]+)h(([0-9]+)m?)?$ ]]; then REPLY=$((10#${BASH_REMATCH[1]} * 60 + 10#${BASH_REMATCH[3]:-0}))
  else usage_error "$1 is minutes (45) or like 30m, 1h, 1h30m, not '$2'"; fi
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
    *) usage_error "$1 is daily, weekly, biweekly, monthly (a ! after it: from completion) or none, not '$2'" ;;
  esac
}

# task_option OPTION VALUE: reads a field option shared by add and edit into P; sets SHIFTS
# (how many arguments it took), or returns 1 when OPTION is not one of them.
task_option() {
  SHIFTS=2
  case $1 in
    --urgent) pjson urgent true; SHIFTS=1; return ;;
    --not-urgent) pjson urgent false; SHIFTS=1; return ;;
    --priority | --duration | --type | --notes | --due | --every | --date | --on) ;;
    *) return 1 ;;
  esac
  (($# >= 2)) || usage_error "$1 needs a value"
  case $1 in
    --priority) priority_of "$1" "$2"; pjson priority "$REPLY" ;;
    --duration) minutes_of "$1" "$2"; pjson durationMinutes "$REPLY" ;;
    --type) type_of "$2"; pstr type "$REPLY" ;;
    --notes) pstr_or_null notes "$2" ;;
    --due) pstr_or_null dueDate "$2" ;;
    --every) recurrence_of "$1" "$2"; pjson recurrence "$REPLY" ;;
    --date | --on) pstr_or_null scheduledDate "$2" ;;
  esac
}

cmd_add() {
  if [[ ${1:-} == - ]]; then (($# == 1)) || usage_error "add - takes no other arguments"; add_stdin; return; fi
  local words=() tags=() view='' t
  params_reset
  while (($#)); do
    case $1 in
      --today) view=today ;;
      --tomorrow) view=tomorrow ;;
      --inbox) view=inbox ;;
      --tag) (($# >= 2)) || usage_error "$1 needs a value"; tags+=("$2"); shift ;;
      --) shift; words+=("$@"); break ;;
      -?*) task_option "$@" || usage_error "add: unknown option $1"; shift "$SHIFTS"; continue ;;
      *) words+=("$1") ;;
    esac
    shift
  done
  ((${#words[@]})) || usage_error "add needs a TITLE"
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

cmd_edit() {
  need_id edit "${1:-}"
  local id=$1 words=() add=() drop=() t
  shift
  params_reset
  while (($#)); do
    case $1 in
      --tag | --untag) (($# >= 2)) || usage_error "$1 needs a value"
        if [[ $1 == --tag ]]; then add+=("$2"); else drop+=("$2"); fi; shift ;;
      --title) (($# >= 2)) || usage_error "$1 needs a value"; pstr title "$2"; shift ;;
      --) shift; words+=("$@"); break ;;
      -?*) task_option "$@" || usage_error "edit: unknown option $1"; shift "$SHIFTS"; continue ;;
      *) words+=("$1") ;;
    esac
    shift
  done
  # No fields at all: the task in $EDITOR.
  if ((${#words[@]} + ${#add[@]} + ${#drop[@]} + ${#KEYS[@]} == 0)); then edit_in_editor "$id"; fi
  # New title words are read like quick add: `tw edit 3 Call dad !!!`.
  if ((${#words[@]})); then json_str "${words[*]}"; pjson text "$REPLY"; fi
  if ((${#add[@]} + ${#drop[@]})); then
    [[ -z $BATCH_LINE ]] || usage_error "edit --tag/--untag cannot run in a batch"
    start_server
    # New words with a #tag of their own would set the tags as well: which list is meant? The
    # server reads the words (task/parse: its own grammar, nothing stored) to tell.
    if [[ -v "FIELDS[text]" ]]; then
      ask quiet task/parse "{\"text\":${FIELDS[text]}}" || finish
      [[ $REPLY == *'"kind":"tag"'* ]] && usage_error "edit: give new #tags in the title words or with --tag, not both"
    fi
    ask quiet task/get "{\"id\":$id}" || finish
    tags_of "$REPLY"
    for t in "${drop[@]}"; do tags_without "$t"; done
    for t in "${add[@]}"; do json_str "$t"; TAGS+=("$REPLY"); done
    local IFS=,
    pjson tags "[${TAGS[*]}]"
  fi
  params_json
  req updated task/update "{\"id\":$id$P}"
  [[ -z $SERVER_PID ]] || finish
}

# edit ID with no fields: the task as a plain-text form (lib/form.jq) in $VISUAL, else $EDITOR,
# else vi; what changed is saved as one task/update. The form is a file of its own (mktemp,
# 0600) that is removed when it is saved or nothing changed, and kept and named otherwise: the
# task changed meanwhile (it is read again before the update), the editor failed, a value is
# wrong, or the server refused it. Runs on servers of its own (none while the editor is open).
EDIT_FILE=''
edit_in_editor() {
  local id=$1 first form editor key v t list
  local -a ed
  [[ -z $BATCH_LINE ]] || usage_error "edit without fields (the editor) cannot run in a batch"
  start_server
  ask quiet task/get "{\"id\":$id}" || finish
  first=$REPLY
  stop_server wait
  form=$("$JQ" -r -f "$TW_HOME/lib/form.jq" <<<"$first") || die "cannot make the form of task $id"
  EDIT_FILE=$(mktemp "${TMPDIR:-/tmp}/tw-edit-$id.XXXXXX") || die "cannot make a temporary file"
  trap 'edit_exit $?' EXIT
  printf '%s\n' "$form" >"$EDIT_FILE"
  editor=${VISUAL:-${EDITOR:-vi}}
  read -ra ed <<<"$editor"
  "${ed[@]}" "$EDIT_FILE" || die "the editor ($editor) exited with status $?: nothing saved"
  read_form "$form"
  local -A was=()
  for key in "${!FORM[@]}"; do was[$key]=${FORM[$key]}; done
  read_form "$(<"$EDIT_FILE")"
  if ((${#FORM[@]} == 1)) && [[ -z ${FORM[notes]} ]]; then
    rm -f -- "$EDIT_FILE"; EDIT_FILE=''
    die "the form is empty: nothing saved"
  fi
  params_reset
  for key in title date due priority urgent duration type every tags notes; do
    v=${FORM[$key]-${was[$key]}}
    [[ $v == "${was[$key]}" ]] && continue
    case $key in
      title) [[ -n $v ]] || usage_error "edit: the title cannot be empty"; pstr title "$v" ;;
      date | due) [[ -n $v ]] || v=none
        if [[ $key == date ]]; then pstr_or_null scheduledDate "$v"; else pstr_or_null dueDate "$v"; fi ;;
      priority) priority_of priority "$v"; pjson priority "$REPLY" ;;
      urgent) case ${v,,} in
          yes | y | true | 1) pjson urgent true ;;
          no | n | false | 0 | '') pjson urgent false ;;
          *) usage_error "edit: urgent is yes or no, not '$v'" ;;
        esac ;;
      duration) minutes_of duration "$v"; pjson durationMinutes "$REPLY" ;;
      type) type_of "$v"; pstr type "$REPLY" ;;
      every) recurrence_of every "${v:-none}"; pjson recurrence "$REPLY" ;;
      tags) list=''
        read -ra ed <<<"${v//,/ }"
        for t in "${ed[@]}"; do json_str "${t#[#+]}"; list+=",$REPLY"; done
        pjson tags "[${list#,}]" ;;
      notes) if [[ -z $v ]]; then pjson notes null; else pstr notes "$v"; fi ;;
    esac
  done
  params_json
  if [[ -z $P ]]; then
    printf 'No change: task %s not updated\n' "$id"
    exit 0
  fi
  # The task as it is now: changed since the form was made (by anyone), nothing is saved.
  start_server
  ask quiet task/get "{\"id\":$id}" || finish
  if [[ $(task_of "$REPLY") != "$(task_of "$first")" ]]; then
    local now=${REPLY##*\"updatedAt\":\"} then=${first##*\"updatedAt\":\"}
    die "task $id was changed while you edited it (updated ${then%%\"*}, now ${now%%\"*}): nothing saved; run tw edit $id again and copy your changes over"
  fi
  req updated task/update "{\"id\":$id$P}"
  finish
}

# task_of REPLY-LINE: the task object of a task/get reply (the text between "task": and the
# reply's own "view", the last one: one inside a string is escaped).
task_of() { [[ $1 =~ \"result\":\{\"task\":(.*),\"view\": ]] && printf '%s' "${BASH_REMATCH[1]}"; }

# edit_exit STATUS (the EXIT trap of the editor's edit): the form goes when it was saved or
# nothing changed; otherwise it is kept, and named.
edit_exit() {
  stop_server wait
  [[ -n $EDIT_FILE ]] || return 0
  if (($1 == 0)); then rm -f -- "$EDIT_FILE"; else say "your text is kept in $EDIT_FILE"; fi
}

# read_form TEXT: FORM = the fields of an edit form ("key: value" lines; # lines and blank ones
# skipped; every line after "notes:" is the notes, trailing blank lines dropped).
declare -A FORM=()
read_form() {
  local line key value notes='' in_notes=0
  FORM=()
  while IFS= read -r line; do
    if ((in_notes)); then notes+=$line$'\n'; continue; fi
    [[ $line =~ ^[[:space:]]*(#.*)?$ ]] && continue
    [[ $line =~ ^[[:space:]]*([a-z]+):[[:space:]]*(.*)$ ]] ||
      usage_error "edit: a line of the form is not 'field: value': $line"
    key=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
    value=${value%"${value##*[![:space:]]}"}
    case $key in
      notes) in_notes=1; [[ -z $value ]] || notes=$value$'\n' ;;
      title | date | due | priority | urgent | duration | type | every | tags) FORM[$key]=$value ;;
      *) usage_error "edit: the form has no field '$key'" ;;
    esac
  done <<<"$1"
  while [[ $notes == *$'\n' ]]; do notes=${notes%$'\n'}; done
  FORM[notes]=$notes
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
  local view='' text='' sort='' tagl='' pris='' types='' F='' cmd=$1 t
  shift
  while (($#)); do
    case $1 in
      --tag | --priority | --type | --sort | --due-before | --due-after | --text)
        (($# >= 2)) || usage_error "$1 needs a value" ;;&
      --tag) json_str "${2#[#+]}"; tagl+=",$REPLY"; shift ;;
      --priority) priority_of "$1" "$2"; pris+=",$REPLY"; shift ;;
      --type) type_of "$2"; json_str "$REPLY"; types+=",$REPLY"; shift ;;
      --urgent) F+=',"urgent":true' ;;
      --not-urgent) F+=',"urgent":false' ;;
      --repeating) F+=',"hasRecurrence":true' ;;
      --due-before) json_str "$2"; F+=",\"dueBefore\":$REPLY"; shift ;;
      --due-after) json_str "$2"; F+=",\"dueAfter\":$REPLY"; shift ;;
      --text) text+="${text:+ }$2"; shift ;;
      --sort) case $2 in
          manual | priority | duration | dueDate | title) sort=$2 ;;
          due) sort=dueDate ;;
          *) usage_error "--sort is manual, priority, duration, due or title, not '$2'" ;;
        esac; shift ;;
      -?*) usage_error "$cmd: unknown option $1" ;;
      *) if [[ $cmd == find ]]; then text+="${text:+ }$1"
         elif [[ -z $view ]]; then view=$1
         else usage_error "ls takes one view"; fi ;;
    esac
    shift
  done
  if [[ $cmd == find ]]; then
    [[ -n $text ]] || usage_error "find needs a TEXT"
    view=all
  fi
  case ${view:=today} in
    inbox | today | upcoming | matrix | all | logbook) ;;
    *) usage_error "unknown view '$view' (inbox, today, upcoming, matrix, all or logbook)" ;;
  esac
  [[ -n $text ]] && { json_str "$text"; F+=",\"text\":$REPLY"; }
  [[ -n $tagl ]] && F+=",\"tagsAny\":[${tagl#,}]"
  [[ -n $pris ]] && F+=",\"priorities\":[${pris#,}]"
  [[ -n $types ]] && F+=",\"types\":[${types#,}]"
  t="{\"view\":\"$view\""
  [[ -n $F ]] && t+=",\"filter\":{${F#,}}"
  [[ -n $sort ]] && t+=",\"sort\":\"$sort\""
  t+='}'
  req "${KIND:-view}" "view/${METHOD:-list}" "$t"
}
