"""A small, dependency-free Python client for the taskwire JSON-RPC server.

taskwire speaks newline-delimited JSON-RPC 2.0 on stdin/stdout (see Protocol/README.md).
This module spawns it, sends ``initialize``, matches replies to requests by id, and delivers
``view/changed`` notifications on a reader thread::

    from taskwire_client import Client, TaskwireError

    with Client(client_name="my-script", db="/tmp/tasks.sqlite") as tw:
        place = tw.call("task/create", {"title": "Buy milk", "view": "today"})
        sub = tw.subscribe("today")                  # a live, locally applied snapshot
        sub.add_listener(lambda s, params: print(s.snapshot().tasks()))
        try:
            tw.call("history/redo")
        except TaskwireError as e:                   # e.code == -32014, e.data
            print(e)

``call`` blocks the calling thread (and is safe from many threads); ``call_async`` returns at
once and calls ``callback(result, error)`` on the reader thread, which suits GUIs that hand the
result to their event loop through a queue.
"""

import itertools
import json
import os
import shutil
import subprocess
import threading
import traceback

from taskwire_views import Subscription, ViewSnapshot, VersionGap  # noqa: F401 (re-exported)
from taskwire_words import Catalogue, error_text, parts_text, task_line  # noqa: F401 (re-exported)

__all__ = ["Client", "TaskwireError", "ConnectionClosed", "Subscription", "ViewSnapshot",
           "VersionGap", "Catalogue", "find_taskwire", "error_text", "parts_text", "task_line"]

HERE = os.path.dirname(os.path.abspath(__file__))


class TaskwireError(Exception):
    """An error reply from the server: ``code`` (e.g. -32801), ``message`` and ``data``."""

    def __init__(self, code, message, data=None):
        super().__init__(f"{message} ({code})")
        self.code, self.message, self.data = code, message, data


class ConnectionClosed(TaskwireError):
    """The server is gone (it exited, or the client was closed) before it answered."""

    def __init__(self, message="the taskwire server closed the connection"):
        super().__init__(-32099, message)


