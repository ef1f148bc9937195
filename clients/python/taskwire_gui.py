#!/usr/bin/env python3
"""taskwire for the desktop: a Tk app on the taskwire server.

Tabs Inbox / Today / Upcoming, each with a persistent quick-add field that highlights what it
recognises (story 2.3); drag rows to reorder or onto another tab (story 3.4); right-click, long
press, Shift+F10 or the Menu key for Today / Tomorrow / Choose date… / Inbox, then Put on
Someday / Move to Anytime / Mark cancelled / Make a project, then Cancel (story 3.6, issue
29); the matrix as a 2×2 board with drag between quadrants; the logbook (reopen); a sidebar
with Anytime, Someday and the areas' projects (issue 29); a search field that filters every
tab; Ctrl+Z / Ctrl+Shift+Z; reminders as cards with their actions (issue 30).  Everything on
screen comes from view subscriptions; the UI thread never waits for the server: replies and
notifications reach it through a queue that ``root.after`` drains.

    python3 taskwire_gui.py [--db PATH] [--taskwire BINARY] [--locale de]
"""

import argparse
import os
import sys
import queue
import threading
import tkinter as tk
from tkinter import ttk

from taskwire_client import Catalogue, TaskwireError, error_text
from taskwire_gui_actions import Actions
from taskwire_gui_drag import DragController
from taskwire_gui_list import TaskList
from taskwire_gui_logbook import Logbook
from taskwire_gui_matrix import MatrixBoard
from taskwire_gui_projects import PLACES, Projects, Sidebar
from taskwire_gui_reminders import Reminders
from taskwire_gui_search import SearchField, unsubscribe_quietly
from taskwire_gui_server import connect
from taskwire_gui_style import make_ghost, setup_style
from taskwire_gui_tabs import TABS, VIEWS, Tabs
from taskwire_gui_widgets import Toast

# Errors said in the app's own words (catalogue keys): the server's are about the request.
ERROR_KEYS = {-32013: "tk.error.nothingToUndo", -32014: "tk.error.nothingToRedo",
              -32015: "tk.error.undoConflict", -32801: "tk.error.staleDrop"}


