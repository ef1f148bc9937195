"""Independent real clients on the same list: todoman through vdirsyncer (Debian's packages); a
task's ``uuid`` as its UID; a kill between taskwire's commit and the state's save. (Projects,
headings and checklists: test_structure.py.)"""

import json
import os
import shutil
import subprocess
import unittest

from harness import USER, Case, set_prop, stamp


def tool(name):
    return shutil.which(name) or (f"/usr/bin/{name}" if os.path.exists(f"/usr/bin/{name}")
                                  else None)


@unittest.skipUnless(tool("todoman") and tool("vdirsyncer"), "todoman and vdirsyncer needed")
class Todoman(Case):
    def setUp(self):
        super().setUp()
        d = self.dir
        os.makedirs(f"{d}/vdir")
        self.vds_config = f"{d}/vdirsyncer.conf"
        with open(self.vds_config, "w") as f:
            f.write(f"""[general]
status_path = "{d}/vds-status/"

[pair phone]
a = "local"
b = "server"
collections = null
conflict_resolution = "b wins"

[storage local]
type = "filesystem"
path = "{d}/vdir/"
fileext = ".ics"

[storage server]
type = "caldav"
url = "{self.phone.calendar.url}"
username = "{USER}"
password.fetch = ["command", "cat", "{self.password_file}"]
auth = "basic"
""")
        self.todo_config = f"{d}/todoman.py"
        with open(self.todo_config, "w") as f:
            f.write(f'path = "{d}/vdir"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n'
                    f'cache_path = "{d}/todoman-cache.sqlite3"\n')
        self.vdirsyncer("discover")

    def vdirsyncer(self, *args):
        run = subprocess.run([tool("vdirsyncer"), "-c", self.vds_config, *args], input="y\n" * 4,
                             capture_output=True, text=True, timeout=60)
        self.keep_log(run.stdout + run.stderr)
        self.assertEqual(run.returncode, 0, run.stderr)

    def todo(self, *args):
        env = dict(os.environ, TODOMAN_CONFIG=self.todo_config)
        run = subprocess.run([tool("todoman"), *args], capture_output=True, text=True, env=env,
                             timeout=60, input="y\n")
        self.assertEqual(run.returncode, 0, run.stderr + run.stdout)
        return run.stdout

    def todos(self):
        return {t["summary"]: t for t in json.loads(self.todo("--porcelain", "list", "--status",
                                                              "ANY"))}

    def test_todoman_and_taskwire_both_ways(self):
        self.todo("new", "-l", "vdir", "Einkaufen 🛒 für Oma", "--priority", "high",
                  "--due", self.today(4))
        self.vdirsyncer("sync")
        self.sync()
        task = self.task("Einkaufen 🛒 für Oma")
        self.assertEqual((task["priority"], task["dueDate"]), (3, self.today(4)))
        # done in taskwire: todoman sees it done
        self.tw.call("task/complete", {"id": task["id"]})
        self.tw.call("task/create", {"title": "Zahnarzt anrufen", "view": "inbox",
                                     "priority": 2, "notes": "vor 12 Uhr"})
        self.sync()
        self.vdirsyncer("sync")
        todos = self.todos()
        self.assertTrue(todos["Einkaufen 🛒 für Oma"]["completed"])
        self.assertEqual(todos["Zahnarzt anrufen"]["description"], "vor 12 Uhr")
        self.assertEqual(todos["Zahnarzt anrufen"]["priority"], 5)
        # edited and deleted in todoman: taskwire follows
        self.todo("edit", str(todos["Zahnarzt anrufen"]["id"]), "--priority", "low")
        self.todo("delete", "--yes", str(todos["Einkaufen 🛒 für Oma"]["id"]))
        self.vdirsyncer("sync")
        self.sync()
        self.assertEqual([(t["title"], t["priority"]) for t in self.tasks()],
                         [("Zahnarzt anrufen", 1)])


