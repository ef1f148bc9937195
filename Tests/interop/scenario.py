"""The interop scenario shared by the Python libraries' drivers (pylsp_jsonrpc.py, pygls_client.py).

Each driver starts the server its library's way, initializes it as that library naturally does,
then hands run() a blocking `call(method, params)` that returns the result or raises the
library's own error type, and `code_of(exception)` that reads the JSON-RPC error code from it.
View snapshots are kept current by applying the pushed view/changed diffs (Views.changed, which
the driver registers as its library's notification handler) and compared with view/list.
"""

import copy
import os
import threading

SERVER = os.environ.get("TASKWIRE", "taskwire")
FLAGS = ["--memory", "--clock", "2026-02-12T08:00:00Z", "--time-zone", "UTC"]


class Failed(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failed(what)


def apply_ops(snapshot, ops):
    """Applies view/changed ops in order (Protocol/README.md, 'Subscriptions and view diffs')."""
    groups = snapshot["groups"]

    def tasks(key):
        return next(g for g in groups if g["key"] == key)["tasks"]

    for op in ops:
        kind = op["op"]
        if kind == "insert":
            tasks(op["group"]).insert(op["index"], copy.deepcopy(op["task"]))
        elif kind == "remove":
            check(tasks(op["group"])[op["index"]]["id"] == op["id"], f"remove fits: {op}")
            del tasks(op["group"])[op["index"]]
        elif kind == "move":
            task = tasks(op["from"]["group"]).pop(op["from"]["index"])
            check(task["id"] == op["id"], f"move fits: {op}")
            tasks(op["to"]["group"]).insert(op["to"]["index"], task)
        elif kind == "update":
            task = tasks(op["group"])[op["index"]]
            check(task["id"] == op["id"], f"update fits: {op}")
            task.update(copy.deepcopy(op["fields"]))
            for name in op.get("cleared", []):
                task[name] = None
        elif kind == "insertGroup":
            groups.insert(op["index"], dict(copy.deepcopy(op["group"]), tasks=[]))
        elif kind == "removeGroup":
            check(groups[op["index"]]["key"] == op["key"], f"removeGroup fits: {op}")
            del groups[op["index"]]
        elif kind == "updateGroup":
            groups[op["index"]].update(title=op["title"], date=op["date"])
        else:
            raise Failed(f"unknown op {kind}")


class Views:
    """Subscribed snapshots, updated from view/changed on the library's reader thread."""

    def __init__(self):
        self.cond = threading.Condition()
        self.snapshots = {}
        self.notifications = 0
        self.errors = []

    def subscribed(self, result):
        with self.cond:
            self.snapshots[result["subscription"]] = copy.deepcopy(result["snapshot"])

    def changed(self, params):
        with self.cond:
            try:
                snapshot = self.snapshots[params["subscription"]]
                check(params["from"] == snapshot["version"], f"no gap: {params}")
                apply_ops(snapshot, params["ops"])
                snapshot["version"], snapshot["today"] = params["to"], params["today"]
                self.notifications += 1
            except Exception as error:  # noqa: BLE001 - reported by run(), not lost on a thread
                self.errors.append(f"{type(error).__name__}: {error}")
            self.cond.notify_all()

    def wait_version(self, subscription, version, timeout=5.0):
        with self.cond:
            self.cond.wait_for(lambda: self.snapshots[subscription]["version"] >= version or self.errors, timeout)
            return copy.deepcopy(self.snapshots[subscription])


def check_quiet(stderr_text):
    """LSP housekeeping notifications (initialized, …) are accepted silently: no failure logged."""
    failures = [line for line in stderr_text.splitlines() if line.startswith("taskwire: notification ")]
    check(not failures, "housekeeping notifications are accepted silently; stderr: " + "; ".join(failures))


def titles(view_result):
    return {g["key"]: [t["title"] for t in g["tasks"]] for g in view_result["groups"]}


def run(call, code_of, views):
    """The scenario after initialize; raises Failed with what went wrong."""
    ids = {}
    for view, extra in (("inbox", {}), ("today", {}),
                        ("upcoming", {"notes": "call first", "dueDate": "2026-02-20"})):
        task = call("task/create", dict(title=f"{view} task", view=view, **extra))["task"]
        ids[view] = task["id"]
    ids["inbox 2"] = call("task/create", {"title": "inbox task 2"})["task"]["id"]
    check(titles(call("view/list", {"view": "today"})) == {"today": ["today task"]}, "view/list today")

    subs = {}
    for view in ("today", "upcoming", "inbox"):
        result = call("view/subscribe", {"view": view})
        views.subscribed(result)
        subs[view] = result["subscription"]

    moved = call("task/move", {"id": ids["today"], "view": "upcoming", "date": "tomorrow", "index": 0})
    check((moved["view"], moved["group"], moved["index"]) == ("upcoming", "2026-02-13", 0), f"move: {moved}")
    undone = call("history/undo", None)
    check(undone["undone"]["label"].startswith("Move 'today task'"), f"undo: {undone}")
    call("task/move", {"id": ids["inbox 2"], "view": "inbox", "index": 0})  # a reorder: one move op
    call("task/update", {"id": ids["upcoming"], "notes": None, "dueDate": None})

    for view, sub in subs.items():
        listed = call("view/list", {"view": view})
        held = views.wait_version(sub, listed["version"])
        check(not views.errors, f"applying diffs: {views.errors}")
        check(held == listed, f"{view}: the diffed snapshot is view/list\n  diffed: {held}\n  listed: {listed}")
    check(views.notifications >= 5, f"view/changed notifications received: {views.notifications}")
    check(titles(call("view/list", {"view": "inbox"})) == {"inbox": ["inbox task 2", "inbox task"]}, "inbox")
    upcoming = call("view/list", {"view": "upcoming"})
    check(titles(upcoming) == {"2026-02-13": ["upcoming task"]}, f"upcoming: {titles(upcoming)}")
    task = upcoming["groups"][0]["tasks"][0]
    check(task["notes"] is None and task["dueDate"] is None, f"cleared fields: {task}")

    try:
        call("task/get", {"id": 999})
    except Exception as error:  # noqa: BLE001 - the library's own error type
        check(code_of(error) == -32010, f"task/get 999: {error!r} code {code_of(error)}")
    else:
        raise Failed("task/get 999 succeeded")
