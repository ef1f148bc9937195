#!/usr/bin/env bash
# Tests of taskwire-caldav against real parts: a Radicale server (htpasswd, bcrypt) on a loopback
# port, the real taskwire binary, the caldav library as a second client (the "phone"), and
# todoman through vdirsyncer (Debian's packages).
# Usage: TASKWIRE=/path/to/taskwire bash clients/caldav/test/run.sh [test_module ...]
# Installs what is missing: todoman and vdirsyncer with apt-get, and a venv with caldav,
# icalendar, radicale and bcrypt from PyPI under ${XDG_CACHE_HOME:-~/.cache}/taskwire-caldav-venv.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${TASKWIRE:?set TASKWIRE to the taskwire binary}"
[[ -x $TASKWIRE ]] || { echo "TASKWIRE=$TASKWIRE is not executable" >&2; exit 1; }
TASKWIRE=$(cd "$(dirname "$TASKWIRE")" && pwd)/$(basename "$TASKWIRE")
export TASKWIRE PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
unset TASKWIRE_DB TASKWIRE_CALDAV_PASSWORD

sudo=()
[[ $(id -u) == 0 ]] || sudo=(sudo)
apt_updated=""
apt_install() {
  echo "== installing $* (apt-get)"
  if [[ -z $apt_updated ]]; then
    "${sudo[@]}" apt-get update -qq >/dev/null
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "$@" >/dev/null
}

missing=()
[[ -x /usr/bin/todoman ]] || missing+=(todoman)
[[ -x /usr/bin/vdirsyncer ]] || missing+=(vdirsyncer)
python3 -c 'import venv, ensurepip' 2>/dev/null || missing+=(python3-venv)
((${#missing[@]} == 0)) || apt_install "${missing[@]}"

venv=${XDG_CACHE_HOME:-$HOME/.cache}/taskwire-caldav-venv
python=$venv/bin/python3
if ! "$python" -c 'import caldav, icalendar, radicale, bcrypt' 2>/dev/null; then
  echo "== installing caldav, icalendar, radicale, bcrypt (pip, into $venv)"
  rm -rf "$venv"
  python3 -m venv "$venv" || exit 1
  "$venv/bin/pip" install -q --disable-pip-version-check caldav icalendar radicale bcrypt || exit 1
fi
"$python" -c 'import caldav, icalendar, radicale; print("== caldav", caldav.__version__, "| icalendar", icalendar.__version__, "| radicale", radicale.VERSION)'
# the bridge's own "#!/usr/bin/env python3" finds the venv at once (not another python3 that
# lacks caldav and re-executes into the venv: about 0.2 s a run, a few hundred runs)
export PATH="$venv/bin:$PATH"

work=$(mktemp -d)
# shellcheck disable=SC2317  # (called by the trap below)
cleanup() {
  # the servers and bridges the tests started (their pids, one a line), then the folders
  if [[ -f $work/pids ]]; then
    while read -r pid; do
      kill "$pid" 2>/dev/null
    done <"$work/pids"
    sleep 0.3
    while read -r pid; do
      kill -9 "$pid" 2>/dev/null
    done <"$work/pids"
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

export TWCALDAV_WORK=$work
started=$SECONDS
cd "$here" || exit 1
timeout 600 "$python" run_tests.py "$@"
status=$?
echo "== caldav bridge: $((SECONDS - started)) s, $([[ $status == 0 ]] && echo passed || echo FAILED)"
exit "$status"
