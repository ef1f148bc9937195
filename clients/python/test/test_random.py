"""Randomized: every locally applied snapshot equals view/list after every step.

Random create/update/complete/delete/move/schedule/undo/redo (and some day changes through
test/setClock) run against one server with three subscriptions.  After each step the three
snapshots, kept current only by applying view/changed ops, must equal view/list, ignoring
nothing but the version member; no gap may ever force a re-list.  The second run asks for
display parts and switches the language now and then: the parts of tasks and group headers
(``update`` ops' ``fields.display``, ``updateGroup``'s ``display``) must follow as well.
TW_SEED=N repeats a run, TW_STEPS=N sets its length.
"""

import datetime
import os
import random
import zoneinfo

from helpers import ZONE, StoreTestCase, without_version
from taskwire_client import TaskwireError

VIEWS = ("inbox", "today", "upcoming")
TITLES = ["Buy milk", "Call mum", "Write report", "Fix bike", "Café ☕", "Read 𝄞 score",
          "Pay rent", "Plan trip", "line\u2028separator", "  padded  "]
PHRASES = ["today", "tomorrow", "fri", "next mon", "in 3 days", "+2w", "eom", None,
           "yesterday"]
EXPECTED = {-32010, -32011, -32012, -32013, -32014, -32015, -32801}


class RandomizedDiffTest(StoreTestCase):
    display_parts = False

    def test_snapshots_follow_random_changes(self):
        seed = int(os.environ.get("TW_SEED", random.randrange(1 << 30)))
        steps = int(os.environ.get("TW_STEPS", "300"))
        self.rng = random.Random(seed)
        self.now = datetime.datetime(2026, 2, 12, 8, 0, 0)
        self.tw = self.client("random", display_parts=self.display_parts)
        self.subs = {view: self.tw.subscribe(view) for view in VIEWS}
        self.ids = []
        self.log = []
        actions = [self.create] * 5 + [self.update] * 2 + [self.complete] * 2 + \
            [self.delete, self.schedule, self.schedule] + [self.move] * 4 + \
            [self.undo] * 2 + [self.redo, self.day_change]
        if self.display_parts:
            actions.append(self.change_locale)
        counts = {}
        for step in range(steps):
            action = self.rng.choice(actions)
            outcome = self.run_action(action)
            counts[outcome] = counts.get(outcome, 0) + 1
            self.check(f"seed {seed}, step {step}: {self.log[-1]}")
        self.assertGreater(counts.get("ok", 0), steps // 3, counts)
        print(f"\n    seed {seed}: {steps} steps, outcomes {dict(sorted((str(k), v) for k, v in counts.items()))}")

    def run_action(self, action):
        request = action()
        if request is None:
            self.log.append("(nothing to do)")
            return "skipped"
        method, params = request
        self.log.append(f"{method} {params}")
        try:
            result = self.tw.call(method, params)
        except TaskwireError as error:
            self.assertIn(error.code, EXPECTED, f"{self.log[-1]} -> {error}")
            return error.code
        if method == "task/create":
            self.ids.append(result["task"]["id"])
        if method == "test/setClock":
            self.now = self.next_now
        return "ok"

    def check(self, where):
        for view, sub in self.subs.items():
            listing = self.tw.call("view/list", {"view": view})  # after the notifications
            self.assertEqual(without_version(sub.snapshot().to_dict()),
                             without_version(listing), f"{view} differs; {where}")
            self.assertEqual(sub.version, listing["version"], f"{view} version; {where}")
            self.assertEqual(sub.relists, 0, f"{view} had to re-list; {where}")

    # -- random requests -----------------------------------------------------------------------
    def day(self, offset):
        # The server's today is the clock's date in the store's zone, not in UTC: once the
        # day changes' extra hours add up past 23:00 UTC, Berlin is already on the next day.
        local = self.now.replace(tzinfo=datetime.timezone.utc).astimezone(zoneinfo.ZoneInfo(ZONE))
        return (local.date() + datetime.timedelta(days=offset)).isoformat()

    def some_task(self):
        return self.rng.choice(self.ids) if self.ids else None

    def create(self):
        params = {"title": self.rng.choice(TITLES), "view": self.rng.choice(VIEWS)}
        if self.rng.random() < 0.3:
            params["scheduledDate"] = self.day(self.rng.randint(0, 9))
        if self.rng.random() < 0.3:
            params.update(priority=self.rng.randint(1, 3), tags=["a", "b"][:self.rng.randint(0, 2)])
        return "task/create", params

    def update(self):
        task = self.some_task()
        if task is None:
            return None
        params = {"id": task}
        field = self.rng.choice(["title", "notes", "priority", "urgent", "scheduledDate",
                                 "dueDate", "durationMinutes"])
        params[field] = {"title": self.rng.choice(TITLES), "notes": self.rng.choice([None, "n"]),
                         "priority": self.rng.randint(1, 3), "urgent": self.rng.random() < 0.5,
                         "scheduledDate": self.rng.choice([None, self.day(self.rng.randint(0, 5))]),
                         "dueDate": self.day(self.rng.randint(-2, 5)),
                         "durationMinutes": self.rng.choice([5, 15, 30, 60])}[field]
        return "task/update", params

    def complete(self):
        task = self.some_task()
        return task and ("task/complete", {"id": task, "completed": self.rng.random() < 0.8})

    def delete(self):
        task = self.some_task()
        return task and ("task/delete", {"id": task})

    def schedule(self):
        task = self.some_task()
        return task and ("task/schedule", {"id": task, "date": self.rng.choice(PHRASES)})

    def move(self):
        task = self.some_task()
        if task is None:
            return None
        view = self.rng.choice(VIEWS)
        snapshot = self.subs[view].snapshot()
        params = {"id": task, "view": view}
        group = None
        if view == "upcoming":
            dates = [g["key"] for g in snapshot.groups] + [self.day(self.rng.randint(1, 6))]
            group = params["date"] = self.rng.choice(dates)
        elif view == "today" and self.rng.random() < 0.4:   # into This Evening
            group, params["evening"] = "evening", True
        else:
            group = view
        tasks = [t["id"] for g in snapshot.groups if g["key"] == group for t in g["tasks"]]
        length = len([t for t in tasks if t != task])
        if self.rng.random() < 0.85:
            params["index"] = self.rng.randint(0, length)
        if self.rng.random() < 0.7:
            params["version"] = snapshot.version - (1 if self.rng.random() < 0.1 else 0)
        return "task/move", params

    def undo(self):
        return "history/undo", None

    def change_locale(self):
        return "locale/set", {"locale": self.rng.choice(["de", "en"])}

    def redo(self):
        return "history/redo", None

    def day_change(self):
        self.next_now = self.now + datetime.timedelta(days=1, hours=self.rng.randint(0, 3))
        return "test/setClock", {"now": self.next_now.strftime("%Y-%m-%dT%H:%M:%SZ")}


class RandomizedDisplayDiffTest(RandomizedDiffTest):
    display_parts = True