class App(Actions, Tabs, Projects):
    """The main window.  ``client_options`` go to :class:`taskwire_client.Client`.

    Every word it shows is the server's: the tasks' and groups' display parts, and the rest
    from the catalogue (``self.words``, fetched once connected and again after a locale
    change); until then the widgets are blank."""

    def __init__(self, root, **client_options):
        self.root = root
        self.locale = client_options.get("locale")
        self.views = VIEWS
        self.queue = queue.Queue()
        self.client = None
        self.subscriptions = {}
        self._generation = 0      # counts filter changes: older subscriptions are dropped
        self.menu = None          # the last schedule menu (test hook)
        self.renaming = None      # the open rename field (taskwire_gui_rename), if any
        self.editor = None        # the last task editor dialog (taskwire_gui_editor)
        self.picker = None        # the open date picker (test hook)
        self.help_window = None   # quick add's help, once opened (taskwire_gui_help)
        self.error = None         # why the connection failed, if it did
        self.notice = None        # what the server said that a person must see (a new store)
        self.words = None         # the server's catalogue (taskwire_client.Catalogue)
        self._new_store = None    # the path of a new, empty store, said once words are here
        self.closed = False
        self._key_moves = []      # Alt+Up/Down presses waiting for the previous one to show
        self._move_wait = None    # (view, version on screen) while such a move is on its way
        self._fit_after = None    # the search field's fitting to the tab row, when pending
        self.fonts, self.row_tags = setup_style(root)
        root.title("taskwire")
        root.geometry("1100x640")
        root.minsize(560, 400)
        self.status = ttk.Label(root, style="Status.TLabel", text="")
        self.status.pack(fill="x", side="bottom")
        self.sidebar = Sidebar(self, root)      # areas and projects (taskwire_gui_projects)
        root.bind("<Configure>", self.fit_sidebar, add="+")
        root.bind("<Configure>", self.fit_search, add="+")
        self.notebook = ttk.Notebook(root, style="Tabs.TNotebook")
        self.notebook.pack(fill="both", expand=True)
        self.notebook.enable_traversal()
        self.lists = {}
        for view in VIEWS:
            tasklist = TaskList(self, self.notebook, view)
            self.lists[view] = tasklist
            self.notebook.add(tasklist.frame, text="")
            self._bind_list(tasklist)
        self.matrix = MatrixBoard(self, self.notebook)
        self.logbook = Logbook(self, self.notebook)
        self.pages = dict(self.lists, matrix=self.matrix, logbook=self.logbook)
        for view in TABS[len(VIEWS):]:
            self.notebook.add(self.pages[view].frame, text="")
        # The place tab (the last one, once the sidebar opened one): a project, Anytime or
        # Someday (taskwire_gui_projects); its page joins the notebook when it is opened.
        for view in PLACES:
            self.lists[view] = TaskList(self, self.notebook, view)
            self._bind_list(self.lists[view])
        self.project_page = self.lists["project"]
        self.pages.update({view: self.lists[view] for view in PLACES}, projects=self.sidebar)
        self.search = SearchField(self, self.notebook, self.fonts["row"])
        self.toast = Toast(root, font=self.fonts["row"])
        self.reminders = Reminders(self)        # issue 30 (taskwire_gui_reminders)
        self.drag = DragController(self)
        for view, tasklist in self.lists.items():
            self.drag.attach(tasklist)
        root.bind_all("<Control-z>", lambda e: self.undo())
        for key in ("<Control-Z>", "<Control-Shift-Z>", "<Control-y>"):
            root.bind_all(key, lambda e: self.redo())
        for n in range(len(TABS)):
            root.bind_all(f"<Control-Key-{n + 1}>", lambda e, n=n: self.select_tab(n))
        root.bind_all("<Control-f>", lambda e: (self.search.entry.focus_set(), "break")[1])
        self.notebook.bind("<<NotebookTabChanged>>", self._tab_changed)
        self.notebook.select(1)
        threading.Thread(target=self._connect, args=(client_options,), daemon=True).start()
        self._poll_id = self.root.after(20, self._poll)
        root.protocol("WM_DELETE_WINDOW", self.quit)

    def t(self, key, **values):
        """A word of the server's catalogue with its placeholders filled in ("" before the
        catalogue is here)."""
        return self.words.text(key, **values) if self.words is not None else ""

    def set_words(self, words):
        """Show ``words`` (a Catalogue) everywhere: labels, placeholders, tabs, the footer."""
        self.words = words
        if self.notice is None:
            self.status.configure(text=self.t("tk.footer"))
        for page in self.pages.values():
            page.set_words()
        self.search.set_words()
        for index in range(len(self.tabs)):
            self._set_tab_text(index)
        if self._new_store is not None:
            self.show_notice(self.t("message.newStore", path=self._new_store))

    def set_locale(self, locale):
        """``locale/set``: the server re-sends the display parts that change (the views'
        diffs); the catalogue is fetched again."""
        def changed(result):
            self.locale = locale
            self.run_async("catalogue/get", {}, lambda strings: self.set_words(
                Catalogue(strings)))
        self.run_async("locale/set", {"locale": locale}, changed)

    def make_ghost(self):
        """The label that follows the pointer during a drag."""
        return make_ghost(self.root, self.fonts["row"])

    # -- the connection ----------------------------------------------------------------------
    def _connect(self, options):
        try:
            client = connect(dict(options, client_name="taskwire-tk", display_parts=True,
                                  reminders=True, listeners=[self.reminders.heard]),
                             lambda path: self.queue.put(("notice", path)))
            words = client.catalogue()
        except Exception as error:  # reported in the window, not on a thread's stderr
            self.queue.put(("failed", error))
            return
        self.queue.put(("connected", client, words))

    def _on_connected(self, client, words):
        self.client = client
        self.set_words(words)
        self.subscribe_all(self.search.filter)
        self.reminders.connected()

    @property
    def filtered(self):
        """True while the search filters the tabs (no drag then)."""
        return self.search.filter is not None

    def _poll(self):
        try:
            self._drain_queue()
        finally:  # a failing callback must not stop the updates
            if not self.closed:
                self._poll_id = self.root.after(20, self._poll)

    def _drain_queue(self):
        changed = set()
        try:
            while True:
                message = self.queue.get_nowait()
                kind = message[0]
                if kind == "reply":
                    _, on_result, on_error, result, error = message
                    if error is None:
                        on_result and on_result(result)
                    else:
                        (on_error or self.show_error)(error)
                elif kind == "changed":
                    if self.subscriptions.get(message[1]) is message[2]:
                        changed.add(message[1])
                elif kind == "subscribed":
                    _, view, subscription, error, generation = message
                    if error is not None:
                        self.show_error(error)
                    elif generation != self._generation or not self.wanted(view, subscription):
                        unsubscribe_quietly(self.client, subscription)   # the search changed
                    else:
                        if view in self.subscriptions:
                            unsubscribe_quietly(self.client, self.subscriptions[view])
                        self.subscriptions[view] = subscription
                        changed.add(view)
                elif kind == "connected":
                    self._on_connected(message[1], message[2])
                elif kind == "notice":
                    self._new_store = message[1]
                    if self.words is not None:
                        self.show_notice(self.t("message.newStore", path=message[1]))
                elif kind == "failed":
                    # No server, so no catalogue: what went wrong, as the system said it.
                    self.error = message[1]
                    said = getattr(message[1], "server_said", None)
                    self.status.configure(text=error_text(message[1])
                                          + (f" ({said})" if said else ""), foreground="#b3261e")
        except queue.Empty:
            pass
        for view in changed:
            self.pages[view].render(self.subscriptions[view].snapshot())
            if view in self.tabs:
                self._set_tab_text(self.tabs.index(view))
            if view in ("anytime", "someday"):     # their counts in the sidebar
                self.sidebar.show_places()
        if self._move_wait is not None and changed:
            view, version = self._move_wait
            if self.lists[view].version > version:   # the last reorder is on screen
                self._move_wait = None
                if self._key_moves:
                    self.reorder(*self._key_moves.pop(0))

    @property
    def ready(self):
        """True once every tab shows its subscription."""
        return all(page.shown is not None for view, page in self.pages.items()
                   if view != "project" or self.project_id is not None)

    def run_async(self, method, params=None, on_result=None, on_error=None):
        """Send a request; ``on_result(result)`` / ``on_error(error)`` run on the UI thread."""
        if self.client is None:   # nothing is shown before the server is there
            return False
        try:
            self.client.call_async(method, params, lambda result, error: self.queue.put(
                ("reply", on_result, on_error, result, error)))
        except TaskwireError as error:   # the server is gone
            (on_error or self.show_error)(error)
            return False
        return True

    def show_error(self, error):
        """A toast with the server's message as a person reads it: no JSON-RPC prefix or code."""
        code = getattr(error, "code", None)
        if code in ERROR_KEYS:
            self.toast.show(self.t(ERROR_KEYS[code]))
        elif code == -32601 and isinstance(getattr(error, "data", None), dict):
            self.toast.show(self.t("tk.error.unknownMethod",
                                   method=error.data.get("method", error.message)))
        else:
            self.toast.show(error_text(error))

    def show_notice(self, text):
        """Something the server said that a person must not miss (a new, empty store): in the
        status line, which keeps it, and as a toast."""
        self.notice = text
        self.status.configure(text=text, foreground="#9a5b00")
        self.toast.show(text)

    def close(self):
        """Stop the polling and shut taskwire down cleanly (waits for it: call it when the
        window is going away, e.g. after ``mainloop`` returns)."""
        if not self.closed:
            self.closed = True
            try:
                self.root.after_cancel(self._poll_id)
                if self._fit_after is not None:
                    self.root.after_cancel(self._fit_after)
                self.toast.hide()
                self.drag.cancel()
            except tk.TclError:
                pass  # the window is gone already
        if self.client is not None:
            self.client.close()

    def quit(self):
        """Close the window; ``main`` then shuts taskwire down."""
        self.root.destroy()


