# tasks.jq: how tw draws tasks, views, places and replies; a module of defs, included by
# render.jq (every command's output) and watch.jq (tw watch). The server words them: each task
# and group carries its display parts (clients/README.md, "Display convention"), every other
# word is the catalogue's (common.jq's word). What is left here is drawing: ids, widths, the
# checkbox, colours. Every request id is "KIND/SEQ/LINE": KIND says how to show the reply, LINE
# is the stdin line of a batch (empty otherwise). Args: $json ("1": raw results), $color.
include "common";

def red: if $color then "\u001b[31m\(.)\u001b[0m" else . end;
def orange: if $color then "\u001b[1;33m\(.)\u001b[0m" else . end;
# (A slice of spaces, not " " * n: in gojq that costs ~5 µs a call, half a millisecond a list.)
def lpad($n): tostring as $t | ($n - ($t | length)) as $k | if $k > 0 then "                "[:$k] + $t else $t end;
def rpad($n): tostring as $t | ($n - ($t | length)) as $k | if $k > 0 then $t + "                "[:$k] else $t end;

# A part as drawn: overdue and after due in red, due today in orange (the words always there).
def part: if .kind == "overdue" or .kind == "afterDue" then .text | red
  elif .kind == "dueToday" then .text | orange else .text end;

# One task: "[ ] Call mom  !!  *  #family  @errand  30m  ↻ weekly  due Fri, Nov 27  overdue".
# (A project's box is round: "( ) Garden", "(x) Garden"; an area or a heading has none.)
def taskline: (if .kind == "project" then (if .completed then "(x) " else "( ) " end)
    elif .kind == "area" or .kind == "heading" then ""
    elif .completed then "[x] " else "[ ] " end) + (.title | gsub("[\r\n]"; " "))
  + ((.display // []) | map("  " + part) | add // "");

def idline($w): "\(.id | lpad($w))  " + taskline;

# A group's header: its parts joined ("Tomorrow · Thu, Nov 26 · 30m"); without the total, the
# name of a day or list a task went to.
def header: if .display == null then .title else .display | map(.text) | join(" · ") end;
def groupname: if .display == null then .title else .display | map(select(.kind != "total") | .text) | join(" · ") end;

# Areas, projects and headings: a group's header with the id of its item after the title
# ("Home · area 1", "Spring · heading 3 · 15m"; $total: with the group's total).
def itemheader($s; $key; $id; $total): [(.display // [{kind: "title", text: .title}])[] | select(.kind != "total")] as $p
  | $p[:1] + [{text: word($s; $key; {id: $id})}] + $p[1:]
    + (if $total then [(.display // [])[] | select(.kind == "total")] else [] end)
  | map(.text) | join(" · ");
def rows($w; $s): if .tasks == [] then "  " + word($s; "list.empty") else .tasks[] | "  " + idline($w) end;
def structure($s; $w):
  # The sidebar: the projects in no area (when there are), then each area with its projects.
  if .view == "projects" then
    if (.groups | length) == 1 and .groups[0].tasks == [] then word($s; "tw.view.projects"), "  " + word($s; "list.empty")
    else .groups[] | (.key | ltrimstr("projects:")) as $a
      | if $a == "0" then (if .tasks == [] then empty else groupname, rows($w; $s) end)
        else itemheader($s; "tw.ls.area"; $a; false), rows($w; $s) end
    end
  # A project: its own tasks, then each heading with its tasks.
  elif .view == "project" then .groups[0] as $p | (.groups | length) as $n
    | ($p | itemheader($s; "tw.ls.project"; .key | ltrimstr("tasks:"); true)),
      (if $p.tasks != [] or $n == 1 then $p | rows($w; $s) else empty end),
      (.groups[1:][] | itemheader($s; "tw.ls.heading"; .key | ltrimstr("tasks:"); true), rows($w; $s))
  # An area: its projects, then its own tasks, under one header.
  else (.groups | map(select(.key | startswith("tasks:"))) | first) as $t
    | ($t | itemheader($s; "tw.ls.area"; .key | ltrimstr("tasks:"); true)),
      ({tasks: [.groups[].tasks[]]} | rows($w; $s)) end;

def view($s): ([.groups[].tasks[].id] | max // 0 | tostring | length) as $w
  | if .view == "projects" or (.groups != [] and (.view == "project" or .view == "area")) then structure($s; $w)
    elif .groups == [] then word($s; "view." + .view), "  " + word($s; "list.empty")
    else .groups[] | header, (if .tasks == [] then "  " + word($s; "list.empty") else .tasks[] | "  " + idline($w) end)
    end;

# Where a task is, from a place result {task, view, group, index} and Upcoming's list ($list).
# A task in a project, under a heading or in an area (its group "tasks:ID"): that list, when
# it is $list (a move into it); else the sidebar ($s.sidebar) names areas and projects, and
# what it does not name is a heading.
def itemplace($s; $list): .group as $g | ($g | ltrimstr("tasks:")) as $id
  | if $list.view == "project" or $list.view == "area" then
      ([$list.groups[] | select(.key == $g) | .title] | first) as $t
      | if $list.view == "project" and $list.groups[0].key != $g then "\($list.groups[0].title) · \($t)"
        else $t // $id end
    else ($s.sidebar.groups // []) as $side
      | ([$side[] | select(.key == "projects:" + $id) | .title]
         + [$side[].tasks[] | select((.id | tostring) == $id) | .title] | first)
        // word($s; "tw.ls.heading"; {id: $id}) end;
def place($s; $list): if .view == null then null
  elif .view == "upcoming" then .group as $g
    | ([$list.groups[]? | select(.key == $g) | groupname] | first) // word($s; "view.upcoming")
  elif .view == "project" then itemplace($s; $list)
  elif .view == "projects" then word($s; "tw.view.projects")
  elif .view == "today" and .group == "evening" then word($s; "view.evening")
  else word($s; "view." + .view) end;
def placed($key; $s; $list): place($s; $list) as $p
  | word($s; if $p == null and $key == "tw.updated" then "tw.updatedDone" else $key end;
      {id: .task.id, place: $p, index: .index, task: (.task | taskline)});

# tw show: every field of a task/get result, one a line (labels from the catalogue), then the
# notes in full.
def stamp: if . == null then "-" else fromdate | strflocaltime("%Y-%m-%d %H:%M") end;
def partof($kind): [(.display // [])[] | select(.kind == $kind) | .text] | first;
def showtask($s; $list): . as $r | .task as $t
  | [["field.title", $t.title],
     ["tw.show.list", (if $r.view == null then "-" else ($r | place($s; $list)) as $p
        | if $r.index == null then $p else word($s; "tw.show.place"; {place: $p, index: $r.index}) end end)],
     ["field.scheduled", (($t.scheduledDate // "-") + (if $t.scheduledTime then " " + $t.scheduledTime else "" end))],
     ["field.due", (($t.dueDate // "-") + (if $t.dueTime then " " + $t.dueTime else "" end))],
     ["field.priority", "\(word($s; ["", "priority.low", "priority.medium", "priority.high"][$t.priority] // "-")) (\($t.priority))"],
     ["field.urgent", word($s; if $t.urgent then "yes" else "no" end)],
     ["field.duration", ($t | partof("duration")) // word($s; "tw.show.minutes"; {minutes: $t.durationMinutes})],
     ["field.type", word($s; "type." + $t.type)],
     ["field.repeat", (($t | partof("repeat")) // "-" | ltrimstr("↻ "))],
     ["field.tags", (if $t.tags == [] then "-" else $t.tags | map("#" + .) | join(" ") end)],
     ["field.completed", (if $t.completed then word($s; "tw.show.completedAt"; {at: ($t.completedAt | stamp)}) else word($s; "no") end)],
     ["field.created", ($t.createdAt | stamp)],
     ["field.updated", ($t.updatedAt | stamp)]] as $rows
  | ([($rows[][0], "field.notes") | word($s; .) | length] | max) as $w
  | ($t | idline(0)),
    ($rows[] | "  \(word($s; .[0]) | rpad($w))  \(.[1])"),
    (if $t.notes == null then "  \(word($s; "field.notes") | rpad($w))  -"
     else "  " + word($s; "field.notes"), ($t.notes | split("\n")[] | "    " + .) end);
def historyline($s): "\(.id | lpad(5))  \(.at | stamp)  \(.label)  (\(.client // "?"))"
  + (if .undone then "  " + word($s; "tw.history.undone") else "" end);
def showhistory($t; $steps; $s): ($steps | map(select(.label | contains("'\($t.title)'")))) as $mine
  | "  " + word($s; "tw.show.history"), (if $mine == [] then "    -" else $mine[] | "    " + historyline($s) end);

# After an add, a move or a schedule: where the task went, as the server says it (the reply's
# message), then the task as a list shows it ($w: the width of the ids).
def went($w): (.message // empty), "  " + (.task | idline($w));

# The lines of one result of KIND that is drawn as it comes (alone, or one of a batch's).
def result($kind; $w; $s):
  if $kind == "moved" or $kind == "scheduled" then went($w)
  elif $kind == "completed" then word($s; "tw.completed"; {id: .task.id, task: (.task | taskline)})
  # Given up, made a project: what the catalogue says of it, then the item as a list shows it.
  elif $kind == "cancelled" then word($s; "message.cancelled"; {title: .task.title}), "  " + (.task | idline($w))
  elif $kind == "converted" then word($s; "message.madeProject"; {title: .task.title}), "  " + (.task | idline($w))
  elif $kind == "deleted" then $s.kept["\(.deleted)"] as $t
    | if $t == null then word($s; "tw.deletedId"; {id: .deleted})
      else word($s; "tw.deleted"; {id: .deleted, task: ($t | taskline)}) end
  else tojson end;

# Results that name where their task is without words (task/update, a reopen, task/get), drawn
# once Upcoming's list (the "place" reply queued after them) has come: {s, out}.
def pending($kind; $rs; $s): {s: ($s + {pending: {kind: $kind, rs: $rs}}), out: []};
def placedout($p; $list; $s): $p.rs[] as $r
  | if $p.kind == "show" then $r | showtask($s; $list)
    elif $p.kind == "updated" then $r | placed("tw.updated"; $s; $list)
    elif $p.kind == "into" then $r | placed("tw.moved"; $s; $list)
    else $r | placed("tw.reopened"; $s; $list) end;

# A task/batch reply (tw done 8 9 12): each result as the command shows one, nothing more.
def many($kind; $r; $s):
  if $json == "1" then {s: $s, out: [$r | tojson]}
  elif $kind == "updated" or $kind == "reopened" or $kind == "into" then pending($kind; $r.results; $s)
  else ([$r.results[] | .task.id // .deleted] | max | tostring | length) as $w
    | {s: $s, out: [$r.results[] | result($kind; $w; $s)]} end;

# One reply; returns {s: the new state, out: [lines]}.
def reply($m; $s): ($m.id | tostring | split("/")) as [$kind, $seq, $line]
  | if $kind == "init" then {s: ($s + {today: $m.result.today}), out: []}
    elif $kind == "cat" then catalogue($m; $s)
    elif $kind == "sidebar" then {s: ($s + {sidebar: $m.result}), out: []}
    elif $kind == "place" then
      if $s.pending == null then {s: $s, out: []}
      else {s: ($s | del(.pending)), out: [placedout($s.pending; $m.result; $s)]} end
    elif $m.error != null then
      if $kind == "get" then {s: $s, out: []}
      else {s: ($s | .errors += [failed($line; $m; $s)
        # tw rm of a project (heading, area) with open items: how to say what becomes of them.
        + (if ($kind | ltrimstr("many.")) == "deleted" and $json != "1" and $m.error.data.param == "children"
           then " " + word($s; "tw.rm.children") else "" end)]), out: []} end
    elif $kind == "get" then {s: ($s | .kept["\($m.result.task.id)"] = $m.result.task), out: []}
    elif $kind == "quiet" then {s: ($s + (if $seq == "0" then {ended: true} else {} end)), out: []}
    elif $kind == "sub" then $m.result as $r
      | {s: ($s + {sub: $r.subscription, version: $r.version, view: $r.snapshot}),
         out: [if $json == "1" then $r | tojson else $r.snapshot | view($s) end]}
    elif $kind == "show" then
      if $json == "1" then {s: ($s + {shown: $m.result.task}), out: [$m.result | tojson]}
      else pending("show"; [$m.result]; $s + {shown: $m.result.task}) end
    elif $kind == "showhist" then
      if $s.shown == null then {s: $s, out: []}
      elif $json == "1" then {s: $s, out: [{steps: [$m.result.steps[] | select(.label | contains("'\($s.shown.title)'"))]} | tojson]}
      else {s: $s, out: [showhistory($s.shown; $m.result.steps; $s)]} end
    elif $kind | startswith("many.") then many($kind[5:]; $m.result; $s)
    elif $json == "1" then {s: $s, out: [$m.result | tojson]}
    elif $kind == "updated" or $kind == "reopened" or $kind == "into" then pending($kind; [$m.result]; $s)
    # ls project ID, ls area ID: an empty list is one that is no open project or area.
    elif ($kind | startswith("of.")) and $m.result.groups == [] and $json != "1" then ($kind | split(".")) as [$k, $v, $id]
      | word($s; if $v == "area" then "tw.error.noArea" else "tw.error.noProject" end; {name: $id}) as $e
      | {s: ($s | .errors += ["tw: " + if $line != "" then word($s; "tw.line"; {line: $line, message: $e}) else $e end]), out: []}
    elif $kind == "moved" or $kind == "scheduled" or $kind == "completed" or $kind == "deleted"
      or $kind == "cancelled" or $kind == "converted" then
      {s: $s, out: [$m.result | result($kind; 0; $s)]}
    else $m.result as $r | {s: $s, out: [
      if $kind == "view" or ($kind | startswith("of.")) then $r | view($s)
      elif $kind == "created" then $r | went(0)
      # Reminders (tw snooze, tw dismiss): the server's message; the catalogue's words (a
      # server older than them: the reply's own).
      elif $kind == "snoozed" then $r.message
      elif $kind == "dismissed" then
        if $s.cat["tw.dismissed"] == null then "\($r.id) \($r.at) \($r.state)"
        else word($s; "tw.dismissed"; {id: $r.id, at: $r.at}) end
      elif $kind == "undo" then word($s; "message.undid"; {label: $r.undone.label})
      elif $kind == "redo" then word($s; "message.redid"; {label: $r.redone.label})
      # tw __complete: "ID<tab>TITLE" lines, tag names.
      elif $kind == "cids" then [$r.groups[].tasks[]] | sort_by(.id)[] | "\(.id)\t\(.title | gsub("[\t\r\n]"; " "))"
      elif $kind == "ctags" then $r.tags[].tag
      elif $kind == "cprojects" then $r.groups[].tasks[] | "\(.id)\t\(.title | gsub("[\t\r\n]"; " "))"
      elif $kind == "careas" then $r.groups[] | select(.key != "projects:0")
        | "\(.key | ltrimstr("projects:"))\t\(.title | gsub("[\t\r\n]"; " "))"
      elif $kind == "history" then
        if $r.steps == [] then word($s; "tw.history.none") else $r.steps[] | historyline($s) end
      # The tags, then the open projects (in the sidebar's order, an area's named as the
      # sidebar names it), each with its open tasks' count.
      elif $kind == "tags" then
        ([$r.tags[].count, ($r.projects // [])[].count] | max // 0 | tostring | length) as $w
        | (if $r.tags == [] then word($s; "tw.tags.none") else $r.tags[] | "\(.count | lpad($w))  #\(.tag)" end),
          (if ($r.projects // []) == [] then empty
           else word($s; "view.projects"),
             ($r.projects[] | .area as $a
              | ([($s.sidebar.groups // [])[] | select(.key == "projects:\($a)") | .title] | first) as $at
              | "\(.count | lpad($w))  \(.title | gsub("[\r\n]"; " "))" + (if $a == null then "" else " (\($at // $a))" end))
           end)
      else $r end]}
    end;
