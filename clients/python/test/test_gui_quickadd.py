"""Quick add in the Tk app, under Xvfb: a task filed elsewhere than the tab it was typed in is
announced (the server's ``message``, in the session's language), and the help (the catalogue's
``tk.help.quickAdd``) says when a word is a date, as the server does it (every word the help
names is checked with task/parse)."""

import unittest

from gui_driver import GuiTestCase

# Dates that are ordinary words too: dates only after on/at/due/by, or as the title's last word.
CONTEXT_WORDS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun", "tod", "tom", "now",
                 "weekend", "eow", "eom", "eoy", "3rd")
# German's two-letter weekdays: dates only after am/on.
PREFIX_WORDS = ("mo", "di", "mi", "do", "fr", "sa", "so")


class QuickAddTestCase(GuiTestCase):
    def add(self, view, line):
        """Type ``line`` into a tab's field and press Enter; wait until it is stored."""
        self.show_tab(view)
        tasklist = self.app.lists[view]
        before = len(self.other.call("view/list", {"view": "all"})["groups"][0]["tasks"])
        tasklist.entry.focus_force()
        self.until(lambda: self.root.focus_get() is tasklist.entry, "the field has the focus")
        tasklist.text.set(line)
        self.key("Return")
        self.until(lambda: len(self.other.call("view/list", {"view": "all"})["groups"][0][
            "tasks"]) > before, f"{line!r} is stored")
        self.pump(0.2)   # the reply's toast, if any

    def toasts(self):
        return list(self.app.toast.history)


class WhereItWentTest(QuickAddTestCase):
    def test_a_task_filed_elsewhere_is_announced_and_one_filed_here_is_not(self):
        self.add("today", "Buy milk")
        self.assertEqual(self.toasts(), [], "Today's task in Today: nothing to say")
        self.add("today", "Call mom tomorrow")
        self.assertEqual(self.toasts()[-1], "Added 'Call mom' to Upcoming: Fri, Feb 13")
        self.add("inbox", "Someday")
        self.assertEqual(len(self.toasts()), 1, "the Inbox's task in the Inbox")
        self.add("inbox", "Dentist next monday")
        self.assertEqual(self.toasts()[-1], "Added 'Dentist' to Upcoming: Mon, Feb 16")
        self.add("inbox", "Laundry today")
        self.assertEqual(self.toasts()[-1], "Added 'Laundry' to Today")
        self.add("upcoming", "Trip")
        self.assertEqual(len(self.toasts()), 3, "Upcoming's field adds for tomorrow")
        self.add("upcoming", "Taxes in 3 days")
        self.assertEqual(self.toasts()[-1], "Added 'Taxes' to Upcoming: Sun, Feb 15",
                         "another day than the field's")
        self.add("upcoming", "Water the plants today")
        self.assertEqual(self.toasts()[-1], "Added 'Water the plants' to Today")
        # While the search filters the tabs, the new task may not be shown: it is said.
        self.app.search.text.set("milk")
        self.app.search.apply()
        self.add("today", "Bread")
        self.assertEqual(self.toasts()[-1], "Added 'Bread' to Today")


class GermanWhereItWentTest(QuickAddTestCase):
    locale = "de"

    def test_the_message_is_german(self):
        self.add("today", "Mama anrufen morgen")
        self.assertEqual(self.toasts()[-1], "'Mama anrufen' zu Demnächst hinzugefügt: Fr, 13. Feb.")
        self.add("today", "Irgendwann")
        self.assertEqual(len(self.toasts()), 1)
        self.add("upcoming", "Steuern heute")
        self.assertEqual(self.toasts()[-1], "'Steuern' zu Heute hinzugefügt")
        self.add("today", "Fahrrad")
        self.add("upcoming", "Keller aufräumen")
        self.assertEqual(len(self.toasts()), 2)


