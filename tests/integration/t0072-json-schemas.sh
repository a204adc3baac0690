#!/bin/bash
# Every JSON document fsjail prints carries its schema and the members
# fsjail-json(7) lists (issue 16 item 3): sample output of each command
# is made here and validated; the page's schema table and this test name
# the same schemas.
. "$(dirname "$0")/libtest.sh"

plan 4
setup; write_config <<<"protect: {autorun: false}" # named after the run, not refused (sec30)
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON"
MAN_IN=${MAN_SRC:-$TEST_SRCDIR/../man}/fsjail-json.7.in
S=$T/samples
mkdir -p "$S"
cmd() { "$FSJAIL" "$@"; }

write_rules <<EOF2
rules:
  - id: no-env
    path: "$WS/.env"
    deny: [read, write, create, delete]
EOF2
echo old >"$WS/f"
echo gone >"$WS/g"

begin_test "the samples are made"
cmd run --workspace "$WS" --report "$S/refusal" --status-fd 3 --status-detail --session s72 \
	-- sh -c 'echo new > f; rm g; touch .env; mkdir .vscode; echo {} >.vscode/tasks.json; true' \
	3>"$S/run" 2>/dev/null
[ $? = 0 ] || fail "run failed"
# the report's lines by schema, as a reader takes them
grep '"schema":"fsjail-planted/1"' "$S/refusal" >"$S/planted"
grep -v '"schema":"fsjail-planted/1"' "$S/refusal" >"$S/refusal.only" && mv "$S/refusal.only" "$S/refusal"
cmd check --workspace "$WS" --json -- "cat notes.txt" >"$S/check" || fail "check"
cmd explain --workspace "$WS" --json --grant "write:$T" "$T/x" >"$S/explain" 2>/dev/null || fail "explain"
cmd status --workspace "$WS" --json >"$S/status" 2>/dev/null
cmd probe --workspace "$WS" --json >"$S/probe" 2>/dev/null || fail "probe"
cmd allow --workspace "$WS" list --json >"$S/allow" || fail "allow list"
cmd backups list --json >"$S/backups" || fail "backups list"
cmd backups show --session s72 --json >"$S/backups-show" || fail "backups show"
cmd backups restore --workspace "$WS" --session s72 --dry-run --json >"$S/restore" 2>/dev/null ||
	fail "backups restore --dry-run"
cmd log --json --tail 50 >"$S/log" || fail "log"
setsid -w "$FSJAIL" run --workspace "$WS" --ask -- sh -c "echo x > $HOME/n" </dev/null 2>&1 |
	grep '^{' >"$S/ask"
for f in "$S"/*; do [ -s "$f" ] || fail "empty sample $(basename "$f")"; done
end_test

begin_test "each sample has its schema and the members fsjail-json(7) lists"
python3 - "$S" <<'PY' || fail "a sample does not match its schema"
import json, os, sys
S = sys.argv[1]
def objs(name, lines=False):
    text = open(os.path.join(S, name), encoding="utf-8").read()
    return [json.loads(l) for l in text.splitlines() if l.strip()] if lines else [json.loads(text)]
want = {
    # file: (schema, NDJSON?, members of every object)
    "run": ("fsjail-run/1", True, {"type"}),
    "refusal": ("fsjail-refusal/1", True, {"time", "session", "pid", "command", "syscall",
                "capability", "path", "level", "rule_id", "rule_origin", "reason", "errno", "phase"}),
    "planted": ("fsjail-planted/1", True, {"time", "session", "kind", "change", "path",
                "work_tree", "new_work_tree", "target", "tool", "runs"}),
    "ask": ("fsjail-ask/1", True, {"overall", "line", "cwd", "tier", "complete", "missing",
            "unresolved", "reason", "answers"}),
    "check": ("fsjail-check/1", False, {"line", "cwd", "tier", "mode", "workspace", "overall",
              "complete", "effects", "missing", "unresolved", "reason"}),
    "explain": ("fsjail-explain/1", False, {"tier", "mode", "workspace", "paths"}),
    "status": ("fsjail-status/1", False, {"version", "files", "workspace", "mode", "tier",
               "capabilities", "rules", "meets_enforce"}),
    "probe": ("fsjail-probe/1", False, {"fsjail_version", "key", "proven_tier", "tiers"}),
    "allow": ("fsjail-allow/1", False, {"rules_file", "rules"}),
    "backups": ("fsjail-backups/1", False, {"cycles"}),
    "backups-show": ("fsjail-backups-show/1", False, {"session", "cycle", "records"}),
    "restore": ("fsjail-restore/1", False, {"session", "cycle", "dry_run", "actions"}),
    "log": ("fsjail-log/1", True, {"time", "session", "call", "command", "capability", "path",
            "resolved", "decision", "source", "rule", "detail"}),
}
bad = 0
for name, (schema, nd, members) in want.items():
    for o in objs(name, nd):
        if o.get("schema") != schema or list(o)[0] != "schema" or not members <= set(o):
            print("# %s: schema %r, missing %s" % (name, o.get("schema"), sorted(members - set(o))))
            bad += 1
# the inner members the page names
run = objs("run", True)
assert {"started", "refused", "backup", "trash", "planted", "exited"} <= {r["type"] for r in run}, run
ex = run[-1]
assert {"status", "signal", "fsjail_failed", "fsjail_error", "command_started", "refusals",
        "dropped", "planted"} <= set(ex), ex
rule = objs("allow")[0]["rules"][0]
assert {"number", "source", "id", "path", "recursive", "origin", "allow", "deny"} <= set(rule), rule
assert rule["deny"] == ["read", "write", "create", "delete"], rule
w = objs("explain")[0]["paths"][0]["capabilities"]["write"]
assert w["rule"]["source"] == "session", w
c = objs("backups")[0]["cycles"][-1]
assert {"session", "cycle", "kind", "command", "saved", "removed", "created", "renamed",
        "bytes", "committed"} <= set(c), c
recs = objs("backups-show")[0]["records"]
assert any(r["op"] == "content" and {"size", "mode", "backup", "linked", "skipped"} <= set(r)
           for r in recs), recs
log = objs("log", True)
assert [l["decision"] for l in log if l["call"] == "run"][-2:] == ["run-start", "run-end"], log
sys.exit(1 if bad else 0)
PY
end_test

begin_test "fsjail-json(7) lists exactly the schemas the samples carry"
page=$(sed -n '/^\.TS/,/^\.TE/p' "$MAN_IN" | grep -o '^fsjail\\-[a-z\\-]*/[0-9]*' | sed 's/\\-/-/g' | sort)
seen=$(cat "$S"/* | grep -o '"schema":[[:space:]]*"[^"]*"' | sed 's/.*"\(fsjail-[^"]*\)"/\1/' | sort -u)
[ -n "$page" ] || fail "no schema table in $MAN_IN"
[ "$page" = "$seen" ] || fail "page: $(echo $page) / samples: $(echo $seen)"
end_test

begin_test "text output stays text: allow list and backups list without --json"
run_cmd "$FSJAIL" allow --workspace "$WS" list
assert_out_match "^1\\. $WS/.env "
run_cmd "$FSJAIL" backups list
assert_out_nomatch '^\{'
end_test

done_testing
