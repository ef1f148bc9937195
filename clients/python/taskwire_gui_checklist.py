"""A task's checklist in the task editor (issue 29): one row per line with a checkbox (a
toggle is ``task/checklist`` check or uncheck, at once, one undo step each), a delete button
per line, and a field that adds a line on Enter.  The rows are drawn again from each reply
(the task's place, with its ``checklist``), never changed locally first."""

import tkinter as tk
from tkinter import ttk

from taskwire_client import error_text


class Checklist(ttk.Frame):
    """The checklist rows of ``task`` (``{"uuid", "title", "done"}`` lines) for ``app``."""

    def __init__(self, master, app, task, on_error):
        super().__init__(master)
        self.app, self.task_id, self.on_error = app, task["id"], on_error
        self.lines = []                 # the lines on screen
        self.rows = []                  # (line, BooleanVar, Checkbutton, delete Button)
        self.body = ttk.Frame(self)
        self.body.pack(fill="x")
        self.text = tk.StringVar(self)
        self.entry = ttk.Entry(self, textvariable=self.text)
        self.entry.pack(fill="x", pady=(4, 0))
        self.placeholder = tk.Label(self.entry, text=app.t("tk.checklist.placeholder"),
                                    fg="#8a93a3", bg="white")
        self.placeholder.bind("<Button-1>", lambda e: self.entry.focus_set())
        self.text.trace_add("write", lambda *a: self._update_placeholder())
        self._update_placeholder()
        self.entry.bind("<Return>", self._add)
        self.entry.bind("<KP_Enter>", self._add)
        self.show(task.get("checklist") or [])

    def _update_placeholder(self):
        if self.text.get():
            self.placeholder.place_forget()
        else:
            self.placeholder.place(x=4, rely=0.5, anchor="w")

    def show(self, lines):
        """Draw ``lines`` (the task's ``checklist``)."""
        for child in self.body.winfo_children():
            child.destroy()
        self.lines, self.rows = list(lines), []
        for n, line in enumerate(self.lines):
            done = tk.BooleanVar(self, bool(line.get("done")))
            box = ttk.Checkbutton(self.body, text=line["title"], variable=done,
                                  command=lambda line=line, done=done: self.toggle(line,
                                                                                   done.get()))
            box.grid(row=n, column=0, sticky="w")
            delete = ttk.Button(self.body, text=self.app.t("action.delete"), width=8,
                                command=lambda line=line: self.delete(line))
            delete.grid(row=n, column=1, sticky="e", padx=(8, 0))
            self.rows.append((line, done, box, delete))
        self.body.columnconfigure(0, weight=1)

    # -- gestures: one task/checklist each -------------------------------------------------
    def _send(self, action, **params):
        def done(place):
            if self.winfo_exists():
                self.show((place.get("task") or {}).get("checklist") or [])

        def failed(error):
            if self.winfo_exists():
                self.show(self.lines)       # the checkbox as the server still has it
                self.on_error(error_text(error))
        self.app.run_async("task/checklist", dict(params, id=self.task_id, action=action),
                           done, on_error=failed)

    def toggle(self, line, done):
        self._send("check" if done else "uncheck", item=line["uuid"])

    def delete(self, line):
        self._send("delete", item=line["uuid"])

    def _add(self, event=None):
        title = self.text.get().strip()
        if title:
            self.text.set("")
            self._send("add", title=title)
        return "break"

    def visible_lines(self):
        """Test hook: ``(title, checked)`` of each row as shown."""
        return [(box.cget("text"), done.get()) for _, done, box, _ in self.rows]
