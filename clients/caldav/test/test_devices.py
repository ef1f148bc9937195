"""Two devices and a phone on one task list (issue 32): two bridges, each with its own state and
its own taskwire processes, on one PostgreSQL store, and the caldav library as the phone, all on
one collection. A seeded random sequence of edits on all three, syncs of either bridge between
them; then both bridges sync until quiet and everything must agree: the same tasks (one VTODO per
task, none lost), the same fields and the same order everywhere, and every task's uuid its
VTODO's UID's (Protocol/caldav.md, *Identity*). A deleted task comes back only when a change beat
its deletion, and never twice. A phone's deletion that one bridge had not seen deletes the task
(the links both bridges share: caldav.md, *Links*; test_a_phone_deletion_one_bridge_has_not_seen).

The PostgreSQL cluster is $TASKWIRE_TEST_POSTGRES when set (Tests/all.sh starts one), else one of
the test's own (Tests/support/postgres.sh), stopped at the end. Each test has a fresh schema,
dropped at the end. TWCALDAV_SEED=N replays a sequence; TWCALDAV_STEPS=N makes it longer;
TWCALDAV_NO_PHONE_CREATE=1 leaves out the phone's new VTODOs (to isolate a divergence)."""

import datetime as dt
import os
import random
import shutil
import subprocess
import tempfile
import unittest
import uuid

import icalendar

from harness import BRIDGE, PASSWORD, USER, Case, Client, radicale, set_prop, stamp
from taskwire_caldav.uids import uid_uuid

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
PG_SCRIPT = os.path.join(ROOT, "Tests", "support", "postgres.sh")
PSQL = "/usr/lib/postgresql/15/bin/psql"
TAGS = ["home", "work", "errand", "call"]


