#!/bin/bash
# git's own writes of its protected config that change [branch] sections
# only go through (issue 12 item 2; src/gitcfg.c argues why that is safe):
# - git branch -m/-c/-D and checkout -b X origin/X work under fsjail and
#   leave .git/config byte-identical to the same commands run outside;
# - git config and git remote add stay refused, naming the rule;
# - a config.lock carrying core.fsmonitor beside a branch change is
#   refused and config is unchanged;
# - a writer still holding config.lock after the check (the same file, a
#   racing thread) cannot change what lands;
# - a user's deny on the config stands;
# - the old config is restored from fsjail's backups;
# - as an ordinary user (cloudsdk) too.
# Afterwards git run outside runs nothing planted.
. "$(dirname "$0")/libtest.sh"

plan 7
setup
require_landlock

MARK=$T/markers
mkdir -p "$MARK"
git_env

# make_repo DIR: a repository tracking origin/main, with origin/x.
make_repo()
{
	(
		set -e
		mkdir -p "$1/origin" "$1/ws"
		cd "$1/origin" && git init -q -b main && echo o >o && git add o && git commit -qm o
		git branch x
		cd "$1/ws" && git init -q -b main && git remote add origin "$1/origin"
		git fetch -q origin && git reset -q --hard origin/main
		git branch -q --set-upstream-to=origin/main main
	) >/dev/null 2>&1
}
BRANCH_OPS='set -e
	git branch -m main trunk
	git branch -c trunk copy
	git branch -D copy >/dev/null
	git checkout -q -b x origin/x
	git checkout -q -b local --track trunk
	echo ops-ok'

rm -rf "$WS"
make_repo "$T/r" || bail_out "cannot make the test repositories"
WS=$T/r/ws
cd "$WS" || bail_out "no workspace"
cp -a "$T/r" "$T/ref"
(cd "$T/ref/ws" && git remote set-url origin "$T/r/origin" && bash -c "$BRANCH_OPS") >/dev/null 2>&1 ||
	bail_out "the branch operations fail outside fsjail"
# the same operations outside: what .git/config must hold afterwards
sed "s|$T/ref/|$T/r/|" "$T/ref/ws/.git/config" >"$T/expected-config"

cp "$WS/.git/config" "$T/original-config"
begin_test "git branch -m/-c/-D and checkout -b X origin/X work; config holds exactly git's change"
fsj_sh -- "$BRANCH_OPS"
assert_rc 0 && assert_out_match '^ops-ok$'
if ! cmp -s "$T/expected-config" "$WS/.git/config"; then
	fail "config differs from git's own: $(diff "$T/expected-config" "$WS/.git/config")"
fi
assert_not_exists "$WS/.git/config.lock"
left=$(find "$WS/.git" -maxdepth 1 -name 'config.*' -print)
[ -z "$left" ] || fail "left behind: $left"
run_cmd git -C "$WS" rev-parse --abbrev-ref x@{upstream}
assert_out_eq origin/x
end_test

snapshot "$WS/.git/config"
begin_test "git config and git remote add stay refused, naming the rule"
fsj_sh -- 'git config core.fsmonitor "touch $1/fsm"; git remote add evil /x; git config alias.st "!touch $1/alias"; exit 0' "$MARK"
assert_unchanged "$WS/.git/config"
assert_err_match "could not write config file"
assert_err_match "write $WS/\\.git/config: protected rule 'repository-metadata'"
# and says why the rewrite was not taken
assert_err_match "protected rule 'repository-metadata' at .* \\(the change reaches outside the \\[branch\\] and \\[submodule \"NAME\"\\] sections\\); by git"
end_test

begin_test "a config.lock carrying core.fsmonitor beside a branch change is refused"
fsj_sh -- 'cp .git/config .git/config.lock
	printf "[branch \"y\"]\n\tremote = origin\n\tmerge = refs/heads/y\n[core]\n\tfsmonitor = touch %s/lock-fsm\n" "$1" >>.git/config.lock
	mv .git/config.lock .git/config && echo moved; rm -f .git/config.lock; exit 0' "$MARK"
assert_unchanged "$WS/.git/config"
assert_out_nomatch moved
end_test

begin_test "a writer holding config.lock after the check cannot change what lands"
fsj -- python3 - "$MARK" <<'EOF'
import os, sys, threading
evil = ("[core]\n\tfsmonitor = touch %s/race-fsm\n" % sys.argv[1]).encode() * 4
base = open(".git/config", "rb").read()
good = base + b'[branch "r%d"]\n\tremote = origin\n\tmerge = refs/heads/main\n'
stop = False
def hammer(fd):
    while not stop:
        try:
            os.pwrite(fd, evil, 0)
        except OSError:
            return
done = 0
for i in range(30):
    cur = open(".git/config", "rb").read()
    fd = os.open(".git/config.lock", os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o644)
    os.write(fd, cur + (b'[branch "r%d"]\n\tremote = origin\n\tmerge = refs/heads/main\n' % i))
    t = threading.Thread(target=hammer, args=(fd,)) if i % 2 else None
    stop = False
    if t:
        t.start()
    try:
        os.rename(".git/config.lock", ".git/config")
        done += 1
    except OSError:
        pass
    os.pwrite(fd, evil, 0)  # after the rename, through the same descriptor
    stop = True
    if t:
        t.join()
    os.close(fd)
    try:
        os.unlink(".git/config.lock")
    except OSError:
        pass
print("renamed", done)
EOF
assert_rc 0
assert_out_match '^renamed [1-9]'
if grep -q fsmonitor "$WS/.git/config"; then fail "fsmonitor landed: $(cat "$WS/.git/config")"; fi
grep -q '^\[branch "r0"\]$' "$WS/.git/config" || fail "the first branch change did not land"
(cd "$WS" && git status >/dev/null 2>&1) </dev/null
assert_not_exists "$MARK/race-fsm"
assert_not_exists "$MARK/lock-fsm"
assert_not_exists "$MARK/fsm"
end_test

begin_test "a user's rule denying write on .git/config stands: no branch change lands"
write_rules <<EOF2
rules:
  - path: $WS/.git/config
    deny: [write]
EOF2
snapshot "$WS/.git/config"
fsj -- git branch -m trunk trunk2
assert_rc_not 0
assert_unchanged "$WS/.git/config"
clear_rules
end_test

begin_test "the config as it was before the branch operations is restored from the backups"
first=$("$FSJAIL" backups list | head -n 1 | cut -d' ' -f1)
run_cmd "$FSJAIL" backups restore --session "$first" "$WS/.git/config"
assert_rc 0
cmp -s "$T/original-config" "$WS/.git/config" || fail "not restored: $(diff "$T/original-config" "$WS/.git/config")"
end_test

begin_test "as an ordinary user: git branch -m and checkout -b X origin/X work"
if ! U=$(user_folder); then
	skip_root "runs the session as the ordinary user cloudsdk"
	T_OPEN=0
else
	as_user "$U" bash -c "$(declare -f make_repo); make_repo '$U'"
	[ "$RC" = 0 ] || fail "cannot make the user repository"
	as_user "$U" sh -c "cd '$U/ws' && '$FSJAIL' run -- bash -c '$BRANCH_OPS'"
	assert_rc 0 && assert_out_match '^ops-ok$'
	grep -q '^\[branch "trunk"\]$' "$U/ws/.git/config" || fail "no trunk section: $(cat "$U/ws/.git/config")"
	grep -q '^\[branch "main"\]$' "$U/ws/.git/config" && fail "the main section stayed"
	rm -rf "$U"
	end_test
fi

done_testing
