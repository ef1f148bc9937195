#!/usr/bin/env bash
# Re-records the sessions in Protocol/sessions through the real server from their inputs in
# Protocol/sessions/inputs. Run it after changing the protocol; review the diff. (openrpc.json
# itself is embedded in the binary at build time: there is no copy to regenerate.)
set -euo pipefail
cd "$(dirname "$0")/.."

swift build 2>&1 | tail -n 1
binary=.build/debug/taskwire
for input in Protocol/sessions/inputs/*.in; do
  name=$(basename "$input" .in)
  # The first line of an input holds the server's flags; the rest is sent as is.
  read -r -a flags <"$input"
  tail -n +2 "$input" | "$binary" "${flags[@]}" --record "Protocol/sessions/$name.jsonl" >/dev/null 2>&1 || true
  echo "recorded Protocol/sessions/$name.jsonl"
done
# Sessions of several processes on one store (`N {json}` / `N wait` lines; see the script).
for input in Protocol/sessions/inputs/*.procs; do
  name=$(basename "$input" .procs)
  python3 Protocol/sessions/record-processes.py "$binary" "$input" "Protocol/sessions/$name.jsonl"
  echo "recorded Protocol/sessions/$name.jsonl"
done
