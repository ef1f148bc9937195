"""The Tk app in a real window (under Xvfb), driven with real events; checked in the store.

Each test starts the app on a fresh store; what it stored is read back through a second
taskwire process on the same file.
"""

import os
import time
import unittest

from gui_driver import ALT, CONTROL, SHIFT, GuiTestCase
from screenshot import screenshot_window

TODAY = [("Water the plants", {"view": "today"}), ("Buy milk", {"view": "today"}),
         ("Call the dentist", {"view": "today"}), ("Write the report", {"view": "today"})]
INBOX = [("Fix the bike", {}), ("Sort photos", {})]
UPCOMING = [("Plan the trip", {"view": "upcoming"}),
            ("Pay rent", {"scheduledDate": "2026-02-16"})]
SCREENSHOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "screenshot.png")


class InputFieldTest(GuiTestCase):
    seed = TODAY[:1] + UPCOMING

    def test_typing_and_enter_creates_a_task_in_the_tab_s_view(self):
        self.show_tab("upcoming")
        entry = self.app.lists["upcoming"].entry
        self.assertIs(self.root.focus_get(), entry, "the field has the focus")
        self.type_text("Pack the bags")
        self.key("Return")
        self.settle("upcoming", ["[Tomorrow]", "Plan the trip", "Pack the bags", "[Feb 16]",
                                 "Pay rent"])
        self.assertEqual(entry.get(), "", "the field clears")
        self.assertIs(self.root.focus_get(), entry, "the focus stays in the field")
        self.type_text("Book hotel")
        self.key("Return")
        self.settle("upcoming", ["[Tomorrow]", "Plan the trip", "Pack the bags", "Book hotel",
                                 "[Feb 16]", "Pay rent"])
        self.show_tab("today")
        self.type_text("Stretch")
        self.key("Return")
        self.settle("today", ["Water the plants", "Stretch"])


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
            ("Water plants", {"view": "upcoming", "recurrence": {"pattern": "weekly"}})]

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


class DragTest(GuiTestCase):
    seed = TODAY + INBOX + UPCOMING

    def test_drag_a_row_to_a_new_place_in_its_list(self):
        # Drop "Water the plants" between "Call the dentist" and "Write the report": the user
        # sees gap 3; without the dragged task that is index 2.
        self.drag("today", self.ids["Water the plants"],
                  self.row_root_point("today", self.ids["Write the report"], dy=-8))
        self.settle("today", ["Buy milk", "Call the dentist", "Water the plants",
                              "Write the report"])
        self.drag("today", self.ids["Write the report"],
                  self.row_root_point("today", self.ids["Buy milk"], dy=-8))
        self.settle("today", ["Write the report", "Buy milk", "Call the dentist",
                              "Water the plants"])

    def test_drag_onto_the_inbox_tab_hold_and_drop_into_the_list(self):
        self._pointer = self.press("today", self.ids["Buy milk"])
        self.move_to(*self.tab_root_point("inbox"), steps=1)
        hovering = time.monotonic()
        self.assertTrue(self.app.notebook.tab(0, "text").startswith("▸"), "Inbox highlights")
        self.pump(0.1)
        if time.monotonic() - hovering < 0.4:   # (a slow machine may not get here in time)
            self.assertEqual(self.app.current_tab(), 1, "no switch before 500 ms")
        self.until(lambda: self.app.current_tab() == 0, "the Inbox tab opens after 500 ms",
                   timeout=2)
        self.move_to(*self.row_root_point("inbox", self.ids["Sort photos"], dy=-8))
        self.release()
        self.settle("inbox", ["Fix the bike", "Buy milk", "Sort photos"])
        self.settle("today", ["Water the plants", "Call the dentist", "Write the report"])
        moved = self.other.call("task/get", {"id": self.ids["Buy milk"]})["task"]
        self.assertIsNone(moved["scheduledDate"])

    def test_drop_onto_an_upcoming_day_header_sets_that_day(self):
        self._pointer = self.press("today", self.ids["Call the dentist"])
        self.move_to(*self.tab_root_point("upcoming"))
        self.until(lambda: self.app.current_tab() == 2, "Upcoming opens", timeout=2)
        self.move_to(*self.row_root_point("upcoming", header="2026-02-16"))
        self.release()
        self.settle("upcoming", ["[Tomorrow]", "Plan the trip", "[Feb 16]", "Call the dentist",
                                 "Pay rent"])
        task = self.other.call("task/get", {"id": self.ids["Call the dentist"]})["task"]
        self.assertEqual(task["scheduledDate"], "2026-02-16")

    def test_a_drop_on_an_outdated_list_is_refused_and_the_list_refreshed(self):
        self.app.lists["today"].shown.version -= 1   # the list on screen is now outdated
        before = self.stored("today")
        self.drag("today", self.ids["Water the plants"],
                  self.row_root_point("today", self.ids["Write the report"], dy=8))
        self.until(lambda: self.app.toast.text and "changed" in self.app.toast.text,
                   "a toast says the list changed")
        self.assertEqual(self.stored("today"), before)
        self.until(lambda: self.app.subscriptions["today"].relists == 1, "the list refreshes")

    def test_escape_cancels_a_drag(self):
        self._pointer = self.press("today", self.ids["Buy milk"])
        self.move_to(*self.row_root_point("today", self.ids["Write the report"], dy=8))
        self.key("Escape", widget=self.app.lists["today"].tree)
        self.release()
        self.pump(0.2)
        self.assertEqual(self.history_size(), len(self.seed))


