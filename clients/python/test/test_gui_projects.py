"""Areas, projects, headings and checklists in the Tk app (issue 29), with real X events under
Xvfb against the real server: the sidebar, the project tab, drags onto a project and within
it, and the checklist rows of the task editor.  The structure is made over RPC by another
taskwire process on the same store; what is stored is checked through it too."""

import unittest

from gui_driver import GuiTestCase


class ProjectsTest(GuiTestCase):
    def before_app(self):
        call = self.other.call

        def make(title, **params):
            self.ids[title] = call("task/create", dict(params, title=title))["task"]["id"]
            return self.ids[title]
        home = make("Home", kind="area")
        garden = make("Garden", kind="project", parent=home)
        make("Taxes", kind="project")
        spring = make("Spring", kind="heading", parent=garden)
        make("Buy seeds", parent=garden)
        make("Dig beds", parent=spring)
        make("Water lawn", parent=spring)
        make("Call mom")
        seeds = self.ids["Buy seeds"]
        for line in ("Tomatoes", "Basil"):
            call("task/checklist", {"id": seeds, "action": "add", "title": line})

    def sidebar_rows(self):
        return [row[:1] + row[2:] if row[0] == "project" else row
                for row in self.app.sidebar.visible_rows()]

    def stored_project(self, title):
        listing = self.other.call("view/list", {"view": "project", "project": self.ids[title]})
        rows = []
        for group in listing["groups"]:
            rows.append(f"[{group['title']}]")
            rows.extend(task["title"] for task in group["tasks"])
        return rows

    def open_project(self, title):
        """Click a project in the sidebar; wait until its tab shows it."""
        tree = self.app.sidebar.tree
        x, y = self.app.sidebar.row_point(self.ids[title])
        tree.event_generate("<ButtonPress-1>", x=x - tree.winfo_rootx(), y=y - tree.winfo_rooty())
        tree.event_generate("<ButtonRelease-1>", x=x - tree.winfo_rootx(),
                            y=y - tree.winfo_rooty())
        self.until(lambda: self.app.tabs[self.app.current_tab()] == "project"
                   and self.titles("project") == self.stored_project(title),
                   f"the project tab shows {title}")
        self.pump(0.05)

    def test_the_sidebar_shows_areas_and_projects_live(self):
        self.assertEqual(self.sidebar_rows(), [("list", "anytime", "Anytime  3"),
                                               ("list", "someday", "Someday"),
                                               ("area", "No area"), ("project", "Taxes"),
                                               ("area", "Home"), ("project", "Garden")])
        self.other.call("task/create", {"title": "Shed", "kind": "project",
                                        "parent": self.ids["Home"]})
        self.until(lambda: ("project", "Shed") in self.sidebar_rows(), "a new project shows")
        self.assertEqual(self.sidebar_rows()[-2:], [("project", "Garden"), ("project", "Shed")])

    def test_opening_a_project_shows_its_tasks_and_headings(self):
        self.open_project("Garden")
        self.assertEqual(self.titles("project"),
                         ["[Garden]", "Buy seeds", "[Spring]", "Dig beds", "Water lawn"])
        page = self.app.lists["project"]
        self.assertTrue(page.heading.startswith("Garden"), page.heading)
        # Drawn as sent: the header rows are the groups' display parts, the rows' markers too.
        parts = self.client("parts", display_parts=True)
        listing = parts.call("view/list", {"view": "project", "project": self.ids["Garden"]})
        spring = listing["groups"][1]
        self.assertEqual(page.tree.item(f"g{spring['key']}", "text"),
                         " · ".join(p["text"] for p in spring["display"]))
        self.assertIn("0/2", page.infos[f"t{self.ids['Buy seeds']}"])
        self.assertTrue(self.app.notebook.tab(page.frame, "text").startswith("Garden"))
        # Space on a row completes it, as in every list.
        page.tree.focus_set()
        page.select_task(self.ids["Dig beds"])
        self.key("space", widget=page.tree)
        self.until(lambda: "Dig beds" not in self.stored_project("Garden"), "Dig beds is done")
        self.until(lambda: "Dig beds" not in self.titles("project"), "the row goes")

    def test_quick_add_in_the_project_tab_files_the_task_there(self):
        self.open_project("Garden")
        page = self.app.lists["project"]
        page.entry.focus_set()
        self.type_text("Rake leaves")
        self.key("Return", widget=page.entry)
        self.until(lambda: self.stored_project("Garden")[:3] == ["[Garden]", "Buy seeds",
                                                                  "Rake leaves"],
                   "the task is stored in the project")
        self.until(lambda: "Rake leaves" in self.titles("project"), "and shown there")

    def test_drag_a_task_onto_a_project_in_the_sidebar(self):
        self.show_tab("inbox")
        self.assertIn("Call mom", self.titles("inbox"))
        self.drag("inbox", self.ids["Call mom"], self.app.sidebar.row_point(self.ids["Taxes"]))
        self.until(lambda: self.stored_project("Taxes") == ["[Taxes]", "Call mom"],
                   "the task is in Taxes")
        self.settle("inbox", [])
        # Onto the open project: it goes to the end of its own tasks.
        self.open_project("Garden")
        self.show_tab("inbox")
        self.other.call("task/create", {"title": "Mow"})
        self.until(lambda: "Mow" in self.titles("inbox"), "Mow shows in the Inbox")
        mow = self.app.lists["inbox"].shown.tasks()[0]["id"]
        self.drag("inbox", mow, self.app.sidebar.row_point(self.ids["Garden"]))
        expected = ["[Garden]", "Buy seeds", "Mow", "[Spring]", "Dig beds", "Water lawn"]
        self.until(lambda: self.stored_project("Garden") == expected, "Mow is in Garden")
        self.until(lambda: self.titles("project") == expected, "the project tab shows it")

    def test_drag_within_the_project_moves_under_a_heading(self):
        self.open_project("Garden")
        spring = self.other.call("task/get", {"id": self.ids["Spring"]})["task"]["id"]
        page = self.app.lists["project"]
        # Between Dig beds and Water lawn.
        x, y = page.row_point(self.ids["Water lawn"])
        to = (page.tree.winfo_rootx() + x, page.tree.winfo_rooty() + y - 10)
        self.drag("project", self.ids["Buy seeds"], to)
        expected = ["[Garden]", "[Spring]", "Dig beds", "Buy seeds", "Water lawn"]
        self.until(lambda: self.stored_project("Garden") == expected, "Buy seeds under Spring")
        self.until(lambda: self.titles("project") == expected, "the tab shows it")
        task = self.other.call("task/get", {"id": self.ids["Buy seeds"]})["task"]
        self.assertEqual(task["parent"], spring)
        self.assertEqual(self.history_size(), 1 + self._seed_steps(), "one undo step")

    def _seed_steps(self):
        return 10   # the eight items and two checklist lines made before the app

    def test_checklist_rows_in_the_editor(self):
        self.open_project("Garden")
        page = self.app.lists["project"]
        page.tree.focus_set()
        page.select_task(self.ids["Buy seeds"])
        self.key("e", widget=page.tree)
        self.until(lambda: self.app.editor is not None and self.app.editor.winfo_viewable(),
                   "the editor is open")
        checklist = self.app.editor.checklist
        self.assertEqual(checklist.visible_lines(), [("Tomatoes", False), ("Basil", False)])

        def stored():
            task = self.other.call("task/get", {"id": self.ids["Buy seeds"]})["task"]
            return [(line["title"], line["done"]) for line in task.get("checklist", [])]
        self.click(checklist.rows[1][2])    # the checkbox of Basil
        self.until(lambda: stored() == [("Tomatoes", False), ("Basil", True)], "Basil is done")
        self.until(lambda: checklist.visible_lines()[1] == ("Basil", True), "and shown so")
        self.until(lambda: "1/2" in page.infos[f"t{self.ids['Buy seeds']}"], "the row says 1/2")
        checklist.entry.focus_set()
        self.type_text("Peppers", widget=checklist.entry)
        self.key("Return", widget=checklist.entry)
        self.until(lambda: stored()[-1] == ("Peppers", False), "a line is added")
        self.click(checklist.rows[0][3])    # delete Tomatoes
        self.until(lambda: stored() == [("Basil", True), ("Peppers", False)], "a line is gone")
        self.until(lambda: checklist.visible_lines() == stored(), "the rows follow")


if __name__ == "__main__":
    unittest.main()
