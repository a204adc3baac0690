#!/bin/bash
# A tool's first use (task user9): with no ~/.npm on the host, npm's
# mkdir of ~/.npm is refused (fsjail never makes a cache folder on the
# host, toolcache.h), and the refusal summary offered a grant of
# read,write,create,delete on all of ~/.npm: the host's cache to poison
# and ~/.npm/_npx, which npx runs from. Now it offers no grant but the
# mkdir -p of npm's cache folders, after which the next run gets its own
# copy and works; likewise cargo with no ~/.cargo. ~/.cache holds go's
# and pip's caches, so a refusal there (any tool's) keeps the old hint.
# --report, explain and status say the same. Run as root and again as the
# ordinary user FSJAIL_TEST_USER (default cloudsdk).
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_ABSENT_CACHE_USER_PASS 7
setup
require_landlock
can_mount_ns || skip_rest_kernel "no mount namespace can be made here"

begin_test "no ~/.npm: mkdir ~/.npm gets the mkdir -p of npm's cache, no grant on ~/.npm"
fsj_sh -- 'mkdir ~/.npm && echo MADE'
assert_rc_not 0
assert_out_nomatch "MADE"
assert_err_match "create $HOME/.npm: default"
assert_err_match "no grant offered for create $HOME/.npm: npm's cache is absent on the host"
assert_err_match "mkdir -p $HOME/.npm/_cacache $HOME/.npm/_logs $HOME/.npm/_npx and run again"
assert_out_nomatch "--grant [a-z,]*:$HOME/.npm"
assert_out_nomatch "allow add [a-z,]* $HOME/.npm"
assert_not_exists "$HOME/.npm"
end_test

begin_test "--report: the same advice as hint_reason, no hint"
fsj --report "$T/report.ndjson" -- mkdir -p "$HOME/.npm/_cacache"
assert_rc_not 0
grep -q '"path":"'"$HOME"'/.npm"' "$T/report.ndjson" || fail "no refusal of ~/.npm: $(head -3 "$T/report.ndjson")"
grep '"path":"'"$HOME"'/.npm"' "$T/report.ndjson" | grep -q '"hint":null' ||
	fail "a hint was offered: $(head -3 "$T/report.ndjson")"
grep '"path":"'"$HOME"'/.npm"' "$T/report.ndjson" | grep -q "mkdir -p $HOME/.npm/_cacache" ||
	fail "no mkdir advice: $(head -3 "$T/report.ndjson")"
end_test

begin_test "no ~/.cargo: mkdir ~/.cargo gets the mkdir -p of cargo's cache folders"
fsj_sh -- 'mkdir ~/.cargo'
assert_rc_not 0
assert_err_match "cargo's cache is absent on the host"
assert_err_match "mkdir -p $HOME/.cargo/git $HOME/.cargo/registry and run again"
assert_out_nomatch "--grant [a-z,]*:$HOME/.cargo"
end_test

begin_test "no ~/.cache: a refusal there keeps the ordinary hint (go's and pip's, any tool's)"
fsj_sh -- 'mkdir ~/.cache'
assert_rc_not 0
assert_out_nomatch "cache is absent on the host"
assert_err_match "create $HOME/.cache"
end_test

begin_test "explain ~/.npm: a note names the same mkdir -p; none on ~/.cache"
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.npm" "$HOME/.cache"
assert_rc 0
assert_out_match "note: npm's cache, absent on the host .*: mkdir -p $HOME/.npm/_cacache $HOME/.npm/_logs $HOME/.npm/_npx and"
[ "$(grep -c "cache, absent on the host" "$OUT")" = 1 ] || fail "not one note: $(cat "$OUT")"
end_test

begin_test "after the mkdir -p: the run writes its own copy, the host's stays empty"
mkdir -p "$HOME/.npm/_cacache" "$HOME/.npm/_logs"
fsj_sh -- 'mkdir -p ~/.npm/_cacache/tmp && echo x >~/.npm/_cacache/tmp/a && echo x >~/.npm/_logs/1.log &&
cat ~/.npm/_cacache/tmp/a'
assert_rc 0
assert_out_match "^x$"
! grep -q "refusal" "$ERR" || fail "refusals reported: $(head -5 "$ERR")"
[ -z "$(ls -A "$HOME/.npm/_cacache" "$HOME/.npm/_logs" | grep -v ':$')" ] ||
	fail "the host's cache changed: $(ls -AR "$HOME/.npm")"
end_test

begin_test "status: an absent cache folder says mkdir -p gives each run its own copy"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_rc 0
assert_out_match "$HOME/.cargo/registry: refused: absent on the host \(never made there: mkdir -p it"
assert_out_match "$HOME/.npm/_cacache: private to each run"
end_test

end_user_pass
done_testing
