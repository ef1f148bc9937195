# watch.jq: tw watch's output: the view, then one readable line per change as it comes (the
# view/changed notifications applied to the snapshot). The rest is render.jq's (tasks.jq).
include "common";
include "tasks";

# Watch: apply a view/changed notification's ops to the snapshot, one readable line per op. A
# task's new display parts come in an update's fields, a group's in an updateGroup.
def gname($g): [.groups[] | select(.key == $g) | groupname] | first // $g;
def applyop($o; $s): . as $v
  | ($v.groups | map(.key) | index($o.group // $o.from.group // $o.key)) as $gi
  | if $o.op == "insert" then
      {v: (.groups[$gi].tasks |= .[:$o.index] + [$o.task] + .[$o.index:]),
       line: word($s; "tw.watch.insert"; {group: gname($o.group), index: $o.index, task: ($o.task | idline(0))})}
    elif $o.op == "remove" then
      {v: (.groups[$gi].tasks |= del(.[$o.index])),
       line: word($s; "tw.watch.remove"; {group: gname($o.group), task: (.groups[$gi].tasks[$o.index] | idline(0))})}
    elif $o.op == "move" then .groups[$gi].tasks[$o.from.index] as $t
      | (.groups[$gi].tasks |= del(.[$o.from.index])) as $mid
      | ($mid.groups | map(.key) | index($o.to.group)) as $ti
      | {v: ($mid | .groups[$ti].tasks |= .[:$o.to.index] + [$t] + .[$o.to.index:]),
         line: word($s; "tw.watch.move"; {group: gname($o.to.group), index: $o.to.index,
           from: gname($o.from.group), fromIndex: $o.from.index, task: ($t | idline(0))})}
    elif $o.op == "update" then
      (.groups[$gi].tasks[$o.index] + $o.fields
        | reduce ($o.cleared // [])[] as $c (.; .[$c] = null)) as $t
      | {v: (.groups[$gi].tasks[$o.index] = $t),
         line: (if ($o.fields | keys) == ["display"] then null
           else word($s; "tw.watch.update"; {group: gname($o.group), task: ($t | idline(0))}) end)}
    elif $o.op == "insertGroup" then {v: (.groups |= .[:$o.index] + [$o.group + {tasks: []}] + .[$o.index:])}
    elif $o.op == "removeGroup" then {v: (.groups |= del(.[$o.index]))}
    elif $o.op == "updateGroup" then
      {v: (.groups[$o.index] += ($o | with_entries(select(.key == "title" or .key == "date" or .key == "display"))))}
    else {v: ., line: "? \($o | tojson)"} end;

def changed($m; $s): $m.params as $p
  | if $p.subscription != $s.sub then {s: $s, out: []}
    elif $json == "1" then {s: $s, out: [$p | tojson]} else
      reduce $p.ops[] as $o ({v: $s.view, out: []};
          (.v | applyop($o; $s)) as $r | .v = $r.v | .out += [$r.line // empty])
      | {s: ($s + {view: .v, version: $p.to, today: $p.today}),
         out: ((if $p.from != $s.version then [word($s; "tw.watch.missed"; {had: $s.version, got: $p.from})] else [] end)
           + (if $p.today != $s.today then [word($s; "tw.watch.newDay"; {date: $p.today})] else [] end)
           + .out)}
    end;

run(if .m.method == "view/changed" then changed(.m; .s)
    elif (.m | has("id")) then reply(.m; .s)
    else {s: .s, out: []} end;
  {today: null, cat: {}})
