#!/usr/bin/env python3
"""Records a session of several taskwire processes on one store (Protocol/sessions/*.procs).

The input's first line holds the servers' flags (the same for each; `--db STORE` is a file in a
temporary folder); each further line is `N {json}` (send to process N, read its reply and the
notifications it writes with it) or `N wait` (read the next message process N sends on its own:
what another process's commit made it say). Process N starts at its first line. The session is
written as one file whose entries name their process (`"process": N`); `taskwire replay` runs the
processes side by side on one fresh store and checks every message.

usage: record-processes.py BINARY INPUT OUTPUT
"""
import json
import os
import select
import shlex
import subprocess
import sys
import tempfile


def main():
    binary, source, target = sys.argv[1:4]
    with open(source, encoding="utf-8") as handle:
        lines = [line.rstrip("\n") for line in handle if line.strip()]
    flags = shlex.split(lines[0])
    folder = tempfile.mkdtemp(prefix="taskwire-record-")
    run_flags = [os.path.join(folder, "store.sqlite") if f == "STORE" else f for f in flags]
    servers = {}
    entries = []
    store = os.path.join(folder, "store.sqlite")

    def volatile(value):
        """The temporary store's path (a new store's `newStore`) as replay's `<any>` marker."""
        if isinstance(value, dict):
            return {key: volatile(item) for key, item in value.items()}
        if isinstance(value, list):
            return [volatile(item) for item in value]
        return "<any>" if value == store else value

    def server(number):
        if number not in servers:
            servers[number] = subprocess.Popen(
                [binary] + run_flags, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL)
        return servers[number]

    pending = {}

    def read(number, timeout):
        # Read from the descriptor itself: a buffered reader may hold a second line that a
        # select on the descriptor no longer sees.
        process = server(number)
        buffer = pending.setdefault(number, bytearray())
        while b"\n" not in buffer:
            ready, _, _ = select.select([process.stdout], [], [], timeout)
            if not ready:
                return None
            chunk = os.read(process.stdout.fileno(), 1 << 20)
            if not chunk:
                return None
            buffer += chunk
        line, _, rest = bytes(buffer).partition(b"\n")
        pending[number] = bytearray(rest)
        message = json.loads(line)
        entries.append({"process": number, "out": volatile(message)})
        return message

    try:
        for line in lines[1:]:
            head, _, rest = line.partition(" ")
            number = int(head)
            if rest == "wait":
                if read(number, 10) is None:
                    sys.exit(f"process {number} sent nothing to wait for: {line}")
                continue
            message = json.loads(rest)
            entries.append({"process": number, "in": message})
            process = server(number)
            process.stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode())
            process.stdin.flush()
            if "id" in message:
                while True:
                    reply = read(number, 10)
                    if reply is None:
                        sys.exit(f"no reply to {line}")
                    if reply.get("id") == message["id"]:
                        break
            # What the server writes with the reply (its own notifications) is there at once.
            while read(number, 0.3) is not None:
                pass
    finally:
        for process in servers.values():
            process.stdin.close()
            process.wait(timeout=10)
        for name in os.listdir(folder):
            os.remove(os.path.join(folder, name))
        os.rmdir(folder)
    # In the session the store's path is a placeholder: replay gives each run a fresh one.
    header = {"session": "taskwire", "version": 1, "flags": flags}
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(header, ensure_ascii=False, separators=(",", ":")) + "\n")
        for entry in entries:
            handle.write(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
