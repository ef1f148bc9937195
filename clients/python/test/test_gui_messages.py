"""What the Tk app says to a person, under Xvfb: errors without the JSON-RPC prefix and code,
the server's note that it made a new, empty store, and the German words and dates (the
server's display parts and catalogue)."""

import os
import unittest

from gui_driver import GuiTestCase
from helpers import wait_for


class ErrorMessageTest(GuiTestCase):
    seed = [("Write the report", {"view": "today"})]

    def assert_plain(self, text):
        for raw in ("Invalid params", "(-326", "-32602"):
            self.assertNotIn(raw, text)

    def test_a_refused_quick_add_shows_the_plain_message(self):
        field = self.app.lists["today"].entry
        field.focus_force()
        self.until(lambda: self.root.focus_get() is field, "the field has the focus")
        self.type_text("!! tomorrow")      # only tokens: no title
        self.key("Return")
        self.until(lambda: self.app.toast.history, "a toast")
        shown = self.app.toast.history[-1]
        self.assert_plain(shown)
        self.assertTrue(shown.strip(), "a message")
        self.assertEqual(self.app.lists["today"].text.get(), "!! tomorrow", "the line comes back")
        self.assertIsNone(self.app.notice, "an existing store is no news")

    def test_a_refused_save_in_the_editor_shows_the_plain_message(self):
        self.settle("today", ["Write the report"])
        self.assertTrue(self.app.edit(self.ids["Write the report"]))
        editor = self.app.editor
        editor.vars["scheduledDate"].set("someday maybe")
        editor.save_button.invoke()
        self.until(lambda: editor.message.cget("text"), "a message")
        shown = editor.message.cget("text")
        self.assert_plain(shown)
        self.assertIn('cannot read the date "someday maybe"', shown)
        editor.destroy()


class NewStoreTest(GuiTestCase):
    """A --db path with a typo: the server makes a new, empty store and the window says so."""

    def app_db(self):
        return os.path.join(self.folder, "typo", "tasks.sqlite")

    def test_the_window_says_a_new_empty_store_was_made(self):
        path = self.app_db()
        self.until(lambda: self.app.notice, "the notice")
        expected = f"Created a new, empty store at {path}"    # the catalogue's message.newStore
        self.assertEqual(self.app.notice, expected)
        self.assertEqual(self.app.status.cget("text"), expected, "the status line keeps it")
        self.assertIn(expected, self.app.toast.history)
        # The server's log still gets the line.
        log = os.path.join(self.folder, "app.log")
        self.assertTrue(wait_for(lambda: "created a new, empty store" in open(log).read()))


