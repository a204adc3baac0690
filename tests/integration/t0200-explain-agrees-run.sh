#!/bin/bash
# explain --json and a run agree on repository metadata (src/repoguard.c:
# the one decision the listener and explain both call). For each path and
# capability below, explain's verdict (allowed or not) is compared with
# what a run really does: the write, create, delete or rename is tried and
# its outcome read from the filesystem. The paths cover the names the
# listener guards outside the start-of-run scan (config, hooks/,
# info/ and its four files, info/refs which it leaves, a bare NAME.git,
# a linked worktree's .git file, a folder named like a repository inside
# hooks/), the same names where there is no repository, and a HEAD planted
# under the workspace (rule 'repository-discovery').
. "$(dirname "$0")/libtest.sh"

plan 14
setup
require_landlock
git_env

X=$(mktemp -d /tmp/fsjail-t0200.XXXXXX) || bail_out "no /tmp folder"
trap 'rm -rf "$X"; cleanup' EXIT
{
	git init -q "$X/r" &&
	git -C "$X/r" commit -q --allow-empty -m one &&
	git -C "$X/r" worktree add -q "$X/wt" &&
	git init -q --bare "$X/bare.git" &&
	mkdir -p "$X/plain/hooks" "$X/plain.git" "$X/r/.git/hooks/x.git" "$WS/sub" &&
	echo keep >"$X/plain/config" &&
	git -C "$WS" init -q
} || bail_out "cannot make the repositories"

# explain_allows PATH CAP: prints true or false, explain --json's verdict.
explain_allows()
{
	"$FSJAIL" explain --json --workspace "$WS" "$1" >"$T/explain.json" 2>"$ERR" ||
		{ echo error; return; }
	json "$T/explain.json" "str(d['paths'][0]['capabilities']['$2']['allowed']).lower()"
}

# agree PATH CAP ACTION: explain's verdict on CAP at PATH is what a run of
# ACTION (a bash snippet on "$1" = PATH) does; ACTION succeeded is read
# from the filesystem by CHECK (a bash snippet, run outside, true when the
# change happened).
agree()
{
	local path=$1 cap=$2 action=$3 check=$4 said did

	said=$(explain_allows "$path" "$cap")
	fsj_sh -- "$action" "$path"
	if bash -c "$check" bash "$path"; then did=true; else did=false; fi
	if [ "$said" != "$did" ]; then
		fail "$cap $path: explain says allowed=$said, the run did=$did"
		diag_last
	fi
	[ "$said" = "${5:-$said}" ] || fail "$cap $path: explain says allowed=$said, want $5"
}

begin_test "config of a repository outside the workspace: refused by both"
agree "$X/r/.git/config" write 'echo "[core] x = 1" >>"$1"' 'grep -q "x = 1" "$1"' false
end_test

begin_test "a new hook: refused by both"
agree "$X/r/.git/hooks/pre-commit" create 'echo x >"$1"' '[ -e "$1" ]' false
end_test

begin_test "info/exclude: refused by both"
agree "$X/r/.git/info/exclude" write 'echo "*.c" >>"$1"' 'grep -q "^\*\.c$" "$1"' false
end_test

begin_test "info/attributes made anew: refused by both"
agree "$X/r/.git/info/attributes" create 'echo "* filter=x" >"$1"' '[ -e "$1" ]' false
end_test

begin_test "info/refs (every repack rewrites it): allowed by both"
agree "$X/r/.git/info/refs" create 'echo x >"$1"' '[ -e "$1" ]' true
end_test

begin_test "description, a gitdir file that runs nothing: allowed by both"
agree "$X/r/.git/description" write 'echo more >>"$1"' 'grep -q more "$1"' true
end_test

begin_test "config, hooks/ where there is no repository: allowed by both"
agree "$X/plain/config" write 'echo more >>"$1"' 'grep -q more "$1"' true
agree "$X/plain/hooks/x" create 'echo x >"$1"' '[ -e "$1" ]' true
end_test

begin_test "a bare NAME.git renamed away: refused by both; a plain NAME.git folder: allowed"
agree "$X/bare.git" delete 'mv "$1" "$1.moved"' '[ ! -e "$1" ]' false
agree "$X/plain.git" delete 'rmdir "$1"' '[ ! -e "$1" ]' true
end_test

begin_test "a folder named like a repository inside hooks/: refused by both"
agree "$X/r/.git/hooks/x.git" delete 'rmdir "$1"' '[ ! -e "$1" ]' false
end_test

begin_test "a linked worktree's .git file: written by neither, its HEAD is free"
agree "$X/wt/.git" write 'echo "gitdir: /elsewhere" >"$1"' 'grep -q elsewhere "$1"' false
agree "$X/r/.git/HEAD" write 'echo "# x" >>"$1"' 'grep -q "^# x" "$1"' true
end_test

begin_test "the .git folder of a repository outside: not renamed away by either"
agree "$X/r/.git" delete 'mv "$1" "$1.moved"' '[ ! -e "$1" ]' false
end_test

begin_test "a HEAD planted under the workspace: refused by both ('repository-discovery')"
agree "$WS/sub/HEAD" create 'echo "ref: refs/heads/main" >"$1"' '[ -e "$1" ]' false
assert_err_match "repository-discovery"
end_test

begin_test "a plain file under the workspace: allowed by both"
agree "$WS/sub/notes.txt" create 'echo x >"$1"' '[ -e "$1" ]' true
end_test

begin_test "explain names the listener's rule where it refuses"
"$FSJAIL" explain --json --workspace "$WS" "$X/r/.git/hooks/pre-commit" >"$OUT" 2>"$ERR"
[ "$(json "$OUT" "d['paths'][0]['capabilities']['create']['rule']['id']")" = repository-metadata ] ||
	fail "explain --json does not name repository-metadata"
end_test

done_testing
