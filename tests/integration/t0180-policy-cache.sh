#!/bin/bash
# The compiled-policy cache ($STATE/policy/, src/policy-cache.h, issue 18)
# may cost time, never protection. Each test records an entry (the rules
# file aged past the racy-clean margin, 2 s, then one run), changes one
# input, and asserts that the next run enforces the new policy: the
# refused path gets EACCES, the new grant works.
#   1. the rules file edited with the same size, its mtime put back;
#   2. edited with the same size, both versions touch -d to one old date;
#   3. replaced by a rename of a file of the same size and mtime;
#   4. a denied path that did not exist at the recording run, made
#      through a symlink (its resolved spelling is new);
#   5. a symlinked ancestor of a denied path swapped to another folder;
#   6. HOME changed (a rule on ~/...);
#   7. a cache entry forged to drop a deny, then made not fsjail's own:
#      cut short, another owner (as root), group-writable, two links, a symlink to
#      the forged copy, a FIFO: each is ignored (no hang), the deny holds,
#      and the entry is written anew as a regular file.
. "$(dirname "$0")/libtest.sh"

plan 7
setup
require_landlock

# home_for N: a fresh FSJAIL_HOME (config and state) for test N.
home_for()
{
	export FSJAIL_HOME=$T/fh-$1
	CONF_DIR=$FSJAIL_HOME/config
	STATE_DIR=$FSJAIL_HOME/state
	RULES=$CONF_DIR/rules.yaml
	mkdir -p "$CONF_DIR"
}

# rules_entry: the cache entry of the rules file (one path), or nothing.
rules_entry()
{
	grep -l -s -a 'kind=5:rules' "$STATE_DIR"/policy/pc-* | head -1
}

# record: wait past the racy margin (to 50 ms into the third second from
# now), run twice (the first makes the state folder), check the entry exists.
record()
{
	sleep "$(date +%N | awk '{ printf "%.3f", 3.05 - $1 / 1e9 }')"
	fsj -- true
	fsj -- true
	assert_rc 0
	[ -n "$(rules_entry)" ] || fail "no cache entry of the rules file in $STATE_DIR/policy"
}

# readable F / refused F: cat F inside the sandbox works / is refused:
# EACCES, or ENOENT where a mount mask hides a denied folder.
readable()
{
	fsj -- cat "$1"
	[ "$RC" = 0 ] || fail "reading $1 was refused (rc $RC: $(head -c 300 "$ERR"))"
}
refused() # PATH's content does not reach the command: EACCES, or an empty mask
{
	fsj -- cat "$1"
	[ -s "$1" ] || fail "test error: $1 does not exist or is empty"
	[ ! -s "$OUT" ] && { [ "$RC" = 0 ] || grep -q -e 'Permission denied' -e 'No such file' "$ERR"; } ||
		fail "reading $1 was not refused (rc $RC: $(head -c 300 "$OUT$ERR"))"
}

D=$HOME/data
mkdir -p "$D/aa" "$D/bb" "$D/keep/secret" "$WS/real" "$WS/one" "$WS/two"
for f in "$D/aa/f" "$D/bb/f" "$D/keep/f" "$D/keep/secret/f" "$WS/one/k" "$WS/two/k"; do
	echo data >"$f"
done

# the same size: "aa" and "bb"
rules_ab()
{
	printf 'rules:\n  - path: %s/%s\n    allow: [read]\n' "$D" "$1"
}

begin_test "1: rules edited with the same size, mtime put back"
home_for 1
rules_ab aa >"$RULES"
record
readable "$D/aa/f"
keep=$(stat -c %.9Y "$RULES")
rules_ab bb >"$T/new" && cat "$T/new" >"$RULES"
touch -d "@$keep" "$RULES"
readable "$D/bb/f"
refused "$D/aa/f"
# FSJAIL_NO_POLICY_CACHE=1: nothing read or written
rm -rf "$STATE_DIR/policy"
FSJAIL_NO_POLICY_CACHE=1 readable "$D/bb/f"
[ -e "$STATE_DIR/policy" ] && fail "FSJAIL_NO_POLICY_CACHE=1 wrote $STATE_DIR/policy"
end_test

