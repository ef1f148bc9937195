"""Local view snapshots kept current by ``view/changed`` diffs: the reference implementation.

A frontend subscribes to a view (``view/subscribe``), keeps the snapshot it gets back and
applies every ``view/changed`` notification's ops to it, in order.  The result always equals
what ``view/list`` would return.  This module does exactly that, and nothing else:

* :class:`ViewSnapshot` holds one view (``{view, today, version, groups}``) and applies ops.
* :class:`Subscription` ties a snapshot to a live subscription of a
  :class:`taskwire_client.Client`: notifications are applied on the client's reader thread,
  versions are checked, and a gap (a missed notification) triggers a re-list.

Only the standard library is used; the module does not import the client (it is handed one).
"""

import copy
import threading
import traceback


# What a compact task (``initializationOptions.compactTasks``, Protocol/README.md) leaves out:
# the members at these defaults.  An inserted task is filled in from them.
TASK_DEFAULTS = {
    "notes": None, "tags": [], "priority": 1, "urgent": False, "durationMinutes": 15,
    "type": "maintenance", "scheduledDate": None, "dueDate": None,
    "recurrence": {"pattern": "none"}, "completed": False, "completedAt": None,
}


def whole_task(task):
    """A task with the members a compact task leaves out filled in (a copy)."""
    whole = copy.deepcopy(TASK_DEFAULTS)
    whole.update(copy.deepcopy(task))
    return whole


class VersionGap(Exception):
    """A notification does not start at the version the snapshot holds."""

    def __init__(self, have, got):
        super().__init__(f"snapshot is at version {have}, notification starts at {got}")
        self.have, self.got = have, got


class ViewSnapshot:
    """One view as the server lists it, updated in place by diff ops.

    ``data`` is a ``view/list`` result (or a ``view/subscribe`` snapshot); it is deep-copied.
    """

    def __init__(self, data):
        data = copy.deepcopy(data)
        self.view = data["view"]
        self.today = data["today"]
        self.version = data["version"]
        self.groups = data["groups"]

    # -- reading ---------------------------------------------------------------------------
    def to_dict(self):
        """The snapshot in ``view/list`` form (a deep copy)."""
        return copy.deepcopy({"view": self.view, "today": self.today,
                              "groups": self.groups, "version": self.version})

    def group(self, key):
        """The group with ``key`` (a dict with key, title, date, tasks); KeyError if absent."""
        for group in self.groups:
            if group["key"] == key:
                return group
        raise KeyError(f"no group {key!r} in view {self.view}")

    def tasks(self):
        """Every task of the view, in display order."""
        return [task for group in self.groups for task in group["tasks"]]

    def find(self, task_id):
        """``(group_key, index)`` of the task, or None when it is not in this view."""
        for group in self.groups:
            for index, task in enumerate(group["tasks"]):
                if task["id"] == task_id:
                    return group["key"], index
        return None

    # -- applying --------------------------------------------------------------------------
    def apply(self, params):
        """Apply one ``view/changed`` notification's params.

        Raises :class:`VersionGap` (changing nothing) when ``params["from"]`` is not the
        snapshot's version: the caller must re-list.
        """
        if params["from"] != self.version:
            raise VersionGap(self.version, params["from"])
        for op in params["ops"]:
            self.apply_op(op)
        self.version = params["to"]
        # (A compact client is sent ``today`` only on a new day.)
        self.today = params.get("today", self.today)

    def apply_op(self, op):
        """Apply one diff op; indexes count the list as it is when the op is applied."""
        kind = op["op"]
        if kind == "insert":
            self.group(op["group"])["tasks"].insert(op["index"], whole_task(op["task"]))
        elif kind == "remove":
            tasks = self.group(op["group"])["tasks"]
            self._check_id(tasks, op["index"], op["id"], op)
            del tasks[op["index"]]
        elif kind == "move":
            source = self.group(op["from"]["group"])["tasks"]
            self._check_id(source, op["from"]["index"], op["id"], op)
            task = source.pop(op["from"]["index"])
            self.group(op["to"]["group"])["tasks"].insert(op["to"]["index"], task)
        elif kind == "update":
            tasks = self.group(op["group"])["tasks"]
            self._check_id(tasks, op["index"], op["id"], op)
            task = tasks[op["index"]]
            task.update(copy.deepcopy(op["fields"]))   # ``display`` too
            # A member present only when set (evening, scheduledTime, someday, …) goes when it
            # is cleared, as view/list leaves it out; the others (notes, dueDate, …) are null.
            for name in op.get("cleared", ()):
                if name in TASK_DEFAULTS:
                    task[name] = None
                else:
                    task.pop(name, None)
        elif kind == "insertGroup":
            group = dict(copy.deepcopy(op["group"]), tasks=[])
            self.groups.insert(op["index"], group)
        elif kind == "removeGroup":
            group = self.groups[op["index"]]
            if group["key"] != op["key"] or group["tasks"]:
                raise ValueError(f"removeGroup does not match the snapshot: {op}")
            del self.groups[op["index"]]
        elif kind == "updateGroup":
            group = self.groups[op["index"]]
            if group["key"] != op["key"]:
                raise ValueError(f"updateGroup does not match the snapshot: {op}")
            # The title and date, and with display parts the header's new ``display``.
            group.update({name: copy.deepcopy(op[name]) for name in ("title", "date", "display")
                          if name in op})
        else:
            raise ValueError(f"unknown diff op {kind!r}")

    @staticmethod
    def _check_id(tasks, index, task_id, op):
        if not 0 <= index < len(tasks) or tasks[index]["id"] != task_id:
            raise ValueError(f"op does not match the snapshot: {op}")


