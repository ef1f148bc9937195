"""The mapping alone (no server): each repeat and field read back as written."""

import datetime as dt
import unittest
import zoneinfo

import harness  # noqa: F401 (sys.path)
from taskwire_caldav import ics, taskfields, times, todoread, todowrite

ZONE = zoneinfo.ZoneInfo("Europe/Berlin")


def task(**fields):
    base = {"id": 1, "title": "T", "notes": None, "tags": [], "priority": 1, "urgent": False,
            "durationMinutes": 15, "type": "maintenance", "scheduledDate": "2030-03-04",
            "dueDate": None, "recurrence": {"pattern": "none"}, "completed": False,
            "completedAt": None, "createdAt": "2030-01-01T00:00:00Z",
            "updatedAt": "2030-01-01T00:00:00Z", "rank": 7}
    base.update(fields)
    return base


class Mapping(unittest.TestCase):
    def round_trip(self, t):
        fields = taskfields.task_fields(t)
        text = ics.serialize(todowrite.new_todo("u", fields, ZONE, t))
        back, notes = todoread.todo_fields(ics.parse(text), ZONE)
        self.assertEqual(back, fields, text)
        return text

    def test_repeats(self):
        for rec in ({"pattern": "daily"}, {"pattern": "daily", "interval": 3},
                    {"pattern": "weekly", "weekdays": [1, 2, 3, 4, 5]},
                    {"pattern": "weekly", "weekdays": [], "interval": 3},
                    {"pattern": "biweekly", "weekdays": [2]},
                    {"pattern": "monthly", "monthDay": 32},
                    {"pattern": "monthly", "monthDay": 15, "interval": 2,
                     "afterCompletion": True}):
            self.round_trip(task(recurrence=rec))
        text = self.round_trip(task(recurrence={"pattern": "monthly", "monthDay": 32}))
        self.assertIn("RRULE:FREQ=MONTHLY;BYMONTHDAY=-1", text)
        text = self.round_trip(task(recurrence={"pattern": "biweekly", "weekdays": [2]}))
        self.assertIn("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", text)
        # a repeat without a start date cannot be an RRULE (no DTSTART): it travels as an X-
        text = self.round_trip(task(scheduledDate=None, recurrence={"pattern": "daily"}))
        self.assertIn("X-TASKWIRE-RRULE:FREQ=DAILY", text)

    def test_fields(self):
        for p in (1, 2, 3):
            self.round_trip(task(priority=p))
        self.round_trip(task(title="Grüße 👋, ; \\ x", notes="a\nb,c;d", tags=["a, b", "ü"],
                             urgent=True, durationMinutes=120, type="meeting",
                             dueDate="2030-03-05"))
        self.round_trip(task(completed=True, completedAt="2030-01-02T03:04:05Z", rank=None))

    def test_what_cannot_be_carried_is_named(self):
        text = harness.ics("x", "SUMMARY:x", "DTSTART:20300301T100000Z",
                           "RRULE:FREQ=YEARLY", "LOCATION:Home", "X-TASKWIRE-TYPE:nap")
        fields, notes = todoread.todo_fields(ics.parse(text), ZONE)
        self.assertEqual((fields["scheduled"], fields["time"]), ("2030-03-01", "11:00"))
        self.assertEqual(fields["recurrence"], {"unsupported": "FREQ=YEARLY"})
        self.assertFalse(taskfields.representable("recurrence", fields["recurrence"]))
        joined = "\n".join(notes)
        self.assertNotIn("DTSTART", joined)    # its time of day is carried (test_times)
        for words in ("FREQ=YEARLY cannot be carried", "location",
                      "'nap' unknown"):
            self.assertIn(words, joined)

    def test_malformed(self):
        with self.assertRaises(times.Malformed):
            todoread.todo_fields(ics.parse(harness.ics("x", "PRIORITY:high")), ZONE)
        with self.assertRaises(times.Malformed):
            ics.parse("not a calendar")

    def test_a_new_day_keeps_the_time(self):
        text = harness.ics("x", "SUMMARY:x", "DUE;TZID=Europe/Berlin:20300301T173000")
        component = ics.parse(text)
        fields, _ = todoread.todo_fields(component, ZONE)
        fields["due"] = "2030-03-09"
        todowrite.write_fields(component, fields, ["due"], ZONE)
        due = component.decoded("DUE")
        self.assertEqual((due.date(), due.hour, due.minute), (dt.date(2030, 3, 9), 17, 30))
