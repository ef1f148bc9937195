"""The task editor: every field of a task in one dialog, saved with one ``task/update``.

Opened with ``e`` on a selected row.  Only the fields that changed are sent; dates take any
phrase the server reads ("fri", "in 3 days") or a ``YYYY-MM-DD``, empty for none.  A refused
save keeps the dialog open and shows the server's message whole, without the JSON-RPC
prefix and code.  The labels and the choices' names are the catalogue's; ``vars`` hold the
protocol's values (``high``, ``deepWork``, ``weekly``).  Remind at (issue 30) takes times
with commas: ``9:00`` on the task's date (the one typed, if a ``YYYY-MM-DD``; none: today),
``2026-11-27 9:00``, ``-30m`` before the task's time (taskwire_gui_reminders).  Each date has
its time of day beside it, ``HH:MM`` (taskwire_gui_times).
"""

import tkinter as tk
from tkinter import ttk

from taskwire_client import error_text
from taskwire_gui_checklist import Checklist
from taskwire_gui_reminders import parse_reminders, remind_day, reminders_text, word
from taskwire_gui_times import date_row, time_changes

PRIORITIES = ["low", "medium", "high"]
TYPES = ["maintenance", "deepWork", "shallowWork", "errand", "meeting", "learning"]
REPEATS = ["none", "daily", "weekly", "biweekly", "monthly"]
CHOICE_KEYS = {"priority": "priority.{}", "type": "type.{}", "recurrence": "tk.repeat.{}"}


class Choice(ttk.Combobox):
    """A read-only combobox that shows the catalogue's names of ``values`` and keeps the
    chosen value (not its name) in ``variable``."""

    def __init__(self, master, variable, values, key, words):
        self.names = {value: words(key.format(value)) for value in values}
        self.shown = tk.StringVar(master, self.names.get(variable.get(), variable.get()))
        super().__init__(master, textvariable=self.shown, values=list(self.names.values()),
                         state="readonly")
        self.bind("<<ComboboxSelected>>", lambda e: variable.set(next(
            value for value, name in self.names.items() if name == self.shown.get())))
        variable.trace_add("write", lambda *a: self.shown.set(
            self.names.get(variable.get(), variable.get())))


