"""End to end: a real Radicale, the real taskwire binary, the bridge as a person runs it, and a
phone (the caldav library) on the same task list."""

import datetime as dt
import os
import shutil
import uuid
import zoneinfo

from harness import Case, set_prop, stamp
from taskwire_caldav.mapping import uid_uuid


class PhoneToTaskwire(Case):
    def test_every_field_from_the_phone(self):
        start, due = self.today(3), self.today(10)
        self.phone.add("phone-1", "SUMMARY:Küche aufräumen 🧽", "DESCRIPTION:Erst Spüle\\nDann Boden",
                       "CATEGORIES:zuhause,putzen", "PRIORITY:1",
                       f"DTSTART;VALUE=DATE:{start.replace('-', '')}",
                       f"DUE:{due.replace('-', '')}T173000Z",
                       "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "X-TASKWIRE-URGENT:TRUE",
                       "X-TASKWIRE-DURATION:45", "X-TASKWIRE-TYPE:errand",
                       "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:x",
                       "END:VALARM")
        self.phone.add("phone-2", "SUMMARY:Pay rent", "PRIORITY:5",
                       f"DTSTART;VALUE=DATE:{start.replace('-', '')}",
                       "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1")
        self.phone.add("phone-3", "SUMMARY:Stretch", "PRIORITY:9",
                       f"DTSTART;VALUE=DATE:{start.replace('-', '')}",
                       "RRULE:FREQ=DAILY;INTERVAL=3;COUNT=10", "X-TASKWIRE-REPEAT-FROM:COMPLETION",
                       "STATUS:NEEDS-ACTION")
        self.phone.add("phone-4", "SUMMARY:Old thing", "STATUS:COMPLETED",
                       "COMPLETED:20260101T100000Z", "PERCENT-COMPLETE:100")
        out, err = self.sync()
        self.assertIn("to taskwire: new 4", out)
        kitchen = self.task("Küche aufräumen 🧽")
        self.assertEqual(kitchen["notes"], "Erst Spüle\nDann Boden")
        self.assertEqual(kitchen["tags"], ["zuhause", "putzen"])
        self.assertEqual(kitchen["priority"], 3)
        self.assertTrue(kitchen["urgent"])
        self.assertEqual(kitchen["durationMinutes"], 45)
        self.assertEqual(kitchen["type"], "errand")
        self.assertEqual(kitchen["scheduledDate"], start)
        self.assertEqual(kitchen["dueDate"], due)
        self.assertEqual(kitchen["recurrence"]["pattern"], "weekly")
        self.assertEqual(kitchen["recurrence"]["weekdays"], [1, 4])
        self.assertEqual(kitchen["recurrence"]["interval"], 2)
        rent = self.task("Pay rent")
        self.assertEqual(rent["priority"], 2)
        self.assertEqual(rent["recurrence"]["monthDay"], 32)
        self.assertFalse(rent["recurrence"].get("afterCompletion", False))
        stretch = self.task("Stretch")
        self.assertEqual(stretch["priority"], 1)
        self.assertEqual(stretch["recurrence"]["pattern"], "daily")
        self.assertEqual(stretch["recurrence"].get("interval"), 3)
        self.assertTrue(stretch["recurrence"]["afterCompletion"])
        old = self.task("Old thing")
        self.assertTrue(old["completed"])
        # what taskwire cannot hold is said, not dropped silently
        eve = (dt.date.fromisoformat(start) - dt.timedelta(days=1)).isoformat()
        self.assertEqual(kitchen["reminders"], [{"at": f"{eve}T23:45"}])   # (test_reminders)
        zone = zoneinfo.ZoneInfo(self.tw.server_info["timeZone"])
        due_at = dt.datetime.combine(dt.date.fromisoformat(due), dt.time(17, 30),
                                     tzinfo=dt.timezone.utc).astimezone(zone)
        self.assertEqual((kitchen["dueDate"], kitchen.get("dueTime")),
                         (due_at.date().isoformat(), due_at.strftime("%H:%M")))
        self.assertNotIn("DUE time", err)
        self.assertIn("COUNT", err)
        # a new day from taskwire keeps the phone's time of day (and its UTC form)
        self.tw.call("task/update", {"id": kitchen["id"], "dueDate": self.today(12)})
        self.sync()
        due_prop = self.phone.todos()["phone-1"].decoded("DUE")
        self.assertEqual((due_prop.date().isoformat(), due_prop.strftime("%H:%M")),
                         (self.today(12), "17:30"))
        # a second run changes nothing and says nothing again
        out, err = self.sync()
        self.assertIn("nothing to do", out)
        self.assertNotIn("VALARM", err)

    def test_edits_and_completion_from_the_phone(self):
        self.phone.add("p", "SUMMARY:Call mom", "CATEGORIES:family")
        self.sync()
        self.phone.edit("p", lambda t: (set_prop("SUMMARY", "Call mum")(t),
                                        set_prop("CATEGORIES", ["family", "phone"])(t),
                                        set_prop("PRIORITY", 1)(t)))
        self.sync()
        task = self.task("Call mum")
        self.assertEqual((task["tags"], task["priority"]), (["family", "phone"], 3))
        self.phone.edit("p", lambda t: (set_prop("STATUS", "COMPLETED")(t),
                                        set_prop("COMPLETED", dt.datetime.now(dt.timezone.utc))(t)))
        out, _ = self.sync()
        self.assertIn("to taskwire: completed 1", out)
        self.assertTrue(self.task("Call mum")["completed"])
        self.phone.edit("p", lambda t: (set_prop("STATUS", "NEEDS-ACTION")(t),
                                        set_prop("COMPLETED", None)(t)))
        self.sync()
        self.assertFalse(self.task("Call mum")["completed"])

    def test_one_sync_is_one_undo_step(self):
        for n in range(3):
            self.phone.add(f"u{n}", f"SUMMARY:Item {n}")
        self.sync()
        self.assertEqual(len(self.tw.call("history/list", {"limit": 50})["steps"]), 1,
                         "three new tasks from the phone: one step")
        for n in range(3):
            self.phone.edit(f"u{n}", set_prop("SUMMARY", f"Item {n} edited"))
        # new from the phone in the same sync: one open, one completed with a repeat (made,
        # completed and given its repeat in the same step: no next occurrence)
        self.phone.add("u3", "SUMMARY:Item 3")
        self.phone.add("u4", "SUMMARY:Item 4", f"DTSTART;VALUE=DATE:{self.today().replace('-', '')}",
                       "RRULE:FREQ=DAILY", "STATUS:COMPLETED", "COMPLETED:" + stamp(-60))
        self.sync()
        steps = self.tw.call("history/list", {"limit": 50})["steps"]
        self.assertEqual(len(steps), 2, steps)
        self.assertEqual(steps[0]["client"], "taskwire-caldav")
        done = self.task("Item 4")
        self.assertTrue(done["completed"])
        self.assertEqual(done["recurrence"]["pattern"], "daily")
        self.assertEqual(len(self.tasks()), 5, "no next occurrence of the completed import")
        self.tw.call("history/undo")
        titles = sorted(t["title"] for t in self.tasks())
        self.assertEqual(titles, ["Item 0", "Item 1", "Item 2"])
        # the undo is a change in taskwire like any other: it goes back to the phone
        self.sync()
        self.assertEqual(sorted(str(t["SUMMARY"]) for t in self.phone.todos().values()),
                         ["Item 0", "Item 1", "Item 2"])

    def steps(self):
        return self.tw.call("history/list", {"limit": 50})["steps"]

    def test_new_tasks_when_ids_were_used_unseen(self):
        """A task made and deleted between syncs leaves a gap in the ids: the completed new
        task's follow-ups name it by its create's place ("@N"), land on the right task, and the
        sync stays one undo step."""
        self.tw.call("task/create", {"title": "Seen", "view": "inbox"})
        self.sync()
        gone = self.tw.call("task/create", {"title": "Unseen", "view": "inbox"})["task"]
        self.tw.call("task/delete", {"id": gone["id"]})
        self.phone.add("p1", "SUMMARY:Open one")
        self.phone.add("p2", "SUMMARY:Done one", "STATUS:COMPLETED", "COMPLETED:" + stamp(-60))
        before = len(self.steps())
        out, _ = self.sync()
        self.assertIn("to taskwire: new 2", out)
        self.assertEqual(len(self.steps()), before + 1, "one step")
        self.assertFalse(self.task("Open one")["completed"])
        self.assertTrue(self.task("Done one")["completed"])
        self.assertFalse(self.task("Seen")["completed"])
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_a_task_made_elsewhere_just_before_the_batch(self):
        """Another client makes a task between the bridge's read of taskwire and its batch (the
        bridge does it itself there when TWCALDAV_TEST_CREATE_BEFORE_BATCH is set): it takes
        the next id, the phone's completed task is still the one completed, in one step."""
        self.tw.call("task/create", {"title": "Seen", "view": "inbox"})
        self.sync()
        self.phone.add("r1", "SUMMARY:Done first", "STATUS:COMPLETED", "COMPLETED:" + stamp(-60))
        self.phone.add("r2", "SUMMARY:Open second")
        self.phone.add("r3", "SUMMARY:Done third", "RRULE:FREQ=DAILY",
                       f"DTSTART;VALUE=DATE:{self.today().replace('-', '')}",
                       "STATUS:COMPLETED", "COMPLETED:" + stamp(-60))
        before = len(self.steps())
        out, err = self.sync(env=self.env(TWCALDAV_TEST_CREATE_BEFORE_BATCH="Raced"))
        self.assertIn("to taskwire: new 3", out)
        steps = self.steps()
        self.assertEqual(len(steps), before + 2, steps)   # the other client's, and the sync
        self.assertEqual(steps[0]["client"], "taskwire-caldav")
        self.assertFalse(self.task("Raced")["completed"])
        self.assertFalse(self.task("Seen")["completed"])
        self.assertFalse(self.task("Open second")["completed"])
        self.assertTrue(self.task("Done first")["completed"])
        third = self.task("Done third")
        self.assertTrue(third["completed"])
        self.assertEqual(third["recurrence"]["pattern"], "daily")
        self.assertEqual(len(self.tasks()), 5, "no next occurrence of the completed import")
        out, _ = self.sync()
        self.assertEqual(sorted(str(t["SUMMARY"]) for t in self.phone.todos().values()),
                         ["Done first", "Done third", "Open second", "Raced", "Seen"])


