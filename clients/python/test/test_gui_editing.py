"""Editing in the Tk app under Xvfb: quick add with live highlighting, rows as the display
convention says, the checkbox, renaming in place, and the editor of every field.  What was
stored is read back through a second taskwire process on the same store."""

import unittest

from gui_driver import GuiTestCase
from test_gui import TODAY


class QuickAddHighlightTest(GuiTestCase):
    seed = TODAY[:1]

    def test_the_field_highlights_what_quick_add_recognises_and_enter_creates_it(self):
        self.show_tab("today")
        field = self.app.lists["today"].entry
        field.focus_force()
        self.until(lambda: self.root.focus_get() is field, "the field has the focus")
        self.type_text("Call mom #family !! tomorrow")
        self.until(lambda: field.highlighted() == [("tag", "#family"), ("priority", "!!"),
                                                   ("date", "tomorrow")],
                   f"the tokens are highlighted (now {field.highlighted()})")
        # Each kind has its colour; the title's words have none.
        self.assertEqual(field.tag_cget("qa-tag", "foreground"), "#1a7f37")
        self.assertNotIn("qa-tag", field.tag_names("1.2"), "'Call' is not a token")
        # Typing on re-parses: a repeat appears, and removed text loses its colour.
        self.type_text(" every sun")
        self.until(lambda: ("recurrence", "every sun") in field.highlighted(), "the repeat")
        for _ in range(len(" every sun")):
            self.key("BackSpace")
        self.until(lambda: all(kind != "recurrence" for kind, _ in field.highlighted()),
                   "the repeat is gone")
        self.key("Return")
        self.until(lambda: field.get() == "", "the field clears")
        self.assertEqual(field.highlighted(), [], "no highlight is left in the empty field")
        self.show_tab("upcoming")
        self.settle("upcoming", ["[Tomorrow]", "Call mom"])
        task = self.other.call("view/list", {"view": "upcoming"})["groups"][0]["tasks"][0]
        self.assertEqual((task["title"], task["tags"], task["priority"]), ("Call mom", ["family"], 2))

    def test_non_ascii_before_a_token_keeps_the_highlight_on_the_token(self):
        self.show_tab("today")
        field = self.app.lists["today"].entry
        self.app.lists["today"].text.set("Zahnarzt 🦷 anrufen #gesundheit")
        field.ask()
        self.until(lambda: field.highlighted() == [("tag", "#gesundheit")],
                   f"the tag is highlighted (now {field.highlighted()})")


