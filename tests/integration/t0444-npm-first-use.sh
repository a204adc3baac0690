#!/bin/bash
# npm's first use in a home with no ~/.npm yet failed under fsjail run
# (msg32 item 5): the run gets its own copy of npm's cache folders only
# where they exist on the host (toolcache.h), so npm's mkdir of ~/.npm was
# refused and `npm init -y`, `npm install` of a tarball failed with EACCES
# ("Your cache folder contains root-owned files"). Now a run whose command
# line names npm or npx has ~/.npm/_cacache and ~/.npm/_logs made, empty,
# on the host first (toolcache_make_npm()), never through a symlink and
# never for a command that does not name npm; the run writes its own copy.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0444_USER 4
setup
require_landlock
command -v npm >/dev/null || bail_out "no npm"
export NPM_CONFIG_AUDIT=false NPM_CONFIG_FUND=false
mkdir -p "$T/pkgsrc/package" "$WS/lib"
printf '{"name":"lib-t0444","version":"1.0.0"}\n' >"$T/pkgsrc/package/package.json"
tar -czf "$WS/lib/lib-t0444-1.0.0.tgz" -C "$T/pkgsrc" package

begin_test "a home without ~/.npm: npm init -y works, and the host's folders are made empty"
rm -rf "$HOME/.npm"
fsj -- npm init -y
assert_rc 0
assert_exists "$WS/package.json"
assert_err_match "^fsjail: note: made npm's cache folders, empty, on the host \($HOME/\.npm/_cacache and _logs\)"
grep -q "create $HOME/\.npm:" "$ERR" && fail "~/.npm refused: $(cat "$ERR")"
assert_dir "$HOME/.npm/_cacache"
assert_dir "$HOME/.npm/_logs"
end_test

begin_test "then npm install of a tarball in the workspace works; the host's cache stays empty"
rm -rf "$HOME/.npm"
fsj -- sh -c 'npm install --offline ./lib/lib-t0444-1.0.0.tgz'
assert_rc 0
assert_exists "$WS/node_modules/lib-t0444/package.json"
[ -z "$(ls -A "$HOME/.npm/_cacache")" ] || fail "the host's cache was written: $(ls -A "$HOME/.npm/_cacache")"
end_test

begin_test "a command that does not name npm makes nothing"
rm -rf "$HOME/.npm"
fsj -- sh -c 'echo pnpm-t0444 >/dev/null'
assert_rc 0
assert_not_exists "$HOME/.npm"
end_test

begin_test "~/.npm a symlink: nothing is made through it"
rm -rf "$HOME/.npm"
mkdir "$T/elsewhere"
ln -s "$T/elsewhere" "$HOME/.npm"
fsj -- npm --version
assert_not_exists "$T/elsewhere/_cacache"
grep -q "made npm's cache folders" "$ERR" && fail "made through a symlink: $(cat "$ERR")"
rm -f "$HOME/.npm"
end_test

end_user_pass
done_testing
