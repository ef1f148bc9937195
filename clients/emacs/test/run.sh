#!/usr/bin/env bash
# Runs the Emacs client's checks and tests: byte-compiles every file with warnings as errors,
# runs checkdoc and package-lint on them, then the ERT tests in a batch Emacs that drives the
# real taskwire binary over pipes (each test on a fresh store under a temporary folder, the clock
# fixed at 2026-02-12T08:00:00Z in Europe/Berlin) and checks what the view buffers show.
#
#   TASKWIRE=/path/to/taskwire bash clients/emacs/test/run.sh   # default: .build/debug/taskwire
#   TW_TEST_ONLY='move' ...                                       # only the tests matching a regexp
#
# Installs emacs-nox and elpa-package-lint with apt-get when they are missing.  Prints the ERT
# report and a last line "N passed, 0 failed"; exits non-zero when anything fails.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package="$(dirname "$here")"
root="$(cd "$package/../.." && pwd)"

TASKWIRE="${TASKWIRE:-$root/.build/debug/taskwire}"
if [ ! -x "$TASKWIRE" ]; then
  echo "run.sh: TASKWIRE=$TASKWIRE is not an executable file (build taskwire or set TASKWIRE)" >&2
  exit 2
fi
TASKWIRE="$(cd "$(dirname "$TASKWIRE")" && pwd)/$(basename "$TASKWIRE")"
export TASKWIRE

lint_dir() {
  find /usr/share/emacs/site-lisp/elpa -maxdepth 1 -type d -name 'package-lint-[0-9]*' 2>/dev/null |
    sort | tail -n 1
}

missing=()
command -v emacs >/dev/null || missing+=(emacs-nox)
[ -n "$(lint_dir)" ] || missing+=(elpa-package-lint)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "== installing ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then sudo=(); else sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi
lint="$(lint_dir)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export TW_TEST_TMP="$work"
# Emacs's own files stay in the temporary folder.
export HOME="$work/home" XDG_DATA_HOME="$work/data"
mkdir -p "$HOME" "$work/build"

echo "emacs client tests: $(emacs --version | head -n 1)"
echo "server: $TASKWIRE"

files=(taskwire-catalogue.el taskwire-rpc.el taskwire-display.el taskwire-diff.el taskwire-filter.el taskwire-quickadd.el
  taskwire-form.el taskwire-view.el taskwire-subscription.el taskwire-actions.el taskwire-add.el
  taskwire-schedule.el taskwire-moves.el taskwire-projects.el taskwire-checklist.el taskwire-someday.el taskwire-org.el
  taskwire-reminders.el taskwire.el)
for file in "${files[@]}"; do
  cp "$package/$file" "$work/build/"
done

echo "== byte-compile (warnings are errors)"
(cd "$work/build" && emacs -Q --batch -L . --eval '(setq byte-compile-error-on-warn t)' \
  -f batch-byte-compile "${files[@]}")

echo "== checkdoc"
# In batch, checkdoc reports each finding as a warning on stderr ("FILE:LINE: text").
(cd "$work/build" && emacs -Q --batch -L . --eval '(progn
  (require (quote checkdoc))
  (dolist (file command-line-args-left) (checkdoc-file file))
  (setq command-line-args-left nil))' "${files[@]}") >"$work/checkdoc.log" 2>&1
if grep -q '\.el:[0-9]*: ' "$work/checkdoc.log"; then
  grep -v '^Warning (emacs): *$' "$work/checkdoc.log"
  echo "FAIL: checkdoc"
  exit 1
fi

echo "== package-lint"
# Offline, package-lint cannot fetch GNU ELPA's list of packages: it is given one naming the two
# dependencies at the versions GNU ELPA has (and Emacs 28 has built in).
mkdir -p "$HOME/elpa/archives/gnu"
cat >"$HOME/elpa/archives/gnu/archive-contents" <<'EOF'
(1
 (jsonrpc . [(1 0 14) ((emacs (25 2))) "JSON-RPC library" tar nil])
 (transient . [(0 3 7) ((emacs (25 1))) "Transient commands" tar nil]))
EOF
(cd "$work/build" && emacs -Q --batch -L . -L "$lint" --eval '(progn
  (require (quote package))
  (setq package-user-dir (expand-file-name "elpa" (getenv "HOME"))
        package-archives (quote (("gnu" . "https://elpa.gnu.org/packages/"))))
  (require (quote package-lint))
  (setq package-lint-main-file "taskwire.el"))' \
  -f package-lint-batch-and-exit "${files[@]}")

echo "== ERT"
status=0
timeout 180 emacs -Q --batch -L "$package" -L "$here" -l taskwire-test -l taskwire-view-test \
  -l taskwire-actions-test -l taskwire-fixture-test -l taskwire-projects-test -l taskwire-someday-test -l taskwire-evening-test \
  -l taskwire-reminders-test -l taskwire-times-test \
  --eval "(ert-run-tests-batch-and-exit \"${TW_TEST_ONLY:-.}\")" >"$work/ert.log" 2>&1 ||
  status=$?
grep -v '^\(Loading\|Source file\)' "$work/ert.log" || true

ran="$(sed -n 's/^Ran \([0-9]*\) tests.*/\1/p' "$work/ert.log" | tail -n 1)"
unexpected="$(sed -n 's/^\([0-9]*\) unexpected results:.*/\1/p' "$work/ert.log" | tail -n 1)"
if [ -z "$ran" ]; then
  echo "FAIL: the ERT run did not finish (emacs exit code $status)"
  exit 1
fi
failed="${unexpected:-0}"
echo "$((ran - failed)) passed, $failed failed"
if [ "$status" -ne 0 ] || [ "$failed" -ne 0 ]; then
  exit 1
fi