class Cluster:
    """$TASKWIRE_TEST_POSTGRES, else a throwaway cluster of this module's own."""

    def __init__(self):
        self.base = os.environ.get("TASKWIRE_TEST_POSTGRES")
        self.folder = None
        if not self.base:
            self.folder = tempfile.mkdtemp(prefix="twcaldav-pg-")
            run = subprocess.run(["bash", PG_SCRIPT, "start", os.path.join(self.folder, "pg")],
                                 capture_output=True, text=True, timeout=180,
                                 stdin=subprocess.DEVNULL)
            if run.returncode != 0:
                self.stop()
                raise RuntimeError(f"postgres.sh start failed:\n{run.stdout}\n{run.stderr}")
            for line in run.stdout.splitlines():
                if line.startswith("export TASKWIRE_TEST_POSTGRES="):
                    self.base = line.split("=", 1)[1].strip("'")
            if not self.base:
                self.stop()
                raise RuntimeError("postgres.sh printed no TASKWIRE_TEST_POSTGRES")

    def url(self, schema):
        return self.base + ("&" if "?" in self.base else "?") + f"options=-csearch_path%3D{schema}"

    def drop(self, schema):
        subprocess.run([PSQL, self.base, "-qc", f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'],
                       capture_output=True, timeout=60, stdin=subprocess.DEVNULL)

    def stop(self):
        if self.folder:
            subprocess.run(["bash", PG_SCRIPT, "stop", os.path.join(self.folder, "pg")],
                           capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


CLUSTER = None


def setUpModule():
    global CLUSTER
    CLUSTER = Cluster()


def tearDownModule():
    if CLUSTER is not None:
        CLUSTER.stop()


class Device:
    """A taskwire device: its own taskwire process for edits and its own bridge (own state)."""

    def __init__(self, case, name):
        self.case = case
        self.name = name
        self.state_home = os.path.join(case.dir, f"state-{name}")
        self.tw = Client(case.binary, db=case.store, client_name=name,
                         stderr=subprocess.DEVNULL)

    def sync(self):
        case = self.case
        case.runs += 1
        args = [BRIDGE, "--url", radicale().url, "--user", USER, "--calendar", case.calendar,
                "--db", case.store, "--password-file", case.password_file, "--once"]
        run = subprocess.run(args, env=case.env(XDG_STATE_HOME=self.state_home),
                             capture_output=True, text=True, timeout=120,
                             stdin=subprocess.DEVNULL)
        case.keep_log(f"--- {self.name} sync\n" + run.stdout + run.stderr)
        self.case.assertEqual(run.returncode, 0, f"{self.name}: bridge exit {run.returncode}:"
                                                 f"\n{run.stdout}\n{run.stderr}")
        self.case.assertNotIn(PASSWORD, run.stdout + run.stderr)
        return run.stdout

    def tasks(self):
        return self.tw.call("store/export", {"completed": True})["document"]["tasks"]


def phone_fields(todo):
    """The compared fields of a VTODO, read here independently of the bridge's mapping."""
    status = str(todo.get("STATUS") or "").upper()
    completed = status in ("COMPLETED", "CANCELLED") or (
        not status and ("COMPLETED" in todo or str(todo.get("PERCENT-COMPLETE")) == "100"))
    cats = todo.get("CATEGORIES")
    tags = []
    for prop in (cats if isinstance(cats, list) else [cats] if cats is not None else []):
        for value in prop.cats:
            value = str(value).strip()
            if value and value not in tags:
                tags.append(value)
    prio = int(todo.get("PRIORITY") or 0)
    priority = 3 if 1 <= prio <= 4 else 2 if prio == 5 else 1

    def day(name):
        if name not in todo:
            return None
        value = todo[name].dt
        return (value.date() if isinstance(value, dt.datetime) else value).isoformat()

    order = todo.get("X-APPLE-SORT-ORDER")
    return {"title": str(todo.get("SUMMARY") or ""), "completed": completed,
            "tags": sorted(tags), "priority": priority, "scheduledDate": day("DTSTART"),
            "dueDate": day("DUE"), "rank": None if completed or order is None else int(order)}


def task_fields(task):
    return {"title": task["title"], "completed": task["completed"], "tags": sorted(task["tags"]),
            "priority": task["priority"], "scheduledDate": task["scheduledDate"],
            "dueDate": task["dueDate"], "rank": None if task["completed"] else task["rank"]}


class TwoDevicesOnePhone(Case):
    def setUp(self):
        super().setUp()
        self.schema = "caldav_" + uuid.uuid4().hex[:10]
        self.store = CLUSTER.url(self.schema)
        self.addCleanup(CLUSTER.drop, self.schema)
        self.devices = [Device(self, "device1"), Device(self, "device2")]
        for device in self.devices:
            self.addCleanup(device.tw.close)

    def today(self, days=0):
        today = dt.date.fromisoformat(self.devices[0].tw.server_info["today"])
        return (today + dt.timedelta(days=days)).isoformat()

    def test_random_edits_converge(self):
        seed = int(os.environ.get("TWCALDAV_SEED") or random.randrange(1 << 30))
        steps = int(os.environ.get("TWCALDAV_STEPS") or 45)
        self.log = [f"seed {seed}"]
        try:
            self.run_sequence(random.Random(seed), steps)
        except Exception as error:
            steps = "\n".join(self.log)
            raise AssertionError(f"seed {seed} (TWCALDAV_SEED={seed} replays it): {error}\n"
                                 f"the steps:\n{steps}") from error

    def test_a_phone_deletion_one_bridge_has_not_seen(self):
        """Bridge 1 sends a task and makes one from the phone's VTODO; the phone deletes both
        VTODOs before bridge 2 (whose sync token is from before them) syncs: bridge 2 never
        paired them and finds no VTODO, but they are linked (bridge 1 had them on the server):
        deleted in taskwire, on both devices, and not sent back to the phone. And the other way:
        a task bridge 1 sent is deleted on device 1 while bridge 1 is stopped; bridge 2 meets
        its VTODO (never paired) unchanged since bridge 1 linked it: the VTODO is deleted, the
        task not made again."""
        one, two = self.devices
        two.sync()
        sent = one.tw.call("task/create", {"title": "Sent by one", "view": "inbox"})["task"]
        desk = one.tw.call("task/create", {"title": "Deleted on one", "view": "inbox"})["task"]
        self.phone.add("phone-made", "SUMMARY:Made on the phone")
        self.phone.add("kept-on-phone", "SUMMARY:Kept")
        one.sync()
        self.assertEqual(sorted(t["title"] for t in two.tasks()),
                         ["Deleted on one", "Kept", "Made on the phone", "Sent by one"])
        self.phone.delete(sent["uuid"])
        self.phone.delete("phone-made")
        one.tw.call("task/delete", {"id": desk["id"]})
        out = two.sync()
        self.assertIn("to taskwire: deleted 2", out)
        self.assertIn("to server: deleted 1", out)
        for device in self.devices:
            self.assertEqual([t["title"] for t in device.tasks()], ["Kept"])
        one.sync()
        two.sync()
        self.assertEqual([str(t["SUMMARY"]) for t in self.phone.todos().values()], ["Kept"])
        self.assertEqual([t["title"] for t in one.tasks()], ["Kept"])
        for device in self.devices:
            self.assertIn("nothing to do", device.sync())

    # the random sequence

    def run_sequence(self, rng, steps):
        self.made = 0
        self.deleted = set()        # names of tasks some step deleted
        for step in range(steps):
            actor = rng.choice(["device1", "device2", "phone", "phone", "sync", "sync"])
            if actor == "sync":
                device = rng.choice(self.devices)
                self.log.append(f"{step}: {device.name} sync")
                device.sync()
            elif actor == "phone":
                self.phone_step(rng, step)
            else:
                self.device_step(rng, step, self.devices[actor == "device2"])
        # until quiet: each bridge a few times, then two rounds that must change nothing
        for _ in range(2):
            for device in self.devices:
                device.sync()
        self.log.append("settled")
        self.check()

    def name(self):
        self.made += 1
        return f"T{self.made}"

    def device_step(self, rng, step, device):
        tw = device.tw
        tasks = [t for t in device.tasks() if t.get("kind", "task") == "task"]
        open_tasks = [t for t in tasks if not t["completed"]]
        what = rng.choice(["create", "create", "title", "tags", "priority", "date", "complete",
                           "delete", "move"]) if tasks else "create"
        task = rng.choice(open_tasks or tasks) if tasks else None
        if what == "create":
            title = self.name()
            params = {"title": title, "view": "inbox"}
            if rng.random() < 0.3:
                params["tags"] = rng.sample(TAGS, rng.randint(1, 2))
            if rng.random() < 0.3:
                params["priority"] = rng.choice([2, 3])
            tw.call("task/create", params)
            self.log.append(f"{step}: {device.name} create {params}")
        elif what == "title":
            title = task["title"].split(" ")[0] + f" d{step}"
            tw.call("task/update", {"id": task["id"], "title": title})
            self.log.append(f"{step}: {device.name} title {task['title']!r} -> {title!r}")
        elif what == "tags":
            tags = rng.sample(TAGS, rng.randint(0, 2))
            tw.call("task/update", {"id": task["id"], "tags": tags})
            self.log.append(f"{step}: {device.name} tags {task['title']!r} {tags}")
        elif what == "priority":
            priority = rng.choice([1, 2, 3])
            tw.call("task/update", {"id": task["id"], "priority": priority})
            self.log.append(f"{step}: {device.name} priority {task['title']!r} {priority}")
        elif what == "date":
            field = rng.choice(["dueDate", "scheduledDate"])
            value = rng.choice([None, self.today(rng.randint(2, 9))])
            tw.call("task/update", {"id": task["id"], field: value})
            self.log.append(f"{step}: {device.name} {field} {task['title']!r} {value}")
        elif what == "complete":
            tw.call("task/complete", {"id": task["id"]})
            self.log.append(f"{step}: {device.name} complete {task['title']!r}")
        elif what == "delete":
            tw.call("task/delete", {"id": task["id"]})
            self.deleted.add(task["title"].split(" ")[0])
            self.log.append(f"{step}: {device.name} delete {task['title']!r}")
        elif what == "move":
            inbox = self.devices[0].tw.call("view/list", {"view": "inbox"})["groups"]
            inbox = [t for g in inbox for t in g["tasks"]]
            if len(inbox) < 2:
                self.log.append(f"{step}: {device.name} move: (inbox too short)")
                return
            moved = rng.choice(inbox)
            index = rng.randrange(len(inbox))
            tw.call("task/move", {"id": moved["id"], "view": "inbox", "index": index})
            self.log.append(f"{step}: {device.name} move {moved['title']!r} to {index}")

    def phone_step(self, rng, step):
        objects = self.phone.objects()
        tasks = {uid: todo for uid, (_, _, todo) in objects.items()
                 if str(todo.get("X-TASKWIRE-KIND") or "task") == "task"}
        what = rng.choice(["create", "create", "title", "tags", "priority", "due", "complete",
                           "delete", "order"]) if tasks else "create"
        if what == "create" and os.environ.get("TWCALDAV_NO_PHONE_CREATE"):
            self.log.append(f"{step}: phone create: (off)")
            return
        if what == "create":
            title = self.name()
            uid = str(uuid.uuid4()).upper()
            lines = [f"SUMMARY:{title}", "STATUS:NEEDS-ACTION", "CREATED:" + stamp(),
                     "LAST-MODIFIED:" + stamp()]
            if rng.random() < 0.3:
                lines.append("CATEGORIES:" + ",".join(rng.sample(TAGS, rng.randint(1, 2))))
            if rng.random() < 0.3:
                lines.append(f"PRIORITY:{rng.choice([1, 5])}")
            self.phone.add(uid, *lines)
            self.log.append(f"{step}: phone create {uid} {lines}")
            return
        uid = rng.choice(sorted(tasks))
        title = str(tasks[uid].get("SUMMARY"))
        if what == "title":
            new = title.split(" ")[0] + f" p{step}"
            self.phone.edit(uid, set_prop("SUMMARY", new))
            self.log.append(f"{step}: phone title {title!r} -> {new!r}")
        elif what == "tags":
            tags = rng.sample(TAGS, rng.randint(0, 2))
            self.phone.edit(uid, set_prop("CATEGORIES", tags or None))
            self.log.append(f"{step}: phone tags {title!r} {tags}")
        elif what == "priority":
            prio = rng.choice([None, 1, 5, 9])
            self.phone.edit(uid, set_prop("PRIORITY", prio))
            self.log.append(f"{step}: phone priority {title!r} {prio}")
        elif what == "due":
            value = rng.choice([None, dt.date.fromisoformat(self.today(rng.randint(2, 9)))])

            def change(todo):
                for name in ("DUE", "DTSTART", "X-TASKWIRE-DATE-ONLY"):
                    if name in todo and name != "DTSTART":
                        del todo[name]
                if value is not None:
                    todo.add("DUE", value)
                # DTSTART after DUE is not a VTODO: keep the scheduled date no later
                if value is not None and "DTSTART" in todo:
                    start = todo["DTSTART"].dt
                    start = start.date() if isinstance(start, dt.datetime) else start
                    if start > value:
                        del todo["DTSTART"]
            self.phone.edit(uid, change)
            self.log.append(f"{step}: phone due {title!r} {value}")
        elif what == "complete":
            def complete(todo):
                for name in ("STATUS", "COMPLETED", "PERCENT-COMPLETE"):
                    if name in todo:
                        del todo[name]
                todo.add("STATUS", "COMPLETED")
                todo.add("COMPLETED", dt.datetime.now(dt.timezone.utc).replace(microsecond=0))
                todo.add("PERCENT-COMPLETE", 100)
            self.phone.edit(uid, complete)
            self.log.append(f"{step}: phone complete {title!r}")
        elif what == "delete":
            self.phone.delete(uid)
            self.deleted.add(title.split(" ")[0])
            self.log.append(f"{step}: phone delete {title!r}")
        elif what == "order":
            orders = [int(t["X-APPLE-SORT-ORDER"]) for t in tasks.values()
                      if "X-APPLE-SORT-ORDER" in t]
            if not orders or "X-APPLE-SORT-ORDER" not in tasks[uid]:
                self.log.append(f"{step}: phone order: (no sort order on {title!r})")
                return
            new = rng.choice([min(orders) - 1000, max(orders) + 1000])
            self.phone.edit(uid, set_prop("X-APPLE-SORT-ORDER", str(new)))
            self.log.append(f"{step}: phone order {title!r} {new}")

    # the end state

    def check(self):
        views = [device.tasks() for device in self.devices]
        self.assertEqual(views[0], views[1], "both devices read the same store")
        tasks = [t for t in views[0] if t.get("kind", "task") == "task"]
        todos = {uid: todo for uid, todo in self.phone.todos().items()
                 if str(todo.get("X-TASKWIRE-KIND") or "task") == "task"}
        self.log.append("taskwire: " + repr(sorted((t["title"], t["uuid"]) for t in tasks)))
        self.log.append("phone: " + repr(sorted((str(t.get("SUMMARY")), u)
                                                for u, t in todos.items())))
        # one task per name, one VTODO per name: no duplicates
        names = [t["title"].split(" ")[0] for t in tasks]
        self.assertEqual(len(names), len(set(names)), f"a task twice in taskwire: {names}")
        phone_names = [str(t.get("SUMMARY")).split(" ")[0] for t in todos.values()]
        self.assertEqual(len(phone_names), len(set(phone_names)),
                         f"a task twice on the phone: {sorted(phone_names)}")
        # nothing lost: every task made exists unless a step deleted it
        for n in range(1, self.made + 1):
            if f"T{n}" not in self.deleted:
                self.assertIn(f"T{n}", names, f"T{n} lost in taskwire")
        # the same tasks, fields and order on the phone as in taskwire
        ours = {t["title"].split(" ")[0]: task_fields(t) for t in tasks}
        theirs = {str(t.get("SUMMARY")).split(" ")[0]: phone_fields(t) for t in todos.values()}
        self.assertEqual(theirs, ours)
        # one identity everywhere: a task's uuid is its VTODO's UID (made in taskwire), or the
        # UID's uuid (made on the phone: the UID, any case, or uuid5 of one that is no UUID)
        by_uuid = {uid_uuid(uid): str(todo.get("SUMMARY")) for uid, todo in todos.items()}
        self.assertEqual(len(by_uuid), len(todos))
        self.assertEqual(by_uuid, {task["uuid"]: task["title"] for task in tasks})
        # quiet: one more sync of each bridge changes nothing on either side
        before = (views[0], {u: t.to_ical() for u, t in self.phone.todos().items()})
        for device in self.devices:
            device.sync()
        after = (self.devices[0].tasks(), {u: t.to_ical() for u, t in self.phone.todos().items()})
        self.assertEqual(after[0], before[0], "a quiet sync changed taskwire")
        self.assertEqual(after[1], before[1], "a quiet sync changed the phone")


if __name__ == "__main__":
    unittest.main()
