#!/bin/bash
# att20: a root run's listener opens for its caller with the supervisor's
# rights, after checking that the caller's fsuid and fsgid are fsjail's and
# that it holds CAP_DAC_OVERRIDE (the light identity of an open without
# O_CREAT: the kept pidfd and capget; perf24). Ways a root command could
# make it open a file the command could not open itself:
#  1. unshare(CLONE_NEWUSER): every capability, but in a namespace of its
#     own, where they do not act on the host's files (user_namespaces(7));
#     capget still says CAP_DAC_OVERRIDE: the listener acts for it without
#     the capabilities that pass over file permissions, refused (both
#     identity paths: O_CREAT too)
#  2. the same after dropping CAP_DAC_OVERRIDE: refused
#  3. one thread with fsuid 1000 racing another with fsuid 0: every open of
#     the first refused, every one of the second done (credentials are per
#     thread; the kept pidfd says each thread's own)
#  4. O_PATH kept, setfsuid(1000), reopen through /proc/self/fd; openat2
#     with fsuid 1000: refused
#  5. setresuid(1000) then exec of a set-user-ID-root program: no_new_privs
#     keeps uid 1000, refused; forked children alternating fsuid 0 and 1000
#     (each a new number for the kept table): each as its own identity
#  6. setgroups([]) while keeping CAP_DAC_OVERRIDE: the groups do not
#     decide for such a caller, done (a run without CAP_DAC_OVERRIDE cannot
#     start as root; an ordinary user's command cannot drop groups: t0397)
#  7. fsjail as root without CAP_SYS_ADMIN: the command is in a user
#     namespace fsjail made (mask_userns_enter(), 0 mapped to 0): a file of
#     root's still opened, one of uid 1000 mode 0600 refused, as the kernel
#     would answer the command itself
#  8. a root command that drops CAP_FOWNER (keeping CAP_DAC_OVERRIDE):
#     its unlink of uid 1000's file in uid 1000's sticky folder and its
#     O_NOATIME open of uid 1000's file fail as they would without fsjail
#     (the listener acts without the capabilities the caller lacks)
# Root only.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libident.sh"
plan 8
setup
require_landlock

write_rules <<EOF
rules:
  - path: $WS
    allow: [read, write, create, delete, execute]
EOF

ident_py "$WS/calls.py"
# this test's drops: out of the permitted set too
cat >>"$WS/calls.py" <<'EOF'

def drop_dac_override():
    caps_drop(1, True)

def drop_fowner():
    caps_drop(3, True)
EOF

# fresh OWNER FILE...: FILE holds "keep FILE", mode 0600: owner 1000 for
# root's command to reach by CAP_DAC_OVERRIDE only, owner 0 for a caller
# with fsuid 1000 not to reach at all
fresh()
{
	local o=$1
	shift
	for f; do
		echo "keep $f" >"$WS/$f" && chown "$o:$o" "$WS/$f" && chmod 0600 "$WS/$f" ||
			bail_out "cannot make $WS/$f"
	done
}

if ! is_root; then
	for i in 1 2 3 4 5 6 7 8; do skip_root "a root command's identity"; done
	done_testing
	exit 0
fi

begin_test "a root command in a user namespace of its own: its capabilities do not act on the host's files, refused"
fresh 1000 n1 n2 n3
fsj -- python3 -c "
exec(open('calls.py').read())
try_('n1', 'n1', os.O_RDWR)
new_userns()
try_('n2', 'n2', os.O_WRONLY | os.O_TRUNC)
try_('n3', 'n3', os.O_WRONLY | os.O_TRUNC | os.O_CREAT)
"
assert_rc 0
grep -qx 'n1 done' "$OUT" || fail "the open of n1 before unshare failed: $(cat "$OUT" "$ERR")"
for f in n2 n3; do
	grep -q "^$f E" "$OUT" || fail "$f was opened for a caller in its own user namespace: $(grep "^$f" "$OUT")"
	assert_content "$WS/$f" "keep $f"
done
end_test

begin_test "a root command that drops CAP_DAC_OVERRIDE, then takes every capability in a new user namespace: refused"
fresh 1000 d1 d2
fsj -- python3 -c "
exec(open('calls.py').read())
drop_dac_override()
try_('d1', 'd1', os.O_WRONLY | os.O_TRUNC)
new_userns()
try_('d2', 'd2', os.O_WRONLY | os.O_TRUNC)
"
assert_rc 0
for f in d1 d2; do
	grep -q "^$f E" "$OUT" || fail "$f was opened without CAP_DAC_OVERRIDE: $(grep "^$f" "$OUT")"
	assert_content "$WS/$f" "keep $f"
done
end_test

begin_test "two threads, fsuid 0 and fsuid 1000, opening at once: each as its own identity"
fresh 0 r0 r1
fsj -- python3 -c "
exec(open('calls.py').read())
out = {}
def other():
    assert fsuid(1000) == 1000
    out['t'] = [res('r1', os.O_WRONLY | os.O_TRUNC) for i in range(150)]
t = threading.Thread(target=other)
t.start()
out['m'] = [res('r0', os.O_RDWR) for i in range(150)]
t.join()
print('main', sorted(set(out['m'])))
print('thread', sorted(set(out['t'])))
"
assert_rc 0
grep -qx "main \['done'\]" "$OUT" || fail "the fsuid 0 thread was refused: $(cat "$OUT")"
grep -qx "thread \['EACCES'\]" "$OUT" || fail "the fsuid 1000 thread was not refused every time: $(cat "$OUT")"
assert_content "$WS/r1" "keep r1"
end_test

