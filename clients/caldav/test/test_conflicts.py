"""End to end: both sides changed the same task between two syncs: the later change of a field
wins (the loser listed by --conflicts), changes of different fields are both kept, and a phone's
write between the bridge's read and its write (412) is read again and merged."""

import os

from harness import Case, set_prop


class Conflicts(Case):
    def _synced_task(self):
        self.tw.call("task/create", {"title": "Buy milk", "view": "inbox", "priority": 1})
        self.sync()
        uid = next(iter(self.phone.todos()))
        return uid, self.task("Buy milk")

    def test_same_field_later_change_wins_and_the_loser_is_listed(self):
        uid, task = self._synced_task()
        self.tw.call("task/update", {"id": task["id"], "title": "Buy oat milk"})
        self.phone.edit(uid, set_prop("SUMMARY", "Buy soy milk"), last_modified=5)
        _, err = self.sync()
        self.assertIn("conflict on", err)
        self.assertEqual([t["title"] for t in self.tasks()], ["Buy soy milk"])
        self.assertEqual(str(self.phone.todos()[uid]["SUMMARY"]), "Buy soy milk")
        out, _ = self.sync("--conflicts")
        self.assertIn("kept 'Buy soy milk'; lost 'Buy oat milk'", out)
        # and the other way: taskwire's change is the later one
        self.phone.edit(uid, set_prop("SUMMARY", "Buy rice milk"), last_modified=-30)
        self.tw.call("task/update", {"id": task["id"], "title": "Buy almond milk"})
        self.sync()
        self.assertEqual(str(self.phone.todos()[uid]["SUMMARY"]), "Buy almond milk")
        out, _ = self.sync("--conflicts")
        self.assertIn("lost 'Buy rice milk'", out)

    def test_different_fields_both_kept(self):
        uid, task = self._synced_task()
        self.tw.call("task/update", {"id": task["id"], "notes": "the organic one"})
        self.phone.edit(uid, set_prop("PRIORITY", 1))
        _, err = self.sync()
        self.assertNotIn("conflict", err)
        task = self.task("Buy milk")
        self.assertEqual((task["notes"], task["priority"]), ("the organic one", 3))
        todo = self.phone.todos()[uid]
        self.assertEqual((str(todo["DESCRIPTION"]), int(todo["PRIORITY"])), ("the organic one", 1))
        out, _ = self.sync("--conflicts")
        self.assertIn("no conflicts", out)

    def test_a_412_rereads_and_merges(self):
        """The phone writes between the bridge's read and its write: If-Match fails (412), the
        bridge reads the object again and merges both changes."""
        uid, task = self._synced_task()
        self.tw.call("task/update", {"id": task["id"], "notes": "from the desk"})
        import threading
        import sys
        import harness  # noqa: F401
        from taskwire_caldav import davside, cli
        real_put = davside.Collection.put
        fired = threading.Event()
        phone = self.phone

        def put(collection, href, text, etag=None, create=False):
            if not fired.is_set() and not create:
                fired.set()
                phone.edit(uid, set_prop("CATEGORIES", ["shop"]))
            return real_put(collection, href, text, etag, create)
        davside.Collection.put = put
        old_env = dict(os.environ)
        try:
            os.environ.update(self.env())
            code = cli.main(self.bridge_args("--once")[1:])
        finally:
            davside.Collection.put = real_put
            os.environ.clear()
            os.environ.update(old_env)
            sys.stdout.flush()
        self.assertEqual(code, 0)
        self.assertTrue(fired.is_set())
        todo = self.phone.todos()[uid]
        self.assertEqual(str(todo["DESCRIPTION"]), "from the desk")
        self.assertEqual(self.task("Buy milk")["tags"], ["shop"])
