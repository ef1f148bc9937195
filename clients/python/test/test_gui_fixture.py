"""The display fixture (Protocol/fixtures/display.json) as the Tk app shows it, under Xvfb.

The fixture's store is imported (``taskwire import``), the app is started on it with the
fixture's clock and time zone, in English and in German, and every view's visible headers and
task lines (the Tk widgets' text: tab heads, treeview items and their markers column, the
matrix's quadrant labels and rows) are compared with the fixture's expected lines.  Then the
German session, with its messages, menus, dialogs and help, is searched for English words.
"""

import json
import os
import re
import subprocess
import tkinter as tk
import unittest

from gui_driver import CONTROL, GuiTestCase
from helpers import HERE, TASKWIRE

from taskwire_client import TaskwireError
from taskwire_gui import ERROR_KEYS
from taskwire_gui_fit import GAP
from taskwire_gui_matrix import LAYOUT

FIXTURES = os.path.join(HERE, "..", "..", "..", "Protocol", "fixtures")
FIXTURE_PATH = os.path.join(FIXTURES, "display.json")
FIXTURE = json.load(open(FIXTURE_PATH, encoding="utf-8")) if os.path.exists(FIXTURE_PATH) else None
ENGLISH = re.compile(r"\b(Inbox|Today|Upcoming|Search|Add|due|daily|weekly|Undid|empty|Logbook|"
                     r"Tomorrow|overdue)\b")


def flat(text):
    """A text as a person reads it: lines and runs of spaces as one space."""
    return " ".join(text.split())


def row_line(tree, iid):
    """A task row as the convention writes it: ``[ ] Title  !!  #tag`` (☐ is ``[ ]``)."""
    text = tree.item(iid, "text").replace("☐  ", "[ ] ").replace("☑  ", "[x] ")
    info = tree.set(iid, "info") if "info" in tree["columns"] else ""
    return text + (GAP + info.replace("\n", GAP) if info else "")


def shortened_matches(shown, expected):
    """A matrix row may end its title in '…' to keep its markers whole: each piece around an
    ellipsis is there, in order, and the row starts and ends as expected."""
    shown, expected = flat(shown), flat(expected)
    pieces = [piece.strip() for piece in shown.split("…")]
    position = 0
    for piece in pieces:
        found = expected.find(piece, position)
        if found < 0:
            return False
        position = found + len(piece)
    return expected.startswith(pieces[0]) and expected.endswith(pieces[-1])


@unittest.skipIf(FIXTURE is None, "no Protocol/fixtures/display.json")
class FixtureTest(GuiTestCase):
    language = "en"

    def setUp(self):
        self.clock, self.zone = FIXTURE["clock"], FIXTURE["timeZone"]
        self.locale = self.language
        super().setUp()
        self.root.geometry("1280x900+0+0")
        self.pump(0.2)

    def before_app(self):
        self.store = os.path.join(self.folder, "fixture.sqlite")
        done = subprocess.run([TASKWIRE, "import", "--db", self.store,
                               os.path.join(FIXTURES, FIXTURE["store"])],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)

    def app_db(self):
        return self.store

    # -- what each tab shows, as [{header, tasks}] ------------------------------------------
    def grouped(self, page):
        groups = []
        for row in page.rows:
            if row[1] == "header":
                groups.append({"header": page.tree.item(row[0], "text"), "tasks": []})
            else:
                groups[-1]["tasks"].append(row_line(page.tree, row[0]))
        return groups

    def shown(self, view):
        self.show_tab(view)
        self.pump(0.1)
        if view in ("today", "inbox"):
            page = self.app.lists[view]
            return [{"header": page.heading,
                     "tasks": [row_line(page.tree, row[0]) for row in page.task_rows()]}]
        if view == "matrix":
            return [{"header": quadrant.header.cget("text"),
                     "tasks": [quadrant.row_text(task["id"]) for task in quadrant.tasks]}
                    for quadrant in (self.app.matrix.quadrants[key] for key, _, _ in LAYOUT)]
        return self.grouped(self.app.lists[view] if view == "upcoming" else self.app.logbook)

    def test_every_view_shows_the_fixture_s_lines(self):
        expected_views = FIXTURE["views"][self.language]
        self.assertEqual(set(expected_views), {"today", "upcoming", "inbox", "matrix", "logbook"})
        for view, groups in expected_views.items():
            shown = self.shown(view)
            # What is drawn: the header and the lines (the fixture's "parts" are the server's).
            expected = [{"header": group["header"], "tasks": group["tasks"]} for group in groups]
            if view != "matrix":
                self.assertEqual(shown, expected, f"{self.language} {view}")
                continue
            self.assertEqual([g["header"] for g in shown], [g["header"] for g in expected])
            for got, want in zip(shown, expected):
                self.assertEqual(len(got["tasks"]), len(want["tasks"]), got["header"])
                for line, line_expected in zip(got["tasks"], want["tasks"]):
                    line = line.replace("☐  ", "[ ] ")
                    self.assertTrue(shortened_matches(line, line_expected),
                                    f"matrix row {line!r} reads {line_expected!r}")


