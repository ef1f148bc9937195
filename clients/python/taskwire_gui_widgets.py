"""Widgets of the taskwire Tk app: the schedule menu, the date picker and the toast.

The schedule menu (story 3.6) is built from ``task/scheduleOptions``: Today / Tomorrow /
Choose date… / Inbox, each day beside its label as the server words it (``detail``), the
current one marked, then the task's other actions (Put on Someday, Mark cancelled, Make a
project; issue 29), then Cancel.  The date picker is a month grid that opens on the server's
default (tomorrow) and allows no day before the server's minimum.  Every word (the grid's
month and day names, the buttons) is the server's catalogue's.
"""

import calendar
import datetime
import tkinter as tk
from tkinter import ttk


def day_names(words, day):
    """The catalogue's names of a day (a ``datetime.date``) for the date picker: weekday,
    month, as ``tk.picker.selected`` takes them."""
    return {"weekday": words(f"tk.picker.day{day.isoweekday()}"),
            "month": words(f"tk.picker.month{day.month}"), "day": day.day, "year": day.year}


def parse_date(text):
    """A ``YYYY-MM-DD`` string as a ``datetime.date``."""
    return datetime.date.fromisoformat(text)


def build_schedule_menu(master, options, on_choice, words, font=None, actions=()):
    """A ``tk.Menu`` for a ``task/scheduleOptions`` result (its labels and days are the
    server's: a dated option's ``detail`` is its accelerator), then ``actions``.

    ``on_choice(option)`` is called with the chosen option dict (its ``id`` is today,
    tomorrow, choose or inbox); ``actions`` are ``(catalogue key, callback)`` entries after
    them (Put on Someday, Mark cancelled, …); Cancel (and Escape) call nothing.  ``options``
    None: the actions alone (a project in the sidebar).  ``words(key, **values)`` gives the
    catalogue's words.
    """
    menu = tk.Menu(master, tearoff=False, font=font)
    current = tk.StringVar(master=menu, value="")
    menu.current_var = current  # keep the variable alive as long as the menu
    for option in (options or {}).get("options", ()):
        menu.add_radiobutton(label=option["label"], value=option["id"], variable=current,
                             accelerator=option.get("detail") or "",
                             command=lambda o=option: on_choice(o))
        if option["current"]:
            current.set(option["id"])
    if actions and options:
        menu.add_separator()
    for key, callback in actions:
        menu.add_command(label=words(key), command=callback)
    menu.add_separator()
    menu.add_command(label=words("action.cancel"), command=lambda: None)
    return menu


