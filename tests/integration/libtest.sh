# libtest.sh - shared helpers for fsjail's TAP integration tests
# (bubblewrap tests/libtest.sh; git t/test-lib.sh). Sourced by t*.sh.
#
# Environment (set by `make check`, or by hand for a standalone run):
#   FSJAIL          path of the fsjail binary (default: ../../src/fsjail)
#   FSJAIL_DATADIR  folder holding baseline-*.yaml (default: ../../profiles)
#   FSJAIL_REQUIRE_KERNEL=1  a kernel skip is reported as a failure
#   FSJAIL_TEST_ROOT  where the test folder is made (default /home, else $HOME)
#   FSJAIL_TEST_KEEP=1  keep the test folder for a post-mortem
#   FSJAIL_TEST_VERBOSE=1  print every fsjail run, its status and output
#
# Layout of one test (made by this file, removed on exit):
#   $T                 /home/fsjail-test.XXXXXX (a user-data root, not /tmp:
#                      the baseline opens /tmp and /var/tmp fully)
#   $HOME = $T/home    the fake home: nothing under it is granted by default
#   $WS   = $T/home/ws the workspace (read, write, create, execute)
#   $FSJAIL_HOME = $T/fsjail-home   config ($CONF_DIR) and state of fsjail
#   $OUT, $ERR         stdout and stderr of the last fsj/run_cmd call
#   $RC                its exit status
#
# A test is a block:
#   begin_test "description"
#   fsj -- bash -c '...'; assert_rc 0; assert_file_content "$WS/f" "x"
#   end_test
# Each assert_* records a failure with a diagnostic ("# ..." lines); end_test
# prints "ok N - description" or "not ok N - description".
#
# Landlock confines root: a denial in these tests never comes from file
# modes, and the tests run as root in CI. They also run as an ordinary
# user; the few that only root can run say so with skip_root, which
# FSJAIL_REQUIRE_KERNEL=1 leaves a skip.

set -u

