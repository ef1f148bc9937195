"""Things' structure in the taskwire Tk app (issue 29): the sidebar of Anytime, Someday and
the areas with their projects (the ``projects`` view, live), and the place tab, a
:class:`TaskList` like the others: a project (the ``project`` view: the project's own tasks,
then each heading with its tasks), Anytime (the tasks with no date in projects and areas) or
Someday (what is put off), whichever the sidebar opened last.

Clicking an entry of the sidebar opens it; dropping a dragged task on a project in the
sidebar moves it to the end of that project (``task/move`` with view ``project``), on Someday
or Anytime puts it there (``task/move`` with that view, no index).  A right click on a
project offers Put on Someday or Move to Anytime and Cancel project.  The sidebar's headers
and rows are the server's display parts; its other words the catalogue's.
"""

import tkinter as tk
from tkinter import ttk

from taskwire_gui_style import part_texts
from taskwire_gui_tabs import TABS

PLACES = ("project", "anytime", "someday")   # what the place tab shows
LISTS = ("anytime", "someday")               # the sidebar's entries above the areas


class Sidebar:
    """Anytime and Someday (with their counts), then the ``projects`` view as a tree: a header
    per area ("No area" first), its projects under it.  ``shown`` is the snapshot on
    screen."""

    def __init__(self, app, master):
        self.app = app
        self.shown = None
        self.projects = {}            # iid -> project id
        self.frame = ttk.Frame(master, padding=(10, 12, 0, 8), width=200)
        self.title_label = ttk.Label(self.frame, text="", style="Subtitle.TLabel")
        self.title_label.pack(anchor="w", pady=(0, 6))
        self.tree = ttk.Treeview(self.frame, show="tree", selectmode="browse",
                                 style="Sidebar.Treeview")
        self.tree.column("#0", width=190, minwidth=120, stretch=True)
        self.tree.pack(fill="both", expand=True)
        ttk.Style(master).configure("Sidebar.Treeview", rowheight=28, font=app.fonts["row"],
                                    fieldbackground="#f6f7f9", background="#f6f7f9",
                                    borderwidth=0)
        self.tree.tag_configure("area", font=app.fonts["header"], foreground="#1f3a5f")
        self.tree.tag_configure("list", font=app.fonts["header"], foreground="#2f6fde")
        self.tree.tag_configure("drop", background="#fff4c2")
        self.tree.bind("<<TreeviewSelect>>", self._selected)
        self.tree.bind("<Return>", self._selected)
        self.tree.bind("<Button-3>", self._right_click)
        self._drop = None
        self.show_places()

    def set_words(self):
        self.title_label.configure(text=self.app.t("tk.view.projects"))
        if self.shown is not None:
            self.render(self.shown)
        self.show_places()

    def show_places(self):
        """The Anytime and Someday entries on top, named by the catalogue, with how many
        items their lists hold."""
        for index, view in enumerate(LISTS):
            iid = f"v{view}"
            page = self.app.pages.get(view) if hasattr(self.app, "pages") else None
            count = len(page.shown.tasks()) if page is not None and page.shown else 0
            title = self.app.t(f"view.{view}")
            text = f"{title}  {count}" if count else title
            if self.tree.exists(iid):
                self.tree.item(iid, text=text)
            else:
                self.tree.insert("", index, iid=iid, text=text, tags=("list",))

    def focus_target(self):
        return self.tree

    def render(self, snapshot):
        """Show ``snapshot`` (the projects view), keeping the selected project."""
        selected = self.tree.selection()
        self.shown = snapshot
        self.tree.delete(*[iid for iid in self.tree.get_children() if iid[0] != "v"])
        self.projects = {}
        for group in snapshot.groups:
            area = self.tree.insert("", "end", iid=f"a{group['key']}", open=True,
                                    text=group["display"][0]["text"] if group.get("display")
                                    else group["title"], tags=("area",))
            for project in group["tasks"]:
                iid = f"p{project['id']}"
                text = "  ".join([" ".join(project["title"].splitlines())] + part_texts(project))
                self.tree.insert(area, "end", iid=iid, text=text, tags=("project",))
                self.projects[iid] = project["id"]
        if selected and self.tree.exists(selected[0]) and self.tree.selection() != selected:
            self.tree.selection_set(selected[0])
        self._drop = None

    def selected_project(self):
        selection = self.tree.selection()
        return self.projects.get(selection[0]) if selection else None

    def selected_list(self):
        """The view of the selected Anytime or Someday entry, or None."""
        selection = self.tree.selection()
        return selection[0][1:] if selection and selection[0][0] == "v" else None

    def _selected(self, event=None):
        project, view = self.selected_project(), self.selected_list()
        if view is not None and (view != self.app.place or (
                event is not None and event.type == tk.EventType.KeyPress)):
            self.app.open_place(view)
        elif project is not None and (project != self.app.project_id
                                      or self.app.place != "project"):
            self.app.open_project(project)
        elif project is not None and event is not None and event.type == tk.EventType.KeyPress:
            self.app.show_project()

    def _right_click(self, event):
        """A project's menu: Put on Someday (Move to Anytime), Cancel project."""
        project = self.projects.get(self.tree.identify_row(event.y))
        if project is not None:
            self.app.open_item_menu(project, event.x_root, event.y_root)

    # -- the drop target of a drag -----------------------------------------------------------
    def drop_at(self, x_root, y_root):
        """What a drop at a screen point lands on: ``("project", id)``, ``("someday",
        None)``, ``("anytime", None)``, or None."""
        if self.app.root.winfo_containing(x_root, y_root) is not self.tree:
            return None
        iid = self.tree.identify_row(y_root - self.tree.winfo_rooty())
        if iid in self.projects:
            return "project", self.projects[iid]
        return (iid[1:], None) if iid[:1] == "v" else None

    def highlight(self, target):
        """Mark the entry a drag hovers (a ``drop_at`` result; None: no mark)."""
        if self._drop is not None and self.tree.exists(self._drop):
            self.tree.item(self._drop, tags=("list",) if self._drop[0] == "v" else ("project",))
        self._drop = None if target is None else (
            f"p{target[1]}" if target[0] == "project" else f"v{target[0]}")
        if self._drop is not None:
            self.tree.item(self._drop, tags=(("list",) if self._drop[0] == "v" else ("project",))
                           + ("drop",))

    def row_point(self, project):
        """Test hook: the centre of a project's row (or of ``"someday"``'s, ``"anytime"``'s),
        in screen coordinates."""
        iid = f"v{project}" if project in LISTS else f"p{project}"
        self.tree.see(iid)
        self.tree.update_idletasks()
        x, y, width, height = self.tree.bbox(iid)
        return (self.tree.winfo_rootx() + x + min(width, 120) // 2,
                self.tree.winfo_rooty() + y + height // 2)

    def visible_rows(self):
        """Test hook: ``("list", view, text)``, ``("area", text)`` and ``("project", id,
        text)`` in display order."""
        rows = []
        for area in self.tree.get_children():
            if area[0] == "v":
                rows.append(("list", area[1:], self.tree.item(area, "text")))
                continue
            rows.append(("area", self.tree.item(area, "text")))
            rows.extend(("project", self.projects[iid], self.tree.item(iid, "text"))
                        for iid in self.tree.get_children(area))
        return rows


class Projects:
    """The app's side of the structure (a mixin of App): which place is open (a project,
    Anytime or Someday), the queries to subscribe, the moves into a project, and the
    actions of issue 29 (Someday, Anytime, cancel, make a project)."""

    project_id = None            # the project the project tab shows
    place = None                 # the view of the place tab (the last one), once one is open
    SIDEBAR_MIN_WIDTH = 760      # a narrower window leaves the sidebar out (room for the lists)

    @property
    def tabs(self):
        """The views of the notebook's tabs, in order; the place tab once one is open."""
        return TABS + (self.place,) if self.place is not None else TABS

    def fit_sidebar(self, event=None):
        """Show the sidebar (left of the tabs) when the window is wide enough for both."""
        wide = self.root.winfo_width() >= self.SIDEBAR_MIN_WIDTH
        if wide and not self.sidebar.frame.winfo_manager():
            self.sidebar.frame.pack(fill="y", side="left", before=self.notebook)
        elif not wide and self.sidebar.frame.winfo_manager():
            self.sidebar.frame.pack_forget()

    def queries(self, filter):
        """``(view, params, filter)`` of every subscription: the tabs, Anytime and Someday
        (with the search's filter), the sidebar, and the open project."""
        queries = [(view, None, filter) for view in TABS + LISTS]
        queries.append(("projects", None, None))
        if self.project_id is not None:
            queries.append(("project", {"project": self.project_id}, filter))
        return queries

    def subscribe_all(self, filter=None):
        """Subscribe every tab's view, the sidebar and the open project (again), with
        ``filter``; older subscriptions end."""
        if self.client is None:
            return
        self._generation += 1
        for view, params, view_filter in self.queries(filter):
            self._subscribe(view, params, view_filter, self._generation)

    def _subscribe(self, view, params, filter, generation):
        def subscribed(subscription, error):
            if subscription is not None:
                subscription.add_listener(lambda s, p: self.queue.put(("changed", view, s)))
            self.queue.put(("subscribed", view, subscription, error, generation))
        self.client.subscribe_async(view, subscribed, filter=filter, params=params)

    def open_place(self, view):
        """Show ``view`` (project, anytime, someday) in the place tab, the notebook's last:
        its page takes the place of the one there."""
        page = self.lists[view]
        if self.place != view:
            if self.place is not None:
                self.notebook.forget(self.lists[self.place].frame)
            self.notebook.add(page.frame, text="")
            self.place = view
        self._set_tab_text(len(self.tabs) - 1)
        self.notebook.select(page.frame)

    def open_project(self, project):
        """Show a project in the place tab (subscribing to its view)."""
        changed = project != self.project_id
        self.project_id = project
        self.open_place("project")
        if self.client is not None and changed:
            self._subscribe("project", {"project": project}, self.search.filter,
                            self._generation)

    def tab_count(self):
        """How many tabs Ctrl+Tab goes through (the project tab once one is open)."""
        return len(self.tabs)

    def show_project(self):
        self.open_place("project")

    def wanted(self, view, subscription):
        """False for a subscription of a project that is no longer the open one."""
        return view != "project" or subscription.query.get("project") == self.project_id

    def move_params(self, view, group, index):
        """The params of a ``task/move`` into a project: a drop in the project tab (``group``
        its own tasks ``tasks:P`` or a heading's ``tasks:H``), or, with ``index`` None, onto
        the project ``tasks:P`` in the sidebar (its end)."""
        if index is None:
            return {"project": int(group.split(":")[1])}
        params = {"project": self.project_id}
        if group is not None and group != f"tasks:{self.project_id}":
            params["heading"] = int(group.split(":")[1])
        return params

    def project_title(self):
        """The open project's title as the server sends it (its group's title part)."""
        shown = self.project_page.shown
        if not shown or not shown.groups:
            return self.t("tk.view.project")
        parts = shown.groups[0].get("display") or []
        return next((p["text"] for p in parts if p.get("kind") == "title"),
                    shown.groups[0]["title"])
