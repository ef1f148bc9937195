"""The Eisenhower matrix as a 2×2 board: drag a task into another quadrant.

Urgent & important (``do``) top left, Important (``schedule``) top right, Urgent
(``delegate``) bottom left, Neither (``eliminate``) bottom right, each with its title and total
(``Urgent & important · 1h``).  A drop sends ``task/move`` with ``view: matrix``, the target
``quadrant``, the index the user sees counted without the dragged task and the version on
screen; the server sets ``urgent`` and the priority.  Rows follow the display convention; a
click on ☐ completes, Space completes, ``e`` edits, F2 or a double-click renames, Delete
deletes; Alt+arrow moves the selected task to the neighbouring quadrant.  No drag while the
search filters the board (the index counts the whole quadrant).
"""

import tkinter as tk
from tkinter import ttk

from taskwire_gui_fit import GAP, on_screen_width, row_height, title_and_markers
from taskwire_gui_list import CHECKBOX_PX, row_title
from taskwire_gui_rename import rename_handler, selection_handler
from taskwire_gui_style import colour_tags, header_text, part_texts

LAYOUT = (("do", 0, 0), ("schedule", 0, 1), ("delegate", 1, 0), ("eliminate", 1, 1))
THRESHOLD = 6    # pixels before a press becomes a drag
ROW_HEIGHT = 30  # a row of one line (Quadrant.Treeview in taskwire_gui_style)
TEXT_INSET = 30  # px of a row not given to its text (the item's indent, the border)


