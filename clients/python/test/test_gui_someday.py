"""Anytime and Someday, cancelling and making a project in the Tk app (issue 29), with real X
events under Xvfb against the real server: the sidebar's Anytime and Someday entries and the
lists they open, the task menu's Put on Someday / Move to Anytime / Mark cancelled / Make a
project, a project's menu in the sidebar (Cancel project), a drag onto Someday, and the same
in German.  The store is made over RPC by another taskwire process; what is stored is checked
through it too."""

import re
import unittest

from gui_driver import GuiTestCase

ENGLISH = re.compile(r"\b(Someday|Anytime|Put|Move|Mark|cancelled|Cancel|Make|project|Projects|"
                     r"No|area|Inbox|Today|Cancelled|Made|undo)\b")


class SomedayTestCase(GuiTestCase):
    """An area Home with a project Garden (a task in it), a task for today, one in the Inbox
    and one in Home with a checklist of two lines."""

    def before_app(self):
        call = self.other.call

        def make(title, **params):
            self.ids[title] = call("task/create", dict(params, title=title))["task"]["id"]
            return self.ids[title]
        home = make(self.words["Home"], kind="area")
        garden = make(self.words["Garden"], kind="project", parent=home)
        make(self.words["Buy seeds"], parent=garden)
        make(self.words["Call mom"], view="today")
        make(self.words["Plan the trip"])
        party = make(self.words["Party"], parent=home)
        for line in (self.words["Invite"], self.words["Cake"]):
            call("task/checklist", {"id": party, "action": "add", "title": line})

    words = {title: title for title in ("Home", "Garden", "Buy seeds", "Call mom", "Plan the trip",
                                        "Party", "Invite", "Cake")}

    def id(self, title):
        return self.ids[self.words[title]]

    def stored_list(self, view):
        """A view as the store lists it: ``[group title]`` then its items' titles."""
        rows = []
        for group in self.other.call("view/list", {"view": view})["groups"]:
            rows.append(f"[{group['title']}]")
            rows.extend(task["title"] for task in group["tasks"])
        return rows

    def sidebar_lists(self):
        return [row[2] for row in self.app.sidebar.visible_rows() if row[0] == "list"]

    def click_sidebar(self, entry):
        """Click an entry of the sidebar (someday, anytime or a project's id)."""
        tree = self.app.sidebar.tree
        x, y = self.app.sidebar.row_point(entry)
        for event in ("<ButtonPress-1>", "<ButtonRelease-1>"):
            tree.event_generate(event, x=x - tree.winfo_rootx(), y=y - tree.winfo_rooty())
        self.pump(0.05)

    def open_list(self, view):
        """Open Someday or Anytime from the sidebar; wait until its tab shows the store's
        items (the headers are in the app's language, the other process's English)."""
        def items(rows):
            return [row for row in rows if not row.startswith("[")]
        self.click_sidebar(view)
        self.until(lambda: self.app.tabs[self.app.current_tab()] == view
                   and items(self.titles(view)) == items(self.stored_list(view)),
                   f"the {view} tab shows {self.stored_list(view)} (shows {self.titles(view)})")

    def task_menu(self, view, title, entry):
        """Right-click a task's row and pick a menu entry."""
        self.press(view, self.id(title), button=3)
        self.wait_menu()
        self.menu_choose(entry)

    def project_menu(self, title, entry):
        """Right-click a project in the sidebar and pick a menu entry."""
        tree = self.app.sidebar.tree
        x, y = self.app.sidebar.row_point(self.id(title))
        tree.event_generate("<Button-3>", x=x - tree.winfo_rootx(), y=y - tree.winfo_rooty(),
                            rootx=x, rooty=y)
        self.wait_menu()
        self.menu_choose(entry)


