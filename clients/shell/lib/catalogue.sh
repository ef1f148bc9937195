# shellcheck shell=bash
# catalogue.sh: the words tw says itself (usage errors, what went wrong, tw edit's and tw
# server's lines), sourced by tw. Every one comes from the server's catalogue (catalogue/get,
# in the session's language): `msg KEY [NAME VALUE]...` looks KEY up and fills in its {NAME}s.
# What jq prints (task lines, views, replies) takes its words from the same catalogue, which
# init_request (rpc.sh) asks for at the start of every session. Only the few lines said before
# any server can answer (no jq, no server binary) and tw --help are English.

CAT=''         # the reply to catalogue/get (one JSON line), once it has been read
# tw's newest words, said in English while the server's catalogue lacks them (a server built
# before they were added to Protocol/catalogue/).
declare -A MSG_FALLBACK=(
  [tw.error.noNotifySend]='--notify needs notify-send (apt-get install libnotify-bin)'
  [tw.usage.remindTime]="'{value}' is no reminder time: say 9:00, 5pm, 2026-11-27 9:00, -30m (before the task's time) or none"
)
CAT_ID='"id":"cat//"'

# catalogue_fetch: sets CAT, from the conversation's replies when one is going on (its
# session asked for it first), else from a server of its own on no store (--memory).
catalogue_fetch() {
  [[ -n $CAT ]] && return 0
  local line bin
  for line in "${SEEN[@]}"; do
    [[ $line == *"$CAT_ID"* ]] && { CAT=$line; return 0; }
  done
  if [[ -n $SRV_IN ]]; then
    while IFS= read -r -t 5 line <&"$SRV_OUT"; do
      SEEN+=("$line")
      [[ $line == *"$CAT_ID"* ]] && { CAT=$line; return 0; }
    done
  fi
  # (In a subshell: a missing binary is said by the caller's own message, not here.)
  bin=$(server_binary >/dev/null 2>&1 && printf '%s' "$BIN") || return 1
  while IFS= read -r line; do
    [[ $line == *"$CAT_ID"* ]] && CAT=$line
  done < <(init_request | "$bin" --quiet --memory 2>/dev/null)
  [[ -n $CAT ]]
}

# msg KEY [NAME VALUE]...: REPLY = the catalogue's text of KEY with each {NAME} replaced by
# its VALUE. Without a catalogue (no server could say it): KEY and the values, as they are.
msg() {
  local key=$1 text re
  shift
  re="\"${key//./\\.}\":\"(([^\"\\\\]|\\\\.)*)\""
  if catalogue_fetch && [[ $CAT =~ $re ]] || [[ -v "MSG_FALLBACK[$key]" ]]; then
    if [[ $CAT =~ $re ]]; then
      text=${BASH_REMATCH[1]}
      text=${text//\\\"/\"} text=${text//\\\//\/}
      printf -v text '%b' "$text"
    else
      text=${MSG_FALLBACK[$key]}
    fi
    while (($# >= 2)); do
      text=${text//"{$1}"/"$2"}
      shift 2
    done
  else
    text=$key
    while (($# >= 2)); do
      text+=" $1=$2"
      shift 2
    done
  fi
  REPLY=$text
}

# say_msg / die_msg KEY [NAME VALUE]...: the message on stderr ("tw: …"); die_msg exits 1.
say_msg() { msg "$@"; say "$REPLY"; }
die_msg() { say_msg "$@"; exit 1; }

# usage_error KEY [NAME VALUE]...: a usage error (with the batch line it is on), exit 2; then
# the usage of the command when SYNOPSIS is set.
usage_error() {
  msg "$@"
  [[ -z $BATCH_LINE ]] || msg tw.line line "$BATCH_LINE" message "$REPLY"
  say "$REPLY"
  [[ -z ${SYNOPSIS:-} ]] || { msg tw.usage.usage synopsis "$SYNOPSIS"; say "$REPLY"; }
  msg tw.usage.try
  printf '%s\n' "$REPLY" >&2
  exit 2
}

# usage_of SYNOPSIS: the usage error that gives a command's synopsis.
usage_of() { usage_error tw.usage.usage synopsis "$1"; }
