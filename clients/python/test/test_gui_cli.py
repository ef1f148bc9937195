"""The app's command line: a wrong --taskwire and a missing display are one line, not a
traceback, and a non-zero exit code (no X server needed)."""

import os
import subprocess
import sys
import unittest

from helpers import HERE, TASKWIRE

APP = os.path.join(os.path.dirname(HERE), "taskwire_gui.py")


def run_app(*args, env=None):
    return subprocess.run([sys.executable, APP, *args], capture_output=True, text=True,
                          timeout=30, env=env)


class CommandLineTest(unittest.TestCase):
    def test_a_wrong_taskwire_path_is_refused_with_exit_code_2(self):
        done = run_app("--taskwire", "/nonexistent/taskwire", "--db", "/tmp/unused.sqlite")
        self.assertEqual(done.returncode, 2)
        self.assertEqual(done.stdout, "")
        lines = done.stderr.splitlines()
        self.assertEqual(len(lines), 1, done.stderr)
        self.assertIn("/nonexistent/taskwire", lines[0])
        self.assertIn("no such executable", lines[0])

    def test_without_a_display_it_says_so_in_one_line(self):
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        done = run_app("--taskwire", TASKWIRE, env=env)
        self.assertNotEqual(done.returncode, 0)
        self.assertNotIn("Traceback", done.stderr)
        lines = done.stderr.splitlines()
        self.assertEqual(len(lines), 1, done.stderr)
        self.assertIn("DISPLAY", lines[0])


if __name__ == "__main__":
    unittest.main()
