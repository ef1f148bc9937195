"""End to end: every field both ways between a phone (the caldav library) and taskwire, through
a real Radicale and the bridge as a person runs it: German and emoji, edits, completion and
reopening from the phone, one sync = one undo step, ids used unseen before a batch, and VTODO
properties of other programs kept."""

import datetime as dt
import zoneinfo

from harness import Case, set_prop, stamp


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
