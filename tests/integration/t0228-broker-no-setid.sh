#!/bin/bash
# The listener refuses a set-user-ID or set-group-ID bit on a file
# (t0176): it outlives the run, and a root command would leave in the
# workspace a program any local user runs as root. The broker's chmod
# (fsjail-broker(7)) took any mode up to 07777 and set it, so the same
# command got its setuid-root program through the broker (found by
# att3: `runuser -u cloudsdk -- ./prog` then ran with euid 0). The
# broker now refuses those bits on anything but a folder, as the
# listener does; a plain mode and a folder's set-group-ID still pass.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
cp "$BC_SRC" "$WS/bc"

# bchmod NAME MODE: a broker chmod of $WS/NAME to MODE, from inside.
bchmod()
{
	fsj_sh -- './bc "{\"id\":\"c\",\"command\":\"HostFileOperation\",\"operation\":\"chmod\",\"path\":\"$PWD/$1\",\"mode\":\"$2\",\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"' "$1" "$2"
}

begin_test "a broker chmod cannot set the set-user-ID or set-group-ID bit of a file"
cp /bin/true "$WS/prog"
for m in 04755 02755 06755; do
	bchmod prog $m
	assert_out_match '"ok":false'
	[ $(($(stat -c '0%a' "$WS/prog") & 06000)) = 0 ] || fail "mode $m landed: $(stat -c %a "$WS/prog")"
	chmod 0755 "$WS/prog"
done
end_test

begin_test "a plain broker chmod still works"
bchmod prog 0700
assert_out_match '"ok":true'
[ "$(stat -c %a "$WS/prog")" = 700 ] || fail "mode is $(stat -c %a "$WS/prog")"
end_test

begin_test "a folder's set-group-ID bit still passes"
mkdir "$WS/shared"
bchmod shared 02755
assert_out_match '"ok":true'
[ "$(stat -c %a "$WS/shared")" = 2755 ] || fail "mode is $(stat -c %a "$WS/shared")"
end_test

done_testing