class Quadrant:
    """One quarter of the board: a coloured header and a list of tasks."""

    def __init__(self, board, master, key):
        self.board, self.key = board, key
        self.frame = tk.Frame(master, bg="#d0d7de", padx=1, pady=1)
        self.header = ttk.Label(self.frame, style=f"{key}.Quadrant.TLabel", text="")
        self.header.pack(fill="x")
        self.style = f"{key}.Quadrant.Treeview"     # its own row height (taskwire_gui_fit)
        self.tree = ttk.Treeview(self.frame, show="tree", selectmode="browse", style=self.style)
        self.tree.column("#0", stretch=True, minwidth=80)
        self.tree.pack(fill="both", expand=True)
        self.font = board.app.fonts["row"]
        self.tree.bind("<Configure>", lambda e: self._fit(), add="+")
        for tag, options in board.app.row_tags.items():
            self.tree.tag_configure(tag, **options)
        self.indicator = tk.Frame(self.tree, height=3, bg="#2f6fde")
        self.tasks = []
        self.infos = {}

    def render(self, group):
        self.tasks = group["tasks"]
        self.header.configure(text=header_text(group))
        selected = self.selected_task()
        self.tree.delete(*self.tree.get_children())
        self.infos = {}
        for task in self.tasks:
            self.infos[task["id"]] = part_texts(task)
            self.tree.insert("", "end", iid=f"t{task['id']}", tags=["task"] + colour_tags(task))
        self._fit()
        if selected is not None and self.tree.exists(f"t{selected}"):
            self.tree.selection_set(f"t{selected}")

    def _fit(self):
        """A row is the convention's line, ``☐  Title  !!  #tag  30m``, its markers never cut
        (taskwire_gui_fit.title_and_markers).  Fitted again when the board is shown or
        resized: a quadrant never shown has no width yet."""
        width = on_screen_width(self.tree)
        # The lines a row may have: a row taller than its tree is not drawn at all.
        linespace = self.font.metrics("linespace")
        fits = max(1, (self.tree.winfo_height() - ROW_HEIGHT + linespace) // linespace)
        most = 1
        for task in self.tasks:
            parts = self.infos.get(task["id"], [])
            title = row_title(task)
            lines = [GAP.join([title] + parts)]
            if width is not None:
                lines = title_and_markers(title, parts, self.font, width - TEXT_INSET, fits)
            most = max(most, len(lines))
            self.tree.item(f"t{task['id']}", text="\n".join(lines))
        if width is not None:
            row_height(self.tree, self.style, most, self.font, ROW_HEIGHT)

    def row_text(self, task_id):
        """What a row says: its title (maybe shortened) and its markers."""
        return self.tree.item(f"t{task_id}", "text")

    def selected_task(self):
        selection = self.tree.selection()
        return int(selection[0][1:]) if selection else None

    def task_at(self, y):
        iid = self.tree.identify_row(y)
        return int(iid[1:]) if iid else None

    def gap_at(self, y):
        """The gap a drop at ``y`` lands in (counted with every row) and the line's y."""
        for n, task in enumerate(self.tasks):
            box = self.tree.bbox(f"t{task['id']}")
            if box and y < box[1] + box[3] / 2:
                return n, box[1]
        boxes = [self.tree.bbox(f"t{task['id']}") for task in self.tasks]
        return len(self.tasks), max((b[1] + b[3] for b in boxes if b), default=2)

    def show_indicator(self, y):
        if y is None:
            self.indicator.place_forget()
        else:
            self.indicator.place(x=0, y=max(0, y - 1), relwidth=1.0)
            self.indicator.lift()

    def titles(self):
        return [task["title"] for task in self.tasks]


class MatrixBoard:
    """The matrix tab: four quadrants and the drag between them."""

    def __init__(self, app, master):
        self.app = app
        self.shown = None
        self.press = None       # (quadrant, task id, x_root, y_root, on checkbox)
        self.dragging = False
        self.target = None      # (quadrant key, index) of the drop, or None
        self.frame = ttk.Frame(master, padding=(18, 12, 18, 8))
        head = ttk.Frame(self.frame)
        head.pack(fill="x")
        self.title_label = ttk.Label(head, text="", style="Title.TLabel")
        self.title_label.pack(side="left")
        self.hint = ttk.Label(head, text="", style="Subtitle.TLabel")
        self.hint.pack(side="left", padx=(12, 0), pady=(8, 0))
        grid = ttk.Frame(self.frame)
        grid.pack(fill="both", expand=True, pady=(10, 0))
        for n in (0, 1):
            grid.columnconfigure(n, weight=1, uniform="quadrant")
            grid.rowconfigure(n, weight=1, uniform="quadrant")
        self.quadrants = {}
        for key, row, column in LAYOUT:
            quadrant = Quadrant(self, grid, key)
            quadrant.frame.grid(row=row, column=column, sticky="nsew", padx=4, pady=4)
            self.quadrants[key] = quadrant
            self._bind(quadrant)
        self.ghost = app.make_ghost()
        app.root.bind_all("<Escape>", self.cancel, add="+")

    def set_words(self):
        self.title_label.configure(text=self.app.t("view.matrix"))
        self.hint.configure(text=self.app.t("tk.matrix.hint"))

    def focus_target(self):
        focused = self.app.root.focus_get()
        for quadrant in self.quadrants.values():
            if focused is quadrant.tree:
                return focused
        return self.quadrants["do"].tree

    def render(self, snapshot):
        self.shown = snapshot
        for group in snapshot.groups:
            if group["key"] in self.quadrants:
                self.quadrants[group["key"]].render(group)
        follow = getattr(self, "_follow_selection", None)
        if follow and self.quadrants[follow[0]].tree.exists(f"t{follow[1]}"):
            tree = self.quadrants[follow[0]].tree     # a task moved by key stays selected
            tree.selection_set(f"t{follow[1]}")
            tree.focus(f"t{follow[1]}")
            self._follow_selection = None

    def quadrant_of(self, task_id):
        for quadrant in self.quadrants.values():
            if task_id in [task["id"] for task in quadrant.tasks]:
                return quadrant
        return None

    # -- keys and clicks ---------------------------------------------------------------------
    def _bind(self, quadrant):
        tree, app = quadrant.tree, self.app

        def with_selection(action):
            return selection_handler(quadrant, action)

        rename = rename_handler(app, quadrant)
        tree.bind("<space>", with_selection(app.complete))
        tree.bind("<Delete>", with_selection(app.delete))
        tree.bind("e", with_selection(app.edit))
        tree.bind("<Return>", with_selection(app.edit))
        tree.bind("<F2>", rename)
        tree.bind("<Double-Button-1>", rename)
        for key, (drow, dcolumn) in (("Left", (0, -1)), ("Right", (0, 1)), ("Up", (-1, 0)),
                                     ("Down", (1, 0))):
            tree.bind(f"<Alt-{key}>", lambda e, d=(drow, dcolumn): (
                self.move_by_key(quadrant, *d), "break")[1])
        tree.bind("<ButtonPress-1>", lambda e: self.on_press(e, quadrant), add="+")
        tree.bind("<B1-Motion>", self.motion, add="+")
        tree.bind("<ButtonRelease-1>", self.release, add="+")

    def move_by_key(self, quadrant, drow, dcolumn):
        """Alt+arrow: the selected task goes to the end of the neighbouring quadrant."""
        task_id = quadrant.selected_task()
        place = {key: (row, column) for key, row, column in LAYOUT}[quadrant.key]
        wanted = (place[0] + drow, place[1] + dcolumn)
        target = next((key for key, row, column in LAYOUT if (row, column) == wanted), None)
        if task_id is None or target is None:
            return
        if self.app.filtered:
            self.app.toast.show(self.app.t("tk.search.clearToMove"))
            return
        self.move(task_id, target, len(self.quadrants[target].tasks))
        self.quadrants[target].tree.focus_set()
        self._follow_selection = (target, task_id)

    # -- the drag ----------------------------------------------------------------------------
    def on_press(self, event, quadrant):
        self.cancel()
        task_id = quadrant.task_at(event.y)
        if task_id is None:
            return
        box = quadrant.tree.bbox(f"t{task_id}", "#0")
        checkbox = bool(box) and 0 <= event.x - box[0] < CHECKBOX_PX
        self.press = (quadrant, task_id, event.x_root, event.y_root, checkbox)

    def motion(self, event):
        if self.press is None:
            return
        quadrant, task_id, x0, y0, _ = self.press
        if not self.dragging:
            if abs(event.x_root - x0) < THRESHOLD and abs(event.y_root - y0) < THRESHOLD:
                return
            if self.app.filtered:
                self.press = None
                self.app.toast.show(self.app.t("tk.search.clearToDrag"))
                return
            self.dragging = True
            task = self.app.task(task_id)
            self.ghost.configure(text=f"  {task['title'] if task else task_id}  ")
        self.follow(event.x_root, event.y_root)

    def follow(self, x_root, y_root):
        """Move the ghost and the drop line to a screen point; remember the target."""
        root = self.app.root
        self.ghost.place(x=x_root - root.winfo_rootx() + 14, y=y_root - root.winfo_rooty() + 10)
        self.ghost.lift()
        target = self.quadrant_at(x_root, y_root)
        for quadrant in self.quadrants.values():
            if quadrant is not target:
                quadrant.show_indicator(None)
        self.target = None
        if target is not None:
            gap, line = target.gap_at(y_root - target.tree.winfo_rooty())
            target.show_indicator(line)
            self.target = self._drop_target(target, gap)

    def _drop_target(self, quadrant, gap):
        """``(quadrant key, index without the dragged task)``, None when nothing moves."""
        task_id = self.press[1]
        ids = [task["id"] for task in quadrant.tasks]
        if task_id in ids:
            where = ids.index(task_id)
            if gap in (where, where + 1):
                return None
            if gap > where:
                gap -= 1
        return quadrant.key, gap

    def quadrant_at(self, x_root, y_root):
        widget = self.app.root.winfo_containing(x_root, y_root)
        while widget is not None:
            for quadrant in self.quadrants.values():
                if widget in (quadrant.frame, quadrant.tree, quadrant.header):
                    return quadrant
            widget = widget.master
        return None

    def release(self, event):
        if self.press is None:
            return
        if self.dragging:
            self.follow(event.x_root, event.y_root)
            target, task_id = self.target, self.press[1]
            self.cancel()
            if target is not None:
                self.move(task_id, *target)
        else:
            task_id, checkbox = self.press[1], self.press[4]
            self.cancel()
            if checkbox:
                self.app.complete(task_id)

    def move(self, task_id, quadrant, index):
        """``task/move`` into a quadrant; a list changed meanwhile is re-listed."""
        def failed(error):
            self.app.show_error(error)
            if getattr(error, "code", None) == -32801 and "matrix" in self.app.subscriptions:
                self.app.subscriptions["matrix"].relist()
        self.app.run_async("task/move", {"id": task_id, "view": "matrix", "quadrant": quadrant,
                                         "index": index, "version": self.shown.version},
                           self.app.say_where_moved("matrix", task_id), on_error=failed)

    def cancel(self, event=None):
        for quadrant in self.quadrants.values():
            quadrant.show_indicator(None)
        self.ghost.place_forget()
        self.press, self.dragging, self.target = None, False, None
