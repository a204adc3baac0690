#!/bin/bash
# Extended attributes (user.*) and POSIX ACLs of a file that a restore
# makes again from a cycle go back with its content (backup_copy.c
# backup_copy_xattrs(): on the cycle's copy, and on the file made
# again). Before: `sed -i` (a rename over f) or `rm f` of a file with two
# names, then `fsjail backups restore`, gave f back without them. What
# cannot be kept is said, never dropped silently: a security.* attribute
# the user may not set comes out as "extended attributes not kept".
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0293_USER 4
setup
require_landlock
command -v setfattr >/dev/null && command -v getfattr >/dev/null ||
	bail_out "setfattr and getfattr are needed (the attr package)"
setfattr -n user.fsjail -v probe "$WS" 2>/dev/null ||
	bail_out "this filesystem keeps no user.* extended attributes"
setfattr -x user.fsjail "$WS"

# attrs FILE: its user.* attributes and its ACL, one per line, sorted.
attrs()
{
	getfattr --absolute-names -d -m '^user\.' "$1" 2>/dev/null | grep -v '^#' | sort
	command -v getfacl >/dev/null && getfacl -cp "$1" 2>/dev/null | sort
}

# marked FILE: FILE ("aaa") with two user.* attributes and, where setfacl
# is about, an ACL entry for the group of uid 0 (any uid would do).
marked()
{
	echo aaa >"$1"
	setfattr -n user.origin -v "from the user" "$1"
	setfattr -n user.bin -v 0x00ff10 "$1"
	if command -v setfacl >/dev/null; then setfacl -m g:0:r,m::rw "$1"; fi
	attrs "$1" >"$T/want"
}

# same_attrs FILE: FILE has what marked gave it.
same_attrs()
{
	attrs "$1" >"$T/got"
	diff "$T/want" "$T/got" >"$T/attrs.diff" ||
		{ fail "the attributes of $1 differ after the restore"; diag_file attrs.diff "$T/attrs.diff"; }
	grep -q 'user.origin="from the user"' "$T/got" || fail "user.origin is gone from $1"
}

begin_test "sed -i (a rename over f), then restore: f's xattrs and ACL come back"
marked "$WS/f"
fsj_sh -- 'sed -i s/a/b/ f'
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_content "$WS/f" aaa
same_attrs "$WS/f"
if grep -q 'not kept' "$ERR"; then fail "something is said not kept: $(cat "$ERR")"; fi
end_test

begin_test "rm of a file with two names (kept by copy), then restore: xattrs come back"
marked "$WS/g"
ln "$WS/g" "$WS/g2"
fsj_sh -- 'rm g g2'
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_content "$WS/g" aaa
same_attrs "$WS/g"
same_attrs "$WS/g2"
end_test

begin_test "perl -i.bak, restore (f kept by copy), undo of the restore: xattrs of f.bak"
marked "$WS/p"
fsj_sh -- 'perl -i.bak -pe s/a/b/ p'
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
same_attrs "$WS/p"
c=$("$FSJAIL" backups list --json --workspace "$WS" | python3 -c '
import json, sys
print([c["cycle"] for c in json.load(sys.stdin)["cycles"] if c["kind"] == "restore"][-1])')
run_cmd "$FSJAIL" backups restore --cycle "$c" --workspace "$WS"
assert_rc 0
assert_exists "$WS/p.bak"
same_attrs "$WS/p.bak"
end_test

# A file of the ordinary user with user.origin and, set by root,
# security.fsjailtest, which that user may read but not set.
if [ "$USER_PASS" = 1 ] || ! u=$(user_folder); then
	skip_root "a user's file with a security.* attribute only root can set"
elif ! { mkdir "$u/ws" && echo aaa >"$u/ws/f" && chown -R cloudsdk: "$u/ws" &&
	setfattr -n user.origin -v mine "$u/ws/f" &&
	setfattr -n security.fsjailtest -v 1 "$u/ws/f" 2>/dev/null; }; then
	rm -rf "$u"
	skip "no security.* attribute can be set here"
else
	begin_test "an attribute the user may not set (security.*) is said, not dropped silently"
	cd "$u/ws" || bail_out "cannot enter $u/ws"
	as_user "$u" "$FSJAIL" run --workspace "$u/ws" -- sed -i s/a/b/ "$u/ws/f"
	assert_rc 0
	as_user "$u" "$FSJAIL" backups restore --workspace "$u/ws"
	assert_rc 0
	assert_content "$u/ws/f" aaa
	grep -q "not kept: security.fsjailtest" "$ERR" ||
		fail "the lost security.fsjailtest is not said: $(cat "$ERR" "$OUT")"
	[ "$(getfattr --absolute-names --only-values -n user.origin "$u/ws/f" 2>/dev/null)" = mine ] ||
		fail "user.origin was not kept"
	cd "$WS" && rm -rf "$u"
	end_test
fi

end_user_pass
done_testing
