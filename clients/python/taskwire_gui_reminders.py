"""Reminders in the taskwire Tk app (issue 30): a card for each one showing, the editor's
"Remind at" field, and the system notification of the one process that fired it.

The app declares ``initializationOptions.reminders``, so its server sends it ``reminder``
when one falls due (in every process on the store; ``alert`` only in the one that fired it)
and ``reminder/cleared`` when one stops showing (dismissed, snoozed, completed, … here or
anywhere else).  Each showing reminder is a card at the window's top right: its title and
``when`` and the task's text as the server words them, and one button per action, titled by
the server (Complete: ``task/complete``; each snooze: ``reminder/snooze`` with its ``for``;
Dismiss: ``reminder/dismiss``).  A card goes when it is cleared or acted on.  An alerting one
also rings the bell and hands its title and text to ``notify-send`` when there is one (an
argument list, no shell; the app does not wait for it).  ``reminder/list`` redraws the cards
once connected.
"""

import re
import shutil
import subprocess
import threading
import tkinter as tk
from tkinter import ttk

from taskwire_client import error_text

# The app's words of reminders while the server's catalogue lacks them (a binary built
# before they were added): the catalogue's when it has them.
FALLBACK = {"tk.editor.remind": "Remind at"}
AT = re.compile(r"^(?:(\d{4}-\d{2}-\d{2})[ T])?(\d{1,2}):(\d{2})$")
BEFORE = re.compile(r"^-\s*(\d+)\s*m?$")
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def word(app, key):
    """The catalogue's text of ``key``, else the app's fallback."""
    return app.t(key) if app.words is not None and key in app.words else FALLBACK[key]


def reminders_text(reminders, date):
    """A task's ``reminders`` as the editor's field shows them: ``9:00`` on the task's own
    ``date``, ``2026-11-27 9:00`` on another, ``-30m`` for 30 minutes before its time."""
    items = []
    for reminder in reminders or ():
        if "before" in reminder:
            items.append(f"-{reminder['before']}m")
        else:
            day, time = reminder["at"].split("T")
            items.append(time if day == date else f"{day} {time}")
    return ", ".join(items)


def parse_reminders(text, date):
    """The editor's field as ``reminders``: ``HH:MM`` on ``date``, ``YYYY-MM-DD HH:MM``,
    ``-30m``; anything else goes as it is, for the server to say what it reads."""
    reminders = []
    for item in (part.strip() for part in text.split(",")):
        at, before = AT.match(item), BEFORE.match(item)
        if before:
            reminders.append({"before": int(before.group(1))})
        elif at and (at.group(1) or date):
            reminders.append({"at": f"{at.group(1) or date}T{int(at.group(2)):02d}:{at.group(3)}"})
        elif item:
            reminders.append({"at": item})
    return reminders


def notify(title, text):
    """``notify-send TITLE TEXT`` when it exists: a process not waited for (a thread reaps
    it).  Returns the process, or None."""
    path = shutil.which("notify-send")
    if path is None:
        return None
    try:
        process = subprocess.Popen([path, "--", title, text], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        return None
    threading.Thread(target=process.wait, name="notify-send", daemon=True).start()
    return process


class ReminderCard(tk.Frame):
    """One showing reminder: title · when, the text, a button per action (``buttons``:
    ``(action, button)``)."""

    def __init__(self, master, params, on_action, fonts):
        super().__init__(master, bg="#fffbe6", highlightbackground="#d9c77a",
                         highlightthickness=1, padx=12, pady=8)
        self.params = params
        missed = params.get("missed")
        self.head = tk.Label(self, bg="#fffbe6", fg="#9a5b00" if missed else "#5b6475",
                             font=fonts["small"], anchor="w",
                             text=" · ".join(filter(None, (params.get("title"),
                                                           params.get("when")))))
        self.head.pack(fill="x")
        self.text = tk.Label(self, bg="#fffbe6", fg="#1d2330", font=fonts["header"], anchor="w",
                             justify="left", wraplength=330, text=params.get("text", ""))
        self.text.pack(fill="x", pady=(2, 6))
        row = tk.Frame(self, bg="#fffbe6")
        row.pack(fill="x")
        self.buttons = []
        for n, action in enumerate(params.get("actions") or ()):
            button = ttk.Button(row, text=action.get("title") or action["action"],
                                command=lambda a=action: on_action(self, a))
            button.grid(row=n // 3, column=n % 3, sticky="we", padx=2, pady=2)
            self.buttons.append((action, button))

    def button(self, title):
        """The button titled ``title`` (test hook)."""
        return next(button for action, button in self.buttons if button.cget("text") == title)


class Reminders:
    """The cards of the showing reminders, keyed by ``(id, at)``; ``notified`` counts the
    system notifications raised."""

    def __init__(self, app):
        self.app = app
        self.cards = {}
        self.notified = []
        self.frame = tk.Frame(app.root, bg=app.root.cget("bg"))

    def heard(self, method, params):
        """The client's listener (reader thread): a reminder's news goes on the app's queue,
        as a reply whose handler runs on the UI thread."""
        if method in ("reminder", "reminder/cleared"):
            self.app.queue.put(("reply", lambda _: self.handle(method, params), None, None,
                                None))

    def connected(self):
        """Redraw from ``reminder/list`` (what the listener may have missed; a card shown
        already keeps its ``alert``)."""
        self.app.run_async("reminder/list", {}, lambda result: [
            self.show(params) for params in result.get("reminders", ())
            if (params["id"], params["at"]) not in self.cards])

    def handle(self, method, params):
        if method == "reminder":
            self.show(params)
        else:
            self.clear(params["id"], params["at"])

    def show(self, params):
        key = (params["id"], params["at"])
        if params.get("alert"):
            self.app.root.bell()
            process = notify(params.get("title", ""), params.get("text", ""))
            if process is not None:
                self.notified.append(process.args)
        if key in self.cards:
            self.cards[key].destroy()
        self.cards[key] = ReminderCard(self.frame, params, self.act, self.app.fonts)
        self.cards[key].pack(fill="x")
        self.frame.place(relx=1.0, x=-16, y=48, anchor="ne")
        self.frame.lift()

    def clear(self, task_id, at):
        card = self.cards.pop((task_id, at), None)
        if card is not None:
            card.destroy()
        if not self.cards:
            self.frame.place_forget()

    def act(self, card, action):
        """A card's button: the action's request; the card goes once the server took it."""
        params = card.params
        kind = action["action"]
        if kind == "complete":
            method, request = "task/complete", {"id": params["id"]}
        elif kind == "snooze":
            method, request = "reminder/snooze", {"id": params["id"], "at": params["at"],
                                                  "for": action["for"]}
        else:
            method, request = "reminder/dismiss", {"id": params["id"], "at": params["at"]}

        def done(result):
            self.clear(params["id"], params["at"])
            if kind == "complete":      # as the checkbox says it: "Completed 'X' — Ctrl+Z …"
                self.app._done_toast("message.completed", params["task"])(result)
            elif result.get("message"):     # "Snoozed until 10:10 AM"
                self.app.toast.show(result["message"])
        self.app.run_async(method, request, done,
                           lambda error: self.app.toast.show(error_text(error)))


def remind_day(app, entered, task):
    """The day a time alone in the editor's field is on: the date typed in the editor when it
    is one (``YYYY-MM-DD``), else the task's, else today."""
    if DATE.match(entered.strip()):
        return entered.strip()
    today = app.lists["today"].shown
    return task.get("scheduledDate") or (today.today if today is not None else None)
