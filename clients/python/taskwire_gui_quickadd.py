"""The input field of each tab: quick add with live highlighting.

A one-line ``tk.Text`` that behaves like the entry it replaces (``get()``, a ``StringVar`` kept
in step both ways, no newlines) and colours what quick add recognises while the person types:
after each change it asks the server (``task/parse``, which stores nothing) and tags each span
by its kind, as Todoist does. Replies to older text are dropped.
"""

import tkinter as tk
import tkinter.font

# One colour per kind of token (the same families the display convention uses).
SPAN_STYLES = {
    "tag": {"foreground": "#1a7f37"},
    "priority": {"foreground": "#c0392b", "font_weight": "bold"},
    "urgent": {"foreground": "#c0392b", "font_weight": "bold"},
    "duration": {"foreground": "#8250df"},
    "type": {"foreground": "#8250df"},
    "date": {"foreground": "#2f6fde"},
    "time": {"foreground": "#2f6fde"},   # a time of day: the date's blue
    "due": {"foreground": "#d35400"},
    "recurrence": {"foreground": "#0e7490"},
}


class QuickAddField(tk.Text):
    """A one-line text field that highlights quick-add tokens."""

    def __init__(self, master, app, view, variable, font):
        super().__init__(master, height=1, wrap="none", font=font, undo=False, relief="solid",
                         borderwidth=1, highlightthickness=1, highlightcolor="#2f6fde",
                         highlightbackground="#d0d7de", padx=6, pady=5)
        self.app, self.view, self.variable = app, view, variable
        self._syncing = False
        self._asked = None          # the text the last task/parse was sent for
        self.spans = []             # the spans shown: (kind, start, end) as Tk indexes
        bold = tkinter.font.Font(font=font)
        bold.configure(weight="bold")
        for kind, style in SPAN_STYLES.items():
            options = {"foreground": style["foreground"]}
            if style.get("font_weight") == "bold":
                options["font"] = bold
            self.tag_configure(f"qa-{kind}", **options)
        # Whether text indexes count a character outside the BMP as two (UTF-16 code units) or
        # as one (scalars): asked of the widget itself, as Tcl versions and builds differ.
        super().insert("1.0", "\U0001F9B7x")
        self._utf16 = super().get("1.0 + 1 chars", "1.0 + 2 chars") != "x"
        self.delete("1.0", "end")
        self.bind("<<Modified>>", self._on_modified)
        self.bind("<Control-a>", lambda e: (self.tag_add("sel", "1.0", "end-1c"), "break")[1])
        variable.trace_add("write", lambda *a: self._from_variable())

    # -- behaving like an entry ------------------------------------------------------------
    def get(self, *args):
        """The whole text without Tk's final newline (or a range, as Text.get)."""
        if args:
            return super().get(*args)
        return super().get("1.0", "end-1c")

    def insert(self, index, chars, *args):
        super().insert(index, chars.replace("\n", " "), *args)

    def _from_variable(self):
        if self._syncing or self.variable.get() == self.get():
            return
        self._syncing = True
        try:
            self.delete("1.0", "end")
            self.insert("1.0", self.variable.get())
        finally:
            self._syncing = False

    def _on_modified(self, _event=None):
        if not self.edit_modified():
            return
        self.edit_modified(False)
        text = self.get()
        if "\n" in text:                 # pasted lines become one line
            self.delete("1.0", "end")
            self.insert("1.0", text.replace("\n", " "))
            return
        if not self._syncing:
            self._syncing = True
            try:
                self.variable.set(text)
            finally:
                self._syncing = False
        self.ask()

    # -- highlighting ----------------------------------------------------------------------
    def ask(self):
        """Ask the server what the text means; the reply tags the spans."""
        text = self.get()
        self._asked = text
        if not text.strip():
            self.show_spans(text, [])
            return
        self.app.run_async("task/parse", {"text": text, "view": self.view},
                           lambda result, t=text: self.show_spans(t, result.get("spans", [])),
                           on_error=lambda error: None)

    def show_spans(self, text, spans):
        """Tags each span of ``text``, unless the field holds other text by now."""
        if text != self.get():
            return
        for kind in SPAN_STYLES:
            self.tag_remove(f"qa-{kind}", "1.0", "end")
        self.spans = []
        for span in spans:
            kind = span.get("kind")
            if kind not in SPAN_STYLES:
                continue
            start, end = ((span["start"], span["end"]) if self._utf16
                          else (span["scalarStart"], span["scalarEnd"]))
            first, last = f"1.0 + {start} chars", f"1.0 + {end} chars"
            self.tag_add(f"qa-{kind}", first, last)
            self.spans.append((kind, self.index(first), self.index(last)))

    def highlighted(self):
        """What is highlighted, as (kind, text) pairs in order: for tests and accessibility."""
        return [(kind, super(QuickAddField, self).get(first, last)) for kind, first, last in self.spans]
