"""The server side of a pass: If-Match writes (one at a time, by a pool of workers, or a
first sync as one bulk PUT) and settling the state after them."""

import concurrent.futures
import os
import re

from . import ics, todoread, todowrite
from .davside import Conflict, Gone, Refused, Unreachable
from .common import LATER_FIELDS


class PushMixin:
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
            components[uid] = todowrite.new_todo(uid, self._fields(record), self.zone,
                                                 None if kind == "line" else record, kind)
        text = ics.serialize_all(components.values(), name)
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
                component = ics.parse(data)
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
                         "dav": todoread.todo_fields(components[uid], self.zone)[0]})
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
            component = todowrite.new_todo(uid, fields, self.zone,
                                           None if self._kind(task) == "line" else task,
                                           self._kind(task))
            text = ics.serialize(component)
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
            component = ics.parse(original)
            todowrite.write_fields(component, fields, sorted(push), self.zone,
                                   None if self._kind(task) == "line" else task)
            text = ics.serialize(component, original)
            etag = collection.put(item["href"], text, etag=etag)
        if etag is None:
            etag, text = collection.get(item["href"])
        dav_fields, _ = todoread.todo_fields(ics.parse(text), self.zone)
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
