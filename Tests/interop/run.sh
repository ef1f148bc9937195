#!/usr/bin/env bash
# Drives taskwire through five real JSON-RPC client libraries, each running one scenario the way
# that library naturally talks (its own initialize, framing, ids, params encoding, error type):
#
#   neovim      vim.lsp.start_client on vim.lsp.rpc, in a headless Neovim   nvim_lsp_client.lua
#   jsonrpc.el  a jsonrpc-process-connection in emacs --batch                  jsonrpc_el_client.el
#   pylsp       python-lsp-jsonrpc's stream reader/writer and Endpoint        pylsp_jsonrpc_client.py
#   pygls       pygls's LanguageClient                                         pygls_client.py
#   vim         Vim's own channel in mode 'lsp' (ch_evalexpr)                  vim_channel_lsp_client.vim
#
# The scenario: initialize, initialized; a task in each of inbox/today/upcoming; view/list;
# view/subscribe; task/move across views and within one; history/undo; a task/update clearing
# fields; the pushed view/changed diffs applied to the subscribed snapshots equal view/list;
# task/get 999 surfaces -32010 through the library; shutdown + exit gives exit code 0; nothing on
# stderr says a housekeeping notification failed.
#
#   TASKWIRE=/path/to/taskwire bash Tests/interop/run.sh     # default: .build/debug/taskwire
#
# Installs what is missing: neovim and emacs-nox with apt-get, pygls and python-lsp-jsonrpc in a
# venv under ${XDG_CACHE_HOME:-~/.cache}/taskwire-interop-venv.  Prints one line per library;
# exits non-zero when one fails.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

TASKWIRE="${TASKWIRE:-$root/.build/debug/taskwire}"
if [ ! -x "$TASKWIRE" ]; then
  echo "interop: TASKWIRE=$TASKWIRE is not an executable file (build taskwire or set TASKWIRE)" >&2
  exit 2
fi
TASKWIRE="$(cd "$(dirname "$TASKWIRE")" && pwd)/$(basename "$TASKWIRE")"
export TASKWIRE

apt_install() {
  local sudo=()
  if [ "$(id -u)" != 0 ]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "$@" >/dev/null
}

need=()
command -v nvim >/dev/null || need+=(neovim)
command -v emacs >/dev/null || need+=(emacs-nox)
command -v vim >/dev/null || need+=(vim)
if ((${#need[@]})); then
  echo "== installing ${need[*]}"
  apt_install "${need[@]}"
fi

venv="${XDG_CACHE_HOME:-$HOME/.cache}/taskwire-interop-venv"
if ! "$venv/bin/python" -c 'import pygls, pylsp_jsonrpc' 2>/dev/null; then
  echo "== making $venv with pygls and python-lsp-jsonrpc"
  if ! python3 -m venv "$venv" 2>/dev/null; then
    apt_install python3-venv
    python3 -m venv "$venv"
  fi
  "$venv/bin/pip" install -q pygls python-lsp-jsonrpc
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PYTHONDONTWRITEBYTECODE=1 # no __pycache__ left in the tree

# Runs one driver with a time limit; prints "ok" or "FAIL", the library, and on failure its output.
failed=0
run() {
  local name="$1" about="$2"
  shift 2
  if (cd "$here" && timeout 120 "$@") >"$work/$name.log" 2>&1 && grep -q '^ok$' "$work/$name.log"; then
    printf 'ok    %-11s %s\n' "$name" "$about"
  else
    printf 'FAIL  %-11s %s\n' "$name" "$about"
    sed 's/^/      /' "$work/$name.log" | tail -n 30
    failed=$((failed + 1))
  fi
}

py_version() { "$venv/bin/python" -c "import importlib.metadata as m; print('$1', m.version('$1'))"; }

echo "interop: server $TASKWIRE"
# Neovim's own files, among them the LSP log that holds the server's stderr, go to $work.
XDG_CACHE_HOME="$work/cache" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" \
  run neovim "$(nvim --version | head -n 1), vim.lsp.start_client" \
  nvim --headless -u NONE -i NONE -n --cmd "set runtimepath^=$root/clients/nvim" \
  -c "luafile $here/nvim_lsp_client.lua"
run jsonrpc.el "$(emacs --version | head -n 1), jsonrpc.el" emacs --batch -Q -l "$here/jsonrpc_el_client.el"
run pylsp "$(py_version python-lsp-jsonrpc)" "$venv/bin/python" pylsp_jsonrpc_client.py
run pygls "$(py_version pygls)" "$venv/bin/python" pygls_client.py
vim_out="$work/vim.out"
# shellcheck disable=SC2016 # the inner script's $1..$3 are its own arguments
run vim "$(vim --version | head -n 1 | cut -c1-40), channel mode lsp" \
  bash -c 'INTEROP_OUT="$1" vim -Nu NONE -i NONE -es --cmd "set rtp^=$2" -S "$3"; cat "$1"' _ \
  "$vim_out" "$root/clients/vim" "$here/vim_channel_lsp_client.vim"

if ((failed)); then
  echo "interop: $failed of 5 libraries FAILED"
  exit 1
fi
echo "interop: 5 of 5 libraries passed"