class TaskwireToPhone(Case):
    def test_every_field_from_taskwire(self):
        tw = self.tw
        a = tw.call("task/create", {
            "title": "Steuererklärung 📄", "notes": "Belege\nim Ordner", "tags": ["amt", "geld"],
            "priority": 3, "urgent": True, "durationMinutes": 90, "type": "deepWork",
            "scheduledDate": self.today(2), "dueDate": self.today(9),
            "recurrence": {"pattern": "weekly", "weekdays": [1, 4], "interval": 2}})["task"]
        b = tw.call("task/create", {"title": "Rent", "priority": 2, "scheduledDate": self.today(1),
                                    "recurrence": {"pattern": "monthly", "monthDay": 32}})["task"]
        c = tw.call("task/create", {"title": "Water plants", "view": "today",
                                    "recurrence": {"pattern": "daily", "interval": 3,
                                                   "afterCompletion": True}})["task"]
        out, _ = self.sync()
        self.assertIn("to server: new 3", out)
        todos = {str(t["SUMMARY"]): t for t in self.phone.todos().values()}
        t = todos["Steuererklärung 📄"]
        self.assertEqual(str(t["DESCRIPTION"]), "Belege\nim Ordner")
        self.assertEqual([str(x) for x in t.decoded("CATEGORIES")], ["amt", "geld"])
        self.assertEqual(int(t["PRIORITY"]), 1)
        self.assertEqual(t.decoded("DTSTART"), dt.date.fromisoformat(self.today(2)))
        self.assertEqual(t.decoded("DUE"), dt.date.fromisoformat(self.today(9)))
        self.assertEqual(t["RRULE"].to_ical().decode(), "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH")
        self.assertEqual((str(t["X-TASKWIRE-URGENT"]), str(t["X-TASKWIRE-DURATION"]),
                          str(t["X-TASKWIRE-TYPE"])), ("TRUE", "90", "deepWork"))
        self.assertEqual(str(t["STATUS"]), "NEEDS-ACTION")
        self.assertIn("X-APPLE-SORT-ORDER", t)
        self.assertEqual(int(todos["Rent"]["PRIORITY"]), 5)
        self.assertEqual(todos["Rent"]["RRULE"].to_ical().decode(), "FREQ=MONTHLY;BYMONTHDAY=-1")
        self.assertNotIn("PRIORITY", todos["Water plants"])
        self.assertEqual(todos["Water plants"]["RRULE"].to_ical().decode(), "FREQ=DAILY;INTERVAL=3")
        self.assertEqual(str(todos["Water plants"]["X-TASKWIRE-REPEAT-FROM"]), "COMPLETION")
        # changes in taskwire follow
        tw.call("task/update", {"id": b["id"], "title": "Pay rent", "tags": ["home"],
                                "dueDate": self.today(5), "recurrence": {"pattern": "none"}})
        tw.call("task/delete", {"id": c["id"]})
        tw.call("task/complete", {"id": a["id"]})
        out, _ = self.sync()
        every = list(self.phone.todos().values())
        todos = {str(t["SUMMARY"]): t for t in every}
        self.assertNotIn("Water plants", todos)
        rent = todos["Pay rent"]
        self.assertEqual([str(x) for x in rent.decoded("CATEGORIES")], ["home"])
        self.assertNotIn("RRULE", rent)
        done = [t for t in every if str(t["SUMMARY"]) == "Steuererklärung 📄"
                and str(t["STATUS"]) == "COMPLETED"]
        self.assertEqual(len(done), 1)
        self.assertEqual(int(done[0]["PERCENT-COMPLETE"]), 100)
        self.assertIn("COMPLETED", done[0])
        # completing a repeating task made its next occurrence, which the phone gets too
        open_ = [t for t in every if str(t["SUMMARY"]) == "Steuererklärung 📄"
                 and str(t["STATUS"]) == "NEEDS-ACTION"]
        self.assertEqual(len(open_), 1)

    def test_foreign_properties_are_kept(self):
        # recorded shapes of an Apple Reminders and a Nextcloud Tasks VTODO
        self.phone.add("apple-1", "SUMMARY:Apple task", "X-APPLE-SORT-ORDER:759264000",
                       "CREATED:20260101T080000Z", "LAST-MODIFIED:20260101T080000Z",
                       "X-APPLE-UNIVERSALID:ABCDEF", "X-APPLE-COLOR:#FF2968",
                       "LOCATION:Supermarkt", "STATUS:NEEDS-ACTION", "SEQUENCE:3",
                       "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20300101T090000Z",
                       "X-WR-ALARMUID:1234", "UID:alarm-1", "END:VALARM")
        self.phone.add("nc-1", "SUMMARY:Nextcloud task", "X-OC-HIDESUBTASKS:1",
                       "CLASS:PUBLIC", "RELATED-TO:parent-uid", "PERCENT-COMPLETE:40",
                       "STATUS:IN-PROCESS", "CREATED:20260101T080000Z")
        _, err = self.sync()
        # a parent that is no taskwire project: a task of its own, the link stays on the server
        self.assertIn("RELATED-TO names no open taskwire project", err)
        self.assertIn("PERCENT-COMPLETE 40: kept on the server only", err)
        self.assertIn("location: kept on the server only", err)
        before = self.phone.todos()
        for title in ("Apple task", "Nextcloud task"):
            self.tw.call("task/update", {"id": self.task(title)["id"], "title": title + " (edited)"})
        self.sync()
        after = self.phone.todos()
        for uid in ("apple-1", "nc-1"):
            mine = {"SUMMARY", "LAST-MODIFIED", "DTSTAMP", "SEQUENCE"}
            old = {k: v.to_ical() for k, v in before[uid].items() if k not in mine}
            new = {k: v.to_ical() for k, v in after[uid].items() if k not in mine}
            self.assertEqual(old, new, uid)
            self.assertEqual([c.to_ical() for c in before[uid].subcomponents],
                             [c.to_ical() for c in after[uid].subcomponents])
            self.assertTrue(str(after[uid]["SUMMARY"]).endswith("(edited)"))


