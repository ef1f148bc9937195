"""Renaming a task in place: F2 or a double-click puts an entry over the row's title.

Enter (or leaving the field) saves with one ``task/update``; Escape cancels.  The row itself
changes only when the server's diff arrives, like every other change.
"""

import tkinter as tk

from taskwire_gui_list import CHECKBOX_PX


def rename_in_place(app, tasklist, task_id):
    """Opens the rename field over ``task_id``'s row; returns it (None when the row is hidden)."""
    tree = tasklist.tree
    box = tree.bbox(f"t{task_id}", "#0")
    task = app.task(task_id)
    if not box or task is None:
        return None
    field = tk.Entry(tree, font=app.fonts["row"], relief="solid", borderwidth=1)
    field.insert(0, task["title"])
    field.select_range(0, "end")
    field.icursor("end")
    field.place(x=box[0] + CHECKBOX_PX, y=box[1], width=max(80, box[2] - CHECKBOX_PX),
                height=box[3])
    field.focus_set()
    done = []

    def close(save):
        if done:
            return "break"
        done.append(True)
        title = field.get().strip()
        field.destroy()
        app.renaming = None
        tree.focus_set()
        if save and title and title != task["title"]:
            app.run_async("task/update", {"id": task_id, "title": title})
        return "break"

    field.bind("<Return>", lambda e: close(True))
    field.bind("<KP_Enter>", lambda e: close(True))
    field.bind("<Escape>", lambda e: close(False))
    field.bind("<FocusOut>", lambda e: close(True))
    app.renaming = field
    return field


def selection_handler(tasklist, action):
    """A key handler that calls ``action(task_id)`` on the list's selected task, if any."""
    def handler(event=None):
        task_id = tasklist.selected_task()
        if task_id is not None:
            action(task_id)
        return "break"
    return handler


def rename_handler(app, tasklist):
    """F2 (the selected task) or a double-click (the task under the pointer): rename in place."""
    def handler(event=None):
        task_id = tasklist.selected_task()
        if event is not None and event.type == tk.EventType.ButtonPress:
            task_id = tasklist.task_at(event.y)
        if task_id is not None:
            rename_in_place(app, tasklist, task_id)
        return "break"
    return handler
