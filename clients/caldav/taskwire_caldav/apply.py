"""The taskwire requests a sync pass makes: of a merged plan (edits, moves, checklist lines)
and of the VTODOs new from the server, gathered into the one batch of the pass."""

from . import mapping, recurrence, taskfields
from .uids import uid_uuid
from .common import UNTITLED, NOT_HELD


class ApplyMixin:
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
            if "title" in target and not taskfields.representable("title", target["title"]):
                names.remove("title")
            params.update(taskfields.task_params(target, names))
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

    def _create_params(self, fields, kind="task"):
        params = {"title": self._title(fields)}
        names = [n for n in mapping.TASK_PARAM if n != "title"]
        params.update(taskfields.task_params(fields, names))
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
            params["recurrence"] = dict(recurrence.NO_REPEAT)
        if not taskfields.representable("recurrence", fields["recurrence"]):
            params["recurrence"] = dict(recurrence.NO_REPEAT)
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
            if taskfields.representable("recurrence", fields["recurrence"]) and \
                    fields["recurrence"].get("pattern") != "none":
                out.append({"method": "task/update", "params": {
                    "id": task_id,
                    "recurrence": recurrence.recurrence_param(fields["recurrence"])}})
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
            identity = uid_uuid(uid)
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
            identity = uid_uuid(uid)
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