begin_test "fsuid 1000: an O_PATH descriptor reopened through /proc/self/fd, and openat2: refused"
fresh 0 p1 p2
fsj -- python3 -c "
exec(open('calls.py').read())
fd = os.open('p1', os.O_PATH)
assert fsuid(1000) == 1000
try_('p1', '/proc/self/fd/%d' % fd, os.O_WRONLY | os.O_TRUNC)
print('p2', openat2('p2', os.O_WRONLY | os.O_TRUNC))
"
assert_rc 0
for f in p1 p2; do
	grep -q "^$f E" "$OUT" || fail "$f was opened with fsuid 1000: $(grep "^$f" "$OUT")"
	assert_content "$WS/$f" "keep $f"
done
end_test

begin_test "setresuid(1000) then exec of a set-user-ID-root program, and children alternating fsuid 0 and 1000: each refused or done as itself"
fresh 0 s1 c0 c1
PY=$(command -v python3) && cp -L "$PY" "$WS/suid-python" && chmod 4755 "$WS/suid-python" ||
	bail_out "cannot copy python3"
fsj -- python3 -c "
exec(open('calls.py').read())
got = {0: set(), 1: set()}
for i in range(200):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        if i % 2:
            fsuid(1000)
        os.write(w, res('c%d' % (i % 2), os.O_WRONLY | os.O_TRUNC if i % 2 else os.O_RDWR).encode())
        os._exit(0)
    os.close(w)
    got[i % 2].add(os.read(r, 64).decode())
    os.close(r)
    os.waitpid(pid, 0)
print('c0', sorted(got[0]))
print('c1', sorted(got[1]))
sys.stdout.flush()
os.setresuid(1000, 1000, 1000)
os.execv('./suid-python', ['suid-python', '-c', '''
import os, errno
print(\"euid\", os.geteuid())
try:
    os.close(os.open(\"s1\", os.O_WRONLY | os.O_TRUNC))
    print(\"s1 done\")
except OSError as e:
    print(\"s1\", errno.errorcode[e.errno])
'''])
"
grep -qx "c0 \['done'\]" "$OUT" || fail "a fsuid 0 child was refused: $(cat "$OUT" "$ERR")"
grep -qx "c1 \['EACCES'\]" "$OUT" || fail "a fsuid 1000 child was not refused: $(cat "$OUT")"
assert_content "$WS/c1" "keep c1"
grep -qx 'euid 1000' "$OUT" || fail "the set-user-ID program ran as another: $(cat "$OUT" "$ERR")"
grep -q '^s1 E' "$OUT" || fail "s1 was opened after setresuid(1000): $(grep '^s1' "$OUT")"
assert_content "$WS/s1" "keep s1"
end_test

begin_test "setgroups([]) keeping CAP_DAC_OVERRIDE: its opens are still its own, done"
fresh 1000 g1
chgrp 4242 "$WS/g1" && chmod 0060 "$WS/g1" || bail_out "cannot chgrp"
fsj -- python3 -c "
exec(open('calls.py').read())
os.setgroups([])
try_('g1', 'g1', os.O_RDWR)
"
assert_rc 0
grep -qx 'g1 done' "$OUT" || fail "g1 was refused to a caller with CAP_DAC_OVERRIDE: $(cat "$OUT" "$ERR")"
end_test

begin_test "root without CAP_SYS_ADMIN (the command in fsjail's own user namespace): root's file done, uid 1000's refused"
if ! command -v setpriv >/dev/null; then
	skip "needs setpriv"
else
	fresh 0 u0
	fresh 1000 u1
	run_cmd setpriv --inh-caps -sys_admin --bounding-set -sys_admin -- \
		"$FSJAIL" run --workspace "$WS" -- python3 -c "
exec(open('calls.py').read())
try_('u0', 'u0', os.O_RDWR)
try_('u1', 'u1', os.O_WRONLY | os.O_TRUNC)
"
	assert_rc 0
	grep -qx 'u0 done' "$OUT" || fail "root's own file was refused: $(cat "$OUT" "$ERR")"
	grep -q '^u1 E' "$OUT" || fail "u1 was opened for a command whose capabilities do not reach it: $(grep '^u1' "$OUT")"
	assert_content "$WS/u1" "keep u1"
	end_test
fi

begin_test "a root command without CAP_FOWNER: unlink in another's sticky folder and an O_NOATIME open of another's file refused"
mkdir -m 1777 "$WS/sticky" && chown 1000:1000 "$WS/sticky" || bail_out "cannot make $WS/sticky"
echo "keep f" >"$WS/sticky/f" && chown 1000:1000 "$WS/sticky/f" || bail_out "cannot make $WS/sticky/f"
fresh 1000 a1
fsj -- python3 -c "
exec(open('calls.py').read())
drop_fowner()
try:
    os.unlink('sticky/f')
    print('f done')
except OSError as e:
    print('f', errno.errorcode[e.errno])
try_('a1', 'a1', os.O_RDWR | os.O_NOATIME)
"
assert_rc 0
grep -qx 'f EPERM' "$OUT" || fail "sticky/f was unlinked without CAP_FOWNER: $(cat "$OUT" "$ERR")"
assert_content "$WS/sticky/f" "keep f"
grep -qx 'a1 EPERM' "$OUT" || fail "a1 was opened O_NOATIME without CAP_FOWNER: $(cat "$OUT" "$ERR")"
end_test

done_testing
