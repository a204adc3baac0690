#!/bin/bash
# The listener resolves a relative name in the command's own view, also
# through a symlink (att11). It performed a trapped call on a relative
# name whose folders hold an absolute symlink from the supervisor's "/",
# the host's view, which differs from the command's at the run's own
# tool caches (toolcache.h) and /dev/shm: with a workspace link
# d -> ~/.npm/_cacache, 'rm d/f', 'echo >d/f', 'truncate d/f' and
# 'echo >d/new' removed, rewrote, truncated and made files in the host's
# npm cache (which the host's next npm trusts), with no grant but the
# run's private copy; likewise d -> /dev/shm made files in the host's
# /dev/shm. Ordinary links (absolute or relative, into the workspace)
# keep working and are undone. Run as root and again as the ordinary user
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_VIEWWALK_USER_PASS 3
setup
require_landlock
can_mount_ns || skip_rest_kernel "no mount namespace can be made here"

mkdir -p "$HOME/.npm/_cacache"
for f in gone rewritten cut moved; do echo host >"$HOME/.npm/_cacache/$f"; done
cache_sum()
{
	(cd "$HOME/.npm" && find . -printf '%y %m %p\n' | LC_ALL=C sort &&
		find . -type f -exec sha256sum {} + | LC_ALL=C sort -k2)
}
cache_sum >"$T/before"

begin_test "a workspace link to a tool cache reaches the run's copy, not the host's"
fsj_sh -- 'ln -s ~/.npm/_cacache d && ln -s d r
rm d/gone; echo pwned >d/rewritten; truncate -s 0 r/cut; echo new >d/planted
mv /proc/self/cwd/d/moved d/moved2; mkdir d/dir; chmod 600 d/rewritten
cat ~/.npm/_cacache/rewritten; ls ~/.npm/_cacache | tr "\n" " "; echo
rm d r'
assert_rc 0
assert_out_eq "pwned
cut dir moved2 planted rewritten "
cache_sum | diff "$T/before" - >"$T/diff" || fail "the host's cache changed: $(head -5 "$T/diff")"
end_test

begin_test "a workspace link to /dev/shm reaches the run's own /dev/shm"
name=fsjail-t0333-$$
fsj_sh -- 'ln -s /dev/shm s; echo x >"s/$1" && ls /dev/shm; rm s' "$name"
assert_rc 0
assert_out_eq "$name"
[ ! -e "/dev/shm/$name" ] || {
	rm -f "/dev/shm/$name"
	fail "the host's /dev/shm got /dev/shm/$name"
}
end_test

begin_test "ordinary links in the workspace still work and are undone"
mkdir -p "$WS/sub"
echo old >"$WS/sub/f"
echo old >"$WS/sub/g"
fsj_sh -- 'ln -s "$PWD/sub" abs; ln -s sub rel; ln -s abs chain
echo new >abs/f; rm chain/g; echo made >rel/h; cat sub/f sub/h; rm abs rel chain'
assert_rc 0
assert_out_eq "new
made"
run_cmd "$FSJAIL" backups restore
assert_rc 0
assert_content "$WS/sub/f" old
assert_content "$WS/sub/g" old
assert_not_exists "$WS/sub/h"
end_test

end_user_pass
done_testing
