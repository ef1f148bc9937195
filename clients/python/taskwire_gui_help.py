"""Quick add's help: what the field reads, and when a word is a date (F1 or "?" in the field).

The rules are the server's (Protocol/README.md, "Quick add"; Sources/TaskwireCore/QuickAdd).
The server offers no method that returns them, so they are written here, in the app's two
languages; test_gui_quickadd.py asks the server about every word ``CONTEXT_WORDS`` names, so
the help cannot drift from what quick add does.
"""

import tkinter as tk
from tkinter import ttk

# Dates that are ordinary words too: dates only after on/at/due/by, or as the title's last word.
CONTEXT_WORDS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun", "tod", "tom", "now",
                 "weekend", "eow", "eom", "eoy", "3rd")
# German's two-letter weekdays: dates only after am/on.
PREFIX_WORDS = ("mo", "di", "mi", "do", "fr", "sa", "so")

HELP = {
    "en": f"""Quick add reads the line: what it recognises is coloured as you type, the rest is \
the title.

  #tag  +tag\ta tag
  !  !!  !!!  p1 … p4\tpriority (p1 is the highest)
  *\turgent
  30m  1h  1h30\thow long it takes
  @deep  @errand  …\tthe type
  tomorrow  fri  next monday  in 3 days  dec 24  the 15th  2026-12-01
\tthe date (blue); also after "on" or "at"
  due fri  by dec 24\tthe due date (orange)
  daily  every mon  every 2 weeks  every! 3 days
\ta repeat

When is a word a date?
• Short words that are ordinary words too ({", ".join(CONTEXT_WORDS[:-1])} and ordinals \
such as 3rd) are dates only after on, at, due or by, or as the last word of the title \
(only tokens such as #tag, !!, 30m after it):
    "Call mom fri" and "Call mom fri #family 30m" are Friday,
    "Call mom fri evening" keeps "fri" in the title (a word of the title follows it).
  Write "Call mom on fri evening" to make it Friday.
• The German weekdays {", ".join(PREFIX_WORDS)} only after "am" or "on": "am fr".
• 12/1 is no date (December 1 or January 12?) and stays in the title: write 2026-12-01 or dec 1.
• A word in "quotes" or after a backslash (\\fri) stays in the title, and so does a word \
followed by ? or ! ("fri?").

Where the task goes: without a date to the Inbox; dated today or earlier to Today; later to \
Upcoming. When that is not the tab you typed in, a message says where it went.""",
    "de": f"""Quick add liest die Zeile: Erkanntes wird beim Tippen farbig, der Rest ist der \
Titel.

  #tag  +tag\tein Tag
  !  !!  !!!  p1 … p4\tPriorität (p1 ist die höchste)
  *\tdringend
  30m  1h  1h30\tDauer
  @deep  @errand  …\tArt
  morgen  freitag  nächsten montag  in 3 tagen  24. dez  24.12.  2026-12-01
\tdas Datum (blau); auch nach „am“ oder „on“
  bis fr  fällig 24.12.\tdas Fälligkeitsdatum (orange)
  täglich  jeden montag  alle 2 wochen
\teine Wiederholung

Wann ist ein Wort ein Datum?
• Die Kürzel {", ".join(PREFIX_WORDS)} nur nach „am“ oder „on“: „Mama anrufen am fr“.
• Englische Kurzwörter ({", ".join(CONTEXT_WORDS[:-1])}, 3rd) nur nach on, at, due oder \
by, oder als letztes Wort des Titels (dahinter nur Kürzel wie #tag, !!, 30m): „Call mom fri \
#family“ ist Freitag, in „Call mom fri evening“ bleibt „fri“ im Titel.
• 12/1 ist kein Datum (1. Dezember oder 12. Januar?) und bleibt im Titel: 2026-12-01 oder 1. dez schreiben.
• Ein Wort in "Anführungszeichen" oder nach einem Backslash (\\fr) bleibt im Titel, ebenso \
ein Wort mit ? oder ! dahinter.

Wohin die Aufgabe kommt: ohne Datum in den Eingang; heute oder früher nach Heute; später \
nach Demnächst. Ist das nicht der Reiter, in dem getippt wurde, sagt eine Meldung, wohin.""",
}
TITLE = {"en": "Quick add", "de": "Quick add"}
CLOSE = {"en": "Close", "de": "Schließen"}


def help_text(language="en"):
    return HELP.get(language, HELP["en"])


class QuickAddHelp(tk.Toplevel):
    """The help as a small window beside the app; Escape or Close shuts it, the field keeps
    what was typed."""

    def __init__(self, master, language="en", font=None, return_focus=None):
        super().__init__(master)
        self.title(TITLE.get(language, TITLE["en"]))
        self.transient(master.winfo_toplevel())
        self.return_focus = return_focus
        body = ttk.Frame(self, padding=14)
        body.pack(fill="both", expand=True)
        # The tables' second column at a tab stop: the font is proportional.
        self.text = tk.Text(body, wrap="word", width=84, height=25, font=font, relief="flat",
                            borderwidth=0, background=self.cget("background"), padx=4, pady=4,
                            tabs=("7c",))
        self.text.insert("1.0", help_text(language))
        self.text.configure(state="disabled")
        self.text.pack(fill="both", expand=True)
        ttk.Button(body, text=CLOSE.get(language, CLOSE["en"]), command=self.close).pack(
            side="right", pady=(8, 0))
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
