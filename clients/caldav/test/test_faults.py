"""Faults: the server down and back, the bridge killed mid-sync, the password kept secret."""

import os
import signal
import subprocess
import time

import harness
from harness import PASSWORD, Case, LOGS, radicale


class Faults(Case):
    def test_running_bridge_pushes_at_once_and_survives_the_server_going_away(self):
        daemon = self.start_daemon()
        self.wait_for(lambda: "task list" in self.daemon_log(), what="the bridge to start")
        time.sleep(0.5)
        # a change in taskwire reaches the server within 2 s (pushed: the bridge subscribes)
        started = time.monotonic()
        self.tw.call("task/create", {"title": "Pushed at once", "view": "inbox"})
        self.wait_for(lambda: self.phone.by_title("Pushed at once"), timeout=10,
                      what="the task on the server")
        took = time.monotonic() - started
        print(f"\n  taskwire -> server: {took:.2f} s", end=" ")
        self.assertLess(took, 2.0)
        # a change on the phone reaches a subscribed taskwire view within an interval (1 s)
        sub = self.tw.subscribe("inbox")
        started = time.monotonic()
        self.phone.add("phone-made", "SUMMARY:From the phone")
        self.wait_for(lambda: any(t["title"] == "From the phone" for t in sub.snapshot().tasks()),
                      timeout=10, what="the phone's task in the subscribed Inbox")
        print(f"server -> taskwire view: {time.monotonic() - started:.2f} s", end=" ")
        # the server goes away; changes made meanwhile wait in taskwire, nothing is lost
        radicale().stop()
        self.tw.call("task/create", {"title": "Made while the server was down", "view": "inbox"})
        self.wait_for(lambda: "unreachable" in self.daemon_log(), timeout=15,
                      what="the bridge to notice")
        self.assertIsNone(daemon.poll(), "the bridge keeps running")
        radicale().start()
        self.wait_for(lambda: self.phone.by_title("Made while the server was down"), timeout=20,
                      what="the change after the server came back")
        self.assertEqual(sorted(t["title"] for t in self.tasks()),
                         ["From the phone", "Made while the server was down", "Pushed at once"])
        self.stop_daemon(daemon)
        self.assertEqual(daemon.returncode, 0)

    def test_once_with_the_server_down_fails_and_loses_nothing(self):
        self.tw.call("task/create", {"title": "Waits", "view": "inbox"})
        radicale().stop()
        try:
            out, err = self.sync("--retries", "2", "--max-backoff", "0.2", expect=1)
            self.assertIn("nothing was lost", err)
        finally:
            radicale().start()
        self.sync()
        self.assertEqual(len(self.phone.by_title("Waits")), 1)

    def test_kill_9_mid_sync_then_restart_makes_no_duplicates(self):
        n = 120
        for i in range(n):
            self.tw.call("task/create", {"title": f"desk {i:03}", "view": "inbox"})
        for i in range(n):
            self.phone.add(f"phone-{i:03}", f"SUMMARY:phone {i:03}")
        killed_mid_way = False
        for delay in (1.2, 0.9, 0.6, 1.5):
            process = subprocess.Popen(self.bridge_args("--once"), env=self.env(),
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       stdin=subprocess.DEVNULL)
            time.sleep(delay)
            process.send_signal(signal.SIGKILL)
            out, err = process.communicate(timeout=20)
            self.keep_log((out + err).decode(errors="replace"))
            if b"synced" not in out:
                killed_mid_way = True
                break
        self.assertTrue(killed_mid_way, "the bridge was killed before it finished a sync")
        time.sleep(0.5)   # its taskwire child leaves when its pipe closes
        self.sync()
        self.sync()
        titles = sorted(t["title"] for t in self.tasks())
        expected = sorted([f"desk {i:03}" for i in range(n)] + [f"phone {i:03}" for i in range(n)])
        self.assertEqual(titles, expected)
        on_server = sorted(str(t["SUMMARY"]) for t in self.phone.todos().values())
        self.assertEqual(on_server, expected)

    def test_the_password_is_never_shown(self):
        daemon = self.start_daemon()
        self.wait_for(lambda: "task list" in self.daemon_log(), what="the bridge to start")
        ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
        self.assertNotIn(PASSWORD, ps)
        self.assertIn("taskwire-caldav", ps)
        self.stop_daemon(daemon)
        # environ of the bridge's taskwire child does not carry it either
        env = self.env(TASKWIRE_CALDAV_PASSWORD=PASSWORD)
        args = [a for a in self.bridge_args("--once") if a not in ("--password-file",
                                                                   self.password_file)]
        run = subprocess.run(args, env=env, capture_output=True, text=True, timeout=60)
        self.keep_log(run.stdout + run.stderr)
        self.assertEqual(run.returncode, 0, run.stderr)
        # a wrong password, a file others can read, a URL with the password: refused, unsaid
        wrong = os.path.join(self.dir, "wrong")
        fd = os.open(wrong, os.O_WRONLY | os.O_CREAT, 0o600)
        os.write(fd, (PASSWORD + "x").encode())
        os.close(fd)
        args = self.bridge_args("--once", "--retries", "1")
        args[args.index(self.password_file)] = wrong
        run = subprocess.run(args, env=self.env(), capture_output=True, text=True, timeout=60)
        self.keep_log(run.stdout + run.stderr)
        self.assertEqual(run.returncode, 1)
        self.assertIn("refused", run.stderr)
        os.chmod(wrong, 0o644)
        run = subprocess.run(args, env=self.env(), capture_output=True, text=True, timeout=60)
        self.keep_log(run.stdout + run.stderr)
        self.assertEqual(run.returncode, 2)
        self.assertIn("chmod 600", run.stderr)
        url = radicale().url.replace("http://", f"http://{harness.USER}:{PASSWORD}@")
        args = self.bridge_args("--once")
        args[args.index(radicale().url)] = url
        run = subprocess.run(args, env=self.env(), capture_output=True, text=True, timeout=60)
        self.assertEqual(run.returncode, 2)
        self.assertNotIn(PASSWORD, run.stdout + run.stderr)
        # every log of every test so far: the bridge's, the daemons', Radicale's, the state
        for folder in (LOGS, self.state_home):
            for root, _, files in os.walk(folder):
                for name in files:
                    with open(os.path.join(root, name), "rb") as f:
                        data = f.read()
                    self.assertNotIn(PASSWORD.encode(), data, name)
        # the state file and the conflicts list are the user's alone
        for root, _, files in os.walk(self.state_home):
            for name in files:
                mode = os.stat(os.path.join(root, name)).st_mode & 0o777
                self.assertEqual(mode, 0o600, name)
