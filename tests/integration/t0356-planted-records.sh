#!/bin/bash
# The notes fsjail prints after a run on what the command planted that a
# program on the host runs by itself (a file an editor or agent runs, a
# git repository it made, a .git file pointing git elsewhere) were said
# on stderr only: a harness reading --report or --status-fd never learnt
# that its agent had made a .vscode/tasks.json. Each is now a record too:
# a fsjail-planted/1 line in the report (beside the refusal lines), a
# "planted" record on the status descriptor and an audit line, checked
# here against the members fsjail-json(7) lists (read from the page). A
# reader of the refusal lines gets what it got before; the command's
# stdout is the same byte for byte with and without the streams.
. "$(dirname "$0")/libtest.sh"

plan 3
setup; write_config <<<"protect: {autorun: false}" # named after the run, not refused (sec30)
require_landlock
git_env
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON lines"
MAN_IN=${MAN_SRC:-$TEST_SRCDIR/../man}/fsjail-json.7.in
[ -r "$MAN_IN" ] || bail_out "no $MAN_IN"
cd "$WS" || bail_out "cannot enter $WS"
(git init -q && echo a >a && git add a && git commit -qm init) >/dev/null 2>&1 ||
	bail_out "cannot make the repository"
mkdir -p "$T/elsewhere"

begin_test "one of each kind: report lines, status records and audit lines as fsjail-json(7) says"
fsj_sh --report "$T/report" --status-fd 3 -- 'mkdir .vscode && echo "{}" >.vscode/tasks.json
git init -q sub; mkdir p && echo "gitdir: $1" >p/.git; touch /etc/fsjail-t0356 2>/dev/null
echo done' "$T/elsewhere" 3>"$T/status"
assert_rc 0 && assert_out_match "^done$"
assert_err_match "note: the command made $WS/.vscode/tasks.json \\(VS Code runs its tasks"
assert_err_match "^  $WS/sub/.git$"
assert_err_match "warning: the command made $WS/p/.git, which points git"
python3 - "$MAN_IN" "$T/report" "$T/status" "$STATE_DIR/audit.ndjson" "$WS" "$T/elsewhere" <<'PY' ||
import json, re, sys
man, report, status, audit, ws, elsewhere = sys.argv[1:]
page = open(man, encoding="utf-8").read()
sec = page.split(".SH PLANTED RECORD (fsjail\\-planted/1)", 1)[1].split("\n.SH ", 1)[0]
members = re.findall(r"^\.TP\n\.B (\S+)$", sec, re.M)
assert members == ["time", "session", "kind", "change", "path", "work_tree", "new_work_tree",
                   "target", "tool", "runs"], members
def lines(f):
    return [json.loads(l) for l in open(f, encoding="utf-8") if l.strip()]
rep = lines(report)
assert all(list(r)[0] == "schema" for r in rep), rep
planted = [r for r in rep if r["schema"] == "fsjail-planted/1"]
refused = [r for r in rep if r["schema"] == "fsjail-refusal/1"]
assert len(planted) + len(refused) == len(rep), rep
for p in planted:
    assert list(p) == ["schema"] + members, list(p)
    for k in members:
        v = p[k]
        if k == "new_work_tree":
            assert isinstance(v, bool), p
        elif k in ("session", "work_tree", "target"):
            assert v is None or isinstance(v, str), p
        else:
            assert isinstance(v, str) and v, p
    # every value of kind, change and tool is one the page names
    for k in ("kind", "change", "tool"):
        val = re.escape(p[k].replace("-", "\\-"))
        assert re.search(r"^\.BR? " + val + r"(?=\s|$)", sec, re.M), (k, p[k])
    assert p["path"].startswith("/"), p
got = {(p["kind"], p["path"]) for p in planted}
assert got == {("autorun-file", ws + "/.vscode/tasks.json"), ("repository", ws + "/sub/.git"),
               ("git-pointer", ws + "/p/.git")}, got
