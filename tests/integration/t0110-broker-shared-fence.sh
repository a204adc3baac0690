#!/bin/bash
# The broker's fence is the run's own Landlock ruleset (broker_use_plan(),
# issue 18), compiled with the seccomp listener: a denied path that does
# not exist yet keeps its folder's grant whole, and only the listener
# refuses the command making it. The broker performs host operations
# outside the listener, so it must refuse them by the policy: no broker
# copy, mkdir, rename or link makes conf/.env; what the policy allows in
# the same folder is still served.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

HOSTOP=$(cat "$TEST_SRCDIR/helpers/broker-hostop.py") # python3 -c "$HOSTOP" JSON
write_rules <<EOF2
rules:
  - path: .
    allow: [read, write, create, delete, execute]
  - path: conf/.env
    deny: [create, write]
EOF2
mkdir -p "$WS/conf"
echo "source" >"$WS/src"

begin_test "no broker operation makes the denied conf/.env"
for op in "\"operation\":\"copy\",\"from\":\"$WS/src\",\"to\":\"$WS/conf/.env\"" \
	"\"operation\":\"mkdir\",\"path\":\"$WS/conf/.env\"" \
	"\"operation\":\"rename\",\"from\":\"$WS/src2\",\"to\":\"$WS/conf/.env\"" \
	"\"operation\":\"link\",\"from\":\"$WS/src\",\"to\":\"$WS/conf/.env\""; do
	cp "$WS/src" "$WS/src2"
	fsj_sh -- 'python3 -c "$1" "{$2}"' "$HOSTOP" "$op"
	[ -e "$WS/conf/.env" ] || [ -L "$WS/conf/.env" ] && fail "broker {$op} made conf/.env"
	rm -rf "$WS/conf/.env"
done
end_test

begin_test "the broker still copies into conf, which the fence grants"
fsj_sh -- 'python3 -c "$1" "{$2}"' "$HOSTOP" \
	"\"operation\":\"copy\",\"from\":\"$WS/src\",\"to\":\"$WS/conf/ok\""
assert_content "$WS/conf/ok" "source"
end_test

done_testing
