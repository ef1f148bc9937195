"""The real parts of the tests: a Radicale server with htpasswd (bcrypt) login on a loopback
port, a phone (the caldav library, a second independent client), taskwire processes on a store,
and the bridge run as a person runs it."""

import datetime as dt
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import uuid

import bcrypt
import caldav
import icalendar
from caldav.elements import dav

HERE = os.path.dirname(os.path.abspath(__file__))
BRIDGE = os.path.join(HERE, "..", "taskwire-caldav")
sys.path[:0] = [os.path.join(HERE, ".."), os.path.join(HERE, "..", "..", "python")]

from taskwire_client import Client  # noqa: E402

WORK = os.environ.get("TWCALDAV_WORK") or tempfile.mkdtemp(prefix="twcaldav-")
USER = "alice"
# a fresh secret that the tests scan every output for (ASCII: vdirsyncer sends Basic as Latin-1)
PASSWORD = "tw-Secret-" + uuid.uuid4().hex[:16]
LOGS = os.path.join(WORK, "logs")
os.makedirs(LOGS, exist_ok=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Radicale:
    def __init__(self):
        self.folder = os.path.join(WORK, "radicale")
        os.makedirs(self.folder, exist_ok=True)
        self.port = free_port()
        with open(os.path.join(self.folder, "users"), "wb") as f:
            f.write(USER.encode() + b":" + bcrypt.hashpw(PASSWORD.encode(), bcrypt.gensalt(4))
                    + b"\n")
        with open(os.path.join(self.folder, "config"), "w") as f:
            f.write(f"""[server]
hosts = 127.0.0.1:{self.port}
[auth]
type = htpasswd
htpasswd_filename = {self.folder}/users
htpasswd_encryption = bcrypt
[storage]
filesystem_folder = {self.folder}/collections
[logging]
level = warning
""")
        self.process = None
        self.url = f"http://127.0.0.1:{self.port}/"

    def start(self):
        log = open(os.path.join(LOGS, "radicale.log"), "ab")
        self.process = subprocess.Popen([sys.executable, "-m", "radicale", "--config",
                                         os.path.join(self.folder, "config")],
                                        stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        with open(os.path.join(WORK, "pids"), "a") as f:
            f.write(f"{self.process.pid}\n")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("radicale exited at start: see " + LOGS)
                time.sleep(0.1)
        raise RuntimeError("radicale did not listen within 20 s")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.process = None


RADICALE = None


def radicale():
    global RADICALE
    if RADICALE is None:
        RADICALE = Radicale()
        RADICALE.start()
    return RADICALE


def shutdown():
    if RADICALE is not None:
        RADICALE.stop()


def ics(uid, *lines):
    body = "".join(line + "\r\n" for line in lines)
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test phone//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\n{body}END:VTODO\r\nEND:VCALENDAR\r\n")


def stamp(seconds=0):
    when = dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=seconds)
    return when.strftime("%Y%m%dT%H%M%SZ")


class Phone:
    """A second, independent CalDAV client on the same list (the caldav library)."""

    def __init__(self, calendar_name):
        self.client = caldav.DAVClient(url=radicale().url, username=USER, password=PASSWORD)
        principal = self.client.principal()
        self.calendar = None
        for calendar in principal.calendars():
            if calendar.get_display_name() == calendar_name:
                self.calendar = calendar
        if self.calendar is None:
            self.calendar = principal.make_calendar(name=calendar_name, cal_id=calendar_name,
                                                    supported_calendar_component_set=["VTODO"])

    def put_raw(self, uid, text, etag=None):
        obj = caldav.Todo(client=self.client, url=self.calendar.url.join(uid + ".ics"),
                          parent=self.calendar, props={dav.GetEtag.tag: etag} if etag else {})
        obj.save(raw_data=text.encode("utf-8"), increase_seqno=False, precondition="etag")
        return obj

    def add(self, uid, *lines):
        return self.put_raw(uid, ics(uid, "DTSTAMP:" + stamp(), *lines))

    def objects(self):
        """{uid: (href, etag, icalendar VTODO)} of every readable VTODO."""
        out = {}
        result = self.calendar.get_objects_by_sync_token(None, load_objects=False)
        hrefs = [o.url for o in result]
        if not hrefs:
            return out
        for start in range(0, len(hrefs), 200):
            for obj in self.calendar.multiget(hrefs[start:start + 200]):
                try:
                    cal = icalendar.Calendar.from_ical(obj.data)
                except Exception:
                    continue
                for todo in cal.walk("VTODO"):
                    out[str(todo["UID"])] = (obj.url, obj.props.get(dav.GetEtag.tag), todo)
        return out

    def todos(self):
        return {uid: todo for uid, (_, _, todo) in self.objects().items()}

    def by_title(self, title):
        found = [t for t in self.todos().values() if str(t.get("SUMMARY")) == title]
        return found

    def edit(self, uid, change, last_modified=0):
        """Change the VTODO the way a phone app does: read it, change it, write it If-Match."""
        href, etag, _ = self.objects()[uid]
        obj = caldav.Todo(client=self.client, url=href, parent=self.calendar)
        obj.load()
        cal = icalendar.Calendar.from_ical(obj.data)
        todo = [c for c in cal.walk("VTODO")][0]
        change(todo)
        for name in ("LAST-MODIFIED", "DTSTAMP"):
            if name in todo:
                del todo[name]
        todo.add("LAST-MODIFIED", dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
                 + dt.timedelta(seconds=last_modified))
        todo.add("DTSTAMP", dt.datetime.now(dt.timezone.utc).replace(microsecond=0))
        obj2 = caldav.Todo(client=self.client, url=href, parent=self.calendar,
                           props={dav.GetEtag.tag: obj.props.get(dav.GetEtag.tag)})
        obj2.save(raw_data=cal.to_ical(), increase_seqno=False, precondition="etag")

    def delete(self, uid):
        href, etag, _ = self.objects()[uid]
        caldav.Todo(client=self.client, url=href, parent=self.calendar).delete()


def set_prop(name, value):
    def change(todo):
        if name in todo:
            del todo[name]
        if value is not None:
            todo.add(name, value)
    return change


class Case(unittest.TestCase):
    """Each test has its own task list on the server, its own taskwire store and state."""

    maxDiff = None

    def setUp(self):
        radicale()
        name = self.id().rsplit(".", 1)[-1].replace("_", "-")[:40] + "-" + uuid.uuid4().hex[:6]
        self.calendar = name
        self.dir = os.path.join(WORK, name)
        os.makedirs(self.dir)
        self.store = os.path.join(self.dir, "tasks.sqlite")
        self.state_home = os.path.join(self.dir, "state")
        self.password_file = os.path.join(self.dir, "password")
        fd = os.open(self.password_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.write(fd, PASSWORD.encode() + b"\n")
        os.close(fd)
        self.phone = Phone(name)
        self._tw = None
        self.runs = 0
        self.binary = os.environ["TASKWIRE"]

    def tearDown(self):
        if self._tw is not None:
            self._tw.close()

    @property
    def tw(self):
        """A taskwire process of the test's own (the person at the desk) on the same store."""
        if self._tw is None:
            self._tw = Client(self.binary, db=self.store, client_name="desk",
                              stderr=subprocess.DEVNULL)
        return self._tw

    def today(self, days=0):
        today = dt.date.fromisoformat(self.tw.server_info["today"])
        return (today + dt.timedelta(days=days)).isoformat()

    def tasks(self, completed=True):
        doc = self.tw.call("store/export", {"completed": completed})["document"]
        return doc["tasks"]

    def task(self, title):
        found = [t for t in self.tasks() if t["title"] == title]
        self.assertEqual(len(found), 1, f"one task titled {title!r}: {found}")
        return found[0]

    def bridge_args(self, *extra):
        return [BRIDGE, "--url", radicale().url, "--user", USER, "--calendar", self.calendar,
                "--db", self.store, "--password-file", self.password_file, *extra]

    def env(self, **extra):
        env = dict(os.environ)
        env.update(XDG_STATE_HOME=self.state_home, TASKWIRE=self.binary)
        env.update(extra)
        return env

    def sync(self, *extra, expect=0, env=None):
        """taskwire-caldav --once; returns (stdout, stderr), both kept for the password scan."""
        self.runs += 1
        run = subprocess.run(self.bridge_args("--once", *extra), env=env or self.env(),
                             capture_output=True, text=True, timeout=120,
                             stdin=subprocess.DEVNULL)
        self.keep_log(run.stdout + run.stderr)
        self.assertEqual(run.returncode, expect, f"bridge exit {run.returncode}:\n{run.stdout}"
                                                 f"\n{run.stderr}")
        return run.stdout, run.stderr

    def forget_in_state(self, field):
        """The state file as a bridge before FIELD left it: the field gone from every item's bases."""
        folder = os.path.join(self.state_home, "taskwire-caldav")
        path = os.path.join(folder, next(n for n in os.listdir(folder) if n.endswith(".json")))
        with open(path) as f:
            state = json.load(f)
        for item in state["items"].values():
            for base in ("tw", "dav"):
                item[base].pop(field)
        with open(path, "w") as f:
            json.dump(state, f)

    def keep_log(self, text):
        with open(os.path.join(LOGS, f"{self.calendar}.log"), "a") as f:
            f.write(text)

    def start_daemon(self, *extra, env=None):
        log = open(os.path.join(LOGS, f"{self.calendar}.daemon.log"), "ab")
        process = subprocess.Popen(self.bridge_args("--interval", "1", "--max-backoff", "1",
                                                    *extra),
                                   env=env or self.env(), stdout=log, stderr=log,
                                   stdin=subprocess.DEVNULL)
        with open(os.path.join(WORK, "pids"), "a") as f:
            f.write(f"{process.pid}\n")
        self.addCleanup(self.stop_daemon, process)
        return process

    def daemon_log(self):
        with open(os.path.join(LOGS, f"{self.calendar}.daemon.log"), encoding="utf-8",
                  errors="replace") as f:
            return f.read()

    @staticmethod
    def stop_daemon(process):
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)

    def wait_for(self, predicate, timeout=15, what="condition"):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = predicate()
            if value:
                return value
            time.sleep(0.1)
        self.fail(f"timed out after {timeout} s waiting for {what}")


def cleanup_work():
    shutil.rmtree(WORK, ignore_errors=True)


def dump(obj):
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)
