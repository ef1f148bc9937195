"""Where a first sync of many tasks spends its time, against a real Radicale (as the tests start
it: htpasswd bcrypt login on loopback, storage in a temporary folder).

    TASKWIRE=… ~/.cache/taskwire-caldav-venv/bin/python3 clients/caldav/test/bench_first_sync.py \
        [--tasks 1000] [--workers 1,4,8] [--raw] [--bcrypt-cost 12] [--no-bulk] \
        [--radicale-option storage.use_mtime_and_size_for_item_cache=True …]

For each worker count: a fresh Radicale folder, a fresh store of N open tasks (one task/batch),
the bridge run once (``--workers`` PUTs at a time; into the empty list that is one PUT of the
whole collection unless --no-bulk), its wall time and its own "synced in", and the CPU seconds
Radicale and the bridge (with its taskwire) used. With --raw, also N bare PUTs (If-None-Match:
*) through a thread pool of that many requests sessions: Radicale's own cost per write, without
the bridge. Radicale's fsync stays on."""

import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
if not os.environ.get("TWCALDAV_WORK"):
    os.environ["TWCALDAV_WORK"] = tempfile.mkdtemp(prefix="twcaldav-bench-")
import harness  # noqa: E402
from harness import PASSWORD, USER, Client  # noqa: E402


def radicale(options, cost=4):
    """A fresh Radicale (folder emptied) with extra config lines ``section.key=value``, its
    password hashed with bcrypt of that cost (the tests' 4; a real htpasswd's is 10–12)."""
    if harness.RADICALE is not None:
        harness.RADICALE.stop()
    folder = os.path.join(harness.WORK, "radicale")
    shutil.rmtree(folder, ignore_errors=True)
    server = harness.Radicale()
    if cost != 4:
        import bcrypt
        with open(os.path.join(server.folder, "users"), "wb") as f:
            f.write(USER.encode() + b":" + bcrypt.hashpw(PASSWORD.encode(), bcrypt.gensalt(cost))
                    + b"\n")
    if options:
        with open(os.path.join(server.folder, "config")) as f:
            text = f.read()
        for option in options:
            key, value = option.split("=", 1)
            section, name = key.split(".", 1)
            text = text.replace(f"[{section}]\n", f"[{section}]\n{name} = {value}\n", 1) \
                if f"[{section}]\n" in text else text + f"[{section}]\n{name} = {value}\n"
        with open(os.path.join(server.folder, "config"), "w") as f:
            f.write(text)
    server.start()
    harness.RADICALE = server
    return server


def store(n):
    folder = tempfile.mkdtemp(dir=harness.WORK)
    path = os.path.join(folder, "tasks.sqlite")
    tw = Client(os.environ["TASKWIRE"], db=path, client_name="bench", stderr=subprocess.DEVNULL)
    for start in range(0, n, 1000):
        tw.call("task/batch", {"requests": [
            {"method": "task/create", "params": {"title": f"Task {i:05}", "view": "inbox",
                                                 "tags": ["bench"], "notes": "x" * 40}}
            for i in range(start, min(n, start + 1000))]}, timeout=300)
    tw.close()
    return folder, path


def bridge(server, folder, path, workers, extra=()):
    password_file = os.path.join(folder, "password")
    fd = os.open(password_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    os.write(fd, PASSWORD.encode() + b"\n")
    os.close(fd)
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(folder, "state"))
    args = [os.path.join(HERE, "..", "taskwire-caldav"), "--url", server.url, "--user", USER,
            "--calendar", "bench-" + uuid.uuid4().hex[:6], "--db", path,
            "--password-file", password_file, "--once", "--workers", str(workers), *extra]
    started = time.monotonic()
    server_cpu = cpu(server.process.pid)
    children = os.times()
    run = subprocess.run(args, env=env, capture_output=True, text=True, timeout=1800)
    wall = time.monotonic() - started
    after = os.times()
    bridge_cpu = (after.children_user + after.children_system
                  - children.children_user - children.children_system)
    server_cpu = cpu(server.process.pid) - server_cpu
    if run.returncode != 0:
        sys.exit(f"bridge failed: {run.stdout}{run.stderr}")
    return wall, run.stdout.strip().splitlines()[-1], bridge_cpu, server_cpu


def cpu(pid):
    """CPU seconds (user + system) a running process has used so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def raw(server, n, workers):
    import requests
    url = server.url + f"{USER}/raw-{uuid.uuid4().hex[:6]}/"
    session = requests.Session()
    session.auth = (USER, PASSWORD)
    body = ('<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" '
            'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><C:supported-calendar-'
            'component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>'
            '</D:prop></D:set></C:mkcalendar>')
    session.request("MKCALENDAR", url, data=body).raise_for_status()
    local = __import__("threading").local()

    def put(i):
        s = getattr(local, "s", None)
        if s is None:
            s = local.s = requests.Session()
            s.auth = (USER, PASSWORD)
        uid = f"raw-{i:05}"
        text = (f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VTODO\r\n"
                f"UID:{uid}\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Task {i}\r\n"
                f"STATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        t = time.monotonic()
        r = s.put(url + uid + ".ics", data=text.encode(), headers={
            "If-None-Match": "*", "Content-Type": "text/calendar; charset=utf-8"})
        r.raise_for_status()
        return time.monotonic() - t

    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        times = list(pool.map(put, range(n)))
    wall = time.monotonic() - started
    tenth = max(1, n // 10)
    return wall, sum(times[:tenth]) / tenth, sum(times[-tenth:]) / tenth


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", type=int, default=1000)
    parser.add_argument("--workers", default="1,4,8")
    parser.add_argument("--raw", action="store_true")
    parser.add_argument("--radicale-option", action="append", default=[])
    parser.add_argument("--bcrypt-cost", type=int, default=4)
    parser.add_argument("--no-bulk", action="store_true", help="the bridge's --no-bulk: one PUT "
                        "per task even into an empty Radicale list")
    args = parser.parse_args()
    print(f"== {args.tasks} tasks{'; --no-bulk' if args.no_bulk else ''}; Radicale options: "
          f"{args.radicale_option or 'none'}; bcrypt cost {args.bcrypt_cost}; "
          f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs", flush=True)
    try:
        for workers in [int(w) for w in args.workers.split(",")]:
            if args.raw:
                server = radicale(args.radicale_option, args.bcrypt_cost)
                wall, first, last = raw(server, args.tasks, workers)
                print(f"raw PUTs, {workers} at a time: {wall:.1f} s ({args.tasks / wall:.0f}/s; "
                      f"a PUT: {first * 1000:.0f} ms at first, {last * 1000:.0f} ms at the end)",
                      flush=True)
            server = radicale(args.radicale_option, args.bcrypt_cost)
            folder, path = store(args.tasks)
            wall, said, bridge_cpu, server_cpu = bridge(server, folder, path, workers,
                                                        ["--no-bulk"] if args.no_bulk else [])
            print(f"bridge, {workers} at a time: {wall:.1f} s wall; CPU: Radicale "
                  f"{server_cpu:.1f} s, the bridge and its taskwire {bridge_cpu:.1f} s; load "
                  f"{os.getloadavg()[0]:.1f} | {said}", flush=True)
    finally:
        harness.shutdown()
        shutil.rmtree(harness.WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
