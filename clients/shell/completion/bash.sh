# shellcheck shell=bash
# Bash completion of tw (installed as share/bash-completion/completions/tw): commands, options,
# views, option values (types, priorities, repeats, date phrases, sorts), tags, and task ids
# with their titles from the store: `tw done <TAB>` lists "12  Call mom" (after an id too: tw
# done 8 <TAB>, as done, undone, rm, sched, mv and edit take several). The store's ids and
# tags come from `tw __complete ids|done-ids|tags`, one request to the resident server; project
# and area ids with their titles after --project, --area, ls project, mv ID project and the like.

_tw_commands='add edit show ls find mv sched done undone rm undo redo log tags watch rpc batch server help project area heading
  someday anytime cancel convert remind reminders snooze dismiss'
_tw_views='inbox today upcoming matrix all logbook anytime someday projects project area'
_tw_fields='--priority --urgent --not-urgent --duration --type --due --notes --every --date --time --due-time'
_tw_filters='--tag --priority --type --urgent --not-urgent --repeating --due-before --due-after --text --project --area --sort'
_tw_dates='today tomorrow mon tue wed thu fri sat sun eow eom eoy +1d +2d +1w +2w +1m'

# _tw_store ARGS: runs `tw [--db DB] ARGS` on the store of the line being completed (quietly).
_tw_store() {
  local tw=${COMP_WORDS[0]}
  # (A word typed as ~/bin/tw reaches us unexpanded.)
  # shellcheck disable=SC2088
  [[ $tw == "~/"* ]] && tw=$HOME/${tw#"~/"}
  "$tw" "${_tw_db[@]}" "$@" 2>/dev/null </dev/null
}

# _tw_ids ids|done-ids|someday-ids: the task ids that start with cur and are not on the line yet (tw done
# 3 <TAB>: another one); as "ID  TITLE" while several match (bash lists them), as the bare id
# when one does (bash inserts it).
_tw_ids() {
  local id title
  local -a matches=()
  local typed=" ${COMP_WORDS[*]:cmdi+1:COMP_CWORD-cmdi-1} "
  while IFS=$'\t' read -r id title; do
    [[ $id == "$cur"* && $typed != *" $id "* ]] && matches+=("$id  $title")
  done < <(_tw_store __complete "$1")
  if ((${#matches[@]} == 1)); then
    COMPREPLY=("${matches[0]%%  *}")
  else
    COMPREPLY=("${matches[@]}")
    compopt -o nosort 2>/dev/null
  fi
}

# _tw_items projects|areas: the open projects or the areas that start with cur, as _tw_ids.
_tw_items() {
  local id title
  local -a matches=()
  while IFS=$'\t' read -r id title; do
    [[ $id == "$cur"* ]] && matches+=("$id  $title")
  done < <(_tw_store __complete "$1")
  if ((${#matches[@]} == 1)); then COMPREPLY=("${matches[0]%%  *}"); else COMPREPLY=("${matches[@]}"); fi
}

_tw_words() { mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur"); }

_tw() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  local i cmd='' cmdi=0
  _tw_db=()
  COMPREPLY=()
  # The global options before the command, and the command.
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      --db) _tw_db=(--db "${COMP_WORDS[i + 1]}"); ((i++)) ;;
      --db=*) _tw_db=("${COMP_WORDS[i]}") ;;
      -*) ;;
      *) cmd=${COMP_WORDS[i]} cmdi=$i; break ;;
    esac
  done
  if [[ -z $cmd ]]; then
    case $prev in --db) compopt -o default 2>/dev/null; return ;; esac
    if [[ $cur == -* ]]; then _tw_words '--json --db --create --help'; else _tw_words "$_tw_commands"; fi
    return
  fi
  # An option's value.
  case $prev in
    --priority) _tw_words '1 2 3 low medium high'; return ;;
    --type) _tw_words 'deep shallow errand meeting learning maintenance'; return ;;
    --every) _tw_words 'daily weekly biweekly monthly daily! weekly! biweekly! monthly! none'; return ;;
    --duration) _tw_words '15m 30m 45m 1h 1h30m 2h 3h'; return ;;
    --due | --date | --on | --due-before | --due-after) _tw_words "$_tw_dates none"; return ;;
    --time | --due-time) _tw_words '9:00 12:00 15:00 17:00 none'; return ;;
    --sort) _tw_words 'manual priority duration due title project'; return ;;
    --tag | --untag) _tw_words "$(_tw_store __complete tags)"; return ;;
    --notes | --title | --text | --heading) return ;;
    --project) _tw_items projects; return ;;
    --area) _tw_items areas; return ;;
  esac
  # The place of the word among the command's arguments (options and their values not counted),
  # and whether those before it are all ids or ranges (8, 3-5): then another id may follow.
  local n=0 ids=1
  for ((i = cmdi + 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      --priority | --type | --every | --duration | --due | --date | --on | --time | --due-time | \
        --due-before | --due-after | --sort | --tag | --untag | --notes | --title | --text | \
        --project | --heading | --area) ((i++)) ;;
      -*) ;;
      *) ((n++)); [[ ${COMP_WORDS[i]} =~ ^[0-9]+(-[0-9]+)?$ ]] || ids=0 ;;
    esac
  done
  # An id, or a date after the ids of sched and mv: a digit says which.
  local digit=0
  [[ $cur == [0-9]* ]] && digit=1
  case $cmd in
    add)
      if [[ $cur == -* ]]; then _tw_words "$_tw_fields --on --today --tomorrow --inbox --tag --project --heading --area"
      elif [[ $cur == [#+]* ]]; then _tw_words "$(_tw_store __complete tags | sed 's/^/#/')"; fi ;;
    edit)
      if [[ $cur == -* ]]; then _tw_words "$_tw_fields --tag --untag --title"
      elif ((n == 0 || (ids && digit))); then _tw_ids ids
      elif [[ $cur == [#+]* ]]; then _tw_words "$(_tw_store __complete tags | sed 's/^/#/')"; fi ;;
    show) ((n == 0)) && [[ $cur != -* ]] && _tw_ids ids ;;
    done | someday | cancel) ((ids)) && [[ $cur != -* ]] && _tw_ids ids ;;
    anytime) ((ids)) && [[ $cur != -* ]] && _tw_ids someday-ids ;;
    convert) ((n == 0)) && [[ $cur != -* ]] && _tw_ids ids ;;
    rm | delete) if [[ $cur == -* ]]; then _tw_words '--keep-tasks --delete-tasks'; elif ((ids)); then _tw_ids ids; fi ;;
    undone) ((ids)) && [[ $cur != -* ]] && _tw_ids done-ids ;;
    sched | schedule)
      if ((n == 0 || (ids && digit))); then _tw_ids ids; elif ((ids)); then _tw_words "$_tw_dates inbox none"; fi ;;
    mv | move)
      if [[ $prev == project ]]; then _tw_items projects
      elif [[ $prev == area ]]; then _tw_items areas
      elif ((n == 0 || (ids && digit))); then _tw_ids ids; elif ((ids)); then _tw_words "inbox evening project area $_tw_dates"; fi ;;
    ls | list | watch)
      if [[ $cur == -* ]]; then _tw_words "$_tw_filters"; elif ((n == 0)); then _tw_words "$_tw_views"
      elif ((n == 1)) && [[ $prev == project ]]; then _tw_items projects
      elif ((n == 1)) && [[ $prev == area ]]; then _tw_items areas; fi ;;
    project) if ((n == 0)); then _tw_words add; elif [[ $cur == -* ]]; then _tw_words "--area $_tw_fields"; fi ;;
    area) ((n == 0)) && _tw_words add ;;
    heading) if ((n == 0)); then _tw_words add; elif ((n == 1)); then _tw_items projects; fi ;;
    find) [[ $cur == -* ]] && _tw_words "$_tw_filters" ;;
    server) ((n == 0)) && _tw_words 'status stop' ;;
    # Reminders: the task's id; snooze's FOR after the id and the time (AT, as tw reminders says).
    remind | snooze | dismiss)
      if ((n == 0)) && [[ $cur != -* ]]; then _tw_ids ids
      elif ((n == 2)) && [[ $cmd == snooze ]]; then _tw_words '10m 1h evening tomorrow'; fi ;;
    reminders) _tw_words --notify ;;
    rpc) ((n == 0)) && _tw_words 'history/list history/redo history/undo tags/list task/complete task/create task/delete task/get task/move task/parse task/schedule task/update view/list' ;;
  esac
  return 0
}
complete -F _tw tw
