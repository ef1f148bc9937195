#!/usr/bin/env bash
# install.sh: puts taskwire and tw on the PATH, with their man pages and shell completions.
#
#   clients/shell/install.sh [--prefix DIR] [--build]     install (default prefix: ~/.local)
#   clients/shell/install.sh [--prefix DIR] --uninstall   remove exactly what it installed
#
# The server installed is $TASKWIRE when set, else the package's .build/release/taskwire;
# when that is missing, --build builds it (swift build -c release --static-swift-stdlib),
# otherwise it is an error. What goes where, under PREFIX:
#
#   bin/taskwire, bin/tw                        the programs (0755)
#   share/taskwire/shell/lib/                   tw's libraries and jq programs (0644)
#   share/man/man1/taskwire.1, tw.1             the man pages, made from the --help texts
#   share/bash-completion/completions/tw        bash completion
#   share/zsh/site-functions/_tw                zsh completion
#   share/fish/vendor_completions.d/tw.fish     fish completion
#   share/taskwire/install-manifest             what was installed (for --uninstall)
#
# The installed tw is tw with two lines set: where its lib/ is and which taskwire it starts.
# Every file is written to a new temporary file (mktemp) in its folder and renamed over the
# old one, so a link planted at a file's name is replaced, never followed; a folder under
# PREFIX that is a symlink not owned by the user (or root) is refused. --uninstall removes the
# files of the manifest that are still as installed (a changed one is kept, and said), then
# the folders it made, when they are empty.
set -euo pipefail
umask 022

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
prefix=${HOME:?}/.local
build=0 uninstall=0
MANIFEST=share/taskwire/install-manifest