class Conflicts(Case):
    def _synced_task(self):
        self.tw.call("task/create", {"title": "Buy milk", "view": "inbox", "priority": 1})
        self.sync()
        uid = next(iter(self.phone.todos()))
        return uid, self.task("Buy milk")

    def test_same_field_later_change_wins_and_the_loser_is_listed(self):
        uid, task = self._synced_task()
        self.tw.call("task/update", {"id": task["id"], "title": "Buy oat milk"})
        self.phone.edit(uid, set_prop("SUMMARY", "Buy soy milk"), last_modified=5)
        _, err = self.sync()
        self.assertIn("conflict on", err)
        self.assertEqual([t["title"] for t in self.tasks()], ["Buy soy milk"])
        self.assertEqual(str(self.phone.todos()[uid]["SUMMARY"]), "Buy soy milk")
        out, _ = self.sync("--conflicts")
        self.assertIn("kept 'Buy soy milk'; lost 'Buy oat milk'", out)
        # and the other way: taskwire's change is the later one
        self.phone.edit(uid, set_prop("SUMMARY", "Buy rice milk"), last_modified=-30)
        self.tw.call("task/update", {"id": task["id"], "title": "Buy almond milk"})
        self.sync()
        self.assertEqual(str(self.phone.todos()[uid]["SUMMARY"]), "Buy almond milk")
        out, _ = self.sync("--conflicts")
        self.assertIn("lost 'Buy rice milk'", out)

    def test_different_fields_both_kept(self):
        uid, task = self._synced_task()
        self.tw.call("task/update", {"id": task["id"], "notes": "the organic one"})
        self.phone.edit(uid, set_prop("PRIORITY", 1))
        _, err = self.sync()
        self.assertNotIn("conflict", err)
        task = self.task("Buy milk")
        self.assertEqual((task["notes"], task["priority"]), ("the organic one", 3))
        todo = self.phone.todos()[uid]
        self.assertEqual((str(todo["DESCRIPTION"]), int(todo["PRIORITY"])), ("the organic one", 1))
        out, _ = self.sync("--conflicts")
        self.assertIn("no conflicts", out)

    def test_a_412_rereads_and_merges(self):
        """The phone writes between the bridge's read and its write: If-Match fails (412), the
        bridge reads the object again and merges both changes."""
        uid, task = self._synced_task()
        self.tw.call("task/update", {"id": task["id"], "notes": "from the desk"})
        import threading
        import sys
        import harness  # noqa: F401
        from taskwire_caldav import davside, cli
        real_put = davside.Collection.put
        fired = threading.Event()
        phone = self.phone

        def put(collection, href, text, etag=None, create=False):
            if not fired.is_set() and not create:
                fired.set()
                phone.edit(uid, set_prop("CATEGORIES", ["shop"]))
            return real_put(collection, href, text, etag, create)
        davside.Collection.put = put
        old_env = dict(os.environ)
        try:
            os.environ.update(self.env())
            code = cli.main(self.bridge_args("--once")[1:])
        finally:
            davside.Collection.put = real_put
            os.environ.clear()
            os.environ.update(old_env)
            sys.stdout.flush()
        self.assertEqual(code, 0)
        self.assertTrue(fired.is_set())
        todo = self.phone.todos()[uid]
        self.assertEqual(str(todo["DESCRIPTION"]), "from the desk")
        self.assertEqual(self.task("Buy milk")["tags"], ["shop"])


