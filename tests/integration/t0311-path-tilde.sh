#!/bin/bash
# A $PATH folder written with a literal tilde ("~/tools", as a quoted
# export PATH="~/tools:$PATH" leaves it) is protected as its spelling
# under ~ is (att9). bash(1) expands a leading ~ of a PATH element when it
# looks a command up, so the user's next shell runs a program planted
# there; ctx-homecode.c took the element for a relative one and left it
# open: with ~ opened (--grant all:$HOME) a command planted ~/tools/ls.
# Test 3: a $PATH folder under a temporary folder (/tmp, /var/tmp,
# $TMPDIR: all five capabilities by the baseline) was open the same way.
# As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0311_USER 3
setup
require_landlock
mkdir -p "$HOME/tools" "$HOME/other"
# shellcheck disable=SC2088 # the literal tilde is the point
export PATH="~/tools:~/absent/bin:$PATH"
cd "$WS" || bail_out "cannot enter $WS"

begin_test "a literal ~/ folder of \$PATH: no program planted, existing or absent"
fsj --grant "all:$HOME" -- sh -c 'echo "echo PWNED" >"$HOME/tools/ls"
mkdir -p "$HOME/absent/bin" && echo "echo PWNED" >"$HOME/absent/bin/ls"
echo ok >"$HOME/other/f" && echo SIBLING'
assert_out_match '^SIBLING$'
[ -e "$HOME/tools/ls" ] && fail "a program was planted in ~/tools, on PATH as ~/tools"
[ -e "$HOME/absent/bin/ls" ] && fail "a program was planted in ~/absent/bin, on PATH as ~/absent/bin"
assert_err_match "create $HOME/tools/ls: protected at a \\\$PATH folder under ~"
end_test

begin_test "bash runs what a literal ~/ folder of \$PATH holds (why it matters)"
printf '#!/bin/sh\necho TILDE-RAN\n' >"$HOME/other/zzcmd"
chmod +x "$HOME/other/zzcmd"
# shellcheck disable=SC2088
run_cmd env PATH="~/other:/usr/bin:/bin" bash -c zzcmd
assert_out_match '^TILDE-RAN$'
end_test

begin_test "a \$PATH folder under /tmp (open to the command): no program planted"
TB=$(mktemp -d /tmp/fsjail-t0311.XXXXXX) || bail_out "no folder in /tmp"
mkdir "$TB/bin"
PATH="$TB/bin:$TB/absent:$PATH" fsj -- sh -c 'echo "echo PWNED" >"$1/bin/ls"; mkdir -p "$1/absent"
echo "echo PWNED" >"$1/absent/ls"; echo ok >"$1/sibling" && echo SIBLING' sh "$TB"
assert_out_match '^SIBLING$'
[ -e "$TB/bin/ls" ] && fail "a program was planted in $TB/bin, on PATH"
[ -e "$TB/absent/ls" ] && fail "a program was planted in $TB/absent, on PATH"
rm -rf "$TB"
end_test

end_user_pass
done_testing
