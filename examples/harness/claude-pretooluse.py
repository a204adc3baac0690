#!/usr/bin/env python3
"""claude-pretooluse.py - a Claude Code PreToolUse hook that puts fsjail
between the agent and the machine (fsjail-json(7), fsjail(1)).

Install (.claude/settings.json of the project, or ~/.claude/settings.json):

    {"hooks": {"PreToolUse": [{"matcher": "Bash|Read|Write|Edit|MultiEdit",
        "hooks": [{"type": "command",
                   "command": "/path/to/claude-pretooluse.py"}]}]}}
with hook_answer.py (its answer: text escaped, failing closed) beside it.

What it answers, from the hook input on standard input:
  Bash        `fsjail check --json` decides the command line:
              allow  -> "allow", the command rewritten to run under
                        `fsjail run -c LINE` (updatedInput);
              prompt -> "ask", the reason naming what the rules do not
                        grant (a person answers in Claude Code's dialog),
                        the command rewritten to `fsjail run --grant
                        CAPS:PATH ... -c LINE`: approved, it still runs
                        confined, with only what was missing granted
                        for that one run;
              refuse -> "deny", the reason naming each refused path with
                        the deciding rule, its FILE:LINE and note (why).
  Read        `fsjail explain --json` for read on file_path;
  Write, Edit, MultiEdit  the same for write (create when it does not
              exist): allowed -> "allow"; refused by a protected path or a
              deny rule -> "deny" with the rule; else -> "ask".
  anything else: no output (Claude Code decides as usual).
When fsjail fails (not installed, a broken rules file), or anything else
does, the answer is "deny" with the reason: fail closed (hook_answer.py).

Environment: FSJAIL, the fsjail binary (default "fsjail"); FSJAIL_HOOK_ARGS,
extra options for check, explain and run (e.g. "--rules /path/rules.yaml"),
split on white space.
"""
import json
import os
import shlex
import subprocess
import sys

FSJAIL = os.environ.get("FSJAIL", "fsjail")
EXTRA = os.environ.get("FSJAIL_HOOK_ARGS", "").split()
sys.dont_write_bytecode = True  # no __pycache__ beside the hook (a source tree, make dist)
try:
    from hook_answer import answer, run_hook
except ImportError as e:  # copied without it: every call refused, not let through
    json.dump({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision":
                                      "deny", "permissionDecisionReason": "fsjail hook: %s" % e}},
              sys.stdout)
    sys.exit(0)


def fsjail_json(args, cwd, schema):
    """Run fsjail ARGS in cwd; its JSON document, or raise with why."""
    try:
        p = subprocess.run([FSJAIL] + args, cwd=cwd or None, capture_output=True,
                           text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise RuntimeError("cannot run fsjail: %s" % e)
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        raise RuntimeError("fsjail %s failed (exit %d): %s" %
                           (args[0], p.returncode, p.stderr.strip()[:500]))
    if not isinstance(doc, dict) or doc.get("schema") != schema:
        raise RuntimeError("fsjail %s printed no %s document" % (args[0], schema))
    return doc


def rule_text(rule, why=True):
    if not rule:
        return "no rule grants it"
    return "%s rule %s%s%s" % (rule.get("source", "?"), rule.get("path", "?"),
                               " at " + rule["origin"] if rule.get("origin") else "",
                               " (why: %s)" % rule["note"] if why and rule.get("note") else "")


def bash(tool_input, cwd):
    line = tool_input.get("command", "")
    doc = fsjail_json(["check", "--json"] + EXTRA + ["--cwd", cwd or ".", "--", line], cwd,
                      "fsjail-check/1")
    overall = doc.get("overall")
    if overall == "allow":
        updated = dict(tool_input)
        updated["command"] = run_line(line)
        return answer("allow", "fsjail: the rules grant every effect; it runs under "
                      "fsjail run", updated)
    if overall == "refuse":
        why = ["%s %s: %s" % (e.get("capability"), e.get("path"), rule_text(e.get("rule")))
               for e in doc.get("effects", []) if e.get("decision") == "refused"]
        return answer("deny", "fsjail refuses: " + "; ".join(why))
    missing = ["%s %s" % (m.get("capability"), m.get("path")) for m in doc.get("missing", [])]
    if not doc.get("complete", True):
        missing.append("(the line did not parse completely)")
    # Approved or not, the line runs under fsjail: approval grants, for
    # this run only (--grant), exactly what check found missing, and the
    # kernel still refuses everything else.
    grants = {}
    for m in doc.get("missing", []):
        if m.get("path") and m.get("capability"):
            grants.setdefault(m["path"], []).append(m["capability"])
    updated = dict(tool_input)
    updated["command"] = run_line(line, grants)
    return answer("ask", "fsjail: the rules do not grant " + ("; ".join(missing) or
                                                              "every effect") +
                  "; approving runs it under fsjail run with these granted for this run only",
                  updated)


def run_line(line, grants=None):
    """The shell line that runs LINE under `fsjail run`, with GRANTS
    ({path: [capability, ...]}) as one-run --grant options."""
    args = [shlex.quote(FSJAIL), "run"] + [shlex.quote(a) for a in EXTRA]
    for path, caps in sorted((grants or {}).items()):
        args += ["--grant", shlex.quote("%s:%s" % (",".join(caps), path))]
    return " ".join(args + ["-c", shlex.quote(line)])


def file_tool(tool, tool_input, cwd):
    path = tool_input.get("file_path") or tool_input.get("notebook_path")
    if not path:
        return 0
    cap = "read" if tool == "Read" else "write"
    if cap == "write" and not os.path.lexists(path):
        cap = "create"
    doc = fsjail_json(["explain", "--json"] + EXTRA + [path], cwd, "fsjail-explain/1")
    d = doc["paths"][0]["capabilities"][cap]
    if d.get("allowed"):
        return answer("allow", "fsjail: %s %s is granted by %s" % (
            cap, path, rule_text(d.get("rule"), False)))
    rule = d.get("rule")
    if d.get("level") == "protected" or (d.get("level") == "explicit" and rule):
        return answer("deny", "fsjail refuses %s %s: %s" % (cap, path, rule_text(rule)))
    return answer("ask", "fsjail: no rule grants %s %s" % (cap, path))


def main():
    try:
        event = json.load(sys.stdin)
    except ValueError as e:
        return answer("deny", "fsjail hook: unreadable hook input: %s" % e)
    tool = event.get("tool_name")
    tool_input = event.get("tool_input") or {}
    cwd = event.get("cwd")
    try:
        if tool == "Bash":
            return bash(tool_input, cwd)
        if tool in ("Read", "Write", "Edit", "MultiEdit"):
            return file_tool(tool, tool_input, cwd)
    except (RuntimeError, KeyError, IndexError) as e:
        return answer("deny", "fsjail hook: %s" % e)
    return 0


if __name__ == "__main__":
    sys.exit(run_hook(main))  # any other failure: "deny" (hook_answer.py)
