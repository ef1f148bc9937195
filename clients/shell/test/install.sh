# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# The tests of install.sh (the installed tw, its man pages and completions), sourced by run.sh.

INSTALL="$here/../install.sh"

# fresh_shell PREFIX HOME COMMAND: runs COMMAND in a new bash with nothing of our environment
# but PATH=PREFIX/bin and the system's folders (for jq), and HOME; sets OUT, ERR, RC.
fresh_shell() {
  env -i HOME="$2" PATH="$1/bin:/usr/bin:/bin" LC_ALL=C bash --norc --noprofile -c "$3" >"$ROOT/out" 2>"$ROOT/err"
  RC=$?
  OUT=$(cat "$ROOT/out") ERR=$(cat "$ROOT/err")
}

test_install() {
  # The binary itself is installed, not run.sh's wrapper that fixes its clock (nothing here
  # names a day).
  local prefix home TASKWIRE=$TASKWIRE_BINARY
  export TASKWIRE
  prefix=$(mktemp -d "$ROOT/prefix.XXXXXX") home=$(mktemp -d "$ROOT/home.XXXXXX")
  "$INSTALL" --prefix "$prefix" >"$ROOT/out" 2>&1 || fail "install failed: $(cat "$ROOT/out")"
  expect_match "says where" "$(cat "$ROOT/out")" "installed taskwire and tw into $prefix"
  local f
  for f in bin/tw bin/taskwire; do
    [[ -f $prefix/$f && -x $prefix/$f ]] || fail "$f is not an installed program"
    expect_eq "$f mode" "$(stat -c %a "$prefix/$f")" 755
  done
  expect_eq "lib mode" "$(stat -c %a "$prefix/share/taskwire/shell/lib/render.jq")" 644
  fresh_shell "$prefix" "$home" 'tw add Try taskwire --today && tw ls today && command -v tw taskwire'
  expect_rc 0 "tw from a fresh shell"
  expect_match "tw add, tw ls" "$OUT" "^Added 'Try taskwire' to Today"$'\n'"  1  \\[ \\] Try taskwire"$'\n'".*"$'\n'"  1  \\[ \\] Try taskwire"$'\n'"$prefix/bin/tw"$'\n'"$prefix/bin/taskwire"
  [[ -f $home/.local/share/taskwire/tasks.sqlite ]] || fail "the default store was not used"
  fresh_shell "$prefix" "$home" 'tw ls today; tw server status'
  expect_match "the installed server serves" "$OUT" "Try taskwire"
  env -i HOME="$home" PATH="$prefix/bin:/usr/bin:/bin" "$prefix/bin/tw" server stop >/dev/null 2>&1
  # Installing again replaces the files (and a link planted at a file's name is replaced,
  # not followed).
  echo precious >"$ROOT/target"
  ln -sf "$ROOT/target" "$prefix/share/taskwire/shell/lib/brief.jq"
  "$INSTALL" --prefix "$prefix" >/dev/null 2>&1 || fail "a second install failed"
  expect_eq "link not followed" "$(cat "$ROOT/target")" precious
  [[ -L $prefix/share/taskwire/shell/lib/brief.jq ]] && fail "the planted link is still there"
  # Uninstall leaves the prefix as it was: empty.
  "$INSTALL" --prefix "$prefix" --uninstall >"$ROOT/out" 2>&1 || fail "uninstall failed: $(cat "$ROOT/out")"
  expect_eq "prefix empty" "$(cd "$prefix" && find . -mindepth 1 | sort | tr '\n' ' ')" ""
  "$INSTALL" --prefix "$prefix" --uninstall >/dev/null 2>&1 && fail "a second uninstall succeeded"
  # A file changed after the install is kept; a folder that was there before stays.
  mkdir -p "$prefix/share/man"
  "$INSTALL" --prefix "$prefix" >/dev/null 2>&1 || fail "install into a used prefix failed"
  echo mine >>"$prefix/bin/tw"
  "$INSTALL" --prefix "$prefix" --uninstall >"$ROOT/out" 2>&1 && fail "uninstall of a changed file said nothing"
  expect_match "kept" "$(cat "$ROOT/out")" "kept $prefix/bin/tw: changed"
  expect_eq "what is left" "$(cd "$prefix" && find . -mindepth 1 | sort | tr '\n' ' ')" "./bin ./bin/tw ./share ./share/man "
  # Without a binary and without --build: a clear error, nothing built.
  run_install_missing
}

