"""The logbook tab: completed tasks, newest first, by completion day; reopen them.

A day header reads like the date lists' (``Today · Thu, Feb 12 · 45m``); a row is
``☑  Pay rent`` with its markers and ``done Thu, Feb 12`` (the server's display parts).  A
click on ☑, Space or the Reopen button sends ``task/complete`` with ``completed: false``: the
task goes back to the end of its list.  ``e`` edits, Delete deletes.
"""

from tkinter import ttk

from taskwire_gui_fit import GAP, fit_info_column
from taskwire_gui_list import CHECKBOX_PX, ROW_HEIGHT, row_title
from taskwire_gui_style import colour_tags, header_text, part_texts


class Logbook:
    """The widgets and rendering of the logbook tab."""

    def __init__(self, app, master):
        self.app = app
        self.shown = None
        self.rows = []          # (iid, kind, task or group)
        self.frame = ttk.Frame(master, padding=(18, 12, 18, 8))
        head = ttk.Frame(self.frame)
        head.pack(fill="x")
        self.title_label = ttk.Label(head, text="", style="Title.TLabel")
        self.title_label.pack(side="left")
        self.subtitle = ttk.Label(head, text="", style="Subtitle.TLabel")
        self.subtitle.pack(side="left", padx=(12, 0), pady=(8, 0))
        self.reopen_button = ttk.Button(head, text="", command=self.reopen_selected)
        self.reopen_button.pack(side="right")
        body = ttk.Frame(self.frame)
        body.pack(fill="both", expand=True, pady=(10, 0))
        # As a list's: its own style, the markers' column fitted on screen (taskwire_gui_fit).
        self.style = "logbook.Tasks.Treeview"
        self.tree = ttk.Treeview(body, columns=("info",), show="tree", selectmode="browse",
                                 style=self.style)
        self.tree.column("#0", stretch=True, minwidth=200)
        self.tree.column("info", stretch=False, width=250, anchor="e")
        self.infos = {}         # iid -> the row's marker texts, before fitting
        self.tree.bind("<Configure>", lambda e: self._fit_info(), add="+")
        scroll = ttk.Scrollbar(body, orient="vertical", command=self.tree.yview)
        self.tree.configure(yscrollcommand=scroll.set)
        # The scrollbar first: pack serves in order, and the tree asks for its columns' width.
        scroll.pack(side="right", fill="y")
        self.tree.pack(side="left", fill="both", expand=True)
        for tag, options in app.row_tags.items():
            self.tree.tag_configure(tag, **options)
        self.empty = ttk.Label(self.tree, text="", style="Empty.TLabel")
        self.tree.bind("<space>", lambda e: (self.reopen_selected(), "break")[1])
        self.tree.bind("<Delete>", lambda e: (self._with_selection(app.delete), "break")[1])
        self.tree.bind("e", lambda e: (self._with_selection(app.edit), "break")[1])
        self.tree.bind("<ButtonPress-1>", self._on_press, add="+")
        self.tree.bind("<ButtonRelease-1>", self._on_release, add="+")
        self.tree.bind("<<TreeviewSelect>>", self._skip_headers)
        self._pressed = None

    def set_words(self):
        t = self.app.t
        self.title_label.configure(text=t("view.logbook"))
        self.subtitle.configure(text=t("tk.logbook.subtitle"))
        self.reopen_button.configure(text=t("action.reopen"))
        self.empty.configure(text=t("tk.logbook.empty"))

    def focus_target(self):
        return self.tree

    def render(self, snapshot):
        selected = self.selected_task()
        self.shown = snapshot
        self.tree.delete(*self.tree.get_children())
        self.rows = []
        self.infos = {}
        for group in snapshot.groups:
            iid = f"g{group['key']}"
            self.tree.insert("", "end", iid=iid, tags=("header",), text=header_text(group))
            self.rows.append((iid, "header", group))
            for task in group["tasks"]:
                iid = f"t{task['id']}"
                self.tree.insert("", "end", iid=iid, tags=["task", "done"] + colour_tags(task),
                                 text=row_title(task))
                self.infos[iid] = part_texts(task)
                self.rows.append((iid, "task", task))
        self._fit_info()
        if self.rows:
            self.empty.place_forget()
        else:
            self.empty.place(relx=0.5, y=40, anchor="n")
        if selected is not None and self.tree.exists(f"t{selected}"):
            self.tree.selection_set(f"t{selected}")

    def _fit_info(self):
        fit_info_column(self.tree, self.app.fonts["row"], self.infos, self.style, ROW_HEIGHT)

    def selected_task(self):
        selection = self.tree.selection()
        return int(selection[0][1:]) if selection and selection[0].startswith("t") else None

    def select_task(self, task_id):
        self.tree.selection_set(f"t{task_id}")
        self.tree.focus(f"t{task_id}")
        self.tree.see(f"t{task_id}")

    def _with_selection(self, action):
        task_id = self.selected_task()
        if task_id is not None:
            action(task_id)

    def reopen_selected(self):
        self._with_selection(self.app.reopen)

    def _skip_headers(self, event=None):
        selection = self.tree.selection()
        if selection and not selection[0].startswith("t"):
            self.tree.selection_remove(selection)

    def _on_press(self, event):
        iid = self.tree.identify_row(event.y)
        box = self.tree.bbox(iid, "#0") if iid.startswith("t") else None
        hit = box and 0 <= event.x - box[0] < CHECKBOX_PX
        self._pressed = int(iid[1:]) if hit else None

    def _on_release(self, event):
        task_id, self._pressed = self._pressed, None
        if task_id is not None and self.tree.identify_row(event.y) == f"t{task_id}":
            self.app.reopen(task_id)

    def visible_rows(self):
        """Test hook: ``("header", text)`` and ``("task", id, title, info)`` as shown."""
        return [("header", self.tree.item(iid, "text")) if kind == "header" else
                ("task", item["id"], item["title"], GAP.join(self.infos[iid]))
                for iid, kind, item in self.rows]

