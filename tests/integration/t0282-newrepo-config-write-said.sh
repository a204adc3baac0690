#!/bin/bash
# The write a made repository's config refuses is said (issue 12 item 4,
# att7). A creating open of config in a repository the run made gets a
# read-only descriptor of an empty file (libgit2's order: t0208), so
# `echo >> .git/config` failed EBADF in the kernel with no refusal line.
# Now the summary and --report name the path and the repository-metadata
# rule; the libgit2 order (empty file, then config.lock renamed) says
# nothing, and the config still holds nothing the command wrote.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env
startup_files
export GIT_CONFIG_GLOBAL=/dev/null
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON"
command -v git >/dev/null || bail_out "git is needed"
[ "${FSJAIL_NO_NOTIFY:-0}" = 1 ] && skip_rest_kernel "no listener (FSJAIL_NO_NOTIFY=1)"

begin_test "git init, then a write to the new config by the shell: refused, and said"
# shellcheck disable=SC2016
fsj --report "$T/report" -- sh -c 'git init -q r && rm r/.git/config &&
	echo "[core]" >> r/.git/config; echo "rc=$?"'
assert_rc 0
assert_out_match '^rc=[1-9]'
[ ! -s "$WS/r/.git/config" ] || fail "config holds: $(cat "$WS/r/.git/config")"
assert_err_match "write $WS/r/\\.git/config: protected rule 'repository-metadata' .*handed in read-only.*; by "
end_test

begin_test "--report has the line: write, the path, the rule, EBADF"
python3 - "$T/report" "$WS/r/.git/config" <<'PY' || fail "no such line: $(cat "$T/report")"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
assert any(r["schema"] == "fsjail-refusal/1" and r["capability"] == "write" and
           r["path"] == sys.argv[2] and r["rule_id"] == "repository-metadata" and
           r["errno"] == "EBADF" and r["executable"] for r in rows), rows
PY
end_test

begin_test "the libgit2 order (empty config, then config.lock renamed) is no refusal"
# shellcheck disable=SC2016
fsj -- python3 -c 'import os, sys
d = sys.argv[1]
for sub in ("objects", "refs/heads"):
    os.makedirs(os.path.join(d, sub))
open(d + "/HEAD", "w").write("ref: refs/heads/main\n")
os.close(os.open(d + "/config", os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_TRUNC, 0o644))
open(d + "/config.lock", "w").write("[core]\n\tbare = false\n")
os.rename(d + "/config.lock", d + "/config")
' "$WS/lg/.git"
assert_rc 0
assert_content "$WS/lg/.git/config" "$(printf '[core]\n\tbare = false')"
if grep -q "refusal" "$ERR"; then
	fail "a refusal was said: $(cat "$ERR")"
fi
end_test

done_testing
