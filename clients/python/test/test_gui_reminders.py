"""Reminders in the Tk app (issue 30), in real windows under Xvfb: a reminder set in the editor
falls due when the app's server's clock is moved (``test/setClock``), shows as a card with the
task's text, ``when`` and the server's action titles, in this app and in a second one (a second
taskwire process on the same store file) with ``alert`` false; only the first hands it to
``notify-send`` (a recording one on ``PATH``).  Snooze, Dismiss and Complete are clicked, and
the other window's card goes, as ``reminder/list`` and the store say.  Without a display only
the editor field's reading is tested."""

import os
import shutil
import tempfile
import time
import tkinter as tk
import unittest

from gui_driver import GuiTestCase
from helpers import TASKWIRE, ZONE

from taskwire_gui import App
from taskwire_gui_reminders import parse_reminders, reminders_text

ACTIONS = ["Complete", "10 minutes", "1 hour", "This evening", "Tomorrow morning", "Dismiss"]


class FieldTest(unittest.TestCase):
    def test_the_remind_field_reads_and_writes_reminders(self):
        day = "2026-02-12"
        self.assertEqual(parse_reminders("9:00, 2026-02-13 17:30, -30m, 2026-02-14T08:05", day),
                         [{"at": "2026-02-12T09:00"}, {"at": "2026-02-13T17:30"},
                          {"before": 30}, {"at": "2026-02-14T08:05"}])
        self.assertEqual(parse_reminders("", day), [])
        self.assertEqual(parse_reminders("soon", day), [{"at": "soon"}])   # the server says why
        self.assertEqual(reminders_text([{"at": "2026-02-12T09:00"}, {"before": 15},
                                         {"at": "2026-02-13T17:30"}], day),
                         "09:00, -15m, 2026-02-13 17:30")
        self.assertEqual(parse_reminders(reminders_text([{"at": "2026-02-13T17:30"}], None), None),
                         [{"at": "2026-02-13T17:30"}])


class ReminderGuiCase(GuiTestCase):
    """The app with a recording ``notify-send`` first on ``PATH``; ``second()`` starts another
    app on the same store (its own taskwire), pumped with the first."""

    root2 = None

    def setUp(self):
        bin_folder = tempfile.mkdtemp(prefix="taskwire-bin-")
        self.addCleanup(shutil.rmtree, bin_folder, True)
        script = os.path.join(bin_folder, "notify-send")
        with open(script, "w") as file:
            file.write('#!/bin/sh\nfor a in "$@"; do printf "%s|" "$a"; done >>"$0.log"\n'
                       'echo >>"$0.log"\n')
        os.chmod(script, 0o755)
        self.notified = script + ".log"
        path = os.environ.get("PATH", "")
        os.environ["PATH"] = bin_folder + os.pathsep + path
        self.addCleanup(os.environ.__setitem__, "PATH", path)
        super().setUp()

    def second(self):
        self.root2 = tk.Tk()
        self.root2.geometry("1100x640+0+0")
        log = open(os.path.join(self.folder, "app2.log"), "a")
        self.addCleanup(log.close)
        self.app2 = App(self.root2, binary=TASKWIRE, db=self.db, clock=self.clock,
                        time_zone=ZONE, stderr=log)
        self.addCleanup(self._close2)
        self.until(lambda: self.app2.ready, "the second app shows its subscriptions")

    def _close2(self):
        self.app2.close()
        self.root2.destroy()
        self.root2 = None

    def pump(self, seconds=0.05):
        """Run both apps' event loops for a while."""
        deadline = time.monotonic() + seconds
        while True:
            self.root.update()
            if self.root2 is not None:
                self.root2.update()
            if time.monotonic() >= deadline:
                return
            time.sleep(0.005)

    def calls(self):
        """notify-send's calls so far: each one's arguments."""
        if not os.path.exists(self.notified):
            return []
        with open(self.notified) as file:
            return [line.rstrip("\n").split("|")[:-1] for line in file]

    def card(self, app, task_id, at):
        return app.reminders.cards.get((task_id, at))

    def set_clock(self, now):
        self.app.client.call("test/setClock", {"now": now})


