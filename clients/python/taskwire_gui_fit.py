"""Rows fitted to the width a tree has on screen: a row's markers are never cut.

A tree's width is known only once it is on screen: a tab never shown has width 1 (Tk lays out
a widget when it is mapped), so each tree fits its rows again on ``<Configure>``, which comes
when its tab is first shown and whenever the window is resized, and not while it is hidden.

When the markers do not fit beside a readable title, they wrap onto more lines of the row,
between markers (the tree's row height grows for it; ttk has one row height per style, so
each tree has its own style): squeezing the title to ``B…`` or cutting ``overdue`` off both
hide what the row is for.
"""

from tkinter import ttk

GAP = "  "          # between two markers, as the display convention writes them
TITLE_SHARE = 0.4   # the part of a row a title keeps beside its markers on one line
MIN_TITLE = 200     # px a list row's title keeps beside its markers
INFO_PAD = 16       # px around the markers' text in their column
BORDER = 4          # px of the tree's border, not given to its columns


def on_screen_width(widget):
    """The widget's width, or None while it was never on screen (Tk says 1 then)."""
    width = widget.winfo_width()
    return width if width > 1 else None


def ellipsize(text, font, room):
    """``text`` cut to ``room`` px, ending in '…' when cut."""
    if font.measure(text) <= room:
        return text
    while len(text) > 1 and font.measure(text + "…") > room:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(parts, font, room):
    """The markers ``parts`` as lines at most ``room`` px wide, broken between markers; a
    marker too wide for a line alone (many tags) breaks at its spaces, a word too wide alone
    ends in '…'."""
    words = []
    for part in parts:
        words.extend([part] if font.measure(part) <= room else part.split(" "))
    lines = []
    for word in words:
        word = ellipsize(word, font, room)
        if lines and font.measure(lines[-1] + GAP + word) <= room:
            lines[-1] += GAP + word
        else:
            lines.append(word)
    return lines


def row_height(widget, style, lines, font, base):
    """Give ``style``'s rows the height of ``lines`` lines of ``font`` (``base`` for one)."""
    linespace = font.metrics("linespace")
    height = base if lines <= 1 else lines * linespace + base - linespace
    styles = ttk.Style(widget)
    if str(styles.configure(style, "rowheight")) != str(height):   # a change re-lays out all
        styles.configure(style, rowheight=height)
    return height


def fit_info_column(tree, font, infos, style, base_height, min_info=160):
    """Size the ``info`` column of a list's tree (the title in ``#0``, the markers right of it)
    to its rows' markers: ``infos`` maps a row's iid to its marker texts.  The column takes
    what the widest markers need, the title keeps ``MIN_TITLE``; when that is not enough the
    markers wrap.  False while the tree was never on screen (its ``<Configure>`` comes later).
    """
    width = on_screen_width(tree)
    fits = {iid: GAP.join(parts) for iid, parts in infos.items()}
    widest = max((font.measure(text) for text in fits.values()), default=0)
    if width is None:
        for iid, text in fits.items():
            tree.set(iid, "info", text)
        return False
    room = max(min_info, width - BORDER - MIN_TITLE)
    column = min(room, max(min_info, widest + INFO_PAD))
    most = 1
    for iid, parts in infos.items():
        lines = [fits[iid]] if font.measure(fits[iid]) + INFO_PAD <= column else wrap(
            parts, font, column - INFO_PAD)
        most = max(most, len(lines))
        tree.set(iid, "info", "\n".join(lines))
    tree.column("info", width=column)
    row_height(tree, style, most, font, base_height)
    return True


def title_and_markers(title, parts, font, room, max_lines=3):
    """A row's text in one column ``room`` px wide, as lines: ``☐  Title  !!  #tag`` when it
    fits; with the title shortened when it keeps ``TITLE_SHARE`` of the row; else the title
    alone, and its markers on lines under it (from where the title's text starts).  At most
    ``max_lines`` (a row taller than its tree is not drawn at all): the last one then ends
    in '…'."""
    tail = GAP + GAP.join(parts) if parts else ""
    if font.measure(title + tail) <= room:
        return [title + tail]
    if parts and room - font.measure(tail) >= min(font.measure(title), room * TITLE_SHARE):
        return [ellipsize(title, font, room - font.measure(tail)) + tail]
    if max_lines < 2:
        return [ellipsize(title + tail, font, room)]
    indent = " " * round(font.measure(title[:3]) / max(1, font.measure(" ")))   # past "☐  "
    lines = wrap(parts, font, room - font.measure(indent))
    if len(lines) >= max_lines:
        rest = GAP.join(lines[max_lines - 2:])
        lines = lines[:max_lines - 2] + [ellipsize(rest, font, room - font.measure(indent))]
    return [ellipsize(title, font, room)] + [indent + line for line in lines]