begin_test "2: rules edited with the same size, both touch -d to one old date"
home_for 2
rules_ab aa >"$RULES"
touch -d '2020-01-02 03:04:05' "$RULES"
record
rules_ab bb >"$T/new" && cat "$T/new" >"$RULES"
touch -d '2020-01-02 03:04:05' "$RULES"
readable "$D/bb/f"
refused "$D/aa/f"
end_test

begin_test "3: the rules file replaced by a rename, same size and mtime"
home_for 3
rules_ab aa >"$RULES"
record
rules_ab bb >"$CONF_DIR/new.yaml"
touch -r "$RULES" "$CONF_DIR/new.yaml"
mv "$CONF_DIR/new.yaml" "$RULES"
readable "$D/bb/f"
refused "$D/aa/f"
end_test

begin_test "4: a denied path made between runs through a new symlink"
home_for 4
printf 'rules:\n  - path: %s/link/key\n    deny: [read]\n' "$WS" >"$RULES"
record
echo secret >"$WS/real/key"
ln -s real "$WS/link"
refused "$WS/real/key"
refused "$WS/link/key"
end_test

begin_test "5: a symlinked ancestor of a denied path swapped"
home_for 5
ln -s one "$WS/sw"
printf 'rules:\n  - path: %s/sw/k\n    deny: [read]\n' "$WS" >"$RULES"
record
refused "$WS/one/k"
readable "$WS/two/k"
ln -sfn two "$WS/sw"
refused "$WS/two/k"
readable "$WS/one/k"
end_test

begin_test "6: HOME changed under a rule on ~/..."
home_for 6
H2=$T/home2
mkdir -p "$H2/data/aa"
echo data >"$H2/data/aa/f"
printf 'rules:\n  - path: ~/data/aa\n    allow: [read]\n' >"$RULES"
record
readable "$D/aa/f"
HOME=$H2 refused "$D/aa/f"
HOME=$H2 readable "$H2/data/aa/f"
end_test

begin_test "7: a forged entry that is not fsjail's own is ignored"
home_for 7
printf 'rules:\n  - path: %s/keep\n    allow: [read]\n  - path: %s/keep/secret\n    deny: [read]\n' \
	"$D" "$D" >"$RULES"
record
readable "$D/keep/f"
refused "$D/keep/secret/f"
e=$(rules_entry)
# the deny rule's masks "1 0 1 0 1 " (recursive, allow 0, deny read,
# pass 0, source rules) become "1 0 0 0 1 ": the deny is gone
sed 's/^1 0 1 0 1 /1 0 0 0 1 /' "$e" >"$T/forged"
cmp -s "$e" "$T/forged" && fail "could not forge the entry"
hows="short mode links symlink fifo"
is_root && hows="$hows owner"
for how in $hows; do
	rm -f "$e"
	case $how in
	short) head -c -4 "$T/forged" >"$e" && chmod 600 "$e" ;;
	owner) cp "$T/forged" "$e" && chmod 600 "$e" && chown cloudsdk "$e" ;;
	mode) cp "$T/forged" "$e" && chmod 620 "$e" ;;
	links) cp "$T/forged" "$e" && chmod 600 "$e" && ln -f "$e" "$T/forged-link" ;;
	symlink) cp "$T/forged" "$T/forged-copy" && chmod 600 "$T/forged-copy" &&
		ln -s "$T/forged-copy" "$e" ;;
	fifo) mkfifo -m 600 "$e" ;;
	esac
	timeout 60 "$FSJAIL" run --workspace "$WS" -- cat "$D/keep/secret/f" >"$OUT" 2>"$ERR"
	rc=$?
	[ "$rc" = 124 ] && fail "$how: the run hung"
	{ [ "$rc" != 0 ] && grep -q -e 'Permission denied' -e 'No such file' "$ERR"; } ||
		fail "$how: the forged entry was trusted (rc $rc: $(head -c 300 "$ERR"))"
	readable "$D/keep/f"
	if ! [ -f "$e" ] || [ -L "$e" ] || cmp -s "$e" "$T/forged"; then
		fail "$how: the entry was not written anew"
	fi
	rm -f "$T/forged-link" "$T/forged-copy"
done
end_test

done_testing
