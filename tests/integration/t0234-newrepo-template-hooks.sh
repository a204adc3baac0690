#!/bin/bash
# git init and clone in the run work with a user's template folder that
# holds real hooks (issue 12 item 2; src/notify-hooktmpl.c), and the
# copied hooks never become the command's code on the host: a hook in a
# repository the run makes is accepted only with the bytes of the
# template folder git would use for this user (GIT_TEMPLATE_DIR, else
# init.templateDir), and only when the command cannot change that folder.
# Each attack plants a hook whose run would make a marker file; git runs on
# the host afterwards where a user would, and the marker must be absent.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock
git_env

M=$T/m
TP=$HOME/tmpl
EV=$HOME/evil
mkdir -p "$M" "$TP/hooks" "$EV/hooks"
printf '#!/bin/sh\nexit 0\n' >"$TP/hooks/pre-commit"
printf '#!/bin/sh\ntouch %s/evil\n' "$M" >"$EV/hooks/pre-commit"
chmod +x "$TP/hooks/pre-commit" "$EV/hooks/pre-commit"
(cd "$WS" && git init -q -b main && git commit -q --allow-empty -m i) >/dev/null 2>&1 ||
	bail_out "cannot make the workspace repository"
RD=(--grant "read:$TP" --grant "read:$EV")

# host_commit DIR: a commit in DIR as the user makes it after the run.
host_commit()
{
	(cd "$1" && echo x >>x && git add x && git commit -q -m x) >/dev/null 2>&1 </dev/null
}

begin_test "GIT_TEMPLATE_DIR with a real hook: git init and git clone work, the hook is the template's"
GIT_TEMPLATE_DIR=$TP fsj_sh "${RD[@]}" -- 'git init -q -b main new && git clone -q "$1" cl && echo ok' "$WS"
assert_rc 0
assert_out_match "^ok$"
cmp -s "$TP/hooks/pre-commit" "$WS/new/.git/hooks/pre-commit" || fail "new: not the template's hook"
cmp -s "$TP/hooks/pre-commit" "$WS/cl/.git/hooks/pre-commit" || fail "cl: not the template's hook"
[ -x "$WS/new/.git/hooks/pre-commit" ] || fail "the hook is not executable"
host_commit "$WS/new" || fail "host commit in the new repository failed"
end_test

begin_test "init.templateDir in ~/.gitconfig: git init works"
printf '[init]\n\ttemplateDir = ~/tmpl\n' >"$HOME/.gitconfig"
fsj_sh "${RD[@]}" -- 'git init -q -b main new2 && echo ok'
rm -f "$HOME/.gitconfig"
assert_rc 0
assert_out_match "^ok$"
cmp -s "$TP/hooks/pre-commit" "$WS/new2/.git/hooks/pre-commit" || fail "not the template's hook"
end_test

begin_test "a template folder the command can write (/tmp) is not trusted: refused"
W=$(mktemp -d /tmp/fsjail-t0234.XXXXXX) || bail_out "no /tmp folder"
cp -r "$TP/hooks" "$W/"
GIT_TEMPLATE_DIR=$W fsj_sh -- 'git init -q -b main new3'
rm -rf "$W"
assert_rc_not 0
assert_not_exists "$WS/new3/.git/hooks/pre-commit"
assert_err_match "hook pre-commit in a repository made by this run"
end_test

begin_test "other bytes under the template's name: --template, a hand-made gitdir, written after: refused"
# shellcheck disable=SC2016
GIT_TEMPLATE_DIR=$TP fsj_sh "${RD[@]}" -- 'git init -q -b main --template="$1" a
	mkdir -p b/.git/hooks && cp "$1/hooks/pre-commit" b/.git/hooks/ && git init -q -b main b
	git init -q -b main c && h=c/.git/hooks/pre-commit && cat "$1/hooks/pre-commit" >$h
	cp "$1/hooks/pre-commit" c/e && mv c/e $h; cp "$1/hooks/pre-commit" $h; exit 0' "$EV"
for r in a b c; do
	[ -d "$WS/$r/.git" ] && host_commit "$WS/$r"
done
assert_not_exists "$M/evil"
cmp -s "$TP/hooks/pre-commit" "$WS/c/.git/hooks/pre-commit" || fail "c: the hook changed"
assert_err_match "bytes of the template folder's own hook"
assert_err_match "hook pre-commit in a repository made by this run"
end_test

begin_test "a descriptor kept from the copy writes into nothing that lands"
# shellcheck disable=SC2016
GIT_TEMPLATE_DIR=$TP fsj_sh "${RD[@]}" -- 'mkdir -p d/.git/hooks && exec 3>d/.git/hooks/pre-commit &&
	cat "$1/hooks/pre-commit" >&3 && git init -q -b main d &&
	cat "$2/hooks/pre-commit" >&3 && echo kept' "$TP" "$EV"
assert_out_match "^kept$"
cmp -s "$TP/hooks/pre-commit" "$WS/d/.git/hooks/pre-commit" || fail "d: the hook is not the template's"
host_commit "$WS/d"
assert_not_exists "$M/evil"
end_test

done_testing
