# shellcheck shell=bash
# remind.sh: reminders (issue 30), sourced by tw. tw remind sets a task's reminders; tw
# reminders stays running and prints each reminder as it falls due (its session declares
# initializationOptions.reminders, so its server is sent them and may fire them), --notify
# hands the alerting ones to notify-send; tw snooze and tw dismiss act on one, as its line
# says (ID AT).

# remind_time WORD: REPLY = a time of day as the protocol writes it (HH:MM) from 9:00, 17:30,
# 5pm, 9:30am; returns 1 when WORD is none.
remind_time() {
  local t=${1,,} h m
  [[ $t =~ ^([0-9]{1,2})(:([0-9]{2}))?(am|pm)?$ ]] && [[ -n ${BASH_REMATCH[3]}${BASH_REMATCH[4]} ]] || return 1
  h=$((10#${BASH_REMATCH[1]})) m=$((10#${BASH_REMATCH[3]:-0}))
  if [[ -n ${BASH_REMATCH[4]} ]]; then
    ((h >= 1 && h <= 12)) || return 1
    ((h %= 12))
    [[ ${BASH_REMATCH[4]} == pm ]] && ((h += 12))
  fi
  ((h <= 23 && m <= 59)) || return 1
  printf -v REPLY '%02d:%02d' "$h" "$m"
}

# remind ID (TIME|DATE TIME|-MINUTES)...|none: sets the task's reminders (its others go): a
# TIME alone is on the task's date (none: today's), DATE TIME (or DATETTIME) on that day,
# -30m or -1h before the task's own time; none takes them all away.
cmd_remind() {
  local synopsis="tw remind ID (TIME|DATE TIME|-MINUTES)...|none" id word day list='' line
  local items=() today='' n
  (($# >= 2)) || usage_of "$synopsis"
  need_id remind "$1"
  id=$((10#$1))
  shift
  if [[ $* != none ]]; then
    while (($#)); do
      word=$1 day=''
      shift
      if [[ $word =~ ^([0-9]{4}-[0-9]{2}-[0-9]{2})([T\ ](.+))?$ ]]; then
        day=${BASH_REMATCH[1]} word=${BASH_REMATCH[3]}
        [[ -n $word ]] || { (($#)) || usage_of "$synopsis"; word=$1; shift; }
      elif [[ $word =~ ^-([0-9]+)(m|min|h)?$ ]]; then
        n=$((10#${BASH_REMATCH[1]}))
        [[ ${BASH_REMATCH[2]} == h ]] && n=$((n * 60))
        items+=("{\"before\":$n}")
        continue
      fi
      remind_time "$word" || usage_error tw.usage.remindTime value "$word"
      items+=("$day|$REPLY")
    done
  fi
  # A time alone is on the task's date, or today's (the server's): read first.
  if [[ " ${items[*]} " == *" |"* ]]; then
    [[ -z $BATCH_LINE ]] || usage_error tw.usage.notInBatch command "remind ID TIME"
    start_server
    ask quiet task/get "{\"id\":$id}" || finish
    if [[ $REPLY =~ \"scheduledDate\":\"([0-9]{4}-[0-9]{2}-[0-9]{2})\" ]]; then
      today=${BASH_REMATCH[1]}
    else
      for line in "${SEEN[@]}"; do
        [[ $line == *'"id":"init//"'* && $line =~ \"today\":\"([0-9-]{10})\" ]] && today=${BASH_REMATCH[1]}
      done
    fi
  fi
  for word in "${items[@]}"; do
    if [[ $word == \{* ]]; then list+=",$word"
    else day=${word%%|*}; list+=",{\"at\":\"${day:-$today}T${word#*|}\"}"; fi
  done
  req_placed updated task/update "{\"id\":$id,\"reminders\":[${list#,}]}"
  [[ -z $SERVER_PID ]] || finish
}

# snooze ID AT FOR... | dismiss ID AT: one reminder, as tw reminders prints it (ID AT); FOR
# as the server reads it: 10m, 1h, evening, tomorrow, fri 9am.
cmd_snooze() {
  local command=$1 synopsis="tw snooze ID AT FOR..."
  shift
  [[ $command == dismiss ]] && synopsis="tw dismiss ID AT"
  if [[ $command == dismiss ]]; then (($# == 2)) || usage_of "$synopsis"; else (($# >= 3)) || usage_of "$synopsis"; fi
  need_id "$command" "$1"
  json_str "$2"
  local params="{\"id\":$((10#$1)),\"at\":$REPLY"
  shift 2
  if [[ $command == snooze ]]; then
    json_str "$*"
    req snoozed reminder/snooze "$params,\"for\":$REPLY}"
  else
    req dismissed reminder/dismiss "$params}"
  fi
}

# reminders [--notify]: each reminder showing, then each one as it falls due, one line each
# (lib/remind.jq: "+ ID AT  TITLE · WHEN: TEXT", "- ID AT  TEXT" when it stops showing),
# until Ctrl-C. --notify: an alerting one (this process fired it) goes to notify-send too.
cmd_reminders() {
  local arg notify=false send=''
  for arg; do
    case $arg in
      --notify) notify=true ;;
      *) usage_of "tw reminders [--notify]" ;;
    esac
  done
  [[ -z $BATCH_LINE ]] || usage_error tw.usage.notInBatch command reminders
  if [[ $notify == true ]]; then send=$(command -v notify-send) || die_msg tw.error.noNotifySend; fi
  # shellcheck disable=SC2034 # read by init_request (rpc.sh)
  INIT_OPTIONS=',"reminders":true'
  start_server
  # (jq 1.6 holds its output in a buffer when it is not a terminal unless told not to.)
  [[ ${JQ##*/} == gojq* ]] || JQ_FLAGS=(--unbuffered)
  JQ_FLAGS+=(--argjson notify "$notify")
  if [[ -n $send ]]; then
    RENDER_PROGRAM=remind render <&"$SRV_OUT" | notify_each "$send" &
  else
    RENDER_PROGRAM=remind render <&"$SRV_OUT" &
  fi
  # shellcheck disable=SC2034 # read by follow_reader (more.sh)
  WATCH_PID=$!
  follow_reader
}

# notify_each NOTIFY-SEND: prints remind.jq's lines; a line "\x1eTITLE\x1fTEXT" (an alerting
# reminder) goes to notify-send as two arguments instead, and is not waited for.
notify_each() {
  local line title
  while IFS= read -r line; do
    if [[ $line == $'\x1e'* ]]; then
      line=${line#$'\x1e'}
      title=${line%%$'\x1f'*}
      "$1" -- "$title" "${line#*$'\x1f'}" </dev/null >/dev/null 2>&1 &
    else
      printf '%s\n' "$line" 2>/dev/null || exit 141
    fi
  done
}
