"""Independent real clients on the same list: todoman through vdirsyncer (Debian's packages), and
a taskwire whose tasks carry a ``uuid``."""

import json
import os
import shutil
import subprocess
import unittest

from harness import HERE, USER, Case, radicale, set_prop


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


class WithUUID(Case):
    """The same sync when taskwire's task objects carry a ``uuid``: it becomes the UID."""

    def test_uuid_is_the_uid(self):
        shim = os.path.join(HERE, "uuid_shim.py")
        env = self.env(TASKWIRE=shim, TASKWIRE_REAL=self.binary)
        task = self.tw.call("task/create", {"title": "Has a uuid", "view": "inbox"})["task"]
        self.phone.add("phone-uid-1", "SUMMARY:Made on the phone")
        self.sync(env=env)
        import importlib.util
        spec = importlib.util.spec_from_file_location("uuid_shim", shim)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        todos = self.phone.todos()
        self.assertIn(module.uuid_of(task), todos)
        self.assertEqual(str(todos[module.uuid_of(task)]["SUMMARY"]), "Has a uuid")
        self.assertIn("phone-uid-1", todos)          # a phone's UID stays the phone's
        self.tw.call("task/update", {"id": task["id"], "title": "Has a uuid, edited"})
        self.phone.edit("phone-uid-1", set_prop("SUMMARY", "Phone, edited"))
        out, _ = self.sync(env=env)
        self.assertIn("to taskwire: changed 1", out)
        self.assertEqual(sorted(t["title"] for t in self.tasks()),
                         ["Has a uuid, edited", "Phone, edited"])
        self.assertEqual(str(self.phone.todos()[module.uuid_of(task)]["SUMMARY"]),
                         "Has a uuid, edited")
        out, _ = self.sync(env=env)
        self.assertIn("nothing to do", out)
        self.assertEqual(radicale().url.startswith("http://127.0.0.1"), True)
