"""Runs test modules with unittest and ends with one plain line: N passed, N failed, N skipped.

Usage: python3 run_tests.py MODULE...   (exit 0 only when nothing failed)
"""

import sys
import time
import unittest


def main(modules):
    suite = unittest.defaultTestLoader.loadTestsFromNames(modules)
    started = time.monotonic()
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped
    print(f"({time.monotonic() - started:.1f} s)")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 0 if failed == 0 and result.testsRun > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
