#!/bin/bash
# The repository scan runs on a second thread beside the baseline's load,
# the rule paths' resolution and the rules (ctx-scan.h, issue 12). What a
# run says and does must be what the serial scan gave:
#   - a rules file error, a baseline that cannot be read, a workspace
#     inside a protected path: the same message, first, and the same exit
#     status, however big the repository being scanned; the thread's walk
#     leaves no record in the state folder (the serial code never scanned);
#   - a scan cut short (FSJAIL_TEST_REPO_ENTRIES) while the rules load: the
#     note is said and the repository's hooks are still refused;
#   - a caller that ignores libc's own signals 32 and 33 (which glibc's
#     first pthread_create() gives a handler): the command still inherits
#     them ignored, as a plain exec passes them on (t0010's case, made
#     certain here whatever the test harness ignores).
. "$(dirname "$0")/libtest.sh"
plan 6
setup
require_landlock
git_env

# A repository with many folders: its scan outlasts the baseline's load.
git init -q "$WS" || bail_out "no git"
for i in $(seq 1 60); do mkdir -p "$WS/d$i/e" && : >"$WS/d$i/e/f"; done
SCAN=$STATE_DIR/scan

# run_here ARGS...: fsjail run from the work tree's top without
# --workspace (the workspace is found, and checked against the baseline).
run_here()
{
	(cd "$WS" && "$FSJAIL" run "$@") >"$OUT" 2>"$ERR"
	RC=$?
}

# no_record: no walk record since the last forget_records.
forget_records()
{
	rm -rf "$SCAN"
}

no_record()
{
	if [ -d "$SCAN" ] && [ -n "$(ls -A "$SCAN")" ]; then
		fail "a walk record was kept on an error path: $(ls -A "$SCAN")"
	fi
}

begin_test "a rules file error is said first, exit 125, and nothing is kept"
forget_records
printf 'rules:\n  - path: [unclosed\n' >"$RULES"
run_here -- true
assert_rc 125
assert_err_match "rules\.yaml"
head -1 "$ERR" | grep -q "rules\.yaml" || fail "the first line is not the rules error: $(head -1 "$ERR")"
no_record
rm -f "$RULES"
end_test

begin_test "a baseline that cannot be read: no workspace here, exit 125, nothing kept"
forget_records
mkdir -p "$T/data"
cp -a "$FSJAIL_DATADIR"/. "$T/data/"
printf 'version: 1\nrules: [unclosed\n' >"$T/data/baseline-linux.yaml"
FSJAIL_DATADIR=$T/data run_here -- true
assert_rc 125
assert_err_match "no workspace here"
no_record
end_test

begin_test "both broken: the rules file error is said, not the workspace's"
forget_records
printf 'rules:\n  - path: [unclosed\n' >"$RULES"
FSJAIL_DATADIR=$T/data run_here -- true
assert_rc 125
head -1 "$ERR" | grep -q "rules\.yaml" || fail "the first line is not the rules error: $(head -1 "$ERR")"
grep -q "no workspace here" "$ERR" && fail "the workspace error was said: $(cat "$ERR")"
no_record
rm -f "$RULES"
end_test

begin_test "a workspace inside a protected path is refused as before, nothing kept"
forget_records
mkdir -p "$HOME/.ssh/repo"
git init -q "$HOME/.ssh/repo"
for i in $(seq 1 30); do mkdir -p "$HOME/.ssh/repo/d$i"; done
(cd "$HOME/.ssh/repo" && "$FSJAIL" run -- true) >"$OUT" 2>"$ERR"
RC=$?
assert_rc 125
assert_err_match "inside the protected path"
no_record
end_test

begin_test "a scan cut short: said, and the hooks are still refused"
FSJAIL_TEST_REPO_ENTRIES=20 run_here -- sh -c 'echo x >.git/hooks/pre-commit; echo done'
assert_err_match "stopped early"
assert_not_exists "$WS/.git/hooks/pre-commit"
run_here -- sh -c 'echo x >.git/hooks/pre-commit'
assert_rc_not 0
assert_not_exists "$WS/.git/hooks/pre-commit"
end_test

# ign.py CMD...: ignore 32 and 33 through the kernel (glibc's sigaction()
# refuses them; x86_64's rt_sigaction), then exec CMD
cat >"$T/ign.py" <<'EOF'
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
for sig in (32, 33):
    ka = (ctypes.c_ulong * 4)(1, 0x04000000, 0, 0)  # SIG_IGN, SA_RESTORER
    if libc.syscall(13, sig, ka, None, 8) != 0:
        sys.exit(77)
os.execvp(sys.argv[1], sys.argv[1:])
EOF
if [ "$(uname -m)" != x86_64 ]; then
	skip "signals 32 and 33: the helper calls x86_64's rt_sigaction"
else
	begin_test "signals 32 and 33 ignored by the caller stay ignored in the command"
	run_cmd python3 "$T/ign.py" grep SigIgn /proc/self/status
	bare=$(cat "$OUT")
	case "$bare" in *SigIgn:*) ;; *) fail "no SigIgn bare: $bare $(cat "$ERR")" ;; esac
	(cd "$WS" && python3 "$T/ign.py" "$FSJAIL" run -- grep SigIgn /proc/self/status) \
		>"$OUT" 2>"$ERR"
	RC=$?
	assert_rc 0
	[ "$(cat "$OUT")" = "$bare" ] || fail "bare '$bare', under fsjail '$(cat "$OUT")'"
	end_test
fi

done_testing
