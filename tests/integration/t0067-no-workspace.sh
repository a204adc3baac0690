#!/bin/bash
# Commands that need no workspace work from anywhere, and the others say
# first why there is none (issue 12 item 5; fsjail(1) status, run):
# from $HOME and from / (neither a git work tree; both refused as a
# default workspace), as whoever runs the suite and, as root, also as an
# ordinary uid:
# - status exits 1 with "no workspace here: refusing workspace ..." and a
#   hint as its first two lines;
# - log, backups list, backups show and allow list exit 0 and refuse
#   nothing, with or without history;
# - run, explain and probe say first "fsjail: CMD: no workspace here:"
#   naming the folder they were started in (not a stale one from the
#   probe cache), run and explain exit 125, probe --json still prints
#   JSON and caches nothing for "no workspace";
# - status in a plain folder names it and why (t0060 checks a git
#   work tree's top).
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed to read JSON"

# in_dir DIR CMD...: run CMD from DIR (outside the sandbox); sets OUT, ERR, RC.
in_dir()
{
	local dir=$1
	shift
	(cd "$dir" && "$@") >"$OUT" 2>"$ERR"
	RC=$?
	LAST_CMD="(in $dir) $(printf '%q ' "$@")"
}

# first_err_line PATTERN: the first line on stderr matches PATTERN.
first_err_line()
{
	head -n 1 "$ERR" | grep -Eq -- "$1" ||
		fail "first line on stderr is not /$1/: $(head -n 2 "$ERR")"
}

# check_places LABEL: the checks of this file from $HOME and from /, as the
# current user with the current $HOME and $FSJAIL_HOME.
check_places()
{
	local dir what
	for dir in "$HOME" /; do
		[ "$dir" = / ] && what="the root directory" || what="the home directory"

		in_dir "$dir" "$FSJAIL" status
		assert_rc 1
		head -n 1 "$OUT" | grep -q "^no workspace here: refusing workspace '$dir': it is $what" ||
			fail "status from $dir: first line is: $(head -n 1 "$OUT")"
		sed -n 2p "$OUT" | grep -q '^hint: ' || fail "status from $dir: no hint on line 2"

		for cmd in "log" "backups list" "backups show" "allow list"; do
			# shellcheck disable=SC2086
			in_dir "$dir" "$FSJAIL" $cmd
			[ "$RC" = 0 ] || fail "'fsjail $cmd' from $dir exits $RC: $(head -n 2 "$ERR")"
			grep -q "refusing\|no workspace" "$ERR" &&
				fail "'fsjail $cmd' from $dir speaks of the workspace: $(head -n 2 "$ERR")"
		done

		in_dir "$dir" "$FSJAIL" run -- true
		assert_rc 125
		first_err_line "^fsjail: run: no workspace here: refusing workspace '$dir': it is $what"

		in_dir "$dir" "$FSJAIL" explain "$HOME/x"
		assert_rc 125
		first_err_line "^fsjail: explain: no workspace here: refusing workspace '$dir'"

		in_dir "$dir" "$FSJAIL" probe --json
		first_err_line "^fsjail: probe: no workspace here: refusing workspace '$dir'"
		python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$OUT" ||
			fail "probe --json from $dir printed no JSON"
		if cat "$FSJAIL_HOME/state/probe-cache.json" "$FSJAIL_HOME"/state/probe/* \
			2>/dev/null | grep -q '"workspace": *""'; then
			fail "probe from $dir cached a report for no workspace"
		fi
	done
}

begin_test "from \$HOME and /, before any run: status, log, backups, allow list, run, explain, probe"
check_places
end_test

begin_test "after a run with history: the same; backups show names its cycle; status in a plain folder names it and why"
echo old >"$WS/f"
fsj -- sh -c 'echo new >f; rm -f f'
assert_rc 0
"$FSJAIL" backups list >"$T/list" 2>&1
[ -s "$T/list" ] || fail "the run left no backup cycle to list"
check_places
in_dir "$HOME" "$FSJAIL" backups show
assert_rc 0
assert_out_match "$WS/f"
mkdir -p "$WS/plain"
in_dir "$WS/plain" "$FSJAIL" status
assert_out_match "^workspace: +$WS/plain \\(current directory; "
end_test

# An ordinary uid (65534), its own home and fsjail folders: root only.
if ! is_root || ! command -v setpriv >/dev/null; then
	skip_root "as an ordinary uid (setpriv to 65534)"
else
	begin_test "as an ordinary uid: the same from its \$HOME and /"
	UHOME=$T/uhome
	mkdir -p "$UHOME/fsj"
	chown -R 65534:65534 "$UHOME"
	chmod 755 "$T"
	setpriv --reuid 65534 --regid 65534 --clear-groups \
		env HOME="$UHOME" FSJAIL_HOME="$UHOME/fsj" FSJAIL="$FSJAIL" \
		bash -c '. "$1" && T=$2 && OUT=$T/u.out && ERR=$T/u.err && T_FAIL=0 &&
			declare -f >/dev/null && '"$(declare -f in_dir first_err_line check_places)"'
			fail() { echo "# FAIL: $*"; T_FAIL=1; }
			assert_rc() { [ "$RC" = "$1" ] || fail "exit $RC, not $1 ($LAST_CMD): $(head -n 2 "$ERR")"; }
			check_places; echo "# checked as uid $(id -u)"; exit $T_FAIL' \
		bash "$TEST_DIR/libtest.sh" "$UHOME" >"$T/user.log" 2>&1 ||
		fail "as uid 65534: $(grep '^# FAIL' "$T/user.log" | head -5)"
	grep -q '^# checked as uid 65534$' "$T/user.log" ||
		fail "the checks did not run as uid 65534: $(head -5 "$T/user.log")"
	end_test
fi

done_testing
