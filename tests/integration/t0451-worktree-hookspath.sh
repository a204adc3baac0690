#!/bin/bash
# A relative core.hooksPath (husky's .husky/_, a project's .githooks)
# names a folder in each work tree: git runs the hooks it finds there, in
# the work tree it runs in. The scan at the start protects that folder in
# every work tree there is; one in a work tree the run makes (git
# worktree add) was protected nowhere and nothing was said (att24): `git
# worktree add wt`, then wt/.husky/_/pre-commit, ran at the user's next
# commit in wt. Now the run says it, on stderr and as a "hooks-folder"
# planted record, and undo takes it away; a work tree made without one is
# not named. (A .git file made to point at the repository is said by its
# own warning, t0356.) As root and as an ordinary user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0451_USER 4
setup
require_landlock
command -v git >/dev/null || skip_rest_kernel "no git"
command -v python3 >/dev/null || skip_rest_kernel "no python3"
git_env
export GIT_CONFIG_GLOBAL=/dev/null

# repo HOOKSPATH: $WS a repository whose core.hooksPath is HOOKSPATH, the
# folder there (gitignored, as husky makes it) holding a pre-commit hook.
repo()
{
	rm -rf "$WS"
	mkdir -p "$WS/$1"
	git -C "$WS" init -q . && git -C "$WS" config core.hooksPath "$1" || bail_out "git init"
	printf '#!/bin/sh\nexit 0\n' >"$WS/$1/pre-commit"
	chmod +x "$WS/$1/pre-commit"
	echo "/$1" >"$WS/.gitignore"
	git -C "$WS" add .gitignore && git -C "$WS" commit -q -m init || bail_out "git commit"
	cd "$WS" || bail_out "cd"
}

# HOOK: a pre-commit hook in the folder $1 that leaves $2 behind.
HOOK='mkdir -p "$1" && printf "#!/bin/sh\ntouch %s\n" "$2" >"$1/pre-commit" && chmod +x "$1/pre-commit"'

begin_test "git worktree add, then husky's .husky/_ filled in it: said on stderr and in the report"
repo .husky/_
fsj_sh --report "$T/report" -- 'git worktree add -q wt -b b1 && '"$HOOK" "$WS/wt/.husky/_" "$T/ran"
assert_rc 0
assert_err_match "warning: the command made the hooks folder $WS/wt/\\.husky/_ of the work tree $WS/wt \\(core\\.hooksPath"
python3 - "$T/report" "$WS" <<'PY' || fail "no hooks-folder record: $(cat "$T/report")"
import json, sys
rep = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
got = [(r["kind"], r["path"], r["work_tree"]) for r in rep if r.get("schema") == "fsjail-planted/1"]
want = ("hooks-folder", sys.argv[2] + "/wt/.husky/_", sys.argv[2] + "/wt")
assert want in got, got
PY
end_test

begin_test "undo takes the hooks folder's files away; the hook does not run at the next commit there"
(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
[ -e "$WS/wt/.husky/_/pre-commit" ] && fail "the hook is still there after restore"
if [ -d "$WS/wt" ]; then
	(cd "$WS/wt" && echo x >x && git add x && git commit -q -m x) >/dev/null 2>&1
fi
assert_not_exists "$T/ran"
end_test

begin_test "a project's .githooks, in a work tree git worktree add made: said"
repo .githooks
fsj_sh -- 'git worktree add -q sub -b b3 && '"$HOOK" "$WS/sub/.githooks" "$T/ran"
assert_rc 0
assert_err_match "warning: the command made the hooks folder $WS/sub/\\.githooks of the work tree $WS/sub "
end_test

begin_test "git worktree add without a hooks folder: not named"
repo .husky/_
fsj_sh -- 'git worktree add -q wt2 -b b2 && echo x >wt2/x'
assert_rc 0
grep -q 'the hooks folder' "$ERR" && fail "a hooks folder said: $(cat "$ERR")"
end_test

end_user_pass
done_testing
