#!/bin/bash
# A hook's node -e code runs the relative modules it requires, from the
# current folder (nodejs.org/api/modules.html: a specifier starting
# with ./ or ../ is a file or folder, tried as given, then with .js,
# .json, .node, then as a folder's index.js): require('./hooks/x'),
# --eval=import('./esm.mjs'), import ... from './lib/a.js' after a cd,
# require(require('path').resolve('gen/b.js')) (a path-shaped literal).
# int23c read the code as one ordinary argument (as shell text, when it
# held a blank), so hooks/x.js, hooks/x.json, esm.mjs, gen/b.js
# could be made inside the run and run on the host at the next hook.
# Now none of write, rename, symlink, copy makes them; a require of a
# computed name protects every existing *.js of its folder (served.js not
# overwritten); a bare package (lodash), siblings and the code's other
# words make no rule. As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libautorun.sh"

plan_user_pass FSJ_T0493_USER 3
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude" "$WS/srv"
echo original >"$WS/srv/served.js"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [
 {"type": "command", "command": "node -e \"require('./hooks/x').run(require('lodash'))\""},
 {"type": "command", "command": "node --eval=\"import('./esm.mjs')\"; echo ok"},
 {"type": "command", "command": "cd web && node --input-type=module -e \"import {a} from './lib/a.js'; a()\""},
 {"type": "command", "command": "node -e \"require(require('path').resolve('gen/b.js'))\""},
 {"type": "command", "command": "cd srv; node -e \"const p = process.argv[1]; require(p)\" served"}]}]}}
JSON
NAMED='hooks/x hooks/x.js hooks/x/index.js hooks/x.json esm.mjs web/lib/a.js gen/b.js'
SIBLINGS='hooks/other.js hooks/a.js x.js a.js web/a.js srv/new.txt gen/c.js'
WORDS='lodash lodash.js ok run p a served served.js ./-e'

begin_test "the modules a hook's node -e requires, not there yet, are made by no route"
autorun_routes_refused "$NAMED" "$SIBLINGS"
fsj -- sh -c 'mkdir -p hooks && echo evil >hooks/x.js'
assert_failed
assert_err_match "create $WS/hooks/x\\.js: protected rule 'workspace-autorun'"
end_test

begin_test "a require of a computed name: the folder's existing scripts are not written"
fsj -- bash -c 'echo evil >prep
echo evil >srv/served.js 2>/dev/null && echo "WROTE"
mv -f prep srv/served.js 2>/dev/null && echo "MOVED"
rm -f prep; true'
assert_rc 0
assert_out_nomatch 'WROTE|MOVED'
assert_content "$WS/srv/served.js" original
end_test

begin_test "a bare package and the code's other words make no rule"
autorun_words_free "$WORDS"
end_test

end_user_pass
done_testing
