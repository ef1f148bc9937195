"""Times of day (taskwire's scheduledTime ⇄ DTSTART's time), in a store whose zone is
Europe/Berlin: the mapping alone, then end to end with Radicale, the bridge and the phone."""

import datetime as dt
import unittest
import zoneinfo

import icalendar

import harness
from harness import Case, set_prop
from taskwire_caldav import ics, taskfields, todoread, todowrite

BERLIN = "Europe/Berlin"
ZONE = zoneinfo.ZoneInfo(BERLIN)


def spring_forward(after):
    """The first day after ``after`` (a date) on which Berlin's clocks go forward."""
    day = after + dt.timedelta(days=1)
    while True:
        start = dt.datetime.combine(day, dt.time(0), tzinfo=ZONE)
        end = dt.datetime.combine(day, dt.time(23), tzinfo=ZONE)
        if end.utcoffset() > start.utcoffset():
            return day
        day += dt.timedelta(days=1)


def zoned(uid, *lines):
    """A phone's VCALENDAR with the VTIMEZONE of each TZID it uses (as phones send them)."""
    calendar = icalendar.Calendar.from_ical(harness.ics(uid, "DTSTAMP:" + harness.stamp(),
                                                        *lines))
    calendar.add_missing_timezones()
    return calendar.to_ical().decode()


def ical(day):
    return day.strftime("%Y%m%d")


class Mapping(unittest.TestCase):
    def read(self, *lines):
        fields, notes = todoread.todo_fields(ics.parse(harness.ics("x", "SUMMARY:x", *lines)),
                                             ZONE)
        return fields["scheduled"], fields["time"], notes

    def test_dtstart_reads_as_date_and_time_of_the_store_zone(self):
        self.assertEqual(self.read("DTSTART;TZID=Europe/Berlin:20300301T153000")[:2],
                         ("2030-03-01", "15:30"))
        self.assertEqual(self.read("DTSTART;TZID=America/New_York:20300301T203000")[:2],
                         ("2030-03-02", "02:30"))
        self.assertEqual(self.read("DTSTART:20300301T143000Z")[:2], ("2030-03-01", "15:30"))
        self.assertEqual(self.read("DTSTART:20300701T133000Z")[:2], ("2030-07-01", "15:30"))
        self.assertEqual(self.read("DTSTART:20300301T071500")[:2], ("2030-03-01", "07:15"))
        self.assertEqual(self.read("DTSTART;VALUE=DATE:20300301")[:2], ("2030-03-01", None))
        # a wall time in the spring-forward gap is the wall time written
        self.assertEqual(self.read("DTSTART;TZID=Europe/Berlin:20300331T023000")[:2],
                         ("2030-03-31", "02:30"))
        _, time, notes = self.read("DTSTART:20300301T143000Z", "DUE:20300302T163000Z")
        self.assertEqual(time, "15:30")
        self.assertEqual(notes, [])     # DUE's time is carried too (test_due_times)

    def test_a_time_is_written_with_the_zone_and_until_follows_dtstart(self):
        task = {"id": 1, "title": "T", "scheduledDate": "2030-03-31", "scheduledTime": "15:30",
                "recurrence": {"pattern": "daily"}, "rank": 1}
        fields = taskfields.task_fields(task)
        text = ics.serialize(todowrite.new_todo("u", fields, ZONE, task))
        self.assertIn("DTSTART;TZID=Europe/Berlin:20300331T153000", text)
        self.assertIn("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin", text)
        self.assertEqual(todoread.todo_fields(ics.parse(text), ZONE)[0], fields)
        # a phone's rule with an UNTIL date: a time in taskwire makes UNTIL a UTC time (the end
        # of that day), and taking the time away makes it a date again (RFC 5545)
        phone = harness.ics("x", "SUMMARY:x", "DTSTART;VALUE=DATE:20300301",
                            "RRULE:FREQ=DAILY;UNTIL=20300305")
        component = ics.parse(phone)
        fields, _ = todoread.todo_fields(component, ZONE)
        fields["time"] = "09:00"
        todowrite.write_fields(component, fields, ["time"], ZONE)
        text = ics.serialize(component, phone)
        self.assertIn("DTSTART;TZID=Europe/Berlin:20300301T090000", text)
        self.assertIn("RRULE:FREQ=DAILY;UNTIL=20300305T225959Z", text)
        fields["time"] = None
        todowrite.write_fields(component, fields, ["time"], ZONE)
        text = ics.serialize(component, phone)
        self.assertIn("DTSTART;VALUE=DATE:20300301", text)
        self.assertIn("RRULE:FREQ=DAILY;UNTIL=20300305\r\n", text)


class BerlinCase(Case):
    """The store's time zone is Europe/Berlin, for the bridge's taskwire and the desk's."""

    @property
    def tw(self):
        if self._tw is None:
            self._tw = harness.Client(self.binary, db=self.store, client_name="desk",
                                      time_zone=BERLIN, stderr=harness.subprocess.DEVNULL)
        return self._tw

    def env(self, **extra):
        return super().env(TZ=BERLIN, **extra)

    def start(self, uid):
        return self.phone.todos()[uid].decoded("DTSTART")