class Subscription:
    """A live ``view/subscribe`` subscription with a locally applied snapshot.

    Made by :meth:`taskwire_client.Client.subscribe`.  Notifications are applied on the
    client's reader thread; read the state with :meth:`snapshot` (a consistent copy).
    Listeners added with :meth:`add_listener` are called on the reader thread after each
    change as ``listener(subscription, params)``; ``params`` is the notification's params, or
    None after a re-list.  They must be quick (a GUI should only queue a message).
    """

    def __init__(self, client, subscription_id, snapshot, query=None):
        self.client = client
        self.query = dict(query or {"view": snapshot["view"]})   # view, filter, sort
        self.id = subscription_id
        self._snapshot = ViewSnapshot(snapshot)
        self.view = self._snapshot.view
        self.relists = 0          # how often a gap or a bad op made us call view/list
        self.active = True
        self._lock = threading.RLock()
        self._listeners = []
        self._pending = None      # notifications held back while a re-list is on its way

    @property
    def version(self):
        """The version of the local snapshot."""
        with self._lock:
            return self._snapshot.version

    def snapshot(self):
        """A consistent deep copy of the local snapshot, as a :class:`ViewSnapshot`."""
        with self._lock:
            return ViewSnapshot(self._snapshot.to_dict())

    def add_listener(self, listener):
        """Call ``listener(subscription, params_or_None)`` after every change."""
        self._listeners.append(listener)

    def unsubscribe(self, timeout=10.0):
        """End the subscription (``view/unsubscribe``); no more notifications arrive."""
        self.active = False
        self.client._forget_subscription(self.id)
        return self.client.call("view/unsubscribe", {"subscription": self.id}, timeout)

    def relist(self):
        """Ask for a fresh ``view/list`` (without blocking); notifications are held meanwhile."""
        with self._lock:
            if self._pending is not None:
                return
            self._pending = []
            self.relists += 1
        try:
            self.client.call_async("view/list", self.query, self._on_list)
        except Exception:  # the connection is gone: nothing more will arrive anyway
            with self._lock:
                self._pending = None

    # -- called on the reader thread ----------------------------------------------------------
    def _on_list(self, result, error):
        with self._lock:
            held, self._pending = self._pending or [], None
            if error is None:
                self._snapshot = ViewSnapshot(result)
            for params in held:
                if self._pending is not None:   # a held one needed yet another re-list
                    self._pending.append(params)
                elif params["to"] > self._snapshot.version:
                    self._apply_locked(params)
        self._notify(None)

    def _on_changed(self, params):
        with self._lock:
            if self._pending is not None:
                self._pending.append(params)
                return
            if params["to"] <= self._snapshot.version:
                return  # already contained in a re-listed snapshot
            self._apply_locked(params)
            if self._pending is not None:
                return
        self._notify(params)

    def _apply_locked(self, params):
        try:
            self._snapshot.apply(params)
        except (VersionGap, ValueError, KeyError, IndexError):
            self.relist()

    def _notify(self, params):
        for listener in list(self._listeners):
            try:
                listener(self, params)
            except Exception:  # a listener's bug must not stop the reader thread
                traceback.print_exc()
