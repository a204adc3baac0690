#!/bin/bash
# `fsjail check` predicts what `run` refuses when a program reads a file
# outside the workspace that it names in its operands (chk31): tar's
# archive (`tar xf ../t.tar`), npm's local package spec (a folder, a
# tarball), unzip's archive. Before, these programs yielded only execute
# and opaque code, which the tier holds: check said allow while run
# refused the read. Now the file is an effect decided against the policy:
# check asks for read on the very path whose read run refuses (--report).
# In a git repository with no rules file; as root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libcheckrun.sh"

plan_user_pass T0435_USER 3
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
{
	git -C "$WS" init -q . && git -C "$WS" commit -q --allow-empty -m init &&
	echo hi >"$HOME/f" && tar -C "$HOME" -cf "$HOME/t.tar" f && mkdir -p "$HOME/x" &&
	echo '{"name":"x","version":"1.0.0"}' >"$HOME/x/package.json" &&
	tar -C "$HOME" -czf "$HOME/x.tgz" x
} || bail_out "cannot make the files"

begin_test "tar xf ../t.tar: check asks for read of the archive, run refuses that read"
check_run_pair "tar xf ../t.tar" read "$HOME/t.tar"
check_run_pair "tar -x --file=../t.tar" read "$HOME/t.tar"
check_run_pair "tar -tf $HOME/t.tar" read "$HOME/t.tar"
end_test

if ! command -v npm >/dev/null; then
	skip "no npm here: npm install ../x and ../x.tgz untested"
else
	begin_test "npm install ../x and ../x.tgz: check asks for read of the package, run refuses it"
	mkdir -p "$HOME/.npm/_cacache" "$HOME/.npm/_logs" "$HOME/.npm/_npx"
	check_run_pair "npm install --offline --no-audit ../x" read "$HOME/x"
	check_run_pair "npm install --offline --no-audit ../x.tgz" read "$HOME/x.tgz"
	end_test
fi

begin_test "unzip and a < redirection of a file outside: check asks, run refuses the read"
check_run_pair "cat <../f" read "$HOME/f"
if command -v unzip >/dev/null; then
	check_run_pair "unzip -o ../t.tar" read "$HOME/t.tar"
fi
end_test

end_user_pass
done_testing
