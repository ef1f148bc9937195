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

    def test_headers(self):
        tasks = [{"durationMinutes": 15}, {"durationMinutes": 15}]
        self.assertEqual(display.header("Tomorrow", "2026-11-25", tasks, TODAY),
                         "Tomorrow · Wed, Nov 25 · 30m")
        self.assertEqual(display.header("Nov 27", "2026-11-27", [{"durationMinutes": 120}], TODAY),
                         "Fri, Nov 27 · 2h")
        self.assertEqual(display.header("Jan 4, 2027", "2027-01-04", tasks, TODAY),
                         "Jan 4, 2027 · Mon · 30m")
        self.assertEqual(display.header("Inbox", None, tasks + [{"durationMinutes": 15}], TODAY),
                         "Inbox · 45m")
        self.assertEqual(display.header("Inbox", None, [], TODAY), "Inbox")

    def test_german_days_use_german_months_and_show_the_date_once(self):
        # The server's German titles ("25. Nov.", "4. Jan. 2027"), as the shell prints them.
        self.assertEqual(display.day("2026-11-25", TODAY, "de"), "Mi, 25. Nov.")
        self.assertEqual(display.header("25. Nov.", "2026-11-25", [{"durationMinutes": 30}],
                                        TODAY, "de"), "Mi, 25. Nov. · 30m")
        self.assertEqual(display.header("Morgen", "2026-11-25", [], TODAY, "de"),
                         "Morgen · Mi, 25. Nov.")
        self.assertEqual(display.header("4. Jan. 2027", "2027-01-04", [], TODAY, "de"),
                         "4. Jan. 2027 · Mo")
        self.assertEqual(display.header("Heute", TODAY, [], TODAY, "de"), "Heute · Di, 24. Nov.")
        header = display.header("3. Dez.", "2026-12-03", [], TODAY, "de")
        self.assertEqual(header, "Do, 3. Dez.")
        self.assertNotIn("Dec", header)

    def test_german_due_overdue_after_due_and_done(self):
        def words(task):
            return [text for text, _ in display.markers(task, TODAY, language="de")]
        self.assertEqual(words({"dueDate": TODAY}), ["fällig heute"])
        self.assertEqual(words({"dueDate": "2026-11-25"}), ["fällig morgen"])
        self.assertEqual(words({"dueDate": "2026-11-20"}), ["fällig Fr, 20. Nov.", "überfällig"])
        self.assertEqual(words({"scheduledDate": "2026-11-30", "dueDate": "2026-11-28"}),
                         ["fällig Sa, 28. Nov.", "nach Fälligkeit"])
        self.assertEqual(display.due("2027-01-04", TODAY, "de"), "fällig 4. Jan. 2027")
        self.assertEqual(display.done("2026-11-23", TODAY, "de"), "erledigt Mo, 23. Nov.")
        self.assertEqual(display.done("2026-11-23", TODAY), "done Mon, Nov 23")


class ErrorTextTest(unittest.TestCase):
    def test_the_json_rpc_prefix_and_code_are_dropped(self):
        from taskwire_client import TaskwireError
        shown = display.error_text(TaskwireError(-32602, "Invalid params: title must not be empty"))
        self.assertEqual(shown, "title must not be empty")
        german = TaskwireError(-32602, "Ungültige Parameter: title darf nicht leer sein")
        self.assertEqual(display.error_text(german), "title darf nicht leer sein")
        # The app's own errors keep their words; only the code goes.
        self.assertEqual(display.error_text(TaskwireError(-32010, "Task 7 not found")),
                         "Task 7 not found")
        self.assertEqual(display.error_text(TaskwireError(-32601, "Method not found: x/y",
                                                          {"method": "x/y"})),
                         "unknown method x/y")


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
