"""Deciding: what a VTODO new from the server becomes, and the field-by-field merge of a
paired item into one plan (its conflicts and the notes of what cannot be carried)."""

from . import mapping, taskfields, todowrite
from .state import append_line, item_key
from .common import UNTITLED, NOT_HELD, LATER_FIELDS, _utc, _iso


class DecidingMixin:
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
            extras = taskfields.line_extras(fields)
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
        record = {"at": _iso(todowrite.now()), "uid": uid, "title": title, "field": field,
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
