"""The app's taskwire process: started off the UI thread, with its stderr read line by line.

The server says on stderr when it made a new, empty store (``taskwire: created a new, empty
store at PATH``).  A typo in ``--db`` must not look like an empty Today, so its path reaches
the window (``on_notice``), which says it in the catalogue's words.  Every line still goes
where the server's log went before: the ``stderr`` file a caller gave, else the app's own
stderr.
"""

import os
import sys
import threading

from taskwire_client import Client

NEW_STORE = "created a new, empty store"


def connect(options, on_notice):
    """A :class:`taskwire_client.Client` made with ``options``; ``on_notice(path)`` is called
    on a reader thread when the server made a new, empty store.  When the server does not start,
    the exception raised carries the server's last stderr line as ``server_said``."""
    options = dict(options)
    log = options.pop("stderr", None) or sys.stderr
    said = []
    read_end, write_end = os.pipe()
    relay = threading.Thread(target=_relay, args=(read_end, log, on_notice, said),
                             name="taskwire-stderr", daemon=True)
    relay.start()
    try:
        return Client(stderr=write_end, **options)
    except Exception as error:
        os.close(write_end)
        write_end = None
        relay.join(2)      # the server has exited: its last words are on their way
        error.server_said = said[-1] if said else None
        raise
    finally:
        if write_end is not None:
            os.close(write_end)   # the server holds its own copy


def new_store_path(line):
    """The path in the server's line ``taskwire: created a new, empty store at PATH``, or
    None for any other line (the window words it from the catalogue)."""
    if NEW_STORE not in line or " at " not in line:
        return None
    return line[line.index(NEW_STORE):].split(" at ", 1)[1].strip()


def _relay(read_end, log, on_notice, said):
    with os.fdopen(read_end, "r", encoding="utf-8", errors="replace") as lines:
        for line in lines:
            said.append(line.strip())
            del said[:-1]
            try:
                if log is not None:
                    log.write(line)
                    log.flush()
            except (OSError, ValueError):   # the log was closed: the window still hears it
                pass
            path = new_store_path(line)
            if path is not None:
                on_notice(path)