class GermanFixtureTest(FixtureTest):
    language = "de"

    def widget_texts(self, widget):
        """Every text a widget and its children show (task titles are data: left out)."""
        texts = []
        if isinstance(widget, (tk.Tk, tk.Toplevel)):
            texts.append(widget.title())
        if isinstance(widget, tk.Menu):
            for index in range((widget.index("end") or -1) + 1):
                if widget.type(index) not in ("separator", "tearoff"):
                    texts += [widget.entrycget(index, "label"),
                              widget.entrycget(index, "accelerator")]
        elif isinstance(widget, tk.Text):
            texts.append(widget.get("1.0", "end"))
        elif widget.winfo_class() == "Treeview":
            for iid in widget.get_children():
                texts += [str(value) for value in widget.item(iid, "values")]
                if not iid.startswith("t"):
                    texts.append(widget.item(iid, "text"))
                elif "info" not in widget["columns"]:      # the matrix: title and markers
                    texts.append(re.sub(r"^[^\n]*…", "", widget.item(iid, "text")))
        elif widget.winfo_class() == "TNotebook":
            texts += [widget.tab(tab, "text") for tab in widget.tabs()]
        elif widget.winfo_class() == "TCombobox":
            texts += list(widget.cget("values")) + [widget.get()]
        else:
            try:
                texts.append(str(widget.cget("text")))
            except tk.TclError:
                pass
        for child in widget.winfo_children():
            texts += self.widget_texts(child)
        return texts

    def without_data(self, text):
        """A text without the tasks' titles, and help's quoted input words („due“, "fri")."""
        titles = {task["title"] for page in self.app.pages.values()
                  for task in (page.shown.tasks() if page.shown else [])}
        for title in sorted(titles, key=len, reverse=True):
            text = text.replace(" ".join(title.splitlines()), "").replace(title, "")
        return re.sub(r"„[^“]*“|\"[^\"]*\"", "", text)

    def assert_no_english(self, texts, where):
        found = [(match.group(0), text) for text in texts
                 for match in ENGLISH.finditer(self.without_data(text))]
        self.assertEqual(found, [], f"English words in the German session ({where})")

    def test_a_german_session_says_nothing_in_english(self):
        app = self.app
        for view in app.tabs:
            self.show_tab(view)
        self.assert_no_english(self.widget_texts(self.root), "the tabs")
        today = app.lists["today"]
        self.show_tab("today")
        first = today.task_rows()[0][3]
        # The help, the editor, the schedule menu and the date picker.
        app.quick_add_help(today)
        self.until(lambda: app.help_window is not None, "the help")
        self.assert_no_english(self.widget_texts(app.help_window), "the help")
        app.help_window.close()
        self.assertTrue(app.edit(first["id"]))
        self.assert_no_english(self.widget_texts(app.editor), "the editor")
        app.editor.destroy()
        self.press("today", first["id"], button=3)
        menu = self.wait_menu()
        self.assert_no_english(self.widget_texts(menu), "the schedule menu")
        choose = next(menu.entrycget(i, "label") for i in range(menu.index("end") + 1)
                      if menu.type(i) != "separator" and menu.entrycget(i, "accelerator") == ""
                      and menu.entrycget(i, "label").endswith("…"))
        self.menu_choose(choose)
        self.until(lambda: app.picker is not None and app.picker.winfo_ismapped(), "the picker")
        self.assert_no_english(self.widget_texts(app.picker), "the date picker")
        self.click(app.picker.cancel_button)
        # Messages: quick add elsewhere, complete, undo, redo, errors, a search that blocks.
        today.entry.focus_force()
        today.text.set("Mama anrufen morgen")
        self.key("Return", widget=today.entry)
        self.until(lambda: app.toast.history, "where the task went")
        today.tree.focus_force()
        today.select_task(first["id"])
        self.key("space", widget=today.tree)
        self.until(lambda: len(app.toast.history) >= 2, "the completion's toast")
        self.key("z", CONTROL)
        self.until(lambda: len(app.toast.history) >= 3, "the undo's toast")
        self.key("y", CONTROL)
        self.until(lambda: len(app.toast.history) >= 4, "the redo's toast")
        for code in ERROR_KEYS:
            app.show_error(TaskwireError(code, "server words", None))
        app.search.text.set("xyz")
        app.search.apply()
        app.reorder(today, 1)
        self.pump(0.2)
        self.assertGreaterEqual(len(app.toast.history), 9)
        self.assert_no_english(app.toast.history, "the messages")
        self.assert_no_english(self.widget_texts(self.root), "the window at the end")


if __name__ == "__main__":
    unittest.main()
