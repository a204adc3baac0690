#!/bin/bash
# gpg-agent started in a run by an ordinary user (user14): it is neither
# set-user-ID nor set-group-ID but makes itself not dumpable, so fsjail
# cannot read its memory and the listener refuses what it makes (its
# socket; fail closed, kept): gpg then says "problem with the agent: No
# agent running". The summary said "a set-user-ID or set-group-ID program,
# as ssh-agent is", which gpg-agent is not; it now names what both are,
# not dumpable. Test 1 fails before.
. "$(dirname "$0")/libtest.sh"
plan 1
setup
require_landlock

begin_test "gpg-agent as an ordinary user: the refusal says it is not dumpable"
AGENT=$(command -v gpg-agent || true)
if ! is_root || [ -z "$AGENT" ] || ! U=$(user_folder); then
	T_OPEN=0
	skip "needs root, the user cloudsdk and gpg-agent"
else
	mkdir -p -m 700 "$U/ws" "$U/ws/gh" && chown -R cloudsdk: "$U/ws"
	cd "$U/ws" || bail_out "cannot enter $U/ws"
	as_user "$U" env GNUPGHOME="$U/ws/gh" "$FSJAIL" run --workspace "$U/ws" -- \
		sh -c 'gpg-agent --daemon; sleep 1; gpgconf --kill gpg-agent; exit 0'
	cd "$WS" || bail_out "cannot enter $WS"
	assert_err_match "the caller's memory cannot be read \\(it is not dumpable: "
	assert_err_match "as gpg-agent does"
	assert_err_match "by gpg-agent"
	rm -rf "$U"
	end_test
fi

done_testing
