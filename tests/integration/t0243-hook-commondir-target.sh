#!/bin/bash
# A hook of the user's template folder is let into a repository the run
# makes while that folder is not yet a gitdir, and compared byte for byte
# when a later step makes it one (notify-hooktmpl.c). att4: a folder C
# with objects/ and refs/ but no HEAD is no gitdir by git's test, so
# C/hooks/pre-commit (a template name) could be made and written with any
# bytes; then W/.git/HEAD and W/.git/commondir = ../C made W/.git a
# linked gitdir whose hooks are C's, and the user's next `git commit` in W
# ran the command's pre-commit. Nothing settled C again. A template hook
# is now refused in a folder that holds objects and refs already.
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock
command -v git >/dev/null || bail_out "no git"

TPL=$T/tpl
mkdir -p "$TPL/hooks"
printf '#!/bin/sh\nexit 0\n' >"$TPL/hooks/pre-commit"
chmod 755 "$TPL/hooks/pre-commit"

begin_test "a template hook name in a commondir target (objects and refs, no HEAD) cannot carry other bytes"
GIT_TEMPLATE_DIR=$TPL fsj_sh -- '
mkdir -p W/C/objects W/C/refs/heads W/C/hooks W/.git && cd W &&
{ printf "#!/bin/sh\ntouch \"\$0.ran\"\n" >C/hooks/pre-commit && echo WROTE; } 2>/dev/null
chmod 755 C/hooks/pre-commit 2>/dev/null
echo "ref: refs/heads/master" >.git/HEAD; echo ../C >.git/commondir; true'
assert_rc 0
assert_out_nomatch WROTE
if [ -f "$WS/W/C/hooks/pre-commit" ] && ! cmp -s "$WS/W/C/hooks/pre-commit" "$TPL/hooks/pre-commit"; then
	fail "C/hooks/pre-commit holds the command's bytes: $(tail -1 "$WS/W/C/hooks/pre-commit")"
fi
(cd "$WS/W" && echo hi >f && git add f && git -c user.name=u -c user.email=u@x commit -qm m) >/dev/null 2>&1
[ ! -e "$WS/W/C/hooks/pre-commit.ran" ] || fail "the user's git commit ran the command's hook"
end_test
