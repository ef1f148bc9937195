"""One tab of the taskwire Tk app: title, persistent input field and the task list.

The list is a flat ``ttk.Treeview``: in Upcoming a bold header row (``Tomorrow · Fri, Feb 13
· 45m``) starts each day group.  It is always rendered from the view's subscription snapshot,
never edited locally; ``shown`` is the snapshot on screen and ``version`` its version (sent
with a drop, so the server can refuse a drop computed on an outdated list).  Headers and
markers are the server's display parts; the other words are the catalogue's.
"""

import datetime
import tkinter as tk
from tkinter import ttk

from taskwire_gui_fit import fit_info_column
from taskwire_gui_quickadd import QuickAddField
from taskwire_gui_style import HEADER_GAP, colour_tags, header_text, part_texts
from taskwire_gui_widgets import parse_date

# A real checkbox would need a widget per row; the glyph is clicked instead (see CHECKBOX_PX).
CHECKBOX = {False: "☐", True: "☑"}
CHECKBOX_PX = 30   # clicks this close to a row's left edge hit its checkbox
ROW_HEIGHT = 34    # a row of one line (Tasks.Treeview in taskwire_gui_style)
# The lists with a header row per group (day, heading; Anytime's and Someday's areas, projects).
GROUPED = ("upcoming", "project", "anytime", "someday")
NO_ADD = ("anytime", "someday")     # lists without quick add: what goes there is moved there
HEADED = ("today", "inbox", "project")   # lists whose title is their one group's header


def row_title(task):
    """A row's checkbox and title, the title's lines joined by spaces (the convention's)."""
    return f"{CHECKBOX[bool(task.get('completed'))]}  " + " ".join(task["title"].splitlines())


