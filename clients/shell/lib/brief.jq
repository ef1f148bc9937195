# brief.jq: tw's output for undo and redo alone (rpc.sh picks it; render.jq does everything else).
include "common";

def reply($m; $s): ($m.id | tostring | split("/")) as [$kind, $seq, $line]
  | if $kind == "init" then {s: $s, out: []}
    elif $kind == "cat" then catalogue($m; $s)
    elif $m.error != null then {s: ($s | .errors += [failed($line; $m; $s)]), out: []}
    elif $kind == "quiet" then {s: ($s + (if $seq == "0" then {ended: true} else {} end)), out: []}
    elif $json == "1" then {s: $s, out: [$m.result | tojson]}
    elif $kind == "undo" then {s: $s, out: [word($s; "message.undid"; {label: $m.result.undone.label})]}
    else {s: $s, out: [word($s; "message.redid"; {label: $m.result.redone.label})]} end;

run(if (.m | has("id")) then reply(.m; .s) else {s: .s, out: []} end; {cat: {}})
