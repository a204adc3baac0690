#!/bin/bash
# Things a new user read that did not match what fsjail does (user12):
# - `fsjail compile --backend landlock` listed cargo's lock files and
#   last-use database in ~/.cargo as "private PATH (the run's own copy of
#   a tool cache)", while the run sees the host's file through a
#   read-only bind (toolcache.h; `fsjail status` says so, README too);
# - fsjail-json(7) listed the autorun files of a fsjail-planted/1 record
#   without .pre-commit-config.yaml, lefthook.yml, .lefthook.yml,
#   .cursor/hooks.json, .roo/mcp.json and .amazonq/mcp.json, which the
#   run reports (src/autorun-files.c), and their tools;
# - `ssh-agent -s` in a run as an ordinary user: ssh-agent is
#   set-group-ID, so fsjail cannot read its memory and the listener
#   refuses its mkdtemp() of the socket folder (fail closed, kept); the
#   summary said only "write (unknown path): the caller cannot be read".
#   It now says why;
# - `fsjail status` from the home folder (no workspace) printed
#   "baseline: PATH (0 baseline entries, 0 protected, user-data roots:)":
#   nothing was read, not an empty baseline.
# All four fail before.
. "$(dirname "$0")/libtest.sh"

plan 4
setup

begin_test "compile: cargo's files in ~/.cargo are the host's, read-only, not a copy"
if ! can_mount_ns || { [ -n "${FSJAIL_NO_MOUNT_MASKS:-}" ] && [ "$FSJAIL_NO_MOUNT_MASKS" != 0 ]; }; then
	T_OPEN=0
	skip_kernel "the read-only view of cargo's files needs a mount namespace"
else
	mkdir -p "$HOME/.cargo/registry"
	: >"$HOME/.cargo/.package-cache"
	run_cmd "$FSJAIL" compile --workspace "$WS" --backend landlock --tier full
	assert_rc 0
	assert_out_match "^private $HOME/\.cargo/\.package-cache \(the host's file, read-only in the run"
	assert_out_match "^private $HOME/\.cargo/registry \(the run's own copy of a tool cache\)"
	grep -q "package-cache (the run's own copy" "$OUT" &&
		fail "cargo's lock file is called a copy: $(grep package-cache "$OUT")"
	end_test
fi

begin_test "fsjail-json(7) names every autorun file and tool the run reports"
SRC=$TEST_SRCDIR/..
[ -f "$SRC/src/autorun-files.c" ] && [ -f "$SRC/man/fsjail-json.7.in" ] || bail_out "no source tree at $SRC"
# the entries of autorun_files[]: { "NAME", "TOOL", ...
grep -Eo '^	\{ "[^"]+", "[^"]+"' "$SRC/src/autorun-files.c" | sed 's/^	{ //; s/"//g; s/, / /' >"$T/files"
[ "$(wc -l <"$T/files")" -ge 10 ] || fail "autorun_files[] not found in src/autorun-files.c"
# the PLANTED RECORD section, roff escapes of '-' undone
sed -n '/^\.SH PLANTED RECORD/,/^\.SH /p' "$SRC/man/fsjail-json.7.in" | sed 's/\\-/-/g' >"$T/section"
while read -r name tool; do
	re=$(printf '%s' "$name" | sed 's/\./\\./g')
	grep -Eq "^\.(I|IR|B|BR) $re( ,)?\$" "$T/section" ||
		fail "fsjail-json(7) PLANTED RECORD does not name $name"
	grep -Eq "^\.(B|BR) $tool( ,)?\$" "$T/section" ||
		fail "fsjail-json(7) PLANTED RECORD does not name the tool $tool"
done <"$T/files"
end_test

begin_test "ssh-agent as an ordinary user: the refusal says a set-group-ID program cannot be read"
AGENT=$(command -v ssh-agent || true)
if ! is_root || [ -z "$AGENT" ] || [ ! -g "$AGENT" ] || ! U=$(user_folder); then
	T_OPEN=0
	skip "needs root, the user cloudsdk and a set-group-ID ssh-agent (Debian's)"
else
	mkdir -p "$U/ws" && chown cloudsdk: "$U/ws"
	cd "$U/ws" || bail_out "cannot enter $U/ws"
	as_user "$U" "$FSJAIL" run --workspace "$U/ws" -- ssh-agent -s
	cd "$WS" || bail_out "cannot enter $WS"
	assert_failed
	assert_err_match "the caller's memory cannot be read \\(it is not dumpable: a set-user-ID or set-group-ID program"
	assert_err_match "by ssh-agent"
	rm -rf "$U"
	end_test
fi

begin_test "status with no workspace: the baseline is not read, not empty"
(cd "$HOME" && "$FSJAIL" status) >"$OUT" 2>"$ERR"
RC=$?
LAST_CMD="cd \$HOME && fsjail status"
assert_out_match "^no workspace here: "
assert_out_match "^baseline: +.*baseline-linux\.yaml \(not read: no workspace\)\$"
grep -q '0 baseline entries' "$OUT" && fail "an empty baseline is shown: $(grep baseline: "$OUT")"
(cd "$WS" && "$FSJAIL" status) >"$OUT" 2>"$ERR"
assert_out_match "^baseline: +.*\([1-9][0-9]* baseline entries, [1-9][0-9]* protected, "
end_test

done_testing
