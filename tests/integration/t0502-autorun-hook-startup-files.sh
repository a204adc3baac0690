#!/bin/bash
# A hook's shell runs the start-up files it is pointed at before the
# command (bash(1), INVOCATION: a non-interactive bash reads $BASH_ENV's
# file, --rcfile and --init-file replace ~/.bashrc, an interactive sh
# reads $ENV's; zsh(1), STARTUP/SHUTDOWN FILES: $ZDOTDIR/.zshenv always,
# .zprofile, .zshrc, .zlogin, .zlogout as a login or interactive shell):
# BASH_ENV=benv.sh bash -c, env ENV=shenv sh -c, bash --rcfile rc.sh -i,
# bash --init-file init.sh, ZDOTDIR=zd zsh -c, export BASH_ENV=exp.sh.
# 26f845a took them for ordinary words (a path only with a '/'), so
# benv.sh, shenv, rc.sh, init.sh, zd/.zshenv, exp.sh could be made
# inside the run and run on the host at the next hook. Now none of
# write, rename, symlink, copy makes them; the other words and the
# folder's other files make no rule. As root and again as
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libautorun.sh"

plan_user_pass FSJ_T0502_USER 2
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {"Stop": [{"hooks": [
 {"type": "command", "command": "BASH_ENV=benv.sh bash -c 'echo hi'"},
 {"type": "command", "command": "env ENV=shenv sh -c true"},
 {"type": "command", "command": "bash --rcfile rc.sh -i -c 'echo ok'"},
 {"type": "command", "command": "bash --init-file init.sh -i"},
 {"type": "command", "command": "ZDOTDIR=zd zsh -c 'echo zz'"},
 {"type": "command", "command": "export BASH_ENV=exp.sh; bash -c true"}]}]}}
JSON
NAMED='benv.sh shenv rc.sh init.sh zd/.zshenv zd/.zshrc zd/.zprofile zd/.zlogin zd/.zlogout exp.sh'
SIBLINGS='benv.txt rc.txt zd/other zd/.zcompdump init.txt'
WORDS='hi ok zz true echo zd.sh BASH_ENV ENV'

begin_test "the start-up files a hook's shell is pointed at, not there yet, are made by no route"
autorun_routes_refused "$NAMED" "$SIBLINGS"
fsj -- sh -c 'echo evil >benv.sh'
assert_failed
assert_err_match "create $WS/benv\\.sh: protected rule 'workspace-autorun'"
end_test

begin_test "the hooks' other words make no rule"
autorun_words_free "$WORDS"
end_test

end_user_pass
done_testing
