"""Runs the named test modules (default: all) and ends with 'N passed, N failed'."""
import sys
import time
import unittest

import harness


class TimedResult(unittest.TextTestResult):
    """Says each test's time after its verdict (the slow ones are the ones to look at)."""

    def startTest(self, test):
        self._started = time.monotonic()
        super().startTest(test)

    def stopTest(self, test):
        super().stopTest(test)
        if self.showAll:
            self.stream.writeln(f"    ({time.monotonic() - self._started:.1f} s)")


def main(names):
    names = names or ["test_mapping", "test_times", "test_due_times", "test_reminders",
                      "test_clients", "test_sync", "test_conflicts", "test_deletions",
                      "test_first_sync", "test_malformed", "test_order", "test_recurring",
                      "test_structure", "test_faults", "test_links", "test_devices"]
    suite = unittest.TestSuite()
    loader = unittest.TestLoader()
    for name in names:
        if "." in name:
            suite.addTests(loader.loadTestsFromName(name))
        else:
            suite.addTests(loader.loadTestsFromName(name))
    started = time.monotonic()
    try:
        result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout,
                                         resultclass=TimedResult).run(suite)
    finally:
        harness.shutdown()
    failed = len(result.failures) + len(result.errors)
    passed = result.testsRun - failed - len(result.skipped)
    print(f"caldav: {time.monotonic() - started:.0f} s")
    print(f"{passed} passed, {failed} failed" + (f", {len(result.skipped)} skipped"
                                                 if result.skipped else ""))
    return 0 if failed == 0 and result.testsRun > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
