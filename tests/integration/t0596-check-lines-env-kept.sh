#!/bin/bash
# A request's environment ends with it (fsjail(1) check --lines), also
# when the request is refused after its "env" was set: a line over the
# 1 MiB cap (or any error found after env was applied) answered with an
# error but left its variables set for every later request (att34). A
# request that pointed FSJAIL_HOME at a config with protect: {repository:
# false} turned the repository's protection off for the next requests,
# which set no env: `printf x > .git/hooks/pre-commit` was "allow" (run
# refuses it); a HOME left behind made `~` another folder. And a
# request's cwd that cannot be used is named escaped on standard error
# (it was printed raw: an ESC sequence reached the terminal).
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
git_ws
OFF=$T/other-fsjail-home && mkdir -p "$OFF/config"
printf 'protect:\n  repository: false\n' >"$OFF/config/config.yaml"

begin_test "an over-long request's env does not reach the next request"
python3 - "$T/req" "$OFF" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    f.write(json.dumps({"line": "x" * (1024 * 1024 + 1), "env": {"FSJAIL_HOME": sys.argv[2]}}) + "\n")
    f.write(json.dumps("printf x > .git/hooks/pre-commit") + "\n")
PY
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" --json --lines "$T/req"
assert_rc 125 # the first request is an error; the worst answer
[ "$(sed -n 2p "$OUT" | grep -c '"overall":"refuse"')" = 1 ] ||
	fail "the second request was not refused: $(sed -n 2p "$OUT" | head -c 400)"
end_test

begin_test "nor a HOME set by a refused request"
python3 - "$T/req" "$T" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    f.write(json.dumps({"line": "x" * (1024 * 1024 + 1), "env": {"HOME": sys.argv[2] + "/home/ws/sub"}}) + "\n")
    f.write(json.dumps("echo x >> ~/.bashrc") + "\n")
PY
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" --json --lines "$T/req"
sed -n 2p "$OUT" | grep -q "\"path\":\"$HOME/.bashrc\"" ||
	fail "~ of the second request is not $HOME: $(sed -n 2p "$OUT" | head -c 400)"
end_test

begin_test "a request's cwd is escaped in the error"
python3 - "$T/req" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    f.write(json.dumps({"line": "ls", "cwd": "\x1b[31mRED\n/" + "a" * 5000}) + "\n")
PY
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" --lines "$T/req"
assert_rc 125
grep -q $'\x1b' "$ERR" && fail "standard error holds a raw ESC"
assert_err_match "x1b\\[31mRED"
end_test

done_testing
