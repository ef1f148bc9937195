"""The record every bridge on a store shares (Protocol/caldav.md, *Links*): which VTODO (by UID)
of the collection is which taskwire task, kept in the taskwire store itself (``link/set``,
``link/remove``, ``link/list``) under the source ``caldav:<the collection's URL>``.

A link is recorded only once the server has the VTODO (a PUT that succeeded, or a VTODO read
from the server and paired with or made into a task), so a task that is linked and whose VTODO
is not on the server was deleted there (by a phone, or by another bridge): it is deleted in
taskwire, not sent again. A task that is not linked is new in taskwire. A checklist line's
sub-VTODO is linked to the task holding it (only when the line's uuid is its UID's uuid, so the
line is found by it). Each link carries the VTODO's ETag when it was linked (``version``), so a
bridge that never paired a VTODO whose task (or line) was deleted can tell whether the phone
changed it since a bridge last saw it."""

import hashlib
import re
import urllib.parse

from taskwire_client import TaskwireError

from .uids import uid_uuid

MAX_BYTES = 1024     # a source's and a key's length in taskwire
CHUNK = 10000        # links or keys a request


def source_of(collection_url):
    """``caldav:`` and the collection's URL (its user and password removed); a URL too long
    for taskwire is named by its digest."""
    parts = urllib.parse.urlsplit(collection_url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    if parts.port:
        host += f":{parts.port}"
    url = urllib.parse.urlunsplit((parts.scheme, host, parts.path, parts.query, ""))
    source = "caldav:" + url
    if len(source.encode("utf-8")) > MAX_BYTES:
        source = "caldav:sha256:" + hashlib.sha256(url.encode("utf-8")).hexdigest()
    return source


def uid_in_text(text):
    """A VTODO's UID read leniently from its text (an object the bridge cannot read otherwise:
    a malformed one it skips still names a UID that is on the server)."""
    uids = []
    unfolded = re.sub(r"\r?\n[ \t]", "", text or "")
    for line in unfolded.splitlines():
        if line.upper().startswith("UID:") or line.upper().startswith("UID;"):
            uids.append(line.split(":", 1)[1].strip() if ":" in line else "")
    return uids


class Links:
    def __init__(self, tw, source, log):
        self.tw = tw
        self.source = source
        self.log = log
        self.links = {}        # key (UID) -> (task id, the task's uuid or None, version or None)
        self.available = True  # False with a taskwire that has no link/ methods

    def load(self):
        """Read the source's links (one link/list)."""
        if not self.available:
            return self.links
        try:
            reply = self.tw.call("link/list", {"source": self.source}, timeout=120)
        except TaskwireError as error:
            if error.code == -32601:
                self.available = False
                self.log("this taskwire keeps no links (link/list): a phone's deletion another "
                         "bridge saw first may be undone")
                self.links = {}
                return self.links
            raise
        self.links = {entry["key"]: (entry["id"], entry.get("uuid"), entry.get("version"))
                      for entry in reply["links"]}
        return self.links

    def targets(self, uuids):
        """{record key: UID} of every link whose task is there: the record whose uuid is the
        UID's (a task, a project, a checklist line), else the linked task itself (one with a
        uuid of taskwire's own). ``uuids``: uuid -> record key, taskwire's export."""
        out, fallback = {}, {}
        for key, (task_id, uuid, _) in self.links.items():
            if uuid is None:
                continue     # the task was deleted since
            record = uuids.get(uid_uuid(key))
            if record is not None:
                out[record] = key
            else:
                fallback.setdefault(task_id, key)
        for task_id, key in fallback.items():
            out.setdefault(task_id, key)
        return out

    def orphans(self):
        """The UIDs whose task was deleted since they were linked."""
        return {key for key, (_, uuid, _) in self.links.items() if uuid is None}

    def deleted_unchanged(self, key, etag):
        """True when ``key``'s link says its task was deleted since (``uuid`` null) and the
        VTODO is still the version linked (``etag``): the phone has not changed it since a
        bridge last saw it. A link without a version (made before versions) says nothing."""
        link = self.links.get(key)
        return link is not None and link[1] is None and link[2] is not None \
            and etag is not None and link[2] == etag

    def line_deleted_unchanged(self, key, etag, task_id):
        """True when ``key``'s link names ``task_id`` (the task holding a line, still there:
        ``uuid`` not null) and the VTODO is still the version linked: the caller has found no
        line (and no task) of the UID's uuid, so the line was deleted in taskwire since a
        bridge last saw its sub-VTODO, which the phone has not changed since."""
        link = self.links.get(key)
        return link is not None and link[0] == task_id and link[1] is not None \
            and link[2] is not None and etag is not None and link[2] == etag

    def record(self, wanted, present):
        """Link each UID of ``wanted`` ({UID: (task id, the VTODO's ETag)}) that is not linked
        so already (the same task and version): one link/set (more only past 10,000).
        ``present``: the task ids taskwire has; a task deleted meanwhile (taskwire refuses the
        whole request) is left out and the rest recorded."""
        if not self.available:
            return 0
        todo = []
        for key, (task_id, version) in sorted(wanted.items()):
            if not isinstance(task_id, int) or task_id not in present or \
                    len(key.encode("utf-8")) > MAX_BYTES:
                continue
            if version is not None and len(version.encode("utf-8")) > MAX_BYTES:
                version = None
            link = self.links.get(key)
            if link is not None and link[0] == task_id and link[2] == version and \
                    link[1] is not None:
                continue
            entry = {"key": key, "id": task_id}
            if version is not None:
                entry["version"] = version
            todo.append(entry)
        done = 0
        for start in range(0, len(todo), CHUNK):
            chunk = todo[start:start + CHUNK]
            for _ in range(len(chunk) + 1):
                if not chunk:
                    break
                try:
                    self.tw.call("link/set", {"source": self.source, "links": chunk},
                                 timeout=120)
                except TaskwireError as error:
                    missing = (error.data or {}).get("id") if error.code == -32010 else None
                    if missing is None or not any(x["id"] == missing for x in chunk):
                        raise
                    chunk = [x for x in chunk if x["id"] != missing]
                    continue
                for x in chunk:
                    self.links[x["key"]] = (x["id"], self.links.get(x["key"], (None, ""))[1]
                                            or "", x.get("version"))
                done += len(chunk)
                break
        return done

    def remove(self, keys):
        """Forget these UIDs' links (one link/remove; only those linked)."""
        if not self.available:
            return 0
        keys = sorted(k for k in set(keys) if k in self.links)
        for start in range(0, len(keys), CHUNK):
            self.tw.call("link/remove", {"source": self.source,
                                         "keys": keys[start:start + CHUNK]}, timeout=120)
        for key in keys:
            self.links.pop(key, None)
        return len(keys)
