"""Times of day in the task editor (issue 30): a Time field beside the scheduled date
(``scheduledTime``) and beside the deadline (``dueTime``).

A time is ``HH:MM`` (``9:30`` is sent as ``09:30``); empty or ``none`` clears it (``null``).
Anything else goes as typed, for the server to say why not, as it does for a time without a
date ("dueTime needs a dueDate: …"): the editor shows its message.  Taking a date away takes
its time on the server; the field is then sent only when it changed.
"""

import re
import tkinter as tk
from tkinter import ttk

# The label while the server's catalogue lacks it (a binary built before it was added).
FALLBACK = {"tk.editor.time": "Time"}
SHORT = re.compile(r"^(\d):(\d{2})$")
TIMES = {"scheduledDate": "scheduledTime", "dueDate": "dueTime"}


def word(app, key):
    """The catalogue's text of ``key``, else the fallback."""
    return app.t(key) if app.words is not None and key in app.words else FALLBACK[key]


def time_value(text):
    """The field's text as the params' value: ``None`` to clear, ``09:30`` for ``9:30``."""
    text = text.strip()
    if text.lower() in ("", "none"):
        return None
    short = SHORT.match(text)
    return f"0{short.group(1)}:{short.group(2)}" if short else text


def date_row(editor, master, date_field):
    """The row of a date with its time: the date's entry and, beside it, the time's label and
    entry (its variable in ``editor.vars`` under the time's field name)."""
    field = TIMES[date_field]
    editor.vars[field] = tk.StringVar(editor, editor.task.get(field) or "")
    row = ttk.Frame(master)
    ttk.Entry(row, textvariable=editor.vars[date_field]).pack(side="left", fill="x", expand=True)
    ttk.Label(row, text=word(editor.app, "tk.editor.time")).pack(side="left", padx=(8, 4))
    entry = ttk.Entry(row, textvariable=editor.vars[field], width=6)
    entry.pack(side="left")
    setattr(editor, f"{field}_entry", entry)
    return row


def time_changes(editor):
    """The times that differ from the task's, as params."""
    params = {}
    for field in TIMES.values():
        value = time_value(editor.vars[field].get())
        if value != editor.task.get(field):
            params[field] = value
    return params