class TimesFromThePhone(BerlinCase):
    def test_a_phone_time_becomes_scheduled_time(self):
        day = dt.date.fromisoformat(self.today(20))
        dst = spring_forward(dt.date.fromisoformat(self.today(1)))
        p = self.phone
        p.put_raw("zoned", zoned("zoned", "SUMMARY:Zoned",
                                 f"DTSTART;TZID=Europe/Berlin:{ical(day)}T153000"))
        p.add("utc", "SUMMARY:UTC", f"DTSTART:{ical(dst)}T133000Z")
        p.add("utc-before", "SUMMARY:UTC before",
              f"DTSTART:{ical(dst - dt.timedelta(days=1))}T143000Z")
        p.put_raw("dst", zoned("dst", "SUMMARY:DST", f"DTSTART;TZID=Europe/Berlin:{ical(dst)}"
                                                     "T153000", "RRULE:FREQ=DAILY"))
        p.add("floating", "SUMMARY:Floating", f"DTSTART:{ical(day)}T071500",
              f"DUE:{ical(day)}T173000Z")
        p.add("date", "SUMMARY:Date", f"DTSTART;VALUE=DATE:{ical(day)}")
        _, err = self.sync()
        got = {t["title"]: (t["scheduledDate"], t.get("scheduledTime")) for t in self.tasks()}
        self.assertEqual(got, {
            "Zoned": (day.isoformat(), "15:30"), "UTC": (dst.isoformat(), "15:30"),
            "UTC before": ((dst - dt.timedelta(days=1)).isoformat(), "15:30"),
            "DST": (dst.isoformat(), "15:30"), "Floating": (day.isoformat(), "07:15"),
            "Date": (day.isoformat(), None)})
        # DUE's time is carried as dueTime (test_due_times); neither time is reported
        due = dt.datetime.combine(day, dt.time(17, 30), tzinfo=dt.timezone.utc).astimezone(ZONE)
        floating = self.task("Floating")
        self.assertEqual((floating["dueDate"], floating.get("dueTime")),
                         (due.date().isoformat(), due.strftime("%H:%M")))
        self.assertNotIn("DTSTART time", err)
        self.assertNotIn("DUE time", err)
        # the phone changes a time, clears one, gives one; taskwire follows
        p.edit("zoned", set_prop("DTSTART", dt.datetime.combine(day, dt.time(9, 45),
                                                                tzinfo=ZONE)))
        p.edit("floating", set_prop("DTSTART", day))
        p.edit("date", set_prop("DTSTART", dt.datetime.combine(day, dt.time(12), tzinfo=ZONE)))
        out, _ = self.sync()
        self.assertIn("to taskwire: changed 3", out)
        got = {t["title"]: (t["scheduledDate"], t.get("scheduledTime")) for t in self.tasks()}
        self.assertEqual((got["Zoned"], got["Floating"], got["Date"]),
                         ((day.isoformat(), "09:45"), (day.isoformat(), None),
                          (day.isoformat(), "12:00")))
        self.assertEqual(self.start("utc"), dt.datetime.combine(dst, dt.time(13, 30),
                                                                 tzinfo=dt.timezone.utc))
        # A bridge before times of day read DTSTART's day only: with its state (no times in
        # the bases), the time of a VTODO the phone does not change again comes over from the
        # copy the state holds, once; nothing goes back (the phone's floating and UTC forms
        # are left as they are)
        self.tw.call("task/update", {"id": self.task("Zoned")["id"], "scheduledTime": None})
        self.forget_in_state("time")
        out, _ = self.sync()
        self.assertIn("to taskwire: changed 1", out)
        self.assertNotIn("to server", out)
        self.assertEqual(self.task("Zoned").get("scheduledTime"), "09:45")
        out, _ = self.sync()
        self.assertIn("nothing to do", out)


