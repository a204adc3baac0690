#!/bin/bash
# A broker host delete of a folder (fsjail-broker(7) "delete") recorded
# each file it removed but no folder: `backups restore` made again only
# the folders on the way to a file, with mode 0755, so an empty subfolder
# was gone for good and every folder lost its mode (issue 12 item 1,
# att6/rm14). Each folder the broker removes now gets its "rmdir" record
# first, as the listener's rmdir does. Asserts every empty subfolder is
# back with its mode, in trash mode (the default) and unlink mode.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
cp "$BC_SRC" "$WS/bc"

# bdelete NAME [MODE]: a broker delete of $WS/NAME (recursive; deleteMode
# MODE, or the configuration's when empty), from inside.
bdelete()
{
	local mode=${2:+,\"deleteMode\":\"$2\"}
	fsj_sh -- 'printf "{\"id\":\"d\",\"command\":\"HostFileOperation\",\"operation\":\"delete\",\"path\":\"%s/%s\",\"recursive\":true%s,\"sessionId\":\"%s\",\"callId\":\"%s\"}\n" "$PWD" "$1" "$2" "$FSJAIL_SESSION_ID" "$FSJAIL_CALL_ID" | ./bc' "$1" "$mode"
	assert_rc 0
	assert_out_match '"ok":true'
}

# tree D: D with a file, two empty subfolders (one nested) and their modes.
tree()
{
	mkdir -p "$WS/$1/e1" "$WS/$1/e2/e3" "$WS/$1/full"
	echo "user file" >"$WS/$1/full/f"
	chmod 0711 "$WS/$1/e1"
	chmod 0750 "$WS/$1/e2/e3"
	chmod 0705 "$WS/$1"
	(cd "$WS" && find "$1" -printf '%y %m %p\n' | LC_ALL=C sort) >"$T/$1.before"
}

for mode in trash unlink; do
	begin_test "a broker delete ($mode mode) of a folder with empty subfolders: all back, with their modes"
	tree "d-$mode"
	bdelete "d-$mode" "$mode"
	assert_not_exists "$WS/d-$mode"
	ws_restore
	(cd "$WS" && find "d-$mode" -printf '%y %m %p\n' | LC_ALL=C sort) >"$T/d-$mode.now" 2>&1
	cmp -s "$T/d-$mode.before" "$T/d-$mode.now" ||
		fail "the folder is not back as it was: $(diff "$T/d-$mode.before" "$T/d-$mode.now" | grep '^[<>]' | tr '\n' ' ')"
	end_test
done

done_testing