class SomedayTest(SomedayTestCase):
    def test_the_menu_puts_tasks_and_projects_on_someday_and_back(self):
        self.assertEqual(self.sidebar_lists(), ["Anytime  2", "Someday"])
        self.task_menu("today", "Call mom", "Put on Someday")
        self.settle("today", [])
        self.until(lambda: self.app.toast.text == "Put 'Call mom' on Someday", "a toast says so")
        self.until(lambda: self.sidebar_lists() == ["Anytime  2", "Someday  1"],
                   f"the sidebar counts it (now {self.sidebar_lists()})")
        self.open_list("someday")
        self.assertEqual(self.titles("someday"), ["[No project]", "Call mom"])
        self.assertEqual(self.app.notebook.tab(self.app.lists["someday"].frame, "text"),
                         "Someday  1")
        self.assertIn("Someday", self.app.lists["someday"].infos[f"t{self.id('Call mom')}"])
        # A project from its menu in the sidebar: its tasks leave Anytime with it.
        self.project_menu("Garden", "Put on Someday")
        self.until(lambda: self.titles("someday") == ["[No project]", "Call mom", "[Home]",
                                                      "Garden"], "Garden is on Someday")
        self.open_list("anytime")
        self.assertEqual(self.titles("anytime"), ["[Home]", "Party"])
        # On Someday, the menu takes it off again (Move to Anytime), one undo step each.
        self.open_list("someday")
        self.task_menu("someday", "Garden", "Move to Anytime")
        self.until(lambda: self.stored_list("anytime") == ["[Home]", "Party", "[Garden]",
                                                           "Buy seeds"], "Garden is back")
        self.open_list("anytime")
        self.assertEqual(self.history_size(), 11)

    def test_a_task_dragged_onto_someday_in_the_sidebar_goes_there(self):
        self.show_tab("inbox")
        self.drag("inbox", self.id("Plan the trip"), self.app.sidebar.row_point("someday"))
        self.until(lambda: self.stored_list("someday") == ["[No project]", "Plan the trip"],
                   "the task is on Someday")
        self.settle("inbox", [])
        self.until(lambda: self.sidebar_lists()[1] == "Someday  1", "the sidebar counts it")
        # Dragged from Someday onto the Today tab: scheduled for today, off Someday.
        self.open_list("someday")
        self.drag("someday", self.id("Plan the trip"), self.tab_root_point("today"))
        self.settle("today", ["Call mom", "Plan the trip"])
        self.until(lambda: self.titles("someday") == [], "Someday is empty")

    def test_cancel_a_project_and_make_a_task_a_project(self):
        self.open_list("anytime")
        self.task_menu("anytime", "Party", "Make a project")
        self.until(lambda: ("project", self.id("Party"), "Party")
                   in self.app.sidebar.visible_rows(), "Party is a project in the sidebar")
        self.until(lambda: self.app.toast.text == "Made 'Party' a project — Ctrl+Z to undo",
                   f"a toast says so (now {self.app.toast.history})")
        self.until(lambda: self.titles("anytime") == ["[Garden]", "Buy seeds", "[Party]",
                                                      "Invite", "Cake"],
                   f"its lines are its tasks (shows {self.titles('anytime')})")
        self.project_menu("Garden", "Cancel project")
        self.until(lambda: self.app.toast.text == "Cancelled 'Garden' — Ctrl+Z to undo",
                   f"a toast says so (now {self.app.toast.history})")
        self.until(lambda: ("project", self.id("Garden"), "Garden")
                   not in self.app.sidebar.visible_rows(), "Garden leaves the sidebar")
        self.show_tab("logbook")
        self.until(lambda: [row[2:] for row in self.app.logbook.visible_rows()[1:]] ==
                   [("Buy seeds", "cancelled Thu, Feb 12"),
                    ("Garden", "Home  cancelled Thu, Feb 12")],
                   "the logbook says cancelled for Garden and its task")
        # A task's own entry.
        self.show_tab("today")
        self.task_menu("today", "Call mom", "Mark cancelled")
        self.settle("today", [])
        task = self.other.call("task/get", {"id": self.id("Call mom")})["task"]
        self.assertEqual((task["completed"], task.get("cancelled")), (True, True))


class GermanSomedayTest(SomedayTestCase):
    locale = "de"
    words = {"Home": "Zuhause", "Garden": "Garten", "Buy seeds": "Samen kaufen",
             "Call mom": "Mama anrufen", "Plan the trip": "Reise planen", "Party": "Fest",
             "Invite": "Einladen", "Cake": "Kuchen"}

    def test_the_sidebar_and_the_menus_are_german(self):
        self.assertEqual(self.sidebar_lists(), ["Jederzeit  2", "Irgendwann"])
        self.press("today", self.id("Call mom"), button=3)
        menu = self.wait_menu()
        labels = [menu.entrycget(i, "label") for i in range(menu.index("end") + 1)
                  if menu.type(i) != "separator"]
        self.assertEqual(labels[4:], ["Auf Irgendwann legen", "Als abgebrochen markieren",
                                      "Zum Projekt machen", "Abbrechen"])
        self.menu_choose("Auf Irgendwann legen")
        self.settle("today", [])
        self.until(lambda: self.app.toast.text == "'Mama anrufen' auf Irgendwann gelegt",
                   f"the toast is German (now {self.app.toast.history})")
        self.until(lambda: self.sidebar_lists() == ["Jederzeit  2", "Irgendwann  1"],
                   f"the sidebar counts it (now {self.sidebar_lists()})")
        self.open_list("someday")
        self.assertEqual(self.titles("someday"), ["[Ohne Projekt]", "Mama anrufen"])
        self.assertEqual(self.app.lists["someday"].title_label.cget("text"), "Irgendwann")
        self.project_menu("Garden", "Projekt abbrechen")
        cancelled = "'Garten' abgebrochen — Strg+Z macht es rückgängig"
        self.until(lambda: self.app.toast.text == cancelled,
                   f"the toast is German (now {self.app.toast.history})")
        self.open_list("anytime")
        self.assertEqual(self.titles("anytime"), ["[Zuhause]", "Fest"])
        texts = [row[-1] for row in self.app.sidebar.visible_rows()] + list(self.app.toast.history)
        texts += [self.app.notebook.tab(tab, "text") for tab in self.app.notebook.tabs()]
        texts += [self.app.lists[view].title_label.cget("text") for view in ("anytime", "someday")]
        found = [(m.group(0), text) for text in texts for m in ENGLISH.finditer(text)]
        self.assertEqual(found, [], "English words in the German session")


if __name__ == "__main__":
    unittest.main()
