"""Mouse drag for the taskwire Tk app (stories 3.1–3.4, 3.6's long press).

Press a row and move: the row follows the pointer and a line shows where it will land.
Release over a list to drop it there; hold it over another tab for 500 ms and that tab opens,
so the drop can go into that list.  In Upcoming, dropping onto a day's header puts the task
on top of that day (in a project, under that heading).  Releasing over a tab label drops at
the end of that list, over a project in the sidebar at the end of that project, and over
Someday or Anytime there (those two lists are in the sidebar's order: no drop into them,
only out of them onto a tab or the sidebar).  A press held
for one second without moving opens the schedule menu instead.  Escape cancels a drag.

The drop index sent is the gap the user sees, counted with the dragged task taken out, with
the version of the list the user saw (so a list that changed meanwhile is refused, -32801).
"""

UNORDERED = ("anytime", "someday")   # lists with no drop index: a row is dragged out of them
THRESHOLD = 6          # pixels before a press becomes a drag
LONG_PRESS_MS = 1000   # story 3.6: hold one second without dragging
HOVER_MS = 500         # story 3.4: hover a tab this long to open it


class DragController:
    """Turns press/motion/release on the lists into ``task/move`` requests."""

    def __init__(self, app):
        self.app = app
        self.root = app.root
        self.press = None        # (tasklist, task_id, x_root, y_root) while button 1 is down
        self.dragging = False
        self.target = None       # the current drop target (see drop_target), or None
        self.hover = None        # (tab index, after id) while hovering a tab
        self._long_press = None
        self.ghost = app.make_ghost()
        self.root.bind_all("<B1-Motion>", self.motion, add="+")
        self.root.bind_all("<ButtonRelease-1>", self.release, add="+")
        self.root.bind_all("<Escape>", self.cancel, add="+")

    def attach(self, tasklist):
        """Handle presses on one list's rows."""
        tasklist.tree.bind("<ButtonPress-1>", lambda e: self.on_press(e, tasklist), add="+")

    # -- events ------------------------------------------------------------------------------
    def on_press(self, event, tasklist):
        self.cancel()
        task_id = tasklist.task_at(event.y)
        if task_id is None:
            return
        self.press = (tasklist, task_id, event.x_root, event.y_root)
        self._checkbox = tasklist.on_checkbox(event.x, event.y)
        self._long_press = self.root.after(LONG_PRESS_MS, self._on_long_press)

    def motion(self, event):
        if self.press is None:
            return
        _, task_id, x0, y0 = self.press
        if not self.dragging:
            if abs(event.x_root - x0) < THRESHOLD and abs(event.y_root - y0) < THRESHOLD:
                return
            if self.app.filtered:   # a drop index counts the whole list: no drag on a search
                self.press = None
                self._stop_long_press()
                self.app.toast.show(self.app.t("tk.search.clearToDrag"))
                return
            self._stop_long_press()
            self.dragging = True
            self.root.configure(cursor="fleur")
            task = self.app.task(task_id)
            self.ghost.configure(text=f"  {task['title'] if task else task_id}  ")
        self.update(event.x_root, event.y_root)

    def release(self, event):
        if self.press is None:
            return
        if self.dragging:
            self.update(event.x_root, event.y_root)
            target, task_id = self.target, self.press[1]
            self.cancel()
            if target is not None:
                self.app.drop(task_id, *target)
        else:
            # A click (pressed and released without a drag) on a row's checkbox completes it.
            checked = getattr(self, "_checkbox", None)
            self.cancel()
            if checked is not None:
                self.app.complete(checked)

    def cancel(self, event=None):
        """Forget the press or drag; nothing is sent."""
        self._stop_long_press()
        self._stop_hover()
        if self.dragging:
            self.root.configure(cursor="")
        for tasklist in self.app.lists.values():
            tasklist.show_indicator(None)
        self.app.sidebar.highlight(None)
        self.ghost.place_forget()
        self.press, self.dragging, self.target = None, False, None

    # -- where the pointer is ----------------------------------------------------------------
    def update(self, x_root, y_root):
        """Follow the pointer: ghost, drop line, tab hover, target."""
        root_x, root_y = x_root - self.root.winfo_rootx(), y_root - self.root.winfo_rooty()
        self.ghost.place(x=root_x + 14, y=root_y + 10)
        self.ghost.lift()
        tab = self.app.tab_at(x_root, y_root)
        tasklist = self.app.list_at(x_root, y_root)
        for other in self.app.lists.values():
            if other is not tasklist:
                other.show_indicator(None)
        if tab is not None and tab >= len(self.app.views):
            tab = None       # the matrix and the logbook are not places in the date lists
        place = self.app.sidebar.drop_at(x_root, y_root)
        self.app.sidebar.highlight(place)
        if place is not None:        # onto a project in the sidebar: its end; onto Someday
            self._stop_hover()       # or Anytime: there (no index)
            self.target = (("project", f"tasks:{place[1]}", None, None) if place[0] == "project"
                           else (place[0], None, None, None))
        elif tab is not None:
            self._hover(tab)
            same = tab == self.app.current_tab()
            self.target = None if same else (self.app.views[tab], None, None, None)
        else:
            self._stop_hover()
            self.target = None
            if tasklist is not None and tasklist.view not in UNORDERED:
                y = y_root - tasklist.tree.winfo_rooty()
                tasklist.autoscroll(y)
                gap = tasklist.gap_at(y)
                tasklist.show_indicator(gap[2])
                self.target = self._drop_target(tasklist, gap)

    def _drop_target(self, tasklist, gap):
        """``(view, group, index, version)`` for a gap; the index counts the list without the
        dragged task; None when the drop would leave the task where it is."""
        group, index, _ = gap
        task_id = self.press[1]
        where = tasklist.shown.find(task_id) if tasklist.shown else None
        if where is not None and where[0] == group:
            if index in (where[1], where[1] + 1):
                return None
            if index > where[1]:
                index -= 1
        return (tasklist.view, group, index, tasklist.version)

    def _hover(self, tab):
        if self.hover is not None and self.hover[0] == tab:
            return
        self._stop_hover()
        if tab == self.app.current_tab():
            return
        self.app.highlight_tab(tab, True)
        self.hover = (tab, self.root.after(HOVER_MS, lambda: self._open_tab(tab)))

    def _open_tab(self, tab):
        self.hover = None
        self.app.highlight_tab(tab, False)
        self.app.select_tab(tab)

    def _stop_hover(self):
        if self.hover is not None:
            self.root.after_cancel(self.hover[1])
            self.app.highlight_tab(self.hover[0], False)
            self.hover = None

    def _on_long_press(self):
        self._long_press = None
        if self.press is not None and not self.dragging:
            tasklist, task_id, x_root, y_root = self.press
            self.press = None
            self.app.open_menu(tasklist.view, task_id, x_root, y_root)

    def _stop_long_press(self):
        if self._long_press is not None:
            self.root.after_cancel(self._long_press)
            self._long_press = None
