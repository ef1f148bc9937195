"""Renders the app's main views under Xvfb and saves them as PNGs beside the README:
``screenshot.png`` (Today, with a quick-add line highlighted as it is typed),
``screenshot-matrix.png`` (the 2×2 board) and ``screenshot-logbook.png``.

The pictures come from Xvfb's framebuffer file (``-fbdir``, ``$TW_FBDIR``, converted by
``screenshot.py``), so no ImageMagick is needed; without it the test is skipped.
"""

import os
import unittest

from gui_driver import GuiTestCase
from screenshot import screenshot_window

FOLDER = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class ScreenshotTest(GuiTestCase):
    seed = [("Write the weekly report", {"view": "today", "priority": 3, "tags": ["work"]}),
            ("Buy milk", {"view": "today", "tags": ["shop"]}),
            ("Call the dentist", {"view": "today", "urgent": True, "dueDate": "2026-02-13"}),
            ("Water the plants", {"view": "today", "durationMinutes": 5,
                                  "recurrence": {"pattern": "weekly"}}),
            ("Review pull request #42", {"view": "today", "priority": 2, "durationMinutes": 30,
                                         "tags": ["work"], "type": "deepWork"}),
            ("Plan the trip", {"view": "upcoming", "durationMinutes": 60}),
            ("Pay rent", {"scheduledDate": "fri", "dueDate": "2026-02-13"}),
            ("Fix the bike", {"type": "errand"}),
            ("Book the flights", {"urgent": True, "priority": 2}),
            ("Learn Swift concurrency", {"priority": 2, "type": "learning", "durationMinutes": 90}),
            ("Reply to the survey", {"urgent": True}),
            ("Clean the garage", {"durationMinutes": 120})]

    def before_app(self):
        # A task planned for Feb 10 by a process whose clock said Feb 10: overdue today.
        earlier = self.client("earlier", clock="2026-02-10T08:00:00Z")
        earlier.call("task/create", {"title": "Renew the passport", "view": "today"})
        for title in ("Pay the electricity bill", "Send the invoice"):
            done = earlier.call("task/create", {"title": title, "view": "today", "tags": ["money"]})
            earlier.call("task/complete", {"id": done["task"]["id"]})

    def shoot(self, name):
        self.pump(0.3)
        path = os.path.join(FOLDER, name)
        if not screenshot_window(self.root, path):
            self.skipTest("no Xvfb framebuffer file (TW_FBDIR) to take a screenshot from")
        self.assertGreater(os.path.getsize(path), 10000)

    def test_save_screenshots_of_the_main_views(self):
        self.other.call("task/complete", {"id": self.ids["Buy milk"]})
        self.until(lambda: len(self.titles("today")) == 5, "Today is shown without Buy milk")
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
        self.shoot("screenshot.png")
        self.show_tab("matrix")
        self.until(lambda: self.app.matrix.quadrants["do"].titles() == ["Book the flights"],
                   "the matrix is shown")
        self.shoot("screenshot-matrix.png")
        self.show_tab("logbook")
        self.until(lambda: len(self.app.logbook.visible_rows()) == 5, "the logbook is shown")
        self.shoot("screenshot-logbook.png")


if __name__ == "__main__":
    unittest.main()
