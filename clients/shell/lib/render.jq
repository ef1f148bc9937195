# render.jq: turns taskwire's output (one JSON message per input) into what tw prints. One jq
# process renders a whole tw run; the defs are in tasks.jq and common.jq (watch.jq adds the
# live changes of tw watch, brief.jq is the smaller program of undo and redo).
# Args: $json ("1": raw results), $color (true/false), $resident (true: through the resident
# server, whose session must end with the reply to shutdown). Errors are gathered and written
# to stderr at the end (exit 1).
include "common";
include "tasks";

run(if (.m | has("id")) then reply(.m; .s) else {s: .s, out: []} end; {today: null, cat: {}})
