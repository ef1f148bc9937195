"""The links every bridge on a store shares (Protocol/caldav.md, *Links*), with one bridge: a
VTODO is linked (its UID to its task, in the taskwire store) only once the server has it, so a
linked task whose VTODO is gone was deleted on the server, even for a bridge without its state;
a task that is not linked is new in taskwire. A store from before links deletes nothing on its
first pass with them: it records the links of every pair it finds. Each link carries the VTODO's
ETag (its version), so a bridge without its state deletes the VTODO of a task deleted in taskwire
when the phone has not changed it since, and makes the task again when it has; the same for a
checklist line deleted in taskwire (its sub-VTODO's link names the task holding it)."""

import os
import shutil

from harness import Case, set_prop
from taskwire_caldav.links import source_of
from taskwire_caldav.uids import uid_uuid


class Links(Case):
    def links(self):
        source = source_of(str(self.phone.calendar.url.canonical()))
        return {x["key"]: x for x in self.tw.call("link/list", {"source": source})["links"]}

    def assert_versions(self):
        """Every link's version is its VTODO's ETag on the server now."""
        etags = {uid: etag for uid, (_, etag, _) in self.phone.objects().items()}
        self.assertTrue(etags)
        self.assertEqual({k: v["version"] for k, v in self.links().items()}, etags)

    def lose_state(self):
        shutil.rmtree(os.path.join(self.state_home, "taskwire-caldav"))

    def test_a_linked_task_whose_vtodo_is_gone_is_deleted_without_the_state(self):
        kept = self.tw.call("task/create", {"title": "Kept", "view": "inbox"})["task"]
        gone = self.tw.call("task/create", {"title": "Deleted on the phone",
                                            "view": "inbox"})["task"]
        self.phone.add("phone-made", "SUMMARY:Made on the phone")
        self.sync()
        made = self.task("Made on the phone")
        links = self.links()
        self.assertEqual({k: v["id"] for k, v in links.items()},
                         {kept["uuid"]: kept["id"], gone["uuid"]: gone["id"],
                          "phone-made": made["id"]})
        self.assertEqual(made["uuid"], uid_uuid("phone-made"))
        self.assert_versions()
        # the phone deletes two VTODOs, one sent by the bridge and one made there; the bridge
        # loses its state meanwhile
        self.phone.delete(gone["uuid"])
        self.phone.delete("phone-made")
        self.lose_state()
        out, err = self.sync()
        self.assertIn("to taskwire: deleted 2", out)
        self.assertEqual([t["title"] for t in self.tasks()], ["Kept"])
        self.assertEqual([str(t["SUMMARY"]) for t in self.phone.todos().values()], ["Kept"])
        self.assertEqual(set(self.links()), {kept["uuid"]})
        # and a task new in taskwire (not linked) goes to the server as ever
        self.tw.call("task/create", {"title": "New at the desk", "view": "inbox"})
        self.lose_state()
        self.sync()
        self.assertEqual(sorted(str(t["SUMMARY"]) for t in self.phone.todos().values()),
                         ["Kept", "New at the desk"])
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_a_put_that_fails_records_no_link(self):
        task = self.tw.call("task/create", {"title": "Waits", "view": "inbox"})["task"]
        self.sync("--retries", "1", "--max-backoff", "0.1", expect=1,
                  env=self.env(TWCALDAV_TEST_NEW_PUT_UNREACHABLE="1"))
        self.assertEqual(self.phone.todos(), {})
        self.assertEqual(self.links(), {})
        # not linked: new in taskwire, also for a bridge that lost its state; sent, not deleted
        self.lose_state()
        self.sync()
        self.assertEqual([str(t["SUMMARY"]) for t in self.phone.todos().values()], ["Waits"])
        self.assertEqual([t["title"] for t in self.tasks()], ["Waits"])
        self.assertEqual({k: v["id"] for k, v in self.links().items()},
                         {task["uuid"]: task["id"]})

    def test_a_store_from_before_links_deletes_nothing_on_its_first_pass(self):
        for title in ("One", "Two"):
            self.tw.call("task/create", {"title": title, "view": "inbox"})
        self.sync()
        one = self.task("One")
        # as a bridge before links left it: no links; then the phone deletes One and the state
        # is lost (so nothing tells the deletion from a task new in taskwire)
        self.tw.call("link/remove", {"source": source_of(str(self.phone.calendar.url
                                                             .canonical())),
                                     "keys": list(self.links())})
        self.phone.delete(one["uuid"])
        self.lose_state()
        self.sync()
        self.assertEqual(sorted(t["title"] for t in self.tasks()), ["One", "Two"])
        self.assertEqual(sorted(str(t["SUMMARY"]) for t in self.phone.todos().values()),
                         ["One", "Two"])
        # the first pass with links recorded every pair it found
        self.assertEqual(set(self.links()), {one["uuid"], self.task("Two")["uuid"]})

    def test_a_phone_sub_task_keeps_its_uid_as_the_line_uuid(self):
        self.phone.add("parent-task", "SUMMARY:With a line")
        self.phone.add("sub-task-1", "SUMMARY:A line",
                       "RELATED-TO;RELTYPE=PARENT:parent-task")
        self.phone.add("7F1E3C5A-0B1D-4E2F-8A9B-0C1D2E3F4A5B", "SUMMARY:Another line",
                       "RELATED-TO:parent-task", "STATUS:COMPLETED")
        self.sync()
        task = self.task("With a line")
        got = self.tw.call("task/get", {"id": task["id"]})
        lines = {x["title"]: (x["uuid"], x["done"]) for x in got["task"]["checklist"]}
        self.assertEqual(lines, {
            "A line": (uid_uuid("sub-task-1"), False),
            "Another line": ("7f1e3c5a-0b1d-4e2f-8a9b-0c1d2e3f4a5b", True)})
        # the lines are linked to their task, and found again by their uuid without the state
        links = self.links()
        self.assertEqual(links["sub-task-1"]["id"], task["id"])
        self.lose_state()
        out, _ = self.sync()
        self.assertNotIn("new", out)    # (the lines' places are written: X-APPLE-SORT-ORDER)
        self.assertEqual(len(self.phone.todos()), 3)
        self.assertEqual(len(self.tw.call("task/get", {"id": task["id"]})["task"]["checklist"]),
                         2)
        # the phone deletes a line: gone from the checklist, also for a bridge without state
        self.phone.delete("sub-task-1")
        self.lose_state()
        self.sync()
        got = self.tw.call("task/get", {"id": task["id"]})["task"]
        self.assertEqual([x["title"] for x in got["checklist"]], ["Another line"])
        self.assertEqual(len(self.phone.todos()), 2)
        self.assertNotIn("sub-task-1", self.links())

    def test_a_task_deleted_in_taskwire_deletes_its_unchanged_vtodo_without_the_state(self):
        """Three tasks sent by the bridge are deleted in taskwire while it is stopped, and its
        state is lost; the phone edits one of the VTODOs meanwhile, and another between the
        bridge's read and its DELETE (a 412). The unchanged one is deleted on the server (its
        link's version is its ETag: nobody changed it since), the edited ones are made again
        from the phone's edits (a change beats a deletion)."""
        kept = self.tw.call("task/create", {"title": "Kept", "view": "inbox"})["task"]
        gone = self.tw.call("task/create", {"title": "Deleted at the desk",
                                            "view": "inbox"})["task"]
        edited = self.tw.call("task/create", {"title": "Deleted, edited on the phone",
                                              "view": "inbox"})["task"]
        raced = self.tw.call("task/create", {"title": "Deleted, edited while syncing",
                                             "view": "inbox"})["task"]
        self.sync()
        self.assert_versions()
        # a change on the phone is linked with its new version
        self.phone.edit(kept["uuid"], set_prop("PRIORITY", 1))
        self.sync()
        self.assertEqual(self.task("Kept")["priority"], 3)
        self.assert_versions()
        for task in (gone, edited, raced):
            self.tw.call("task/delete", {"id": task["id"]})
        self.assertEqual({k: v["uuid"] for k, v in self.links().items()},
                         {kept["uuid"]: kept["uuid"], gone["uuid"]: None,
                          edited["uuid"]: None, raced["uuid"]: None})
        self.phone.edit(edited["uuid"], set_prop("SUMMARY", "Edited on the phone"))
        self.lose_state()
        out, err = self.sync(env=self.env(
            TWCALDAV_TEST_EDIT_BEFORE_ORPHAN_DELETE=raced["uuid"] + "=Raced on the phone"))
        self.assertIn("to server: deleted 1", out)
        self.assertIn(f"its VTODO {gone['uuid']} deleted", err)
        self.assertEqual(sorted(t["title"] for t in self.tasks()),
                         ["Edited on the phone", "Kept", "Raced on the phone"])
        self.assertEqual(self.task("Edited on the phone")["uuid"], edited["uuid"])
        self.assertEqual(self.task("Raced on the phone")["uuid"], raced["uuid"])
        self.assertEqual(sorted(str(t["SUMMARY"]) for t in self.phone.todos().values()),
                         ["Edited on the phone", "Kept", "Raced on the phone"])
        links = self.links()
        self.assertEqual(set(links), {kept["uuid"], edited["uuid"], raced["uuid"]})
        self.assertEqual(links[edited["uuid"]]["id"], self.task("Edited on the phone")["id"])
        self.assertEqual(links[raced["uuid"]]["id"], self.task("Raced on the phone")["id"])
        self.assert_versions()
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def phone_lines(self):
        """A phone's task with three sub-tasks, synced: the task and its lines' uuids."""
        self.phone.add("parent-task", "SUMMARY:With lines")
        for n in (1, 2, 3):
            self.phone.add(f"sub-task-{n}", f"SUMMARY:Line {n}",
                           "RELATED-TO;RELTYPE=PARENT:parent-task")
        self.sync()
        task = self.task("With lines")
        lines = {x["title"]: x["uuid"] for x in
                 self.tw.call("task/get", {"id": task["id"]})["task"]["checklist"]}
        self.assertEqual(lines, {f"Line {n}": uid_uuid(f"sub-task-{n}") for n in (1, 2, 3)})
        links = self.links()
        self.assertEqual({k: v["id"] for k, v in links.items() if k.startswith("sub-task")},
                         {f"sub-task-{n}": task["id"] for n in (1, 2, 3)})
        self.assert_versions()
        return task, lines

    def checklist(self, task):
        return sorted(x["title"] for x in
                      self.tw.call("task/get", {"id": task["id"]})["task"]["checklist"])

    def test_a_line_deleted_in_taskwire_deletes_its_unchanged_sub_vtodo_without_the_state(self):
        """A phone's sub-task is a line; the line is deleted in taskwire while the bridge is
        stopped and its state lost. Its link names the task holding it (still there), whose
        checklist has no line of the UID's uuid, and the sub-VTODO is the version linked: it
        is deleted on the server, not added again."""
        task, lines = self.phone_lines()
        self.tw.call("task/checklist", {"id": task["id"], "action": "delete",
                                        "item": lines["Line 2"]})
        self.assertEqual(self.links()["sub-task-2"]["uuid"], task["uuid"])   # says nothing
        self.lose_state()
        out, err = self.sync()
        self.assertIn("to server: deleted 1", out)
        self.assertNotIn("to taskwire", out)
        self.assertIn("'Line 2': a checklist line deleted in taskwire, unchanged on the server "
                      "since: its VTODO sub-task-2 deleted", err)
        self.assertEqual(self.checklist(task), ["Line 1", "Line 3"])
        self.assertEqual(sorted(self.phone.todos()), ["parent-task", "sub-task-1", "sub-task-3"])
        self.assertEqual(set(self.links()), {"parent-task", "sub-task-1", "sub-task-3"})
        self.assert_versions()
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
        self.assertEqual(self.checklist(task), ["Line 1", "Line 3"])

    def test_a_line_deleted_in_taskwire_comes_back_when_the_phone_changed_it(self):
        """As above, but the phone edits one sub-VTODO before the bridge runs, and another
        between the bridge's read and its DELETE (a 412): both lines come back with the
        phone's edits (a change beats a deletion), under their UIDs' uuids."""
        task, lines = self.phone_lines()
        for title in ("Line 1", "Line 2"):
            self.tw.call("task/checklist", {"id": task["id"], "action": "delete",
                                            "item": lines[title]})
        self.phone.edit("sub-task-1", set_prop("SUMMARY", "Line 1 edited on the phone"))
        self.lose_state()
        out, err = self.sync(env=self.env(
            TWCALDAV_TEST_EDIT_BEFORE_ORPHAN_DELETE="sub-task-2=Line 2 raced on the phone"))
        self.assertNotIn("to server: deleted", out, err)
        got = self.tw.call("task/get", {"id": task["id"]})["task"]["checklist"]
        self.assertEqual(sorted((x["title"], x["uuid"]) for x in got), [
            ("Line 1 edited on the phone", uid_uuid("sub-task-1")),
            ("Line 2 raced on the phone", uid_uuid("sub-task-2")),
            ("Line 3", uid_uuid("sub-task-3"))])
        self.assertEqual(sorted(str(t["SUMMARY"]) for t in self.phone.todos().values()),
                         ["Line 1 edited on the phone", "Line 2 raced on the phone",
                          "Line 3", "With lines"])
        links = self.links()
        self.assertEqual({k: v["id"] for k, v in links.items() if k.startswith("sub-task")},
                         {f"sub-task-{n}": task["id"] for n in (1, 2, 3)})
        self.assert_versions()
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_a_line_made_a_task_pairs_its_sub_vtodo_without_the_state(self):
        """A line made a task (toTask keeps its uuid) while the bridge is stopped and its state
        lost: no deletion; the sub-VTODO is the new task's (a task of that uuid is there)."""
        task, lines = self.phone_lines()
        self.tw.call("task/checklist", {"id": task["id"], "action": "toTask",
                                        "item": lines["Line 2"]})
        made = self.task("Line 2")
        self.assertEqual(made["uuid"], uid_uuid("sub-task-2"))
        self.lose_state()
        out, err = self.sync()
        self.assertNotIn("deleted", out)
        self.assertEqual(self.checklist(task), ["Line 1", "Line 3"])
        self.assertEqual(sorted(t["title"] for t in self.tasks()), ["Line 2", "With lines"])
        todos = self.phone.todos()
        self.assertEqual(sorted(todos), ["parent-task", "sub-task-1", "sub-task-2",
                                         "sub-task-3"])
        self.assertEqual(str(todos["sub-task-2"]["SUMMARY"]), "Line 2")
        self.assertEqual(self.links()["sub-task-2"]["id"], made["id"])
        self.assert_versions()
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
        self.assertEqual(sorted(t["title"] for t in self.tasks()), ["Line 2", "With lines"])
