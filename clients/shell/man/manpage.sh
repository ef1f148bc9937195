#!/usr/bin/env bash
# manpage.sh: makes a man page from a program's --help text and a hand-written template, so
# the page cannot drift from --help (install.sh runs it at install time on the very programs
# it installs). Usage:
#   manpage.sh TEMPLATE VERSION HELP-FILE [SUB-HELP-FILE] > PAGE
# The template is roff with marker lines: @SYNOPSIS@ (HELP's usage block), @HELP@ (the rest of
# HELP) and @SUBHELP@ (all of SUB-HELP, its usage lines as a literal block); @VERSION@ in any
# line is VERSION. The help text is read by its layout, as tw --help and taskwire --help write it:
#   usage: ...                    the first block: the synopsis (more lines indented below it)
#   heading:                      a line at column 0 ending in ':' starts a section
#     TERM  (2+ spaces) TEXT      an entry (indent 0-4); deeper lines go on with its text
#     TERM                        an entry whose text starts on the next, deeper line
#   other lines                   a paragraph
# An untitled paragraph right after the synopsis is the DESCRIPTION, untitled entries (after
# it, or first) OPTIONS.
set -euo pipefail
(($# == 3 || $# == 4)) || { echo "usage: manpage.sh TEMPLATE VERSION HELP-FILE [SUB-HELP-FILE]" >&2; exit 2; }

# convert MODE FILE: the help text as roff; MODE synopsis (its usage block only), body (all but
# the usage block) or sub (all, the usage block as a literal block, no section headings made).
convert() {
  LC_ALL=C awk -v mode="$1" '
    function esc(s) {
      gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s)
      gsub(/\xe2\x80\xa6/, "...", s); gsub(/\xc2\xb7/, "\\[pc]", s); gsub(/\xe2\x80\x94/, "\\[em]", s)
      gsub(/\xc3\xa4/, "\\[:a]", s); gsub(/\xc3\xb6/, "\\[:o]", s); gsub(/\xc3\xbc/, "\\[:u]", s)
      gsub(/\xc3\x84/, "\\[:A]", s); gsub(/\xc3\x96/, "\\[:O]", s); gsub(/\xc3\x9c/, "\\[:U]", s)
      gsub(/\xc3\x9f/, "\\[ss]", s); gsub(/\xc3\xa9/, "\\[aq]e", s)
      if (s ~ /^[.\x27]/) s = "\\&" s
      return s
    }
    # An entry'"'"'s term: metavariables (PATH, [FIELDS], DATE) in italics, the rest in bold.
    function term(s,   n, i, w, out) {
      n = split(s, w, / /); out = ""
      for (i = 1; i <= n; i++) {
        if (w[i] ~ /[A-Z]/ && w[i] !~ /[a-z]/) out = out (i > 1 ? " " : "") "\\fI" esc(w[i]) "\\fR"
        else out = out (i > 1 ? " " : "") "\\fB" esc(w[i]) "\\fR"
      }
      return out
    }
    function indent(s) { match(s, /^ */); return RLENGTH }
    function trim(s) { sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
    { line[++n] = $0 }
    END {
      i = 1
      # The usage block.
      if (line[1] ~ /^usage: /) {
        if (mode == "synopsis") print ".SH SYNOPSIS"
        if (mode == "sub") print ".PP"
        if (mode != "body") print ".nf"
        for (; i <= n && line[i] != ""; i++) {
          u = line[i]
          if (i == 1) sub(/^usage: /, "", u); else u = substr(u, 8)
          if (mode != "body") print esc(u)
        }
        if (mode != "body") print ".fi"
      }
      if (mode == "synopsis") exit
      titled = (mode == "sub"); state = ""; auto = ""
      for (; i <= n; i++) {
        l = line[i]; d = indent(l); t = trim(l)
        if (t == "") { state = ""; continue }
        if (d == 0 && l ~ /^[a-z][^:]*:$/ && length(l) < 40 && state == "") {
          h = toupper(substr(l, 1, length(l) - 1)); print ".SH " h; titled = 1; auto = ""; continue
        }
        if (d <= 4 && (p = index(t, "  ")) > 0) {
          if (!titled || auto == "desc") { print ".SH OPTIONS"; titled = 1; auto = "opts" }
          print ".TP"; print term(substr(t, 1, p - 1)); print esc(trim(substr(t, p))); state = "entry"; continue
        }
        if (d <= 4 && i < n && indent(line[i + 1]) >= 10 && trim(line[i + 1]) != "") {
          if (!titled || auto == "desc") { print ".SH OPTIONS"; titled = 1; auto = "opts" }
          print ".TP"; print term(t); state = "entry"; continue
        }
        if (d >= 8 && state == "entry") { print esc(t); continue }
        if (state != "para") {
          if (!titled) { print ".SH DESCRIPTION"; titled = 1; auto = "desc" }
          print ".PP"; state = "para"
        }
        print esc(t)
      }
    }' "$2"
}

template=$1 version=$2 help=$3 sub=${4:-}
while IFS= read -r line || [[ -n $line ]]; do
  case $line in
    @SYNOPSIS@) convert synopsis "$help" ;;
    @HELP@) convert body "$help" ;;
    @SUBHELP@) [[ -n $sub ]] || { echo "manpage.sh: $template needs a SUB-HELP-FILE" >&2; exit 2; }
      convert sub "$sub" ;;
    *) printf '%s\n' "${line//@VERSION@/$version}" ;;
  esac
done <"$template"
