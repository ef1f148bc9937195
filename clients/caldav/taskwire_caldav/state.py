"""The bridge's memory between syncs: one JSON file, mode 0600, written whole and renamed into
place (a new file of our own, O_CREAT|O_EXCL|O_NOFOLLOW, fsynced), so a kill at any moment leaves
the old state or the new one, never half of each.  A lock beside it keeps a second bridge off.

    {"version": 1, "collection": URL, "syncToken": "…",
     "items": {UID: {"task": 12, "kind": "project" | "line" (absent: a task),
                     "line": "<line uuid>" (a checklist line: "task" is the task holding it),
                     "href": URL, "etag": "\"…\"", "ics": "BEGIN:VCALENDAR…",
                     "tw": {fields as taskwire last had them}, "dav": {fields as the VTODO had them},
                     "reported": ["…what was said about it…"]}},
     "batch": {"after": 41, "since": "2026-02-12T08:00:00Z", "uids": [UID, …],
               "titles": ["…", …]} or absent,
     "lines": [{"uid", "owner", "task", "title", "known": [line uuids], "uuid"}] or absent,
     "bulkProps": [the list's properties as XML, while a whole upload is under way] or absent,
     "notTasks": [ids of headings and areas already reported],
     "skipped": {href: etag}}

``tw`` and ``dav`` are the two sides' values at the last sync: the bases of the per-field three-way
merge (two, because a value may read differently on each side: PRIORITY 4 is taskwire's 3).
``batch`` is written before a task/batch that creates tasks from the server's VTODOs and removed
once its results are recorded: the UIDs in the order of the batch's creates, which get the
consecutive ids after ``after`` (the highest id in taskwire's export just before the batch).
After a kill between the commit and the save, the next sync maps each UID to its task by that
place (the titles and the shared creation time confirm the run) instead of creating it again.
``lines`` is the same for the checklist lines a sync adds (``task/checklist add`` requests in the
same batch): each new line is appended, so after a kill the line of that title not among the
``known`` ones (the task's lines before the batch) and not mapped yet is the one it made. A line
of a task the same batch creates (``"id": "@N"``) has ``task`` null and ``known`` empty: its task
is the one its ``owner`` (the task's UID) is mapped to, by ``batch`` above, after the restart.
``uuid`` is the uuid the batch gave the line (its UID's), found first when there.

Which VTODOs the server has had is not kept here but in the taskwire store, shared by every
bridge on it (links.py).
"""

import errno
import fcntl
import hashlib
import json
import os
import secrets

VERSION = 1


def default_path(store, url, user, calendar):
    """$XDG_STATE_HOME/taskwire-caldav/<digest>.json: one state per store, server, user and list."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                            "state")
    key = "\0".join([store or "(default store)", url, user, calendar or ""])
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]
    return os.path.join(base, "taskwire-caldav", f"{digest}.json")


class StateError(Exception):
    pass


class State:
    def __init__(self, path):
        self.path = os.path.abspath(path)
        self.data = {"version": VERSION, "collection": None, "syncToken": None, "items": {},
                     "skipped": {}}
        self._lock_fd = None

    # -- the lock ---------------------------------------------------------------------------
    def lock(self):
        folder = os.path.dirname(self.path)
        os.makedirs(folder, mode=0o700, exist_ok=True)
        fd = os.open(self.path + ".lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC,
                     0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise StateError(f"another taskwire-caldav is syncing with this state ({self.path})")
        self._lock_fd = fd

    def unlock(self):
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    # -- reading and writing ----------------------------------------------------------------
    def load(self):
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except FileNotFoundError:
            return False
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise StateError(f"{self.path} is a symbolic link: refusing to read it") from None
            raise
        with os.fdopen(fd, "rb") as file:
            info = os.fstat(file.fileno())
            if info.st_uid != os.getuid():
                raise StateError(f"{self.path} belongs to another user: refusing to use it")
            if info.st_mode & 0o077:
                raise StateError(f"{self.path} is readable by others (mode "
                                 f"{info.st_mode & 0o777:o}): chmod 600 it")
            try:
                data = json.load(file)
            except ValueError as error:
                raise StateError(f"{self.path} is not a state file ({error})") from None
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise StateError(f"{self.path} is not a state file of this version")
        for key, empty in (("items", {}), ("skipped", {})):
            data.setdefault(key, empty)
        data.pop("creating", None)   # an older bridge's record: tasks it created are in items
        data.pop("lastTaskId", None)  # an older bridge's guess at the next ids: no longer needed
        self.data = data
        return True

    def save(self):
        folder = os.path.dirname(self.path)
        os.makedirs(folder, mode=0o700, exist_ok=True)
        text = json.dumps(self.data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        temporary = os.path.join(folder, f".{os.path.basename(self.path)}.{secrets.token_hex(6)}")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                     0o600)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(text.encode("utf-8"))
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            try:
                os.unlink(temporary)
            except OSError:
                pass
            raise
        dir_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)

    # -- shortcuts --------------------------------------------------------------------------
    @property
    def items(self):
        return self.data["items"]

    def by_href(self):
        return {item["href"]: uid for uid, item in self.items.items() if item.get("href")}

    def by_key(self):
        """{the taskwire record's key: UID}: a task's or project's id, a checklist line's
        ``"L:<line uuid>"`` (``item_key``)."""
        out = {}
        for uid, item in self.items.items():
            key = item_key(item)
            if key is not None:
                out[key] = uid
        return out

    by_task = by_key


def item_key(item):
    """The key of the taskwire record a state item stands for: the id of a task or project, or
    ``"L:<uuid>"`` for a checklist line (its ``task`` is then the task that holds it)."""
    if item.get("kind") == "line":
        return "L:" + item["line"] if item.get("line") else None
    return item.get("task")


def append_line(path, record):
    """Append one JSON line to a 0600 file of our own (the conflicts file)."""
    folder = os.path.dirname(path)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    with os.fdopen(fd, "ab") as file:
        if os.fstat(file.fileno()).st_uid != os.getuid():
            raise StateError(f"{path} belongs to another user")
        file.write((json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8"))
        file.flush()
        os.fsync(file.fileno())


def read_lines(path):
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return []
    with os.fdopen(fd, "rb") as file:
        out = []
        for line in file:
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
        return out
