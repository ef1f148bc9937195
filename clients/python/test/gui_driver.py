"""Drives the Tk app with real X events (event_generate) for the GUI tests.

The app runs its own taskwire process on a test store; ``self.other`` is a second taskwire
process on the same store, through which the tests seed tasks and check what was stored.
"""

import os
import time
import tkinter as tk

from helpers import CLOCK, TASKWIRE, ZONE, StoreTestCase

from taskwire_gui import App

BUTTON1 = 0x100     # Button1Mask in an event's state
SHIFT, CONTROL, ALT = 0x1, 0x4, 0x8


class GuiTestCase(StoreTestCase):
    """Starts the app on a fresh store with some tasks made by another process first."""

    seed = ()   # (title, params) made through the other process before the app starts
    locale = None   # the app's language (None: English)
    clock, zone = CLOCK, ZONE   # the app's server's clock and time zone

    def app_db(self):
        """The store the app opens (the seeded one unless a test says otherwise)."""
        return self.db

    def setUp(self):
        super().setUp()
        if not os.environ.get("DISPLAY"):
            self.skipTest("no X display (run under Xvfb)")
        self.other = self.client("other")
        self.ids = {}
        for title, params in self.seed:
            self.ids[title] = self.other.call("task/create", dict(params, title=title))["task"]["id"]
        self.before_app()
        self.root = tk.Tk()
        self.addCleanup(self._close)
        self.root.geometry("1100x640+0+0")   # the app's size: the sidebar and the tabs
        log = open(os.path.join(self.folder, "app.log"), "a")
        self.addCleanup(log.close)
        self.app = App(self.root, binary=TASKWIRE, db=self.app_db(), clock=self.clock,
                       time_zone=self.zone, stderr=log, locale=self.locale)
        self.until(lambda: self.app.ready, "the app shows its subscriptions")
        self.root.focus_force()
        self.pump(0.05)

    def before_app(self):
        """Called after the seed is stored, before the app starts."""

    def _close(self):
        self.app.close()
        self.root.destroy()

    # -- time --------------------------------------------------------------------------------
    def pump(self, seconds=0.05):
        """Run the event loop for a while."""
        deadline = time.monotonic() + seconds
        while True:
            self.root.update()
            if time.monotonic() >= deadline:
                return
            time.sleep(0.005)

    def until(self, predicate, what, timeout=6.0):
        """Run the event loop until ``predicate()`` is true; fail after ``timeout``."""
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                self.fail(f"timed out waiting until {what}")
            self.pump(0.01)

    # -- what the user sees and what the store holds -----------------------------------------
    def titles(self, view):
        """The rows of a tab: titles, and ``[Header]`` for day headers."""
        return [f"[{row[1]}]" if row[0] == "header" else row[2] for row in self.app.rows(view)]

    def stored(self, view):
        """The same, from view/list through the other taskwire process."""
        listing = self.other.call("view/list", {"view": view})
        rows = []
        for n, group in enumerate(listing["groups"]):
            if view == "upcoming" or (view == "today" and n):   # (Today's: This Evening)
                rows.append(f"[{group['title']}]")
            rows.extend(task["title"] for task in group["tasks"])
        return rows

    def settle(self, view, expected):
        """Wait until the store and the tab both show ``expected``."""
        self.until(lambda: self.stored(view) == expected, f"{view} is stored as {expected}"
                   f" (stored {self.stored(view)})")
        self.until(lambda: self.titles(view) == expected, f"{view} shows {expected}"
                   f" (shows {self.titles(view)})")

    def history_size(self):
        return len(self.other.call("history/list", {"limit": 1000})["steps"])

    # -- input -------------------------------------------------------------------------------
    def show_tab(self, view):
        """Click a tab's label."""
        x, y = self.app.tab_point(view)
        self.app.notebook.event_generate("<ButtonPress-1>", x=x, y=y)
        self.app.notebook.event_generate("<ButtonRelease-1>", x=x, y=y)
        self.until(lambda: self.app.tabs[self.app.current_tab()] == view, f"{view} is shown")
        self.pump(0.05)

    def key(self, keysym, state=0, widget=None):
        """Press and release a key on the focused widget (or ``widget``)."""
        widget = widget or self.root.focus_get()
        self.assertIsNotNone(widget, "some widget has the keyboard focus")
        widget.event_generate("<KeyPress>", keysym=keysym, state=state)
        if widget.winfo_exists():  # the key may have closed its window
            widget.event_generate("<KeyRelease>", keysym=keysym, state=state)
        self.pump(0.02)

    def type_text(self, text, widget=None):
        """Type ASCII text key by key."""
        names = {" ": "space", "-": "minus", ".": "period", ",": "comma", "'": "apostrophe",
                 "#": "numbersign", "!": "exclam", "@": "at", "*": "asterisk", "~": "asciitilde"}
        for char in text:
            state = SHIFT if char.isupper() or char in "#!@*~" else 0
            self.key(names.get(char, char), state, widget)

    def row_root_point(self, view, task_id=None, header=None, dy=0):
        tasklist = self.app.lists[view]
        x, y = tasklist.row_point(task_id, header)
        return tasklist.tree.winfo_rootx() + x, tasklist.tree.winfo_rooty() + y + dy

    def tab_root_point(self, view):
        x, y = self.app.tab_point(view)
        return self.app.notebook.winfo_rootx() + x, self.app.notebook.winfo_rooty() + y

    def press(self, view, task_id, button=1):
        """Press a mouse button on a task's row; returns the pointer's screen position."""
        tree = self.app.lists[view].tree
        x, y = self.app.lists[view].row_point(task_id)
        self._grab = tree
        tree.event_generate(f"<ButtonPress-{button}>", x=x, y=y)
        self.pump(0.02)
        return tree.winfo_rootx() + x, tree.winfo_rooty() + y

    def _target(self, x_root, y_root):
        # X sends a held button's events to the window where it went down (an implicit grab);
        # once that window is gone from the screen, to the window under the pointer.
        if self._grab is not None and self._grab.winfo_viewable():
            return self._grab
        return self.root.winfo_containing(x_root, y_root) or self.root

    def move_to(self, x_root, y_root, steps=4):
        """Move the pointer (button 1 held) to a screen point, in a few motion events."""
        start = getattr(self, "_pointer", None) or (x_root, y_root)
        for n in range(1, steps + 1):
            x = start[0] + (x_root - start[0]) * n // steps
            y = start[1] + (y_root - start[1]) * n // steps
            widget = self._target(x, y)
            widget.event_generate("<Motion>", x=x - widget.winfo_rootx(),
                                  y=y - widget.winfo_rooty(), state=BUTTON1)
            self.pump(0.01)
        self._pointer = (x_root, y_root)

    def release(self):
        x_root, y_root = self._pointer
        widget = self._target(x_root, y_root)
        widget.event_generate("<ButtonRelease-1>", x=x_root - widget.winfo_rootx(),
                              y=y_root - widget.winfo_rooty(), state=BUTTON1)
        self._grab = self._pointer = None
        self.pump(0.05)

    def drag(self, view, task_id, to):
        """Press on a row, move to the screen point ``to`` and release there."""
        self._pointer = self.press(view, task_id)
        self.move_to(*to)
        self.release()

    def menu_choose(self, label):
        """Pick an entry of the posted schedule menu with the arrow keys and Return."""
        menu = self.app.menu
        for _ in range(menu.index("end") + 2):
            active = menu.index("active")
            if active is not None and menu.type(active) != "separator" and \
                    menu.entrycget(active, "label") == label:
                self.key("Return", widget=menu)
                return
            self.key("Down", widget=menu)
        self.fail(f"no menu entry {label}")

    def click(self, button):
        """A real click on a button: the pointer enters, presses and releases."""
        button.event_generate("<Enter>", x=4, y=4)
        button.event_generate("<ButtonPress-1>", x=4, y=4)
        button.event_generate("<ButtonRelease-1>", x=4, y=4)
        self.pump(0.05)

    def wait_menu(self):
        self.until(lambda: self.app.menu is not None and self.app.menu.winfo_ismapped(),
                   "the schedule menu is open")
        return self.app.menu
