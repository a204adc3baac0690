#!/bin/bash
# `fsjail check` of a link the line makes (issue 12 item 7): the run
# refuses a symbolic link that leads to a protected path, where the run
# may not read, or whose text climbs out of a name with '..' (linkto.h),
# and a hard link whose new name grants what the old one lacks
# (notify-refer.h); check saw only a create of the new name in the
# workspace and said "allow" (att34): `ln -s .git/config y`, `ln -s
# .git/hooks x; echo > x/pre-commit`, `ln -s ~/.bashrc rc`, `ln
# .git/config hard`. Now check refuses what the run refuses, with its
# reason, asks for a link whose text is known only at run time, and still
# allows the links the run makes (a file of the workspace, a system
# program). Root and the ordinary user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0597_USER 3
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_ws
mkdir -p sub src && echo x >src/a.c

# checked LINE STATUS: fsjail check answers LINE with STATUS
checked()
{
	run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- "$1"
	[ "$RC" = "$2" ] || fail "check of '$1': status $RC, not $2: $(head -c 600 "$OUT")"
	return 0
}

begin_test "a link the run refuses is refused by check, and by the run"
for l in 'ln -s .git/config y' 'ln -s .git/hooks y; echo > y/pre-commit' \
	'ln -s ../.git/hooks/pre-commit sub/y' "ln -s $HOME/.bashrc y" 'ln -s w/../../.git/config y' \
	'ln -sf .git/config y' 'ln -s -t sub ../.git/config' 'ln .git/config y'; do
	checked "$l" 4
	fsj_sh -- "$l"
	[ -e y ] || [ -L y ] || [ -L sub/y ] || [ -L sub/config ] && fail "the run made the link of '$l'"
	rm -f y sub/y sub/config
done
end_test

begin_test "check says why"
checked 'ln -s .git/config y' 4
assert_out_match "symbolic link"
assert_out_match "repository-metadata"
checked 'ln .git/config y' 4
assert_out_match "would grant write"
end_test

begin_test "links the run makes stay allowed; a run-time text asks"
for l in 'ln -s src/a.c l1' 'ln src/a.c l2' 'ln -s /usr/bin/env l3' 'ln -s no/such l4' \
	'ln -s ../src sub/l5'; do
	checked "$l" 0
	fsj_sh -- "$l"
	assert_rc 0
done
checked 'ln -s "$X" l6' 3
end_test

end_user_pass
done_testing