say() { printf 'install.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
usage() { sed -n '3,5s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

while (($#)); do
  case $1 in
    --prefix) (($# >= 2)) || die "--prefix needs a folder"; prefix=$2; shift ;;
    --prefix=*) prefix=${1#--prefix=} ;;
    --build) build=1 ;;
    --uninstall) uninstall=1 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
  shift
done
[[ -n $prefix ]] || die "--prefix needs a folder"
[[ $prefix == /* ]] || prefix=$PWD/$prefix
prefix=${prefix%/}

me=$(id -u)
# safe_dir PATH: a folder we may write in: not a symlink owned by someone else.
safe_dir() {
  if [[ -L $1 ]]; then
    local owner
    owner=$(stat -c %u -- "$1")
    [[ $owner == "$me" || $owner == 0 ]] || die "$1 is a symlink owned by user $owner: refused"
  fi
  [[ -d $1 ]] || die "$1 is not a folder"
}

CREATED=()   # the folders this run made (relative to the prefix), parents first
FILES=()     # "SHA256 RELATIVE-PATH" of every file installed

# mkdirs REL: makes PREFIX/REL and its missing parents, remembering the ones it made.
mkdirs() {
  local rel='' part
  local -a parts
  IFS=/ read -ra parts <<<"$1"
  for part in "${parts[@]}"; do
    [[ -n $part ]] || continue
    rel=${rel:+$rel/}$part
    if [[ -e $prefix/$rel || -L $prefix/$rel ]]; then
      safe_dir "$prefix/$rel"
    else
      mkdir -- "$prefix/$rel"
      CREATED+=("$rel")
    fi
  done
}

# put MODE REL: writes stdin to PREFIX/REL (a new temporary file, renamed over the name).
put() {
  local mode=$1 rel=$2 dir tmp sum
  dir=${rel%/*}
  mkdirs "$dir"
  [[ ! -d $prefix/$rel || -L $prefix/$rel ]] || die "$prefix/$rel is a folder"
  tmp=$(mktemp "$prefix/$dir/.install.XXXXXX")
  cat >"$tmp"
  chmod "$mode" "$tmp"
  mv -f -T -- "$tmp" "$prefix/$rel"
  sum=$(sha256sum <"$prefix/$rel")
  FILES+=("${sum%% *} $rel")
}

uninstall() {
  local file=$prefix/$MANIFEST kind sum rel kept=0 dirs=() i
  [[ -f $file && ! -L $file ]] || die "nothing installed in $prefix (no $file)"
  while read -r kind sum rel; do
    case $kind in
      f) local path=$prefix/$rel
        if [[ -L $path || ! -e $path ]]; then
          [[ -L $path ]] && { say "kept $path: not the file installed"; kept=1; }
        elif [[ -f $path && $(sha256sum <"$path") == "$sum "* ]]; then
          rm -f -- "$path"
        else
          say "kept $path: changed since it was installed"; kept=1
        fi ;;
      d) dirs+=("$sum") ;;
    esac
  done <"$file"
  rm -f -- "$file"
  for ((i = ${#dirs[@]} - 1; i >= 0; i--)); do
    rmdir -- "$prefix/${dirs[i]}" 2>/dev/null || true
  done
  printf 'uninstalled taskwire and tw from %s\n' "$prefix"
  ((kept == 0)) || exit 1
}

# The taskwire to install.
server_binary() {
  if [[ -n ${TASKWIRE:-} ]]; then
    [[ -f $TASKWIRE && -x $TASKWIRE ]] || die "TASKWIRE=$TASKWIRE is not an executable file"
    BIN=$TASKWIRE
    return
  fi
  BIN=$repo/.build/release/taskwire
  [[ -x $BIN ]] && return
  ((build)) || die "no $BIN: build it (swift build -c release --static-swift-stdlib) or give --build"
  say "building taskwire (swift build -c release --static-swift-stdlib)…"
  (cd "$repo" && swift build -c release --static-swift-stdlib >&2) || die "the build failed"
}

install_all() {
  server_binary
  [[ -d $prefix ]] || mkdir -p -- "$prefix"
  safe_dir "$prefix"
  # Folders made by an earlier install are still ours to remove.
  local old=$prefix/$MANIFEST kind a rel
  if [[ -f $old && ! -L $old ]]; then
    while read -r kind a rel; do [[ $kind == d ]] && CREATED+=("$a"); done <"$old"
  fi
  local share=share/taskwire/shell q_home q_server f
  put 0755 bin/taskwire <"$BIN"
  for f in "$here"/lib/*.sh "$here"/lib/*.jq; do
    put 0644 "$share/lib/${f##*/}" <"$f"
  done
  # tw, with the two lines that tell an installed copy where it lives set.
  printf -v q_home '%q' "$prefix/$share"
  printf -v q_server '%q' "$prefix/bin/taskwire"
  local text
  text=$(<"$here/tw")
  [[ $text == *$'\n'"INSTALLED_HOME=''"$'\n'"INSTALLED_SERVER=''"$'\n'* ]] || die "tw has no INSTALLED_ lines"
  text=${text/$'\n'"INSTALLED_HOME=''"$'\n'"INSTALLED_SERVER=''"$'\n'/$'\n'"INSTALLED_HOME=$q_home"$'\n'"INSTALLED_SERVER=$q_server"$'\n'}
  put 0755 bin/tw < <(printf '%s\n' "$text")
  install_extras
  # The manifest: the folders made (parents first), then the files, relative to the prefix.
  put 0644 "$MANIFEST" < <(
    for f in "${CREATED[@]}"; do printf 'd %s\n' "$f"; done | awk '!seen[$0]++'
    printf 'f %s\n' "${FILES[@]}")
  printf 'installed taskwire and tw into %s\n' "$prefix"
  case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) printf '%s/bin is not on your PATH: add it, e.g. in ~/.bashrc:\n  export PATH="%s/bin:%s"\n' "$prefix" "$prefix" "\$PATH" ;;
  esac
}

# The man pages, made from the --help texts of the very programs installed (man/manpage.sh),
# and the completions.
install_extras() {
  local tmp version
  tmp=$(mktemp -d)
  # shellcheck disable=SC2064 # (expanded now: tmp is local)
  trap "rm -rf '$tmp'" EXIT
  version=$("$BIN" --version) && version=${version##* }
  if ! { "$here/tw" --help >"$tmp/tw" && "$BIN" --help >"$tmp/taskwire" && "$BIN" export --help >"$tmp/export"; }; then
    die "cannot read the --help texts"
  fi
  if ! { "$here/man/manpage.sh" "$here/man/tw.1.in" "$version" "$tmp/tw" >"$tmp/tw.1" &&
    "$here/man/manpage.sh" "$here/man/taskwire.1.in" "$version" "$tmp/taskwire" "$tmp/export" >"$tmp/taskwire.1"; }; then
    die "cannot make the man pages"
  fi
  put 0644 share/man/man1/tw.1 <"$tmp/tw.1"
  put 0644 share/man/man1/taskwire.1 <"$tmp/taskwire.1"
  put 0644 share/bash-completion/completions/tw <"$here/completion/bash.sh"
  put 0644 share/zsh/site-functions/_tw <"$here/completion/_tw"
  put 0644 share/fish/vendor_completions.d/tw.fish <"$here/completion/tw.fish"
}

if ((uninstall)); then uninstall; else install_all; fi
