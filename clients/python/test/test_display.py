"""The display convention (clients/README.md), as taskwire_display writes it."""

import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import taskwire_display as display  # noqa: E402

TODAY = "2026-11-24"


class DisplayTest(unittest.TestCase):
    def test_the_convention_s_example_line(self):
        task = {"title": "Call mom", "priority": 2, "urgent": True, "tags": ["family", "phone"],
                "type": "errand", "durationMinutes": 30, "recurrence": {"pattern": "weekly"},
                "dueDate": "2026-11-27", "scheduledDate": "2026-11-25"}
        self.assertEqual(" ".join(text for text, _ in display.markers(task, TODAY)),
                         "!! * #family #phone @errand 30m ↻ weekly due Fri, Nov 27")

    def test_defaults_show_nothing(self):
        task = {"priority": 1, "urgent": False, "tags": [], "type": "maintenance",
                "durationMinutes": 15, "recurrence": {"pattern": "none"}}
        self.assertEqual(display.markers(task, TODAY), [])

    def test_flags(self):
        overdue = {"dueDate": "2026-11-20"}
        self.assertEqual(display.markers(overdue, TODAY),
                         [("due Fri, Nov 20", None), ("overdue", "overdue")])
        self.assertEqual(display.markers({"dueDate": TODAY}, TODAY), [("due today", "due-today")])
        late = {"scheduledDate": "2026-11-30", "dueDate": "2026-11-28"}
        self.assertIn(("after due", "after-due"), display.markers(late, TODAY))
        in_today = {"scheduledDate": "2026-11-22"}
        self.assertEqual(display.markers(in_today, TODAY, in_today=True), [("overdue", "overdue")])
        self.assertEqual(display.markers(in_today, TODAY), [])

    def test_durations_repeats_and_days(self):
        self.assertEqual([display.duration(m) for m in (5, 60, 90, 600)], ["5m", "1h", "1h30m", "10h"])
        self.assertEqual(display.repeat({"pattern": "daily", "interval": 3}), "↻ every 3 days")
        self.assertEqual(display.repeat({"pattern": "biweekly"}), "↻ biweekly")
        self.assertEqual(display.repeat({"pattern": "weekly", "afterCompletion": True}), "↻ weekly!")
        self.assertEqual(display.repeat({"pattern": "none"}), None)
        self.assertEqual(display.due("2027-01-04", TODAY), "due Jan 4, 2027")
        self.assertEqual(display.day("2026-11-25", TODAY, "de"), "Mi, Nov 25")

    def test_headers(self):
        tasks = [{"durationMinutes": 15}, {"durationMinutes": 15}]
        self.assertEqual(display.header("Tomorrow", "2026-11-25", tasks, TODAY),
                         "Tomorrow · Wed, Nov 25 · 30m")
        self.assertEqual(display.header("Nov 27", "2026-11-27", [{"durationMinutes": 120}], TODAY),
                         "Fri, Nov 27 · 2h")
        self.assertEqual(display.header("Jan 4, 2027", "2027-01-04", tasks, TODAY),
                         "Jan 4, 2027 · Mon · 30m")


class CommandLineTest(unittest.TestCase):
    """The desktop app's traps: a wrong --taskwire, and no display."""
    APP = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "taskwire_gui.py")

    def run_app(self, *args, display=None):
        env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
        if display:
            env["DISPLAY"] = display
        return subprocess.run([sys.executable, self.APP, *args], env=env, capture_output=True,
                              text=True, timeout=30)

    def test_a_wrong_taskwire_path_is_refused(self):
        result = self.run_app("--taskwire", "/nonexistent/taskwire")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stderr.strip(),
                         "taskwire_gui: --taskwire /nonexistent/taskwire: no such executable file")

    def test_no_display_is_one_line(self):
        result = self.run_app()
        self.assertEqual(result.returncode, 1)
        lines = result.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertTrue(lines[0].startswith("taskwire_gui: cannot open a window ("), lines[0])
        self.assertNotIn("Traceback", result.stderr)


if __name__ == "__main__":
    unittest.main()
