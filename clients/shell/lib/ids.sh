# shellcheck shell=bash
# ids.sh: several task ids in one command, sourced by tw. done, undone, rm, sched, mv (without
# INDEX) and edit with fields take ids and ranges (tw done 8 9 12, tw rm 3-5, tw sched 2 4-6
# fri); the requests of several go as one task/batch: one action, one undo step, and nothing
# changed when one of them fails (the server names it). One id is one request, as always.

IDS=()      # the ids of the command, in the order given, each once
RESTS=()    # edit --tag/--untag: each id's own params (after its "id"), by its place in IDS
ID_MAX=1000 # task/batch's limit

# is_ids WORD: WORD reads as an id or a range (8, 3-5).
is_ids() { [[ $1 =~ ^[0-9]+(-[0-9]+)?$ ]]; }

# take_ids COMMAND WORD...: IDS = the ids of the WORDs (FIRST-LAST: every id from FIRST to
# LAST). A WORD that is no id or range, 0, a range backwards, or more than ID_MAX ids in all is
# a usage error (before any server starts), which gives the command's synopsis too.
take_ids() {
  local command=$1 word first last id n
  local -A seen=()
  shift
  IDS=() RESTS=()
  # shellcheck disable=SC2034 # (read by usage_error, lib/catalogue.sh)
  local SYNOPSIS="tw $command ID|FIRST-LAST...  (1 ≤ FIRST ≤ LAST, COUNT ≤ $ID_MAX)"
  for word; do
    # (Leading zeros go, as a JSON number has none; more than 15 digits is no id of ours, and
    # would not survive bash's arithmetic.)
    [[ $word =~ ^0*([0-9]{1,15})(-0*([0-9]{1,15}))?$ ]] ||
      usage_error tw.usage.needsId command "$command" value "$word"
    first=${BASH_REMATCH[1]} last=${BASH_REMATCH[3]:-${BASH_REMATCH[1]}}
    ((first >= 1 && first <= last)) || usage_error tw.usage.needsId command "$command" value "$word"
    n=$((last - first + 1))
    ((n <= ID_MAX)) || usage_error tw.usage.count value "$n"
    for ((id = first; id <= last; id++)); do
      [[ -v "seen[$id]" ]] && continue
      seen[$id]=1
      IDS+=("$id")
    done
    ((${#IDS[@]} <= ID_MAX)) || usage_error tw.usage.count value "${#IDS[@]}"
  done
  ((${#IDS[@]})) || usage_error tw.usage.needsId command "$command" value ''
}

# req_each KIND METHOD [PARAMS]: the request METHOD for each id of IDS, its params
# {"id":ID,PARAMS} (RESTS: an id's own): one id alone, several as one task/batch whose reply
# render.jq shows as KIND's, one task after the other.
req_each() {
  local kind=$1 method=$2 i list=''
  if ((${#IDS[@]} == 1)); then
    req "$kind" "$method" "{\"id\":${IDS[0]}${RESTS[0]-${3:-}}}"
    return
  fi
  for i in "${!IDS[@]}"; do
    list+=",{\"method\":\"$method\",\"params\":{\"id\":${IDS[i]}${RESTS[i]-${3:-}}}}"
  done
  req "many.$kind" task/batch "{\"requests\":[${list#,}]}"
}
