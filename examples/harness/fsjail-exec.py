#!/usr/bin/env python3
"""fsjail-exec.py - a Codex-style wrapper: run one command under fsjail and
hand the harness its result as data (fsjail-json(7), fsjail-run/1).

    fsjail-exec.py [--result FILE] [RUN-OPTIONS...] -- COMMAND [ARG...]

RUN-OPTIONS are options of `fsjail run` (--grant CAPS:PATH, --rules FILE,
--workspace DIR...), passed on as they are.

The command's standard input, output and error are its own. When it ends,
one JSON object goes to FILE (default: standard error, last line):

    {"exit_code": 1,            # the command's exit status, or null
     "signal": null,            # the signal it died of, or null
     "fsjail_error": null,      # why fsjail did not run it, or null
     "refused": [ {"capability": "write", "path": "/home/me/.bashrc",
                   "rule": "protected at baseline-linux.yaml:12", "why": "bash runs it"} ]}

and the wrapper exits with fsjail's status. A harness shows "refused" to
the model instead of a bare "Permission denied", and can re-run with
--grant CAPS:PATH (this run only, nothing written) when a person agrees.

Environment: FSJAIL, the fsjail binary (default "fsjail").
"""
import json
import os
import subprocess
import sys


def main(argv):
    result = None
    if len(argv) > 1 and argv[0] == "--result":
        result, argv = argv[1], argv[2:]
    if "--" not in argv or argv.index("--") == len(argv) - 1:
        sys.stderr.write(__doc__)
        return 2
    r, w = os.pipe()
    cmd = [os.environ.get("FSJAIL", "fsjail"), "run", "--status-fd", str(w)] + argv
    proc = subprocess.Popen(cmd, pass_fds=(w,))
    os.close(w)
    with os.fdopen(r, "r", encoding="utf-8") as stream:
        records = [json.loads(line) for line in stream if line.strip()]
    rc = proc.wait()
    exited = next((x for x in records if x.get("type") == "exited"), {})
    out = {
        "exit_code": None if exited.get("fsjail_failed") or exited.get("signal")
                     or not exited.get("command_started") else exited.get("status"),
        "signal": exited.get("signal"),
        "fsjail_error": exited.get("fsjail_error") if exited else "no exited record",
        "refused": [{"capability": x.get("capability"), "path": x.get("path"),
                     "rule": "%s at %s" % (x.get("level"), x.get("rule_origin"))
                     if x.get("rule_origin") else (x.get("reason") or x.get("level")),
                     "why": x.get("rule_note")} for x in records if x.get("type") == "refused"],
    }
    text = json.dumps(out)
    if result:
        with open(result, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    else:
        sys.stderr.write(text + "\n")
    return rc if rc >= 0 else 128 - rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
