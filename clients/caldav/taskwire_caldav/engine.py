"""One sync pass: read both sides' changes, merge them field by field, apply the result to
taskwire (one task/batch: one undo step) and to the CalDAV collection (If-Match writes)."""

import concurrent.futures
import datetime as dt
import os
import re
import threading

from . import mapping
from .davside import Conflict, Gone, Refused, Unreachable
from .links import Links, source_of, uid_in_text
from .state import append_line, item_key

from taskwire_client import TaskwireError

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


class Engine:
    def __init__(self, tw, collection, state, zone, today, conflicts_path, log,
                 history_days=30, workers=4, bulk=True):
        self.tw = tw
        self.collection = collection
        self.state = state
        self.zone = zone
        self.today = today
        self.conflicts_path = conflicts_path
        self.log = log
        self.history_days = history_days
        self.workers = workers
        self.bulk = bulk
        self._pool_collections = []
        self._pool_lock = threading.Lock()
        self._high = 0      # the highest task id in the last export or batch
        self._by_key = {}   # record key -> UID (state.by_key(), kept current in a pass)
        self._records = {}  # the last export's records (tasks, projects, checklist lines)
        self._all = {}      # every item of the last export by id (headings and areas too)
        self._headings = {}
        self._tasks = {}
        self._others = []
        self._new_projects = set()
        self._uuids = {}     # uuid -> record key, the last pass's export
        self._token = None
        self.links = None    # the links every bridge on the store shares (links.py)
        self._reread = False  # a pass that must read the whole list before it can tell

    # -- one pass ---------------------------------------------------------------------------
    def sync(self):
        """Sync until a pass meets no 412 (at most 4 passes); returns the Summary."""
        summary = Summary()
        for _ in range(4):
            if not self._pass(summary):
                break
        return summary

    def _pass(self, summary):
        state = self.state
        if state.data.get("collection") not in (None, self.collection.collection_url):
            self.log(f"the task list moved from {state.data['collection']} to "
                     f"{self.collection.collection_url}: reading it whole")
            state.data["syncToken"] = None
        state.data["collection"] = self.collection.collection_url
        source = source_of(self.collection.collection_url)
        if self.links is None or self.links.source != source:
            self.links = Links(self.tw, source, self.log)
        self._reread = False
        items = state.items
        known_before = set(items)   # (the UIDs whose VTODO is gone at the end: links go)
        if state.data.get("bulkProps") is not None:
            # a whole upload's properties not set again (interrupted): set them now
            self.collection.set_props(state.data["bulkProps"])
            state.data.pop("bulkProps")
            state.save()

        # 1. the server's changes
        full, objects, deleted, token = self.collection.pull(state.data.get("syncToken"))
        by_href = state.by_href()
        skipped = state.data["skipped"]
        to_load = []
        for href, (etag, data) in objects.items():
            uid = by_href.get(href)
            if uid and etag and items[uid].get("etag") == etag:
                continue
            if etag and skipped.get(href) == etag:
                continue
            if data is None:
                to_load.append(href)
        loaded = self.collection.load(to_load) if to_load else {}
        if full:
            deleted |= {href for href in by_href if href not in objects}
        dav_now = {}
        present = set()     # UIDs on the server besides dav_now's (unchanged, unreadable)
        unknown = []        # listed objects whose UID this pass has not read (skipped ones)
        for href, (etag, data) in objects.items():
            uid = by_href.get(href)
            if uid and etag and items[uid].get("etag") == etag:
                present.add(uid)
                continue
            if etag and skipped.get(href) == etag:
                unknown.append(href)
                continue
            if data is None:
                if href not in loaded:
                    continue  # deleted between the listing and the read: next pass
                etag, data = loaded[href]
            try:
                component = mapping.parse(data)
                if component is None:
                    continue  # an event or a journal: not a task
                fields, notes = mapping.todo_fields(component, self.zone)
            except mapping.Malformed as error:
                present.update(uid_in_text(data))
                if skipped.get(href) != etag:
                    self.log(f"skipped {href}: {error}")
                skipped[href] = etag
                summary.add("skipped")
                continue
            skipped.pop(href, None)
            uid = str(component["UID"])
            if uid in dav_now:
                self.log(f"skipped {href}: UID {uid} is also at {dav_now[uid]['href']}")
                summary.add("skipped")
                continue
            dav_now[uid] = {"href": href, "etag": etag, "text": data, "component": component,
                            "fields": fields, "notes": notes,
                            "lm": mapping.last_modified(component)}
        gone = {by_href[h] for h in deleted if h in by_href} - set(dav_now)
        for href in deleted:
            skipped.pop(href, None)

        # 2. taskwire: every task, project and checklist line, with their ranks
        records = self._export()
        self._by_key = state.by_key()
        self._adopt_pending(records, self._by_key, dav_now)
        self._adopt_lines(records, dav_now)
        self._rebind(records)
        self._by_key = by_key = state.by_key()
        self._report_others(summary)
        self._token = None      # a whole upload's new sync token
        uuids = {r["uuid"]: key for key, r in records.items() if r.get("uuid")}
        # projects the server made this pass (taskwire has no id for them until the batch, in
        # which their tasks name them as "@N")
        self._new_projects = {uid for uid, d in dav_now.items()
                              if uid not in items and d["fields"].get("kind") == "project"
                              and mapping.uid_uuid(uid) not in uuids}
        self._uuids = uuids
        self.links.load()
        # VTODOs never paired whose task was deleted in taskwire, unchanged since: deleted
        orphans = self._orphans([uid for uid in dav_now if uid not in items
                                 and mapping.uid_uuid(uid) not in uuids], dav_now)
        self._new_projects -= orphans
        self._listing = (full, present, unknown)

        # a VTODO deleted on the server whose task another VTODO of the same uuid now stands for
        # (another bridge, which had not seen the deletion, sent the task again under its uuid):
        # the new one is the task's, the deletion undone (a store from before the links, or a
        # change that beat the deletion: Protocol/caldav.md, *Links*)
        for uid in dav_now:
            key = uuids.get(mapping.uid_uuid(uid))
            if uid not in items and isinstance(key, int) and by_key.get(key) in gone:
                items.pop(by_key.pop(key))

        # 3. decide
        plans = {}          # uid -> plan
        creates = []        # (uid, fields, kind) to create in taskwire (task/batch)
        line_creates = []   # (uid, owner UID, fields, d): checklist lines to add in taskwire
        for uid in list(items):
            item = items[uid]
            record = records.get(item_key(item))
            plan = self._decide(uid, item, record, dav_now.get(uid), uid in gone, summary)
            if plan is not None:
                plans[uid] = plan
                if plan.get("create_tw"):
                    if item.get("kind") == "line":
                        line_creates.append((uid, plan["owner"], plan["create_tw"], plan["dav"]))
                    else:
                        creates.append((uid, plan["create_tw"], item.get("kind", "task")))
        fresh = [uid for uid in dav_now if uid not in items]
        for uid in fresh:
            # the same item: its uuid is the UID's (the UID, or uuid5 of one that is no UUID),
            # whichever bridge made it, with or without this bridge's state
            key = uuids.get(mapping.uid_uuid(uid))
            if key is not None and key not in by_key:
                record = records[key]
                item = self._state_item(record, record.get("id"), dav_now[uid]["href"])
                items[uid] = item
                by_key[key] = uid
                plans[uid] = self._decide(uid, item, record, dav_now[uid], False, summary)
        fresh = [uid for uid in fresh if uid not in items and uid not in orphans]
        for uid in sorted(orphans):
            # its task was deleted in taskwire and the VTODO is as a bridge last linked it:
            # the deletion wins (DELETE If-Match; a 412 is a change: made again next pass)
            plans[uid] = {"kind": "delete_orphan", "dav": dav_now[uid],
                          "line": uid in self._line_orphans}
        kinds = {}
        for uid in fresh:
            self._classify(uid, dav_now, kinds, set())
        for uid in fresh:
            d, kind = dav_now[uid], kinds[uid]
            scratch = {"reported": []}
            self._notes(uid, scratch, d["notes"] + self._dav_notes(kind, d["fields"]),
                        d["fields"], summary)
            if kind == "line":
                line_creates.append((uid, d["fields"]["parent"][0], d["fields"], d))
                plans[uid] = {"kind": "new_line", "dav": d, "reported": scratch["reported"]}
            else:
                creates.append((uid, d["fields"], kind))
                plans[uid] = {"kind": "new_from_dav", "dav": d, "reported": scratch["reported"]}
        self._new_from_tw(records, by_key, plans, dav_now, summary)

        # 4. taskwire: the new tasks, the new checklist lines, every other change and every
        #    checklist gesture, one task/batch (one undo step)
        requests, calls = [], []
        for uid, plan in plans.items():
            requests += plan.get("requests", [])
            calls += plan.get("checklist", [])
        # (a line of a task the batch deletes goes with it)
        dropped = {r["params"]["id"] for r in requests if r["method"] == "task/delete"}
        requests += [{"method": "task/checklist", "params": c} for c in calls
                     if c["id"] not in dropped]
        applied = True
        if creates or requests or line_creates:
            applied = self._apply(creates, line_creates, requests, plans, dav_now, summary,
                                  dropped)
        self._by_key = state.by_key()
        again = False
        if requests or creates or line_creates:
            known = set(records)
            records = self._export()
            # a completed repeat's next occurrence: made by taskwire just now, sent next pass
            again = any(k not in known and k not in self._by_key for k in records)
        for uid, item in items.items():
            record = records.get(item_key(item))
            if record is not None:
                self._tw_notes(uid, item, record, summary)

        # 5. the server: new objects, changed ones, deletions (If-Match each)
        writes = []
        for uid, plan in plans.items():
            item = items.get(uid)
            if plan.get("kind") == "delete_orphan" and item is None:
                writes.append(("orphan", uid, plan))
                continue
            if item is None:
                continue
            record = records.get(item_key(item))
            kind = plan.get("kind")
            if kind == "drop":
                items.pop(uid, None)
            elif kind == "delete_dav":
                writes.append(("delete", uid, None))
            elif kind == "delete_tw":
                if record is None:
                    items.pop(uid, None)
            elif record is None:
                continue
            elif kind == "new_from_tw" or plan.get("recreate"):
                writes.append(("create", uid, record))
            else:
                names = mapping.NAMES[item.get("kind", "task")]
                push = set(plan.get("push", ()))
                pulled = plan.get("pulled", ())
                tw_fields = self._fields(record)
                dav_fields = (dav_now[uid]["fields"] if uid in dav_now else item.get("dav")) or {}
                if "held" in plan:      # (a state from an older bridge: _decide)
                    dav_fields = dict(dav_fields, **plan["held"])
                # fields taskwire reworded (a trimmed title, a date moved to today, a new rank,
                # a heading that is not the new project's, a time it could not keep)
                for name in pulled:
                    if name in ("order", "scheduled", "parent", "time", "dueTime") and \
                            tw_fields[name] != dav_fields.get(name) and \
                            (tw_fields[name] is not None or
                             name in ("parent", "time", "dueTime")):
                        push.add(name)
                # what the batch changed besides (a project's tasks completed with it, tasks
                # moved out of a deleted project): taskwire's change, to the server
                before = plan.get("tw")
                if before is not None:
                    for name in names:
                        if name not in pulled and tw_fields[name] != before.get(name) and \
                                tw_fields[name] != dav_fields.get(name):
                            push.add(name)
                if kind == "created":
                    if dav_fields.get("order") is not None and tw_fields["order"] is not None \
                            and tw_fields["order"] != dav_fields["order"]:
                        push.add("order")
                    for name in ("scheduled", "time"):
                        if tw_fields[name] != dav_fields.get(name) and \
                                dav_fields.get(name) is not None:
                            push.add(name)
                    if "parent" in names and tw_fields["parent"] != dav_fields.get("parent") \
                            and self._parent_target(dav_fields.get("parent")) is not NOT_HELD:
                        push.add("parent")
                push = {n for n in push if tw_fields[n] != dav_fields.get(n)
                        and not (n == "order" and tw_fields[n] is None)}
                if push:
                    writes.append(("put", uid, (record, push)))
                else:
                    self._settle(uid, item, record, dav_now.get(uid), plan)
        new_intents = [w for w in writes if w[0] == "create"]
        if new_intents:
            state.save()   # the UIDs we are about to create, before the first PUT
        if self.bulk and full and not objects and len(new_intents) >= BULK_MIN and \
                not any(item.get("etag") for item in items.values()):
            writes = self._bulk(writes, summary)
        try:
            retry = self._write(writes, plans, dav_now, summary)
        finally:
            self._settle_links(known_before, plans, dav_now)
        if not applied or again:
            retry = True
        state.data["syncToken"] = self._token or token
        if self._reread:
            # a linked task without a VTODO this pass's changes did not show: the whole list,
            # read next pass, tells whether its VTODO is there
            state.data["syncToken"] = None
            retry = True
        state.save()
        return retry

    # -- the links every bridge shares (links.py) ---------------------------------------
    def _settle_links(self, before, plans, dav_now):
        """Record the link of every item the server has (its ETag known: a PUT that succeeded,
        or a VTODO read from the server), forget those of the VTODOs gone this pass (deleted by
        the bridge, or deleted on the server and so in taskwire), and, after a whole read of
        the list, those whose task and VTODO are both gone."""
        items = self.state.items
        wanted = {}
        for uid, item in items.items():
            if item.get("etag") is None:
                continue
            if item.get("kind") == "line" and item.get("line") != mapping.uid_uuid(uid):
                continue    # (a line of a taskwire uuid, from an older bridge: not found by it)
            wanted[uid] = (item.get("task"), item.get("etag"))
        # (a task deleted because its VTODO went: once taskwire has deleted it)
        gone = (before - set(items)) | {uid for uid, plan in plans.items()
                                        if plan.get("kind") == "deleted_elsewhere"
                                        and plan["key"] not in self._records} \
            | {uid for uid, plan in plans.items()
               if plan.get("kind") == "delete_orphan" and plan.get("done")}
        full, present, unknown = self._listing
        if full and not unknown:
            gone |= {key for key in self.links.orphans()
                     if key not in items and key not in dav_now and key not in present}
        self.links.remove(gone - set(wanted))
        self.links.record(wanted, set(self._all))

    def _orphans(self, fresh, dav_now):
        """Of the VTODOs this bridge has not paired and no task stands for, those whose link
        says the task was deleted since, and whose ETag is still the link's version (the phone
        has not changed them since a bridge last saw them): Protocol/caldav.md, *Conflicts*;
        and the sub-VTODOs whose line was deleted so (_line_deleted). One that a VTODO made
        into a task or line this pass (a changed or new one) names as its parent is kept (made
        again) too."""
        self._line_orphans = set()
        if not self.links.available:
            return set()
        orphans = {uid for uid in fresh
                   if self.links.deleted_unchanged(uid, dav_now[uid]["etag"])
                   or self._line_deleted(uid, dav_now)}
        self._line_orphans = {uid for uid in orphans
                              if not self.links.deleted_unchanged(uid, dav_now[uid]["etag"])}
        while orphans:
            kept = set()
            for uid in fresh:
                if uid in orphans:
                    continue
                parent = dav_now[uid]["fields"].get("parent")
                if parent is not None and parent[0] in orphans:
                    kept.add(parent[0])
            if not kept:
                break
            orphans -= kept
        return orphans

    def _line_deleted(self, uid, dav_now):
        """A sub-VTODO whose link names the task its parent (RELATED-TO) is, a task still there
        whose checklist has no line of the UID's uuid (nor is any task or line of it: the
        caller's), and whose ETag is still the link's version: its line was deleted in
        taskwire since a bridge last saw it, and the phone has not changed it since."""
        d = dav_now[uid]
        parent = d["fields"].get("parent")
        if parent is None or parent[0] == uid or d["fields"].get("kind") == "project":
            return False
        owner = self.state.items.get(parent[0])
        if owner is not None:
            task_id = owner.get("task") if owner.get("kind", "task") == "task" else None
        else:
            task_id = self._uuids.get(mapping.uid_uuid(parent[0]))
        task = self._tasks.get(task_id) if isinstance(task_id, int) else None
        if task is None:
            return False
        line = mapping.uid_uuid(uid)
        if any(x.get("uuid") == line for x in task.get("checklist") or []):
            return False
        return self.links.line_deleted_unchanged(uid, d["etag"], task_id)

    def _absent(self, uids):
        """Of these UIDs, those surely not on the server: only after a whole read of the list
        (else None: read it whole next pass), the UIDs of objects the bridge skips read
        leniently from their text."""
        full, present, unknown = self._listing
        if not full:
            self._reread = True
            return None
        if unknown:
            for _, (_, text) in self.collection.load(unknown).items():
                present.update(uid_in_text(text))
            self._listing = (full, present, [])
        return {uid for uid in uids if uid not in present}

    def _classify(self, uid, dav_now, kinds, seen):
        """What a VTODO new from the server becomes in taskwire: "project" (X-TASKWIRE-KIND),
        "line" (a sub-VTODO of a task: a line of its checklist), "task" (one under a project
        goes into it, also one under a project this sync makes, named "@N" in the batch; one
        under something else is a task of its own, its RELATED-TO kept on the server)."""
        if uid in kinds:
            return kinds[uid]
        fields = dav_now[uid]["fields"]
        kind = "task"
        parent = fields.get("parent")
        if fields.get("kind") == "project":
            kind = "project"
        elif parent is not None and parent[0] != uid:
            owner = self.state.items.get(parent[0])
            if owner is not None:
                if owner.get("kind", "task") == "task" and \
                        self._records.get(item_key(owner)) is not None:
                    kind = "line"
            elif parent[0] in dav_now and parent[0] not in seen:
                above = self._classify(parent[0], dav_now, kinds, seen | {uid})
                kind = "line" if above == "task" else "task"
        kinds[uid] = kind
        return kind

    def _dav_notes(self, kind, fields):
        """What of a VTODO new from the server taskwire cannot hold, by what it becomes."""
        notes = []
        parent = fields.get("parent")
        if kind == "line":
            extras = mapping.line_extras(fields)
            if extras:
                notes.append(f"a checklist line in taskwire (a sub-task of a task): its "
                             f"{', '.join(extras)} kept on the server only")
        elif kind == "project":
            if parent is not None:
                notes.append("RELATED-TO of a project: kept on the server only")
        elif parent is not None and self._parent_target(parent) is NOT_HELD:
            notes.append("RELATED-TO names no open taskwire project: a task of its own in "
                         "taskwire, the link kept on the server only")
        return notes

    def _new_from_tw(self, records, by_key, plans, dav_now, summary):
        """Give a UID to each taskwire item the server has not seen: open tasks and projects,
        those completed in the last --history-days, the projects of those tasks, and the
        checklist lines of every task that is on the server. An item linked to a VTODO (a
        bridge had it on the server) that is not there was deleted on the server: it is
        deleted in taskwire instead (_deleted_elsewhere)."""
        items = self.state.items
        linked = self.links.targets(self._uuids)
        elsewhere = {}      # record key -> its linked UID, its VTODO not among the changes
        since = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=self.history_days)

        def recent(record):
            return not record.get("completed") or \
                (_utc(record.get("completedAt")) or since) >= since

        sent = {key for key, r in records.items() if self._kind(r) == "task"
                and (key in by_key or recent(r))}
        wanted = set()
        for key in sent:
            value = self._all.get(records[key].get("parent"))
            if value is not None and value.get("kind") == "heading":
                value = self._all.get(value.get("parent"))
            if value is not None and value.get("kind") == "project":
                wanted.add(value["id"])
        order = {"project": 0, "task": 1, "line": 2}
        for key, record in sorted(records.items(), key=lambda kv: order[self._kind(kv[1])]):
            if key in by_key:
                continue
            kind = self._kind(record)
            if kind == "line" and record["owner"] not in by_key:
                continue
            linked_uid = linked.get(key)
            if linked_uid is not None and linked_uid not in items and linked_uid not in dav_now:
                elsewhere[key] = linked_uid
                continue
            if kind != "line" and not recent(record) and \
                    not (kind == "project" and key in wanted):
                continue
            uid = mapping.mint_uid(record)
            if uid in items or uid in dav_now:
                uid = mapping.mint_uid({})
            item = self._state_item(record, key, self.collection.href(uid))
            item["new"] = True
            items[uid] = item
            by_key[key] = uid
            plans[uid] = {"kind": "new_from_tw"}
        if elsewhere:
            self._deleted_elsewhere(elsewhere, records, plans, summary)

    def _deleted_elsewhere(self, elsewhere, records, plans, summary):
        """Items linked to a VTODO that is not on the server: a phone (or another bridge)
        deleted it, and this bridge had not paired them (another bridge had, or this one lost
        its state). Deleted in taskwire, in the sync's batch, as a deletion seen through
        sync-collection is; not sent again. Until the whole list is read, left alone."""
        absent = self._absent(set(elsewhere.values()))
        if absent is None:
            return
        for key, uid in elsewhere.items():
            if uid not in absent:
                continue     # on the server, unreadable: left alone
            record = records[key]
            kind = self._kind(record)
            if kind == "line":
                plan = {"checklist": [{"id": record["owner"], "action": "delete",
                                       "item": record["uuid"]}]}
            else:
                params = {"id": record["id"]}
                if kind == "project":
                    params["children"] = "keep"
                plan = {"requests": [{"method": "task/delete", "params": params}]}
            plan.update(kind="deleted_elsewhere", key=key)
            plans[uid] = plan
            self.log(f"'{record.get('title')}': deleted on the server (its VTODO {uid} is "
                     f"gone): deleted in taskwire")
            summary.add("to taskwire: deleted")

    # -- deciding ---------------------------------------------------------------------------
    def _decide(self, uid, item, record, d, gone, summary):
        """What to do about one known UID: a plan dict."""
        base_tw = item.get("tw")
        base_dav = item.get("dav")
        kind = item.get("kind", "task")
        older = {}
        if base_dav is not None and any(n not in base_dav for n in LATER_FIELDS):
            missing = [n for n in LATER_FIELDS if n not in base_dav]
            if d is None:
                # a state from before times of day, due times or reminders: DTSTART's and DUE's
                # times and the VALARMs, from the copy the state holds, come over as a change on
                # the server
                copy = self._held_fields(item)
                older = {n: copy.get(n, LATER_FIELDS[n]) for n in missing}
            base_dav = dict({n: LATER_FIELDS[n] for n in missing}, **base_dav)
        if base_tw is not None and any(n not in base_tw for n in LATER_FIELDS):
            base_tw = dict(LATER_FIELDS, **base_tw)
        if item.get("etag") is None and base_dav is None and d is None:
            # never seen on the server: a PUT a killed bridge did not make, or not yet confirmed.
            # Its absence from a listing is no deletion.
            if record is None:
                return {"kind": "drop"}
            return {"kind": "new_from_tw"}
        if record is None:
            if gone:
                return {"kind": "drop"}
            if d is not None and base_dav is not None and d["fields"] != base_dav:
                owner = None
                if kind == "line":
                    owner = self._by_key.get(item.get("task"))
                    if owner is None or self._records.get(item.get("task")) is None:
                        return {"kind": "delete_dav"}   # its task is gone: the line with it
                # deleted in taskwire, changed on the server: the change wins, the item returns
                self._conflict(uid, d["fields"].get("title"), "deleted", "changed on the server",
                               "deleted in taskwire", "server", summary)
                return {"kind": "new_from_dav_again", "create_tw": d["fields"], "dav": d,
                        "owner": owner}
            return {"kind": "delete_dav"}
        rebound = bool(item.pop("rebind", False))
        if self._kind(record) != kind:
            # a task made a project, a checklist line made a task (the same uuid): taskwire's
            # change of kind goes to the server with the fields of the new kind
            kind = self._kind(record)
            if kind == "task":
                item.pop("kind", None)
                item.pop("line", None)
            else:
                item["kind"] = kind
            rebound = True
        names = mapping.NAMES[kind]
        tw = self._fields(record)
        if gone:
            if base_tw is not None and any(tw[f] != base_tw.get(f) for f in names
                                           if f != "order"):
                self._conflict(uid, tw["title"], "deleted", "changed in taskwire",
                               "deleted on the server", "taskwire", summary)
                return {"kind": "recreate", "recreate": True}
            summary.add("to taskwire: deleted")
            if kind == "line":
                return {"kind": "delete_tw", "checklist": [{
                    "id": record["owner"], "action": "delete", "item": record["uuid"]}]}
            params = {"id": record["id"]}
            if kind == "project":
                params["children"] = "keep"   # its tasks stay (a phone deletes its sub-tasks
                # itself, and those deletions come in this sync too)
            return {"kind": "delete_tw",
                    "requests": [{"method": "task/delete", "params": params}]}
        dav = d["fields"] if d is not None else base_dav
        if older:
            dav = dict(base_dav, **older)
        if d is not None:
            self._notes(uid, item, d["notes"] + self._dav_notes(kind, d["fields"]),
                        d["fields"], summary)
        if dav is None:
            return {"kind": "new_from_tw"}
        lm = d["lm"] if d is not None else None
        tw_time = _utc(record.get("updatedAt"))
        push, pulled, target = set(), set(), {}
        if rebound:
            push.add("kind")
        for name in names:
            t, v = tw[name], dav.get(name)
            tc = base_tw is None or t != base_tw.get(name)
            dc = base_dav is None or v != base_dav.get(name)
            if name == "order" and (t is None or v is None):
                if t is not None and v is None and tc and not tw["completed"]:
                    push.add(name)
                continue
            if t == v or not (tc or dc):
                continue
            held = self._representable(kind, name, v)
            if tc and not dc:
                push.add(name)
            elif dc and not tc:
                if held:
                    target[name] = v
                    pulled.add(name)
            else:
                dav_wins = lm is not None and tw_time is not None and lm > tw_time
                if name == "order":
                    dav_wins = False
                if not held:
                    dav_wins = False
                if base_tw is None and base_dav is None and name in ("order",):
                    continue
                if dav_wins:
                    target[name] = v
                    pulled.add(name)
                    self._conflict(uid, tw["title"], name, v, t, "taskwire", summary)
                else:
                    push.add(name)
                    self._conflict(uid, tw["title"], name, t, v, "server", summary)
        plan = {"kind": "update", "push": push, "pulled": pulled, "tw": tw}
        if older:
            plan["held"] = older
        if kind == "line":
            plan["checklist"] = self._line_calls(record, target, summary)
        else:
            plan["requests"] = self._requests(record, tw, target, summary)
        return plan

    def _line_calls(self, line, target, summary):
        """task/checklist calls making the line hold ``target``'s title and tick."""
        out = []
        base = {"id": line["owner"], "item": line["uuid"]}
        if "title" in target:
            out.append(dict(base, action="rename", title=target["title"].strip()))
        if "completed" in target:
            out.append(dict(base, action="check" if target["completed"] else "uncheck"))
            if target["completed"]:
                summary.add("to taskwire: completed")
        if "title" in target or target.get("completed") is False:
            summary.add("to taskwire: changed")
        return out

    def _requests(self, task, tw, target, summary):
        """task/batch requests making the task (or project) hold ``target``'s fields."""
        out = []
        names = [n for n in target if n in mapping.TASK_PARAM]
        completed = target.get("completed")
        if "scheduled" in target and target["scheduled"] and target["scheduled"] < self.today \
                and target["scheduled"] != tw["scheduled"]:
            self.log(f"'{tw['title']}': start {target['scheduled']} is past: scheduled for today")
            target["scheduled"] = self.today
        if target.get("time") and not target.get("scheduled", tw["scheduled"]):
            names.remove("time")   # the date went (the later change): its time goes with it
        if target.get("dueTime") and not target.get("due", tw["due"]):
            names.remove("dueTime")   # (the same for the due date's time)
        if "reminders" in names:
            timed = (target["time"] if "time" in names else tw["time"]) and \
                target.get("scheduled", tw["scheduled"])
            target["reminders"] = self._timed_only(tw["title"], target["reminders"], timed)
        if completed is False:
            out.append({"method": "task/complete", "params": {"id": task["id"], "completed": False}})
        moved = "parent" in target
        if names or moved:
            params = {"id": task["id"]}
            if "title" in target and not mapping.representable("title", target["title"]):
                names.remove("title")
            params.update(mapping.task_params(target, names))
            if moved:
                params["parent"] = self._parent_target(target["parent"])
            if len(params) > 1:
                out.append({"method": "task/update", "params": params})
        if completed is True:
            out.append({"method": "task/complete", "params": {"id": task["id"]}})
            summary.add("to taskwire: completed")
        elif names or moved or completed is False:
            summary.add("to taskwire: changed")
        if "order" in target and not (completed or tw["completed"]):
            move = self._move(task, tw, target)
            if move:
                out.append(move)
        return out

    def _timed_only(self, title, reminders, timed):
        """The reminders taskwire can hold on a task with (or without) a time: a reminder
        before its time needs one (said; the VALARM stays on the server)."""
        reminders = list(reminders or [])
        if not timed and any("before" in r for r in reminders):
            self.log(f"'{title}': a reminder before the task's time, which it has not in "
                     f"taskwire: kept on the server only")
            reminders = [r for r in reminders if "before" not in r]
        return reminders

    def _move(self, task, tw, target):
        """task/move placing the task among its list's tasks by the server's sort order. A task
        in a project or area with no date is in no date list: the Inbox would take it out of its
        project, so the phone's order is not carried for it."""
        scheduled = target.get("scheduled", tw["scheduled"])
        if scheduled is None and task.get("parent") is not None:
            return None
        if scheduled is None:
            view, key = "inbox", None
        elif scheduled <= self.today:
            view, key = "today", None
        else:
            view, key = "upcoming", scheduled
        others = []
        for other in self._tasks.values():
            if other["id"] == task["id"] or other.get("completed"):
                continue
            s = other.get("scheduledDate")
            if s is None and other.get("parent") is not None:
                continue   # anytime in its project: in no date list
            same = (s is None) if view == "inbox" else (s is not None and s <= self.today) \
                if view == "today" else (s == key)
            if same:
                others.append(other.get("rank") or 0)
        index = sum(1 for rank in others if rank < target["order"])
        params = {"id": task["id"], "view": view, "index": index}
        if key:
            params["date"] = key
        return {"method": "task/move", "params": params}

    def _notes(self, uid, item, notes, fields, summary):
        """Say once per task what of its VTODO taskwire cannot hold."""
        reported = item.setdefault("reported", [])
        fresh = [n for n in notes if n not in reported]
        if fresh:
            title = self._title(fields)
            for note in fresh:
                self.log(f"'{title}': {note}")
                summary.add("not carried")
            reported.extend(fresh)
            if len(reported) > 40:
                del reported[:-40]

    def _conflict(self, uid, title, field, kept, lost, loser, summary):
        record = {"at": _iso(mapping.now()), "uid": uid, "title": title, "field": field,
                  "kept": kept, "lost": lost, "lostOn": loser}
        summary.add("conflicts")
        self.log(f"conflict on '{title}' ({field}): kept {self._show(kept)}, the value "
                 f"{self._show(lost)} from {loser} is in the conflicts list (--conflicts)")
        if self.conflicts_path:
            append_line(self.conflicts_path, record)

    @staticmethod
    def _show(value):
        text = repr(value)
        return text if len(text) <= 60 else text[:57] + "…'"

    @staticmethod
    def _title(fields):
        title = fields.get("title")
        return title if title and title.strip() else UNTITLED

    # -- taskwire ---------------------------------------------------------------------------
    def _export(self):
        """Every record the server holds a VTODO for, by key: tasks and projects by id, each
        task's checklist lines by ``"L:<uuid>"``. Headings and areas have no VTODO of their own
        (a task names its heading in X-TASKWIRE-HEADING; areas are not carried)."""
        document = self.tw.call("store/export", {"format": "taskwire", "completed": True},
                                timeout=120)["document"]
        items = document["tasks"]
        # the highest id now: a batch's creates get ids above it (crash recovery's lower bound)
        self._high = max([t["id"] for t in items], default=0)
        self._all = {t["id"]: t for t in items}
        self._headings = {t["uuid"]: t for t in items if t.get("kind") == "heading"}
        records = {}
        for t in items:
            kind = t.get("kind", "task")
            if kind not in ("task", "project"):
                continue
            records[t["id"]] = t
            for index, line in enumerate(t.get("checklist") or [] if kind == "task" else []):
                records["L:" + line["uuid"]] = {
                    "kind": "line", "uuid": line["uuid"], "title": line["title"],
                    "done": bool(line.get("done")), "owner": t["id"], "index": index,
                    "updatedAt": t.get("updatedAt"), "completed": bool(line.get("done"))}
        self._tasks = {t["id"]: t for t in items if t.get("kind", "task") == "task"}
        self._others = [t for t in items if t.get("kind") in ("heading", "area")]
        self._records = records
        return records

    def _state_item(self, record, key, href):
        """The state's entry of an item paired with a VTODO at href: its task (a checklist
        line's owner), its kind when not a task, and a line's own uuid."""
        kind = self._kind(record)
        item = {"task": record["owner"] if kind == "line" else key,
                "href": href, "etag": None, "tw": None, "dav": None}
        if kind != "task":
            item["kind"] = kind
        if kind == "line":
            item["line"] = record["uuid"]
        return item

    @staticmethod
    def _kind(record):
        kind = record.get("kind") or "task"
        return "line" if kind == "line" else "project" if kind == "project" else "task"

    def _uid_of(self, task_id):
        """The UID of a task or project: the state's, else the one it will get (its uuid)."""
        uid = self._by_key.get(task_id)
        if uid is None:
            record = self._all.get(task_id) or {}
            uid = record.get("uuid")
        return uid

    def _parent_value(self, task):
        """A task's place as the server holds it: [its project's UID, its heading's uuid or
        None], or None (in nothing, in an area only, or under an item that is gone)."""
        parent = self._all.get(task.get("parent"))
        if parent is None:
            return None
        if parent.get("kind") == "project":
            return [self._uid_of(parent["id"]), None]
        if parent.get("kind") == "heading":
            project = self._all.get(parent.get("parent"))
            if project is not None and project.get("kind") == "project":
                return [self._uid_of(project["id"]), parent["uuid"]]
        return None

    def _fields(self, record):
        kind = self._kind(record)
        if kind == "line":
            return mapping.line_fields(record, record["index"], self._uid_of(record["owner"]))
        if kind == "project":
            return mapping.task_fields(record, zone=self.zone)
        return mapping.task_fields(record, self._parent_value(record), self.zone)

    def _parent_target(self, value):
        """taskwire's ``parent`` for a VTODO's [parent UID, heading uuid] (None: none); NOT_HELD
        when the UID is not an open project's (a task's, a checklist line's, one unknown); a
        NewProject when it is a project this sync's batch creates (no heading yet)."""
        if value is None:
            return None
        item = self.state.items.get(value[0])
        if item is None and value[0] in self._new_projects:
            return NewProject(value[0])
        if item is None or item.get("kind") != "project":
            return NOT_HELD
        project = self._all.get(item.get("task"))
        if project is None or project.get("kind") != "project" or project.get("completed"):
            return NOT_HELD
        heading = self._headings.get(value[1]) if value[1] else None
        if heading is not None and heading.get("parent") == project["id"] and \
                not heading.get("completed"):
            return heading["id"]
        return project["id"]

    def _held_fields(self, item):
        """The fields of the state's copy of the VTODO ({} when it has none)."""
        try:
            component = mapping.parse(item.get("ics") or "")
            return mapping.todo_fields(component, self.zone)[0] if component else {}
        except mapping.Malformed:
            return {}

    def _representable(self, kind, name, value):
        if name == "parent":
            return self._parent_target(value) is not NOT_HELD
        if kind == "line" and name == "order":
            return False     # a phone's order of sub-tasks is not carried
        return mapping.representable(name, value)

    def _rebind(self, records):
        """A checklist line made a task (``toTask``, or its task made a project) keeps its
        uuid: its VTODO becomes the task's. A task re-created elsewhere with its UID's uuid is
        its VTODO's again."""
        by_key = self.state.by_key()
        by_uuid = {r["uuid"]: key for key, r in records.items()
                   if self._kind(r) == "task" and key not in by_key}
        for uid, item in self.state.items.items():
            if item.get("kind") != "line" or item_key(item) in records:
                continue
            key = by_uuid.pop(item.get("line"), None)
            if key is not None:
                item["task"] = key
                item.pop("kind", None)
                item.pop("line", None)
                item["rebind"] = True   # _decide writes the change of kind
        # a task or project whose item is gone, made again with the UID's uuid (another bridge
        # re-created it: a change on the server beat its deletion): the same item again
        by_uuid = {r["uuid"]: key for key, r in records.items()
                   if self._kind(r) != "line" and key not in by_key}
        for uid, item in self.state.items.items():
            if item.get("kind") == "line" or item_key(item) in records:
                continue
            key = by_uuid.pop(mapping.uid_uuid(uid), None)
            if key is not None:
                item["task"] = key

    def _report_others(self, summary):
        said = self.state.data.setdefault("notTasks", [])
        present = {t["id"] for t in self._others}
        fresh = [t for t in self._others if t["id"] not in said]
        for item in fresh:
            if item["kind"] == "area":
                self.log(f"'{item['title']}' (area): not carried to the server (its projects "
                         f"and tasks are)")
            else:
                self.log(f"'{item['title']}' (heading): no VTODO of its own; its tasks are "
                         f"under their project on the server (X-TASKWIRE-HEADING)")
            summary.add("not carried")
        # forget the ones gone, so the list does not grow; remember the ones said
        self.state.data["notTasks"] = sorted((set(said) & present) | {t["id"] for t in fresh})

    def _tw_notes(self, uid, item, record, summary):
        """Say once per item what of it the server cannot hold (its place in an area)."""
        notes = []
        if self._kind(record) != "line":
            parent = self._all.get(record.get("parent"))
            if parent is not None and parent.get("kind") == "area":
                notes.append(f"area '{parent['title']}': kept in taskwire only")
        if notes:
            self._notes(uid, item, notes, {"title": record.get("title")}, summary)

    def _adopt_pending(self, tasks, by_task, dav_now):
        """Tasks a killed bridge created in a committed task/batch but did not record.

        The state written before the batch lists the UIDs in the order of its creates and the
        highest task id known then; a batch gives its creates consecutive ids in that order. So
        the k created tasks are a run of k consecutive ids above ``after``, none of them known,
        made at one instant, titled as the batch titled them."""
        batch = self.state.data.pop("batch", None)
        if not batch or not batch.get("uids"):
            return
        uids, titles = batch["uids"], batch["titles"]
        since = _utc(batch.get("since")) - dt.timedelta(seconds=2)
        for start in sorted(i for i in tasks if isinstance(i, int) and i > batch["after"]
                            and i not in by_task):
            run = [tasks.get(start + n) for n in range(len(uids))]
            if any(t is None or t["id"] in by_task or t["title"] != titles[n]
                   for n, t in enumerate(run)):
                continue
            if len({t.get("createdAt") for t in run}) != 1 or \
                    (_utc(run[0].get("createdAt")) or since) < since:
                continue
            for uid, task in zip(uids, run):
                d = dav_now.get(uid)
                if d is None or uid in self.state.items:
                    continue
                item = {"task": task["id"], "href": d["href"], "etag": None, "tw": None,
                        "dav": None}
                if task.get("kind") == "project":
                    item["kind"] = "project"
                self.state.items[uid] = item
                by_task[task["id"]] = uid
            self.log(f"found the {len(uids)} task(s) an interrupted sync created")
            return

    def _adopt_lines(self, records, dav_now):
        """Checklist lines a killed bridge added (``lines`` in the state) but did not record:
        in its task, the first line of that title that is neither among the lines it had before
        nor mapped. taskwire's values are the base, so the phone's are applied again."""
        pending = self.state.data.pop("lines", None)
        if not pending:
            return
        by_key = self.state.by_key()
        found = 0
        for entry in pending:
            d = dav_now.get(entry["uid"])
            task_id = entry.get("task")
            if task_id is None:
                # a line of a task the same batch made ("@N"): the task _adopt_pending found
                owner = self.state.items.get(entry.get("owner"))
                if owner is not None and owner.get("kind", "task") == "task":
                    task_id = owner.get("task")
            task = records.get(task_id)
            if d is None or task is None or entry["uid"] in self.state.items:
                continue
            checklist = task.get("checklist") or []
            # (the line of the uuid the batch gave it, else the first new one of its title)
            checklist = [x for x in checklist if x["uuid"] == entry.get("uuid")] or checklist
            for line in checklist:
                key = "L:" + line["uuid"]
                if line["uuid"] in entry["known"] or key in by_key or \
                        line["title"] != entry["title"]:
                    continue
                item = {"task": task_id, "kind": "line", "line": line["uuid"],
                        "href": d["href"], "etag": None, "dav": None}
                self.state.items[entry["uid"]] = item
                by_key[key] = entry["uid"]
                self._by_key = by_key
                item["tw"] = self._fields(records[key])
                found += 1
                break
        if found:
            self.log(f"found the {found} checklist line(s) an interrupted sync added")

    def _create_params(self, fields, kind="task"):
        params = {"title": self._title(fields)}
        names = [n for n in mapping.TASK_PARAM if n != "title"]
        params.update(mapping.task_params(fields, names))
        if not params.get("scheduledTime") or not params.get("scheduledDate"):
            params.pop("scheduledTime", None)
        if not params.get("dueTime") or not params.get("dueDate"):
            params.pop("dueTime", None)
        params["reminders"] = self._timed_only(params["title"], params.get("reminders"),
                                               params.get("scheduledTime"))
        if kind == "project":
            params["kind"] = "project"
        else:
            parent = self._parent_target(fields.get("parent"))
            if parent is not None and parent is not NOT_HELD:
                params["parent"] = parent    # a sub-task of a project's VTODO: in the project
        if fields["completed"]:
            # A repeat on a task made completed would make a next occurrence: set it afterwards
            params["recurrence"] = dict(mapping.NO_REPEAT)
        if not mapping.representable("recurrence", fields["recurrence"]):
            params["recurrence"] = dict(mapping.NO_REPEAT)
        if params.get("scheduledDate") and params["scheduledDate"] < self.today:
            self.log(f"'{params['title']}': start {params['scheduledDate']} is past: scheduled "
                     f"for today")
            params["scheduledDate"] = self.today
        return params

    @staticmethod
    def _after_create(task_id, fields):
        """What a new task needs after its task/create (a completed VTODO: completed, then its
        repeat set, so that no next occurrence is made). ``task_id`` is "@N" inside the create's
        own batch: the task its task/create, request N of the batch, makes."""
        out = []
        if fields["completed"]:
            out.append({"method": "task/complete", "params": {"id": task_id}})
            if mapping.representable("recurrence", fields["recurrence"]) and \
                    fields["recurrence"].get("pattern") != "none":
                out.append({"method": "task/update", "params": {
                    "id": task_id, "recurrence": mapping.recurrence_param(fields["recurrence"])}})
        return out

    def _apply(self, creates, line_creates, requests, plans, dav_now, summary, dropped=()):
        """The sync's changes to taskwire: the new tasks first, then the new checklist lines
        (a line of a task made in the same batch names it "@N"), then every other change and
        checklist gesture, as one task/batch (more only past 1000 requests); returns False when
        one was refused."""
        entries = []
        given = set(self._uuids)   # uuids taskwire's items have
        for uid, fields, kind in creates:
            d = plans[uid].get("dav") or dav_now.get(uid)
            params = self._create_params(fields, kind)
            # the new task's uuid is the UID's, so that every bridge finds it (and one
            # re-created, a change beating a deletion, is the same item again); when an item
            # has that uuid already (another VTODO's, its UID the same UUID in other case):
            # a uuid of taskwire's own, the state's link only
            identity = mapping.uid_uuid(uid)
            if identity not in given:
                params["uuid"] = identity
                given.add(identity)
            entries.append({"uid": uid, "fields": fields, "dav": d, "kind": kind,
                            "params": params,
                            "reported": plans[uid].get("reported")
                            or self.state.items.get(uid, {}).get("reported", [])})
        # projects first: a task/create or task/update names one made before it as "@N"
        entries.sort(key=lambda e: e["kind"] != "project")
        made = {e["uid"] for e in entries if e["kind"] == "task"}
        lines = []
        for uid, owner_uid, fields, d in line_creates:
            owner = self.state.items.get(owner_uid)
            held = owner_uid in made or (
                owner is not None and owner.get("kind", "task") == "task"
                and owner.get("task") in self._tasks and owner.get("task") not in dropped)
            if not held:
                self._skip_line(uid, fields, d, "its task is not in taskwire", plans, summary)
                continue
            # the new line's uuid is its UID's, as a task's (another bridge finds it by it)
            identity = mapping.uid_uuid(uid)
            if identity in given:
                identity = None
            else:
                given.add(identity)
            lines.append({"uid": uid, "owner": owner_uid, "fields": fields, "dav": d,
                          "uuid": identity,
                          "title": self._title(fields).strip() or UNTITLED,
                          "reported": (plans.get(uid) or {}).get("reported")
                          or self.state.items.get(uid, {}).get("reported", [])})
        ok = True
        requests = list(requests)
        while entries or lines or requests:
            chunk = entries[:300]
            entries = entries[len(chunk):]
            later = {e["uid"] for e in entries}
            room = 1000 - len(chunk) - sum(2 for e in chunk if e["fields"]["completed"])
            # a line goes with its task's create (or after it, past 1000 requests)
            mine = [n for n, line in enumerate(lines) if line["owner"] not in later][:room]
            taken = set(mine)
            mine, lines = [lines[n] for n in mine], \
                [line for n, line in enumerate(lines) if n not in taken]
            room -= len(mine)
            others = requests[:room]
            requests = requests[len(others):]
            ok = self._commit(chunk, mine, others, plans, summary) and ok
        return ok

    def _skip_line(self, uid, fields, d, why, plans, summary):
        """A new line from the server that taskwire does not take: said, and skipped until its
        VTODO changes."""
        self.log(f"'{self._title(fields)}' ({d['href']}): {why}; skipped until it changes on "
                 f"the server")
        self.state.data["skipped"][d["href"]] = d["etag"]
        summary.add("skipped")
        plans.pop(uid, None)

    def _commit(self, entries, lines, others, plans, summary):
        """One task/batch: ``entries``' task/creates, their follow-ups naming the tasks the
        creates make as "@N" (N the create's place in the batch), the ``lines`` new from the
        server (``task/checklist add``, a line of a task created here naming it "@N"), then
        ``others`` (changes and checklist gestures). A request taskwire refuses is reported and
        left out (a refused follow-up: its new task too)."""
        state = self.state
        ok = True
        lines = list(lines)
        carried = state.data.pop("lines", None) or []   # (an earlier batch's, not yet found)
        for _ in range(len(entries) + len(lines) + len(others) + 4):
            follow, owner = [], []     # owner[i]: the entry the follow-up i belongs to
            for n, entry in enumerate(entries):
                after_create = self._after_create(f"@{n}", entry["fields"])
                follow += after_create
                owner += [n] * len(after_create)
            made = {e["uid"]: n for n, e in enumerate(entries) if e["kind"] == "task"}
            adds = []
            for line in list(lines):
                if line["owner"] in made:
                    line["task"], line["known"] = f"@{made[line['owner']]}", []
                else:
                    item = self.state.items.get(line["owner"])
                    task_id = item.get("task") if item is not None and \
                        item.get("kind", "task") == "task" else None
                    if not isinstance(task_id, int):
                        # its task's create was refused
                        lines.remove(line)
                        self._skip_line(line["uid"], line["fields"], line["dav"],
                                        "its task is not in taskwire", plans, summary)
                        continue
                    task = self._tasks.get(task_id) or {}
                    line["task"] = task_id
                    line["known"] = [x["uuid"] for x in task.get("checklist") or []]
                add = {"id": line["task"], "action": "add", "title": line["title"]}
                if line.get("uuid"):
                    add["uuid"] = line["uuid"]
                if line["fields"]["completed"]:
                    add["done"] = True      # a line new already ticked: in the same step
                adds.append({"method": "task/checklist", "params": add})
            batch = [{"method": "task/create", "params": e["params"]} for e in entries]
            batch += follow + adds + others
            if not batch:
                state.data.pop("lines", None)
                if carried:
                    state.data["lines"] = carried
                return ok
            before = len(entries) + len(follow) + len(adds)   # (the index of others[0])
            origin = [r["params"] for r in batch]   # (a parent "@N" goes into copies)
            unplaced = self._place_new_projects(batch, entries)
            if unplaced is not None:
                # its project's create was refused (or is in a later batch past 1000 requests)
                if unplaced < len(entries):
                    entry = entries[unplaced]
                    self.log(f"'{entry['params']['title']}': its project is not in taskwire; "
                             f"a task of its own")
                    entry["params"].pop("parent")
                else:
                    request = others.pop(unplaced - before)
                    self.log(f"{request['method']} of task {request['params'].get('id')}: its "
                             f"project is not in taskwire yet; tried again next pass")
                    ok = False
                continue
            after = self._high
            raced = os.environ.get("TWCALDAV_TEST_CREATE_BEFORE_BATCH")
            if raced and entries:
                # the tests' other client, making a task between our export and our batch
                self.tw.call("task/create", {"title": raced, "view": "inbox"})
            if entries:
                state.data["batch"] = {"after": after, "since": _iso(mapping.now()),
                                       "uids": [e["uid"] for e in entries],
                                       "titles": [e["params"]["title"].strip() for e in entries]}
            # the lines about to be added, found again after a kill (_adopt_lines); a line of a
            # task made in this batch names its task's UID (its id is not known yet)
            state.data["lines"] = carried + [
                {"uid": line["uid"], "owner": line["owner"],
                 "task": line["task"] if isinstance(line["task"], int) else None,
                 "title": line["title"], "known": line["known"], "uuid": line.get("uuid")}
                for line in lines]
            if not state.data["lines"]:
                state.data.pop("lines")
            if entries or lines:
                state.save()
            try:
                reply = self.tw.call("task/batch", {"requests": batch}, timeout=120)
            except TaskwireError as error:
                data = error.data or {}
                index = data.get("request")
                if not isinstance(index, int) or not 0 <= index < len(batch):
                    raise
                if error.code == -32012:   # taskwire's today moved on past ours
                    self.today = data.get("today", self.today)
                    for params in (batch[index]["params"], origin[index]):
                        for key in ("scheduledDate", "date"):
                            if key in params:
                                params[key] = self.today
                    continue
                if index < len(entries) and "uuid" in entries[index]["params"] and \
                        str(data.get("param", "")).endswith(".uuid"):
                    # an item has the uuid already (one the export did not show): the task
                    # gets a uuid of taskwire's own, linked by the state only
                    entry = entries[index]
                    self.log(f"'{entry['params']['title']}': uuid "
                             f"{entry['params'].pop('uuid')} is taken: a uuid of taskwire's own")
                    continue
                if index < len(entries) + len(follow):
                    refused = index if index < len(entries) else owner[index - len(entries)]
                    entry = entries.pop(refused)
                    d = entry["dav"]
                    self.log(f"taskwire refused '{entry['params']['title']}' ({d['href']}): "
                             f"{error.message}; skipped until it changes on the server")
                    state.data["skipped"][d["href"]] = d["etag"]
                    summary.add("skipped")
                    plans.pop(entry["uid"], None)
                    self._new_projects.discard(entry["uid"])   # its tasks: tasks of their own
                    continue
                if index < before and lines[index - len(entries) - len(follow)].get("uuid") \
                        and str(data.get("param", "")).endswith(".uuid"):
                    # an item or a line has the uuid already: a uuid of taskwire's own
                    line = lines[index - len(entries) - len(follow)]
                    self.log(f"'{line['title']}': uuid {line.pop('uuid')} is taken: a uuid of "
                             f"taskwire's own")
                    continue
                if index < before:
                    line = lines.pop(index - len(entries) - len(follow))
                    self._skip_line(line["uid"], line["fields"], line["dav"],
                                    f"taskwire refused the checklist line: {error.message}",
                                    plans, summary)
                    continue
                request = others.pop(index - before)
                self.log(f"taskwire refused {request['method']} of task "
                         f"{request['params'].get('id')}: {error.message}")
                ok = False
                continue
            if entries and os.environ.get("TWCALDAV_TEST_EXIT_AFTER_BATCH"):
                os._exit(9)   # the tests' kill between taskwire's commit and the state's save
            if lines and os.environ.get("TWCALDAV_TEST_EXIT_AFTER_LINE"):
                os._exit(9)   # the tests' kill between a batch that added lines and the save
            results = reply["results"]
            created = [results[n]["task"] for n in range(len(entries))]
            self._high = max([after] + [r["task"]["id"] for r in results
                                        if isinstance(r, dict) and "task" in r])
            for entry, task in zip(entries, created):
                self._record_created(entry, task, plans, summary)
            start = len(entries) + len(follow)
            ok = self._record_lines(lines, results[start:start + len(lines)], plans,
                                    summary) and ok
            state.data.pop("batch", None)
            # (a line not seen in its task's reply stays named, for the next sync to find)
            pending = [e for e in state.data.pop("lines", None) or []
                       if e["uid"] not in state.items]
            if pending:
                state.data["lines"] = pending
            if entries or lines:
                state.save()
            return ok
        raise RuntimeError("taskwire refused the sync's changes again and again")

    def _place_new_projects(self, batch, entries):
        """Put each NewProject parent in ``batch`` (in copies of its params): "@N" when the
        project's task/create is request N of the batch, before the request; its id when an
        earlier batch made it. Returns the position of a request whose project is neither (its
        create refused, or in a later batch), else None."""
        made = {e["uid"]: n for n, e in enumerate(entries) if e["kind"] == "project"}
        for index, request in enumerate(batch):
            parent = request["params"].get("parent")
            if not isinstance(parent, NewProject):
                continue
            item = self.state.items.get(parent.uid)
            if item is not None and item.get("kind") == "project":
                value = item["task"]
            elif made.get(parent.uid, index) < index:
                value = f"@{made[parent.uid]}"
            else:
                return index
            batch[index] = dict(request, params=dict(request["params"], parent=value))
        return None

    def _record_created(self, entry, task, plans, summary):
        uid, d = entry["uid"], entry["dav"]
        item = {"task": task["id"], "href": d["href"], "etag": d["etag"], "ics": d["text"],
                "tw": None, "dav": d["fields"], "reported": entry["reported"]}
        if entry.get("kind") == "project":
            item["kind"] = "project"
        self.state.items[uid] = item
        plans[uid] = {"kind": "created", "push": set()}
        summary.add("to taskwire: new")

    def _record_lines(self, lines, results, plans, summary):
        """Map each line the batch added to its VTODO. Each result is the task as the whole
        batch left it; a task's new lines were appended in the order of its adds, so they are
        its last lines not among those it had before. A line that came ticked was added ticked
        (``"done": true``, the same step); one that came unticked anyway (an older server) is
        ticked now. Returns False when taskwire refused a tick."""
        ok = True
        groups = {}     # task id -> [(line, the task after the batch)]
        for line, result in zip(lines, results):
            task = result["task"]
            groups.setdefault(task["id"], []).append((line, task))
        mapped = {item.get("line") for item in self.state.items.values()
                  if item.get("kind") == "line"}
        for task_id, group in groups.items():
            known = set(group[0][0]["known"])
            checklist = group[-1][1].get("checklist") or []
            fresh = [x for x in checklist if x["uuid"] not in known and x["uuid"] not in mapped]
            if len(fresh) >= len(group):
                fresh = fresh[len(fresh) - len(group):]
            for line, _ in group:
                made = next((x for x in fresh if line.get("uuid") and x["uuid"] == line["uuid"]),
                            None) or next((x for x in fresh if x["title"] == line["title"]),
                                          fresh[0] if fresh else None)
                if made is None:
                    continue    # (not seen: left in the state's "lines" for the next sync)
                fresh.remove(made)
                uid, d = line["uid"], line["dav"]
                dav_fields = d["fields"]
                if line["fields"]["completed"] and not made.get("done"):
                    try:
                        self.tw.call("task/checklist", {"id": task_id, "action": "check",
                                                        "item": made["uuid"]})
                    except TaskwireError as error:
                        self.log(f"taskwire refused to tick the checklist line "
                                 f"'{line['title']}': {error.message}; tried again next pass")
                        dav_fields = dict(dav_fields, completed=False)   # (the tick: a change)
                        ok = False
                self.state.items[uid] = {
                    "task": task_id, "kind": "line", "line": made["uuid"], "href": d["href"],
                    "etag": d["etag"], "ics": d["text"], "tw": None, "dav": dav_fields,
                    "reported": line["reported"]}
                mapped.add(made["uuid"])
                plans[uid] = {"kind": "created", "push": set()}
                summary.add("to taskwire: new")
        return ok

    # -- the server -------------------------------------------------------------------------
    def _worker_collection(self):
        with self._pool_lock:
            if self._pool_collections:
                return self._pool_collections.pop()
        return self.collection.clone()

    def _bulk(self, writes, summary):
        """A first sync into an empty list on Radicale: every new VTODO in one request, a PUT of
        the whole collection (Radicale's own extension, not CalDAV), instead of one PUT each:
        Radicale checks each new object's UID against every object already in the list, so a
        first sync of 1000 costs it a minute one at a time and a few seconds whole. Guarded:
        only on a server whose PROPFIND names Radicale, only while the list is empty (a Depth 1
        PROPFIND), If-Match the list's ETag from that PROPFIND (so a phone's write meanwhile
        makes it 412), the list's properties set again afterwards (Radicale's whole upload
        replaces them; they are in the state until then). Anything else, and the writes go one
        at a time as on every server. Returns the writes still to do."""
        target = self.collection.bulk_target()
        if target is None:
            return writes
        etag, props, name = target
        creates = [w for w in writes if w[0] == "create"]
        components = {}
        for _, uid, record in creates:
            kind = self._kind(record)
            components[uid] = mapping.new_todo(uid, self._fields(record), self.zone,
                                               None if kind == "line" else record, kind)
        text = mapping.serialize_all(components.values(), name)
        self.state.data["bulkProps"] = props
        self.state.save()
        raced = os.environ.get("TWCALDAV_TEST_PUT_BEFORE_BULK")
        if raced:
            # the tests' phone, writing into the list between our PROPFIND and our upload
            self.collection.put(self.collection.href("raced-before-bulk"), raced, create=True)
        try:
            self.collection.put_whole(text, etag)
        except (Conflict, Refused, Gone) as error:
            self.log(f"the whole upload was not taken ({error}): one object at a time")
            self.state.data.pop("bulkProps", None)
            return writes
        if os.environ.get("TWCALDAV_TEST_EXIT_AFTER_BULK"):
            os._exit(9)   # the tests' kill between the upload and the list's properties
        self.collection.set_props(props)
        self.state.data.pop("bulkProps", None)
        # the list as it is now, and a sync token of the new collection (Radicale's whole
        # upload makes the list anew: the old token is not known to it any more)
        _, objects, _, token = self.collection.pull(None)
        expected = {self.state.items[uid]["href"]: uid for uid in components}
        got = {}
        for href, (etag, data) in self.collection.load(list(objects)).items():
            uid = expected.get(href)
            if uid is None:          # an object named otherwise (Radicale's choice) or not ours
                component = mapping.parse(data)
                uid = str(component["UID"]) if component is not None else None
                if uid not in components:
                    uid = None
            if uid is None:
                token = None         # someone else's object already: read it next pass
                continue
            got[uid] = (href, etag, data)
        if token:
            self._token = token
        done = set()
        for _, uid, record in creates:
            if uid not in got:
                continue     # not there: written one at a time below
            href, etag, data = got[uid]
            item = self.state.items[uid]
            item.update({"href": href, "etag": etag, "ics": data,
                         "dav": mapping.todo_fields(components[uid], self.zone)[0]})
            item["tw"] = self._fields(record)
            item.pop("new", None)
            summary.add("to server: new")
            done.add(uid)
        self.log(f"the empty task list took {len(done)} new objects in one request (Radicale)")
        return [w for w in writes if not (w[0] == "create" and w[1] in done)]

    def _write(self, writes, plans, dav_now, summary):
        """Do the writes (in parallel); returns True when one met a 412 (another pass)."""
        if not writes:
            return False
        retry = False
        unreachable = None
        state = self.state

        def one(write):
            collection = self._worker_collection()
            try:
                return write, self._write_one(collection, write, dav_now), None
            except (Conflict, Gone, Refused) as error:
                return write, None, error
            except Unreachable as error:
                return write, None, error
            finally:
                with self._pool_lock:
                    self._pool_collections.append(collection)

        done = 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.workers) as pool:
            for write, result, error in pool.map(one, writes):
                kind, uid, payload = write
                item = state.items.get(uid)
                if isinstance(error, Unreachable):
                    unreachable = error
                    continue
                if isinstance(error, Refused):
                    said = item.get("refused") if item else None
                    if said != str(error):
                        title = (payload[0] if isinstance(payload, tuple) else payload or {}) \
                            .get("title", uid) if kind != "delete" else uid
                        self.log(f"the server refused '{title}': {error} (taskwire keeps it; "
                                 f"tried again when it changes)")
                        summary.add("skipped")
                        if item is not None:
                            item["refused"] = str(error)
                    continue
                if error is not None:
                    retry = True
                    if isinstance(error, Gone) and kind == "put":
                        pass   # deleted meanwhile: the next pass sees the deletion
                    continue
                if kind == "orphan":
                    payload["done"] = True
                    what = "a checklist line deleted" if payload.get("line") else "deleted"
                    self.log(f"'{payload['dav']['fields'].get('title')}': {what} in taskwire, "
                             f"unchanged on the server since: its VTODO {uid} deleted")
                    summary.add("to server: deleted")
                elif kind == "delete":
                    state.items.pop(uid, None)
                    summary.add("to server: deleted")
                else:
                    etag, text, dav_fields, task = result
                    item.update({"etag": etag, "ics": text, "dav": dav_fields})
                    item["tw"] = self._tw_base(item, task, plans.get(uid), settled=True)
                    item.pop("new", None)
                    item.pop("refused", None)
                    summary.add("to server: new" if kind == "create" else "to server: changed")
                done += 1
                if done % 100 == 0:
                    state.save()
        if unreachable is not None:
            state.save()
            raise unreachable
        return retry

    def _write_one(self, collection, write, dav_now):
        kind, uid, payload = write
        if kind == "orphan":
            # a VTODO this bridge never paired, its task deleted in taskwire: If-Match the
            # version the link names (a 412: the phone changed it meanwhile)
            d = payload["dav"]
            raced = os.environ.get("TWCALDAV_TEST_EDIT_BEFORE_ORPHAN_DELETE", "")
            if raced.partition("=")[0] == uid:
                # the tests' phone, retitling the VTODO between the bridge's read and its DELETE
                text = re.sub(r"(?m)^SUMMARY:[^\r\n]*", "SUMMARY:" + raced.partition("=")[2],
                              d["text"])
                collection.put(d["href"], text, etag=d["etag"])
            collection.delete(d["href"], d["etag"])
            return None
        item = self.state.items[uid]
        if kind == "delete":
            # If-Match the version this pass read when it read one (a change on the server that
            # changes none of the fields, e.g. PRIORITY 9 for none, does not save the VTODO from
            # taskwire's deletion; the state's older ETag would meet 412 in every pass)
            d = dav_now.get(uid)
            collection.delete(item["href"], d["etag"] if d else item.get("etag"))
            return None
        if kind == "create":
            task = payload
            fields = self._fields(task)
            component = mapping.new_todo(uid, fields, self.zone,
                                         None if self._kind(task) == "line" else task,
                                         self._kind(task))
            text = mapping.serialize(component)
            if os.environ.get("TWCALDAV_TEST_NEW_PUT_UNREACHABLE"):
                raise Unreachable("the tests' server gone at a new object's PUT")
            etag = collection.put(item["href"], text, create=True)
        else:
            task, push = payload
            fields = self._fields(task)
            d = dav_now.get(uid)
            original = d["text"] if d else item.get("ics")
            etag = d["etag"] if d else item.get("etag")
            if original is None:
                raise Conflict("no copy of the object")
            component = mapping.parse(original)
            mapping.write_fields(component, fields, sorted(push), self.zone,
                                 None if self._kind(task) == "line" else task)
            text = mapping.serialize(component, original)
            etag = collection.put(item["href"], text, etag=etag)
        if etag is None:
            etag, text = collection.get(item["href"])
        dav_fields, _ = mapping.todo_fields(mapping.parse(text), self.zone)
        return etag, text, dav_fields, task

    def _tw_base(self, item, task, plan, settled):
        return self._fields(task)

    def _settle(self, uid, item, task, d, plan):
        """Nothing to write to the server: both sides agree now; remember them."""
        if d is not None:
            item.update({"etag": d["etag"], "ics": d["text"], "dav": d["fields"]})
            item["href"] = d["href"]
        item["tw"] = self._fields(task)
        if d is None and plan and "held" in plan and item.get("dav") is not None:
            # (a held value is the base once taskwire has it: read once)
            item["dav"] = dict(item["dav"], **{
                name: value if item["tw"][name] == value else LATER_FIELDS[name]
                for name, value in plan["held"].items()})
        item.pop("new", None)