# Scripts are run from the build tree by make, or by hand from anywhere.
TEST_DIR=$(cd "$(dirname "$0")" && pwd)
: "${TEST_SRCDIR:=$(cd "$TEST_DIR/.." && pwd)}"
: "${FSJAIL:=$TEST_DIR/../../src/fsjail}"
: "${FSJAIL_DATADIR:=$TEST_SRCDIR/../profiles}"
case $FSJAIL in /*) ;; *) FSJAIL=$(pwd)/$FSJAIL ;; esac
case $FSJAIL_DATADIR in /*) ;; *) FSJAIL_DATADIR=$(pwd)/$FSJAIL_DATADIR ;; esac
export FSJAIL FSJAIL_DATADIR

# A predictable environment: English error texts (the tests match
# "Permission denied"), system binaries only (a PATH entry under /root,
# such as a pyenv shim, is itself behind the read fence), no inherited
# XDG or TMPDIR that would move fsjail's files or open a folder.
export LC_ALL=C LANG=C
unset LANGUAGE
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
unset XDG_CONFIG_HOME XDG_STATE_HOME XDG_DATA_HOME XDG_CACHE_HOME XDG_RUNTIME_DIR TMPDIR
unset PYENV_ROOT PYENV_VERSION PYTHONPATH PYTHONHOME PYTHONSTARTUP VIRTUAL_ENV
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
unset FSJAIL_BROKER_SOCKET
# FSJAIL_LANDLOCK_ABI_MAX and FSJAIL_NO_MOUNT_MASKS stay as given: the
# whole suite may be run as on an older kernel.

T_NUM=0
T_PLANNED=0
T_FAILED=0
T_DESC=
T_FAIL=0
T_OPEN=0

# --- TAP ------------------------------------------------------------------

# plan N: print the TAP plan.
plan()
{
	T_PLANNED=$1
	echo "1..$1"
}

# diag TEXT...: a TAP diagnostic line for each line of TEXT.
diag()
{
	printf '%s\n' "$*" | sed 's/^/# /'
}

# diag_file LABEL FILE: the first 40 lines of FILE as diagnostics.
diag_file()
{
	if [ -s "$2" ]; then
		echo "#   $1:"
		head -n 40 "$2" | sed 's/^/#     /'
	else
		echo "#   $1: (empty)"
	fi
}

ok()
{
	T_NUM=$((T_NUM + 1))
	echo "ok $T_NUM - $*"
}

not_ok()
{
	T_NUM=$((T_NUM + 1))
	T_FAILED=$((T_FAILED + 1))
	echo "not ok $T_NUM - $*"
}

# skip REASON: one test skipped for a reason that is not the kernel.
skip()
{
	T_NUM=$((T_NUM + 1))
	echo "ok $T_NUM # SKIP $*"
}

# skip_kernel REASON: one test skipped because the kernel cannot run it;
# with FSJAIL_REQUIRE_KERNEL=1 that is a failure (CI must not skip silently).
skip_kernel()
{
	if [ "${FSJAIL_REQUIRE_KERNEL:-0}" = 1 ]; then
		not_ok "kernel required: $*"
	else
		skip "$*"
	fi
}

# is_root: true when the tests run as root (uid 0).
is_root()
{
	[ "$(id -u)" = 0 ]
}

# skip_root REASON: one test skipped because only root can run it. That is
# the user's limit, not the kernel's: it stays a skip with
# FSJAIL_REQUIRE_KERNEL=1 (CI runs as root, where it never happens).
skip_root()
{
	skip "needs root: $*"
}

# can_mount_ns: true when in_mount_ns can run a command here: always as
# root (a failure is then the test's to report), and for an ordinary user
# when the kernel lets it make a user namespace.
can_mount_ns()
{
	is_root || unshare -rm true 2>/dev/null
}

# in_mount_ns CMD ARGS...: run CMD in a private mount namespace where it
# may mount: `unshare -m` as root; for an ordinary user `unshare -rm`, a
# new user namespace in which it is root (its files are still the user's).
in_mount_ns()
{
	if is_root; then
		unshare -m "$@"
	else
		unshare -rm "$@"
	fi
}

# skip_rest_kernel REASON: skip every test still planned, then exit.
skip_rest_kernel()
{
	T_OPEN=0
	while [ "$T_NUM" -lt "$T_PLANNED" ]; do
		skip_kernel "$*"
	done
	exit 0
}

# begin_test DESC ... end_test: one TAP test made of assertions.
begin_test()
{
	T_DESC=$*
	T_FAIL=0
	T_OPEN=1
}

# fail TEXT: record a failed assertion in the current test.
fail()
{
	T_FAIL=1
	diag "FAIL: $*"
}

end_test()
{
	T_OPEN=0
	if [ "$T_FAIL" = 0 ]; then
		ok "$T_DESC"
	else
		not_ok "$T_DESC"
	fi
}

# A script ends by calling done_testing: it checks the plan was kept and
# exits. The verdict is in the "ok"/"not ok" lines; the exit status is 0
# when the plan was kept, so that automake's TAP driver does not count each
# failure a second time as an ERROR.
done_testing()
{
	if [ "$T_NUM" != "$T_PLANNED" ]; then
		diag "planned $T_PLANNED tests but ran $T_NUM"
		exit 1
	fi
	[ "$T_FAILED" = 0 ] || diag "$T_FAILED of $T_NUM tests failed"
	exit 0
}

bail_out()
{
	echo "Bail out! $*"
	exit 1
}

# --- workspace ------------------------------------------------------------

# Make the test folder under a user-data root. /home first (CI runs as
# root); an ordinary user falls back to a folder under the real $HOME,
# which also lies under /home on a usual machine.
make_test_root()
{
	local root
	for root in ${FSJAIL_TEST_ROOT:-} /home "${HOME:-}"; do
		[ -n "$root" ] && [ -d "$root" ] && [ -w "$root" ] || continue
		case $(cd "$root" && pwd -P)/ in
		/tmp/* | /var/tmp/* | /dev/shm/*) continue ;;
		esac
		T=$(mktemp -d "$root/fsjail-test.XXXXXX") && return 0
	done
	return 1
}

cleanup()
{
	local rc=$?
	if [ -n "${T:-}" ] && [ -d "$T" ]; then
		if [ "${FSJAIL_TEST_KEEP:-0}" = 1 ]; then
			echo "# kept test folder $T" >&2
		else
			chmod -R u+rwX "$T" 2>/dev/null
			rm -rf "$T"
		fi
	fi
	return $rc
}

# setup: test folder, fake home, workspace and fsjail's own folders.
setup()
{
	[ -x "$FSJAIL" ] || bail_out "fsjail binary '$FSJAIL' not found (build first, or set FSJAIL)"
	[ -f "$FSJAIL_DATADIR/baseline-linux.yaml" ] ||
		bail_out "no baseline-linux.yaml in FSJAIL_DATADIR '$FSJAIL_DATADIR'"
	make_test_root || bail_out "cannot make a test folder under /home or \$HOME (set FSJAIL_TEST_ROOT)"
	T=$(cd "$T" && pwd -P)
	trap cleanup EXIT
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 143' TERM
	export HOME=$T/home
	WS=$HOME/ws
	export FSJAIL_HOME=$T/fsjail-home
	CONF_DIR=$FSJAIL_HOME/config
	STATE_DIR=$FSJAIL_HOME/state
	RULES=$CONF_DIR/rules.yaml
	CONFIG=$CONF_DIR/config.yaml
	OUT=$T/out
	ERR=$T/err
	RC=0
	mkdir -p "$HOME" "$WS" "$CONF_DIR"
	: >"$OUT"
	: >"$ERR"
	cd "$WS" || bail_out "cannot enter workspace '$WS'"
}

# startup_files: the shell start-up files and git global config fsjail
# protects, made (empty) in $HOME. A missing protected path is compiled
# by expansion of ~ where the listener cannot guard its name.
startup_files()
{
	local f
	mkdir -p "$HOME/.config/fish" "$HOME/.config/git"
	for f in .bash_login .bash_logout .bash_profile .bashrc .gitconfig .profile \
		.zlogin .zlogout .zprofile .zshenv .zshrc; do
		[ -e "$HOME/$f" ] || : >"$HOME/$f"
	done
}

# git_env: git as the tests want it: no system config, no prompt, a fixed
# identity (exported: runuser passes it on).
git_env()
{
	export GIT_CONFIG_NOSYSTEM=1 GIT_TERMINAL_PROMPT=0 GIT_AUTHOR_NAME=t \
		GIT_AUTHOR_EMAIL=t@fsjail.invalid GIT_COMMITTER_NAME=t \
		GIT_COMMITTER_EMAIL=t@fsjail.invalid
}

# ws_repo: enter $WS and make it a git repository on branch main with one
# empty commit; bails out when git cannot.
ws_repo()
{
	cd "$WS" && git init -q -b main . && git commit -q --allow-empty -m base ||
		bail_out "cannot make a repository in $WS"
}

# git_ws: git_env, startup_files and ws_repo, the everyday session's
# repository.
git_ws()
{
	git_env
	startup_files
	ws_repo
}

# user_folder: print a new folder under /home owned by the ordinary user
# cloudsdk; returns 1 when the tests cannot run as that user (not root,
# or no such user). The caller removes it.
user_folder()
{
	local u
	is_root && id cloudsdk >/dev/null 2>&1 || return 1
	u=$(mktemp -d /home/fsjail-user.XXXXXX) && chown cloudsdk: "$u" && echo "$u"
}

# as_user DIR CMD ARGS...: CMD as cloudsdk with HOME=DIR and fsjail's
# folders in DIR/fsjail-home; sets OUT, ERR, RC.
as_user()
{
	local u=$1
	shift
	runuser -u cloudsdk -- env HOME="$u" FSJAIL_HOME="$u/fsjail-home" \
		FSJAIL_DATADIR="$FSJAIL_DATADIR" "$@" >"$OUT" 2>"$ERR"
	RC=$?
	LAST_CMD="as cloudsdk: $(printf '%q ' "$@")"
}

# user_pass SELF_DIR SELF FLAG TEST_USER: one test that runs the script
# SELF (copied with the lib*.sh from SELF_DIR) again as the ordinary user
# TEST_USER under runuser(1), with FLAG=1 in its environment (the script
# then plans without this test); fails when any of its tests fails. Only
# from a root run; skips loudly where the user or runuser is missing.
user_pass()
{
	local dir=$1 self=$2 flag=$3 user=$4 u uhome urc
	if ! is_root; then
		skip "the ordinary-user pass is run from a root run of this test"
		return
	elif ! id "$user" >/dev/null 2>&1 || ! command -v runuser >/dev/null; then
		skip_kernel "no user '$user' (FSJAIL_TEST_USER) or no runuser: the ordinary-user pass cannot run"
		return
	fi
	begin_test "the same cases as the ordinary user $user"
	u=$(runuser -u "$user" -- mktemp -d /tmp/fsjail-pass-user.XXXXXX)
	cp "$dir/$self" "$dir"/lib*.sh "$u/"
	chmod -R a+rX "$u"
	uhome=$(getent passwd "$user" | cut -d: -f6)
	runuser -u "$user" -- env "$flag=1" FSJAIL="$FSJAIL" \
		FSJAIL_DATADIR="$FSJAIL_DATADIR" FSJAIL_TEST_ROOT="$uhome" \
		FSJAIL_REQUIRE_KERNEL="${FSJAIL_REQUIRE_KERNEL:-0}" \
		bash "$u/$self" >"$T/user.tap" 2>&1
	urc=$?
	grep -q '^not ok' "$T/user.tap" && urc=1
	grep -q '^ok' "$T/user.tap" || urc=1
	[ "$urc" = 0 ] || fail "the ordinary-user pass failed"
	[ "$urc" = 0 ] || sed 's/^/#   /' "$T/user.tap" | head -40
	rm -rf "$u"
	end_test
}

# plan_user_pass FLAG N: plan N tests, and one more that runs this script
# again as the ordinary user FSJAIL_TEST_USER (default cloudsdk) unless
# FLAG=1 in the environment says this is that pass (user_pass). Sets
# USER_PASS (1 in that pass, else 0) and TEST_USER; end the script with
# end_user_pass before done_testing.
plan_user_pass()
{
	USER_PASS_FLAG=$1
	USER_PASS=${!1:-0}
	TEST_USER=${FSJAIL_TEST_USER:-cloudsdk}
	USER_PASS_SELF=$(basename "$0")
	if [ "$USER_PASS" = 1 ]; then plan "$2"; else plan $(($2 + 1)); fi
}

# end_user_pass: the ordinary-user test planned by plan_user_pass (none in
# that pass itself).
end_user_pass()
{
	[ "$USER_PASS" = 1 ] || user_pass "$TEST_DIR" "$USER_PASS_SELF" "$USER_PASS_FLAG" "$TEST_USER"
}

# seatbelt_stub: the macOS back end through stand-ins, for the tests that
# run it on Linux (t0030, t0142): tests/helpers/sandbox-exec-stub.sh as
# FSJAIL_SANDBOX_EXEC (an executable copy in $T/bin: the source tree may
# be read-only under distcheck), with its records in FSJAIL_STUB_DIR
# ($T/stub), the SBPL checker CHECK and the preload model PRELOAD (which
# makes the probe's checks hold) that make check builds; bails out
# without them.
seatbelt_stub()
{
	: "${TEST_BUILDDIR:=$TEST_SRCDIR}"
	CHECK=$TEST_BUILDDIR/helpers/sbpl-check
	PRELOAD=$TEST_BUILDDIR/helpers/sbpl-preload.so
	[ -x "$CHECK" ] || bail_out "'$CHECK' not built (make check builds it)"
	[ -f "$PRELOAD" ] || bail_out "'$PRELOAD' not built (make check builds it)"
	mkdir -p "$T/bin" "$T/stub"
	cp "$TEST_SRCDIR/helpers/sandbox-exec-stub.sh" "$T/bin/sandbox-exec"
	chmod 0755 "$T/bin/sandbox-exec"
	export FSJAIL_SANDBOX_EXEC=$T/bin/sandbox-exec FSJAIL_SBPL_CHECK=$CHECK
	export FSJAIL_STUB_DIR=$T/stub FSJAIL_STUB_PRELOAD=$PRELOAD
	unset FSJAIL_STUB_EXIT FSJAIL_STUB_EXIT_IF FSJAIL_STUB_DROP
}

# write_rules: rules.yaml from stdin (replaces the file).
write_rules()
{
	mkdir -p "$CONF_DIR"
	cat >"$RULES"
}

# json FILE EXPR: evaluate the Python expression EXPR with d = the JSON
# document in FILE; prints the result (True/False, numbers, strings).
json()
{
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# loop_home IMG MNT: mount the filesystem image IMG (made by the caller) on
# MNT by a loop device, or skip the rest (skip_rest_kernel); then put HOME,
# FSJAIL_HOME, the workspace WS, CONF_DIR, STATE_DIR and CONFIG on it and
# enter WS. The EXIT trap unmounts everything under MNT, then cleans up.
loop_home()
{
	local img=$1
	MNT=$2
	mount -o loop "$img" "$MNT" 2>"$T/mount.err" ||
		skip_rest_kernel "cannot mount a loop device here: $(cat "$T/mount.err")"
	trap 'cd /; umount -R "$MNT" 2>/dev/null; cleanup' EXIT
	chmod 755 "$MNT"
	export HOME=$MNT/home FSJAIL_HOME=$MNT/fsjail-home
	WS=$HOME/ws CONF_DIR=$FSJAIL_HOME/config STATE_DIR=$FSJAIL_HOME/state
	CONFIG=$CONF_DIR/config.yaml
	mkdir -p "$WS" "$CONF_DIR"
	cd "$WS" || bail_out "cannot enter $WS"
}

# loop_fs_home MKFS SIZE WHAT [MKFS-OPTIONS...]: as root, make a SIZE
# (truncate(1)) image with the program MKFS (mkfs.xfs, mkfs.ext4) and its
# options, and put the test's home on it by a loop device (loop_home).
# Without root every planned test is skipped as the user's limit
# (skip_root) and the script ends; without MKFS, or when it fails, the
# rest is skipped loudly as the machine's (skip_rest_kernel): WHAT names
# what stays untested.
loop_fs_home()
{
	local mkfs=$1 size=$2 what=$3 prog
	shift 3
	if ! is_root; then
		while [ "$T_NUM" -lt "$T_PLANNED" ]; do
			skip_root "$mkfs and mount -o loop"
		done
		done_testing
	fi
	prog=$(command -v "$mkfs" || true)
	[ -n "$prog" ] || skip_rest_kernel "no $mkfs: $what untested"
	mkdir -p "$T/$mkfs"
	truncate -s "$size" "$T/$mkfs.img" && "$prog" -q "$@" "$T/$mkfs.img" >"$T/mkfs.out" 2>&1 ||
		skip_rest_kernel "$mkfs $* failed: $(cat "$T/mkfs.out" 2>/dev/null)"
	loop_home "$T/$mkfs.img" "$T/$mkfs"
}

# write_config: config.yaml from stdin (replaces the file).
write_config()
{
	mkdir -p "$CONF_DIR"
	cat >"$CONFIG"
}

clear_rules()
{
	rm -f "$RULES" "$CONFIG"
}

# --- running --------------------------------------------------------------

# fsj [RUN-OPTIONS] -- CMD ARGS...: `fsjail run --workspace $WS ...` from
# the workspace; sets OUT, ERR, RC. stdin is /dev/null unless redirected.
fsj()
{
	"$FSJAIL" run --workspace "$WS" "$@" >"$OUT" 2>"$ERR"
	RC=$?
	LAST_CMD="fsjail run --workspace $WS $(printf '%q ' "$@")"
	[ "${FSJAIL_TEST_VERBOSE:-0}" = 1 ] && diag_last
	return 0
}

# fsj_sh [RUN-OPTIONS] -- SCRIPT [ARG...]: fsj ... -- bash -c SCRIPT bash
# ARG...; inside SCRIPT the arguments are "$1"...
fsj_sh()
{
	local opts=() script
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	[ "${1:-}" = -- ] && shift
	script=$1
	shift
	fsj "${opts[@]}" -- bash -c "$script" bash "$@"
}

# run_cmd CMD ARGS...: run anything, outside the sandbox; sets OUT, ERR, RC.
run_cmd()
{
	"$@" >"$OUT" 2>"$ERR"
	RC=$?
	LAST_CMD=$(printf '%q ' "$@")
}

# host_pid ANCESTOR PID: print the pid, as this shell sees it, of the
# process that calls itself PID inside a run's pid namespace (the last
# field of NSpid in /proc/P/status) and descends from ANCESTOR (fsjail's
# pid). A command inside fsjail knows only its namespace's pids ($$, $!).
# Returns 1 when there is no such process.
host_pid()
{
	local st p q
	for st in /proc/[0-9]*/status; do
		p=${st#/proc/}
		p=${p%/status}
		[ "$(awk '/^NSpid:/ { print $NF }' "$st" 2>/dev/null)" = "$2" ] || continue
		q=$p
		while [ -n "$q" ] && [ "$q" -gt 1 ]; do
			q=$(awk '/^PPid:/ { print $2 }' "/proc/$q/status" 2>/dev/null)
			if [ "$q" = "$1" ]; then
				echo "$p"
				return 0
			fi
		done
	done
	return 1
}

