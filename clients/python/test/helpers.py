"""Shared bits of the Python client's tests: the binary, temporary stores, comparisons."""

import copy
import os
import shutil
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from taskwire_client import Client  # noqa: E402

TASKWIRE = os.environ.get("TASKWIRE", "")
CLOCK = "2026-02-12T08:00:00Z"     # a Thursday; Europe/Berlin makes it 09:00 there
ZONE = "Europe/Berlin"


class StoreTestCase(unittest.TestCase):
    """A test with a fresh store file in a temporary folder and clients that close."""

    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="taskwire-py-")
        self.db = os.path.join(self.folder, "tasks.sqlite")
        self.addCleanup(shutil.rmtree, self.folder, True)

    def client(self, name="test", clock=CLOCK, **options):
        """A client on this test's store (fixed clock unless clock=None)."""
        log = open(os.path.join(self.folder, f"{name}.log"), "a")
        self.addCleanup(log.close)
        client = Client(TASKWIRE, db=self.db, clock=clock, time_zone=ZONE, client_name=name,
                        stderr=log, **options)
        self.addCleanup(client.close)
        return client


def without_version(listing):
    """A view listing with its ``version`` member taken out (a deep copy)."""
    listing = copy.deepcopy(listing)
    listing.pop("version", None)
    return listing


def wait_for(predicate, timeout=5.0, step=0.01):
    """Poll ``predicate`` until it is true; return its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(step)
