"""hook_answer.py - the one answer of claude-pretooluse.py (beside it):
its text escaped for the screen, and a deny for every failure.

Claude Code shows a hook's reason to the person in its own dialog, and
treats a hook that exits with a status other than 0 or 2 as a
"non-blocking error": the tool call then goes ahead, unconfined. So:

  answer()       escapes the whole reason as fsjail escapes what it
                 prints (src/escape.c): control bytes, C1 controls and the
                 bidirectional controls of "Trojan Source" (CVE-2021-42574)
                 become \\xNN of their UTF-8 bytes, a lone surrogate too;
                 a path with ESC, CR, LF or U+202E cannot rewrite the
                 dialog the person answers.
  run_hook(main) answers "deny" when main raises anything (a NUL or a
                 lone surrogate in a path, a value of another type than
                 the hook expected), and exits 2, which blocks the call,
                 when even that answer cannot be written.
"""
import json
import sys

# LRM, RLM, ALM, LRE..RLO, LRI..PDI (Unicode UAX #9 explicit formatting)
_BIDI = {0x200E, 0x200F, 0x061C} | set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))


def shown(text):
    """TEXT (str) as it may reach a terminal: backslash doubled, every
    control, C1, bidirectional control and lone surrogate as \\xNN bytes."""
    out = []
    for ch in str(text):
        cp = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif cp < 0x20 or 0x7F <= cp <= 0x9F or cp in _BIDI or 0xD800 <= cp <= 0xDFFF:
            out.append("".join("\\x%02x" % b for b in ch.encode("utf-8", "surrogatepass")))
        else:
            out.append(ch)
    return "".join(out)


def answer(decision, reason, updated=None):
    """Write the hook's JSON answer (REASON escaped by shown()); 0."""
    out = {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                  "permissionDecision": decision,
                                  "permissionDecisionReason": shown(reason)}}
    if updated is not None:
        out["hookSpecificOutput"]["updatedInput"] = updated
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


def run_hook(main):
    """The exit status of the hook: main()'s, or 0 after a "deny" naming
    what failed in it; 2 (Claude Code blocks the call) when no answer
    can be written."""
    try:
        try:
            return main()
        except Exception as e:  # every failure: an unforeseen input is not a grant
            return answer("deny", "fsjail hook: %s: %s" % (type(e).__name__, e))
    except Exception as e:
        sys.stderr.write("fsjail hook: cannot answer: %s\n" % shown(e))
        return 2
