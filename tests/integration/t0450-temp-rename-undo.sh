#!/bin/bash
# A file of the workspace moved into a temporary folder leaves the backups'
# reach: nothing under $TMPDIR, /tmp or /var/tmp is saved before it is
# changed or removed (backup_path_is_temp()). Mount masks put the
# workspace and each temporary folder on a mount of their own, so a
# rename(2) between them is EXDEV and mv copies, then unlinks the old name
# (saved as any delete is). Without masks (no user namespace: a hardened
# distribution, a container) the listener let the rename through (att24):
# renamed into $TMPDIR, then removed there, a file or a whole folder was
# gone for `fsjail backups restore` ("already in place"); so was a file
# swapped into $TMPDIR by RENAME_EXCHANGE; and through a hard link made
# there, a file's xattrs and mode were changed with nothing recorded. The
# listener now answers EXDEV to both, as the kernel does with masks. Each case with and without masks, as
# root and as an ordinary user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0450_USER 10
setup
require_landlock
command -v python3 >/dev/null || skip_rest_kernel "no python3"
TMPD=$T/tmp
mkdir -p "$TMPD"

# in_run MASKS CMD [ARG...]: fsjail run -- CMD ARG... with TMPDIR=$TMPD,
# mount masks on (MASKS "") or off (MASKS 1).
in_run()
{
	local m=$1
	shift
	if [ -n "$m" ]; then
		export FSJAIL_NO_MOUNT_MASKS=1
	else
		unset FSJAIL_NO_MOUNT_MASKS
	fi
	TMPDIR=$TMPD fsj -- "$@"
	unset FSJAIL_NO_MOUNT_MASKS
}

# MOVE FROM TO: the rename, then the removal of TO (if the rename went
# through); prints the rename's errno (0: done).
MOVE='
import os, shutil, sys
try:
    os.rename(sys.argv[1], sys.argv[2]); print(0)
except OSError as e:
    print(e.errno); sys.exit(0)
(shutil.rmtree if os.path.isdir(sys.argv[2]) else os.unlink)(sys.argv[2])
'
# SWAP A B [A B...]: RENAME_EXCHANGE of each pair, then the removal of
# what each swap put in $TMPDIR; prints each errno (0: done).
SWAP='
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
args = sys.argv[1:]
for a, b in zip(args[0::2], args[1::2]):
    if libc.renameat2(-100, a.encode(), -100, b.encode(), 2) != 0:
        print(ctypes.get_errno()); continue
    print(0)
    os.unlink(a if a.startswith(os.environ["TMPDIR"] + "/") else b)
'

# LINK FILE NAME: a hard link NAME of FILE, then FILE's user.keep xattr
# removed and its mode made 0777 through NAME, NAME removed; prints the
# link's errno (0: done).
LINK='
import os, sys
try:
    os.link(sys.argv[1], sys.argv[2]); print(0)
except OSError as e:
    print(e.errno); sys.exit(0)
os.removexattr(sys.argv[2], "user.keep")
os.chmod(sys.argv[2], 0o777)
os.unlink(sys.argv[2])
'

# undo: fsjail backups restore of the workspace; "no backup cycle" (the
# run changed nothing) is as good as done.
undo()
{
	(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS") >"$OUT" 2>"$ERR"
	RC=$?
	[ "$RC" = 0 ] || grep -q 'no backup cycle' "$ERR" || fail "backups restore failed ($RC): $(cat "$ERR")"
}

for m in "" 1; do
	how=${m:+"without mount masks"}
	how=${how:-"with mount masks"}

	begin_test "$how: a file renamed into \$TMPDIR and removed there is back after restore"
	rm -rf "$WS"/* "$TMPD"/*
	printf 'precious %s\n' "$m" >"$WS/keep.txt"
	keep_copies keep.txt
	in_run "$m" python3 -c "$MOVE" "$WS/keep.txt" "$TMPD/keep.txt"
	assert_rc 0
	assert_out_match '^(0|18)$'
	undo
	assert_back keep.txt
	end_test

	begin_test "$how: a folder renamed into \$TMPDIR and removed there is back after restore"
	rm -rf "$WS"/* "$TMPD"/*
	mkdir -p "$WS/src/lib"
	echo one >"$WS/src/a.c"
	echo two >"$WS/src/lib/b.c"
	keep_copies src/a.c src/lib/b.c
	in_run "$m" python3 -c "$MOVE" "$WS/src" "$TMPD/src"
	assert_rc 0
	undo
	assert_back src/a.c src/lib/b.c
	end_test

	begin_test "$how: files swapped into \$TMPDIR (RENAME_EXCHANGE) and removed there are back after restore"
	rm -rf "$WS"/* "$TMPD"/*
	echo 'the user data' >"$WS/data.txt"
	echo 'more user data' >"$WS/data2.txt"
	echo junk >"$TMPD/j1"
	echo junk >"$TMPD/j2"
	keep_copies data.txt data2.txt
	in_run "$m" python3 -c "$SWAP" "$WS/data.txt" "$TMPD/j1" "$TMPD/j2" "$WS/data2.txt"
	assert_rc 0
	undo
	assert_back data.txt data2.txt
	end_test

	begin_test "$how: a file linked into \$TMPDIR keeps its xattr and mode after restore"
	rm -rf "$WS"/* "$TMPD"/*
	echo 'tagged' >"$WS/tag.txt"
	chmod 0640 "$WS/tag.txt"
	python3 -c 'import os, sys; os.setxattr(sys.argv[1], "user.keep", b"precious")' "$WS/tag.txt" ||
		bail_out "no user xattrs on $WS"
	in_run "$m" python3 -c "$LINK" "$WS/tag.txt" "$TMPD/tag.txt"
	assert_rc 0
	undo
	got=$(python3 -c 'import os, sys
try:
    print(os.getxattr(sys.argv[1], "user.keep").decode())
except OSError as e:
    print("errno", e.errno)' "$WS/tag.txt")
	[ "$got" = precious ] || fail "user.keep of tag.txt after restore: '$got', expected 'precious'"
	mode=$(stat -c %a "$WS/tag.txt")
	[ "$mode" = 640 ] || fail "tag.txt has mode $mode after restore, expected 640"
	end_test

	begin_test "$how: mv into \$TMPDIR still moves the file, and restore brings its name back"
	rm -rf "$WS"/* "$TMPD"/*
	echo 'moved' >"$WS/m.txt"
	keep_copies m.txt
	in_run "$m" mv "$WS/m.txt" "$TMPD/m.txt"
	assert_rc 0
	assert_content "$TMPD/m.txt" moved
	assert_not_exists "$WS/m.txt"
	undo
	assert_back m.txt
	end_test
done

end_user_pass
done_testing
