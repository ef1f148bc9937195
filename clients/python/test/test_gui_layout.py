"""The rows' geometry on every tab, under Xvfb, without screenshots: after switching to a tab,
each row's markers are shown whole inside the row and the tree, and the matrix keeps its
titles readable.  The tabs other than Today were hidden when their rows were first laid out
(a hidden widget is 1 pixel wide), which used to cut their markers."""

import unittest

from gui_driver import GuiTestCase

from taskwire_gui_fit import GAP
from taskwire_gui_style import part_texts

# Every marker a task can have: the row the display convention's example shows.
MANY = {"priority": 3, "urgent": True, "tags": ["family", "phone"], "type": "errand",
        "durationMinutes": 30, "recurrence": {"pattern": "weekly"}, "dueDate": "2026-02-27"}
PAD = 6     # px a text needs inside its cell besides its glyphs (the cell's padding)


class LayoutTest(GuiTestCase):
    seed = [("Call mom", dict(MANY, view="today")),
            ("Buy a present", dict(MANY)),
            ("Renew the passport", {"priority": 3, "tags": ["admin"], "dueDate": "2026-02-10"}),
            ("Plan the trip", dict(MANY, view="upcoming")),
            ("File the taxes", {"view": "upcoming", "tags": ["money", "admin"],
                                "type": "errand", "durationMinutes": 90,
                                "dueDate": "2026-02-10"}),
            ("Book the flights", {"priority": 3, "urgent": True, "tags": ["travel"],
                                  "dueDate": "2026-02-10", "durationMinutes": 45})]

    def before_app(self):
        done = self.other.call("task/create", dict(MANY, title="Pay rent", view="today"))
        self.other.call("task/complete", {"id": done["task"]["id"]})

    def setUp(self):
        super().setUp()
        self.font = self.app.fonts["row"]
        self.linespace = self.font.metrics("linespace")

    def flat(self, text):
        """A text with its lines and spacing as single spaces (wrapping changes only those)."""
        return " ".join(text.split())

    def assert_markers_shown(self, view, page, expected):
        """Each task row's markers cell holds every marker, is wide and tall enough for its
        lines and lies inside the tree."""
        tree = page.tree
        for row in page.rows:
            iid, task = row[0], row[-1]
            if row[1] != "task":
                continue
            shown = tree.set(iid, "info")
            self.assertEqual(self.flat(shown), self.flat(expected(task)),
                             f"{view}: every marker of {task['title']!r} is there")
            tree.see(iid)
            self.pump(0.02)
            x, y, width, height = tree.bbox(iid, "info")
            lines = shown.split("\n")
            widest = max(self.font.measure(line) for line in lines)
            self.assertLessEqual(widest + PAD, width,
                                 f"{view}: {task['title']!r}'s markers fit their cell {lines}")
            self.assertLessEqual(x + width, tree.winfo_width(),
                                 f"{view}: {task['title']!r}'s markers are inside the tree")
            self.assertGreaterEqual(height, len(lines) * self.linespace,
                                    f"{view}: the row is tall enough for {lines}")
            self.assertGreaterEqual(tree.column("#0", "width"), 150,
                                    f"{view}: the title keeps room")

    def check_lists(self):
        for view in ("inbox", "upcoming", "today"):
            self.show_tab(view)
            tasklist = self.app.lists[view]
            self.assert_markers_shown(view, tasklist, lambda task, t=tasklist: t.info(task))
        self.show_tab("logbook")
        logbook = self.app.logbook
        self.until(lambda: logbook.rows, "the logbook is shown")
        self.assert_markers_shown("logbook", logbook, lambda task: GAP.join(part_texts(task)))
        self.assertTrue(all(GAP.join(part_texts(task)).endswith("done Thu, Feb 12")
                            for task in logbook.shown.tasks()), "the logbook's completion day")

    def check_matrix(self):
        self.show_tab("matrix")
        for quadrant in self.app.matrix.quadrants.values():
            tree = quadrant.tree
            room = tree.column("#0", "width")
            for task in quadrant.tasks:
                iid = f"t{task['id']}"
                lines = quadrant.row_text(task["id"]).split("\n")
                title = lines[0].split(GAP)[1]
                self.assertFalse(title.endswith("…") and len(title) <= 4,
                                 f"matrix: the title is not squeezed to {title!r}")
                markers = GAP.join(part_texts(task))
                self.assertTrue(self.flat(" ".join(lines)).endswith(self.flat(markers)),
                                f"matrix: every marker is shown in {lines}")
                for line in lines:
                    self.assertLessEqual(self.font.measure(line) + 18, room,
                                         f"matrix: {line!r} fits the quadrant")
                tree.see(iid)
                self.pump(0.02)
                self.assertGreaterEqual(tree.bbox(iid)[3], len(lines) * self.linespace,
                                        f"matrix: the row is tall enough for {lines}")

    def test_markers_are_whole_on_every_tab_after_switching(self):
        # (The three tasks due Feb 10 are in Today: a deadline that passed brings them there.)
        self.until(lambda: len(self.titles("today")) == 4, "Today is shown")
        self.check_lists()
        self.check_matrix()
        titles = {title for quadrant in self.app.matrix.quadrants.values()
                  for title in quadrant.titles()}
        self.assertIn("Book the flights", titles)
        do = self.app.matrix.quadrants["do"]
        book = do.row_text(self.ids["Book the flights"]).split("\n")[0]
        self.assertIn("Book the flights", book, "the default size shows the whole title")

    def test_a_resized_window_fits_its_rows_again(self):
        # (The three tasks due Feb 10 are in Today: a deadline that passed brings them there.)
        self.until(lambda: len(self.titles("today")) == 4, "Today is shown")
        self.check_lists()
        self.root.geometry("640x520")
        self.pump(0.3)
        self.check_lists()
        self.check_matrix()
        self.root.geometry("1200x700")
        self.pump(0.3)
        self.check_lists()
        one_line = self.app.lists["inbox"].tree.set(f"t{self.ids['Buy a present']}", "info")
        self.assertNotIn("\n", one_line, "a wide window has the markers on one line again")


if __name__ == "__main__":
    unittest.main()
