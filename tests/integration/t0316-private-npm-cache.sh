#!/bin/bash
# npm with no rules file (task cache13): npm must write its cache
# ~/.npm/_cacache and its logs ~/.npm/_logs, which the baseline does not
# grant (npm then exited 243). Granting the host's folders would let a
# command poison them (a cached packument and tarball the host installs
# later), so each run gets its own copy (toolcache.h): an overlay of the
# host's folder over a private tmpfs. npm init and npm install of a local
# tarball made with npm pack work, the host's ~/.npm is byte-identical
# after (every file, by sha256, and the list of names). ~/.npm/_npx, which
# npx installs into and runs from, is the run's own copy too: npx of the
# package works and nothing it or the command puts there reaches the
# host's next npx; ~/.npm itself stays refused, and `status` says which
# applies; without a mount namespace (FSJAIL_NO_MOUNT_MASKS=1) the old
# refusal stays and status says so. Run as root and again as the ordinary
# user FSJAIL_TEST_USER (default cloudsdk).
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_NPM_USER_PASS 6
setup
require_landlock
command -v npm >/dev/null && command -v node >/dev/null || skip_rest_kernel "no npm or node"
can_mount_ns || skip_rest_kernel "no mount namespace can be made here"
export NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_AUDIT=false NPM_CONFIG_FUND=false \
	NPM_CONFIG_OFFLINE=true

# a local package, packed, and the host's cache seeded with it (outside)
mkdir -p "$T/src/lp"
printf '{"name":"fsjail-lp","version":"1.0.0","main":"index.js","bin":{"fsjail-lp":"cli.js"}}\n' \
	>"$T/src/lp/package.json"
echo 'module.exports = 42;' >"$T/src/lp/index.js"
printf '#!/usr/bin/env node\nconsole.log("lp-cli " + require("./index.js"));\n' >"$T/src/lp/cli.js"
chmod 755 "$T/src/lp/cli.js"
(cd "$T/src/lp" && npm pack --silent --pack-destination "$WS" >/dev/null 2>&1) ||
	bail_out "npm pack failed"
npm cache add "$WS/fsjail-lp-1.0.0.tgz" >/dev/null 2>&1 || bail_out "npm cache add failed"
mkdir -p "$HOME/.npm/_npx" "$HOME/.npm/_logs"
[ -d "$HOME/.npm/_cacache" ] || bail_out "npm made no ~/.npm/_cacache"

npm_sum()
{
	(cd "$HOME/.npm" && find . -printf '%y %m %p\n' | LC_ALL=C sort &&
		find . -type f -exec sha256sum {} + | LC_ALL=C sort -k2)
}
npm_sum >"$T/npm.before"

begin_test "npm init and npm install of a local tarball work with no rules file"
fsj_sh -- 'npm init -y >/dev/null && npm install ./fsjail-lp-1.0.0.tgz &&
	node -e "console.log(require(\"fsjail-lp\"))"'
assert_rc 0
assert_out_match "^42$"
! grep -q "refusal" "$ERR" || fail "refusals reported: $(head -5 "$ERR")"
assert_exists "$WS/node_modules/fsjail-lp/index.js"
end_test

begin_test "the host's ~/.npm is byte-identical after the run"
npm_sum | diff "$T/npm.before" - >"$T/npm.diff" || fail "~/.npm changed: $(head -5 "$T/npm.diff")"
end_test

begin_test "npx of a package works; what it installs in ~/.npm/_npx stays in the run; ~/.npm stays refused"
fsj_sh -- 'npx --yes --package ./fsjail-lp-1.0.0.tgz fsjail-lp
mkdir -p ~/.npm/_npx/planted/node_modules/.bin && echo x >~/.npm/_npx/planted/x && echo WROTE-NPX
echo x >~/.npm/planted && echo WROTE-NPM
echo done'
assert_out_match "^lp-cli 42$"
assert_out_match "^WROTE-NPX$"
assert_out_nomatch "WROTE-NPM"
assert_out_match "^done$"
assert_err_match "create $HOME/.npm/planted"
assert_not_exists "$HOME/.npm/_npx/planted"
assert_not_exists "$HOME/.npm/planted"
npm_sum | diff "$T/npm.before" - >"$T/npm.diff" || fail "~/.npm changed: $(head -5 "$T/npm.diff")"
end_test

begin_test "status: the npm cache is private to each run (an overlay)"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_rc 0
assert_out_match "$HOME/.npm/_cacache: private to each run: an overlay"
assert_out_match "$HOME/.npm/_logs: private to each run"
assert_out_match "$HOME/.cargo/registry: refused: absent on the host"
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.npm/_cacache/x"
assert_out_match "note: private to the run"
end_test

begin_test "no mount namespace (FSJAIL_NO_MOUNT_MASKS=1): refused as before, status says so"
rm -rf "$WS/node_modules" "$WS/package-lock.json"
FSJAIL_NO_MOUNT_MASKS=1 fsj_sh -- 'npm install ./fsjail-lp-1.0.0.tgz'
assert_rc_not 0
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_match "$HOME/.npm/_cacache: refused: no mount namespace"
npm_sum | diff "$T/npm.before" - >"$T/npm.diff" || fail "~/.npm changed: $(head -5 "$T/npm.diff")"
end_test

begin_test "a rule on all of ~/.npm keeps npm's cache the host's, not ~/.npm/_npx (npx runs from it)"
write_rules <<EOF2
rules:
  - path: ~/.npm
    allow: [read, write, create, delete]
EOF2
fsj_sh -- 'echo x >~/.npm/_npx/planted && echo WROTE-NPX; echo y >~/.npm/_cacache/mine && echo WROTE-CACHE'
assert_rc 0 && assert_out_match "^WROTE-NPX$" && assert_out_match "^WROTE-CACHE$"
assert_not_exists "$HOME/.npm/_npx/planted"
assert_content "$HOME/.npm/_cacache/mine" y
rm -f "$HOME/.npm/_cacache/mine"
# absent on the host, the rule over it does not let a run make it there
rmdir "$HOME/.npm/_npx"
fsj_sh -- 'mkdir -p ~/.npm/_npx/x || mkdir -p ~/.npm/t/x && mv ~/.npm/t ~/.npm/_npx ||
	ln -s /tmp ~/.npm/_npx || echo refused'
rm -f "$RULES"
assert_out_match "^refused$" && assert_not_exists "$HOME/.npm/_npx"
assert_err_match "create $HOME/.npm/_npx: protected"
assert_err_match "make it with mkdir -p $HOME/.npm/_npx and run again"
rm -rf "$HOME/.npm/t" && mkdir "$HOME/.npm/_npx"
end_test

end_user_pass
done_testing