def find_taskwire(path=None):
    """The taskwire binary: ``path``, else ``$TASKWIRE``, else ``taskwire`` on PATH, else the
    repository's ``.build/release/taskwire``.  FileNotFoundError when none exists."""
    candidates = [path, os.environ.get("TASKWIRE"), shutil.which("taskwire"),
                  os.path.join(HERE, "..", "..", ".build", "release", "taskwire")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return os.path.abspath(candidate)
    raise FileNotFoundError("taskwire not found: pass its path, set TASKWIRE, put it on PATH"
                            " or build it (swift build -c release)")


class _Pending:
    __slots__ = ("event", "result", "error", "callback")

    def __init__(self, callback=None):
        self.event, self.result, self.error, self.callback = threading.Event(), None, None, callback


class Client:
    """One taskwire server process and the connection to it.

    ``binary``: the taskwire path (see :func:`find_taskwire`).  ``db``, ``memory``, ``clock``,
    ``time_zone``, ``day_start`` become the server's flags; ``args`` adds more.  ``client_name``
    (and ``client_version``) go into ``initialize`` and so into every undo step; ``locale``
    is the session's language; ``display_parts`` asks for each task's and group's
    ``display`` (the words to draw, see :func:`parts_text`); ``reminders`` declares a client
    that shows reminders (it is sent them, and its process may fire them); ``listeners`` are
    :meth:`add_listener`'s, there before ``initialize`` is sent.  ``stderr``
    is where the server's log goes (default: inherited).  The constructor returns once the
    server is initialized (``self.server_info`` is the reply); it raises TaskwireError or
    OSError when that fails.
    """

    def __init__(self, binary=None, *, db=None, memory=False, clock=None, time_zone=None,
                 day_start=None, args=(), client_name="python", client_version=None,
                 locale=None, display_parts=False, reminders=False, listeners=(), stderr=None,
                 timeout=30.0):
        command = [find_taskwire(binary)]
        for flag, value in (("--db", db), ("--clock", clock), ("--time-zone", time_zone),
                            ("--day-start", day_start)):
            if value is not None:
                command += [flag, str(value)]
        if memory:
            command.append("--memory")
        command += list(args)
        self._ids = itertools.count(1)
        self._pending = {}
        self._subscriptions = {}
        self._listeners = list(listeners)   # from the first message: none is missed
        self._lock = threading.Lock()         # guards _pending, _subscriptions, _closed
        self._write_lock = threading.Lock()   # one message at a time on stdin
        self._closed = False
        self.returncode = None
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=stderr)
        self._reader = threading.Thread(target=self._read_loop, name="taskwire-reader",
                                        daemon=True)
        self._reader.start()
        info = {"name": client_name}
        if client_version is not None:
            info["version"] = str(client_version)
        try:
            # Diffs insert tasks without their defaults; taskwire_views fills them in.
            options = {"compactTasks": True}
            if display_parts:
                options["displayParts"] = True
            if reminders:   # `reminder` and `reminder/cleared` notifications (issue 30)
                options["reminders"] = True
            params = {"clientInfo": info, "protocolVersion": "1",
                      "initializationOptions": options}
            if locale:  # BCP 47 or $LANG's form: the language of titles and messages
                params["locale"] = locale
            self.server_info = self.call("initialize", params, timeout)
        except BaseException:
            self.close(timeout=2)
            raise

    # -- requests ----------------------------------------------------------------------------
    def call(self, method, params=None, timeout=30.0):
        """Send a request and wait for its reply; return the result.

        Raises TaskwireError for an error reply, ConnectionClosed when the server is gone,
        TimeoutError after ``timeout`` seconds.  Safe to call from any thread except the reader
        thread (that is, not from a listener or an async callback).
        """
        if threading.current_thread() is self._reader:
            raise RuntimeError("call() from the reader thread would deadlock; use call_async")
        request_id, pending = self._send_request(method, params, None)
        if not pending.event.wait(timeout):
            with self._lock:
                self._pending.pop(request_id, None)
            raise TimeoutError(f"no reply to {method} within {timeout} s")
        if pending.error is not None:
            raise pending.error
        return pending.result

    def call_async(self, method, params=None, callback=None):
        """Send a request without waiting; return its id.

        ``callback(result, error)`` is called once on the reader thread: ``error`` is None or a
        TaskwireError (ConnectionClosed when the server is gone).  It must not block; a GUI
        should put the outcome on a queue that its event loop drains.
        """
        request_id, _ = self._send_request(method, params, callback)
        return request_id

    def notify(self, method, params=None):
        """Send a notification (no reply is ever sent)."""
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self._write(message)

    def catalogue(self, timeout=30.0):
        """``catalogue/get``: every word a client shows, in the session's locale, as a
        :class:`Catalogue`.  Ask again after ``locale/set``."""
        return Catalogue(self.call("catalogue/get", {}, timeout))

    def add_listener(self, listener):
        """Call ``listener(method, params)`` on the reader thread for every notification."""
        self._listeners.append(listener)

    # -- subscriptions -----------------------------------------------------------------------
    def subscribe(self, view, timeout=30.0, filter=None, sort=None, params=None):
        """``view/subscribe``: return a :class:`Subscription` whose snapshot stays current."""
        done = threading.Event()
        box = {}

        def got(subscription, error):
            box["subscription"], box["error"] = subscription, error
            done.set()

        self.subscribe_async(view, got, filter, sort, params)
        if not done.wait(timeout):
            raise TimeoutError(f"no reply to view/subscribe within {timeout} s")
        if box["error"] is not None:
            raise box["error"]
        return box["subscription"]

    def subscribe_async(self, view, callback, filter=None, sort=None, params=None):
        """Subscribe without waiting; ``callback(subscription, error)`` runs on the reader
        thread.  The subscription is registered before any later message is read, so no
        notification is missed.  ``filter`` and ``sort`` are view/subscribe's; ``params`` the
        view's own (``{"project": 7}`` for ``project``, ``{"area": 1}`` for ``area``)."""
        query = dict(params or {}, view=view)
        if filter:
            query["filter"] = filter
        if sort:
            query["sort"] = sort

        def on_reply(result, error):
            subscription = None
            if error is None:
                subscription = Subscription(self, result["subscription"], result["snapshot"],
                                            query)
                with self._lock:
                    self._subscriptions[subscription.id] = subscription
            callback(subscription, error)

        return self.call_async("view/subscribe", query, on_reply)

    def _forget_subscription(self, subscription_id):
        with self._lock:
            self._subscriptions.pop(subscription_id, None)

    # -- shutdown ----------------------------------------------------------------------------
    def close(self, timeout=5.0):
        """Shut the server down cleanly (``shutdown``, then ``exit``) and wait for it.

        Falls back to closing stdin, then to killing it.  Returns the exit code; idempotent.
        """
        if self.process.poll() is None and not self._closed:
            try:
                self.call("shutdown", None, timeout)
                self.notify("exit")
            except (TaskwireError, TimeoutError, OSError, RuntimeError):
                pass
        with self._lock:
            self._closed = True
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.returncode = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.returncode = self.process.wait()
        if threading.current_thread() is not self._reader:
            self._reader.join(timeout)
        self.process.stdout.close()
        return self.returncode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    # -- plumbing ----------------------------------------------------------------------------
    def _send_request(self, method, params, callback):
        request_id = next(self._ids)
        pending = _Pending(callback)
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        with self._lock:
            if self._closed:
                raise ConnectionClosed("the client is closed")
            self._pending[request_id] = pending
        try:
            self._write(message)
        except OSError:
            with self._lock:
                self._pending.pop(request_id, None)
            raise ConnectionClosed() from None
        return request_id, pending

    def _write(self, message):
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"
        with self._write_lock:
            self.process.stdin.write(line.encode("utf-8"))
            self.process.stdin.flush()

    def _read_loop(self):
        try:
            for line in self.process.stdout:
                if line.strip():
                    self._dispatch(json.loads(line))
        except (OSError, ValueError):
            pass
        finally:
            with self._lock:
                self._closed = True
                pending, self._pending = self._pending, {}
            for entry in pending.values():
                self._settle(entry, None, ConnectionClosed())

    def _dispatch(self, message):
        if isinstance(message, list):          # a batch reply (we send none, but be lenient)
            for item in message:
                self._dispatch(item)
            return
        if "method" in message:
            params = message.get("params")
            if message["method"] == "view/changed":
                with self._lock:
                    subscription = self._subscriptions.get(params.get("subscription"))
                if subscription is not None:
                    self._guarded(subscription._on_changed, params)
            for listener in list(self._listeners):
                self._guarded(listener, message["method"], params)
            return
        with self._lock:
            entry = self._pending.pop(message.get("id"), None)
        if entry is None:
            return  # an error with id null (a request we could not have sent) or a late reply
        error = message.get("error")
        if error is not None:
            self._settle(entry, None, TaskwireError(error.get("code"), error.get("message"),
                                                    error.get("data")))
        else:
            self._settle(entry, message.get("result"), None)

    @staticmethod
    def _settle(entry, result, error):
        entry.result, entry.error = result, error
        entry.event.set()
        if entry.callback is not None:
            Client._guarded(entry.callback, result, error)

    @staticmethod
    def _guarded(function, *args):
        try:
            function(*args)
        except Exception:  # a callback's bug must not stop the reader thread
            traceback.print_exc()
