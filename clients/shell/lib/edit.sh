# shellcheck shell=bash
# edit.sh: tw edit ID with no fields (the task in $VISUAL or $EDITOR), sourced by tw.

# edit ID with no fields: the task as a plain-text form (lib/form.jq) in $VISUAL, else $EDITOR,
# else vi; what changed is saved as one task/update. The form is a file of its own (mktemp,
# 0600) that is removed when it is saved or nothing changed, and kept and named otherwise: the
# task changed meanwhile (it is read again before the update), the editor failed, a value is
# wrong, or the server refused it. Runs on servers of its own (none while the editor is open).
EDIT_FILE=''
edit_in_editor() {
  local id=$1 first form editor key v t list
  local -a ed
  [[ -z $BATCH_LINE ]] || usage_error tw.usage.notInBatch command "edit ID"
  start_server
  ask quiet task/get "{\"id\":$id}" || finish
  first=$REPLY
  local yes no help
  msg yes; yes=$REPLY
  msg no; no=$REPLY
  msg tw.form.help id "$id" yes "$yes" no "$no"; help=$REPLY
  stop_server wait
  form=$("$JQ" -r -f "$TW_HOME/lib/form.jq" --arg help "$help" --arg yes "$yes" --arg no "$no" <<<"$first") ||
    die_msg tw.error.noForm id "$id"
  EDIT_FILE=$(mktemp "${TMPDIR:-/tmp}/tw-edit-$id.XXXXXX") || die_msg tw.error.noTempFile
  trap 'edit_exit $?' EXIT
  printf '%s\n' "$form" >"$EDIT_FILE"
  editor=${VISUAL:-${EDITOR:-vi}}
  read -ra ed <<<"$editor"
  "${ed[@]}" "$EDIT_FILE" || die_msg tw.error.editorFailed editor "$editor" status "$?"
  read_form "$form"
  local -A was=()
  for key in "${!FORM[@]}"; do was[$key]=${FORM[$key]}; done
  read_form "$(<"$EDIT_FILE")"
  if ((${#FORM[@]} == 1)) && [[ -z ${FORM[notes]} ]]; then
    rm -f -- "$EDIT_FILE"; EDIT_FILE=''
    die_msg tw.error.emptyForm
  fi
  params_reset
  for key in title date time due due-time priority urgent duration type every tags notes; do
    v=${FORM[$key]-${was[$key]}}
    [[ $v == "${was[$key]}" ]] && continue
    case $key in
      title) [[ -n $v ]] || usage_error tw.usage.emptyTitle; pstr title "$v" ;;
      date | due) [[ -n $v ]] || v=none
        if [[ $key == date ]]; then pstr_or_null scheduledDate "$v"; else pstr_or_null dueDate "$v"; fi ;;
      time) ptime scheduledTime "$v" ;;
      due-time) ptime dueTime "$v" ;;
      priority) priority_of priority "$v"; pjson priority "$REPLY" ;;
      urgent) case ${v,,} in
          "${yes,,}" | yes | y | true | 1) pjson urgent true ;;
          "${no,,}" | no | n | false | 0 | '') pjson urgent false ;;
          *) usage_error tw.usage.urgent yes "$yes" no "$no" value "$v" ;;
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
    msg tw.edit.noChange id "$id"
    printf '%s\n' "$REPLY"
    exit 0
  fi
  # The task as it is now: changed since the form was made (by anyone), nothing is saved.
  start_server
  ask quiet task/get "{\"id\":$id}" || finish
  if [[ $(task_of "$REPLY") != "$(task_of "$first")" ]]; then
    local now=${REPLY##*\"updatedAt\":\"} then=${first##*\"updatedAt\":\"}
    die_msg tw.error.changedMeanwhile id "$id" "then" "${then%%\"*}" now "${now%%\"*}"
  fi
  req_placed updated task/update "{\"id\":$id$P}"
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
  if (($1 == 0)); then rm -f -- "$EDIT_FILE"; else say_msg tw.edit.kept path "$EDIT_FILE"; fi
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
    [[ $line =~ ^[[:space:]]*([a-z-]+):[[:space:]]*(.*)$ ]] ||
      usage_error tw.usage.formLine line "$line"
    key=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
    value=${value%"${value##*[![:space:]]}"}
    case $key in
      notes) in_notes=1; [[ -z $value ]] || notes=$value$'\n' ;;
      title | date | time | due | due-time | priority | urgent | duration | type | every | tags) FORM[$key]=$value ;;
      *) usage_error tw.usage.formField field "$key" ;;
    esac
  done <<<"$1"
  while [[ $notes == *$'\n' ]]; do notes=${notes%$'\n'}; done
  FORM[notes]=$notes
}
