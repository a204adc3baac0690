#!/bin/bash
# A hook's python3 -c code runs the modules it imports, found in the
# current folder first (python(1), -c: the current directory is the
# first entry of sys.path): import hooks_util, from tools.fmt import run
# as r, check, import os, pkgx.sub after a cd,
# runpy.run_path('gen/mk.py'). int23c read the code as one ordinary
# argument, so hooks_util.py, tools/fmt.py, tools/__init__.py,
# pkgx/sub.py, gen/mk.py could be made inside the run and run on the
# host at the next hook. Now none of write, rename, symlink, copy makes
# them; code that imports by a computed name (__import__) protects every
# existing *.py of its folder (helper.py not overwritten); siblings and
# the words inside the code that are not modules (main, ok) make no
# rule. As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libautorun.sh"

plan_user_pass FSJ_T0492_USER 3
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude" "$WS/sub"
echo original >"$WS/sub/helper.py"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {"Stop": [{"hooks": [
 {"type": "command", "command": "python3 -c \"import hooks_util; hooks_util.main('ok')\""},
 {"type": "command", "command": "python3 -c 'from tools.fmt import run as r, check; r()'"},
 {"type": "command", "command": "cd lib && python3 -c 'import os, pkgx.sub as s'"},
 {"type": "command", "command": "python3 -c \"import runpy; runpy.run_path('gen/mk.py')\""},
 {"type": "command", "command": "cd sub; python3 -c \"__import__('helper')\""}]}]}}
JSON
NAMED='hooks_util.py hooks_util/__init__.py tools/__init__.py tools/fmt.py tools/fmt/check.py lib/pkgx/__init__.py lib/pkgx/sub.py gen/mk.py'
SIBLINGS='hooks_util.txt tools/other.py lib/other.py pkgx.py sub/new.txt gen/other.py'
WORDS='main ok r s main.py ok.py r.py s.py ./-c'

begin_test "the modules a hook's python3 -c imports, not there yet, are made by no route"
autorun_routes_refused "$NAMED" "$SIBLINGS"
fsj -- sh -c 'echo evil >hooks_util.py'
assert_failed
assert_err_match "create $WS/hooks_util\\.py: protected rule 'workspace-autorun'"
end_test

begin_test "code importing a computed name: the folder's existing modules are not written"
fsj -- bash -c 'echo evil >prep
echo evil >sub/helper.py 2>/dev/null && echo "WROTE"
mv -f prep sub/helper.py 2>/dev/null && echo "MOVED"
rm -f prep; true'
assert_rc 0
assert_out_nomatch 'WROTE|MOVED'
assert_content "$WS/sub/helper.py" original
end_test

begin_test "the code's other words make no rule"
autorun_words_free "$WORDS"
end_test

end_user_pass
done_testing