class Identity(Case):
    """The real binary's ``uuid``: the UID of every task made in taskwire, kept through an
    export and import; a Taskwarrior task's uuid is its UID; a phone's UID stays the phone's."""

    def test_uuid_is_the_uid(self):
        task = self.tw.call("task/create", {"title": "Has a uuid", "view": "inbox"})["task"]
        self.assertRegex(task["uuid"], r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-"
                                       r"[0-9a-f]{12}$")
        self.tw.call("store/import", {"format": "taskwarrior", "document": [{
            "uuid": "5b0e7c1e-3d2a-4f6b-9c8d-7e6f5a4b3c2d", "description": "From Taskwarrior",
            "status": "pending", "entry": "20260101T080000Z"}]})
        self.phone.add("phone-uid-1", "SUMMARY:Made on the phone")
        self.sync()
        todos = self.phone.todos()
        self.assertEqual(sorted(todos), sorted([task["uuid"], "5b0e7c1e-3d2a-4f6b-9c8d-7e6f5a4b3c2d",
                                                "phone-uid-1"]))
        self.assertEqual(str(todos[task["uuid"]]["SUMMARY"]), "Has a uuid")
        self.tw.call("task/update", {"id": task["id"], "title": "Has a uuid, edited"})
        self.phone.edit("phone-uid-1", set_prop("SUMMARY", "Phone, edited"))
        out, _ = self.sync()
        self.assertIn("to taskwire: changed 1", out)
        self.assertEqual(sorted(t["title"] for t in self.tasks()),
                         ["From Taskwarrior", "Has a uuid, edited", "Phone, edited"])
        self.assertEqual(str(self.phone.todos()[task["uuid"]]["SUMMARY"]), "Has a uuid, edited")
        # the state lost: taskwire's tasks are matched by uuid, not doubled (the phone's own
        # task is: its UID is not a taskwire uuid; see Protocol/caldav.md, "The state file")
        for root, _, files in os.walk(self.state_home):
            for name in files:
                if name.endswith(".json"):
                    os.unlink(os.path.join(root, name))
        self.sync()
        on_server = [str(t["SUMMARY"]) for t in self.phone.todos().values()]
        self.assertEqual(on_server.count("Has a uuid, edited"), 1)
        self.assertEqual(on_server.count("From Taskwarrior"), 1)
        titles = [t["title"] for t in self.tasks()]
        self.assertEqual(titles.count("Has a uuid, edited"), 1)
        self.assertEqual(titles.count("From Taskwarrior"), 1)

    def test_a_kill_after_taskwire_committed_makes_no_duplicates(self):
        """Killed between the task/batch that made the phone's tasks and the state's save (the
        bridge exits there when TWCALDAV_TEST_EXIT_AFTER_BATCH is set): the restart finds them
        by their place in the batch, the phone's UIDs stay theirs, nothing is made twice."""
        self.tw.call("task/create", {"title": "Desk", "view": "inbox"})
        self.sync()
        for n in range(5):
            self.phone.add(f"crash-{n}", f"SUMMARY:Phone {n}")
        self.phone.add("crash-done", "SUMMARY:Phone done", "STATUS:COMPLETED",
                       "COMPLETED:" + stamp(-60))
        self.tw.call("task/create", {"title": "Phone 0", "view": "inbox"})   # same title, desk's
        self.sync(env=self.env(TWCALDAV_TEST_EXIT_AFTER_BATCH="1"), expect=9)
        self.assertEqual(len(self.tasks()), 8)
        out, err = self.sync()
        self.assertIn("an interrupted sync created", err)
        self.assertNotIn("to taskwire: new", out)
        titles = sorted(t["title"] for t in self.tasks())
        self.assertEqual(titles, ["Desk", "Phone 0", "Phone 0", "Phone 1", "Phone 2", "Phone 3",
                                  "Phone 4", "Phone done"])
        self.assertTrue(self.task("Phone done")["completed"])
        todos = self.phone.todos()
        self.assertEqual(len(todos), 8)
        self.assertTrue({f"crash-{n}" for n in range(5)} | {"crash-done"} <= set(todos))
        self.tw.call("task/update", {"id": self.task("Phone 3")["id"], "title": "Phone 3 edited"})
        self.sync()
        self.assertEqual(str(self.phone.todos()["crash-3"]["SUMMARY"]), "Phone 3 edited")
