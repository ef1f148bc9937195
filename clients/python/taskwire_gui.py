#!/usr/bin/env python3
"""taskwire for the desktop: a Tk app on the taskwire server.

Tabs Inbox / Today / Upcoming, each with a persistent input field (story 2.3); drag rows to
reorder or onto another tab (story 3.4); right-click, long press, Shift+F10 or the Menu key
for Today / Tomorrow / Choose date… / Inbox / Cancel (story 3.6); Ctrl+Z / Ctrl+Shift+Z.
Everything on screen comes from view subscriptions; the UI thread never waits for the server:
replies and notifications reach it through a queue that ``root.after`` drains.

    python3 taskwire_gui.py [--db PATH] [--taskwire BINARY]
"""

import argparse
import os
import sys
import queue
import threading
import tkinter as tk
from tkinter import font as tkfont
from tkinter import ttk

from taskwire_client import Client, TaskwireError
from taskwire_gui_actions import Actions
from taskwire_gui_drag import DragController
from taskwire_gui_list import TITLES, TaskList
from taskwire_gui_widgets import Toast

VIEWS = ("inbox", "today", "upcoming")
ERROR_TEXT = {-32013: "Nothing to undo", -32014: "Nothing to redo",
              -32015: "Can't undo: the task has changed since",
              -32801: "The list changed meanwhile — please drop again"}


