"""The links every bridge on the store shares (links.py), as a sync pass uses them: recording
and forgetting them, the orphans they tell of, and the items deleted on the other side."""

from .uids import uid_uuid
from .links import uid_in_text


class OrphansMixin:
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
            if item.get("kind") == "line" and item.get("line") != uid_uuid(uid):
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
            task_id = self._uuids.get(uid_uuid(parent[0]))
        task = self._tasks.get(task_id) if isinstance(task_id, int) else None
        if task is None:
            return False
        line = uid_uuid(uid)
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
