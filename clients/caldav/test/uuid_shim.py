#!/usr/bin/env python3
"""Stands in for a taskwire whose task objects carry a stable ``uuid`` (the member another issue
adds): runs the real binary ($TASKWIRE_REAL) and adds ``uuid`` to every task object it sends, the
same for the same task every time.  Lets the tests run the bridge both ways."""
import json
import os
import subprocess
import sys
import threading
import uuid

NAMESPACE = uuid.UUID("6f1c1d64-1b5e-4c55-9a8e-0f3d2b7c9e10")


def uuid_of(task):
    return str(uuid.uuid5(NAMESPACE, f"{task['id']}-{task['createdAt']}"))


def add(value):
    if isinstance(value, dict):
        if isinstance(value.get("id"), int) and "title" in value and "createdAt" in value:
            value.setdefault("uuid", uuid_of(value))
        for member in value.values():
            add(member)
    elif isinstance(value, list):
        for member in value:
            add(member)


def main():
    child = subprocess.Popen([os.environ["TASKWIRE_REAL"]] + sys.argv[1:], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE)

    def pump():
        for line in sys.stdin.buffer:
            child.stdin.write(line)
            child.stdin.flush()
        child.stdin.close()
    threading.Thread(target=pump, daemon=True).start()
    for line in child.stdout:
        try:
            message = json.loads(line)
            add(message)
            line = (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        except ValueError:
            pass
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()
    sys.exit(child.wait())


if __name__ == "__main__":
    main()