class App(Actions):
    """The main window.  ``client_options`` go to :class:`taskwire_client.Client`."""

    def __init__(self, root, **client_options):
        self.root = root
        self.locale = client_options.get("locale")
        self.views = VIEWS
        self.queue = queue.Queue()
        self.client = None
        self.subscriptions = {}
        self.menu = None          # the last schedule menu (test hook)
        self.renaming = None      # the open rename field (taskwire_gui_rename), if any
        self.editor = None        # the last task editor dialog (taskwire_gui_editor)
        self.picker = None        # the open date picker (test hook)
        self.error = None         # why the connection failed, if it did
        self.closed = False
        self._key_moves = []      # Alt+Up/Down presses waiting for the previous one to show
        self._move_wait = None    # (view, version on screen) while such a move is on its way
        self._setup_style()
        root.title("taskwire")
        root.geometry("900x640")
        root.minsize(560, 400)
        self.status = ttk.Label(root, style="Status.TLabel", text=(
            "Enter add · Space complete · Del delete · Alt+↑↓ reorder · "
            "Shift+F10 schedule · Ctrl+Z undo · Ctrl+Shift+Z redo"))
        self.status.pack(fill="x", side="bottom")
        self.notebook = ttk.Notebook(root, style="Tabs.TNotebook")
        self.notebook.pack(fill="both", expand=True)
        self.notebook.enable_traversal()
        self.lists = {}
        for view in VIEWS:
            tasklist = TaskList(self, self.notebook, view)
            self.lists[view] = tasklist
            self.notebook.add(tasklist.frame, text=TITLES[view])
            self._bind_list(tasklist)
        self.toast = Toast(root, font=self.fonts["row"])
        self.drag = DragController(self)
        for view, tasklist in self.lists.items():
            self.drag.attach(tasklist)
        root.bind_all("<Control-z>", lambda e: self.undo())
        for key in ("<Control-Z>", "<Control-Shift-Z>", "<Control-y>"):
            root.bind_all(key, lambda e: self.redo())
        for n in range(3):
            root.bind_all(f"<Control-Key-{n + 1}>", lambda e, n=n: self.select_tab(n))
        self.notebook.bind("<<NotebookTabChanged>>", self._tab_changed)
        self.notebook.select(1)
        threading.Thread(target=self._connect, args=(client_options,), daemon=True).start()
        self._poll_id = self.root.after(20, self._poll)
        root.protocol("WM_DELETE_WINDOW", self.quit)

    # -- looks -------------------------------------------------------------------------------
    def _setup_style(self):
        style = ttk.Style(self.root)
        if "clam" in style.theme_names():
            style.theme_use("clam")
        base = tkfont.nametofont("TkDefaultFont")
        base.configure(size=12)
        family = base.actual("family")
        self.fonts = {"row": tkfont.Font(family=family, size=12),
                      "title": tkfont.Font(family=family, size=20, weight="bold"),
                      "header": tkfont.Font(family=family, size=13, weight="bold"),
                      "small": tkfont.Font(family=family, size=10)}
        self.row_tags = {"header": {"font": self.fonts["header"], "background": "#eef2f8",
                                    "foreground": "#1f3a5f"},
                         "task": {"font": self.fonts["row"]},
                         "overdue": {"foreground": "#b3261e"},
                         "after-due": {"foreground": "#b3261e"},
                         "due-today": {"foreground": "#c25e00"}}
        style.configure("Title.TLabel", font=self.fonts["title"], foreground="#1d2330")
        style.configure("Subtitle.TLabel", foreground="#5b6475")
        style.configure("Empty.TLabel", foreground="#8a93a3", background="white")
        style.configure("Status.TLabel", font=self.fonts["small"], foreground="#5b6475",
                        padding=(10, 4))
        style.configure("Tasks.Treeview", rowheight=34, font=self.fonts["row"],
                        fieldbackground="white", background="white", borderwidth=0)
        style.map("Tasks.Treeview", background=[("selected", "#2f6fde")],
                  foreground=[("selected", "white")])
        style.configure("Tabs.TNotebook.Tab", padding=(18, 6), font=self.fonts["row"])
        style.configure("PickerMonth.TLabel", font=self.fonts["header"])
        style.configure("PickerWeekday.TLabel", foreground="#5b6475")
        self.root.option_add("*Menu.font", self.fonts["row"])

    def make_ghost(self):
        """The label that follows the pointer during a drag."""
        return tk.Label(self.root, bg="#fffbe6", relief="solid", bd=1, font=self.fonts["row"])

    # -- the connection ----------------------------------------------------------------------
    def _connect(self, options):
        try:
            client = Client(client_name="taskwire-tk", **options)
        except Exception as error:  # reported in the window, not on a thread's stderr
            self.queue.put(("failed", error))
            return
        self.queue.put(("connected", client))

    def _on_connected(self, client):
        self.client = client
        for view in VIEWS:
            def subscribed(subscription, error, view=view):
                if subscription is not None:
                    subscription.add_listener(lambda s, p: self.queue.put(("changed", view)))
                self.queue.put(("subscribed", view, subscription, error))
            client.subscribe_async(view, subscribed)

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
                    changed.add(message[1])
                elif kind == "subscribed":
                    _, view, subscription, error = message
                    if error is not None:
                        self.show_error(error)
                    else:
                        self.subscriptions[view] = subscription
                        changed.add(view)
                elif kind == "connected":
                    self._on_connected(message[1])
                elif kind == "failed":
                    self.error = message[1]
                    self.status.configure(text=f"Cannot start taskwire: {message[1]}",
                                          foreground="#b3261e")
        except queue.Empty:
            pass
        for view in changed:
            self.lists[view].render(self.subscriptions[view].snapshot())
            self._set_tab_text(VIEWS.index(view))
        if self._move_wait is not None and changed:
            view, version = self._move_wait
            if self.lists[view].version > version:   # the last reorder is on screen
                self._move_wait = None
                if self._key_moves:
                    self.reorder(*self._key_moves.pop(0))

    @property
    def ready(self):
        """True once every tab shows its subscription."""
        return all(tasklist.shown is not None for tasklist in self.lists.values())

    def run_async(self, method, params=None, on_result=None, on_error=None):
        """Send a request; ``on_result(result)`` / ``on_error(error)`` run on the UI thread."""
        if self.client is None:
            self.toast.show("Not connected to taskwire yet")
            return False
        try:
            self.client.call_async(method, params, lambda result, error: self.queue.put(
                ("reply", on_result, on_error, result, error)))
        except TaskwireError as error:   # the server is gone
            (on_error or self.show_error)(error)
            return False
        return True

    def show_error(self, error):
        self.toast.show(ERROR_TEXT.get(getattr(error, "code", None), None) or str(error))

    def close(self):
        """Stop the polling and shut taskwire down cleanly (waits for it: call it when the
        window is going away, e.g. after ``mainloop`` returns)."""
        if not self.closed:
            self.closed = True
            try:
                self.root.after_cancel(self._poll_id)
                self.toast.hide()
                self.drag.cancel()
            except tk.TclError:
                pass  # the window is gone already
        if self.client is not None:
            self.client.close()

    def quit(self):
        """Close the window; ``main`` then shuts taskwire down."""
        self.root.destroy()

    # -- tabs --------------------------------------------------------------------------------
    def current_tab(self):
        return self.notebook.index("current")

    def select_tab(self, index):
        self.notebook.select(index)

    def _tab_changed(self, event=None):
        if not self.drag.dragging:
            self.lists[VIEWS[self.current_tab()]].entry.focus_set()

    def _set_tab_text(self, index, highlight=False):
        view = VIEWS[index]
        shown = self.lists[view].shown
        count = len(shown.tasks()) if shown else 0
        text = f"{TITLES[view]}  {count}" if count else TITLES[view]
        self.notebook.tab(index, text=f"▸ {text} ◂" if highlight else text)

    def highlight_tab(self, index, on):
        """Mark a tab as the drop zone a drag hovers (story 3.4)."""
        self._set_tab_text(index, on)

    def tab_at(self, x_root, y_root):
        """The index of the tab label at a screen point, or None."""
        if self.root.winfo_containing(x_root, y_root) is not self.notebook:
            return None
        x, y = x_root - self.notebook.winfo_rootx(), y_root - self.notebook.winfo_rooty()
        index = self.notebook.tk.call(self.notebook, "identify", "tab", x, y)
        return None if index == "" else int(index)

    def list_at(self, x_root, y_root):
        """The shown list whose tree is at a screen point, or None."""
        widget = self.root.winfo_containing(x_root, y_root)
        tasklist = self.lists[VIEWS[self.current_tab()]]
        while widget is not None:
            if widget is tasklist.tree:
                return tasklist
            widget = widget.master
        return None

    # -- test hooks --------------------------------------------------------------------------
    def rows(self, view):
        """The rows of a tab as the user sees them (see TaskList.visible_rows)."""
        return self.lists[view].visible_rows()

    def tab_point(self, view):
        """The centre of a tab's label in notebook coordinates."""
        index = VIEWS.index(view)

        def hit(x, y):
            return self.notebook.tk.call(self.notebook, "identify", "tab", x, y) == index
        for y in range(2, 80, 2):
            xs = [x for x in range(0, self.notebook.winfo_width(), 2) if hit(x, y)]
            if xs:
                x = (xs[0] + xs[-1]) // 2
                ys = [y2 for y2 in range(y, y + 80) if hit(x, y2)]
                return x, (ys[0] + ys[-1]) // 2
        raise LookupError(f"tab {view} not found")


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
