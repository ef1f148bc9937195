"""What the parts of the sync engine share: constants, the pass summary, small helpers."""

import datetime as dt

UNTITLED = "(untitled)"
NOT_HELD = object()   # a VTODO's parent taskwire cannot hold (not an open project)


class NewProject:
    """A parent that is a project the sync's own batch creates (a phone's new project): put in
    as ``"@N"`` when the batch is built, N the position of the project's task/create."""

    def __init__(self, uid):
        self.uid = uid
BULK_MIN = 20          # new objects from which a first sync into an empty Radicale list is one PUT
# fields a state from an older bridge has no base of, and the base it had in effect (a phone's
# value of one is read from the state's copy of the VTODO: a change made on the server, once)
LATER_FIELDS = {"time": None, "dueTime": None, "reminders": []}


def _utc(text):
    if not text:
        return None
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _iso(when):
    return when.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if when else None


class Summary:
    def __init__(self):
        self.counts = {}
        self.lines = []

    def add(self, key, n=1):
        self.counts[key] = self.counts.get(key, 0) + n

    def text(self):
        order = ["to taskwire: new", "to taskwire: changed", "to taskwire: completed",
                 "to taskwire: deleted", "to server: new", "to server: changed",
                 "to server: deleted", "conflicts", "skipped", "not carried"]
        parts = [f"{k} {self.counts[k]}" for k in order if self.counts.get(k)]
        return ", ".join(parts) if parts else "nothing to do"
