"""The matrix board, the logbook and the search field of the Tk app, under Xvfb with real
events; what they do is read back through a second taskwire process on the same store."""

import unittest

from gui_driver import ALT, GuiTestCase


class MatrixTest(GuiTestCase):
    seed = [("File the taxes", {"priority": 3, "urgent": True, "durationMinutes": 60}),
            ("Read a book", {"priority": 2}),
            ("Answer the survey", {"urgent": True, "tags": ["admin"]}),
            ("Tidy the desk", {}),
            ("Sort the socks", {})]

    def setUp(self):
        super().setUp()
        self.board = self.app.matrix
        self.show_tab("matrix")

    def quadrants(self):
        return {key: q.titles() for key, q in self.board.quadrants.items()}

    def point(self, task_id):
        """A task's row in its quadrant: (tree, x, y) in tree coordinates."""
        tree = self.board.quadrant_of(task_id).tree
        tree.see(f"t{task_id}")
        self.pump(0.02)
        x, y, width, height = tree.bbox(f"t{task_id}")
        return tree, x + min(width, 200) // 2, y + height // 2

    def drag_to(self, task_id, quadrant, below=None):
        """Drag a task into a quadrant: onto its empty space, or just below a task's row."""
        tree, x, y = self.point(task_id)
        self._grab = tree
        tree.event_generate("<ButtonPress-1>", x=x, y=y)
        self._pointer = (tree.winfo_rootx() + x, tree.winfo_rooty() + y)
        self.pump(0.02)
        target = self.board.quadrants[quadrant].tree
        if below is None:
            to = (target.winfo_rootx() + 80, target.winfo_rooty() + target.winfo_height() - 10)
        else:
            _, bx, by = self.point(below)
            to = (target.winfo_rootx() + bx, target.winfo_rooty() + by + 10)
        self.move_to(*to)
        self.release()

    def test_the_board_shows_four_quadrants_with_titles_and_totals(self):
        self.until(lambda: self.quadrants() == {
            "do": ["File the taxes"], "schedule": ["Read a book"],
            "delegate": ["Answer the survey"], "eliminate": ["Tidy the desk", "Sort the socks"]},
            f"the quadrants (now {self.quadrants()})")
        headers = {key: q.header.cget("text") for key, q in self.board.quadrants.items()}
        self.assertEqual(headers, {"do": "Urgent & important · 1h", "schedule": "Important · 15m",
                                   "delegate": "Urgent · 15m", "eliminate": "Neither · 30m"})
        grid = {key: (int(q.frame.grid_info()["row"]), int(q.frame.grid_info()["column"]))
                for key, q in self.board.quadrants.items()}
        self.assertEqual(grid, {"do": (0, 0), "schedule": (0, 1), "delegate": (1, 0),
                                "eliminate": (1, 1)}, "a 2×2 board")
        self.assertEqual(self.board.quadrants["do"].row_text(self.ids["File the taxes"]),
                         "☐  File the taxes  !!!  *  1h")
        self.assertEqual(self.board.quadrants["delegate"].row_text(self.ids["Answer the survey"]),
                         "☐  Answer the survey  *  #admin")

    def test_drag_into_another_quadrant_sets_urgency_and_priority(self):
        self.until(lambda: self.quadrants()["eliminate"] == ["Tidy the desk", "Sort the socks"],
                   "the board is shown")
        self.drag_to(self.ids["Sort the socks"], "do")
        self.until(lambda: self.quadrants()["do"] == ["File the taxes", "Sort the socks"],
                   f"the task lands in Urgent & important (now {self.quadrants()})")
        task = self.other.call("task/get", {"id": self.ids["Sort the socks"]})["task"]
        self.assertEqual((task["urgent"], task["priority"]), (True, 2))
        self.until(lambda: "Moved 'Sort the socks' to Urgent & important" in self.app.toast.history,
                   f"a toast names the quadrant (now {self.app.toast.history})")
        # Into Important's empty space: the end of that quadrant.
        self.drag_to(self.ids["Tidy the desk"], "schedule")
        self.until(lambda: self.quadrants()["schedule"] == ["Read a book", "Tidy the desk"],
                   f"the task lands in Important (now {self.quadrants()})")
        task = self.other.call("task/get", {"id": self.ids["Tidy the desk"]})["task"]
        self.assertEqual((task["urgent"], task["priority"]), (False, 2))
        # Within a quadrant: reorder.
        self.drag_to(self.ids["Read a book"], "schedule", below=self.ids["Tidy the desk"])
        self.until(lambda: self.quadrants()["schedule"] == ["Tidy the desk", "Read a book"],
                   f"the quadrant is reordered (now {self.quadrants()})")
        listing = self.other.call("view/list", {"view": "matrix"})
        self.assertEqual([t["title"] for t in listing["groups"][1]["tasks"]],
                         ["Tidy the desk", "Read a book"])
        self.pump(0.2)
        self.assertNotIn("Moved 'Read a book' to Important", self.app.toast.history,
                         "a reorder in its own quadrant says nothing")

    def test_checkbox_space_and_e_work_on_the_board(self):
        self.until(lambda: self.quadrants()["eliminate"] == ["Tidy the desk", "Sort the socks"],
                   "the board is shown")
        tree, x, y = self.point(self.ids["Tidy the desk"])
        box = tree.bbox(f"t{self.ids['Tidy the desk']}", "#0")
        tree.event_generate("<ButtonPress-1>", x=box[0] + 8, y=y)
        tree.event_generate("<ButtonRelease-1>", x=box[0] + 8, y=y)
        self.until(lambda: self.quadrants()["eliminate"] == ["Sort the socks"], "the click completes")
        self.assertTrue(self.other.call("task/get", {"id": self.ids["Tidy the desk"]})["task"]["completed"])
        tree.focus_force()
        tree.selection_set(f"t{self.ids['Sort the socks']}")
        self.key("e", widget=tree)
        self.assertIsNotNone(self.app.editor, "e opens the editor")
        self.app.editor.vars["urgent"].set(True)
        self.app.editor.save_button.invoke()
        self.until(lambda: self.quadrants()["delegate"] == ["Answer the survey", "Sort the socks"],
                   f"the edited task moves to Urgent (now {self.quadrants()})")
        tree = self.board.quadrants["delegate"].tree
        tree.focus_force()
        tree.selection_set(f"t{self.ids['Answer the survey']}")
        self.key("space", widget=tree)
        self.until(lambda: self.quadrants()["delegate"] == ["Sort the socks"], "Space completes")

    def test_alt_arrows_move_the_selected_task_between_quadrants(self):
        self.until(lambda: self.quadrants()["eliminate"] == ["Tidy the desk", "Sort the socks"],
                   "the board is shown")
        tree = self.board.quadrants["eliminate"].tree
        tree.focus_force()
        tree.selection_set(f"t{self.ids['Tidy the desk']}")
        self.key("Up", ALT, widget=tree)
        self.until(lambda: self.quadrants()["schedule"] == ["Read a book", "Tidy the desk"],
                   f"Alt+Up goes to Important (now {self.quadrants()})")
        task = self.other.call("task/get", {"id": self.ids["Tidy the desk"]})["task"]
        self.assertEqual((task["urgent"], task["priority"]), (False, 2))
        tree = self.board.quadrants["schedule"].tree
        self.until(lambda: tree.selection() == (f"t{self.ids['Tidy the desk']}",),
                   "the moved task stays selected")
        self.key("Left", ALT, widget=tree)
        self.until(lambda: self.quadrants()["do"] == ["File the taxes", "Tidy the desk"],
                   f"Alt+Left goes to Urgent & important (now {self.quadrants()})")
        task = self.other.call("task/get", {"id": self.ids["Tidy the desk"]})["task"]
        self.assertEqual((task["urgent"], task["priority"]), (True, 2))