class ReminderTest(ReminderGuiCase):
    seed = (("Call Anna", {"scheduledDate": "2026-02-12", "scheduledTime": "11:00"}),
            ("Water plants", {"scheduledDate": "2026-02-12",
                              "reminders": [{"at": "2026-02-12T10:40"}]}))

    def test_a_reminder_shows_in_both_apps_and_is_snoozed_dismissed_completed(self):
        anna, plants = self.ids["Call Anna"], self.ids["Water plants"]
        at = "2026-02-12T10:00"
        # Set in the editor: "10:00" on the task's date.
        self.settle("today", ["Call Anna", "Water plants"])
        tasklist = self.app.lists["today"]
        tasklist.tree.focus_force()
        tasklist.select_task(anna)
        self.key("e", widget=tasklist.tree)
        editor = self.app.editor
        self.assertEqual(editor.vars["reminders"].get(), "")
        editor.vars["reminders"].set("10:00")
        editor.save_button.invoke()
        self.until(lambda: not editor.winfo_exists(), "the editor closes once saved")
        self.assertEqual(self.other.call("task/get", {"id": anna})["task"]["reminders"],
                         [{"at": at}])
        self.second()
        self.assertEqual(self.app.reminders.cards, {})

        # 09:00Z is 10:00 in Berlin: the app's server fires it; the second one hears it.
        self.set_clock("2026-02-12T09:00:00Z")
        self.until(lambda: self.card(self.app, anna, at) and self.card(self.app2, anna, at),
                   "both apps show the reminder")
        for app, alert in ((self.app, True), (self.app2, False)):
            card = self.card(app, anna, at)
            self.assertTrue(card.winfo_ismapped(), "the card is on screen")
            self.assertEqual(card.text.cget("text"), "Call Anna")
            self.assertEqual(card.head.cget("text"), "Reminder · Today 10 AM")
            self.assertEqual([button.cget("text") for _, button in card.buttons], ACTIONS)
            self.assertIs(card.params["alert"], alert)
        self.until(lambda: self.calls(), "notify-send is called")
        self.pump(0.3)
        self.assertEqual(self.calls(), [["--", "Reminder", "Call Anna"]], "only the firing app")

        # Snooze 10 minutes in the first app: gone from both, listed nowhere.
        self.click(self.card(self.app, anna, at).button("10 minutes"))
        self.until(lambda: not self.card(self.app, anna, at), "the first app's card goes")
        self.until(lambda: not self.card(self.app2, anna, at), "the second app's card goes")
        self.assertEqual(self.app.toast.text, "Snoozed until 10:10 AM")
        self.assertEqual(self.app2.client.call("reminder/list")["reminders"], [])
        self.assertFalse(self.app2.reminders.frame.winfo_ismapped(), "no cards: no frame")

        # It comes back at 10:10; Dismiss in the first app clears the second.
        self.set_clock("2026-02-12T09:10:00Z")
        self.until(lambda: self.card(self.app, anna, at) and self.card(self.app2, anna, at),
                   "the snoozed reminder is back in both")
        self.assertEqual(len(self.calls()), 2)
        self.click(self.card(self.app, anna, at).button("Dismiss"))
        self.until(lambda: not self.card(self.app2, anna, at), "dismissed in the second app")
        self.assertFalse(self.card(self.app, anna, at))
        self.assertEqual(self.app2.client.call("reminder/list")["reminders"], [])
        self.set_clock("2026-02-12T09:30:00Z")
        self.pump(0.5)
        self.assertFalse(self.card(self.app, anna, at), "a dismissed one does not come back")

        # Complete from the second app's card: the task is done, the first app's card goes.
        self.set_clock("2026-02-12T09:40:00Z")
        at = "2026-02-12T10:40"
        self.until(lambda: self.card(self.app2, plants, at) and self.card(self.app, plants, at),
                   "the second reminder shows in both")
        self.click(self.card(self.app2, plants, at).button("Complete"))
        self.until(lambda: not self.card(self.app, plants, at), "completed: gone in the first")
        self.assertTrue(self.other.call("task/get", {"id": plants})["task"]["completed"])
        self.assertEqual(self.app2.toast.text, "Completed 'Water plants' — Ctrl+Z to undo")
        self.assertFalse(self.card(self.app2, plants, at))


class MissedReminderTest(ReminderGuiCase):
    # 08:30 in Berlin, before the app's clock (09:00 there): fired as the app starts.
    seed = (("Pay rent", {"reminders": [{"at": "2026-02-12T08:30"}]}),)

    def test_a_reminder_due_before_the_start_shows_as_missed_and_alerts(self):
        at = "2026-02-12T08:30"
        task = self.ids["Pay rent"]
        self.until(lambda: self.card(self.app, task, at), "the missed reminder shows")
        card = self.card(self.app, task, at)
        self.assertEqual(card.head.cget("text"), "Missed reminder · Today 8:30 AM")
        self.assertTrue(card.params["alert"], "fired by this app's server")
        self.until(lambda: self.calls(), "notify-send is called")
        self.assertEqual(self.calls(), [["--", "Missed reminder", "Pay rent"]])
        # A second app started later shows it too (reminder/list), without an alert.
        self.second()
        self.until(lambda: self.card(self.app2, task, at), "the second app shows it")
        self.assertFalse(self.card(self.app2, task, at).params["alert"])
        self.click(self.card(self.app2, task, at).button("Dismiss"))
        self.until(lambda: not self.card(self.app, task, at), "dismissed in the first app")
        self.assertEqual(len(self.calls()), 1)


if __name__ == "__main__":
    unittest.main()
