#!/bin/bash
# The broker refused every operation at a mount point in the command's
# view (att28), meant for the mounts fsjail makes: a read deny's HIDE mask,
# whose empty object the command sees instead of the host's .env. A mount
# the host already had in the workspace (a container's volume, a folder
# or file bound there) is the same object in both views, and the policy
# allows a chmod, a touch or a copy onto it: the broker refused them,
# saying "a mount mask or pin" (att29). Now only a name's removal or
# replacement is refused at any mount point (the kernel's EBUSY), and a
# change of the object only where the command sees another one than the
# host's (the mask: still refused).
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
[ "$(id -u)" = 0 ] || { while [ "$T_NUM" -lt "$T_PLANNED" ]; do skip_root "bind mounts"; done; exit 0; }
cd "$WS" || bail_out "cannot enter $WS"
HOSTOP=$(cat "$TEST_SRCDIR/helpers/broker-hostop.py") # python3 -c "$HOSTOP" JSON...
mkdir "$WS/vol" && chmod 700 "$WS/vol" && echo old >"$WS/vol/f"
echo new >"$WS/a" && echo bound >"$WS/bound"
echo "KEY=secret" >"$WS/.env" && chmod 600 "$WS/.env"
mount --bind "$WS/vol" "$WS/vol" 2>"$T/mount.err" ||
	skip_rest_kernel "cannot bind-mount here: $(cat "$T/mount.err")"
trap 'cd /; umount "$WS/bound" 2>/dev/null; umount "$WS/vol" 2>/dev/null; cleanup' EXIT
mount --bind "$WS/bound" "$WS/bound" 2>"$T/mount.err" ||
	skip_rest_kernel "cannot bind-mount a file here: $(cat "$T/mount.err")"
write_rules <<EOF
rules:
  - id: dotenv
    path: .env
    recursive: false
    deny: [read]
EOF

# broker JSON...: the requests from inside a run, replies in $OUT
broker()
{
	fsj -- python3 -c "$HOSTOP" "$@"
}

begin_test "the broker's chmod of a folder the host mounted in the workspace is done"
broker "{\"operation\":\"chmod\",\"path\":\"$WS/vol\",\"mode\":\"0755\"}"
assert_out_match '"ok":true'
[ "$(stat -c %a "$WS/vol")" = 755 ] || fail "vol's mode: $(stat -c %a "$WS/vol"); $(cat "$OUT")"
end_test

begin_test "the broker's touch of it is done"
touch -d 2001-01-01 "$WS/vol"
broker "{\"operation\":\"touch\",\"path\":\"$WS/vol\"}"
assert_out_match '"ok":true'
[ "$(stat -c %Y "$WS/vol")" -gt 1000000000 ] || fail "vol's time: $(stat -c %y "$WS/vol"); $(cat "$OUT")"
end_test

begin_test "the broker's copy onto a file the host bound onto itself is done"
broker "{\"operation\":\"copy\",\"from\":\"$WS/a\",\"to\":\"$WS/bound\"}"
assert_out_match '"ok":true'
assert_content "$WS/bound" new
end_test

begin_test "still refused: chmod and touch of the read deny's mask, and the rename of the host's mount"
broker "{\"operation\":\"chmod\",\"path\":\"$WS/.env\",\"mode\":\"0644\"}" \
	"{\"operation\":\"touch\",\"path\":\"$WS/.env\"}" \
	"{\"operation\":\"rename\",\"from\":\"$WS/vol\",\"to\":\"$WS/vol2\"}"
[ "$(grep -c '"ok":false' "$OUT")" = 3 ] || fail "broker replies: $(cat "$OUT")"
assert_content "$WS/.env" "KEY=secret"
[ "$(stat -c %a "$WS/.env")" = 600 ] || fail ".env's mode: $(stat -c %a "$WS/.env")"
assert_not_exists "$WS/vol2"
end_test

done_testing
