#!/bin/bash
# A hook's perl -e, ruby -e, php -r, lua -e or deno eval code runs the
# files it loads by name, from the current folder: ruby's
# require_relative "lib/r" (lib/r.rb), php's include "inc.php", perl's
# do "p.pl", lua's dofile("d.lua") and require "m.sub" (m/sub.lua),
# deno eval's import('./dn.ts'). 26f845a read such code as one ordinary
# argument (as shell text when it held a blank), so lib/r.rb, inc.php,
# p.pl, m/sub.lua could be made inside the run and run on the host at
# the next hook. Now none of write, rename, symlink, copy makes them;
# code that loads by a computed name (ruby's load ENV.fetch(...))
# protects the folder's existing scripts of its language (served.rb, no
# word of the hook, not overwritten); siblings and the code's other
# words (26f845a took run, await, eval for paths; ruby's require of a
# bare name looks in $LOAD_PATH, not here: json) make no rule. As root
# and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libautorun.sh"

plan_user_pass FSJ_T0501_USER 3
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude" "$WS/srv"
echo original >"$WS/srv/served.rb"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [
 {"type": "command", "command": "ruby -e 'require \"json\"; require_relative \"lib/r\"; R.run'"},
 {"type": "command", "command": "php -r 'include \"inc.php\"; run();'"},
 {"type": "command", "command": "perl -e 'my $r = do \"p.pl\"; print $r'"},
 {"type": "command", "command": "lua -e 'dofile(\"d.lua\") require \"m.sub\"'"},
 {"type": "command", "command": "deno eval \"await import('./dn.ts')\""},
 {"type": "command", "command": "cd srv; ruby -e 'load ENV.fetch(\"HOOK_RB\")'"}]}]}}
JSON
NAMED='lib/r.rb lib/r inc.php p.pl d.lua m/sub.lua m/sub/init.lua dn.ts'
SIBLINGS='lib/other.rb other.php q.pl e.lua m/other.lua dn.js srv/new.txt'
WORDS='print run R r await ok eval json json.rb'

begin_test "the files a hook's perl, ruby, php, lua, deno code loads, not there yet, are made by no route"
autorun_routes_refused "$NAMED" "$SIBLINGS"
fsj -- sh -c 'echo evil >inc.php'
assert_failed
assert_err_match "create $WS/inc\\.php: protected rule 'workspace-autorun'"
end_test

begin_test "a load of a computed name: the folder's existing ruby scripts are not written"
fsj -- bash -c 'echo evil >prep
echo evil >srv/served.rb 2>/dev/null && echo "WROTE"
mv -f prep srv/served.rb 2>/dev/null && echo "MOVED"
rm -f prep; true'
assert_rc 0
assert_out_nomatch 'WROTE|MOVED'
assert_content "$WS/srv/served.rb" original
end_test

begin_test "the code's other words make no rule"
autorun_words_free "$WORDS"
end_test

end_user_pass
done_testing
