#!/usr/bin/env bash
# Tests of the Python client library and the Tk app, against the real taskwire binary over
# real pipes: the library's unit and randomized diff tests, then the app in a real X window
# under Xvfb (which also saves clients/python/screenshot.png).
# Usage: TASKWIRE=/path/to/taskwire bash clients/python/test/run.sh
# Installs python3-tk and xvfb with apt-get when they are missing.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${TASKWIRE:?set TASKWIRE to the taskwire binary}"
[[ -x $TASKWIRE ]] || { echo "TASKWIRE=$TASKWIRE is not executable" >&2; exit 1; }
TASKWIRE=$(cd "$(dirname "$TASKWIRE")" && pwd)/$(basename "$TASKWIRE")
export TASKWIRE PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
unset TASKWIRE_DB

apt_install() {
  local sudo=()
  [[ $(id -u) == 0 ]] || sudo=(sudo)
  echo "== installing $*"
  "${sudo[@]}" apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "$@" >/dev/null
}

# A Python 3 with tkinter: the first python3 on PATH, else Debian's (with python3-tk).
python=""
for candidate in python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null && "$candidate" -c 'import tkinter' 2>/dev/null; then
    python=$candidate
    break
  fi
done
if [[ -z $python ]]; then
  apt_install python3-tk
  python=/usr/bin/python3
fi
command -v Xvfb >/dev/null || apt_install xvfb

work=$(mktemp -d)
xvfb_pid=""
trap '[[ -z $xvfb_pid ]] || kill "$xvfb_pid" 2>/dev/null; rm -rf "$work"' EXIT

status=0
started=$SECONDS
cd "$here" || exit 1

echo "== python client: library tests (taskwire over pipes)"
"$python" run_tests.py test_client test_random test_words test_gui_cli || status=1

echo "== python client: Tk app tests (Xvfb)"
mkdir -p "$work/fb"
# -displayfd picks a free display and writes its number once the server is ready.
Xvfb -displayfd 3 -screen 0 1280x900x24 -fbdir "$work/fb" -nocursor -nolisten tcp \
  3>"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 100); do
  [[ -s $work/display ]] && break
  sleep 0.1
done
if [[ ! -s $work/display ]]; then
  echo "Xvfb did not start:" >&2
  cat "$work/xvfb.log" >&2
  exit 1
fi
DISPLAY=":$(head -n 1 "$work/display")" TW_FBDIR="$work/fb" \
  "$python" run_tests.py test_gui test_gui_editing test_gui_boards test_gui_messages test_gui_layout \
    test_gui_quickadd test_gui_fixture test_gui_projects test_gui_someday test_gui_evening test_gui_reminders \
    test_gui_times test_screenshot ||
    status=1

echo "== python client: $((SECONDS - started)) s, $([[ $status == 0 ]] && echo passed || echo FAILED)"
exit "$status"
