"""Today's This Evening in the Tk app, under Xvfb: a second group of the Today tab, under a
header row of the server's words, while it holds tasks.  Quick add's "tonight" puts a task
there; a drag into it sends ``"evening": true`` and a drag into Today's own list does not;
Alt+Down past Today's own list goes into it; another client's moves show at once."""

import unittest

from gui_driver import ALT, GuiTestCase


class QuickAddTestCase(GuiTestCase):
    def add(self, line):
        """Type ``line`` into Today's field and press Enter; wait until Today holds it.  (Not
        counted in All, as test_gui_quickadd does: the server leaves This Evening out of All.)"""
        tasklist = self.app.lists["today"]
        count = lambda: sum(len(g["tasks"]) for g in self.other.call(
            "view/list", {"view": "today"})["groups"])
        before = count()
        self.show_tab("today")
        tasklist.entry.focus_force()
        self.until(lambda: self.root.focus_get() is tasklist.entry, "the field has the focus")
        tasklist.text.set(line)
        self.key("Return")
        self.until(lambda: count() > before, f"{line!r} is stored")
        self.pump(0.2)   # the reply's toast, if any


class EveningQuickAddTest(QuickAddTestCase):
    def test_tonight_shows_under_the_evening_header(self):
        self.add("Buy milk")
        self.add("Cook dinner tonight")
        self.settle("today", ["Buy milk", "[This Evening]", "Cook dinner"])
        tree = self.app.lists["today"].tree
        self.assertEqual(tree.item("gevening", "text").split()[:2], ["This", "Evening"])
        self.assertIn("Thu, Feb 12", tree.item("gevening", "text"))
        self.assertTrue(self.app.lists["today"].heading.startswith("Today"))
        self.assertTrue(self.other.call("task/get", {"id": 2})["task"]["evening"])
        self.assertEqual(list(self.app.toast.history), [], "Today's task in Today: nothing to say")


class GermanEveningTest(QuickAddTestCase):
    locale = "de"

    def test_the_header_is_german(self):
        self.add("Brot holen")
        self.add("Essen kochen heute Abend")
        self.until(lambda: self.titles("today") == ["Brot holen", "[Heute Abend]", "Essen kochen"],
                   f"the German evening (shows {self.titles('today')})")
        self.assertTrue(self.app.lists["today"].tree.item("gevening", "text")
                        .startswith("Heute Abend"))


class EveningDragTest(GuiTestCase):
    seed = [("A", {"view": "today"}), ("B", {"view": "today"}), ("C", {"view": "today"}),
            ("E", {"evening": True})]

    def evening(self, title):
        return self.other.call("task/get", {"id": self.ids[title]})["task"].get("evening", False)

    def test_drags_into_the_evening_and_back(self):
        self.settle("today", ["A", "B", "C", "[This Evening]", "E"])
        self.drag("today", self.ids["A"], self.row_root_point("today", self.ids["E"], dy=-8))
        self.settle("today", ["B", "C", "[This Evening]", "A", "E"])
        self.assertTrue(self.evening("A"))
        self.until(lambda: "Moved 'A' to This Evening" in self.app.toast.history,
                   f"a toast says where it went (now {self.app.toast.history})")
        self.drag("today", self.ids["E"], self.row_root_point("today", self.ids["B"], dy=-8))
        self.settle("today", ["E", "B", "C", "[This Evening]", "A"])
        self.assertFalse(self.evening("E"))
        # onto the evening's header: its top; just below Today's last row: that list's end
        self.drag("today", self.ids["B"], self.row_root_point("today", header="evening"))
        self.settle("today", ["E", "C", "[This Evening]", "B", "A"])
        self.assertTrue(self.evening("B"))
        self.drag("today", self.ids["A"], self.row_root_point("today", self.ids["C"], dy=10))
        self.settle("today", ["E", "C", "A", "[This Evening]", "B"])
        self.assertFalse(self.evening("A"))

    def test_alt_keys_cross_into_the_evening_and_out(self):
        self.other.call("task/move", {"id": self.ids["E"], "view": "today", "index": 3})
        self.settle("today", ["A", "B", "C", "E"])
        tasklist = self.app.lists["today"]
        tasklist.tree.focus_force()
        tasklist.select_task(self.ids["E"])
        self.pump()
        self.key("Down", ALT)     # past Today's own list: into This Evening, shown at once
        self.settle("today", ["A", "B", "C", "[This Evening]", "E"])
        self.assertTrue(self.evening("E"))
        self.key("Up", ALT)       # from the evening's top: the end of Today's own list
        self.settle("today", ["A", "B", "C", "E"])
        self.assertFalse(self.evening("E"))

    def test_another_client_moves_between_the_groups(self):
        self.other.call("task/move", {"id": self.ids["B"], "view": "today", "evening": True,
                                      "index": 1})
        self.settle("today", ["A", "C", "[This Evening]", "E", "B"])
        self.other.call("task/move", {"id": self.ids["E"], "view": "today", "index": 0})
        self.other.call("task/move", {"id": self.ids["B"], "view": "today", "index": 0})
        self.settle("today", ["B", "E", "A", "C"])
        self.other.call("history/undo")
        self.settle("today", ["E", "A", "C", "[This Evening]", "B"])


if __name__ == "__main__":
    unittest.main()