class Deletions(Case):
    def test_both_ways(self):
        self.phone.add("p1", "SUMMARY:From the phone")
        self.tw.call("task/create", {"title": "From the desk", "view": "inbox"})
        self.sync()
        self.assertEqual(len(self.phone.todos()), 2)
        self.phone.delete("p1")
        self.tw.call("task/delete", {"id": self.task("From the desk")["id"]})
        out, _ = self.sync()
        self.assertIn("to taskwire: deleted 1", out)
        self.assertIn("to server: deleted 1", out)
        self.assertEqual(self.tasks(), [])
        self.assertEqual(self.phone.todos(), {})

    def test_a_change_beats_a_deletion(self):
        self.phone.add("p1", "SUMMARY:Keep me")
        self.sync()
        self.tw.call("task/delete", {"id": self.task("Keep me")["id"]})
        self.phone.edit("p1", set_prop("DESCRIPTION", "still needed"))
        _, err = self.sync()
        self.assertIn("conflict", err)
        self.assertEqual(self.task("Keep me")["notes"], "still needed")
        self.assertEqual(len(self.phone.todos()), 1)
        # re-created as the same item: the UID's uuid again (uuid5 of a UID that is no UUID)
        self.assertEqual(self.task("Keep me")["uuid"], uid_uuid("p1"))

    def test_a_deletion_beats_a_change_of_no_field(self):
        """A phone's write that changes none of the carried fields (PRIORITY 9: none, as it was)
        does not save the VTODO from taskwire's deletion: it is deleted (If-Match the version
        read), not met with 412 in every pass."""
        self.phone.add("p2", "SUMMARY:Let go")
        self.sync()
        self.phone.edit("p2", set_prop("PRIORITY", 9))
        self.tw.call("task/delete", {"id": self.task("Let go")["id"]})
        out, _ = self.sync()
        self.assertIn("to server: deleted 1", out)
        self.assertEqual(self.phone.todos(), {})
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_a_phone_made_task_has_its_uids_uuid(self):
        """A VTODO made elsewhere: its task's uuid is its UID when that is a UUID (any case),
        else uuid5 of it, so that a bridge without this state (another device's) finds the same
        task: here, the state gone, the next sync pairs each VTODO with its task again."""
        upper = str(uuid.uuid4()).upper()
        self.phone.add(upper, "SUMMARY:Upper")
        self.phone.add("p@example", "SUMMARY:Named")
        self.sync()
        self.assertEqual(self.task("Upper")["uuid"], upper.lower())
        self.assertEqual(self.task("Named")["uuid"],
                         str(uuid.uuid5(uuid.UUID("3d0b7a52-6c1e-5f0a-9a4e-7461736b7769"),
                                        "p@example")))
        shutil.rmtree(self.state_home)
        self.phone.edit(upper, set_prop("SUMMARY", "Upper edited"))
        self.sync()
        self.sync()
        # (no base to merge from: one side's title wins; the point is one task per VTODO)
        titles = sorted(t["title"] for t in self.tasks())
        self.assertEqual(len(titles), 2, titles)
        todos = self.phone.todos()
        self.assertEqual(sorted(todos), sorted([upper, "p@example"]))
        self.assertEqual(sorted(str(t["SUMMARY"]) for t in todos.values()), titles)


