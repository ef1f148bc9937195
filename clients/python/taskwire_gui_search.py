"""The search field of the taskwire Tk app: filters every tab as the person types.

Words that start with ``#`` keep the tasks with all those tags (``tagsAll``); the other words
are looked for in titles and notes (``text``).  Each tab is then re-subscribed with that
``filter`` (view/subscribe), so a filtered tab stays live like an unfiltered one.  Dragging is
offered only on unfiltered lists (a drop index counts the whole list; see the protocol).
"""

import tkinter as tk
from tkinter import font as tkfont

DEBOUNCE_MS = 200
WIDTH, MIN_WIDTH = 24, 10   # the field's width in characters, and the least it narrows to


def parse_query(text):
    """A view filter for the search text, or None for an empty search."""
    tags = [word[1:] for word in text.split() if word.startswith("#") and len(word) > 1]
    words = " ".join(word for word in text.split() if not word.startswith("#"))
    query = {}
    if tags:
        query["tagsAll"] = tags
    if words:
        query["text"] = words
    return query or None


class SearchField:
    """An entry at the right of the tab row; Escape or the ✕ clears it."""

    def __init__(self, app, master, font):
        self.app = app
        self.text = tk.StringVar(master=master)
        self.frame = tk.Frame(master, bg="white", highlightthickness=1,
                              highlightbackground="#b8c0cc", highlightcolor="#2f6fde")
        self.entry = tk.Entry(self.frame, textvariable=self.text, relief="flat", width=WIDTH,
                              font=font, bg="white")
        self.entry.pack(side="left", padx=(6, 4), pady=3)
        self.font = tkfont.Font(font=font) if not isinstance(font, tkfont.Font) else font
        self.placeholder = tk.Label(self.entry, text="", bg="white",
                                    fg="#8a93a3", font=font)
        self.placeholder.place(x=2, rely=0.5, anchor="w")
        self.placeholder.bind("<Button-1>", lambda e: self.entry.focus_set())
        self.clear_button = tk.Label(self.frame, text="✕", bg="white", fg="#8a93a3", font=font)
        self.clear_button.bind("<Button-1>", lambda e: self.clear())
        self.frame.place(in_=master, relx=1.0, x=-6, y=2, anchor="ne")
        self.filter = None          # the filter the tabs show
        self._after = None
        self.text.trace_add("write", lambda *a: self._changed())
        self.entry.bind("<Escape>", lambda e: (self.clear(), "break")[1])
        self.entry.bind("<Return>", lambda e: (self.apply(), "break")[1])
        self.entry.bind("<Down>", lambda e: (app.focus_page(), "break")[1])

    def set_words(self):
        self.placeholder.configure(text=self.app.t("tk.search.placeholder"))

    def fit(self):
        """Narrow the field (down to MIN_WIDTH characters) so that it leaves the tab labels to
        its left visible: the place tab (a project, Anytime, Someday) makes the row longer."""
        notebook = self.app.notebook
        width = notebook.winfo_width()
        if width <= 1:
            return
        edge = 0
        for x in range(width - 1, 0, -4):    # the right end of the last tab's label
            if notebook.tk.call(notebook, "identify", "tab", x, 15) != "":
                edge = x
                break
        room = width - 6 - edge - 12 - (self.frame.winfo_reqwidth() - self.entry.winfo_reqwidth())
        chars = max(MIN_WIDTH, min(WIDTH, room // max(1, self.font.measure("0")) - 1))
        if chars != int(self.entry.cget("width")):
            self.entry.configure(width=chars)

    def clear(self):
        self.text.set("")
        self.apply()

    def _changed(self):
        if self.text.get():
            self.clear_button.pack(side="left", padx=(0, 6))
            self.placeholder.place_forget()
        else:
            self.clear_button.pack_forget()
            self.placeholder.place(x=2, rely=0.5, anchor="w")
        if self._after is not None:
            self.app.root.after_cancel(self._after)
        self._after = self.app.root.after(DEBOUNCE_MS, self.apply)

    def apply(self):
        """Re-subscribe the tabs with the filter of the text (if it changed)."""
        if self._after is not None:
            self.app.root.after_cancel(self._after)
            self._after = None
        wanted = parse_query(self.text.get())
        if wanted != self.filter:
            self.filter = wanted
            self.app.subscribe_all(wanted)


def unsubscribe_quietly(client, subscription):
    """End a subscription without waiting for the reply."""
    subscription.active = False
    client._forget_subscription(subscription.id)
    try:
        client.call_async("view/unsubscribe", {"subscription": subscription.id})
    except Exception:   # the server is gone: nothing more arrives anyway
        pass