# assert_pid_gone PID WHAT: process PID no longer exists, allowing it 5 s
# to die; a survivor fails the test and is killed.
assert_pid_gone()
{
	local i
	for i in $(seq 50); do
		kill -0 "$1" 2>/dev/null || return 0
		sleep 0.1
	done
	fail "$2 (pid $1) survived"
	kill -KILL "$1" 2>/dev/null
	return 1
}

# Diagnostic context of the last run.
diag_last()
{
	echo "#   command: ${LAST_CMD:-}"
	echo "#   exit status: $RC"
	diag_file stdout "$OUT"
	diag_file stderr "$ERR"
}

# Landlock ABI as `fsjail --version` reports it (honours
# FSJAIL_LANDLOCK_ABI_MAX); 0 when none or unknown.
landlock_abi()
{
	local abi
	abi=$("$FSJAIL" --version 2>/dev/null | sed -n 's/^landlock ABI: *\([0-9][0-9]*\).*/\1/p')
	echo "${abi:-0}"
}

# require_landlock: skip (or, with FSJAIL_REQUIRE_KERNEL=1, fail) the rest
# of the script when the kernel has no Landlock.
require_landlock()
{
	LL_ABI=$(landlock_abi)
	if [ "$LL_ABI" -lt 1 ]; then
		if [ -n "${FSJAIL_LANDLOCK_ABI_MAX:-}" ]; then
			skip_rest_kernel "Landlock is off (FSJAIL_LANDLOCK_ABI_MAX=$FSJAIL_LANDLOCK_ABI_MAX)"
		fi
		skip_rest_kernel "Landlock is not available on this kernel ($(uname -r))"
	fi
	"$FSJAIL" run --workspace "$WS" -- true >"$OUT" 2>"$ERR"
	RC=$?
	if [ "$RC" != 0 ]; then
		# Landlock is there but the simplest run fails: a product bug,
		# not a reason to skip. Let each test report it.
		diag "warning: 'fsjail run -- true' exits $RC"
		diag_file stderr "$ERR"
	fi
}

