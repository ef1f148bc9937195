"""One sync pass: read both sides' changes, merge them field by field, apply the result to
taskwire (one task/batch: one undo step) and to the CalDAV collection (If-Match writes)."""

import threading

from . import ics, mapping, times, todoread, uids
from .links import Links, source_of, uid_in_text
from .state import item_key
from .common import UNTITLED, NOT_HELD, NewProject, BULK_MIN, LATER_FIELDS, _utc, _iso, Summary
from .apply import ApplyMixin
from .commit import CommitMixin
from .deciding import DecidingMixin
from .orphans import OrphansMixin
from .pairing import PairingMixin
from .push import PushMixin


class Engine(PairingMixin, OrphansMixin, DecidingMixin, ApplyMixin, CommitMixin, PushMixin):
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
                component = ics.parse(data)
                if component is None:
                    continue  # an event or a journal: not a task
                fields, notes = todoread.todo_fields(component, self.zone)
            except times.Malformed as error:
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
                            "lm": todoread.last_modified(component)}
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
                              and uids.uid_uuid(uid) not in uuids}
        self._uuids = uuids
        self.links.load()
        # VTODOs never paired whose task was deleted in taskwire, unchanged since: deleted
        orphans = self._orphans([uid for uid in dav_now if uid not in items
                                 and uids.uid_uuid(uid) not in uuids], dav_now)
        self._new_projects -= orphans
        self._listing = (full, present, unknown)

        # a VTODO deleted on the server whose task another VTODO of the same uuid now stands for
        # (another bridge, which had not seen the deletion, sent the task again under its uuid):
        # the new one is the task's, the deletion undone (a store from before the links, or a
        # change that beat the deletion: Protocol/caldav.md, *Links*)
        for uid in dav_now:
            key = uuids.get(uids.uid_uuid(uid))
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
            key = uuids.get(uids.uid_uuid(uid))
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