class TaskEditor(tk.Toplevel):
    """A dialog over the app for one task; ``fields`` holds its input widgets' variables."""

    def __init__(self, app, task):
        super().__init__(app.root)
        self.app, self.task = app, task
        t = app.t
        self.title(t("tk.editor.title", title=task["title"]))
        self.transient(app.root)
        body = ttk.Frame(self, padding=14)
        body.pack(fill="both", expand=True)
        self.vars = {
            "title": tk.StringVar(self, task["title"]),
            "tags": tk.StringVar(self, ", ".join(task.get("tags", []))),
            "priority": tk.StringVar(self, PRIORITIES[task.get("priority", 1) - 1]),
            "urgent": tk.BooleanVar(self, bool(task.get("urgent"))),
            "durationMinutes": tk.StringVar(self, str(task.get("durationMinutes", 15))),
            "type": tk.StringVar(self, task.get("type", "maintenance")),
            "scheduledDate": tk.StringVar(self, task.get("scheduledDate") or ""),
            "dueDate": tk.StringVar(self, task.get("dueDate") or ""),
            "recurrence": tk.StringVar(self, (task.get("recurrence") or {}).get("pattern", "none")),
            # 9:00 (on the task's date), 2026-11-27 9:00, -30m (before its time), with commas
            "reminders": tk.StringVar(self, reminders_text(task.get("reminders"),
                                                           task.get("scheduledDate"))),
        }
        def choice(name, values):
            return Choice(body, self.vars[name], values, CHOICE_KEYS[name], t)
        rows = [(t("field.title"), ttk.Entry(body, textvariable=self.vars["title"], width=44)),
                (t("field.tags"), ttk.Entry(body, textvariable=self.vars["tags"])),
                (t("field.priority"), choice("priority", PRIORITIES)),
                (t("field.urgent"), ttk.Checkbutton(body, variable=self.vars["urgent"])),
                (t("tk.editor.minutes"), ttk.Spinbox(
                    body, textvariable=self.vars["durationMinutes"], from_=1, to=10080,
                    increment=5)),
                (t("field.type"), choice("type", TYPES)),
                (t("field.scheduled"), date_row(self, body, "scheduledDate")),
                (t("field.due"), date_row(self, body, "dueDate")),
                (t("field.repeat"), choice("recurrence", REPEATS)),
                (word(app, "tk.editor.remind"),
                 ttk.Entry(body, textvariable=self.vars["reminders"]))]
        for row, (label, widget) in enumerate(rows):
            ttk.Label(body, text=label).grid(row=row, column=0, sticky="w", pady=3, padx=(0, 10))
            widget.grid(row=row, column=1, sticky="we", pady=3)
        self.title_entry = rows[0][1]
        ttk.Label(body, text=t("field.notes")).grid(row=len(rows), column=0, sticky="nw", pady=3)
        self.notes = tk.Text(body, width=44, height=4, wrap="word")
        self.notes.insert("1.0", task.get("notes") or "")
        self.notes.grid(row=len(rows), column=1, sticky="we", pady=3)
        # The checklist's lines change at once, each its own step (taskwire_gui_checklist).
        ttk.Label(body, text=t("tk.editor.checklist")).grid(row=len(rows) + 1, column=0,
                                                            sticky="nw", pady=3)
        self.checklist = Checklist(body, app, task,
                                   lambda text: self.message.configure(text=text))
        self.checklist.grid(row=len(rows) + 1, column=1, sticky="we", pady=3)
        self.message = ttk.Label(body, foreground="#b3261e", wraplength=420, text="")
        self.message.grid(row=len(rows) + 2, column=0, columnspan=2, sticky="w")
        buttons = ttk.Frame(body)
        buttons.grid(row=len(rows) + 3, column=0, columnspan=2, sticky="e", pady=(8, 0))
        self.save_button = ttk.Button(buttons, text=t("action.save"), command=self.save)
        self.save_button.pack(side="right")
        ttk.Button(buttons, text=t("action.cancel"), command=self.destroy).pack(side="right",
                                                                                  padx=6)
        self.bind("<Escape>", lambda e: self.destroy())
        self.bind("<Control-Return>", lambda e: self.save())
        self.title_entry.focus_set()

    def changes(self):
        """The params of the update: only what differs from the task."""
        task, v = self.task, self.vars
        wanted = {
            "title": v["title"].get().strip(),
            "tags": [t.strip().lstrip("#") for t in v["tags"].get().split(",") if t.strip()],
            "priority": PRIORITIES.index(v["priority"].get()) + 1,
            "urgent": v["urgent"].get(),
            "type": v["type"].get(),
            "scheduledDate": v["scheduledDate"].get().strip() or None,
            "dueDate": v["dueDate"].get().strip() or None,
            "notes": self.notes.get("1.0", "end-1c").strip() or None,
        }
        try:
            wanted["durationMinutes"] = int(v["durationMinutes"].get())
        except ValueError:
            wanted["durationMinutes"] = v["durationMinutes"].get()   # the server says why
        params = {key: value for key, value in wanted.items() if value != task.get(key)}
        params.update(time_changes(self))
        pattern = v["recurrence"].get()
        if pattern != (task.get("recurrence") or {}).get("pattern", "none"):
            params["recurrence"] = {"pattern": pattern}
        reminders = parse_reminders(v["reminders"].get(), remind_day(
            self.app, v["scheduledDate"].get(), task))
        if reminders != (task.get("reminders") or []):
            params["reminders"] = reminders
        return params

    def save(self):
        params = self.changes()
        if not params:
            self.destroy()
            return
        self.save_button.state(["disabled"])

        def failed(error):
            if self.winfo_exists():
                self.save_button.state(["!disabled"])
                self.message.configure(text=error_text(error))
        self.app.run_async("task/update", dict(params, id=self.task["id"]),
                           lambda result: self.winfo_exists() and self.destroy(), on_error=failed)
