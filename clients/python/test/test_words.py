"""The words of the library (taskwire_words): the server's catalogue and display parts, with
and without a server, and that every catalogue key the Tk app asks for exists in English and
German."""

import glob
import json
import os
import re
import unittest

from helpers import HERE, StoreTestCase, wait_for, without_version
from taskwire_client import Catalogue, error_text, parts_text, task_line

APP = os.path.dirname(HERE)
# The keys the app builds from parts (f-strings), spelled out.
BUILT_KEYS = ([f"view.{view}" for view in ("inbox", "today", "upcoming", "matrix", "logbook")]
              + [f"tk.placeholder.{view}" for view in ("inbox", "today", "upcoming", "project")]
              + [f"tk.picker.month{n}" for n in range(1, 13)]
              + [f"tk.picker.day{n}" for n in range(1, 8)]
              + [f"tk.picker.dayShort{n}" for n in range(1, 8)]
              + [f"priority.{p}" for p in ("low", "medium", "high")]
              + [f"type.{t}" for t in ("maintenance", "deepWork", "shallowWork", "errand",
                                       "meeting", "learning")]
              + [f"tk.repeat.{r}" for r in ("none", "daily", "weekly", "biweekly", "monthly")])
# New words of the app waiting for a server built with them (they are in the repository's
# Protocol/catalogue/, as the test below checks): until it has them the app shows the key
# itself, or its fallback (taskwire_gui_reminders.FALLBACK).
PENDING = {"tk.checklist.placeholder", "tk.editor.checklist", "tk.placeholder.project",
           "tk.view.project", "tk.view.projects", "tk.editor.remind", "tk.editor.time"}
REPOSITORY_CATALOGUE = os.path.join(APP, "..", "..", "Protocol", "catalogue")
KEY = re.compile(r"""["']((?:tk|view|action|field|message|list|input|confirm)\.[A-Za-z.]+)["']""")


def keys_the_app_uses():
    keys = set(BUILT_KEYS)
    for path in glob.glob(os.path.join(APP, "taskwire_gui*.py")):
        keys.update(KEY.findall(open(path, encoding="utf-8").read()))
    return keys


class OfflineTest(unittest.TestCase):
    def test_placeholders_are_filled_and_a_missing_key_shows_itself(self):
        words = Catalogue({"locale": "de", "strings": {"confirm.delete": "'{title}' löschen?",
                                                       "x": "{a} and {b}"}})
        self.assertEqual(words.locale, "de")
        self.assertEqual(words("confirm.delete", title="Milch"), "'Milch' löschen?")
        self.assertEqual(words.text("x", a=1), "1 and {b}")
        self.assertEqual(words("no.such.key"), "no.such.key")
        self.assertNotIn("no.such.key", words)

    def test_parts_and_task_lines(self):
        task = {"title": "Two\nlines", "display": [{"kind": "priority", "text": "!!"},
                                                   {"kind": "later", "text": "new kind"}]}
        self.assertEqual(task_line(task), "[ ] Two lines  !!  new kind")
        self.assertEqual(task_line({"title": "Done", "completed": True}), "[x] Done")
        group = {"display": [{"kind": "title", "text": "Today"}, {"kind": "total", "text": "1h"}]}
        self.assertEqual(parts_text(group["display"], " · "), "Today · 1h")
        self.assertEqual(parts_text(None), "")

    def test_error_text_drops_the_protocol_prefix_and_code(self):
        class Error:
            code, message = -32602, "Invalid params: cannot read\n the date"
        self.assertEqual(error_text(Error()), "cannot read the date")


class RepositoryWordsTest(unittest.TestCase):
    def test_every_key_the_app_uses_is_in_the_repository_in_both_languages(self):
        for language in ("en", "de"):
            with open(os.path.join(REPOSITORY_CATALOGUE, f"{language}.json"),
                      encoding="utf-8") as file:
                strings = json.load(file)
            missing = sorted(key for key in keys_the_app_uses() if key not in strings)
            self.assertEqual(missing, [], f"keys the app asks for that {language}.json lacks")


class ServerWordsTest(StoreTestCase):
    def test_the_catalogue_has_every_key_the_app_uses_in_both_languages(self):
        english = self.client("en").catalogue()
        german = self.client("de", locale="de").catalogue()
        self.assertEqual((english.locale, german.locale), ("en", "de"))
        self.assertEqual(set(english.strings), set(german.strings), "the same keys")
        missing = sorted(key for key in keys_the_app_uses() - PENDING if key not in english)
        self.assertEqual(missing, [], "keys the app asks for that the server lacks")
        self.assertEqual(german("view.today"), "Heute")

    def test_the_catalogue_follows_locale_set(self):
        tw = self.client()
        self.assertEqual(tw.catalogue()("view.inbox"), "Inbox")
        tw.call("locale/set", {"locale": "de"})
        self.assertEqual(tw.catalogue()("view.inbox"), "Eingang")

    def test_display_parts_come_with_lists_inserts_and_updates(self):
        tw = self.client(display_parts=True)
        self.assertTrue(tw.server_info.get("displayParts"))
        place = tw.call("task/create", {"title": "Call mom", "view": "today", "priority": 2,
                                        "tags": ["family"]})
        self.assertEqual(task_line(place["task"]), "[ ] Call mom  !!  #family")
        today = tw.subscribe("today")
        group = today.snapshot().groups[0]
        self.assertEqual(parts_text(group["display"], " · "), "Today · Thu, Feb 12 · 15m")
        tw.call("task/create", {"title": "Stretch", "view": "today", "durationMinutes": 30})
        tw.call("task/update", {"id": place["task"]["id"], "dueDate": "2026-02-13"})

        def lines():
            return [task_line(task) for task in today.snapshot().tasks()]
        wait_for(lambda: len(lines()) == 2 and "due" in lines()[0])
        self.assertEqual(lines(), ["[ ] Call mom  !!  #family  due tomorrow",
                                   "[ ] Stretch  30m"])
        listing = tw.call("view/list", {"view": "today"})
        wait_for(lambda: today.version == listing["version"])
        self.assertEqual(without_version(today.snapshot().to_dict()), without_version(listing),
                         "the snapshot with its parts equals the listing (the total too)")

    def test_a_client_that_does_not_ask_gets_no_parts(self):
        tw = self.client()
        place = tw.call("task/create", {"title": "Plain", "view": "today"})
        self.assertNotIn("display", place["task"])
        self.assertNotIn("display", tw.call("view/list", {"view": "today"})["groups"][0])


if __name__ == "__main__":
    unittest.main()
