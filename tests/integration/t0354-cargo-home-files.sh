#!/bin/bash
# cargo's files directly in ~/.cargo with no rules file (user11): every
# cargo build, add and test listed 20-odd refusals of writes to
# ~/.cargo/.package-cache, .package-cache-mutate and .global-cache (its
# lock files and last-use database) although the build worked: cargo
# opens them read-write, falls back to a shared lock (EACCES or EROFS,
# cache_lock.rs maybe_readonly()) and sqlite to a read-only database. Now
# the run sees these three host files through a read-only bind
# (toolcache.h): the same fallback, with EROFS, no refusal listed, nothing
# written on the host; ~/.cargo/bin, config.toml and the credentials stay
# as protected as before. Test 1 fails before (the refusals are listed).
# As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0354_USER 4
setup
require_landlock
if [ -n "${FSJAIL_NO_MOUNT_MASKS:-}" ] && [ "$FSJAIL_NO_MOUNT_MASKS" != 0 ] || ! can_mount_ns; then
	skip_rest_kernel "the read-only view of cargo's files needs a mount namespace"
fi
command -v python3 >/dev/null || bail_out "python3 is needed"

C=$HOME/.cargo
mkdir -p "$C/bin" "$WS"
: >"$C/.package-cache"
: >"$C/.package-cache-mutate"
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("create table t (v integer)"); c.execute("insert into t values (1)"); c.commit()' "$C/.global-cache" ||
	bail_out "cannot make the database"
echo "TOKEN-c4r90" >"$C/credentials.toml"
for f in .package-cache .package-cache-mutate .global-cache; do snapshot "$C/$f"; done

# What cargo does: the lock files opened read-write (create), then, when
# that fails, read-only with a shared lock; the database updated.
CARGO_LIKE='
import errno, fcntl, os, sqlite3, sys
home = os.path.expanduser("~/.cargo")
for name in (".package-cache", ".package-cache-mutate"):
    p = os.path.join(home, name)
    try:
        os.open(p, os.O_RDWR | os.O_CREAT, 0o666)
        print(name, "read-write")
    except OSError as e:
        fd = os.open(p, os.O_RDONLY | os.O_CREAT, 0o666)
        fcntl.flock(fd, fcntl.LOCK_SH)
        print(name, "shared", errno.errorcode[e.errno])
db = sqlite3.connect(os.path.join(home, ".global-cache"))
try:
    db.execute("update t set v = 2"); db.commit(); print("db written")
except sqlite3.OperationalError as e:
    print("db:", e)
print("value", db.execute("select v from t").fetchone()[0])
'

begin_test "cargo's lock files and last-use database: EROFS, no refusal listed, the host's unchanged"
fsj -- python3 -c "$CARGO_LIKE"
assert_rc 0
assert_out_match '^\.package-cache shared EROFS$'
assert_out_match '^\.package-cache-mutate shared EROFS$'
assert_out_match '^db: attempt to write a readonly database$'
assert_out_match '^value 1$'
grep -q "refusal" "$ERR" && fail "refusals listed: $(cat "$ERR")"
for f in .package-cache .package-cache-mutate .global-cache; do assert_unchanged "$C/$f"; done
ls -A "$C" | grep -q journal && fail "a journal was left in ~/.cargo: $(ls -A "$C")"
end_test

begin_test "~/.cargo/bin, config.toml and the credentials stay refused"
fsj_sh -- 'echo x >~/.cargo/bin/planted; echo "[build]" >~/.cargo/config.toml; cat ~/.cargo/credentials.toml; true'
assert_not_exists "$C/bin/planted"
assert_not_exists "$C/config.toml"
assert_out_nomatch TOKEN
assert_err_match "bin/planted"
end_test

begin_test "the files cannot be removed or replaced in the run"
fsj_sh -- 'rm -f ~/.cargo/.package-cache; mv ~/.cargo/.global-cache ~/.cargo/x; echo y >~/.cargo/.package-cache-mutate; true'
for f in .package-cache .package-cache-mutate .global-cache; do assert_unchanged "$C/$f"; done
assert_not_exists "$C/x"
end_test

begin_test "explain and status say the run sees the host's file read-only"
fsj_explain() { "$FSJAIL" explain --workspace "$WS" "$@" >"$OUT" 2>"$ERR"; RC=$?; }
fsj_explain "$C/.package-cache"
assert_rc 0 && assert_out_match "note: a tool's file the run sees read-only"
"$FSJAIL" status --workspace "$WS" >"$OUT" 2>"$ERR"
assert_out_match "$C/\.global-cache: the host's file, read-only in each run"
end_test

end_user_pass
done_testing