class GermanTest(GuiTestCase):
    locale = "de"
    seed = [("Bericht", {"view": "today", "dueDate": "2026-02-12", "durationMinutes": 30}),
            ("Steuern", {"dueDate": "2026-02-10"}),
            ("Reise planen", {"view": "upcoming", "dueDate": "2026-02-14"}),
            ("Miete", {"scheduledDate": "2026-02-16", "dueDate": "2026-02-13"}),
            ("Fahrrad", {}),
            ("Milch", {"view": "today"})]

    def info(self, view, title):
        return self.app.lists[view].tree.item(f"t{self.ids[title]}", "values")[0]

    def headers(self, view):
        tree = self.app.lists[view].tree
        return [tree.item(row[0], "text") for row in self.app.lists[view].rows
                if row[1] == "header"]

    def test_days_and_words_are_german(self):
        # (Steuern, due Feb 10, is in Today: a deadline that passed brings it there.)
        self.until(lambda: len(self.titles("today")) == 3, "Today is shown")
        self.assertEqual(self.app.lists["today"].heading, "Heute · Do, 12. Feb. · 1 Std.")
        self.assertEqual(self.app.lists["inbox"].heading, "Eingang · 15 Min.")
        self.assertEqual(self.info("today", "Bericht"), "30 Min.  fällig heute")
        self.assertEqual(self.info("today", "Steuern"), "fällig Di, 10. Feb.  überfällig")
        self.assertEqual(self.headers("upcoming"), ["Morgen · Fr, 13. Feb. · 15 Min.",
                                                    "Mo, 16. Feb. · 15 Min."])
        self.assertEqual(self.info("upcoming", "Reise planen"), "fällig Sa, 14. Feb.")
        self.assertEqual(self.info("upcoming", "Miete"), "fällig morgen  nach Fälligkeit")
        self.other.call("task/complete", {"id": self.ids["Milch"]})
        logbook = self.app.logbook
        self.until(lambda: len(logbook.visible_rows()) == 2, "the logbook shows the task")
        self.assertEqual(logbook.visible_rows(), [
            ("header", "Heute · Do, 12. Feb. · 15 Min."),
            ("task", self.ids["Milch"], "Milch", "erledigt Do, 12. Feb.")])
        english = ("Jan", "Feb ", "Mon", "Thu", "Fri", "due", "overdue", "done")
        for text in self.headers("upcoming") + [row[3] for row in logbook.visible_rows()[1:]]:
            for word in english:
                self.assertNotIn(word, text)

    def test_the_schedule_menu_and_the_date_picker_are_german(self):
        # (Steuern, due Feb 10, is in Today: a deadline that passed brings it there.)
        self.until(lambda: len(self.titles("today")) == 3, "Today is shown")
        self.press("today", self.ids["Bericht"], button=3)
        menu = self.wait_menu()
        entries = [(menu.entrycget(i, "label"), menu.entrycget(i, "accelerator"))
                   for i in range(menu.index("end") + 1) if menu.type(i) != "separator"]
        self.assertEqual(entries, [("Heute", "Do, 12. Feb."), ("Morgen", "Fr, 13. Feb."),
                                   ("Datum wählen…", ""), ("Eingang", ""),
                                   ("Auf Irgendwann legen", ""),
                                   ("Als abgebrochen markieren", ""),
                                   ("Zum Projekt machen", ""), ("Abbrechen", "")])
        self.menu_choose("Datum wählen…")
        self.until(lambda: self.app.picker is not None and self.app.picker.winfo_ismapped(),
                   "the date picker opens")
        picker = self.app.picker
        self.assertEqual(picker.title(), "'Bericht' planen")
        self.assertEqual(picker.month_label.cget("text"), "Februar 2026")
        self.assertEqual(picker.selected_label.cget("text"), "Freitag, 13. Februar 2026")
        self.assertEqual((picker.cancel_button.cget("text"), picker.done_button.cget("text")),
                         ("Abbrechen", "Fertig"))
        self.key("Next", widget=picker)
        self.assertEqual(picker.month_label.cget("text"), "März 2026")
        self.click(picker.cancel_button)
        self.until(lambda: not picker.winfo_exists(), "the picker closes")
        self.app.picker = None
        self.assertEqual(self.titles("today"), ["Bericht", "Steuern", "Milch"])
        self.press("today", self.ids["Bericht"], button=3)
        self.wait_menu()
        self.menu_choose("Morgen")
        self.until(lambda: self.app.toast.text == "'Bericht' für Fr, 13. Feb. geplant",
                   f"a German toast names the day (now {self.app.toast.history})")


class LocaleSwitchTest(GuiTestCase):
    seed = [("Bericht", {"view": "today", "dueDate": "2026-02-12", "durationMinutes": 30})]

    def test_a_running_window_turns_german(self):
        today = self.app.lists["today"]
        self.until(lambda: today.heading == "Today · Thu, Feb 12 · 30m", "the English head")
        self.assertEqual(today.info(self.app.task(self.ids["Bericht"])), "30m  due today")
        self.app.set_locale("de")
        self.until(lambda: today.heading == "Heute · Do, 12. Feb. · 30 Min.",
                   f"the German head (now {today.heading!r})")
        self.until(lambda: today.tree.item(f"t{self.ids['Bericht']}", "values")[0]
                   == "30 Min.  fällig heute", "the row's German parts")
        self.until(lambda: self.app.notebook.tab(1, "text").startswith("Heute"), "the tab")
        self.assertTrue(self.app.status.cget("text").startswith("Enter hinzufügen"))
        self.assertEqual(self.app.search.placeholder.cget("text"), "Suchen  (Strg+F)")


if __name__ == "__main__":
    unittest.main()