class LogbookTest(GuiTestCase):
    seed = [("Pay rent", {"view": "today", "tags": ["home"], "durationMinutes": 30}),
            ("Buy milk", {"view": "today"})]

    def test_completed_tasks_show_with_their_day_and_reopen(self):
        self.other.call("task/complete", {"id": self.ids["Pay rent"]})
        self.show_tab("logbook")
        logbook = self.app.logbook
        self.until(lambda: len(logbook.visible_rows()) == 2, "the logbook shows the task")
        self.assertEqual(logbook.visible_rows(), [
            ("header", "Today · Thu, Feb 12 · 30m"),
            ("task", self.ids["Pay rent"], "Pay rent", "#home  30m  done Thu, Feb 12")])
        self.assertEqual(logbook.tree.item(f"t{self.ids['Pay rent']}", "text"), "☑  Pay rent")
        # Clicking the ticked box reopens it: back in Today, gone from the logbook.
        tree = logbook.tree
        tree.see(f"t{self.ids['Pay rent']}")
        self.pump(0.02)
        x, y, _, height = tree.bbox(f"t{self.ids['Pay rent']}", "#0")
        tree.event_generate("<ButtonPress-1>", x=x + 8, y=y + height // 2)
        tree.event_generate("<ButtonRelease-1>", x=x + 8, y=y + height // 2)
        self.until(lambda: logbook.visible_rows() == [], "the logbook empties")
        self.assertFalse(self.other.call("task/get", {"id": self.ids["Pay rent"]})["task"]["completed"])
        self.settle("today", ["Buy milk", "Pay rent"])
        # Space in the logbook reopens too, and the Reopen button.
        self.other.call("task/complete", {"id": self.ids["Buy milk"]})
        self.until(lambda: len(logbook.visible_rows()) == 2, "Buy milk is in the logbook")
        tree.focus_force()
        logbook.select_task(self.ids["Buy milk"])
        self.key("space", widget=tree)
        self.until(lambda: logbook.visible_rows() == [], "Space reopens")
        self.other.call("task/complete", {"id": self.ids["Buy milk"]})
        self.until(lambda: len(logbook.visible_rows()) == 2, "Buy milk is done again")
        logbook.select_task(self.ids["Buy milk"])
        logbook.reopen_button.invoke()
        self.until(lambda: logbook.visible_rows() == [], "the button reopens")
        self.settle("today", ["Pay rent", "Buy milk"])


class SearchTest(GuiTestCase):
    seed = [("Buy milk", {"view": "today", "tags": ["shop"]}),
            ("Buy bread", {"view": "today", "tags": ["shop", "bakery"]}),
            ("Write the report", {"view": "today", "notes": "the milk numbers"}),
            ("Fix the bike", {})]

    def test_the_search_filters_every_tab_and_clears(self):
        self.settle("today", ["Buy milk", "Buy bread", "Write the report"])
        search = self.app.search
        self.key("f", 0x4, widget=self.app.lists["today"].entry)
        self.until(lambda: self.root.focus_get() is search.entry, "Ctrl+F focuses the search")
        self.type_text("milk")
        self.until(lambda: self.titles("today") == ["Buy milk", "Write the report"],
                   f"titles and notes are searched (now {self.titles('today')})")
        self.assertEqual(self.titles("inbox"), [])
        for _ in range(4):
            self.key("BackSpace")
        self.type_text("#shop #bakery")
        self.until(lambda: self.titles("today") == ["Buy bread"],
                   f"#tags keep the tasks with all of them (now {self.titles('today')})")
        # A filtered list offers no drag: the drop index would count the filtered list.
        self._pointer = self.press("today", self.ids["Buy bread"])
        self.move_to(self._pointer[0], self._pointer[1] + 60)
        self.release()
        self.assertIn("Clear the search to drag", self.app.toast.history)
        search.entry.event_generate("<ButtonPress-1>", x=10, y=5)   # back into the field
        search.entry.event_generate("<ButtonRelease-1>", x=10, y=5)
        self.until(lambda: self.root.focus_get() is search.entry, "a click focuses the search")
        self.key("Escape")
        self.until(lambda: self.titles("today") == ["Buy milk", "Buy bread", "Write the report"],
                   "Escape clears the search")
        self.assertEqual(self.titles("inbox"), ["Fix the bike"])
        # Live while filtered: a new matching task appears.
        search.text.set("bike")
        self.until(lambda: self.titles("inbox") == ["Fix the bike"] and self.titles("today") == [],
                   "the search applies")
        self.other.call("task/create", {"title": "Pump the bike tyres"})
        self.until(lambda: self.titles("inbox") == ["Fix the bike", "Pump the bike tyres"],
                   "a new match appears in the filtered tab")


if __name__ == "__main__":
    unittest.main()
