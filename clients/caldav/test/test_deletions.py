"""End to end: deletions both ways, a change beating a deletion (the task made again with its
UID's uuid), a write that changes no field not beating one, and a phone-made task's uuid its
UID's (paired again without the state)."""

import shutil
import uuid

from harness import Case, set_prop
from taskwire_caldav.uids import uid_uuid


class Deletions(Case):
    def test_both_ways(self):
        self.phone.add("p1", "SUMMARY:From the phone")
        self.tw.call("task/create", {"title": "From the desk", "view": "inbox"})
        self.sync()
        self.assertEqual(len(self.phone.todos()), 2)
        self.phone.delete("p1")
        self.tw.call("task/delete", {"id": self.task("From the desk")["id"]})
        out, _ = self.sync()
        self.assertIn("to taskwire: deleted 1", out)
        self.assertIn("to server: deleted 1", out)
        self.assertEqual(self.tasks(), [])
        self.assertEqual(self.phone.todos(), {})

    def test_a_change_beats_a_deletion(self):
        self.phone.add("p1", "SUMMARY:Keep me")
        self.sync()
        self.tw.call("task/delete", {"id": self.task("Keep me")["id"]})
        self.phone.edit("p1", set_prop("DESCRIPTION", "still needed"))
        _, err = self.sync()
        self.assertIn("conflict", err)
        self.assertEqual(self.task("Keep me")["notes"], "still needed")
        self.assertEqual(len(self.phone.todos()), 1)
        # re-created as the same item: the UID's uuid again (uuid5 of a UID that is no UUID)
        self.assertEqual(self.task("Keep me")["uuid"], uid_uuid("p1"))

    def test_a_deletion_beats_a_change_of_no_field(self):
        """A phone's write that changes none of the carried fields (PRIORITY 9: none, as it was)
        does not save the VTODO from taskwire's deletion: it is deleted (If-Match the version
        read), not met with 412 in every pass."""
        self.phone.add("p2", "SUMMARY:Let go")
        self.sync()
        self.phone.edit("p2", set_prop("PRIORITY", 9))
        self.tw.call("task/delete", {"id": self.task("Let go")["id"]})
        out, _ = self.sync()
        self.assertIn("to server: deleted 1", out)
        self.assertEqual(self.phone.todos(), {})
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_a_phone_made_task_has_its_uids_uuid(self):
        """A VTODO made elsewhere: its task's uuid is its UID when that is a UUID (any case),
        else uuid5 of it, so that a bridge without this state (another device's) finds the same
        task: here, the state gone, the next sync pairs each VTODO with its task again."""
        upper = str(uuid.uuid4()).upper()
        self.phone.add(upper, "SUMMARY:Upper")
        self.phone.add("p@example", "SUMMARY:Named")
        self.sync()
        self.assertEqual(self.task("Upper")["uuid"], upper.lower())
        self.assertEqual(self.task("Named")["uuid"],
                         str(uuid.uuid5(uuid.UUID("3d0b7a52-6c1e-5f0a-9a4e-7461736b7769"),
                                        "p@example")))
        shutil.rmtree(self.state_home)
        self.phone.edit(upper, set_prop("SUMMARY", "Upper edited"))
        self.sync()
        self.sync()
        # (no base to merge from: one side's title wins; the point is one task per VTODO)
        titles = sorted(t["title"] for t in self.tasks())
        self.assertEqual(len(titles), 2, titles)
        todos = self.phone.todos()
        self.assertEqual(sorted(todos), sorted([upper, "p@example"]))
        self.assertEqual(sorted(str(t["SUMMARY"]) for t in todos.values()), titles)
