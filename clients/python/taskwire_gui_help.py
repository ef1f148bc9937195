"""Quick add's help: what the field reads, and when a word is a date (F1 or "?" in the field).

The rules are the server's (Protocol/README.md, "Quick add"; Sources/TaskwireCore/QuickAdd),
and so are the words: the help is the catalogue's ``tk.help.quickAdd`` in the session's
language.  test_gui_quickadd.py asks the server about every word the help names, so the help
cannot drift from what quick add does.
"""

import tkinter as tk
from tkinter import ttk


class QuickAddHelp(tk.Toplevel):
    """The help as a small window beside the app; Escape or Close shuts it, the field keeps
    what was typed.  ``words(key)`` gives the catalogue's words."""

    def __init__(self, master, words, font=None, return_focus=None):
        super().__init__(master)
        self.title(words("tk.help.title"))
        self.transient(master.winfo_toplevel())
        self.return_focus = return_focus
        body = ttk.Frame(self, padding=14)
        body.pack(fill="both", expand=True)
        # The tables' second column at a tab stop: the font is proportional.
        self.text = tk.Text(body, wrap="word", width=84, height=25, font=font, relief="flat",
                            borderwidth=0, background=self.cget("background"), padx=4, pady=4,
                            tabs=("7c",))
        self.text.insert("1.0", words("tk.help.quickAdd"))
        self.text.configure(state="disabled")
        self.text.pack(fill="both", expand=True)
        self.close_button = ttk.Button(body, text=words("action.close"), command=self.close)
        self.close_button.pack(side="right", pady=(8, 0))
        self.bind("<Escape>", lambda e: self.close())
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.focus_set()

    def shown_text(self):
        """What the window says (a test hook)."""
        return self.text.get("1.0", "end-1c")

    def close(self):
        self.destroy()
        if self.return_focus is not None and self.return_focus.winfo_exists():
            self.return_focus.focus_force()
