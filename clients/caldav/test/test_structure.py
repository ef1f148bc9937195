"""Projects, headings and checklists as RELATED-TO (issue 32), both ways, against the real
Radicale and the phone (the caldav library): a project is a VTODO marked X-TASKWIRE-KIND:project
and its tasks name it in RELATED-TO;RELTYPE=PARENT (a heading in X-TASKWIRE-HEADING); a checklist
line is a sub-VTODO of its task (UID = the line's uuid, X-TASKWIRE-KIND:checklist)."""

import os

from harness import Case, set_prop


def parents(todo):
    """The UIDs a VTODO names as its parent (RELATED-TO without RELTYPE, or RELTYPE=PARENT)."""
    values = todo.get("RELATED-TO")
    if values is None:
        return []
    values = values if isinstance(values, list) else [values]
    return [str(v) for v in values if str(v.params.get("RELTYPE", "PARENT")).upper() == "PARENT"]


def prop(todo, name):
    return str(todo[name]) if name in todo else None


class Structure(Case):
    def garden(self):
        """Home (area) › Garden (project) › Spring (heading) › 'Sow beans' with two lines (one
        ticked); 'Prune' directly in Garden; 'Plain' in nothing."""
        tw = self.tw
        self.area = tw.call("task/create", {"title": "Home", "kind": "area"})["task"]
        self.project = tw.call("task/create", {"title": "Garden", "kind": "project",
                                               "parent": self.area["id"]})["task"]
        self.heading = tw.call("task/create", {"title": "Spring", "kind": "heading",
                                               "parent": self.project["id"]})["task"]
        self.sow = tw.call("task/create", {"title": "Sow beans",
                                           "parent": self.heading["id"]})["task"]
        for title in ("Buy seeds", "Water"):
            tw.call("task/checklist", {"id": self.sow["id"], "action": "add", "title": title})
        self.lines = self.task("Sow beans")["checklist"]
        tw.call("task/checklist", {"id": self.sow["id"], "action": "check",
                                   "item": self.lines[0]["uuid"]})
        self.prune = tw.call("task/create", {"title": "Prune", "parent": self.project["id"],
                                             "scheduledDate": self.today(1)})["task"]
        self.plain = tw.call("task/create", {"title": "Plain", "view": "inbox"})["task"]

    def steps(self):
        return self.tw.call("history/list", {"limit": 100})["steps"]

    def test_to_the_phone_and_taskwire_changes(self):
        self.garden()
        out, err = self.sync()
        todos = self.phone.todos()
        garden = todos[self.project["uuid"]]
        self.assertEqual((prop(garden, "SUMMARY"), prop(garden, "X-TASKWIRE-KIND")),
                         ("Garden", "project"))
        self.assertEqual(parents(garden), [])        # its area is not carried
        self.assertNotIn("X-APPLE-SORT-ORDER", garden)
        sow = todos[self.sow["uuid"]]
        self.assertEqual(parents(sow), [self.project["uuid"]])
        self.assertEqual(prop(sow, "X-TASKWIRE-HEADING"), self.heading["uuid"])
        self.assertNotIn("X-TASKWIRE-KIND", sow)
        prune = todos[self.prune["uuid"]]
        self.assertEqual(parents(prune), [self.project["uuid"]])
        self.assertNotIn("X-TASKWIRE-HEADING", prune)
        self.assertEqual(parents(todos[self.plain["uuid"]]), [])
        seeds, water = (todos[line["uuid"]] for line in self.lines)
        for n, line in enumerate((seeds, water)):
            self.assertEqual(parents(line), [self.sow["uuid"]])
            self.assertEqual(prop(line, "X-TASKWIRE-KIND"), "checklist")
            self.assertEqual(prop(line, "X-APPLE-SORT-ORDER"), str(n))
        self.assertEqual((prop(seeds, "SUMMARY"), prop(seeds, "STATUS")),
                         ("Buy seeds", "COMPLETED"))
        self.assertEqual((prop(water, "SUMMARY"), prop(water, "STATUS")),
                         ("Water", "NEEDS-ACTION"))
        self.assertEqual(len(todos), 6)
        # said once: the area, the heading, the project's place in the area
        for said in ("'Home' (area): not carried", "'Spring' (heading): no VTODO of its own",
                     "'Garden': area 'Home': kept in taskwire only"):
            self.assertIn(said, err)
        self.assertIn("to server: new 6", out)
        out, err = self.sync()
        self.assertIn("nothing to do", out)
        self.assertEqual(err.count("not carried"), 0)

        # taskwire's changes: lines renamed, ticked, added, deleted; a task out of its heading;
        # the project completed (its open tasks with it)
        tw = self.tw
        sid = self.sow["id"]
        tw.call("task/checklist", {"id": sid, "action": "rename", "item": self.lines[1]["uuid"],
                                   "title": "Water daily"})
        tw.call("task/checklist", {"id": sid, "action": "check", "item": self.lines[1]["uuid"]})
        tw.call("task/checklist", {"id": sid, "action": "delete", "item": self.lines[0]["uuid"]})
        tw.call("task/checklist", {"id": sid, "action": "add", "title": "Mulch"})
        mulch = self.task("Sow beans")["checklist"][-1]
        tw.call("task/update", {"id": sid, "parent": self.project["id"]})
        self.sync()
        todos = self.phone.todos()
        self.assertNotIn(self.lines[0]["uuid"], todos)
        water = todos[self.lines[1]["uuid"]]
        self.assertEqual((prop(water, "SUMMARY"), prop(water, "STATUS"),
                          prop(water, "X-APPLE-SORT-ORDER")), ("Water daily", "COMPLETED", "0"))
        self.assertEqual((prop(todos[mulch["uuid"]], "SUMMARY"), parents(todos[mulch["uuid"]])),
                         ("Mulch", [self.sow["uuid"]]))
        sow = todos[self.sow["uuid"]]
        self.assertEqual(parents(sow), [self.project["uuid"]])
        self.assertNotIn("X-TASKWIRE-HEADING", sow)
        tw.call("task/complete", {"id": self.project["id"]})
        out, _ = self.sync()
        todos = self.phone.todos()
        for uid in (self.project["uuid"], self.sow["uuid"], self.prune["uuid"]):
            self.assertEqual(prop(todos[uid], "STATUS"), "COMPLETED", uid)
        self.assertEqual(prop(todos[self.plain["uuid"]], "STATUS"), "NEEDS-ACTION")

        # the state lost: projects and lines are matched by their uuids, nothing doubled
        for root, _, files in os.walk(self.state_home):
            for name in files:
                if name.endswith(".json"):
                    os.unlink(os.path.join(root, name))
        count = len(self.phone.todos())
        self.sync()
        self.assertEqual(len(self.phone.todos()), count)
        self.assertEqual(len(self.tasks()), 6)
        self.assertEqual(len(self.task("Sow beans")["checklist"]), 2)
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_from_the_phone(self):
        self.garden()
        self.sync()
        before = len(self.steps())
        project, sow = self.project["uuid"], self.sow["uuid"]
        # a sub-task of the project's VTODO goes into the project; one naming a heading of it
        # goes under the heading; a sub-task of a task is a new line of its checklist
        self.phone.add("phone-in-project", "SUMMARY:Buy a rake",
                       f"RELATED-TO;RELTYPE=PARENT:{project}")
        self.phone.add("phone-in-heading", "SUMMARY:Dig bed", f"RELATED-TO:{project}",
                       f"X-TASKWIRE-HEADING:{self.heading['uuid']}")
        self.phone.add("phone-line", "SUMMARY:Label rows", f"RELATED-TO;RELTYPE=PARENT:{sow}",
                       "STATUS:COMPLETED", "DUE;VALUE=DATE:20300101")
        # the phone ticks one line and renames the other
        self.phone.edit(self.lines[1]["uuid"], lambda t: (set_prop("STATUS", "COMPLETED")(t),
                                                          set_prop("SUMMARY", "Water well")(t)))
        self.phone.edit(self.lines[0]["uuid"], set_prop("STATUS", "NEEDS-ACTION"))
        # and takes 'Prune' out of the project
        self.phone.edit(self.prune["uuid"], set_prop("RELATED-TO", None))
        out, err = self.sync()
        rake = self.task("Buy a rake")
        self.assertEqual(rake["parent"], self.project["id"])
        self.assertEqual(self.task("Dig bed")["parent"], self.heading["id"])
        self.assertNotIn("parent", self.task("Prune"))
        lines = self.task("Sow beans")["checklist"]
        self.assertEqual([(line["title"], line["done"]) for line in lines],
                         [("Buy seeds", False), ("Water well", True), ("Label rows", True)])
        self.assertIn("'Label rows': a checklist line in taskwire (a sub-task of a task): its "
                      "due kept on the server only", err)
        # the tasks, the new line (added ticked: task/checklist add's "done"), the tick, the
        # untick and the rename are one task/batch, one step
        steps = self.steps()[:len(self.steps()) - before]
        self.assertEqual(len(steps), 1, [s["label"] for s in steps])
        self.assertTrue(all(s["client"] == "taskwire-caldav" for s in steps))
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
        # the phone deletes a line and the project (whose tasks stay, out of it); it completes
        # another task's line
        self.phone.delete("phone-line")
        self.phone.delete(project)
        self.sync()
        self.assertEqual([line["title"] for line in self.task("Sow beans")["checklist"]],
                         ["Buy seeds", "Water well"])
        self.assertEqual([t["title"] for t in self.tasks() if t.get("kind") == "project"], [])
        # (children "keep": the project's tasks go to its area, which the server does not hold)
        self.assertEqual(self.task("Buy a rake")["parent"], self.area["id"])
        todos = self.phone.todos()
        self.assertEqual(parents(todos["phone-in-project"]), [])
        self.assertEqual(parents(todos[sow]), [])
        self.assertNotIn("X-TASKWIRE-HEADING", todos[sow])
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_lines_and_tasks_of_a_sync_are_one_undo_step(self):
        """The phone ticks one line, renames another, adds a third (ticked) and retitles a task: one
        sync, one task/batch, one undo step; history/undo takes all of it back, and the next
        sync carries the undo to the phone."""
        self.garden()
        self.sync()
        before = self.steps()
        seeds, water = (line["uuid"] for line in self.lines)
        self.phone.edit(water, set_prop("STATUS", "COMPLETED"))
        self.phone.edit(seeds, set_prop("SUMMARY", "Buy bean seeds"))
        # (a new line already ticked: added ticked, in the same step)
        self.phone.add("phone-third-line", "SUMMARY:Stake rows", "STATUS:COMPLETED",
                       f"RELATED-TO;RELTYPE=PARENT:{self.sow['uuid']}")
        self.phone.edit(self.prune["uuid"], set_prop("SUMMARY", "Prune the roses"))
        out, _ = self.sync()
        self.assertEqual([(line["title"], line["done"])
                          for line in self.task("Sow beans")["checklist"]],
                         [("Buy bean seeds", True), ("Water", True), ("Stake rows", True)])
        self.assertEqual(self.task("Prune the roses")["id"], self.prune["id"])
        steps = self.steps()
        self.assertEqual(len(steps), len(before) + 1, [s["label"] for s in steps])
        self.assertEqual(steps[0]["client"], "taskwire-caldav")
        self.assertFalse(steps[0]["undone"])
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
        self.assertEqual(len(self.steps()), len(before) + 1)

        self.tw.call("history/undo")
        self.assertEqual([(line["title"], line["done"])
                          for line in self.task("Sow beans")["checklist"]],
                         [("Buy seeds", True), ("Water", False)])
        self.assertEqual(self.task("Prune")["id"], self.prune["id"])
        self.sync()
        todos = self.phone.todos()
        self.assertEqual((prop(todos[seeds], "SUMMARY"), prop(todos[seeds], "STATUS")),
                         ("Buy seeds", "COMPLETED"))
        self.assertEqual((prop(todos[water], "SUMMARY"), prop(todos[water], "STATUS")),
                         ("Water", "NEEDS-ACTION"))
        self.assertNotIn("phone-third-line", todos)
        self.assertEqual(prop(todos[self.prune["uuid"]], "SUMMARY"), "Prune")
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_a_project_made_on_the_phone_and_completed_there(self):
        """A project VTODO (X-TASKWIRE-KIND:project) and sub-tasks made on the phone in one go:
        the project, its tasks and the sub-task's line in one task/batch (the tasks name the
        project as "parent": "@N", the line its task as "id": "@N"), so one undo step.
        Completing the project's VTODO completes its tasks in taskwire, and the server hears of
        it."""
        before = len(self.steps())
        self.phone.add("phone-project", "SUMMARY:Move house", "X-TASKWIRE-KIND:project")
        self.phone.add("phone-task", "SUMMARY:Book van", "RELATED-TO:phone-project")
        self.phone.add("phone-task-2", "SUMMARY:Pack books", "RELATED-TO:phone-project",
                       "X-TASKWIRE-HEADING:no-such-heading")
        self.phone.add("phone-task-line", "SUMMARY:Ask for a quote", "RELATED-TO:phone-task")
        out, err = self.sync()
        move = self.task("Move house")
        self.assertEqual(move["kind"], "project")
        van = self.task("Book van")
        self.assertEqual(van["parent"], move["id"])
        self.assertEqual(self.task("Pack books")["parent"], move["id"])
        self.assertEqual([line["title"] for line in van["checklist"]], ["Ask for a quote"])
        steps = self.steps()[:len(self.steps()) - before]
        self.assertEqual(len(steps), 1, [s["label"] for s in steps])   # the line in the batch
        self.assertTrue(all(s["client"] == "taskwire-caldav" for s in steps))
        todos = self.phone.todos()
        self.assertEqual(parents(todos["phone-task"]), ["phone-project"])
        self.assertNotIn("X-TASKWIRE-HEADING", todos["phone-task-2"])   # none such: written back
        self.assertNotIn("RELATED-TO names no open", err)
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
        self.assertEqual(len(self.steps()) - before, 1)
        self.phone.edit("phone-project", set_prop("STATUS", "COMPLETED"))
        out, _ = self.sync()
        self.assertTrue(self.task("Move house")["completed"])
        self.assertTrue(self.task("Book van")["completed"])
        self.assertEqual(prop(self.phone.todos()["phone-task"], "STATUS"), "COMPLETED")
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_kind_changes_keep_the_uid(self):
        """A line made a task (toTask keeps its uuid) and a task made a project: the same VTODO,
        rewritten for its new kind; the project's former lines become its tasks' VTODOs."""
        self.garden()
        self.sync()
        tw = self.tw
        water = self.lines[1]["uuid"]
        tw.call("task/checklist", {"id": self.sow["id"], "action": "toTask", "item": water})
        self.sync()
        todo = self.phone.todos()[water]
        self.assertNotIn("X-TASKWIRE-KIND", todo)
        self.assertEqual(parents(todo), [self.project["uuid"]])
        tw.call("task/convert", {"id": self.sow["id"], "to": "project"})
        self.sync()
        todos = self.phone.todos()
        sow = todos[self.sow["uuid"]]
        self.assertEqual(prop(sow, "X-TASKWIRE-KIND"), "project")
        self.assertEqual(parents(sow), [])
        self.assertNotIn("X-TASKWIRE-HEADING", sow)
        seeds = todos[self.lines[0]["uuid"]]
        self.assertNotIn("X-TASKWIRE-KIND", seeds)
        self.assertEqual(parents(seeds), [self.sow["uuid"]])
        self.assertEqual(prop(seeds, "STATUS"), "COMPLETED")
        self.assertEqual(len(todos), len([t for t in self.tasks()
                                          if t.get("kind") in (None, "task", "project")]))
        out, _ = self.sync()
        self.assertIn("nothing to do", out)

    def test_a_kill_after_a_line_was_added_makes_no_duplicate(self):
        """Killed right after the task/batch that added a phone's lines (the bridge exits there
        when TWCALDAV_TEST_EXIT_AFTER_LINE is set): the restart finds the lines it added (the
        state named them before the batch), also the line of a task the same batch made
        ("id": "@N"), and ticks the done one; nothing is doubled."""
        self.tw.call("task/create", {"title": "Pack", "view": "inbox"})
        self.sync()
        uid = self.task("Pack")["uuid"]
        self.tw.call("task/checklist", {"id": self.task("Pack")["id"], "action": "add",
                                        "title": "Socks"})
        self.phone.add("line-a", "SUMMARY:Socks", f"RELATED-TO:{uid}", "STATUS:COMPLETED")
        self.phone.add("line-b", "SUMMARY:Shirts", f"RELATED-TO:{uid}")
        self.phone.add("phone-trip", "SUMMARY:Trip")
        self.phone.add("line-c", "SUMMARY:Tickets", "RELATED-TO:phone-trip")
        self.sync(env=self.env(TWCALDAV_TEST_EXIT_AFTER_LINE="1"), expect=9)
        # the batch committed: the new task and the three lines are in taskwire, unrecorded
        self.assertEqual([line["title"] for line in self.task("Trip")["checklist"]],
                         ["Tickets"])
        out, err = self.sync()
        self.assertIn("found the 1 task(s) an interrupted sync created", err)
        self.assertIn("found the 3 checklist line(s) an interrupted sync added", err)
        lines = self.task("Pack")["checklist"]
        self.assertEqual(sorted((line["title"], line["done"]) for line in lines),
                         [("Shirts", False), ("Socks", False), ("Socks", True)])
        self.assertEqual([(line["title"], line["done"])
                          for line in self.task("Trip")["checklist"]], [("Tickets", False)])
        todos = self.phone.todos()
        self.assertEqual(sorted(str(t["SUMMARY"]) for t in todos.values()),
                         ["Pack", "Shirts", "Socks", "Socks", "Tickets", "Trip"])
        self.assertEqual(parents(todos["line-c"]), ["phone-trip"])
        out, _ = self.sync()
        self.assertIn("nothing to do", out)
