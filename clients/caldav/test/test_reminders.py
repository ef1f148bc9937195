"""Reminders (taskwire's ``reminders``) ⇄ VALARM, in a store whose zone is Europe/Berlin: the
mapping alone, then end to end with Radicale, the bridge and the phone."""

import datetime as dt
import unittest

import harness
from harness import set_prop
from taskwire_caldav import alarms, ics, taskfields, todoread, todowrite
from test_times import BERLIN, ZONE, BerlinCase, ical, spring_forward, zoned

UTC = dt.timezone.utc


def alarm_lines(*lines):
    return ["BEGIN:VALARM", *lines, "END:VALARM"]


def utc_of(day, hhmm):
    """The UTC text (…Z) of a Berlin wall time."""
    wall = dt.datetime.combine(day, dt.time.fromisoformat(hhmm), tzinfo=ZONE)
    return wall.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def valarms(todo):
    return [c for c in todo.subcomponents if c.name == "VALARM"]


def trigger(alarm):
    """(the TRIGGER's value, its RELATED, its VALUE) of a VALARM."""
    prop = alarm["TRIGGER"]
    return (alarm.decoded("TRIGGER"), prop.params.get("RELATED"), prop.params.get("VALUE"))


class Mapping(unittest.TestCase):
    def read(self, *lines):
        fields, notes = todoread.todo_fields(ics.parse(harness.ics("x", "SUMMARY:x", *lines)),
                                             ZONE)
        return fields["reminders"], notes

    def test_every_kind_of_alarm_reads_as_a_reminder_or_a_note(self):
        start = "DTSTART;TZID=Europe/Berlin:20300301T100000"
        got, notes = self.read(
            start, "DUE;TZID=Europe/Berlin:20300302T170000",
            *alarm_lines("ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:x"),
            *alarm_lines("ACTION:AUDIO", "TRIGGER;RELATED=START:-P1D"),
            *alarm_lines("TRIGGER;VALUE=DATE-TIME:20300301T070000Z"),        # no ACTION
            *alarm_lines("ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT30M", "DESCRIPTION:x"),
            *alarm_lines("ACTION:DISPLAY", "TRIGGER:PT1H", "DESCRIPTION:x"),  # after the start
            *alarm_lines("ACTION:DISPLAY", "TRIGGER:-P8D", "DESCRIPTION:x"),  # past a week
            *alarm_lines("ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:again"),
            *alarm_lines("ACTION:EMAIL", "TRIGGER:-PT5M", "DESCRIPTION:x", "SUMMARY:x",
                         "ATTENDEE:mailto:me@example.org"),
            *alarm_lines("ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z",
                         "X-APPLE-PROXIMITY:ARRIVE", "X-APPLE-STRUCTURED-LOCATION:geo:1,2"),
            *alarm_lines("ACTION:DISPLAY", "TRIGGER:-PT1M", "REPEAT:2", "DURATION:PT5M",
                         "DESCRIPTION:x"))
        self.assertEqual(got, [{"at": "2030-02-21T10:00"}, {"at": "2030-03-01T08:00"},
                               {"at": "2030-03-01T11:00"}, {"at": "2030-03-02T16:30"},
                               {"before": 1}, {"before": 15}, {"before": 1440}])
        joined = "\n".join(notes)
        for words in ("reminder by email (VALARM ACTION:EMAIL): kept on the server only",
                      "reminder at a place", "REPEAT (VALARM): taskwire reminds once"):
            self.assertIn(words, joined)
        # a start without a time: a relative alarm is the time it falls on (the day's midnight
        # minus 15 minutes); relative to a date the VTODO lacks: not carried, said
        got, notes = self.read("DTSTART;VALUE=DATE:20300301",
                               *alarm_lines("ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:x"),
                               *alarm_lines("ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT15M",
                                            "DESCRIPTION:x"))
        self.assertEqual(got, [{"at": "2030-02-28T23:45"}])
        self.assertIn("reminder 15 min before the due time, which the task has not (VALARM): "
                      "kept on the server only", notes)
        # more than taskwire's 10: the first 10, the rest said
        many = [line for n in range(12) for line in alarm_lines(
            "ACTION:DISPLAY", f"TRIGGER;VALUE=DATE-TIME:203003{n + 1:02d}T080000Z",
            "DESCRIPTION:x")]
        got, notes = self.read(*many)
        self.assertEqual(len(got), 10)
        self.assertEqual(got[-1], {"at": "2030-03-10T09:00"})
        self.assertIn("2 reminder(s) past taskwire's 10 (VALARM): kept on the server until the "
                      "reminders change in taskwire", notes)

    def test_written_and_read_back(self):
        dst = spring_forward(dt.date(2030, 1, 1))
        task = {"id": 1, "title": "Dentist", "scheduledDate": "2030-03-04",
                "scheduledTime": "15:30", "rank": 1,
                "reminders": [{"before": 30}, {"at": "2030-03-03T18:00"}, {"before": 0},
                              {"at": f"{dst.isoformat()}T02:30"}]}
        fields = taskfields.task_fields(task, zone=ZONE)
        # a wall time a spring-forward change skips is the time after the gap, as taskwire
        # fires it and as its UTC VALARM reads back
        self.assertIn({"at": f"{dst.isoformat()}T03:30"}, fields["reminders"])
        text = ics.serialize(todowrite.new_todo("u", fields, ZONE, task))
        self.assertIn("TRIGGER;RELATED=START:-PT30M", text)
        self.assertIn("TRIGGER;VALUE=DATE-TIME:20300303T170000Z", text)
        self.assertIn("ACTION:DISPLAY", text)
        self.assertIn("DESCRIPTION:Dentist", text)
        back, notes = todoread.todo_fields(ics.parse(text), ZONE)
        self.assertEqual((back, notes), (fields, []))
        # a new title: the alarms that said the title say the new one
        component = ics.parse(text)
        todowrite.write_fields(component, dict(fields, title="Zahnarzt"), ["title"], ZONE)
        self.assertEqual({str(a["DESCRIPTION"]) for a in valarms(component)}, {"Zahnarzt"})

    def test_a_new_date_keeps_each_reminders_moment(self):
        phone = harness.ics("x", "SUMMARY:x", "DTSTART;VALUE=DATE:20300301",
                            "DUE;TZID=Europe/Berlin:20300305T170000",
                            *alarm_lines("ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT15M",
                                         "DESCRIPTION:x"),
                            *alarm_lines("ACTION:EMAIL", "TRIGGER;RELATED=END:-PT15M",
                                         "DESCRIPTION:x", "SUMMARY:x",
                                         "ATTENDEE:mailto:me@example.org"))
        component = ics.parse(phone)
        fields, _ = todoread.todo_fields(component, ZONE)
        self.assertEqual(fields["reminders"], [{"at": "2030-03-05T16:45"}])
        fields["due"] = "2030-03-09"
        todowrite.write_fields(component, fields, ["due"], ZONE)
        back, _ = todoread.todo_fields(component, ZONE)
        self.assertEqual(back["reminders"], [{"at": "2030-03-05T16:45"}])
        email = [a for a in valarms(component) if str(a["ACTION"]) == "EMAIL"]
        self.assertEqual(trigger(email[0])[:2], (dt.timedelta(minutes=-15), "END"))
        self.assertEqual(alarms.canonical([{"before": 5}, {"at": "2030-01-01T09:00"},
                                           {"before": 5}]),
                         [{"at": "2030-01-01T09:00"}, {"before": 5}])