class TaskList:
    """The widgets and rendering of one view's tab."""

    def __init__(self, app, master, view):
        self.app, self.view = app, view
        self.shown = None              # the ViewSnapshot on screen
        self.rows = []                 # (iid, kind, group key, task or group) in display order
        self.frame = ttk.Frame(master, padding=(18, 12, 18, 8))
        head = ttk.Frame(self.frame)
        head.pack(fill="x")
        self.title_label = ttk.Label(head, text="", style="Title.TLabel")
        self.title_label.pack(side="left")
        self.subtitle = ttk.Label(head, text="", style="Subtitle.TLabel")
        self.subtitle.pack(side="left", padx=(12, 0), pady=(8, 0))
        # Where quick add's rules can be found (when is "fri" a date?): F1 in the field too.
        self.help_link = ttk.Label(head, text="", style="Link.TLabel", cursor="hand2")
        if view not in NO_ADD:
            self.help_link.pack(side="right", pady=(8, 0))
        self.help_link.bind("<Button-1>", lambda e: app.quick_add_help(self))
        self.text = tk.StringVar(master=master)
        # Quick add, highlighted as the person types (taskwire_gui_quickadd).
        self.entry = QuickAddField(self.frame, app, view, self.text, app.fonts["row"])
        if view not in NO_ADD:
            self.entry.pack(fill="x", pady=(10, 10))
        self.placeholder = tk.Label(self.entry, text="", fg="#8a93a3", bg="white",
                                    font=app.fonts["row"])
        self.placeholder.bind("<Button-1>", lambda e: self.entry.focus_set())
        self.text.trace_add("write", lambda *a: self._update_placeholder())
        self._update_placeholder()
        body = ttk.Frame(self.frame)
        body.pack(fill="both", expand=True)
        # A style of its own: its row height grows when the markers wrap (taskwire_gui_fit).
        self.style = f"{view}.Tasks.Treeview"
        self.tree = ttk.Treeview(body, columns=("info",), show="tree", selectmode="browse",
                                 style=self.style)
        self.tree.column("#0", stretch=True, minwidth=200)
        self.tree.column("info", stretch=False, width=250, anchor="e")
        self.infos = {}                # iid -> the row's marker texts, before fitting
        self.tree.bind("<Configure>", lambda e: self._fit_info(), add="+")
        scroll = ttk.Scrollbar(body, orient="vertical", command=self.tree.yview)
        self.tree.configure(yscrollcommand=scroll.set)
        # The scrollbar first: pack serves in order, and the tree asks for its columns' width.
        scroll.pack(side="right", fill="y")
        self.tree.pack(side="left", fill="both", expand=True)
        for tag, options in app.row_tags.items():
            self.tree.tag_configure(tag, **options)
        self.indicator = tk.Frame(self.tree, height=3, bg="#2f6fde")
        self.empty = ttk.Label(self.tree, text="", style="Empty.TLabel")
        self.tree.bind("<<TreeviewSelect>>", self._skip_headers)

    def set_words(self):
        """The catalogue's words: the tab's title until the server's header is shown, the
        placeholder, the help link, the empty list's text."""
        t = self.app.t
        if self.shown is None or self.view not in HEADED:
            self.title_label.configure(text=t(self.view_key))
        if self.view == "upcoming":
            self.subtitle.configure(text=t("tk.upcoming.subtitle"))
        if self.view not in NO_ADD:
            self.help_link.configure(text=t("tk.helpLink"))
            self.placeholder.configure(text=t(f"tk.placeholder.{self.view}"))
        # (Anytime and Someday have no field to type in: their empty text is the list's.)
        self.empty.configure(text=t("list.empty" if self.view in NO_ADD else "tk.list.empty"))
        if self.shown is not None:
            self.render(self.shown)      # the day headers' counts

    @property
    def view_key(self):
        """The catalogue's name of the view (the project tab's is the app's own)."""
        return "tk.view.project" if self.view == "project" else f"view.{self.view}"

    def focus_target(self):
        """Where the keyboard goes when the tab opens: the input field (the list where
        there is none)."""
        return self.tree if self.view in NO_ADD else self.entry

    @property
    def version(self):
        """The version of the snapshot on screen (None before the first one)."""
        return self.shown.version if self.shown else None

    def _update_placeholder(self):
        if self.text.get():
            self.placeholder.place_forget()
        else:
            self.placeholder.place(x=6, rely=0.5, anchor="w")

    # -- rendering ---------------------------------------------------------------------------
    def render(self, snapshot):
        """Show ``snapshot`` (a ViewSnapshot), keeping the selection where it makes sense."""
        old_selected = self.selected_task()
        old_position = next((n for n, row in enumerate(self.task_rows())
                             if row[3]["id"] == old_selected), None)
        self.shown = snapshot
        self.tree.delete(*self.tree.get_children())
        self.rows = []
        self.infos = {}
        for gi, group in enumerate(snapshot.groups):
            # a day's or a heading's header row; in Today, This Evening's (the title is Today's)
            if self.view in GROUPED or (gi and self.view == "today"):
                iid = f"g{group['key']}"
                self.tree.insert("", "end", iid=iid, text=header_text(group), tags=("header",))
                self.infos[iid] = [self._count(len(group["tasks"]))]
                self.rows.append((iid, "header", group["key"], group))
            for task in group["tasks"]:
                iid = f"t{task['id']}"
                title = row_title(task)
                self.tree.insert("", "end", iid=iid, text=title, tags=["task"] + colour_tags(task))
                self.infos[iid] = part_texts(task)
                self.rows.append((iid, "task", group["key"], task))
        self._fit_info()
        if self.view in HEADED:
            # The group's header as the server words it, its title big and the rest beside:
            # "Today" "· Thu, Feb 12 · 1h15m", "Inbox" "· 45m".
            parts = (snapshot.groups[0].get("display") if snapshot.groups else None) or []
            title = next((p["text"] for p in parts if p.get("kind") == "title"), None)
            rest = [p["text"] for p in parts if p.get("kind") != "title"]
            self.title_label.configure(text=title or self.app.t(self.view_key))
            self.subtitle.configure(text=HEADER_GAP.join([""] + rest).strip())
        if self.rows:
            self.empty.place_forget()
        else:
            self.empty.place(relx=0.5, y=40, anchor="n")
        tasks = self.task_rows()
        if old_selected is not None and self.tree.exists(f"t{old_selected}"):
            self.select_task(old_selected)
        elif old_position is not None and tasks and self.tree.focus_get() is self.tree:
            self.select_task(tasks[min(old_position, len(tasks) - 1)][3]["id"])

    def _fit_info(self):
        """The markers' column as wide as its longest text, so no marker is ever cut; on a
        tab not shown yet, again when it is (taskwire_gui_fit)."""
        fit_info_column(self.tree, self.app.fonts["row"], self.infos, self.style, ROW_HEIGHT)

    @staticmethod
    def info(task):
        """The small print of a row: the task's display parts."""
        return "  ".join(part_texts(task))

    def on_checkbox(self, x, y):
        """The task whose checkbox is at (x, y) in tree coordinates, or None."""
        task_id = self.task_at(y)
        if task_id is None:
            return None
        box = self.tree.bbox(f"t{task_id}", "#0")
        return task_id if box and 0 <= x - box[0] < CHECKBOX_PX else None

    def _count(self, n):
        return self.app.t("tk.count.one" if n == 1 else "tk.count.other", n=n)

    def _skip_headers(self, event=None):
        selection = self.tree.selection()
        if selection and not selection[0].startswith("t"):
            self.tree.selection_remove(selection)

    # -- rows and positions ------------------------------------------------------------------
    def task_rows(self):
        """The task rows, in display order."""
        return [row for row in self.rows if row[1] == "task"]

    def task_at(self, y):
        """The id of the task whose row is at ``y`` (tree coordinates), or None."""
        iid = self.tree.identify_row(y)
        return int(iid[1:]) if iid.startswith("t") else None

    def gap_at(self, y):
        """Where a drop at ``y`` lands: ``(group key, index in group, line y)``.

        The index counts the list as it looks now (the dragged task included).  In Upcoming
        a drop onto a header goes to the top of that day; the key is None when Upcoming has
        no day yet.
        """
        for n, (iid, kind, key, _) in enumerate(self.rows):
            box = self.tree.bbox(iid)
            if not box:
                continue
            top, height = box[1], box[3]
            if kind == "header" and top <= y < top + height:
                return key, 0, top + height
            if y < top + height / 2:
                if kind == "task":
                    return key, self._index_in_group(n), top
                if n > 0:  # above a header: the end of the day before
                    previous = self.rows[n - 1][2]
                    return previous, len(self.shown.group(previous)["tasks"]), top
                return key, 0, top + height
        if not self.shown or not self.shown.groups:
            return None, 0, 2
        last = self.shown.groups[-1]
        boxes = [self.tree.bbox(row[0]) for row in self.rows]
        bottom = max((b[1] + b[3] for b in boxes if b), default=2)
        return last["key"], len(last["tasks"]), bottom

    def _index_in_group(self, n):
        key, index = self.rows[n][2], 0
        for row in reversed(self.rows[:n]):
            if row[1] != "task" or row[2] != key:
                break
            index += 1
        return index

    def show_indicator(self, y):
        """Show the drop line at ``y`` (tree coordinates), or hide it for None."""
        if y is None:
            self.indicator.place_forget()
        else:
            self.indicator.place(x=0, y=max(0, y - 1), relwidth=1.0)
            self.indicator.lift()

    def autoscroll(self, y):
        """Scroll when a drag comes near the top or bottom edge."""
        if y < 16:
            self.tree.yview_scroll(-1, "units")
        elif y > self.tree.winfo_height() - 16:
            self.tree.yview_scroll(1, "units")

    def row_point(self, task_id=None, header=None):
        """The centre of a task's (or a header's) row in tree coordinates, scrolled into view."""
        iid = f"t{task_id}" if header is None else f"g{header}"
        self.tree.see(iid)
        self.tree.update_idletasks()
        x, y, width, height = self.tree.bbox(iid)
        return x + min(width, 300) // 2, y + height // 2

    # -- selection ---------------------------------------------------------------------------
    def selected_task(self):
        """The id of the selected task, or None."""
        selection = self.tree.selection()
        return int(selection[0][1:]) if selection and selection[0].startswith("t") else None

    def select_task(self, task_id):
        iid = f"t{task_id}"
        self.tree.selection_set(iid)
        self.tree.focus(iid)
        self.tree.see(iid)

    def move_selection(self, delta):
        """Select the task ``delta`` rows up (-1) or down (+1), skipping headers."""
        tasks = [row[3]["id"] for row in self.task_rows()]
        if not tasks:
            return
        current = self.selected_task()
        if current not in tasks:
            self.select_task(tasks[0 if delta >= 0 else -1])
            return
        position = max(0, min(len(tasks) - 1, tasks.index(current) + delta))
        self.select_task(tasks[position])

    def neighbour_place(self, task_id, delta):
        """For Alt+Up/Down: ``(group key, index)`` one place up or down, counted without the
        task; in Upcoming the edge of a day goes to the next day, in Today the end of its own
        list to This Evening (even while it is empty and not shown).  None at the list's ends."""
        key, index = self.shown.find(task_id)
        keys = [group["key"] for group in self.shown.groups]
        size = len(self.shown.group(key)["tasks"])
        if 0 <= index + delta < size:
            return key, index + delta
        if self.view == "today" and key == "today" and delta > 0 and keys == ["today"]:
            return "evening", 0
        position = keys.index(key) + delta
        if self.view not in GROUPED + ("today",) or not 0 <= position < len(keys):
            return None
        other = keys[position]
        return other, (len(self.shown.group(other)["tasks"]) if delta < 0 else 0)

    @property
    def heading(self):
        """Test hook: the head of the tab as it reads, ``Inbox · 45m``."""
        parts = (self.title_label.cget("text"), self.subtitle.cget("text"))
        return " ".join(text for text in parts if text)

    def visible_rows(self):
        """Test hook: the rows as the user sees them, ``("header", title)`` or
        ``("task", id, title)``."""
        return [("header", row[3]["title"]) if row[1] == "header"
                else ("task", row[3]["id"], row[3]["title"]) for row in self.rows]


def tomorrow_of(today):
    """The day after ``today`` (a ``YYYY-MM-DD``), as a string."""
    return (parse_date(today) + datetime.timedelta(days=1)).isoformat()
