"""The tabs of the taskwire Tk app: which is shown, their labels (the catalogue's ``view.*``
and the count), and where a point is (for the drag onto a tab and the tests).  Mixed into
:class:`taskwire_gui.App`."""

VIEWS = ("inbox", "today", "upcoming")              # the lists (drag between them)
TABS = VIEWS + ("matrix", "logbook")                # every tab, in order


class Tabs:
    """Tab handling of the app (a mixin of App)."""

    # -- tabs --------------------------------------------------------------------------------
    def current_tab(self):
        return self.notebook.index("current")

    def select_tab(self, index):
        self.notebook.select(index)

    def current_page(self):
        return self.pages[self.tabs[self.current_tab()]]

    def focus_page(self):
        """Put the keyboard focus where the shown tab takes it (a list's field, a tree)."""
        self.current_page().focus_target().focus_set()

    def _tab_changed(self, event=None):
        if not self.drag.dragging:
            self.focus_page()

    def _set_tab_text(self, index, highlight=False):
        view = self.tabs[index]
        shown = self.pages[view].shown
        count = len(shown.tasks()) if shown and view != "logbook" else 0
        # The catalogue's name of the view; the project's title as the server sends it.
        title = self.project_title() if view == "project" else self.t(f"view.{view}")
        text = f"{title}  {count}" if count else title
        self.notebook.tab(index, text=f"▸ {text} ◂" if highlight else text)
        self.fit_search()

    def fit_search(self, event=None):
        """Once the tab row is laid out again, narrow the search field to leave it visible."""
        if getattr(self, "_fit_after", None) is None and hasattr(self, "search"):
            def fit():
                self._fit_after = None
                self.search.fit()
            self._fit_after = self.root.after_idle(fit)

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
        tasklist = self.lists.get(self.tabs[self.current_tab()])
        while tasklist is not None and widget is not None:
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
        index = self.tabs.index(view)

        def hit(x, y):
            return self.notebook.tk.call(self.notebook, "identify", "tab", x, y) == index
        for y in range(2, 80, 2):
            xs = [x for x in range(0, self.notebook.winfo_width(), 2) if hit(x, y)]
            if xs:
                x = (xs[0] + xs[-1]) // 2
                ys = [y2 for y2 in range(y, y + 80) if hit(x, y2)]
                return x, (ys[0] + ys[-1]) // 2
        raise LookupError(f"tab {view} not found")
