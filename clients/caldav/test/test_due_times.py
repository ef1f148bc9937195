"""A deadline's time (taskwire's dueTime ⇄ DUE's time of day), in a store whose zone is
Europe/Berlin: the mapping alone, then end to end with Radicale, the bridge and the phone.
RFC 5545's rule that DTSTART and DUE are of one value type: a date alone beside a time is written
as 00:00 and marked X-TASKWIRE-DATE-ONLY, and read back without a time."""

import datetime as dt
import unittest
import zoneinfo

import harness
from harness import set_prop
from taskwire_caldav import ics, taskfields, todoread, todowrite
from test_times import ZONE, BerlinCase, ical, zoned

UTC = dt.timezone.utc


def lines_of(text, *names):
    """The content lines of the VTODO starting with one of ``names`` (VTIMEZONE's left out),
    sorted."""
    body = text.replace("\r\n", "\n").split("BEGIN:VTODO", 1)[1].split("END:VTODO", 1)[0]
    return sorted(line for line in body.replace("\n ", "").split("\n")
                  if line.startswith(names))


class Mapping(unittest.TestCase):
    def read(self, *lines):
        fields, notes = todoread.todo_fields(ics.parse(harness.ics("x", "SUMMARY:x", *lines)),
                                             ZONE)
        return (fields["due"], fields["dueTime"]), notes

    def written(self, task):
        fields = taskfields.task_fields(task, zone=ZONE)
        text = ics.serialize(todowrite.new_todo("u", fields, ZONE, task))
        back, notes = todoread.todo_fields(ics.parse(text), ZONE)
        self.assertEqual((back, notes), (fields, []))     # read back as it was, said nothing
        return text

    def test_due_reads_as_date_and_time_of_the_store_zone(self):
        self.assertEqual(self.read("DUE;TZID=Europe/Berlin:20300301T170000"),
                         (("2030-03-01", "17:00"), []))
        self.assertEqual(self.read("DUE:20300301T160000Z")[0], ("2030-03-01", "17:00"))
        self.assertEqual(self.read("DUE:20300701T150000Z")[0], ("2030-07-01", "17:00"))
        self.assertEqual(self.read("DUE;TZID=America/New_York:20300301T203000")[0],
                         ("2030-03-02", "02:30"))
        self.assertEqual(self.read("DUE:20300301T173045")[0], ("2030-03-01", "17:30"))
        self.assertEqual(self.read("DUE;VALUE=DATE:20300301")[0], ("2030-03-01", None))
        # midnight is a time like any other, unless the bridge marked it as a date alone
        self.assertEqual(self.read("DUE;TZID=Europe/Berlin:20300301T000000")[0],
                         ("2030-03-01", "00:00"))
        self.assertEqual(self.read("DUE:20300228T230000Z")[0], ("2030-03-01", "00:00"))
        self.assertEqual(self.read("DUE;TZID=Europe/Berlin:20300301T000000",
                                   "X-TASKWIRE-DATE-ONLY:DUE")[0], ("2030-03-01", None))
        self.assertEqual(self.read("DUE:20300228T230000Z", "X-TASKWIRE-DATE-ONLY:DUE")[0],
                         ("2030-03-01", None))
        # a mark left behind by a phone that gave DUE a time: the time counts
        self.assertEqual(self.read("DUE;TZID=Europe/Berlin:20300301T090000",
                                   "X-TASKWIRE-DATE-ONLY:DUE")[0], ("2030-03-01", "09:00"))
        # an alarm relative to DUE falls before its time; relative to a date alone, before
        # its midnight
        fields, _ = todoread.todo_fields(ics.parse(harness.ics(
            "x", "SUMMARY:x", "DUE;TZID=Europe/Berlin:20300301T170000", "BEGIN:VALARM",
            "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT30M", "DESCRIPTION:x", "END:VALARM")),
            ZONE)
        self.assertEqual(fields["reminders"], [{"at": "2030-03-01T16:30"}])

    def test_written_as_a_zoned_time_or_a_date_of_one_type_with_dtstart(self):
        due = self.written({"id": 1, "title": "T", "dueDate": "2030-03-01", "dueTime": "17:00"})
        self.assertEqual(lines_of(due, "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"),
                         ["DUE;TZID=Europe/Berlin:20300301T170000"])
        self.assertIn("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin", due)
        # a start with a time beside a due date alone: DUE at 00:00, marked
        text = self.written({"id": 1, "title": "T", "scheduledDate": "2030-03-01",
                             "scheduledTime": "09:00", "dueDate": "2030-03-02"})
        self.assertEqual(lines_of(text, "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"),
                         ["DTSTART;TZID=Europe/Berlin:20300301T090000",
                          "DUE;TZID=Europe/Berlin:20300302T000000", "X-TASKWIRE-DATE-ONLY:DUE"])
        # a start alone beside a due time: DTSTART at 00:00, marked; a repeat's UNTIL follows
        text = self.written({"id": 1, "title": "T", "scheduledDate": "2030-03-01",
                             "dueDate": "2030-03-02", "dueTime": "17:00"})
        self.assertEqual(lines_of(text, "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"),
                         ["DTSTART;TZID=Europe/Berlin:20300301T000000",
                          "DUE;TZID=Europe/Berlin:20300302T170000",
                          "X-TASKWIRE-DATE-ONLY:DTSTART"])
        # a due time at midnight is a time (no mark); neither with a time: two DATEs
        text = self.written({"id": 1, "title": "T", "scheduledDate": "2030-03-01",
                             "dueDate": "2030-03-02", "dueTime": "00:00"})
        self.assertEqual(lines_of(text, "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"),
                         ["DTSTART;TZID=Europe/Berlin:20300301T000000",
                          "DUE;TZID=Europe/Berlin:20300302T000000",
                          "X-TASKWIRE-DATE-ONLY:DTSTART"])
        text = self.written({"id": 1, "title": "T", "scheduledDate": "2030-03-01",
                             "dueDate": "2030-03-02"})
        self.assertEqual(lines_of(text, "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"),
                         ["DTSTART;VALUE=DATE:20300301", "DUE;VALUE=DATE:20300302"])

    def test_changes_keep_the_types_matched(self):
        task = {"id": 1, "title": "T", "scheduledDate": "2030-03-01", "dueDate": "2030-03-02",
                "dueTime": "17:00", "recurrence": {"pattern": "daily"}}
        fields = taskfields.task_fields(task, zone=ZONE)
        component = todowrite.new_todo("u", fields, ZONE, task)
        # taskwire clears the due time: both are DATEs again, the mark gone
        fields["dueTime"] = None
        todowrite.write_fields(component, fields, ["dueTime"], ZONE)
        text = ics.serialize(component)
        self.assertEqual(lines_of(text, "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"),
                         ["DTSTART;VALUE=DATE:20300301", "DUE;VALUE=DATE:20300302"])
        # a phone's rule with UNTIL, a time given to the due date: DTSTART becomes 00:00 and
        # UNTIL a UTC time (RFC 5545), and taking the due date away makes both dates again
        phone = harness.ics("x", "SUMMARY:x", "DTSTART;VALUE=DATE:20300301",
                            "DUE;VALUE=DATE:20300302", "RRULE:FREQ=DAILY;UNTIL=20300305")
        component = ics.parse(phone)
        fields, _ = todoread.todo_fields(component, ZONE)
        fields["dueTime"] = "08:15"
        todowrite.write_fields(component, fields, ["dueTime"], ZONE)
        text = ics.serialize(component, phone)
        self.assertEqual(lines_of(text, "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY", "RRULE"),
                         ["DTSTART;TZID=Europe/Berlin:20300301T000000",
                          "DUE;TZID=Europe/Berlin:20300302T081500",
                          "RRULE:FREQ=DAILY;UNTIL=20300305T225959Z",
                          "X-TASKWIRE-DATE-ONLY:DTSTART"])
        self.assertEqual(todoread.todo_fields(ics.parse(text), ZONE)[0], fields)
        # a new day of the start alone keeps it 00:00 and marked
        fields["scheduled"] = "2030-03-02"
        todowrite.write_fields(component, fields, ["scheduled"], ZONE)
        self.assertEqual(todoread.todo_fields(component, ZONE)[0], fields)
        fields.update(due=None, dueTime=None)
        todowrite.write_fields(component, fields, ["due", "dueTime"], ZONE)
        text = ics.serialize(component, phone)
        self.assertEqual(lines_of(text, "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY", "RRULE"),
                         ["DTSTART;VALUE=DATE:20300302", "RRULE:FREQ=DAILY;UNTIL=20300305"])
        # an alarm before the start of a start that is a date alone is an 'at', not a 'before'
        fields, _ = todoread.todo_fields(ics.parse(harness.ics(
            "x", "SUMMARY:x", "DTSTART;TZID=Europe/Berlin:20300301T000000",
            "DUE;TZID=Europe/Berlin:20300302T170000", "X-TASKWIRE-DATE-ONLY:DTSTART",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:x", "END:VALARM")),
            ZONE)
        self.assertEqual((fields["time"], fields["reminders"]),
                         (None, [{"at": "2030-02-28T23:45"}]))


class DueTimes(BerlinCase):
    def raw(self, uid):
        obj = harness.caldav.Todo(client=self.phone.client, parent=self.phone.calendar,
                                  url=self.phone.objects()[uid][0])
        obj.load()
        return obj.data

    def due(self, title):
        task = self.task(title)
        return task.get("dueDate"), task.get("dueTime")

    def test_a_due_time_both_ways(self):
        day = dt.date.fromisoformat(self.today(5))
        task = self.tw.call("task/create", {"title": "Report", "dueDate": day.isoformat(),
                                            "dueTime": "17:00"})["task"]
        out, _ = self.sync()
        self.assertIn("to server: new 1", out)
        uid = task["uuid"]
        text = self.raw(uid)
        self.assertEqual(lines_of(text, "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"),
                         [f"DUE;TZID=Europe/Berlin:{ical(day)}T170000"])
        self.assertIn("BEGIN:VTIMEZONE", text)
        self.assertIn("nothing to do", self.sync()[0])
        # the phone changes the time only (and adds an alarm half an hour before DUE)
        self.phone.edit(uid, lambda t: (
            set_prop("DUE", dt.datetime.combine(day, dt.time(18, 30), tzinfo=ZONE))(t),
            t.add_component(alarm(dt.timedelta(minutes=-30), "END"))))
        out, _ = self.sync()
        self.assertIn("to taskwire: changed 1", out)
        self.assertNotIn("to server", out)
        self.assertEqual(self.due("Report"), (day.isoformat(), "18:30"))
        self.assertEqual(self.task("Report")["reminders"], [{"at": f"{day.isoformat()}T18:00"}])
        self.assertIn("nothing to do", self.sync()[0])
        # a new time in taskwire: DUE follows, the reminder keeps its moment (taskwire's 'at'
        # does not move), so the phone's relative alarm is written as that time
        self.tw.call("task/update", {"id": task["id"], "dueTime": "16:00"})
        out, _ = self.sync()
        self.assertIn("to server: changed 1", out)
        todo = self.phone.todos()[uid]
        self.assertEqual(todo.decoded("DUE"), dt.datetime.combine(day, dt.time(16), tzinfo=ZONE))
        self.assertEqual(todoread.todo_fields(todo, ZONE)[0]["reminders"],
                         [{"at": f"{day.isoformat()}T18:00"}])
        self.assertIn("nothing to do", self.sync()[0])
        # the time cleared in taskwire: a DATE; the date removed: no DUE
        self.tw.call("task/update", {"id": task["id"], "dueTime": None})
        self.sync()
        self.assertEqual(lines_of(self.raw(uid), "DUE", "X-TASKWIRE-DATE-ONLY"),
                         [f"DUE;VALUE=DATE:{ical(day)}"])
        self.tw.call("task/update", {"id": task["id"], "dueDate": None})
        out, _ = self.sync()
        self.assertIn("to server: changed 1", out)
        self.assertNotIn("DUE", self.phone.todos()[uid])
        self.assertIn("nothing to do", self.sync()[0])
        # a time the phone gives a due date is one change with the date
        self.phone.edit(uid, set_prop("DUE", dt.datetime.combine(day, dt.time(9, 15),
                                                                  tzinfo=UTC)))
        self.assertIn("to taskwire: changed 1", self.sync()[0])
        self.assertEqual(self.due("Report"), (day.isoformat(), berlin(day, dt.time(9, 15), UTC)))
        self.assertIn("nothing to do", self.sync()[0])

    def test_a_phone_due_time_becomes_due_time(self):
        day = dt.date.fromisoformat(self.today(7))
        p = self.phone
        p.add("utc", "SUMMARY:UTC", f"DUE:{ical(day)}T160000Z")
        p.add("floating", "SUMMARY:Floating", f"DUE:{ical(day)}T071500")
        p.put_raw("zoned", zoned("zoned", "SUMMARY:New York",
                                 f"DUE;TZID=America/New_York:{ical(day)}T110000"))
        p.add("midnight", "SUMMARY:Midnight", f"DUE:{utc(day, dt.time(0))}")
        p.add("date", "SUMMARY:Date", f"DUE;VALUE=DATE:{ical(day)}")
        # the phone's own mixed types (a DATE start, a DUE with a time) are taken as they are
        p.add("mixed", "SUMMARY:Mixed", f"DTSTART;VALUE=DATE:{ical(day)}",
              f"DUE:{ical(day)}T160000Z")
        out, err = self.sync()
        self.assertIn("to taskwire: new 6", out)
        self.assertNotIn("to server", out)
        self.assertNotIn("DUE", err)
        local = berlin(day, dt.time(16), UTC)
        new_york = berlin(day, dt.time(11), zoneinfo.ZoneInfo("America/New_York"))
        self.assertEqual({t["title"]: (t.get("dueDate"), t.get("dueTime")) for t in self.tasks()},
                         {"UTC": (day.isoformat(), local),
                          "Floating": (day.isoformat(), "07:15"),
                          "New York": (day.isoformat(), new_york),
                          "Midnight": (day.isoformat(), "00:00"),   # a DATE-TIME: the time 00:00
                          "Date": (day.isoformat(), None),
                          "Mixed": (day.isoformat(), local)})
        self.assertIsNone(self.task("Mixed").get("scheduledTime"))
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
        # a new day from taskwire keeps the phone's zone and the wall time
        self.tw.call("task/update", {"id": self.task("New York")["id"],
                                     "dueDate": (day + dt.timedelta(days=1)).isoformat()})
        self.sync()
        due = self.phone.todos()["zoned"].decoded("DUE")
        self.assertEqual((due.tzinfo.key, due.astimezone(ZONE).strftime("%d %H:%M")),
                         ("America/New_York",
                          f"{(day + dt.timedelta(days=1)).strftime('%d')} {new_york}"))
        # a state from a bridge before due times (no dueTime in its bases): the phone's times,
        # kept on the server by that bridge, come to taskwire once, and nothing goes back
        self.tw.call("task/update", {"id": self.task("UTC")["id"], "dueTime": None})
        self.forget_in_state("dueTime")
        out, _ = self.sync()
        self.assertIn("to taskwire: changed 1", out)
        self.assertNotIn("to server", out)
        self.assertEqual(self.due("UTC"), (day.isoformat(), local))
        self.assertIn("nothing to do", self.sync()[0])

    def test_one_value_type_for_dtstart_and_due(self):
        day = dt.date.fromisoformat(self.today(3))
        due = day + dt.timedelta(days=2)
        a = self.tw.call("task/create", {"title": "Timed start", "scheduledDate": day.isoformat(),
                                         "scheduledTime": "09:00",
                                         "dueDate": due.isoformat()})["task"]
        b = self.tw.call("task/create", {"title": "Timed due", "scheduledDate": day.isoformat(),
                                         "dueDate": due.isoformat(), "dueTime": "17:00",
                                         "recurrence": {"pattern": "weekly"}})["task"]
        self.sync()
        self.assertEqual(lines_of(self.raw(a["uuid"]), "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"),
                         [f"DTSTART;TZID=Europe/Berlin:{ical(day)}T090000",
                          f"DUE;TZID=Europe/Berlin:{ical(due)}T000000",
                          "X-TASKWIRE-DATE-ONLY:DUE"])
        self.assertEqual(lines_of(self.raw(b["uuid"]), "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"),
                         [f"DTSTART;TZID=Europe/Berlin:{ical(day)}T000000",
                          f"DUE;TZID=Europe/Berlin:{ical(due)}T170000",
                          "X-TASKWIRE-DATE-ONLY:DTSTART"])
        # read back without a time invented, and quiet
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
        self.assertEqual((self.due("Timed start"), self.task("Timed due").get("scheduledTime")),
                         ((due.isoformat(), None), None))
        # the phone moves the date-only DUE a day (keeping its 00:00 and the mark): a new day,
        # still no time; and gives the date-only start a time: a time
        later = due + dt.timedelta(days=1)
        self.phone.edit(a["uuid"], set_prop("DUE", dt.datetime.combine(later, dt.time(0),
                                                                        tzinfo=ZONE)))
        self.phone.edit(b["uuid"], set_prop("DTSTART", dt.datetime.combine(day, dt.time(8),
                                                                            tzinfo=ZONE)))
        out, _ = self.sync()
        self.assertIn("to taskwire: changed 2", out)
        self.assertEqual(self.due("Timed start"), (later.isoformat(), None))
        self.assertEqual(self.task("Timed due")["scheduledTime"], "08:00")
        self.assertIn("nothing to do", self.sync()[0])
        # taskwire takes the start's time away: neither has a time, both are DATEs, no mark;
        # and takes b's times away: the same
        self.tw.call("task/update", {"id": a["id"], "scheduledTime": None})
        self.tw.call("task/update", {"id": b["id"], "scheduledTime": None, "dueTime": None})
        out, _ = self.sync()
        self.assertIn("to server: changed 2", out)
        self.assertEqual(lines_of(self.raw(a["uuid"]), "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"),
                         [f"DTSTART;VALUE=DATE:{ical(day)}", f"DUE;VALUE=DATE:{ical(later)}"])
        self.assertEqual(lines_of(self.raw(b["uuid"]), "DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"),
                         [f"DTSTART;VALUE=DATE:{ical(day)}", f"DUE;VALUE=DATE:{ical(due)}"])
        self.assertIn("nothing to do", self.sync()[0])

    def test_a_due_time_changed_on_both_sides_later_wins(self):
        day = dt.date.fromisoformat(self.today(4))
        task = self.tw.call("task/create", {"title": "Pay", "dueDate": day.isoformat(),
                                            "dueTime": "10:00"})["task"]
        self.sync()
        uid = task["uuid"]
        self.tw.call("task/update", {"id": task["id"], "dueTime": "11:00"})
        self.phone.edit(uid, set_prop("DUE", dt.datetime.combine(day, dt.time(16, 15),
                                                                  tzinfo=ZONE)),
                        last_modified=5)
        _, err = self.sync()
        self.assertIn("conflict on 'Pay' (dueTime): kept '16:15'", err)
        self.assertEqual(self.due("Pay"), (day.isoformat(), "16:15"))
        # a day moved on the phone and a time changed in taskwire are both kept
        self.phone.edit(uid, set_prop("DUE", dt.datetime.combine(
            day + dt.timedelta(days=1), dt.time(16, 15), tzinfo=ZONE)))
        self.tw.call("task/update", {"id": task["id"], "dueTime": "12:00"})
        _, err = self.sync()
        self.assertNotIn("conflict", err)
        self.assertEqual(self.due("Pay"), ((day + dt.timedelta(days=1)).isoformat(), "12:00"))
        self.assertEqual(self.phone.todos()[uid].decoded("DUE"),
                         dt.datetime.combine(day + dt.timedelta(days=1), dt.time(12),
                                             tzinfo=ZONE))
        self.assertIn("nothing to do", self.sync()[0])


def utc(day, time):
    """The UTC text (…Z) of a Berlin wall time."""
    return dt.datetime.combine(day, time, tzinfo=ZONE).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def berlin(day, time, zone):
    """The Berlin wall time ("HH:MM") of a time of ``zone`` on ``day``."""
    return dt.datetime.combine(day, time, tzinfo=zone).astimezone(ZONE).strftime("%H:%M")


def alarm(offset, related):
    out = harness.icalendar.Alarm()
    out.add("ACTION", "DISPLAY")
    out.add("DESCRIPTION", "x")
    out.add("TRIGGER", offset, parameters={"RELATED": related})
    return out
