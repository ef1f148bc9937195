"""The looks of the taskwire Tk app: the ttk theme, fonts and the colours of rows, and how
the server's display parts are drawn (their words are the server's, the colours ours)."""

import tkinter as tk
from tkinter import font as tkfont
from tkinter import ttk

# The matrix's quadrants: header colours (background, text).
QUADRANT_COLOURS = {"do": ("#fde8e7", "#8c1d18"), "schedule": ("#e8f0fe", "#1f3a5f"),
                    "delegate": ("#fff4e0", "#7a4a00"), "eliminate": ("#eef0f3", "#3d4450")}

# The kinds of display parts that colour their row (the words say it too): red, red, orange.
KIND_TAGS = {"overdue": "overdue", "afterDue": "after-due", "dueToday": "due-today"}
HEADER_GAP = " · "   # between a group header's parts


def part_texts(item):
    """The texts of a task's display parts, in the server's order."""
    return [part["text"] for part in item.get("display") or () if part.get("text")]


def header_text(group):
    """A group's header as the server words it: ``Tomorrow · Fri, Feb 13 · 45m``."""
    return HEADER_GAP.join(part_texts(group)) or group.get("title") or ""


def colour_tags(task):
    """The row tags that colour a task by the kinds of its display parts."""
    return sorted({KIND_TAGS[part.get("kind")] for part in task.get("display") or ()
                   if part.get("kind") in KIND_TAGS})


def setup_style(root):
    """Configure the theme; returns ``(fonts, row_tags)``."""
    style = ttk.Style(root)
    if "clam" in style.theme_names():
        style.theme_use("clam")
    base = tkfont.nametofont("TkDefaultFont")
    base.configure(size=12)
    family = base.actual("family")
    fonts = {"row": tkfont.Font(family=family, size=12),
             "title": tkfont.Font(family=family, size=20, weight="bold"),
             "header": tkfont.Font(family=family, size=13, weight="bold"),
             "small": tkfont.Font(family=family, size=10)}
    row_tags = {"header": {"font": fonts["header"], "background": "#eef2f8",
                           "foreground": "#1f3a5f"},
                "task": {"font": fonts["row"]},
                "done": {"foreground": "#5b6475"},
                "overdue": {"foreground": "#b3261e"},
                "after-due": {"foreground": "#b3261e"},
                "due-today": {"foreground": "#c25e00"}}
    style.configure("Title.TLabel", font=fonts["title"], foreground="#1d2330")
    style.configure("Subtitle.TLabel", foreground="#5b6475")
    style.configure("Link.TLabel", foreground="#2f6fde", font=fonts["small"])
    style.configure("Empty.TLabel", foreground="#8a93a3", background="white")
    style.configure("Status.TLabel", font=fonts["small"], foreground="#5b6475",
                    padding=(10, 4))
    style.configure("Tasks.Treeview", rowheight=34, font=fonts["row"],
                    fieldbackground="white", background="white", borderwidth=0)
    style.configure("Quadrant.Treeview", rowheight=30, font=fonts["row"],
                    fieldbackground="white", background="white", borderwidth=0)
    for name in ("Tasks.Treeview", "Quadrant.Treeview"):
        style.map(name, background=[("selected", "#2f6fde")], foreground=[("selected", "white")])
    for key, (background, foreground) in QUADRANT_COLOURS.items():
        style.configure(f"{key}.Quadrant.TLabel", font=fonts["header"], background=background,
                        foreground=foreground, padding=(10, 6))
    style.configure("Tabs.TNotebook.Tab", padding=(18, 6), font=fonts["row"])
    style.configure("PickerMonth.TLabel", font=fonts["header"])
    style.configure("PickerWeekday.TLabel", foreground="#5b6475")
    root.option_add("*Menu.font", fonts["row"])
    return fonts, row_tags


def make_ghost(root, font):
    """The label that follows the pointer during a drag."""
    return tk.Label(root, bg="#fffbe6", relief="solid", bd=1, font=font)
