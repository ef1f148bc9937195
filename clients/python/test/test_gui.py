"""The Tk app in a real window (under Xvfb), driven with real events; checked in the store.

Each test starts the app on a fresh store; what it stored is read back through a second
taskwire process on the same file.
"""

import time
import unittest

from gui_driver import ALT, CONTROL, SHIFT, GuiTestCase

TODAY = [("Water the plants", {"view": "today"}), ("Buy milk", {"view": "today"}),
         ("Call the dentist", {"view": "today"}), ("Write the report", {"view": "today"})]
INBOX = [("Fix the bike", {}), ("Sort photos", {})]
UPCOMING = [("Plan the trip", {"view": "upcoming"}),
            ("Pay rent", {"scheduledDate": "2026-02-16"})]


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
        self.pump(0.2)
        self.assertEqual([text for text in self.app.toast.history if "Moved" in text], [],
                         "a reorder in its own list says nothing")

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
        self.until(lambda: "Sent 'Buy milk' to Inbox" in self.app.toast.history,
                   f"a toast says where it went (now {self.app.toast.history})")

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
        self.until(lambda: self.app.toast.text == "Scheduled 'Call the dentist' for Mon, Feb 16",
                   f"a toast names the day (now {self.app.toast.history})")

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
        entries = [(menu.entrycget(i, "label"), menu.entrycget(i, "accelerator"))
                   for i in range(menu.index("end") + 1) if menu.type(i) != "separator"]
        # Each day beside its label, as the server words it (its detail).
        self.assertEqual(entries, [("Today", "Thu, Feb 12"), ("Tomorrow", "Fri, Feb 13"),
                                   ("Choose date…", ""), ("Inbox", ""), ("Put on Someday", ""),
                                   ("Mark cancelled", ""), ("Make a project", ""),
                                   ("Cancel", "")])
        self.assertEqual(menu.current_var.get(), "today")
        self.menu_choose("Tomorrow")
        self.settle("upcoming", ["[Tomorrow]", "Plan the trip", "Buy milk", "[Feb 16]",
                                 "Pay rent"])
        self.settle("today", ["Water the plants"])
        self.until(lambda: self.app.toast.text == "Scheduled 'Buy milk' for Fri, Feb 13",
                   f"a toast names the day (now {self.app.toast.history})")
        self.show_tab("upcoming")
        self.press("upcoming", self.ids["Buy milk"], button=3)
        self.wait_menu()
        self.menu_choose("Inbox")
        self.settle("inbox", ["Buy milk"])
        self.until(lambda: self.app.toast.text == "Sent 'Buy milk' to Inbox",
                   f"a toast says the Inbox (now {self.app.toast.history})")

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
        self.until(lambda: self.app.toast.text == "Scheduled 'Buy milk' for Fri, Feb 20",
                   f"a toast names the day (now {self.app.toast.history})")

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
        self.until(lambda: (self.app.toast.text or "").startswith("Undid: "), "an undo toast")
        self.assertIn("Call the dentist", self.app.toast.text)
        self.settle("today", ["Water the plants", "Buy milk", "Write the report",
                              "Call the dentist"])
        self.key("Z", CONTROL | SHIFT)
        self.until(lambda: (self.app.toast.text or "").startswith("Redid: "), "a redo toast")
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
        self.assertEqual(self.app.lists["today"].heading, "Today · Fri, Feb 13 · 45m")


if __name__ == "__main__":
    unittest.main()