class TimesFromTaskwire(BerlinCase):
    def test_a_taskwire_time_is_a_zoned_dtstart(self):
        dst = spring_forward(dt.date.fromisoformat(self.today(1)))
        day = dt.date.fromisoformat(self.today(3))
        tw = self.tw
        a = tw.call("task/create", {"title": "Stand-up", "scheduledDate": dst.isoformat(),
                                    "scheduledTime": "15:30",
                                    "recurrence": {"pattern": "daily"}})["task"]
        b = tw.call("task/create", {"title": "Dentist", "scheduledDate": day.isoformat(),
                                    "scheduledTime": "09:00", "dueDate": self.today(5)})["task"]
        c = tw.call("task/create", {"title": "Plain", "scheduledDate": day.isoformat()})["task"]
        d = tw.call("task/create", {"title": "Lunch", "scheduledDate": day.isoformat(),
                                    "scheduledTime": "12:30"})["task"]
        self.phone.put_raw("phone-rule", zoned(
            "phone-rule", "SUMMARY:Gym", f"DTSTART;VALUE=DATE:{ical(day)}",
            f"RRULE:FREQ=DAILY;UNTIL={ical(day + dt.timedelta(days=9))}"))
        self.sync()
        uids = {str(t["SUMMARY"]): uid for uid, t in self.phone.todos().items()}
        start = self.start(uids["Stand-up"])
        # the wall time on the day the clocks go forward: 15:30 CEST, 13:30 UTC
        self.assertEqual((start.date(), start.strftime("%H:%M"), start.tzinfo.key),
                         (dst, "15:30", BERLIN))
        self.assertEqual(start.astimezone(dt.timezone.utc).strftime("%H:%M"), "13:30")
        self.assertEqual(self.phone.todos()[uids["Stand-up"]]["RRULE"].to_ical(), b"FREQ=DAILY")
        self.assertEqual(self.start(uids["Plain"]), day)
        obj = harness.caldav.Todo(client=self.phone.client, parent=self.phone.calendar,
                                  url=self.phone.objects()[uids["Dentist"]][0])
        obj.load()
        text = obj.data
        self.assertIn(f"DTSTART;TZID=Europe/Berlin:{ical(day)}T090000", text)
        self.assertIn("BEGIN:VTIMEZONE", text)
        # RFC 5545: DUE of DTSTART's value type, so the due date is 00:00 and marked as a date
        # alone (test_due_times)
        self.assertIn(f"DUE;TZID=Europe/Berlin:{self.today(5).replace('-', '')}T000000", text)
        self.assertIn("X-TASKWIRE-DATE-ONLY:DUE", text)
        # taskwire changes a time, clears one, gives one, takes a date (and its time) away, and
        # gives the phone's repeat a time (its UNTIL becomes a UTC time, as RFC 5545 asks)
        tw.call("task/update", {"id": b["id"], "scheduledTime": "08:05"})
        tw.call("task/update", {"id": a["id"], "scheduledTime": None})
        tw.call("task/update", {"id": c["id"], "scheduledTime": "12:00"})
        gym = self.task("Gym")
        tw.call("task/update", {"id": gym["id"], "scheduledTime": "07:00"})
        tw.call("task/update", {"id": d["id"], "scheduledDate": None})
        out, _ = self.sync()
        self.assertIn("to server: changed 5", out)
        self.assertNotIn("DTSTART", self.phone.todos()[uids["Lunch"]])
        self.assertEqual(self.start(uids["Stand-up"]), dst)
        dentist = self.start(uids["Dentist"])
        self.assertEqual((dentist.strftime("%H:%M"), dentist.tzinfo.key), ("08:05", BERLIN))
        self.assertEqual(self.start(uids["Plain"]),
                         dt.datetime.combine(day, dt.time(12), tzinfo=ZONE))
        rule = self.phone.todos()["phone-rule"]["RRULE"]
        self.assertEqual(rule["UNTIL"][0], dt.datetime.combine(
            day + dt.timedelta(days=9), dt.time(23, 59, 59), tzinfo=ZONE)
            .astimezone(dt.timezone.utc))
        self.assertEqual(self.start("phone-rule").strftime("%H:%M"), "07:00")
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_a_time_changed_on_both_sides_later_wins(self):
        day = dt.date.fromisoformat(self.today(4))
        task = self.tw.call("task/create", {"title": "Call", "scheduledDate": day.isoformat(),
                                            "scheduledTime": "10:00"})["task"]
        self.sync()
        uid = next(iter(self.phone.todos()))
        self.tw.call("task/update", {"id": task["id"], "scheduledTime": "11:00"})
        self.phone.edit(uid, set_prop("DTSTART", dt.datetime.combine(day, dt.time(16, 15),
                                                                     tzinfo=ZONE)),
                        last_modified=5)
        _, err = self.sync()
        self.assertIn("conflict on 'Call' (time): kept '16:15'", err)
        self.assertEqual(self.task("Call")["scheduledTime"], "16:15")
        # taskwire's later clear beats the phone's earlier change; a title from the phone
        # beside it is no conflict
        self.phone.edit(uid, lambda t: (set_prop("DTSTART", dt.datetime.combine(
            day, dt.time(17), tzinfo=ZONE))(t), set_prop("SUMMARY", "Call back")(t)),
            last_modified=-30)
        self.tw.call("task/update", {"id": task["id"], "scheduledTime": None})
        self.sync()
        self.assertEqual(self.start(uid), day)
        got = self.task("Call back")
        self.assertEqual((got["scheduledDate"], got.get("scheduledTime")), (day.isoformat(), None))
        out, _ = self.sync("--conflicts")
        self.assertIn("kept '16:15'; lost '11:00'", out)
        self.assertIn("kept None; lost '17:00'", out)