by = {p["kind"]: p for p in planted}
assert by["autorun-file"]["change"] == "made" and by["autorun-file"]["work_tree"] == ws, by
assert by["autorun-file"]["tool"] == "vscode" and not by["autorun-file"]["new_work_tree"], by
assert by["repository"]["work_tree"] == ws + "/sub" and by["repository"]["new_work_tree"], by
assert by["git-pointer"]["target"] == elsewhere and by["git-pointer"]["work_tree"] == ws + "/p", by
# the status stream: the same records, typed, before "exited", which counts them
st = lines(status)
types = [r["type"] for r in st]
assert types[-1] == "exited", types
sp = [r for r in st if r["type"] == "planted"]
for r in sp:
    assert list(r) == ["schema", "type"] + members and r["schema"] == "fsjail-run/1", r
strip = lambda r: {k: v for k, v in r.items() if k not in ("schema", "type", "time")}
assert [strip(r) for r in sp] == [strip(p) for p in planted], (sp, planted)
assert st[-1]["planted"] == len(planted) == 3 and st[-1]["dropped"] == 0, st[-1]
# a reader of the refusal lines gets the refusals and nothing else
assert len(refused) == st[-1]["refusals"] >= 1, (refused, st[-1])
assert all(r["capability"] for r in refused), refused
# the audit log: one line each
al = [json.loads(l) for l in open(audit, encoding="utf-8") if '"planted"' in l]
al = [a for a in al if a["call"] == "planted"]
assert sorted(a["path"] for a in al) == sorted(p["path"] for p in planted), al
assert all(a["decision"] == "planted" and a["capability"] == "made" and
           a["session"] == planted[0]["session"] for a in al), al
PY
	fail "the records do not match: $(cat "$T/report" "$T/status")"
end_test

begin_test "with --quiet the records are written all the same, and a change is 'changed'"
fsj_sh --quiet --report "$T/report" --status-fd 3 -- 'echo "{\"x\":1}" >.vscode/tasks.json' \
	3>"$T/status"
assert_rc 0
assert_err_match "note: the command changed $WS/.vscode/tasks.json "
python3 - "$T/report" "$T/status" <<'PY' || fail "$(cat "$T/report" "$T/status")"
import json, sys
rep = [json.loads(l) for l in open(sys.argv[1])]
st = [json.loads(l) for l in open(sys.argv[2])]
assert [(r["kind"], r["change"]) for r in rep] == [("autorun-file", "changed")], rep
assert [r["type"] for r in st][-2:] == ["planted", "exited"] and st[-1]["planted"] == 1, st
PY
end_test

begin_test "the command's stdout is the same byte for byte with and without --report and --status-fd"
# binary output with no final newline, 300 KiB of it, while a planted
# file and a refusal make records for the streams
SCRIPT='printf "a\0b\377\nc"; head -c 300000 /dev/zero | tr "\0" x; touch /etc/fsjail-t0356 2>/dev/null
echo "{\"n\":$RANDOM$RANDOM}" >.vscode/tasks.json; printf "\r\033[0mend"'
fsj_sh -- "$SCRIPT"
assert_rc 0
cp "$OUT" "$T/plain.out"
grep '^fsjail: note: the command' "$ERR" >"$T/plain.notes"
fsj_sh --report "$T/report" --status-fd 3 -- "$SCRIPT" 3>"$T/status"
assert_rc 0
cmp "$OUT" "$T/plain.out" || fail "stdout differs with --report"
[ "$(wc -c <"$OUT")" -gt 300000 ] || fail "short output: $(wc -c <"$OUT")"
grep '^fsjail: note: the command' "$ERR" | cmp -s - "$T/plain.notes" ||
	fail "the notes differ: $(cat "$ERR")"
grep -q '"schema":"fsjail-planted/1"' "$T/report" || fail "no planted line: $(cat "$T/report")"
end_test

done_testing
