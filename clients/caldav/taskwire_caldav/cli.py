"""taskwire-caldav: keep a taskwire store and a CalDAV task list in step (Protocol/caldav.md)."""

import argparse
import logging
import netrc
import os
import signal
import stat
import sys
import threading
import time
import urllib.parse
import zoneinfo

PASSWORD_ENV = "TASKWIRE_CALDAV_PASSWORD"

USAGE_EPILOG = f"""
The password comes from --password-file (a file only you can read: mode 0600), else the
environment variable {PASSWORD_ENV}, else ~/.netrc (machine HOST login USER password …); never
from the command line.  TLS certificates are verified (--ca-file adds a CA of your own).

Without --once the bridge keeps running: taskwire's changes go out at once (it subscribes), the
server's are read every --interval seconds.  --conflicts lists the values that lost a conflict.
Exit status: 0 synced, 1 a sync failed (nothing is lost: run it again), 2 bad usage.
"""


class Scrubber:
    """Every line the bridge prints passes here: the password never leaves the process."""

    def __init__(self):
        self.secrets = []

    def __call__(self, text):
        text = str(text)
        for secret in self.secrets:
            if secret:
                text = text.replace(secret, "***")
        return text


SCRUB = Scrubber()


def say(line, stream=None):
    stream = stream or sys.stderr
    try:
        stream.write(SCRUB(f"taskwire-caldav: {line}") + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass


class ScrubbingHandler(logging.Handler):
    def emit(self, record):
        try:
            say(f"{record.name}: {record.getMessage()}")
        except Exception:
            pass


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="taskwire-caldav", epilog=USAGE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Two-way sync between taskwire and a CalDAV task list (VTODO).")
    parser.add_argument("--url", help="the CalDAV server (or the task list's own URL)")
    parser.add_argument("--user", help="the user name on the server")
    parser.add_argument("--calendar", help="the task list, by name or URL segment (default: the "
                        "first list that holds tasks; a name that does not exist is made)")
    parser.add_argument("--db", help="taskwire's store (default: taskwire's own default store)")
    parser.add_argument("--once", action="store_true", help="sync once and exit")
    parser.add_argument("--interval", type=float, default=60.0,
                        help="seconds between reads of the server (default 60)")
    parser.add_argument("--password-file", help="a 0600 file holding the password")
    parser.add_argument("--state", help="the state file (default: under $XDG_STATE_HOME)")
    parser.add_argument("--ca-file", help="a CA certificate (PEM) to trust besides the system's")
    parser.add_argument("--auth", choices=["auto", "basic", "digest"], default="auto",
                        help="how to log in: auto (Basic at once over TLS or to this machine, "
                        "else as the server asks), basic, digest")
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds to wait for the server per request (default 30)")
    parser.add_argument("--retries", type=int, default=5,
                        help="with --once: tries when the server is unreachable (default 5)")
    parser.add_argument("--max-backoff", type=float, default=300.0,
                        help="longest wait between tries, in seconds (default 300)")
    parser.add_argument("--history-days", type=int, default=30,
                        help="taskwire tasks completed in these last days go to the server too "
                        "(default 30)")
    parser.add_argument("--workers", type=int, default=4,
                        help="writes to the server at a time, each on a connection of its own "
                        "(default 4)")
    parser.add_argument("--no-bulk", action="store_true",
                        help="never send a first sync into an empty Radicale list as one "
                        "request (a PUT of the whole collection): one PUT per task")
    parser.add_argument("--conflicts", action="store_true",
                        help="list the values that lost a conflict, newest last, and exit")
    parser.add_argument("--quiet", action="store_true", help="print only failures and conflicts")
    args = parser.parse_args(argv)
    if not args.url or not args.user:
        parser.error("--url and --user are required")
    parts = urllib.parse.urlsplit(args.url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        parser.error("--url must be an http:// or https:// URL")
    if parts.password is not None or parts.username is not None:
        parser.error("--url must not hold a user or password: use --user, and --password-file, "
                     f"${PASSWORD_ENV} or ~/.netrc for the password")
    if not 1 <= args.workers <= 32:
        parser.error("--workers must be 1 to 32")
    if args.interval <= 0 or args.max_backoff <= 0 or args.timeout <= 0:
        parser.error("--interval, --max-backoff and --timeout must be positive")
    return args


class UsageError(Exception):
    pass


def read_password(args):
    if args.password_file:
        try:
            fd = os.open(args.password_file, os.O_RDONLY | os.O_CLOEXEC)
        except OSError as error:
            raise UsageError(f"cannot read the password file: {error.strerror}") from None
        with os.fdopen(fd, "rb") as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise UsageError("the password file is not a regular file")
            if info.st_uid != os.getuid():
                raise UsageError("the password file belongs to another user")
            if info.st_mode & 0o077:
                raise UsageError(f"the password file can be read by others (mode "
                                 f"{info.st_mode & 0o777:o}): chmod 600 it")
            text = file.read().decode("utf-8")
        password = text.rstrip("\r\n")
        if not password:
            raise UsageError("the password file is empty")
        return password
    password = os.environ.pop(PASSWORD_ENV, None)   # not passed on to taskwire
    if password:
        return password
    host = urllib.parse.urlsplit(args.url).hostname
    try:
        entry = netrc.netrc().authenticators(host)
    except FileNotFoundError:
        entry = None
    except (netrc.NetrcParseError, OSError) as error:
        raise UsageError(f"~/.netrc cannot be read ({type(error).__name__})") from None
    if entry and entry[2] and (entry[0] in (None, "", args.user)):
        return entry[2]
    raise UsageError(f"no password: give --password-file, set ${PASSWORD_ENV}, or put the "
                     f"server in ~/.netrc")


def list_conflicts(path):
    from .state import read_lines
    records = read_lines(path)
    if not records:
        print("no conflicts")
        return 0
    for r in records:
        print(f"{r.get('at')}  {r.get('title')!r}  {r.get('field')}: kept {r.get('kept')!r}; "
              f"lost {r.get('lost')!r} (the value {r.get('lostOn')} had)")
    return 0


def main(argv=None):
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exit_:
        return exit_.code
    from .state import State, StateError, default_path
    store = os.path.abspath(args.db) if args.db and "://" not in args.db else args.db
    state_path = args.state or default_path(store, args.url, args.user, args.calendar)
    conflicts_path = state_path + ".conflicts.jsonl"
    if args.conflicts:
        return list_conflicts(conflicts_path)
    try:
        password = read_password(args)
    except UsageError as error:
        say(error)
        return 2
    SCRUB.secrets.append(password)
    SCRUB.secrets.append(urllib.parse.quote(password, safe=""))
    handler = ScrubbingHandler()
    for name in ("caldav", "niquests", "urllib3", "requests"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.propagate = False
        logger.setLevel(logging.ERROR)
    state = State(state_path)
    try:
        state.lock()
        state.load()
    except StateError as error:
        say(error)
        return 1
    try:
        return run(args, password, state, conflicts_path)
    except KeyboardInterrupt:
        return 130
    finally:
        state.unlock()


def run(args, password, state, conflicts_path):
    from taskwire_client import Client, TaskwireError, ConnectionClosed
    from .davside import Collection, Refused, Unreachable
    from .engine import Engine

    stop = threading.Event()
    wake = threading.Event()

    def on_signal(signum, frame):
        stop.set()
        wake.set()
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    quiet = args.quiet

    def log(line):
        say(line)

    try:
        tw = Client(db=args.db, client_name="taskwire-caldav", args=["--quiet"])
    except (OSError, TaskwireError) as error:
        say(f"cannot start taskwire: {error}")
        return 1
    try:
        info = tw.server_info
        try:
            zone = zoneinfo.ZoneInfo(info.get("timeZone") or "UTC")
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            zone = zoneinfo.ZoneInfo("UTC")
        collection = Collection(args.url, args.user, password, args.calendar, args.ca_file,
                                args.timeout, args.auth)
        engine = None
        backoff = 1.0
        tries = 0
        while not stop.is_set():
            try:
                if engine is None:
                    line = collection.open()
                    if not quiet:
                        say(line)
                    engine = Engine(tw, collection, state, zone, info["today"], conflicts_path,
                                    log, history_days=args.history_days,
                                    workers=args.workers, bulk=not args.no_bulk)
                    if not args.once:
                        subscribe(tw, engine, wake)
                started = time.monotonic()
                summary = engine.sync()
                text = summary.text()
                if args.once:
                    print(SCRUB(f"taskwire-caldav: synced in {time.monotonic() - started:.1f} s: "
                                f"{text}"), flush=True)
                    return 0
                if summary.counts and not quiet:
                    say(f"synced: {text}")
                backoff = 1.0
                tries = 0
                wake.wait(args.interval)
                if stop.is_set():
                    break
                time.sleep(0.15)   # let a burst of changes settle into one pass
                wake.clear()
            except (Unreachable, Refused) as error:
                tries += 1
                kind = "unreachable" if isinstance(error, Unreachable) else "refused"
                if args.once and tries >= args.retries:
                    say(f"the server is {kind} ({error}); nothing was lost: run again later")
                    return 1
                wait = min(backoff, args.max_backoff)
                say(f"the server is {kind} ({error}); trying again in {wait:g} s")
                backoff = min(backoff * 2, args.max_backoff)
                if stop.wait(wait):
                    break
            except ConnectionClosed:
                say("taskwire exited")
                return 1
            except TaskwireError as error:
                say(f"taskwire refused the sync: {error}")
                if args.once:
                    return 1
                if stop.wait(min(backoff, args.max_backoff)):
                    break
                backoff = min(backoff * 2, args.max_backoff)
        return 0
    finally:
        try:
            state.save()
        except OSError:
            pass
        tw.close()


def subscribe(tw, engine, wake):
    """Wake the loop whenever taskwire's open tasks, its logbook or its projects change."""
    def listener(method, params):
        if method == "view/changed":
            if params.get("today"):
                engine.today = params["today"]
            wake.set()
    tw.add_listener(listener)
    tw.call("view/subscribe", {"view": "all"})
    tw.call("view/subscribe", {"view": "logbook"})
    tw.call("view/subscribe", {"view": "projects"})   # projects renamed, completed, made