class ScheduleMenuTest(GuiTestCase):
    seed = TODAY[:2] + UPCOMING

    def test_right_click_menu_marks_the_current_day_and_moves_to_tomorrow(self):
        self.press("today", self.ids["Buy milk"], button=3)
        menu = self.wait_menu()
        labels = [menu.entrycget(i, "label") for i in range(menu.index("end") + 1)
                  if menu.type(i) != "separator"]
        self.assertEqual(labels, ["Today", "Tomorrow", "Choose date…", "Inbox", "Cancel"])
        self.assertEqual(menu.current_var.get(), "today")
        self.menu_choose("Tomorrow")
        self.settle("upcoming", ["[Tomorrow]", "Plan the trip", "Buy milk", "[Feb 16]",
                                 "Pay rent"])
        self.settle("today", ["Water the plants"])

    def test_long_press_opens_the_menu_and_cancel_changes_nothing(self):
        pressed = time.monotonic()
        self._pointer = self.press("today", self.ids["Water the plants"])
        self.pump(0.5)
        if time.monotonic() - pressed < 0.9:   # (a slow machine may not get here in time)
            self.assertIsNone(self.app.menu, "no menu before one second")
        self.wait_menu()
        self.release()
        self.menu_choose("Cancel")
        self.pump(0.3)
        self.assertEqual(self.history_size(), len(self.seed))
        self.assertEqual(self.stored("today"), ["Water the plants", "Buy milk"])

    def test_keyboard_menu_and_date_picker_choose_a_date(self):
        tree = self.app.lists["today"].tree
        tree.focus_force()
        self.pump()
        self.key("Down")
        self.assertEqual(self.app.lists["today"].selected_task(), self.ids["Buy milk"])
        self.key("F10", SHIFT)
        self.wait_menu()
        self.menu_choose("Choose date…")
        self.until(lambda: self.app.picker is not None and self.app.picker.winfo_ismapped(),
                   "the date picker opens")
        picker = self.app.picker
        self.assertEqual(picker.selected.isoformat(), "2026-02-13", "defaults to tomorrow")
        buttons = {day.isoformat(): button for day, button in picker.day_buttons.items()}
        self.assertEqual(buttons["2026-02-11"].cget("state"), "disabled", "no past days")
        self.assertEqual(buttons["2026-02-12"].cget("state"), "normal")
        for _ in range(3):
            self.key("Left", widget=picker)
        self.assertEqual(picker.selected.isoformat(), "2026-02-12", "stops at today")
        self.click(buttons["2026-02-20"])
        self.assertEqual(picker.selected.isoformat(), "2026-02-20")
        self.click(picker.done_button)
        self.settle("upcoming", ["[Tomorrow]", "Plan the trip", "[Feb 16]", "Pay rent",
                                 "[Feb 20]", "Buy milk"])
        self.assertFalse(picker.winfo_exists())

    def test_cancel_in_the_date_picker_changes_nothing(self):
        for close in ("button", "Escape"):
            self.press("today", self.ids["Water the plants"], button=3)
            self.wait_menu()
            self.menu_choose("Choose date…")
            self.until(lambda: self.app.picker is not None and self.app.picker.winfo_exists()
                       and self.app.picker.winfo_ismapped(), "the date picker opens")
            picker = self.app.picker
            self.key("Right", widget=picker)
            if close == "button":
                self.click(picker.cancel_button)
            else:
                self.key("Escape", widget=picker)
            self.until(lambda: not picker.winfo_exists(), "the picker closes")
            self.pump(0.2)
            self.assertEqual(self.history_size(), len(self.seed))
            self.assertEqual(self.stored("today"), ["Water the plants", "Buy milk"])
            self.app.picker = None

    def click(self, button):
        """A real click on a button: the pointer enters, presses and releases."""
        button.event_generate("<Enter>", x=4, y=4)
        button.event_generate("<ButtonPress-1>", x=4, y=4)
        button.event_generate("<ButtonRelease-1>", x=4, y=4)
        self.pump(0.05)