# --- assertions -----------------------------------------------------------
# Each returns 0 when it holds, 1 (after recording a failure) when not.

# assert_rc N: the last command exited with N.
assert_rc()
{
	if [ "$RC" != "$1" ]; then
		fail "expected exit status $1, got $RC${2:+ ($2)}"
		diag_last
		return 1
	fi
}

# assert_rc_not N: the last command did not exit with N.
assert_rc_not()
{
	if [ "$RC" = "$1" ]; then
		fail "expected an exit status other than $1${2:+ ($2)}"
		diag_last
		return 1
	fi
}

# assert_failed: the last command failed, but not because fsjail refused to
# run it (125): the denial must come from inside the sandbox.
assert_failed()
{
	if [ "$RC" = 0 ] || [ "$RC" = 125 ]; then
		fail "expected the command to run and fail, got exit status $RC${1:+ ($1)}"
		diag_last
		return 1
	fi
}

# assert_err_match ERE: stderr of the last command matches ERE.
assert_err_match()
{
	if ! grep -Eq -- "$1" "$ERR"; then
		fail "stderr does not match /$1/"
		diag_last
		return 1
	fi
}

# assert_out_match ERE / assert_out_nomatch ERE: the same on stdout.
assert_out_match()
{
	if ! grep -Eq -- "$1" "$OUT"; then
		fail "stdout does not match /$1/"
		diag_last
		return 1
	fi
}