class Reminders(BerlinCase):
    def test_both_kinds_reach_the_phone_and_a_second_sync_is_stable(self):
        day = dt.date.fromisoformat(self.today(5))
        eve = day - dt.timedelta(days=1)
        self.tw.call("task/create", {
            "title": "Zahnarzt 🦷", "scheduledDate": day.isoformat(), "scheduledTime": "15:30",
            "reminders": [{"before": 30}, {"at": f"{eve.isoformat()}T18:00"}]})
        self.tw.call("task/create", {"title": "Plain", "scheduledDate": day.isoformat()})
        out, _ = self.sync()
        self.assertIn("to server: new 2", out)
        objects = self.phone.objects()
        todo = next(t for _, _, t in objects.values() if str(t["SUMMARY"]) == "Zahnarzt 🦷")
        got = sorted([(trigger(a), str(a["ACTION"]), str(a["DESCRIPTION"]))
                      for a in valarms(todo)], key=str)
        at = dt.datetime.combine(eve, dt.time(18), tzinfo=ZONE).astimezone(UTC)
        self.assertEqual(got, sorted([
            ((dt.timedelta(minutes=-30), "START", None), "DISPLAY", "Zahnarzt 🦷"),
            ((at, None, "DATE-TIME"), "DISPLAY", "Zahnarzt 🦷")], key=str))
        # the absolute one is a UTC time; the relative one is to a zoned DTSTART
        self.assertEqual(valarms(todo)[[trigger(a)[2] for a in valarms(todo)].index(
            "DATE-TIME")].decoded("TRIGGER").tzinfo.utcoffset(None), dt.timedelta(0))
        self.assertEqual(todo.decoded("DTSTART").tzinfo.key, BERLIN)
        plain = next(t for _, _, t in objects.values() if str(t["SUMMARY"]) == "Plain")
        self.assertEqual(valarms(plain), [])
        # nothing changed: no PUT, the same ETags
        out, err = self.sync()
        self.assertIn("nothing to do", out)
        self.assertNotIn("VALARM", err)
        self.assertEqual({u: e for u, (_, e, _) in self.phone.objects().items()},
                         {u: e for u, (_, e, _) in objects.items()})
        # taskwire moves the time: the relative alarm moves with DTSTART, nothing else changes
        task = self.task("Zahnarzt 🦷")
        self.tw.call("task/update", {"id": task["id"], "scheduledTime": "16:00"})
        out, _ = self.sync()
        self.assertIn("to server: changed 1", out)
        after = self.phone.todos()[next(u for u, (_, _, t) in objects.items()
                                        if str(t["SUMMARY"]) == "Zahnarzt 🦷")]
        self.assertEqual([a.to_ical() for a in valarms(after)],
                         [a.to_ical() for a in valarms(todo)])
        self.assertIn("nothing to do", self.sync()[0])

    def test_a_phone_alarm_becomes_a_reminder(self):
        day = dt.date.fromisoformat(self.today(6))
        due = day + dt.timedelta(days=2)
        self.phone.put_raw("call", zoned(
            "call", "SUMMARY:Call the bank", f"DTSTART;TZID=Europe/Berlin:{ical(day)}T100000",
            f"DUE;TZID=Europe/Berlin:{ical(due)}T170000",
            *alarm_lines("ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:Reminder"),
            # iOS Reminders' shape of an absolute alarm, shown once already
            *alarm_lines("ACTION:DISPLAY", f"TRIGGER;VALUE=DATE-TIME:{utc_of(day, '08:00')}",
                         "DESCRIPTION:Reminder", "X-WR-ALARMUID:7F3C-A1",
                         "UID:7F3C-A1", f"ACKNOWLEDGED:{harness.stamp(-60)}"),
            *alarm_lines("ACTION:AUDIO", "TRIGGER;RELATED=END:-PT1H"),
            *alarm_lines("ACTION:EMAIL", "TRIGGER:-PT5M", "DESCRIPTION:x", "SUMMARY:Call",
                         "ATTENDEE:mailto:me@example.org")))
        self.phone.add("undated", "SUMMARY:Someday thing",
                       *alarm_lines("ACTION:DISPLAY", "TRIGGER:-PT10M", "DESCRIPTION:x"))
        out, err = self.sync()
        self.assertIn("to taskwire: new 2", out)
        task = self.task("Call the bank")
        self.assertEqual(task["scheduledTime"], "10:00")
        self.assertEqual(alarms.canonical(task["reminders"]), [
            {"at": f"{day.isoformat()}T08:00"}, {"at": f"{due.isoformat()}T16:00"},
            {"before": 15}])
        self.assertIn("'Call the bank': reminder by email (VALARM ACTION:EMAIL): kept on the "
                      "server only", err)
        self.assertIn("'Someday thing': reminder 10 min before the start, which the task has "
                      "not (VALARM): kept on the server only", err)
        self.assertNotIn("reminders", self.task("Someday thing"))
        out, err = self.sync()
        self.assertIn("nothing to do", out)
        self.assertNotIn("VALARM", err)

    def test_an_alarm_edited_on_the_phone_updates_taskwire(self):
        day = dt.date.fromisoformat(self.today(3))
        task = self.tw.call("task/create", {
            "title": "Standup", "scheduledDate": day.isoformat(), "scheduledTime": "09:30",
            "reminders": [{"before": 10}]})["task"]
        self.sync()
        uid = next(iter(self.phone.todos()))

        def edit(todo):
            alarm = valarms(todo)[0]
            del alarm["TRIGGER"]
            alarm.add("TRIGGER", dt.timedelta(minutes=-45), parameters={"RELATED": "START"})
            extra = harness.icalendar.Alarm()
            extra.add("ACTION", "DISPLAY")
            extra.add("DESCRIPTION", "Standup")
            extra.add("TRIGGER", dt.datetime.combine(day, dt.time(7), tzinfo=ZONE)
                      .astimezone(UTC), parameters={"VALUE": "DATE-TIME"})
            todo.add_component(extra)
        self.phone.edit(uid, edit)
        out, _ = self.sync()
        self.assertIn("to taskwire: changed 1", out)
        self.assertEqual(self.task("Standup")["reminders"],
                         [{"at": f"{day.isoformat()}T07:00"}, {"before": 45}])
        self.assertNotIn("to server", out)
        self.assertIn("nothing to do", self.sync()[0])
        # one history step, undone like any sync: the phone gets the old reminder back
        self.tw.call("history/undo")
        self.assertEqual(self.task("Standup")["reminders"], [{"before": 10}])
        self.sync()
        self.assertEqual([trigger(a)[:2] for a in valarms(self.phone.todos()[uid])],
                         [(dt.timedelta(minutes=-10), "START")])
        # both sides change the reminders: the later change wins, the other is listed
        self.tw.call("task/update", {"id": task["id"], "reminders": [{"before": 5}]})
        self.phone.edit(uid, lambda todo: valarms(todo)[0].__setitem__(
            "TRIGGER", harness.icalendar.vDDDTypes(dt.timedelta(minutes=-20))), last_modified=5)
        _, err = self.sync()
        self.assertIn("conflict on 'Standup' (reminders)", err)
        self.assertEqual(self.task("Standup")["reminders"], [{"before": 20}])
        self.assertEqual([trigger(a)[0] for a in valarms(self.phone.todos()[uid])],
                         [dt.timedelta(minutes=-20)])
        self.assertIn("lost [{'before': 5}]", self.sync("--conflicts")[0])

    def test_removing_reminders_keeps_the_alarms_we_do_not_carry(self):
        day = dt.date.fromisoformat(self.today(4))
        email = alarm_lines("ACTION:EMAIL", "TRIGGER:-PT5M", "DESCRIPTION:x", "SUMMARY:Pay",
                            "ATTENDEE:mailto:me@example.org", "X-EVOLUTION-ALARM-UID:e-1")
        apple = alarm_lines("ACTION:DISPLAY", f"TRIGGER;VALUE=DATE-TIME:{utc_of(day, '08:00')}",
                            "DESCRIPTION:Reminder", "X-WR-ALARMUID:A-1", "UID:A-1")
        self.phone.put_raw("pay", zoned(
            "pay", "SUMMARY:Pay rent", f"DTSTART;TZID=Europe/Berlin:{ical(day)}T120000",
            "X-APPLE-SORT-ORDER:5", *email, *apple))
        self.sync()
        task = self.task("Pay rent")
        self.assertEqual(task["reminders"], [{"at": f"{day.isoformat()}T08:00"}])
        before = self.phone.todos()["pay"]
        # a reminder added in taskwire: the phone's alarm stays byte for byte, one is added
        self.tw.call("task/update", {"id": task["id"], "reminders": [
            {"at": f"{day.isoformat()}T08:00"}, {"before": 60}]})
        out, _ = self.sync()
        self.assertIn("to server: changed 1", out)
        mid = valarms(self.phone.todos()["pay"])
        self.assertEqual([a.to_ical() for a in mid[:2]],
                         [a.to_ical() for a in valarms(before)])
        self.assertEqual((trigger(mid[2])[:2], str(mid[2]["DESCRIPTION"])),
                         ((dt.timedelta(hours=-1), "START"), "Pay rent"))
        # all removed in taskwire: our alarms go, the e-mail alarm stays as it was
        self.tw.call("task/update", {"id": task["id"], "reminders": []})
        out, _ = self.sync()
        self.assertIn("to server: changed 1", out)
        after = self.phone.todos()["pay"]
        self.assertEqual([a.to_ical() for a in valarms(after)],
                         [valarms(before)[0].to_ical()])
        self.assertIn("X-EVOLUTION-ALARM-UID:e-1", after.to_ical().decode())
        self.assertNotIn("reminders", self.task("Pay rent"))
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_a_state_from_before_reminders_brings_the_phone_alarms_once(self):
        day = dt.date.fromisoformat(self.today(2))
        self.phone.put_raw("old", zoned(
            "old", "SUMMARY:Old alarm", f"DTSTART;TZID=Europe/Berlin:{ical(day)}T090000",
            *alarm_lines("ACTION:DISPLAY", "TRIGGER:-PT20M", "DESCRIPTION:x")))
        self.sync()
        # as a bridge before reminders left it: no reminders in the bases, none in taskwire
        self.tw.call("task/update", {"id": self.task("Old alarm")["id"], "reminders": []})
        self.forget_in_state("reminders")
        out, _ = self.sync()
        self.assertIn("to taskwire: changed 1", out)
        self.assertNotIn("to server", out)
        self.assertEqual(self.task("Old alarm")["reminders"], [{"before": 20}])
        self.assertIn("nothing to do", self.sync()[0])