class Recurring(Case):
    def test_completed_on_both_sides_gives_one_next_occurrence(self):
        self.tw.call("task/create", {"title": "Water plants", "view": "today",
                                     "recurrence": {"pattern": "weekly"}})
        self.sync()
        uid = next(iter(self.phone.todos()))
        self.phone.edit(uid, lambda t: (set_prop("STATUS", "COMPLETED")(t),
                                        set_prop("COMPLETED", dt.datetime.now(dt.timezone.utc))(t),
                                        set_prop("PERCENT-COMPLETE", 100)(t)))
        self.tw.call("task/complete", {"id": self.task("Water plants")["id"]})
        self.sync()
        self.sync()
        open_tw = [t for t in self.tasks() if t["title"] == "Water plants" and not t["completed"]]
        self.assertEqual(len(open_tw), 1, self.tasks())
        self.assertEqual(open_tw[0]["scheduledDate"], self.today(7))
        open_phone = [t for t in self.phone.todos().values()
                      if str(t.get("STATUS")) != "COMPLETED"]
        self.assertEqual(len(open_phone), 1)
        self.assertEqual(open_phone[0].decoded("DTSTART").isoformat(), self.today(7))

    def test_completed_on_the_phone_gives_the_next_occurrence(self):
        self.tw.call("task/create", {"title": "Stand-up", "view": "today",
                                     "recurrence": {"pattern": "daily"}})
        self.sync()
        uid = next(iter(self.phone.todos()))
        self.phone.edit(uid, lambda t: (set_prop("STATUS", "COMPLETED")(t),
                                        set_prop("COMPLETED", dt.datetime.now(dt.timezone.utc))(t)))
        self.sync()
        titles = [(t["title"], t["completed"], t["scheduledDate"]) for t in self.tasks()]
        self.assertIn(("Stand-up", False, self.today(1)), titles)
        self.assertEqual(len(self.phone.todos()), 2)