class KeyboardAndUndoTest(GuiTestCase):
    seed = TODAY

    def test_keys_select_reorder_complete_delete_and_undo_redo(self):
        entry, tree = self.app.lists["today"].entry, self.app.lists["today"].tree
        entry.focus_force()
        self.pump()
        self.key("Tab")
        self.assertIs(self.root.focus_get(), tree, "Tab moves from the field to the list")
        self.assertEqual(self.app.lists["today"].selected_task(), self.ids["Water the plants"])
        self.key("Down")
        self.key("Down")
        self.assertEqual(self.app.lists["today"].selected_task(), self.ids["Call the dentist"])
        self.key("Up", ALT)
        self.settle("today", ["Water the plants", "Call the dentist", "Buy milk",
                              "Write the report"])
        self.key("Down", ALT)
        self.key("Down", ALT)
        self.settle("today", ["Water the plants", "Buy milk", "Write the report",
                              "Call the dentist"])
        self.key("space")
        self.settle("today", ["Water the plants", "Buy milk", "Write the report"])
        self.key("z", CONTROL)
        self.until(lambda: (self.app.toast.text or "").startswith("Undone: "), "an undo toast")
        self.assertIn("Call the dentist", self.app.toast.text)
        self.settle("today", ["Water the plants", "Buy milk", "Write the report",
                              "Call the dentist"])
        self.key("Z", CONTROL | SHIFT)
        self.until(lambda: (self.app.toast.text or "").startswith("Redone: "), "a redo toast")
        self.settle("today", ["Water the plants", "Buy milk", "Write the report"])
        self.app.lists["today"].select_task(self.ids["Buy milk"])
        self.key("Delete")
        self.settle("today", ["Water the plants", "Write the report"])
        self.key("Menu")
        self.wait_menu()
        self.key("Escape", widget=self.app.menu)
        self.until(lambda: not self.app.menu.winfo_ismapped(), "Escape closes the menu")
        self.key("Tab", widget=tree)
        self.assertIs(self.root.focus_get(), entry, "Tab moves from the list to the field")
        self.settle("today", ["Water the plants", "Write the report"])
        self.key("Tab", CONTROL)
        self.until(lambda: self.app.current_tab() == 2, "Ctrl+Tab opens the next tab")
        self.assertIs(self.root.focus_get(), self.app.lists["upcoming"].entry)


class LiveUpdatesTest(GuiTestCase):
    seed = TODAY[:2] + UPCOMING

    def test_a_change_from_another_process_appears_without_a_click(self):
        self.other.call("task/create", {"title": "From the shell", "view": "today"})
        self.until(lambda: self.titles("today") == ["Water the plants", "Buy milk",
                                                    "From the shell"],
                   "the other process's task appears")

    def test_midnight_moves_the_rows_by_itself(self):
        self.show_tab("upcoming")
        self.app.client.call("test/setClock", {"now": "2026-02-13T08:00:00Z"})
        # Where yesterday's Tomorrow lands among Today's tasks is the server's rank order.
        self.until(lambda: "Plan the trip" in self.titles("today"), "Tomorrow moves to Today")
        listing = self.app.client.call("view/list", {"view": "today"})
        self.until(lambda: self.titles("today") == [t["title"] for t in
                                                    listing["groups"][0]["tasks"]],
                   "Today shows what the app's server lists")
        self.until(lambda: self.titles("upcoming") == ["[Feb 16]", "Pay rent"],
                   "Upcoming loses the day")
        self.assertIn("overdue", self.app.lists["today"].info(
            self.app.task(self.ids["Water the plants"])))
        self.assertEqual(self.app.lists["today"].subtitle.cget("text"), "Friday, February 13")


class ScreenshotTest(GuiTestCase):
    seed = [("Write the weekly report", {"view": "today", "priority": 3, "tags": ["work"]}),
            ("Buy milk", {"view": "today"}),
            ("Call the dentist", {"view": "today", "urgent": True, "dueDate": "2026-02-13"}),
            ("Water the plants", {"view": "today", "durationMinutes": 5}),
            ("Review pull request #42", {"view": "today", "priority": 2, "durationMinutes": 30,
                                         "tags": ["work"]}),
            ("Plan the trip", {"view": "upcoming"}), ("Pay rent", {"scheduledDate": "fri"}),
            ("Fix the bike", {})]

    def before_app(self):
        # A task planned for Feb 10 by a process whose clock said Feb 10: overdue today.
        earlier = self.client("earlier", clock="2026-02-10T08:00:00Z")
        earlier.call("task/create", {"title": "Renew the passport", "view": "today"})

    def test_save_a_screenshot_of_today(self):
        tree = self.app.lists["today"].tree
        tree.focus_force()
        self.pump()
        self.key("Down")
        self.key("Down")
        # A line being typed into the field, with what quick add recognises highlighted.
        field = self.app.lists["today"].entry
        self.app.lists["today"].text.set("Call mom #family !! tomorrow 30m every sun")
        field.ask()
        self.until(lambda: len(field.highlighted()) == 5, "the quick-add tokens are highlighted")
        self.pump(0.2)
        if not screenshot_window(self.root, SCREENSHOT):
            self.skipTest("no Xvfb framebuffer file (TW_FBDIR) to take a screenshot from")
        self.assertGreater(os.path.getsize(SCREENSHOT), 10000)


if __name__ == "__main__":
    unittest.main()