class RowTest(GuiTestCase):
    seed = [("Write the report", {"view": "today", "priority": 3, "tags": ["work"],
                                  "durationMinutes": 90, "dueDate": "2026-02-12"}),
            ("Buy milk", {"view": "today"}),
            ("Water plants", {"view": "upcoming", "recurrence": {"pattern": "weekly"}}),
            ("Sort photos", {"durationMinutes": 30}),
            ("Fix the bike", {})]

    def info(self, view, title):
        return self.app.lists[view].tree.item(f"t{self.ids[title]}", "values")[0]

    def test_rows_follow_the_display_convention(self):
        self.settle("today", ["Write the report", "Buy milk"])
        self.assertEqual(self.info("today", "Write the report"), "!!!  #work  1h30m  due today")
        self.assertEqual(self.info("today", "Buy milk"), "", "defaults show nothing (no '15 min')")
        tree = self.app.lists["today"].tree
        self.assertEqual(tree.item(f"t{self.ids['Buy milk']}", "text"), "☐  Buy milk")
        self.assertIn("due-today", tree.item(f"t{self.ids['Write the report']}", "tags"))
        self.show_tab("upcoming")
        self.assertEqual(self.info("upcoming", "Water plants"), "↻ weekly")
        header = self.app.lists["upcoming"].tree.item(self.app.lists["upcoming"].rows[0][0], "text")
        self.assertEqual(header, "Tomorrow · Fri, Feb 13 · 15m")
        # Today and Inbox head their tab the same way: the title, the day, the total.
        self.assertEqual(self.app.lists["today"].heading, "Today · Thu, Feb 12 · 1h45m")
        self.assertEqual(self.app.lists["inbox"].heading, "Inbox · 45m")

    def test_clicking_the_checkbox_completes_the_task(self):
        self.settle("today", ["Write the report", "Buy milk"])
        tree = self.app.lists["today"].tree
        x, y, _, height = tree.bbox(f"t{self.ids['Buy milk']}", "#0")
        tree.event_generate("<ButtonPress-1>", x=x + 8, y=y + height // 2)
        self.pump(0.02)
        tree.event_generate("<ButtonRelease-1>", x=x + 8, y=y + height // 2)
        self.settle("today", ["Write the report"])
        self.assertTrue(self.other.call("task/get", {"id": self.ids["Buy milk"]})["task"]["completed"])
        # A click on the title, not the checkbox, only selects.
        x, y, _, height = tree.bbox(f"t{self.ids['Write the report']}", "#0")
        tree.event_generate("<ButtonPress-1>", x=x + 120, y=y + height // 2)
        self.pump(0.02)
        tree.event_generate("<ButtonRelease-1>", x=x + 120, y=y + height // 2)
        self.pump(0.3)
        self.assertEqual(self.titles("today"), ["Write the report"])

    def test_f2_renames_in_place_and_escape_cancels(self):
        self.settle("today", ["Write the report", "Buy milk"])
        tasklist = self.app.lists["today"]
        tasklist.tree.focus_force()
        tasklist.select_task(self.ids["Buy milk"])
        self.key("F2", widget=tasklist.tree)
        field = self.app.renaming
        self.assertIsNotNone(field, "F2 opens the rename field")
        self.assertEqual(field.get(), "Buy milk")
        field.delete(0, "end")
        self.type_text("Buy oat milk", widget=field)
        self.key("Return", widget=field)
        self.settle("today", ["Write the report", "Buy oat milk"])
        self.assertEqual(self.other.call("task/get", {"id": self.ids["Buy milk"]})["task"]["title"], "Buy oat milk")
        tasklist.select_task(self.ids["Write the report"])
        self.key("F2", widget=tasklist.tree)
        self.type_text("xyz", widget=self.app.renaming)
        self.key("Escape", widget=self.app.renaming)
        self.pump(0.3)
        self.assertIsNone(self.app.renaming)
        self.assertEqual(self.titles("today"), ["Write the report", "Buy oat milk"])


    def test_a_double_click_on_the_title_renames_in_place(self):
        self.settle("today", ["Write the report", "Buy milk"])
        tree = self.app.lists["today"].tree
        x, y, _, height = tree.bbox(f"t{self.ids['Buy milk']}", "#0")
        for _ in range(2):   # on the title, not the checkbox
            tree.event_generate("<ButtonPress-1>", x=x + 120, y=y + height // 2)
            tree.event_generate("<ButtonRelease-1>", x=x + 120, y=y + height // 2)
        self.until(lambda: self.app.renaming is not None, "the rename field opens")
        field = self.app.renaming
        self.until(lambda: self.root.focus_get() is field, "the field has the focus")
        self.assertEqual(field.get(), "Buy milk")
        field.delete(0, "end")
        self.type_text("Buy oat milk", widget=field)
        self.key("Return", widget=field)
        self.settle("today", ["Write the report", "Buy oat milk"])
        task = self.other.call("task/get", {"id": self.ids["Buy milk"]})["task"]
        self.assertFalse(task["completed"], "a double-click on the title does not complete")


class EditorTest(GuiTestCase):
    seed = [("Write the report", {"view": "today"})]

    def test_e_edits_every_field_in_one_update(self):
        self.settle("today", ["Write the report"])
        tasklist = self.app.lists["today"]
        tasklist.tree.focus_force()
        tasklist.select_task(self.ids["Write the report"])
        self.key("e", widget=tasklist.tree)
        editor = self.app.editor
        self.assertIsNotNone(editor, "e opens the editor")
        steps = self.history_size()
        editor.vars["title"].set("Write the quarterly report")
        editor.vars["tags"].set("work, #q4")
        editor.vars["priority"].set("high")
        editor.vars["urgent"].set(True)
        editor.vars["durationMinutes"].set("90")
        editor.vars["type"].set("deepWork")
        editor.vars["dueDate"].set("2026-02-20")
        editor.vars["recurrence"].set("weekly")
        editor.notes.insert("1.0", "outline first")
        editor.save_button.invoke()
        self.until(lambda: not editor.winfo_exists(), "the editor closes once saved")
        task = self.other.call("task/get", {"id": self.ids["Write the report"]})["task"]
        self.assertEqual(
            (task["title"], task["tags"], task["priority"], task["urgent"], task["durationMinutes"],
             task["type"], task["dueDate"], task["recurrence"]["pattern"], task["notes"]),
            ("Write the quarterly report", ["work", "q4"], 3, True, 90, "deepWork", "2026-02-20",
             "weekly", "outline first"))
        self.assertEqual(self.history_size(), steps + 1, "one undo step")

    def test_a_refused_save_keeps_the_dialog_and_shows_why(self):
        self.settle("today", ["Write the report"])
        tasklist = self.app.lists["today"]
        tasklist.tree.focus_force()
        tasklist.select_task(self.ids["Write the report"])
        self.key("e", widget=tasklist.tree)
        editor = self.app.editor
        editor.vars["scheduledDate"].set("someday maybe")
        editor.save_button.invoke()
        self.until(lambda: editor.message.cget("text"), "a message")
        self.assertIn("someday maybe", editor.message.cget("text"))
        self.assertTrue(editor.winfo_exists())
        editor.destroy()


class LongMarkersTest(GuiTestCase):
    seed = [("Call mom", {"view": "today", "priority": 3, "urgent": True,
                          "tags": ["family", "phone"], "type": "errand", "durationMinutes": 30,
                          "recurrence": {"pattern": "weekly"}, "dueDate": "2026-02-27"})]

    def test_every_marker_is_shown_and_the_column_is_wide_enough(self):
        self.settle("today", ["Call mom"])
        tree = self.app.lists["today"].tree
        info = tree.item(f"t{self.ids['Call mom']}", "values")[0]
        self.assertEqual(info, "!!!  *  #family #phone  @errand  30m  ↻ weekly  due Fri, Feb 27")
        self.assertGreaterEqual(tree.column("info", "width"), self.app.fonts["row"].measure(info),
                                "the markers' column is not clipped")


if __name__ == "__main__":
    unittest.main()