class TimeTest(QuickAddTestCase):
    def info(self, view, title):
        """The markers of the row of ``title`` in a tab, once the tab shows it."""
        tasks = [task for group in self.other.call("view/list", {"view": view})["groups"]
                 for task in group["tasks"] if task["title"] == title]
        self.assertEqual(len(tasks), 1, f"{title!r} in {view}")
        tree = self.app.lists[view].tree
        iid = f"t{tasks[0]['id']}"
        self.until(lambda: tree.exists(iid), f"{title!r} shows in {view}")
        return tree.item(iid, "values")[0]

    def test_a_time_is_highlighted_and_shown_as_the_first_marker(self):
        self.show_tab("upcoming")
        field = self.app.lists["upcoming"].entry
        self.app.lists["upcoming"].text.set("Dentist tomorrow at 3pm")
        field.ask()
        self.until(lambda: field.highlighted() == [("date", "tomorrow"), ("time", "at 3pm")],
                   f"the date and the time are highlighted (now {field.highlighted()})")
        self.assertEqual(field.tag_cget("qa-time", "foreground"), "#2f6fde")
        self.app.lists["upcoming"].text.set("")
        self.add("upcoming", "Dentist tomorrow at 3pm")
        self.assertEqual(self.info("upcoming", "Dentist"), "3 PM")
        self.add("today", "Stand-up 9:30 @meeting")
        self.assertEqual(self.info("today", "Stand-up"), "9:30 AM  @meeting")
        self.assertEqual(len(self.toasts()), 0, "each where its tab puts it")


class GermanTimeTest(TimeTest):
    locale = "de"

    def test_a_time_is_highlighted_and_shown_as_the_first_marker(self):
        self.add("today", "Zahnarzt um 15:30 Uhr")
        self.assertEqual(self.info("today", "Zahnarzt"), "15:30")
        self.add("upcoming", "Stand-up morgen 9:30 @meeting")
        self.assertEqual(self.info("upcoming", "Stand-up"), "9:30  @meeting")


class HelpTest(QuickAddTestCase):
    def parse(self, line):
        return self.other.call("task/parse", {"text": line, "view": "inbox"})

    def test_f1_and_the_link_open_the_help_on_dates(self):
        field = self.app.lists["today"].entry
        field.focus_force()
        self.until(lambda: self.root.focus_get() is field, "the field has the focus")
        self.app.lists["today"].text.set("Call mom fri #family")
        self.key("F1")
        self.until(lambda: self.app.help_window is not None, "the help")
        shown = self.app.help_window.shown_text()
        self.assertIn("When is a word a date?", shown)
        self.assertIn('"Call mom fri evening" keeps "fri" in the title', shown)
        self.key("Escape", widget=self.app.help_window)
        self.until(lambda: not self.app.help_window.winfo_exists(), "the help is closed")
        self.assertEqual(self.app.lists["today"].text.get(), "Call mom fri #family",
                         "the line is kept")
        self.show_tab("inbox")
        self.click(self.app.lists["inbox"].help_link)
        self.until(lambda: self.app.help_window.winfo_exists(), "the help, from the link")
        self.app.help_window.close()

    def test_the_help_says_what_the_server_does(self):
        english = self.app.words("tk.help.quickAdd")
        german = self.client("de", locale="de").catalogue()("tk.help.quickAdd")
        for word in CONTEXT_WORDS:
            self.assertIn(word, english)
            self.assertIn(word, german)
            self.assertEqual(self.parse(f"Call mom {word}")["title"], "Call mom",
                             f"{word!r} as the last word is a date")
            self.assertEqual(self.parse(f"Call mom {word} #family")["title"],
                             "Call mom", f"{word!r} before a tag is a date")
            self.assertEqual(self.parse(f"Call mom {word} evening")["title"],
                             f"Call mom {word} evening", f"{word!r} before a title word stays")
            self.assertEqual(self.parse(f"Call mom on {word} #family")["title"], "Call mom",
                             f"'on {word}' is a date anywhere")
        for word in PREFIX_WORDS:
            self.assertIn(word, german)
            self.assertIn(word, english)
            self.assertEqual(self.parse(f"Mama anrufen {word}")["title"], f"Mama anrufen {word}")
            self.assertEqual(self.parse(f"Mama anrufen am {word}")["title"], "Mama anrufen")
        for kept in ("Call mom fri?", 'Call mom "fri"', "Pay 12/1"):
            self.assertEqual(self.parse(kept)["fields"].get("scheduledDate"), None, kept)
        # The field's own example is read whole.
        example = self.app.lists["today"].placeholder.cget("text").split("e.g. ")[1][:-1]
        fields = self.parse(example)["fields"]
        self.assertEqual((fields["title"], fields["scheduledDate"]), ("Call mom", "2026-02-13"))


if __name__ == "__main__":
    unittest.main()
