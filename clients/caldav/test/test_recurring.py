"""End to end: a repeating task completed on the phone, or on both sides before a sync: one next
occurrence, on both."""

import datetime as dt

from harness import Case, set_prop


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
