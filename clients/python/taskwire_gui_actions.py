"""What the user does in the taskwire Tk app, as requests: create, complete, delete, move
(drag and Alt+Up/Down), schedule (the menu and the date picker of story 3.6), Someday,
Anytime, cancel and make a project (issue 29, in the same menu), undo and redo, and the
keyboard bindings of a list.  Mixed into :class:`taskwire_gui.App`; every request goes
through ``App.run_async``, so nothing here waits for the server.
"""

import tkinter as tk

from taskwire_gui_list import tomorrow_of
from taskwire_gui_tabs import VIEWS
from taskwire_gui_editor import TaskEditor
from taskwire_gui_help import QuickAddHelp
from taskwire_gui_rename import rename_handler, selection_handler
from taskwire_gui_widgets import DatePicker, build_schedule_menu


class Actions:
    """The task actions and key bindings of the app (a mixin of App)."""

    # -- tasks -------------------------------------------------------------------------------
    def task(self, task_id):
        """The task with ``task_id`` as shown in any tab, or None."""
        for page in self.pages.values():
            for task in (page.shown.tasks() if page.shown else []):
                if task["id"] == task_id:
                    return task
        return None

    def create(self, tasklist, title):
        """Create a task in the tab's view; on failure the title goes back into the field."""
        def failed(error):
            self.show_error(error)
            if not tasklist.text.get():
                tasklist.text.set(title)
        if title.strip():
            # Quick add: the server reads tags, priority, dates and repeats out of the text.
            # The project tab files it in the open project (a parent beside the text).
            where = ({"parent": self.project_id} if tasklist.view == "project"
                     else {"view": tasklist.view})
            self.run_async("task/create", dict(where, text=title),
                           lambda place: self._say_where(tasklist, place), on_error=failed)

    def _say_where(self, tasklist, place):
        """Quick add files a task by its dates, wherever it was typed (``… tomorrow`` in Today
        goes to Upcoming): when that is not where this tab puts it (Upcoming: tomorrow), or a
        search may hide it, a toast says where it went, in the server's words (``message``)."""
        today = tasklist.shown.today if tasklist.shown else None
        expected = tomorrow_of(today) if today and tasklist.view == "upcoming" else None
        if tasklist.view == "project":
            expected = f"tasks:{self.project_id}"
        elif tasklist.view == "today":
            expected = "evening"          # This Evening is in the Today tab too
        if place.get("view") == tasklist.view and place.get("group") in (
                expected, tasklist.view) and not self.filtered:
            return
        self._say(place)

    def quick_add_help(self, tasklist):
        """Open quick add's help (taskwire_gui_help); Escape gives the field back."""
        if self.help_window is not None and self.help_window.winfo_exists():
            self.help_window.destroy()
        self.help_window = QuickAddHelp(self.root, self.t, self.fonts["row"],
                                        return_focus=tasklist.entry)
        return "break"

    def _done_toast(self, key, task):
        """A toast for a change that Ctrl+Z takes back: ``Completed 'X' — Ctrl+Z to undo``."""
        return lambda result: self.toast.show(self.t(
            "tk.toast.undoHint", message=self.t(key, title=task["title"])))

    def complete(self, task_id):
        task = self.task(task_id) or {"title": task_id}
        self.run_async("task/complete", {"id": task_id},
                       self._done_toast("message.completed", task))

    def reopen(self, task_id):
        task = self.task(task_id) or {"title": task_id}
        self.run_async("task/complete", {"id": task_id, "completed": False},
                       self._done_toast("message.reopened", task))

    def edit(self, task_id):
        """Open the editor of every field (taskwire_gui_editor) for a task."""
        task = self.task(task_id) if task_id is not None else None
        if task is not None:
            self.editor = TaskEditor(self, task)
        return task is not None

    # -- Someday, Anytime, cancelling, making a project (issue 29) ---------------------------
    def item_actions(self, task):
        """The menu entries of issue 29 for a task or a project, ``(catalogue key,
        callback)``: Put on Someday (on it: Move to Anytime, for an item in a project or area
        or a project; a task in none leaves Someday by a date or the Inbox above), Mark
        cancelled and Make a project (a task), Cancel project (a project)."""
        kind = (task or {}).get("kind", "task")
        if task is None or task.get("completed") or kind not in ("task", "project"):
            return []
        actions = []
        if not task.get("someday"):
            actions.append(("action.someday", lambda: self.put_on(task["id"], "someday")))
        elif kind == "project" or task.get("parent") is not None:
            actions.append(("action.anytime", lambda: self.put_on(task["id"], "anytime")))
        if kind == "project":
            actions.append(("action.cancelProject", lambda: self.cancel_item(task)))
        else:
            actions.append(("action.cancelTask", lambda: self.cancel_item(task)))
            actions.append(("action.makeProject", lambda: self.make_project(task)))
        return actions

    def put_on(self, task_id, view):
        """Put a task or project on Someday, or take it off into Anytime (``task/move`` with
        that view, no index); the server's message says where it went."""
        self.run_async("task/move", {"id": task_id, "view": view}, self._say)

    def cancel_item(self, task):
        """Give a task or a project up (``task/complete`` with ``cancelled``: a project's open
        tasks with it, one step)."""
        self.run_async("task/complete", {"id": task["id"], "cancelled": True},
                       self._done_toast("message.cancelled", task))

    def make_project(self, task):
        """Make a task a project (``task/convert``): its checklist's lines become its tasks."""
        self.run_async("task/convert", {"id": task["id"], "to": "project"},
                       self._done_toast("message.madeProject", task))

    def open_item_menu(self, task_id, x_root, y_root):
        """The menu of a project in the sidebar: its actions of issue 29, then Cancel."""
        if self.menu is not None:
            self.menu.destroy()
        self.menu = build_schedule_menu(self.root, None, None, self.t,
                                        actions=self.item_actions(self.task(task_id)))
        self.menu.tk_popup(x_root + 2, y_root + 2)

    def delete(self, task_id):
        task = self.task(task_id) or {"title": task_id}
        self.run_async("task/delete", {"id": task_id},
                       self._done_toast("message.deleted", task))

    def _say(self, place):
        """A toast with where a task went, the server's ``message`` of a schedule or move
        (``Scheduled 'X' for Sat, Feb 14``, ``Sent 'X' to Inbox``)."""
        if place.get("message"):
            self.toast.show(place["message"])

    def say_where_moved(self, view, task_id):
        """The reply handler of a ``task/move`` into ``view``: a toast when the task went to
        another list, day or quadrant; a reorder within its own says nothing."""
        page = self.pages.get(view)
        before = page.shown.find(task_id) if page is not None and page.shown else None

        def moved(place):
            if before is None or (place.get("view"), place.get("group")) != (view, before[0]):
                self._say(place)
        return moved

    def schedule(self, task_id, date):
        self.run_async("task/schedule", {"id": task_id, "date": date}, self._say)

    def undo(self):
        self.run_async("history/undo", None, lambda r: self.toast.show(
            self.t("message.undid", label=r["undone"]["label"])))

    def redo(self):
        self.run_async("history/redo", None, lambda r: self.toast.show(
            self.t("message.redid", label=r["redone"]["label"])))

    def drop(self, task_id, view, group, index, version, after_error=None):
        """Move a dragged task: ``group`` and ``index`` None mean the end of the list (for
        ``project``, see Projects.move_params)."""
        task = self.task(task_id)
        if task is not None and task.get("someday") and view in VIEWS:
            # Off Someday onto a day or the Inbox: task/schedule clears Someday with the date
            # (the server's task/move would leave the task on Someday), at the list's end.
            date = {"today": "today", "inbox": None}.get(
                view, group or tomorrow_of(self.lists["upcoming"].shown.today))
            self.run_async("task/schedule", {"id": task_id, "date": date}, self._say)
            return
        params = {"id": task_id, "view": view}
        if view == "upcoming":
            params["date"] = group or tomorrow_of(self.lists[view].shown.today)
        elif view == "project":
            params.update(self.move_params(view, group, index))
        elif view == "today" and group == "evening":    # This Evening; Today's own list: none
            params["evening"] = True
        if index is not None:
            params.update(index=index, version=version)

        def failed(error):
            self.show_error(error)
            if getattr(error, "code", None) == -32801 and view in self.subscriptions:
                self.subscriptions[view].relist()
            if after_error is not None:
                after_error()
        self.run_async("task/move", params, self.say_where_moved(view, task_id), on_error=failed)

    def reorder(self, tasklist, delta):
        """Alt+Up/Down: move the selected task one place; a press made while the previous
        one is not on screen yet waits for it (its index would be computed on an old list)."""
        if tasklist.view in ("anytime", "someday"):   # in the sidebar's order: no index
            return
        if self.filtered:
            self.toast.show(self.t("tk.search.clearToReorder"))
            return
        if self._move_wait is not None:
            self._key_moves.append((tasklist, delta))
            return
        task_id = tasklist.selected_task()
        place = task_id is not None and tasklist.neighbour_place(task_id, delta)
        if place:
            self._move_wait = (tasklist.view, tasklist.version)

            def failed():
                self._move_wait, self._key_moves = None, []
            self.drop(task_id, tasklist.view, place[0], place[1], tasklist.version, failed)

    # -- the schedule menu and the date picker (story 3.6) -----------------------------------
    def open_menu(self, view, task_id, x_root, y_root):
        """Ask for the task's schedule options, then pop the menu up at the point."""
        def show(options):
            if self.menu is not None:
                self.menu.destroy()
            self.menu = build_schedule_menu(self.root, options,
                                            lambda option: self._chosen(task_id, option,
                                                                        options["picker"]),
                                            self.t, actions=self.item_actions(self.task(task_id)))
            # Just beside the pointer: releasing a long press must not pick an entry.
            self.menu.tk_popup(x_root + 2, y_root + 2)
        self.run_async("task/scheduleOptions", {"id": task_id}, show)

    def _chosen(self, task_id, option, picker):
        if option["id"] == "choose":
            self.root.after_idle(lambda: self.open_picker(task_id, picker))
        else:
            self.schedule(task_id, None if option["id"] == "inbox" else option["id"])

    def open_picker(self, task_id, picker):
        task = self.task(task_id) or {"title": ""}
        self.picker = DatePicker(self.root, picker["default"], picker["minimum"],
                                 lambda date: self.schedule(task_id, date), self.t,
                                 title=self.t("tk.picker.scheduleTitle", title=task["title"]),
                                 font=self.fonts["row"], return_focus=self.root.focus_get())

    def menu_for_selection(self, tasklist):
        task_id = tasklist.selected_task()
        if task_id is not None:
            x, y = tasklist.row_point(task_id)
            self.open_menu(tasklist.view, task_id, tasklist.tree.winfo_rootx() + x,
                           tasklist.tree.winfo_rooty() + y)

    # -- keyboard ----------------------------------------------------------------------------
    def _bind_list(self, tasklist):
        tree, entry = tasklist.tree, tasklist.entry

        def on_enter(event):
            title = tasklist.text.get()
            tasklist.text.set("")
            self.create(tasklist, title)
            return "break"

        def with_selection(action):
            return selection_handler(tasklist, action)

        rename = rename_handler(self, tasklist)

        def edit(event=None):
            self.edit(tasklist.selected_task())
            return "break"

        tree.bind("<F2>", rename)
        tree.bind("e", edit)
        tree.bind("<Double-Button-1>", rename)
        entry.bind("<Return>", on_enter)
        entry.bind("<F1>", lambda e: self.quick_add_help(tasklist))
        entry.bind("<KP_Enter>", on_enter)
        entry.bind("<Down>", lambda e: (tree.focus_set(), tasklist.move_selection(0), "break")[2])
        for widget, other in ((entry, tree), (tree, entry)):
            for key in ("<Tab>", "<Shift-Tab>", "<ISO_Left_Tab>"):
                widget.bind(key, lambda e, o=other: (o.focus_set(), "break")[1])
            for key, step in (("<Control-Tab>", 1), ("<Control-Shift-Tab>", -1),
                              ("<Control-ISO_Left_Tab>", -1)):
                widget.bind(key, lambda e, d=step: (
                    self.select_tab((self.current_tab() + d) % self.tab_count()), "break")[1])
        tree.bind("<FocusIn>", lambda e: tasklist.selected_task() or tasklist.move_selection(0))
        tree.bind("<Up>", lambda e: (tasklist.move_selection(-1), "break")[1])
        tree.bind("<Down>", lambda e: (tasklist.move_selection(1), "break")[1])
        tree.bind("<Alt-Up>", lambda e: (self.reorder(tasklist, -1), "break")[1])
        tree.bind("<Alt-Down>", lambda e: (self.reorder(tasklist, 1), "break")[1])
        tree.bind("<Delete>", with_selection(self.delete))
        tree.bind("<space>", with_selection(self.complete))
        for key in ("<Shift-F10>", "<Menu>", "<App>"):
            try:
                tree.bind(key, lambda e: (self.menu_for_selection(tasklist), "break")[1])
            except tk.TclError:
                pass  # a keysym this Tk does not know
        tree.bind("<Button-3>", lambda e: self._right_click(tasklist, e))

    def _right_click(self, tasklist, event):
        task_id = tasklist.task_at(event.y)
        if task_id is not None:
            tasklist.select_task(task_id)
            self.open_menu(tasklist.view, task_id, event.x_root, event.y_root)
