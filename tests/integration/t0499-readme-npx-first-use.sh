#!/bin/bash
# README said "fsjail never makes one [a tool cache] on the host: on a
# tool's first use (no ~/.npm yet) the refusal summary names the mkdir -p"
# (user24), while a run naming npm or npx makes ~/.npm/_cacache and _logs
# there, empty, itself (t0444; fsjail(1) says so) and the folder whose
# first use does need the mkdir -p is ~/.npm/_npx: `npx -y` of a package
# not installed fails there with npm's "root-owned files" EACCES. This
# checks what a run does and that README says that.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
command -v npx >/dev/null || bail_out "no npx"
export NPM_CONFIG_AUDIT=false NPM_CONFIG_FUND=false NPM_CONFIG_UPDATE_NOTIFIER=false
mkdir -p "$T/src/package/bin" "$WS/lib"
printf '{"name":"bin-t0499","version":"1.0.0","bin":{"bin-t0499":"bin/x.js"}}\n' \
	>"$T/src/package/package.json"
printf '#!/usr/bin/env node\nconsole.log("ran-t0499")\n' >"$T/src/package/bin/x.js"
chmod +x "$T/src/package/bin/x.js"
tar -czf "$WS/lib/bin-t0499-1.0.0.tgz" -C "$T/src" package

begin_test "npx of a package not installed: _cacache and _logs made, _npx named for mkdir -p, then it runs"
rm -rf "$HOME/.npm"
fsj -- npx -y ./lib/bin-t0499-1.0.0.tgz
assert_failed
assert_dir "$HOME/.npm/_cacache"
assert_dir "$HOME/.npm/_logs"
assert_not_exists "$HOME/.npm/_npx"
assert_err_match "make it with mkdir -p $HOME/\.npm/_npx and run again"
mkdir -p "$HOME/.npm/_npx"
fsj -- npx -y ./lib/bin-t0499-1.0.0.tgz
assert_rc 0
assert_out_match "^ran-t0499$"
[ -z "$(ls -A "$HOME/.npm/_npx")" ] || fail "the host's _npx was written: $(ls -A "$HOME/.npm/_npx")"
end_test

begin_test "README says which cache folders a run makes on the host and which need mkdir -p"
R=$TEST_SRCDIR/../README
[ -f "$R" ] || bail_out "no README at $R"
P=$(tr '\n' ' ' <"$R")
grep -q "fsjail never makes one on the host" <<<"$P" && fail "README still says fsjail never makes one"
grep -q "On the host fsjail makes none but npm's \`_cacache\` and \`_logs\` (empty, when a run names \`npm\` or \`npx\`)" <<<"$P" ||
	fail "README does not say a run makes npm's _cacache and _logs"
grep -q "(\`~/.npm/_npx\`: \`npx\` of a package not installed) the refusal summary names the \`mkdir -p\`" <<<"$P" ||
	fail "README does not name ~/.npm/_npx for the mkdir -p"
end_test

done_testing