def system_locale():
    """The system's language, as the environment says it ($LC_ALL, $LC_MESSAGES, $LANG)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name):
            return os.environ[name]
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description="taskwire desktop app (Tk)")
    parser.add_argument("--db", help="the store (default: taskwire's default store)")
    parser.add_argument("--taskwire", dest="binary", help="the taskwire binary")
    parser.add_argument("--time-zone", help="the zone in which dates are read")
    parser.add_argument("--locale", help="the language of titles and messages (default: the system's)")
    args = parser.parse_args(argv)
    # A wrong path must not quietly start some other taskwire (find_taskwire falls back).
    if args.binary and not (os.path.isfile(args.binary) and os.access(args.binary, os.X_OK)):
        print(f"taskwire_gui: --taskwire {args.binary}: no such executable file", file=sys.stderr)
        sys.exit(2)
    try:
        root = tk.Tk(className="taskwire")
    except tk.TclError as error:   # no display: one line, not a traceback
        print(f"taskwire_gui: cannot open a window ({error}); set DISPLAY or run it under Xvfb",
              file=sys.stderr)
        sys.exit(1)
    app = App(root, binary=args.binary, db=args.db, time_zone=args.time_zone,
              locale=args.locale or system_locale())
    root.mainloop()
    app.close()


if __name__ == "__main__":
    main()
