"""Taskwire's side read and paired: its export as records, the fields of a record, the UIDs
given to taskwire items the server has not seen, and the pairing of items again (rebinding,
adopting what an interrupted sync made)."""

import datetime as dt

from . import ics, taskfields, times, todoread
from .uids import mint_uid, uid_uuid
from .state import item_key
from .common import NOT_HELD, NewProject, _utc


class PairingMixin:
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
            uid = mint_uid(record)
            if uid in items or uid in dav_now:
                uid = mint_uid({})
            item = self._state_item(record, key, self.collection.href(uid))
            item["new"] = True
            items[uid] = item
            by_key[key] = uid
            plans[uid] = {"kind": "new_from_tw"}
        if elsewhere:
            self._deleted_elsewhere(elsewhere, records, plans, summary)

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
            return taskfields.line_fields(record, record["index"], self._uid_of(record["owner"]))
        if kind == "project":
            return taskfields.task_fields(record, zone=self.zone)
        return taskfields.task_fields(record, self._parent_value(record), self.zone)

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
            component = ics.parse(item.get("ics") or "")
            return todoread.todo_fields(component, self.zone)[0] if component else {}
        except times.Malformed:
            return {}

    def _representable(self, kind, name, value):
        if name == "parent":
            return self._parent_target(value) is not NOT_HELD
        if kind == "line" and name == "order":
            return False     # a phone's order of sub-tasks is not carried
        return taskfields.representable(name, value)

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
            key = by_uuid.pop(uid_uuid(uid), None)
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
