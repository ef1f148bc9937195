"""The library against the real server over real pipes."""

import subprocess
import threading
import unittest

from helpers import TASKWIRE, StoreTestCase, wait_for, without_version
from taskwire_client import (Client, ConnectionClosed, TaskwireError, VersionGap, ViewSnapshot,
                             find_taskwire)


class RequestsTest(StoreTestCase):
    def test_initialize_reply(self):
        tw = self.client()
        self.assertEqual(tw.server_info["protocolVersion"], "1")
        self.assertEqual(tw.server_info["today"], "2026-02-12")
        self.assertIn("view/subscribe", tw.server_info["methods"])

    def test_a_locale_picks_the_language(self):
        with Client(TASKWIRE, memory=True, locale="de_DE.UTF-8") as german:
            self.assertEqual(german.server_info["locale"], "de")
            today = german.call("view/list", {"view": "today"})["groups"][0]["title"]
            self.assertEqual(today, "Heute")

    def test_replies_are_matched_to_requests_across_threads(self):
        tw = self.client()
        results, errors = {}, []

        def worker(n):
            try:
                for k in range(20):
                    title = f"thread {n} task {k}"
                    place = tw.call("task/create", {"title": title, "view": "inbox"})
                    results[title] = place["task"]["id"]
                    got = tw.call("task/get", {"id": place["task"]["id"]})
                    if got["task"]["title"] != title:
                        errors.append((title, got))
            except Exception as error:  # reported below
                errors.append(error)
        threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(errors, [])
        self.assertEqual(len(set(results.values())), 160)

    def test_call_async_calls_back_on_the_reader_thread(self):
        tw = self.client()
        done = threading.Event()
        got = []

        def callback(result, error):
            got.append((result["task"]["title"], error, threading.current_thread().name))
            if len(got) == 3:
                done.set()
        ids = [tw.call_async("task/create", {"title": t}, callback) for t in "abc"]
        self.assertEqual(len(set(ids)), 3)
        self.assertTrue(done.wait(5))
        self.assertEqual(got, [(t, None, "taskwire-reader") for t in "abc"])

    def test_errors_become_exceptions_with_code_and_data(self):
        tw = self.client()
        task = tw.call("task/create", {"title": "Buy milk", "view": "today"})["task"]
        cases = [
            ("task/update", {"id": task["id"], "priorty": 2}, -32602, {"param": "priorty"}),
            ("task/get", {"id": 999}, -32010, {"id": 999}),
            ("no/such", {}, -32601, {"method": "no/such"}),
            ("task/schedule", {"id": task["id"], "date": "yesterday"}, -32012,
             {"date": "2026-02-11", "today": "2026-02-12"}),
            ("history/redo", None, -32014, None),
            ("task/move", {"id": task["id"], "view": "today", "index": 0, "version": 99},
             -32801, {"view": "today", "expected": 99}),
        ]
        for method, params, code, data in cases:
            with self.subTest(method=method):
                with self.assertRaises(TaskwireError) as caught:
                    tw.call(method, params)
                self.assertEqual(caught.exception.code, code)
                self.assertIsInstance(caught.exception.message, str)
                for key, value in (data or {}).items():
                    self.assertEqual(caught.exception.data[key], value)
        box, done = [], threading.Event()
        tw.call_async("task/get", {"id": 12345}, lambda r, e: (box.append((r, e)), done.set()))
        self.assertTrue(done.wait(5))
        self.assertIsNone(box[0][0])
        self.assertEqual(box[0][1].code, -32010)
        self.assertEqual(tw.call("task/get", {"id": task["id"]})["task"]["title"], "Buy milk")

    def test_find_taskwire(self):
        self.assertEqual(find_taskwire(TASKWIRE), find_taskwire(None))
        self.assertEqual(find_taskwire("/no/such/taskwire"), find_taskwire(TASKWIRE))


