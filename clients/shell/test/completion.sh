# shellcheck shell=bash disable=SC2034,SC2153,SC2154
# The tests of the completions (completion/bash.sh, _tw, tw.fish, as installed by install.sh),
# sourced by run.sh: each is called as its shell calls it, on the test's store.

# A store with two open tasks and a completed one, and the completions installed.
completion_setup() {
  tw add Call mom '#family' >/dev/null
  tw add Pay rent '#money' --today >/dev/null
  tw add Old one >/dev/null
  tw "done" 3 >/dev/null
  CPREFIX=$(mktemp -d "$ROOT/prefix.XXXXXX")
  "$INSTALL" --prefix "$CPREFIX" >/dev/null 2>&1 || fail "install failed"
}

# bash_complete WORDS...: COMPREPLY (one a line) of _tw for the command line WORDS (the last
# one being completed, as COMP_WORDS and COMP_CWORD are set by bash), tw being the test's.
bash_complete() {
  bash --norc -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tw
    ((${#COMPREPLY[@]} == 0)) || printf "%s\n" "${COMPREPLY[@]}"' _ \
    "$CPREFIX/share/bash-completion/completions/tw" "$TW" --db "$DB" "$@" 2>&1
}

test_completion_bash() {
  completion_setup
  expect_eq "registered" "$(bash --norc -c '. "$1"; complete -p tw' _ "$CPREFIX/share/bash-completion/completions/tw")" "complete -F _tw tw"
  expect_eq "tw done <TAB>" "$(bash_complete "done" '')" "1  Call mom"$'\n'"2  Pay rent"
  expect_eq "tw done 2<TAB> inserts the id" "$(bash_complete "done" 2)" "2"
  expect_eq "tw undone <TAB>: the one completed task, inserted" "$(bash_complete undone '')" "3"
  expect_eq "tw edit <TAB>" "$(bash_complete edit '')" "1  Call mom"$'\n'"2  Pay rent"
  expect_eq "tw sched ID <TAB>: dates" "$(bash_complete sched 1 t)" "today"$'\n'"tomorrow"$'\n'"tue"$'\n'"thu"
  expect_eq "tw mv ID i<TAB>" "$(bash_complete mv 1 i)" "inbox"
  expect_eq "tw mv ID e<TAB>: This Evening, eow, eom, eoy" "$(bash_complete mv 1 e)" "$(printf "%s\n" evening eow eom eoy)"
  expect_eq "tw ls <TAB>: views" "$(bash_complete ls '')" "$(printf '%s\n' inbox today upcoming matrix all logbook anytime someday projects project area)"
  expect_eq "tw ls --so<TAB>" "$(bash_complete ls --so)" "--sort"
  expect_eq "tw ls --sort <TAB>" "$(bash_complete ls --sort '')" "$(printf '%s\n' manual priority duration due title project)"
  expect_eq "tw edit 1 --tag <TAB>: tags" "$(bash_complete edit 1 --tag '')" "family"$'\n'"money"
  expect_eq "tw add Buy #<TAB>" "$(bash_complete add Buy '#')" "#family"$'\n'"#money"
  expect_eq "tw add --ty<TAB>" "$(bash_complete add --ty)" "--type"
  expect_eq "tw add x --type <TAB>" "$(bash_complete add x --type '')" "$(printf '%s\n' deep shallow errand meeting learning maintenance)"
  expect_eq "tw add x --every w<TAB>" "$(bash_complete add x --every w)" "weekly"$'\n'"weekly!"
  expect_eq "tw d<TAB>: commands" "$(bash_complete d)" "done"$'\n'"dismiss"
  expect_eq "tw s<TAB>" "$(bash_complete s)" "show"$'\n'"sched"$'\n'"server"$'\n'"someday"$'\n'"snooze"
  expect_eq "tw remind <TAB>: ids" "$(bash_complete remind '')" "1  Call mom"$'\n'"2  Pay rent"
  expect_eq "tw snooze 1 AT <TAB>" "$(bash_complete snooze 1 2026-11-27T09:00 '')" "$(printf '%s\n' 10m 1h evening tomorrow)"
  expect_eq "tw reminders --<TAB>" "$(bash_complete reminders --)" "--notify"
  expect_eq "tw --j<TAB>" "$(bash_complete --j)" "--json"
  expect_eq "tw server <TAB>" "$(bash_complete server '')" "status"$'\n'"stop"
  # Several ids: another one after an id (not one already on the line).
  expect_eq "tw done 1 <TAB>: the other id" "$(bash_complete "done" 1 '')" "2"
  expect_eq "tw rm 2 <TAB>" "$(bash_complete rm 2 '')" "1"
  expect_eq "tw rm 1-2 <TAB>: both open ones" "$(bash_complete rm 1-2 '')" "1  Call mom"$'\n'"2  Pay rent"
  expect_eq "tw sched 1 <TAB>: a date" "$(bash_complete sched 1 '' | head -2)" "today"$'\n'"tomorrow"
  expect_eq "tw sched 1 2<TAB>: an id" "$(bash_complete sched 1 2)" "2"
  expect_eq "tw mv 2 1<TAB>: an id" "$(bash_complete mv 2 1)" "1"
  expect_eq "tw edit 2 1<TAB>: an id" "$(bash_complete edit 2 1)" "1"
  expect_eq "tw sched 1 fri <TAB>: nothing more" "$(bash_complete sched 1 fri '')" ""
  expect_eq "tw show 1 <TAB>: one id" "$(bash_complete show 1 '')" ""
  # Projects and areas: their ids with their titles.
  tw area add Home >/dev/null
  tw project add Garden --area 4 >/dev/null
  tw project add Garage >/dev/null
  expect_eq "tw ls project <TAB>" "$(bash_complete ls project '')" "6  Garage"$'\n'"5  Garden"
  expect_eq "tw add x --project 5<TAB>" "$(bash_complete add x --project 5)" "5"
  expect_eq "tw add x --area <TAB>" "$(bash_complete add x --area '')" "4"
  expect_eq "tw mv 1 p<TAB>" "$(bash_complete mv 1 p)" "project"
  expect_eq "tw mv 1 project <TAB>" "$(bash_complete mv 1 project '')" "6  Garage"$'\n'"5  Garden"
  expect_eq "tw heading add <TAB>" "$(bash_complete heading add '')" "6  Garage"$'\n'"5  Garden"
  expect_eq "tw rm 5 --k<TAB>" "$(bash_complete rm 5 --k)" "--keep-tasks"
  expect_eq "tw ls today --project <TAB>" "$(bash_complete ls today --project '')" "6  Garage"$'\n'"5  Garden"
  # Someday: tw anytime offers what is on it.
  tw someday 2 >/dev/null
  expect_eq "tw anytime <TAB>: the task on Someday" "$(bash_complete anytime '')" "2"
  # (Every open task, the ones on Someday too: tw someday on one of them changes nothing.)
  expect_eq "tw someday <TAB>: every open task" "$(bash_complete someday '')" "1  Call mom"$'\n'"2  Pay rent"
}

# One request to the resident server: no server of its own, and quick.
test_completion_resident() {
  completion_setup
  counting_server
  local TW_RESIDENT=1 TASKWIRE=$ROOT/taskwire
  export TW_RESIDENT TASKWIRE
  tw ls >/dev/null
  wait_resident || return
  : >"$ROOT/starts"
  local start end
  start=$(date +%s%N)
  expect_eq "tw done <TAB>" "$(bash_complete "done" '')" "1  Call mom"$'\n'"2  Pay rent"
  end=$(date +%s%N)
  expect_eq "no server of its own" "$(direct_starts)" 0
  (((end - start) / 1000000 < 500)) || fail "tw done <TAB> took $(((end - start) / 1000000)) ms"
}

# shellcheck disable=SC2016 # (zsh and fish code, in single quotes)
test_completion_zsh() {
  need_tools zsh || { echo "skipped: no zsh, and apt-get cannot install it"; return; }
  completion_setup
  # compsys's own functions are stubs that print what they were given; _tw is autoloaded from
  # the installed file and called with words and CURRENT set as zsh sets them.
  local stubs='compadd() { while [[ $1 == -* && $1 != -- ]]; do shift; done; [[ $1 == -- ]] && shift; print -rl -- "$@" }
_describe() { local -a a; a=("${(@P)${@[-1]}}"); print -rl -- "${a[@]}" }
_files() { print FILES }
fpath=($1 $fpath); autoload -Uz _tw
words=("${@[2,-1]}"); CURRENT=${#words}
_tw'
  zsh_complete() { zsh -f -c "$stubs" _ "$CPREFIX/share/zsh/site-functions" "$TW" --db "$DB" "$@" 2>&1; }
  expect_eq "tw done <TAB>" "$(zsh_complete "done" '')" "1:Call mom"$'\n'"2:Pay rent"
  expect_eq "tw undone <TAB>" "$(zsh_complete undone '')" "3:Old one"
  expect_eq "tw ls <TAB>" "$(zsh_complete ls '')" "$(printf '%s\n' inbox today upcoming matrix all logbook anytime someday projects project area)"
  expect_eq "tw edit 1 --untag <TAB>" "$(zsh_complete edit 1 --untag '')" "family"$'\n'"money"
  expect_eq "tw sched 1 <TAB>" "$(zsh_complete sched 1 '' | head -3)" "today"$'\n'"tomorrow"$'\n'"mon"
  expect_eq "tw done 1 <TAB>: the other id" "$(zsh_complete "done" 1 '')" "2:Pay rent"
  expect_eq "tw sched 2 1<TAB>: an id" "$(zsh_complete sched 2 1)" "1:Call mom"
  expect_eq "tw dismiss <TAB>: ids" "$(zsh_complete dismiss '')" "1:Call mom"$'\n'"2:Pay rent"
  expect_eq "tw snooze 1 AT <TAB>" "$(zsh_complete snooze 1 2026-11-27T09:00 '')" "$(printf '%s\n' 10m 1h evening tomorrow)"
  expect_match "tw <TAB>: commands" "$(zsh_complete '')" "^add:create a task"$'\n'"edit:change a task"
  expect_eq "tw --db <TAB>" "$(zsh -f -c "$stubs" _ "$CPREFIX/share/zsh/site-functions" "$TW" --db '')" "FILES"
}

# shellcheck disable=SC2016
test_completion_fish() {
  need_tools fish || { echo "skipped: no fish, and apt-get cannot install it"; return; }
  completion_setup
  # fish's own completion machinery (complete -C), on the installed file, with the test's tw
  # first on the PATH.
  local dir
  dir=$(mktemp -d "$ROOT/bin.XXXXXX")
  ln -s "$TW" "$dir/tw"
  fish_complete() {
    PATH="$dir:$PATH" fish --no-config -c 'source $argv[1]; complete -C"$argv[2]"' \
      "$CPREFIX/share/fish/vendor_completions.d/tw.fish" "tw --db $DB $1" 2>&1
  }
  expect_eq "tw done <TAB>" "$(fish_complete 'done ')" "1"$'\t'"Call mom"$'\n'"2"$'\t'"Pay rent"
  expect_eq "tw undone <TAB>" "$(fish_complete 'undone ')" "3"$'\t'"Old one"
  expect_eq "tw done 1 <TAB>: the other id" "$(fish_complete 'done 1 ')" "2"$'\t'"Pay rent"
  expect_eq "tw sched 2 1<TAB>: an id" "$(fish_complete 'sched 2 1')" "1"$'\t'"Call mom"
  expect_eq "tw sched 1 fri <TAB>: nothing more" "$(fish_complete 'sched 1 fri ')" ""
  expect_eq "tw ls <TAB>" "$(fish_complete 'ls ' | sort)" "$(printf '%s\n' all anytime area inbox logbook matrix project projects someday today upcoming)"
  expect_eq "tw ls --sort <TAB>" "$(fish_complete 'ls --sort ' | sort)" "$(printf '%s\n' due duration manual priority project title)"
  expect_eq "tw add x --tag <TAB>" "$(fish_complete 'add x --tag ')" "family"$'\n'"money"
  expect_eq "tw un<TAB>" "$(fish_complete 'un')" "undo"$'\t'"take back the last change"$'\n'"undone"$'\t'"reopen a completed task"
  expect_eq "tw sched 1 tom<TAB>" "$(fish_complete 'sched 1 tom')" "tomorrow"
  expect_eq "tw remind <TAB>: ids" "$(fish_complete 'remind ')" "1"$'\t'"Call mom"$'\n'"2"$'\t'"Pay rent"
  expect_eq "tw snooze 1 AT ev<TAB>" "$(fish_complete 'snooze 1 2026-11-27T09:00 ev')" "evening"
  expect_eq "tw reminders --n<TAB>" "$(fish_complete 'reminders --n')" "--notify"
}
