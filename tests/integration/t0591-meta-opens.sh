#!/bin/bash
# The listener performs chmod, chown and ACL calls for the command once
# the policy allows write on the path. It let a command hand that write to
# every local user: `chmod 777 .git` left the repository's gitdir
# world-writable, where any local user could rename hooks/ and put their
# own for the owner's next git commit (git's safe.directory looks at
# owners, not modes), and a root command took the sticky bit off the
# host's /var/tmp, which nothing backs up or restores (att31). Now a mode,
# owner or mode-only ACL change that opens what the run did not make to
# other users is refused and reported; the run's own files and folders
# keep every mode. Root and the ordinary user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0591_USER 7
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
command -v python3 >/dev/null || bail_out "python3 is needed"
git_env
HOSTOP=$(cat "$TEST_SRCDIR/helpers/broker-hostop.py")
cd "$WS" || bail_out "cannot enter $WS"
git init -q . && git commit -q --allow-empty -m one || bail_out "git init"
echo data >f
chmod 0644 f
chmod 0755 .git
P=$(mktemp -d /var/tmp/fsjail-t0591.XXXXXX) || bail_out "mktemp under /var/tmp"
chmod 1777 "$P"
trap 'rm -rf "$P"; cleanup' EXIT

begin_test "chmod 777 of .git, of the workspace and of a file older than the run is refused"
fsj_sh -- 'chmod 0777 .git; chmod o+w .; chmod 0666 f; chmod g+w .git/objects; exit 0'
[ "$(stat -c %a .git)" = 755 ] || fail ".git is now $(stat -c %a .git)"
[ "$(stat -c %a f)" = 644 ] || fail "f is now $(stat -c %a f)"
[ "$(stat -c %a . | cut -c3)" != 7 ] || fail "the workspace is now $(stat -c %a .)"
assert_err_match "any local user"
end_test

begin_test "the sticky bit stays on a shared folder older than the run (/var/tmp's kind)"
fsj_sh -- 'chmod 0777 "$1"; chmod -t "$1"; exit 0' "$P"
[ "$(stat -c %a "$P")" = 1777 ] || fail "$P is now $(stat -c %a "$P")"
end_test

begin_test "nor by a mode-only ACL (setxattr system.posix_acl_access)"
fsj -- python3 -c '
import os, struct, sys
acl = struct.pack("<I", 2) + b"".join(struct.pack("<HHI", t, 7, 0xffffffff) for t in (1, 4, 0x20))
for p in sys.argv[1:]:
    try:
        os.setxattr(p, "system.posix_acl_access", acl)
        print("set", p)
    except OSError as e:
        print("refused", p, e.errno)
' f .git
[ "$(stat -c %a f)" = 644 ] || fail "f is now $(stat -c %a f)"
[ "$(stat -c %a .git)" = 755 ] || fail ".git is now $(stat -c %a .git)"
end_test

begin_test "nor through the broker's chmod"
fsj -- python3 -c "$HOSTOP" "{\"operation\":\"chmod\",\"path\":\"$WS/f\",\"mode\":\"0666\"}" \
	"{\"operation\":\"chmod\",\"path\":\"$P\",\"mode\":\"0777\"}"
[ "$(stat -c %a f)" = 644 ] || fail "f is now $(stat -c %a f)"
[ "$(stat -c %a "$P")" = 1777 ] || fail "$P is now $(stat -c %a "$P")"
assert_out_match '"ok":false'
end_test

begin_test "a file or folder older than the run is not given to another user or group"
other=$(id -u nobody 2>/dev/null || echo 65534)
fsj_sh -- 'chown "$1" f 2>&1; python3 -c "import os,sys; os.chown(\"f\", int(sys.argv[1]), -1)" "$1" 2>&1
	chmod g+w .git/refs && chgrp "$1" .git/refs; exit 0' "$other"
[ "$(stat -c %u f)" = "$(id -u)" ] || fail "f now belongs to uid $(stat -c %u f)"
[ "$(stat -c %g .git/refs)" = "$(id -g)" ] || fail ".git/refs now has group $(stat -c %g .git/refs)"
end_test

begin_test "the run's own files and folders take any mode; older ones may close or get x"
chmod 0644 f
fsj_sh -- 'mkdir d && chmod 0777 d && chmod +t d && touch d/x && chmod 0666 d/x &&
	chmod +x f && chmod go-rwx f && chmod 0755 .git'
assert_rc 0
[ "$(stat -c %a d)" = 1777 ] && [ "$(stat -c %a d/x)" = 666 ] || fail "the run's own: $(stat -c %a d d/x)"
[ "$(stat -c %a f)" = 700 ] || fail "f is $(stat -c %a f), not 700"
end_test

begin_test "restore still puts back a mode the run changed"
fsj_sh -- 'chmod 0600 f'
run_cmd "$FSJAIL" backups restore
[ "$(stat -c %a f)" = 700 ] || fail "f is $(stat -c %a f) after restore, not 700"
end_test

end_user_pass
done_testing
