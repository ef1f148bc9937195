"""One sync pass: read both sides' changes, merge them field by field, apply the result to
taskwire (one task/batch: one undo step) and to the CalDAV collection (If-Match writes)."""

import concurrent.futures
import datetime as dt
import os
import threading

from . import mapping
from .davside import Conflict, Gone, Refused, Unreachable
from .state import append_line

from taskwire_client import TaskwireError

UNTITLED = "(untitled)"


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
                 history_days=30, workers=4):
        self.tw = tw
        self.collection = collection
        self.state = state
        self.zone = zone
        self.today = today
        self.conflicts_path = conflicts_path
        self.log = log
        self.history_days = history_days
        self.workers = workers
        self._pool_collections = []
        self._pool_lock = threading.Lock()
        self._high = 0      # the highest task id in the last export or batch

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
        items = state.items

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
        for href, (etag, data) in objects.items():
            uid = by_href.get(href)
            if uid and etag and items[uid].get("etag") == etag:
                continue
            if etag and skipped.get(href) == etag:
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

        # 2. taskwire's tasks, all of them, with their ranks
        tasks = self._export()
        by_task = state.by_task()
        self._adopt_pending(tasks, by_task, dav_now)
        by_task = state.by_task()
        self._report_others(summary)

        # 3. decide
        plans = {}          # uid -> plan
        creates = []        # (uid, fields) to create in taskwire
        for uid in list(items):
            item = items[uid]
            task = tasks.get(item.get("task"))
            plan = self._decide(uid, item, task, dav_now.get(uid), uid in gone, summary)
            if plan is not None:
                plans[uid] = plan
                if plan.get("create_tw"):
                    creates.append((uid, plan["create_tw"]))
        uuids = {t.get("uuid"): t for t in tasks.values() if t.get("uuid")}
        for uid, d in dav_now.items():
            if uid in items:
                continue
            task = uuids.get(uid)
            if task is not None and task["id"] not in by_task:   # the same task (its uuid)
                items[uid] = {"task": task["id"], "href": d["href"], "etag": None, "tw": None,
                              "dav": None}
                by_task[task["id"]] = uid
                plans[uid] = self._decide(uid, items[uid], task, d, False, summary)
                continue
            scratch = {"reported": []}
            self._notes(uid, scratch, d["notes"], d["fields"], summary)
            creates.append((uid, d["fields"]))
            plans[uid] = {"kind": "new_from_dav", "dav": d, "reported": scratch["reported"]}
        since = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=self.history_days)
        for task_id, task in tasks.items():
            if task_id in by_task:
                continue
            if task.get("completed") and (_utc(task.get("completedAt")) or since) < since:
                continue
            uid = mapping.mint_uid(task)
            if uid in items or uid in dav_now:
                uid = mapping.mint_uid({})
            items[uid] = {"task": task_id, "href": self.collection.href(uid), "etag": None,
                          "tw": None, "dav": None, "new": True}
            by_task[task_id] = uid
            plans[uid] = {"kind": "new_from_tw"}
        for uid, item in items.items():
            task = tasks.get(item.get("task"))
            if task is not None:
                self._tw_notes(uid, item, task, summary)

        # 4. taskwire: the new tasks and every other change, one task/batch (one undo step)
        requests = []
        for uid, plan in plans.items():
            requests += plan.get("requests", [])
        applied = True
        if creates or requests:
            applied = self._apply(creates, requests, plans, dav_now, summary)
        again = False
        if requests or creates:
            known = set(tasks)
            tasks = self._export()
            # a completed repeat's next occurrence: made by taskwire just now, sent next pass
            again = any(t not in known and t not in state.by_task() for t in tasks)

        # 5. the server: new objects, changed ones, deletions (If-Match each)
        writes = []
        for uid, plan in plans.items():
            item = items.get(uid)
            if item is None:
                continue
            task = tasks.get(item.get("task"))
            kind = plan.get("kind")
            if kind == "drop":
                items.pop(uid, None)
            elif kind == "delete_dav":
                writes.append(("delete", uid, None))
            elif kind == "delete_tw":
                if task is None:
                    items.pop(uid, None)
            elif task is None:
                continue
            elif kind == "new_from_tw" or plan.get("recreate"):
                writes.append(("create", uid, task))
            else:
                push = set(plan.get("push", ()))
                tw_fields = mapping.task_fields(task)
                dav_fields = (dav_now[uid]["fields"] if uid in dav_now else item.get("dav")) or {}
                # fields taskwire reworded (a trimmed title, a date moved to today, a new rank)
                for name in plan.get("pulled", ()):
                    if name in ("order", "scheduled") and tw_fields[name] != dav_fields.get(name) \
                            and tw_fields[name] is not None:
                        push.add(name)
                if kind == "created":
                    if dav_fields.get("order") is not None and tw_fields["order"] is not None \
                            and tw_fields["order"] != dav_fields["order"]:
                        push.add("order")
                    if tw_fields["scheduled"] != dav_fields.get("scheduled") and \
                            dav_fields.get("scheduled") is not None:
                        push.add("scheduled")
                push = {n for n in push if tw_fields[n] != dav_fields.get(n)
                        and not (n == "order" and tw_fields[n] is None)}
                if push:
                    writes.append(("put", uid, (task, push)))
                else:
                    self._settle(uid, item, task, dav_now.get(uid), plan)
        new_intents = [w for w in writes if w[0] == "create"]
        if new_intents:
            state.save()   # the UIDs we are about to create, before the first PUT
        retry = self._write(writes, plans, dav_now, summary)
        if not applied or again:
            retry = True
        state.data["syncToken"] = token
        state.save()
        return retry

    # -- deciding ---------------------------------------------------------------------------
    def _decide(self, uid, item, task, d, gone, summary):
        """What to do about one known UID: a plan dict."""
        base_tw = item.get("tw")
        base_dav = item.get("dav")
        if item.get("etag") is None and base_dav is None and d is None:
            # never seen on the server: a PUT a killed bridge did not make, or not yet confirmed.
            # Its absence from a listing is no deletion.
            if task is None:
                return {"kind": "drop"}
            return {"kind": "new_from_tw"}
        if task is None:
            if gone:
                return {"kind": "drop"}
            if d is not None and base_dav is not None and d["fields"] != base_dav:
                # deleted in taskwire, changed on the server: the change wins, the task returns
                self._conflict(uid, d["fields"].get("title"), "deleted", "changed on the server",
                               "deleted in taskwire", "server", summary)
                return {"kind": "new_from_dav_again", "create_tw": d["fields"], "dav": d}
            return {"kind": "delete_dav"}
        tw = mapping.task_fields(task)
        if gone:
            if base_tw is not None and any(tw[f] != base_tw.get(f) for f in mapping.FIELDS
                                           if f != "order"):
                self._conflict(uid, tw["title"], "deleted", "changed in taskwire",
                               "deleted on the server", "taskwire", summary)
                return {"kind": "recreate", "recreate": True}
            summary.add("to taskwire: deleted")
            return {"kind": "delete_tw",
                    "requests": [{"method": "task/delete", "params": {"id": task["id"]}}]}
        dav = d["fields"] if d is not None else base_dav
        if d is not None:
            self._notes(uid, item, d["notes"], d["fields"], summary)
        if dav is None:
            return {"kind": "new_from_tw"}
        lm = d["lm"] if d is not None else None
        tw_time = _utc(task.get("updatedAt"))
        push, pulled, target = set(), set(), {}
        for name in mapping.FIELDS:
            t, v = tw[name], dav.get(name)
            tc = base_tw is None or t != base_tw.get(name)
            dc = base_dav is None or v != base_dav.get(name)
            if name == "order" and (t is None or v is None):
                if t is not None and v is None and tc and not tw["completed"]:
                    push.add(name)
                continue
            if t == v or not (tc or dc):
                continue
            if tc and not dc:
                push.add(name)
            elif dc and not tc:
                if mapping.representable(name, v):
                    target[name] = v
                    pulled.add(name)
            else:
                dav_wins = lm is not None and tw_time is not None and lm > tw_time
                if name == "order":
                    dav_wins = False
                if not mapping.representable(name, v):
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
        requests = self._requests(task, tw, target, summary)
        return {"kind": "update", "push": push, "pulled": pulled, "requests": requests}

    def _requests(self, task, tw, target, summary):
        """task/batch requests making the task hold ``target``'s fields."""
        out = []
        names = [n for n in target if n in mapping.TASK_PARAM]
        completed = target.get("completed")
        if "scheduled" in target and target["scheduled"] and target["scheduled"] < self.today \
                and target["scheduled"] != tw["scheduled"]:
            self.log(f"'{tw['title']}': start {target['scheduled']} is past: scheduled for today")
            target["scheduled"] = self.today
        if completed is False:
            out.append({"method": "task/complete", "params": {"id": task["id"], "completed": False}})
        if names:
            params = {"id": task["id"]}
            if "title" in target and not mapping.representable("title", target["title"]):
                names.remove("title")
            params.update(mapping.task_params(target, names))
            if len(params) > 1:
                out.append({"method": "task/update", "params": params})
        if completed is True:
            out.append({"method": "task/complete", "params": {"id": task["id"]}})
            summary.add("to taskwire: completed")
        elif names or completed is False:
            summary.add("to taskwire: changed")
        if "order" in target and not (completed or tw["completed"]):
            move = self._move(task, tw, target)
            if move:
                out.append(move)
        return out

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
        """Every task (kind task) by id, with its rank. Projects, headings and areas are not
        tasks: they are left out, and said once each."""
        document = self.tw.call("store/export", {"format": "taskwire", "completed": True},
                                timeout=120)["document"]
        items = document["tasks"]
        # the highest id now: a batch's creates get ids above it (crash recovery's lower bound)
        self._high = max([t["id"] for t in items], default=0)
        self._tasks = {t["id"]: t for t in items if t.get("kind", "task") == "task"}
        self._others = [t for t in items if t.get("kind", "task") != "task"]
        return self._tasks

    def _report_others(self, summary):
        said = self.state.data.setdefault("notTasks", [])
        present = {t["id"] for t in self._others}
        fresh = [t for t in self._others if t["id"] not in said]
        for item in fresh:
            self.log(f"'{item['title']}' ({item['kind']}): not a task, not carried to the server")
            summary.add("not carried")
        # forget the ones gone, so the list does not grow; remember the ones said
        self.state.data["notTasks"] = sorted((set(said) & present) | {t["id"] for t in fresh})

    def _tw_notes(self, uid, item, task, summary):
        """Say once per task what of it a VTODO cannot hold (its checklist, its project)."""
        notes = []
        if task.get("checklist"):
            notes.append("checklist: kept in taskwire only (a VTODO has no checklist)")
        if task.get("parent") is not None:
            notes.append("project/heading/area: kept in taskwire only (RELATED-TO not written)")
        if notes:
            self._notes(uid, item, notes, {"title": task.get("title")}, summary)

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
        for start in sorted(i for i in tasks if i > batch["after"] and i not in by_task):
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
                self.state.items[uid] = {"task": task["id"], "href": d["href"], "etag": None,
                                         "tw": None, "dav": None}
                by_task[task["id"]] = uid
            self.log(f"found the {len(uids)} task(s) an interrupted sync created")
            return

    def _create_params(self, fields):
        params = {"title": self._title(fields)}
        names = [n for n in mapping.TASK_PARAM if n != "title"]
        params.update(mapping.task_params(fields, names))
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

    def _apply(self, creates, requests, plans, dav_now, summary):
        """The sync's changes to taskwire: the new tasks first, then every other change, as
        one task/batch (more only past 1000 requests); returns False when one was refused."""
        entries = []
        for uid, fields in creates:
            d = plans[uid].get("dav") or dav_now.get(uid)
            entries.append({"uid": uid, "fields": fields, "dav": d,
                            "params": self._create_params(fields),
                            "reported": plans[uid].get("reported")
                            or self.state.items.get(uid, {}).get("reported", [])})
        ok = True
        requests = list(requests)
        while entries or requests:
            chunk = entries[:300]
            entries = entries[len(chunk):]
            room = 1000 - len(chunk) - sum(2 for e in chunk if e["fields"]["completed"])
            others = requests[:room]
            requests = requests[len(others):]
            ok = self._commit(chunk, others, plans, summary) and ok
        return ok

    def _commit(self, entries, others, plans, summary):
        """One task/batch: ``entries``' task/creates, their follow-ups naming the tasks the
        creates make as "@N" (N the create's place in the batch), then ``others``. A request
        taskwire refuses is reported and left out (a refused follow-up: its new task too)."""
        state = self.state
        ok = True
        for _ in range(len(entries) + len(others) + 4):
            follow, owner = [], []     # owner[i]: the entry the follow-up i belongs to
            for n, entry in enumerate(entries):
                after_create = self._after_create(f"@{n}", entry["fields"])
                follow += after_create
                owner += [n] * len(after_create)
            batch = [{"method": "task/create", "params": e["params"]} for e in entries]
            batch += follow + others
            if not batch:
                return ok
            after = self._high
            raced = os.environ.get("TWCALDAV_TEST_CREATE_BEFORE_BATCH")
            if raced and entries:
                # the tests' other client, making a task between our export and our batch
                self.tw.call("task/create", {"title": raced, "view": "inbox"})
            if entries:
                state.data["batch"] = {"after": after, "since": _iso(mapping.now()),
                                       "uids": [e["uid"] for e in entries],
                                       "titles": [e["params"]["title"].strip() for e in entries]}
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
                    params = batch[index]["params"]
                    for key in ("scheduledDate", "date"):
                        if key in params:
                            params[key] = self.today
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
                    continue
                request = others.pop(index - len(entries) - len(follow))
                self.log(f"taskwire refused {request['method']} of task "
                         f"{request['params'].get('id')}: {error.message}")
                ok = False
                continue
            if entries and os.environ.get("TWCALDAV_TEST_EXIT_AFTER_BATCH"):
                os._exit(9)   # the tests' kill between taskwire's commit and the state's save
            results = reply["results"]
            created = [results[n]["task"] for n in range(len(entries))]
            self._high = max([after] + [r["task"]["id"] for r in results
                                        if isinstance(r, dict) and "task" in r])
            for entry, task in zip(entries, created):
                self._record_created(entry, task, plans, summary)
            state.data.pop("batch", None)
            if entries:
                state.save()
            return ok
        raise RuntimeError("taskwire refused the sync's changes again and again")

    def _record_created(self, entry, task, plans, summary):
        uid, d = entry["uid"], entry["dav"]
        self.state.items[uid] = {"task": task["id"], "href": d["href"], "etag": d["etag"],
                                 "ics": d["text"], "tw": None, "dav": d["fields"],
                                 "reported": entry["reported"]}
        plans[uid] = {"kind": "created", "push": set()}
        summary.add("to taskwire: new")

    # -- the server -------------------------------------------------------------------------
    def _worker_collection(self):
        with self._pool_lock:
            if self._pool_collections:
                return self._pool_collections.pop()
        return self.collection.clone()

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
                if kind == "delete":
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
        item = self.state.items[uid]
        if kind == "delete":
            collection.delete(item["href"], item.get("etag"))
            return None
        if kind == "create":
            task = payload
            fields = mapping.task_fields(task)
            component = mapping.new_todo(uid, fields, self.zone, task)
            text = mapping.serialize(component)
            etag = collection.put(item["href"], text, create=True)
        else:
            task, push = payload
            fields = mapping.task_fields(task)
            d = dav_now.get(uid)
            original = d["text"] if d else item.get("ics")
            etag = d["etag"] if d else item.get("etag")
            if original is None:
                raise Conflict("no copy of the object")
            component = mapping.parse(original)
            mapping.write_fields(component, fields, sorted(push), self.zone, task)
            text = mapping.serialize(component, original)
            etag = collection.put(item["href"], text, etag=etag)
        if etag is None:
            etag, text = collection.get(item["href"])
        dav_fields, _ = mapping.todo_fields(mapping.parse(text), self.zone)
        return etag, text, dav_fields, task

    def _tw_base(self, item, task, plan, settled):
        return mapping.task_fields(task)

    def _settle(self, uid, item, task, d, plan):
        """Nothing to write to the server: both sides agree now; remember them."""
        if d is not None:
            item.update({"etag": d["etag"], "ics": d["text"], "dav": d["fields"]})
            item["href"] = d["href"]
        item["tw"] = mapping.task_fields(task)
        item.pop("new", None)