class Order(Case):
    def test_manual_order_both_ways(self):
        ids = [self.tw.call("task/create", {"title": t, "view": "inbox"})["task"]["id"]
               for t in ("One", "Two", "Three")]
        self.sync()
        def phone_order():
            todos = self.phone.todos().values()
            return [str(t["SUMMARY"]) for t in sorted(todos, key=lambda t: int(t["X-APPLE-SORT-ORDER"]))]
        self.assertEqual(phone_order(), ["One", "Two", "Three"])
        self.tw.call("task/move", {"id": ids[2], "view": "inbox", "index": 0})
        self.sync()
        self.assertEqual(phone_order(), ["Three", "One", "Two"])
        # the phone drags "Two" to the top
        top = min(int(t["X-APPLE-SORT-ORDER"]) for t in self.phone.todos().values())
        uid = [u for u, t in self.phone.todos().items() if str(t["SUMMARY"]) == "Two"][0]
        self.phone.edit(uid, set_prop("X-APPLE-SORT-ORDER", str(top - 1000)))
        self.sync()
        inbox = self.tw.call("view/list", {"view": "inbox"})["groups"][0]["tasks"]
        self.assertEqual([t["title"] for t in inbox], ["Two", "Three", "One"])
        self.assertEqual(phone_order(), ["Two", "Three", "One"])