assert_out_nomatch()
{
	if grep -Eq -- "$1" "$OUT" "$ERR"; then
		fail "output matches /$1/ but must not"
		diag_last
		return 1
	fi
}

# assert_out_eq TEXT: stdout is exactly TEXT (plus one final newline).
assert_out_eq()
{
	local got
	got=$(cat "$OUT")
	if [ "$got" != "$1" ]; then
		fail "stdout is '$got', expected '$1'"
		diag_last
		return 1
	fi
}

# The error text a kernel denial produces: Landlock's EACCES, a mount
# mask's EROFS, or EBUSY/EXDEV for a rename across a masked mount point.
DENIED_RE='Permission denied|Read-only file system|Operation not permitted|Device or resource busy|Invalid cross-device link'

# assert_denied: the last command failed with a denial in stderr.
assert_denied()
{
	assert_failed "${1:-}" || return 1
	assert_err_match "$DENIED_RE"
}

assert_exists()
{
	if ! [ -e "$1" ] && ! [ -L "$1" ]; then
		fail "'$1' does not exist"
		diag_last
		return 1
	fi
}

assert_not_exists()
{
	if [ -e "$1" ] || [ -L "$1" ]; then
		fail "'$1' exists but must not"
		diag_last
		return 1
	fi
}

assert_dir()
{
	if ! [ -d "$1" ]; then
		fail "'$1' is not a directory"
		diag_last
		return 1
	fi
}

