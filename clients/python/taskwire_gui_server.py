"""The app's taskwire process: started off the UI thread, with its stderr read line by line.

The server says on stderr when it made a new, empty store (``taskwire: created a new, empty
store at PATH``).  A typo in ``--db`` must not look like an empty Today, so that line reaches
the window (``on_notice``).  Every line still goes where the server's log went before: the
``stderr`` file a caller gave, else the app's own stderr.
"""

import os
import sys
import threading

from taskwire_client import Client

NEW_STORE = "created a new, empty store"


def connect(options, on_notice):
    """A :class:`taskwire_client.Client` made with ``options``; ``on_notice(text)`` is called on
    a reader thread for each line that a person should see.  When the server does not start,
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


def notice_text(line):
    """What the window shows for a server line, or None: ``taskwire created a new, empty
    store at PATH``."""
    if NEW_STORE not in line:
        return None
    return "taskwire " + line[line.index(NEW_STORE):].strip()


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
            text = notice_text(line)
            if text is not None:
                on_notice(text)