class Malformed(Case):
    def test_a_malformed_vtodo_is_skipped_and_reported(self):
        self.phone.add("good", "SUMMARY:Fine task")
        import requests
        bad = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VTODO\r\nUID:bad\r\n"
               "SUMMARY:Broken\r\nPRIORITY:high\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        from harness import PASSWORD, USER
        response = requests.put(str(self.phone.calendar.url) + "bad.ics", data=bad.encode(),
                                auth=(USER, PASSWORD.encode()),
                                headers={"Content-Type": "text/calendar"}, timeout=10)
        self.assertIn(response.status_code, (201, 204))
        out, err = self.sync()
        self.assertIn("skipped 1", out)
        self.assertIn("bad.ics", err)
        self.assertIn("Expected int, got: high", err)
        self.assertEqual([t["title"] for t in self.tasks()], ["Fine task"])
        out, err = self.sync()
        self.assertNotIn("bad.ics", err)


class FirstSync(Case):
    """A first sync into an empty list on Radicale: one PUT of the whole collection (guarded by
    the list's ETag), the list's properties set again; anything in the way, one at a time."""

    def fill(self, n=25):
        requests = [{"method": "task/create", "params": {"title": f"Task {i:02}", "view": "inbox",
                                                         "tags": ["t"], "priority": 2}}
                    for i in range(n - 3)]
        self.tw.call("task/batch", {"requests": requests})
        project = self.tw.call("task/create", {"title": "Project", "kind": "project"})["task"]
        task = self.tw.call("task/create", {"title": "In project", "parent": project["id"],
                                            "dueDate": self.today(3)})["task"]
        self.tw.call("task/checklist", {"id": task["id"], "action": "add", "title": "Line"})
        done = self.tw.call("task/create", {"title": "Done", "view": "today"})["task"]
        self.tw.call("task/complete", {"id": done["id"]})
        return n + 1     # the tasks, the project, a line

    def props(self):
        cal = self.phone.calendar
        return cal.get_display_name(), cal.get_supported_components()

    def test_one_upload_then_syncs_as_ever(self):
        n = self.fill()
        before = self.props()
        out, err = self.sync()
        self.assertIn(f"the empty task list took {n} new objects in one request", err)
        self.assertIn(f"to server: new {n}", out)
        self.assertEqual(self.props(), before)     # its name, and VTODO only
        todos = self.phone.todos()
        self.assertEqual(len(todos), n)
        task = self.task("In project")
        self.assertEqual(str(todos[task["uuid"]]["RELATED-TO"]), self.task("Project")["uuid"])
        self.assertEqual(todos[task["uuid"]].decoded("DUE").isoformat(), self.today(3))
        self.assertEqual(str(todos[self.task("Done")["uuid"]]["STATUS"]), "COMPLETED")
        self.assertEqual(int(todos[self.task("Task 07")["uuid"]]["PRIORITY"]), 5)
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
        # both ways afterwards, with the objects' ETags and the new list's sync token
        uid = self.task("Task 03")["uuid"]
        self.phone.edit(uid, set_prop("SUMMARY", "Task 03 (phone)"))
        self.tw.call("task/update", {"id": self.task("Task 04")["id"], "title": "Task 04 (desk)"})
        out, _ = self.sync()
        self.assertIn("to taskwire: changed 1", out)
        self.assertIn("to server: changed 1", out)
        self.assertEqual(str(self.phone.todos()[self.task("Task 04 (desk)")["uuid"]]["SUMMARY"]),
                         "Task 04 (desk)")

    def test_a_phone_write_before_the_upload_is_kept(self):
        """The phone writes into the list between the bridge's look (empty) and its upload: the
        list's ETag no longer matches (412), the upload is not taken, every task goes one at a
        time, and the phone's task is not lost."""
        n = self.fill()
        raced = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test phone//EN\r\nBEGIN:VTODO\r\n"
                 "UID:raced-before-bulk\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Raced\r\n"
                 "END:VTODO\r\nEND:VCALENDAR\r\n")
        out, err = self.sync(env=self.env(TWCALDAV_TEST_PUT_BEFORE_BULK=raced))
        self.assertIn("the whole upload was not taken (412", err)
        self.assertIn(f"to server: new {n}", out)
        self.sync()
        self.assertEqual(len(self.phone.todos()), n + 1)
        self.assertEqual(self.task("Raced")["completed"], False)

    def test_a_kill_after_the_upload(self):
        """Killed right after the whole upload, before the list's properties are set again:
        the restart sets them, finds every object (no duplicates) and is quiet after."""
        n = self.fill()
        before = self.props()
        self.sync(env=self.env(TWCALDAV_TEST_EXIT_AFTER_BULK="1"), expect=9)
        self.assertNotEqual(self.props(), before)   # Radicale's whole upload replaced them
        self.sync()
        self.assertEqual(self.props(), before)
        self.assertEqual(len(self.phone.todos()), n)
        self.assertEqual(len(self.tasks()), n - 1)   # (the line is in its task)
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