class NotificationsTest(StoreTestCase):
    def test_notifications_arrive_on_the_reader_thread(self):
        tw = self.client()
        seen, sub_seen = [], []
        tw.add_listener(lambda method, params: seen.append(
            (method, params["subscription"], threading.current_thread().name)))
        sub = tw.subscribe("today")
        sub.add_listener(lambda s, params: sub_seen.append(threading.current_thread().name))
        tw.call("task/create", {"title": "Buy milk", "view": "today"})
        tw.call("view/list", {"view": "today"})  # its reply comes after the notification
        self.assertEqual(seen, [("view/changed", sub.id, "taskwire-reader")])
        self.assertEqual(sub_seen, ["taskwire-reader"])
        self.assertEqual([t["title"] for t in sub.snapshot().tasks()], ["Buy milk"])

    def test_inserted_tasks_come_compact_and_the_snapshot_has_them_whole(self):
        tw = self.client()
        self.assertIs(tw.server_info["compactTasks"], True)
        inserted = []
        tw.add_listener(lambda method, params: inserted.extend(
            op["task"] for op in params["ops"] if op["op"] == "insert"))
        sub = tw.subscribe("today")
        created = tw.call("task/create", {"title": "Buy milk", "view": "today", "tags": ["shop"]})
        tw.call("view/list", {"view": "today"})  # its reply comes after the notification
        self.assertEqual(sorted(inserted[0]),
                         ["createdAt", "id", "scheduledDate", "tags", "title", "updatedAt", "uuid"])
        self.assertEqual(sub.snapshot().tasks(), [created["task"]])

    def test_a_change_from_another_process_reaches_the_subscription(self):
        first = self.client("first")
        second = self.client("second")
        sub = first.subscribe("upcoming")
        second.call("task/create", {"title": "Plan the trip", "view": "upcoming"})
        self.assertTrue(wait_for(lambda: sub.snapshot().tasks(), timeout=5))
        self.assertEqual(sub.snapshot().groups[0]["title"], "Tomorrow")
        self.assertEqual(without_version(sub.snapshot().to_dict()),
                         without_version(first.call("view/list", {"view": "upcoming"})))

    def test_a_version_gap_makes_the_subscription_relist(self):
        tw = self.client()
        sub = tw.subscribe("inbox")
        sub._snapshot.version -= 1   # pretend a notification was lost
        tw.call("task/create", {"title": "Fix the bike"})
        listing = tw.call("view/list", {"view": "inbox"})
        self.assertTrue(wait_for(lambda: sub.version == listing["version"]))
        self.assertEqual(sub.relists, 1)
        self.assertEqual(sub.snapshot().to_dict(), listing)
        tw.call("task/create", {"title": "Oil the chain"})
        listing = tw.call("view/list", {"view": "inbox"})
        self.assertEqual(sub.snapshot().to_dict(), listing)

    def test_a_filtered_subscription_relists_with_its_filter(self):
        tw = self.client()
        tw.call("task/create", {"title": "Buy milk", "tags": ["shop"]})
        sub = tw.subscribe("inbox", filter={"tagsAny": ["shop"]}, sort="title")
        self.assertEqual([t["title"] for t in sub.snapshot().tasks()], ["Buy milk"])
        sub._snapshot.version -= 1   # pretend a notification was lost
        tw.call("task/create", {"title": "Buy bread", "tags": ["shop"]})
        tw.call("task/create", {"title": "Fix the bike"})
        query = {"view": "inbox", "filter": {"tagsAny": ["shop"]}, "sort": "title"}
        self.assertTrue(wait_for(lambda: sub.relists == 1 and [
            t["title"] for t in sub.snapshot().tasks()] == ["Buy bread", "Buy milk"]))
        self.assertEqual(without_version(sub.snapshot().to_dict()),
                         without_version(tw.call("view/list", query)))

    def test_unsubscribe(self):
        tw = self.client()
        sub = tw.subscribe("inbox")
        self.assertEqual(sub.unsubscribe(), {"unsubscribed": sub.id})
        tw.call("task/create", {"title": "x"})
        tw.call("view/list", {"view": "inbox"})
        self.assertEqual(sub.snapshot().tasks(), [])


class ShutdownTest(StoreTestCase):
    def test_close_shuts_down_cleanly(self):
        with self.client() as tw:
            tw.call("task/create", {"title": "kept"})
        self.assertEqual(tw.returncode, 0)
        with self.assertRaises(ConnectionClosed):
            tw.call("view/list", {"view": "inbox"})
        again = self.client("again")
        self.assertEqual(again.call("view/list", {"view": "inbox"})["groups"][0]["tasks"][0]
                         ["title"], "kept")

    def test_closing_stdin_ends_the_server(self):
        tw = self.client()
        tw.process.stdin.close()
        self.assertEqual(tw.process.wait(5), 0)

    def test_a_dead_server_fails_calls(self):
        tw = self.client()
        tw.process.kill()
        tw.process.wait()
        with self.assertRaises(ConnectionClosed):
            for _ in range(3):
                tw.call("view/list", {"view": "inbox"}, timeout=5)

    def test_a_server_that_does_not_start_is_reported(self):
        with self.assertRaises(ConnectionClosed):
            Client(TASKWIRE, args=["--clock", "not a time"], memory=True,
                   stderr=subprocess.DEVNULL)


class ViewSnapshotTest(unittest.TestCase):
    def snapshot(self):
        task = {"id": 1, "title": "a"}
        return ViewSnapshot({"view": "upcoming", "today": "2026-02-12", "version": 3,
                             "groups": [{"key": "2026-02-13", "title": "Tomorrow",
                                         "date": "2026-02-13", "tasks": [task]}]})

    def test_every_op(self):
        snap = self.snapshot()
        snap.apply({"from": 3, "to": 4, "today": "2026-02-13", "ops": [
            {"op": "insertGroup", "index": 1,
             "group": {"key": "2026-02-20", "title": "Feb 20", "date": "2026-02-20"}},
            {"op": "insert", "group": "2026-02-20", "index": 0, "task": {"id": 2, "title": "b"}},
            {"op": "move", "id": 1, "from": {"group": "2026-02-13", "index": 0},
             "to": {"group": "2026-02-20", "index": 1}},
            {"op": "update", "group": "2026-02-20", "index": 1, "id": 1,
             "fields": {"title": "A"}},
            {"op": "removeGroup", "index": 0, "key": "2026-02-13"},
            {"op": "updateGroup", "index": 0, "key": "2026-02-20", "title": "Tomorrow",
             "date": "2026-02-20"},
            {"op": "remove", "group": "2026-02-20", "index": 0, "id": 2}]})
        self.assertEqual(snap.to_dict(), {
            "view": "upcoming", "today": "2026-02-13", "version": 4,
            "groups": [{"key": "2026-02-20", "title": "Tomorrow", "date": "2026-02-20",
                        "tasks": [{"id": 1, "title": "A"}]}]})

    def test_a_gap_is_refused(self):
        snap = self.snapshot()
        with self.assertRaises(VersionGap):
            snap.apply({"from": 4, "to": 5, "today": "2026-02-12", "ops": []})
        self.assertEqual(snap.version, 3)

    def test_an_op_that_does_not_fit_is_refused(self):
        with self.assertRaises(ValueError):
            self.snapshot().apply_op({"op": "remove", "group": "2026-02-13", "index": 0,
                                      "id": 9})


if __name__ == "__main__":
    unittest.main()
