"""Committing the pass's batch to taskwire (one undo step) and recording what it made."""

import os

from . import todowrite
from .common import NewProject, _iso

from taskwire_client import TaskwireError


class CommitMixin:
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
                state.data["batch"] = {"after": after, "since": _iso(todowrite.now()),
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