run_install_missing() {
  local copy
  copy=$(mktemp -d "$ROOT/copy.XXXXXX")
  mkdir -p "$copy/clients"
  cp -r "$(cd "$here/.." && pwd)" "$copy/clients/shell"
  env -u TASKWIRE "$copy/clients/shell/install.sh" --prefix "$copy/p" >"$ROOT/out" 2>&1 && fail "installed without a binary"
  expect_match "no binary" "$(cat "$ROOT/out")" "no .*/.build/release/taskwire: build it .* or give --build"
}

# need_tools TOOL...: installs the missing ones with apt-get (quietly); fails when it cannot.
need_tools() {
  local t missing=()
  for t in "$@"; do hash "${t%%=*}" 2>/dev/null || missing+=("${t#*=}"); done
  ((${#missing[@]})) || return 0
  { apt-get install -y -qq "${missing[@]}" || { apt-get update -qq && apt-get install -y -qq "${missing[@]}"; }; } >/dev/null 2>&1
  for t in "$@"; do hash "${t%%=*}" 2>/dev/null || return 1; done
}

test_man() {
  need_tools groff man=man-db || { echo "skipped: no groff or man, and apt-get cannot install them"; return; }
  local prefix home page TASKWIRE=$TASKWIRE_BINARY
  export TASKWIRE
  prefix=$(mktemp -d "$ROOT/prefix.XXXXXX") home=$(mktemp -d "$ROOT/home.XXXXXX")
  "$INSTALL" --prefix "$prefix" >/dev/null 2>&1 || fail "install failed"
  for page in tw taskwire; do
    local file=$prefix/share/man/man1/$page.1
    [[ -f $file ]] || { fail "no $page.1"; continue; }
    expect_eq "$page.1 mode" "$(stat -c %a "$file")" 644
    expect_eq "groff -ww warnings of $page.1" "$(groff -man -ww -z "$file" 2>&1)" ""
    MANWIDTH=200 man -l "$file" >"$ROOT/$page.txt" 2>"$ROOT/err" || fail "man -l $page.1 failed"
    expect_eq "man -l $page.1 stderr" "$(cat "$ROOT/err")" ""
    expect_match "$page.1 title" "$(head -1 "$ROOT/$page.txt")" "^${page^^}\(1\) "
  done
  local tw_page taskwire_page
  tw_page=$(cat "$ROOT/tw.txt") taskwire_page=$(cat "$ROOT/taskwire.txt")
  # One source: every entry and heading of the --help texts is in the page.
  local line term
  while IFS= read -r line; do
    if [[ $line =~ ^\ {2,4}([^ ].*[^ ])\ {2,} || $line =~ ^\ {2,4}([^ ]+( [^ ]+)*)$ ]]; then
      term=${BASH_REMATCH[1]}
      [[ $tw_page == *"$term"* ]] || fail "tw.1 lacks the entry [$term] of tw --help"
    elif [[ $line =~ ^([a-z][^:]*):$ ]]; then
      term=${BASH_REMATCH[1]^^}
      [[ $tw_page == *$'\n'"$term"$'\n'* ]] || fail "tw.1 lacks the section $term"
    fi
  done < <("$TW" --help | sed -n '/^commands:/,/^dates:/p')
  for term in SYNOPSIS DESCRIPTION COMMANDS "FIELDS (ADD, EDIT)" "FILTERS (LS, FIND, WATCH)" OPTIONS ENVIRONMENT \
    "EXIT STATUS" FILES EXAMPLES "SEE ALSO"; do
    [[ $tw_page == *$'\n'"$term"$'\n'* ]] || fail "tw.1 has no section $term"
  done
  for term in SYNOPSIS DESCRIPTION OPTIONS "EXPORT, IMPORT AND BACKUP" STORE ENVIRONMENT; do
    [[ $taskwire_page == *$'\n'"$term"$'\n'* ]] || fail "taskwire.1 has no section $term"
  done
  while IFS= read -r line; do
    [[ $line =~ ^\ \ (--[a-z-]+) ]] && [[ $taskwire_page != *"${BASH_REMATCH[1]}"* ]] && fail "taskwire.1 lacks ${BASH_REMATCH[1]}"
  done < <("$TASKWIRE" --help)
  expect_match "taskwire.1 export" "$taskwire_page" "taskwire import \[--db PATH\|URL\]"
  # man finds the pages from a fresh shell whose PATH has the prefix's bin (man-db's manpath).
  fresh_shell "$prefix" "$home" 'man -w tw taskwire'
  expect_eq "man -w" "$OUT" "$prefix/share/man/man1/tw.1"$'\n'"$prefix/share/man/man1/taskwire.1"
}
