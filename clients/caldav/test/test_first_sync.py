"""End to end: a first sync into an empty list on Radicale as one upload (the list's name and
component set kept, syncs after it as ever), a phone's write racing the upload, a kill right
after it."""

from harness import Case, set_prop


class FirstSync(Case):
    """A first sync into an empty list on Radicale: one PUT of the whole collection (guarded by
    the list's ETag), the list's properties set again; anything in the way, one at a time."""

    def fill(self, n=25):
        requests = [{"method": "task/create", "params": {"title": f"Task {i:02}", "view": "inbox",
                                                         "tags": ["t"], "priority": 2}}
                    for i in range(n - 3)]
        self.tw.call("task/batch", {"requests": requests})
        project = self.tw.call("task/create", {"title": "Project", "kind": "project"})["task"]
        task = self.tw.call("task/create", {"title": "In project", "parent": project["id"],
                                            "dueDate": self.today(3)})["task"]
        self.tw.call("task/checklist", {"id": task["id"], "action": "add", "title": "Line"})
        done = self.tw.call("task/create", {"title": "Done", "view": "today"})["task"]
        self.tw.call("task/complete", {"id": done["id"]})
        return n + 1     # the tasks, the project, a line

    def props(self):
        cal = self.phone.calendar
        return cal.get_display_name(), cal.get_supported_components()

    def test_one_upload_then_syncs_as_ever(self):
        n = self.fill()
        before = self.props()
        out, err = self.sync()
        self.assertIn(f"the empty task list took {n} new objects in one request", err)
        self.assertIn(f"to server: new {n}", out)
        self.assertEqual(self.props(), before)     # its name, and VTODO only
        todos = self.phone.todos()
        self.assertEqual(len(todos), n)
        task = self.task("In project")
        self.assertEqual(str(todos[task["uuid"]]["RELATED-TO"]), self.task("Project")["uuid"])
        self.assertEqual(todos[task["uuid"]].decoded("DUE").isoformat(), self.today(3))
        self.assertEqual(str(todos[self.task("Done")["uuid"]]["STATUS"]), "COMPLETED")
        self.assertEqual(int(todos[self.task("Task 07")["uuid"]]["PRIORITY"]), 5)
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
        # both ways afterwards, with the objects' ETags and the new list's sync token
        uid = self.task("Task 03")["uuid"]
        self.phone.edit(uid, set_prop("SUMMARY", "Task 03 (phone)"))
        self.tw.call("task/update", {"id": self.task("Task 04")["id"], "title": "Task 04 (desk)"})
        out, _ = self.sync()
        self.assertIn("to taskwire: changed 1", out)
        self.assertIn("to server: changed 1", out)
        self.assertEqual(str(self.phone.todos()[self.task("Task 04 (desk)")["uuid"]]["SUMMARY"]),
                         "Task 04 (desk)")

    def test_a_phone_write_before_the_upload_is_kept(self):
        """The phone writes into the list between the bridge's look (empty) and its upload: the
        list's ETag no longer matches (412), the upload is not taken, every task goes one at a
        time, and the phone's task is not lost."""
        n = self.fill()
        raced = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test phone//EN\r\nBEGIN:VTODO\r\n"
                 "UID:raced-before-bulk\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Raced\r\n"
                 "END:VTODO\r\nEND:VCALENDAR\r\n")
        out, err = self.sync(env=self.env(TWCALDAV_TEST_PUT_BEFORE_BULK=raced))
        self.assertIn("the whole upload was not taken (412", err)
        self.assertIn(f"to server: new {n}", out)
        self.sync()
        self.assertEqual(len(self.phone.todos()), n + 1)
        self.assertEqual(self.task("Raced")["completed"], False)

    def test_a_kill_after_the_upload(self):
        """Killed right after the whole upload, before the list's properties are set again:
        the restart sets them, finds every object (no duplicates) and is quiet after."""
        n = self.fill()
        before = self.props()
        self.sync(env=self.env(TWCALDAV_TEST_EXIT_AFTER_BULK="1"), expect=9)
        self.assertNotEqual(self.props(), before)   # Radicale's whole upload replaced them
        self.sync()
        self.assertEqual(self.props(), before)
        self.assertEqual(len(self.phone.todos()), n)
        self.assertEqual(len(self.tasks()), n - 1)   # (the line is in its task)
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