class DatePicker(tk.Toplevel):
    """A modal month calendar: pick a day not before ``minimum``; Done or Cancel.

    ``on_done(date_string)`` is called on Done; Cancel, Escape and closing the window call
    nothing.  Keys: arrows move the day (±1, ±7), Page Up/Down the month, Enter is Done.
    ``words(key, **values)`` gives the catalogue's words (month and day names too).
    """

    def __init__(self, master, default, minimum, on_done, words, title=None, font=None,
                 return_focus=None):
        super().__init__(master)
        self.withdraw()
        self.words = words
        self.title(title or words("tk.picker.title"))
        self.transient(master.winfo_toplevel())
        self.resizable(False, False)
        self.return_focus = return_focus or master.focus_get()
        self.minimum = parse_date(minimum)
        self.selected = max(parse_date(default), self.minimum)
        self.shown = self.selected.replace(day=1)
        self.on_done = on_done
        self.result = None
        self.day_buttons = {}
        self.font = font
        self._build()
        self._render()
        self.protocol("WM_DELETE_WINDOW", self.cancel)
        for key, days in (("<Left>", -1), ("<Right>", 1), ("<Up>", -7), ("<Down>", 7)):
            self.bind(key, lambda e, d=days: self.select(self.selected + datetime.timedelta(d)))
        self.bind("<Prior>", lambda e: self.step_month(-1))
        self.bind("<Next>", lambda e: self.step_month(1))
        self.bind("<Return>", lambda e: self.done())
        self.bind("<KP_Enter>", lambda e: self.done())
        self.bind("<Escape>", lambda e: self.cancel())
        self.deiconify()
        x = master.winfo_rootx() + max(0, (master.winfo_width() - 340) // 2)
        y = master.winfo_rooty() + 80
        self.geometry(f"+{x}+{y}")
        self.wait_visibility()
        self.grab_set()
        self.focus_set()

    def _build(self):
        body = ttk.Frame(self, padding=12)
        body.pack(fill="both", expand=True)
        top = ttk.Frame(body)
        top.grid(row=0, column=0, columnspan=7, sticky="ew", pady=(0, 8))
        self.prev_button = ttk.Button(top, text="‹", width=3, command=lambda: self.step_month(-1))
        self.prev_button.pack(side="left")
        self.next_button = ttk.Button(top, text="›", width=3, command=lambda: self.step_month(1))
        self.next_button.pack(side="right")
        self.month_label = ttk.Label(top, anchor="center", style="PickerMonth.TLabel")
        self.month_label.pack(side="left", fill="x", expand=True)
        for column in range(7):
            ttk.Label(body, text=self.words(f"tk.picker.dayShort{column + 1}"), anchor="center",
                      style="PickerWeekday.TLabel").grid(row=1, column=column, sticky="ew")
        self.cells = []
        for row in range(6):
            for column in range(7):
                cell = tk.Button(body, width=3, relief="flat", font=self.font, bd=0,
                                 highlightthickness=0, takefocus=False)
                cell.grid(row=row + 2, column=column, padx=1, pady=1, sticky="nsew")
                self.cells.append(cell)
        self.selected_label = ttk.Label(body, anchor="center")
        self.selected_label.grid(row=8, column=0, columnspan=7, sticky="ew", pady=(8, 4))
        buttons = ttk.Frame(body)
        buttons.grid(row=9, column=0, columnspan=7, sticky="e")
        self.cancel_button = ttk.Button(buttons, text=self.words("action.cancel"),
                                        command=self.cancel)
        self.cancel_button.pack(side="left", padx=(0, 6))
        self.done_button = ttk.Button(buttons, text=self.words("tk.picker.done"), command=self.done,
                                      style="Accent.TButton")
        self.done_button.pack(side="left")

    def _render(self):
        self.month_label.configure(text=self.words("tk.picker.monthYear",
                                                   **day_names(self.words, self.shown)))
        self.prev_button.state(["disabled" if self.shown <= self.minimum.replace(day=1)
                                else "!disabled"])
        weeks = calendar.Calendar(firstweekday=0).monthdatescalendar(self.shown.year,
                                                                     self.shown.month)
        days = [day for week in weeks for day in week]
        days += [None] * (42 - len(days))
        self.day_buttons = {}
        for cell, day in zip(self.cells, days):
            if day is None or day.month != self.shown.month:
                cell.configure(text="", state="disabled", bg=self["bg"], command=lambda: None)
                continue
            past = day < self.minimum
            chosen = day == self.selected
            cell.configure(text=str(day.day), state="disabled" if past else "normal",
                           bg="#2f6fde" if chosen else self["bg"],
                           fg="white" if chosen else "#1d2330",
                           activebackground="#d7e4fb",
                           command=lambda d=day: self.select(d))
            self.day_buttons[day] = cell
        self.selected_label.configure(text=self.words("tk.picker.selected",
                                                      **day_names(self.words, self.selected)))

    def select(self, day):
        """Select ``day`` (ignored when before the minimum) and show its month."""
        if day < self.minimum:
            return
        self.selected = day
        self.shown = day.replace(day=1)
        self._render()

    def step_month(self, months):
        """Show the previous (-1) or next (+1) month, keeping the day where possible."""
        month_index = self.shown.year * 12 + self.shown.month - 1 + months
        year, month = divmod(month_index, 12)
        last = calendar.monthrange(year, month + 1)[1]
        day = datetime.date(year, month + 1, min(self.selected.day, last))
        self.select(max(day, self.minimum))

    def done(self):
        """Close and report the selected day."""
        self.result = self.selected.isoformat()
        self._close()
        self.on_done(self.result)

    def cancel(self):
        """Close without a choice: nothing changes."""
        self.result = None
        self._close()

    def _close(self):
        self.grab_release()
        self.destroy()
        if self.return_focus is not None and self.return_focus.winfo_exists():
            self.return_focus.focus_force()  # the dialog had the focus: hand it back


class Toast:
    """A short message at the bottom of a window that goes away by itself."""

    def __init__(self, master, font=None, duration_ms=3000):
        self.master = master
        self.duration_ms = duration_ms
        self.label = tk.Label(master, bg="#2b2f36", fg="white", font=font, padx=16, pady=8)
        self.history = []     # every text shown, for tests
        self._after = None

    def show(self, text):
        """Show ``text`` for a few seconds (replacing a toast still shown)."""
        self.history.append(text)
        # Wrapped to the window, so that a long message is never cut off.
        self.label.configure(text=text, wraplength=max(
            200, (self.master.winfo_width() if self.master.winfo_width() > 1 else 840) - 80))
        self.label.place(relx=0.5, rely=1.0, y=-44, anchor="s")
        self.label.lift()
        if self._after is not None:
            self.master.after_cancel(self._after)
        self._after = self.master.after(self.duration_ms, self._expire)

    def _expire(self):
        self._after = None
        self.hide()

    def hide(self):
        """Take the toast away now."""
        if self._after is not None:
            self.master.after_cancel(self._after)
            self._after = None
        self.label.place_forget()

    @property
    def text(self):
        """The text shown now, or None."""
        return self.label.cget("text") if self.label.winfo_ismapped() else None
