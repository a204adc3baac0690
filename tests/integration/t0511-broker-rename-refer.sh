#!/bin/bash
# The broker's rename (and hard link) gives a file a new name that may
# grant no more than its old one, as the listener's does (notify-refer.c,
# Landlock's REFER rule): a JSON "rename" of a read-denied .env to a
# readable name in the workspace was done (delete on .env and create at
# the new name were all it checked), so the next run read the secret at
# the new name, and without mount masks the same run read it at once.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0511_USER 3
setup
require_landlock

HOSTOP=$(cat "$TEST_SRCDIR/helpers/broker-hostop.py") # python3 -c "$HOSTOP" JSON
SECRET=DOTENV-SECRET-4d9
fresh()
{
	rm -rf "$WS/sub" "$WS/.env" "$WS/a"
	mkdir -p "$WS/sub" && echo "KEY=$SECRET" >"$WS/.env" && echo a >"$WS/a"
}
write_rules <<EOF
rules:
  - id: dotenv
    path: .env
    recursive: false
    deny: [read]
EOF
# rename FROM TO through the broker, then cat TO, in one run
broker_rename()
{
	fsj_sh -- 'python3 -c "$1" "{\"operation\":\"rename\",\"from\":\"$2/$3\",\"to\":\"$2/$4\"}"; cat "$4"' \
		"$HOSTOP" "$WS" "$1" "$2"
}

for masks in 1 0; do
	[ "$masks" = 1 ] && unset FSJAIL_NO_MOUNT_MASKS || export FSJAIL_NO_MOUNT_MASKS=1
	begin_test "broker rename of the read-denied .env to a readable name is refused (masks: $masks)"
	fresh
	broker_rename .env sub/r1
	assert_out_match '"ok":false'
	assert_out_match "would grant read, which this name lacks"
	assert_out_nomatch "$SECRET"
	assert_content "$WS/.env" "KEY=$SECRET"
	assert_not_exists "$WS/sub/r1"
	fsj_sh -- 'cat sub/r1'
	assert_out_nomatch "$SECRET"
	end_test
done
unset FSJAIL_NO_MOUNT_MASKS

begin_test "a broker rename that grants nothing more is done"
fresh
broker_rename a sub/a2
assert_out_match '"ok":true'
assert_content "$WS/sub/a2" "a"
assert_not_exists "$WS/a"
end_test

end_user_pass
done_testing
