"""The words a taskwire client shows, all of them from the server (issue 28).

The server sends each task's and each group's ``display`` parts (``[{kind, text}]``) in the
session's language, and every other word (tab names, placeholders, messages, help) in its
catalogue (``catalogue/get``).  A client draws them and adds no words of its own; this module
holds the little it needs for that, and nothing that formats a task.
"""

import re

# The JSON-RPC errors whose message starts with the protocol's prefix ("Invalid params: …").
PROTOCOL_CODES = range(-32700, -32599)
PLACEHOLDER = re.compile(r"\{(\w+)\}")


class Catalogue:
    """The words a client shows, from ``catalogue/get`` (``{locale, strings}``), in the
    session's language: ``words.text("confirm.delete", title="Call mom")`` (or
    ``words("confirm.delete", title=…)``) fills in the ``{name}`` placeholders.  A key the
    server does not have reads as the key itself, so that it shows and can be reported."""

    def __init__(self, result=None):
        result = result or {}
        self.locale = result.get("locale")
        self.strings = dict(result.get("strings") or {})

    def text(self, key, **values):
        template = self.strings.get(key, key)
        return PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values
                               else m.group(0), template)

    __call__ = text

    def __contains__(self, key):
        return key in self.strings


def parts_text(parts, separator="  "):
    """Display parts (``[{kind, text}]``, a task's or a group's ``display``) as one text:
    a task's markers are joined with two spaces, a group's header with ``" · "``."""
    return separator.join(part["text"] for part in parts or () if part.get("text"))


def error_text(error):
    """What a person reads for an error: the server's message without the JSON-RPC prefix
    (``Invalid params: ``, ``Ungültige Parameter: ``), without the code, on one line."""
    message = getattr(error, "message", None)
    if not isinstance(message, str):
        return str(error)
    if getattr(error, "code", None) in PROTOCOL_CODES and ": " in message:
        message = message.split(": ", 1)[1]
    return " ".join(message.split())


def task_line(task):
    """A task as the display convention writes it in plain text: ``[ ] `` (``[x] ``), the
    title on one line, and each of its ``display`` parts after two spaces."""
    box = "[x] " if task.get("completed") else "[ ] "
    title = " ".join(task.get("title", "").splitlines())
    return box + title + "".join("  " + part["text"] for part in task.get("display") or ())
