"""Times of day in the Tk editor under Xvfb (issue 30): the Time beside the date and beside the
deadline are sent as ``scheduledTime`` and ``dueTime``, shown in the row as the server words
them, refused with the server's message (a time without a date), and cleared when emptied.
What was stored is read back through a second taskwire process on the same store."""

import unittest

from gui_driver import GuiTestCase
from taskwire_gui_times import time_value


class TimeValueTest(unittest.TestCase):
    def test_the_field_as_the_params_value(self):
        self.assertEqual([time_value(text) for text in ("9:30", " 15:05 ", "", "none", "5pm")],
                         ["09:30", "15:05", None, None, "5pm"])


class EditorTimesTest(GuiTestCase):
    seed = [("Write the report", {"view": "today"})]

    def open_editor(self):
        tasklist = self.app.lists["today"]
        tasklist.tree.focus_force()
        tasklist.select_task(self.ids["Write the report"])
        self.key("e", widget=tasklist.tree)
        self.assertIsNotNone(self.app.editor, "e opens the editor")
        return self.app.editor

    def info(self):
        return self.app.lists["today"].tree.item(f"t{self.ids['Write the report']}", "values")[0]

    def stored_task(self):
        return self.other.call("task/get", {"id": self.ids["Write the report"]})["task"]

    def save(self, editor):
        editor.save_button.invoke()
        self.until(lambda: not editor.winfo_exists(), "the editor closes once saved")

    def test_times_beside_the_dates_are_set_refused_and_cleared(self):
        self.settle("today", ["Write the report"])
        editor = self.open_editor()
        self.assertEqual((editor.vars["scheduledTime"].get(), editor.vars["dueTime"].get()),
                         ("", ""))
        steps = self.history_size()
        editor.vars["scheduledTime"].set("9:30")
        editor.vars["dueDate"].set("2026-02-13")
        editor.vars["dueTime"].set("17:00")
        self.save(editor)
        task = self.stored_task()
        self.assertEqual((task["scheduledDate"], task["scheduledTime"], task["dueDate"],
                          task["dueTime"]), ("2026-02-12", "09:30", "2026-02-13", "17:00"))
        self.assertEqual(self.history_size(), steps + 1, "one undo step")
        self.until(lambda: self.info() == "9:30 AM  due tomorrow 5 PM",
                   f"the row shows both times (shows {self.info()!r})")

        # A deadline's time without a deadline: the server's words, and the dialog stays.
        editor = self.open_editor()
        self.assertEqual((editor.vars["scheduledTime"].get(), editor.vars["dueTime"].get()),
                         ("09:30", "17:00"))
        editor.vars["dueDate"].set("")
        editor.vars["dueTime"].set("18:00")
        editor.save_button.invoke()
        self.until(lambda: editor.message.cget("text"), "a message")
        self.assertEqual(editor.message.cget("text"), "dueTime needs a dueDate: 18:00 on which day?")
        self.assertTrue(editor.winfo_exists())
        self.assertEqual(self.stored_task()["dueTime"], "17:00", "nothing changed")

        # Emptied (or none): cleared; the deadline goes with its time.
        editor.vars["dueTime"].set("")
        editor.vars["scheduledTime"].set("none")
        self.save(editor)
        task = self.stored_task()
        self.assertEqual((task["scheduledDate"], task.get("scheduledTime"), task["dueDate"],
                          task.get("dueTime")), ("2026-02-12", None, None, None))
        self.until(lambda: self.info() == "", f"the row shows no time (shows {self.info()!r})")


if __name__ == "__main__":
    unittest.main()
