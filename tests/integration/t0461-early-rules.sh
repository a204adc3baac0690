#!/bin/bash
# The Landlock rules the supervisor adds for fsjail-init (issue 12,
# landlock-early.h): while C and fsjail-init make the run's namespaces, the
# supervisor opens every rule path that no mount of the run lies at or
# above (not /proc, /dev/shm, /dev/pts, a mask or a tool cache copy) and
# adds it to the ruleset fsjail-init restricts itself with. The command
# must see the very same sandbox as when fsjail-init adds every rule
# itself (FSJAIL_NO_EARLY_RULES=1): the same answers to reads, writes and
# creates on the host's folders, in the workspace, in /proc, /dev/shm and
# under a mask; and it must hold nothing of it: no ruleset, no pipe. Run
# as root, and (when root) again as the ordinary user FSJAIL_TEST_USER
# (default cloudsdk), whose run makes a user namespace.
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_EARLY_USER_PASS 3
setup
require_landlock
git_env
git init -q "$WS"
echo kept >"$WS/kept"

# One line per access: what the command was answered.
probe='
try() { if eval "$2" >/dev/null 2>&1; then echo "$1 ok"; else echo "$1 refused"; fi; }
try "read /etc/hostname" "cat /etc/hostname"
try "list /usr/bin" "ls /usr/bin"
try "read the workspace" "cat kept"
try "write the workspace" "echo x >made"
try "write /usr" "echo x >/usr/fsjail-t0461"
try "write /etc" "echo x >>/etc/hostname"
try "read /proc/self/status" "cat /proc/self/status"
try "list /proc/1/fd" "ls /proc/1/fd"
try "write /dev/null" "echo x >/dev/null"
try "make a file in /dev/shm" "echo x >/dev/shm/fsjail-t0461-$$"
try "read ~/.ssh" "ls ~/.ssh"
try "read /etc/shadow" "test -s /etc/shadow && cat /etc/shadow"
rm -f made
'

begin_test "the command is answered the same with and without the supervisor's rules"
fsj_sh -- "$probe"
cp "$OUT" "$T/early.out"
FSJAIL_NO_EARLY_RULES=1 fsj_sh -- "$probe"
cp "$OUT" "$T/child.out"
diff "$T/child.out" "$T/early.out" >"$T/diff" || fail "answers differ: $(head -5 "$T/diff")"
grep -q "^write the workspace ok$" "$T/early.out" || fail "the workspace not writable: $(cat "$T/early.out")"
grep -q "^write /usr refused$" "$T/early.out" || fail "/usr writable: $(cat "$T/early.out")"
grep -q "^read /etc/hostname ok$" "$T/early.out" || fail "/etc/hostname unreadable"
assert_not_exists /usr/fsjail-t0461
end_test

# The descriptors above 2 a shell holds, "N -> what" (ls is run with
# stdout on the file fsj gives it: no pipe of the listing's own; its own
# descriptor on the listed folder is left out).
fds='ls -l /proc/$$/fd'
above2()
{
	sed -n 's/.* \([0-9][0-9]*\) -> /\1 /p' "$OUT" | awk '$1 > 2 && $2 !~ /^\/proc\/[0-9]+\/fd$/' | LC_ALL=C sort
}
run_cmd bash -c "$fds"
above2 >"$T/fds.host"

begin_test "the command holds no descriptor the caller did not pass: no Landlock ruleset, no pipe of fsjail's"
fsj_sh -- "$fds"
assert_rc 0
above2 | diff "$T/fds.host" - >"$T/diff" || fail "descriptors differ: $(head -5 "$T/diff")"
! grep -q landlock "$OUT" || fail "a Landlock ruleset is open: $(grep landlock "$OUT")"
end_test

begin_test "a background process of the command holds none either, and git works as before"
fsj_sh -- 'bash -c "$1" & wait; git status --porcelain' "$fds"
assert_rc 0
above2 | diff "$T/fds.host" - >"$T/diff" || fail "descriptors differ: $(head -5 "$T/diff")"
assert_out_match "kept"
end_test

end_user_pass
done_testing