# assert_content FILE TEXT: FILE holds exactly TEXT (as $(cat) sees it).
assert_content()
{
	local got
	if ! [ -f "$1" ]; then
		fail "'$1' is missing (expected content '$2')"
		diag_last
		return 1
	fi
	got=$(cat "$1")
	if [ "$got" != "$2" ]; then
		fail "'$1' holds '$got', expected '$2'"
		diag_last
		return 1
	fi
}

# snapshot FILE / assert_unchanged FILE: FILE's bytes are as snapshotted.
snapshot()
{
	mkdir -p "$T/snap"
	cp -p "$1" "$T/snap/$(printf '%s' "$1" | tr / _)"
}

assert_unchanged()
{
	local snap
	snap=$T/snap/$(printf '%s' "$1" | tr / _)
	if ! [ -f "$1" ]; then
		fail "'$1' is gone"
		diag_last
		return 1
	fi
	if ! cmp -s "$snap" "$1"; then
		fail "'$1' was changed"
		diag_last
		return 1
	fi
}

# restore FILE: put FILE back as snapshotted (after a test that broke it).
restore()
{
	cp -p "$T/snap/$(printf '%s' "$1" | tr / _)" "$1"
}

# ws_restore: fsjail backups restore of the workspace, run from it; its
# exit status must be 0. keep_copies NAME...: a copy of each $WS/NAME in
# $T; assert_back NAME...: each $WS/NAME holds its copy's bytes again.
ws_restore()
{
	(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS") >"$OUT" 2>"$ERR"
	RC=$?
	assert_rc 0
}
keep_copies()
{
	for f; do cp "$WS/$f" "$T/$(printf '%s' "$f" | tr / _).orig"; done
}
assert_back()
{
	for f; do
		cmp -s "$WS/$f" "$T/$(printf '%s' "$f" | tr / _).orig" ||
			fail "$f is not back byte for byte after backups restore"
	done
}
