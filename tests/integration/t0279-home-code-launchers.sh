#!/bin/bash
# Toolchain launchers and per-tool start-up files are protected as a class
# (issue 12 item 2, home13): with ~ opened (--grant all:$HOME) a command
# could plant a program in a folder on PATH (~/.pyenv/shims, ~/go/bin,
# ~/.bun/bin, ...), change a file a shell's rc line sources (~/.nvm/nvm.sh,
# ~/.sdkman/bin/sdkman-init.sh, ~/.ghcup/env, ~/.p10k.zsh), or a tool's own
# start-up file that runs code or picks what code runs (~/.psqlrc,
# ~/.config/pip/pip.conf, ~/.docker/config.json, ~/.ipython/.../startup,
# ~/.yarnrc.yml, ...); the user's next shell or tool ran it. Each entry of
# the table, existing and absent, can be neither written, made nor
# deleted, and nothing in ~ changes; a folder of $PATH under ~ (missing,
# or reached through a symbolic link, even one to nothing yet) and the
# files PYTHONSTARTUP, BASH_ENV and ZDOTDIR name are protected too
# (src/ctx-homecode.c), a $PATH folder in the workspace is not, and no
# refusal hint offers a grant over any of them. As root and again as
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libhints.sh"

plan_user_pass FSJ_T0279_USER 4
setup
require_landlock

# f: a file, d: a folder (relative to ~)
TABLE='f .Rprofile
f .asdf/asdf.sh
d .asdf/plugins
d .asdf/shims
d .bun/bin
f .bunfig.toml
d .cabal/bin
f .config/.bunfig.toml
d .config/direnv
d .config/hg
d .config/hypr
d .config/i3
d .config/nvim
f .config/pip/pip.conf
f .config/pnpm/rc
d .config/sway
d .deno/bin
f .docker/config.json
d .dotnet/tools
d .ghcup/bin
f .ghcup/env
f .gradle/gradle.properties
d .gradle/init.d
f .gradle/init.gradle
f .hgrc
f .ipython/profile_default/ipython_config.py
d .ipython/profile_default/startup
f .irbrc
d .julia/config
d .juliaup/bin
f .lldbinit
d .local/bin
d .local/share/jupyter/kernels
d .local/share/nvim/lazy
f .m2/settings.xml
f .mavenrc
d .nvm/alias
f .nvm/nvm.sh
f .npmrc
f .p10k.zsh
f .pdbrc
f .pip/pip.conf
f .pryrc
f .psqlrc
d .pyenv/bin
d .pyenv/plugins
d .pyenv/shims
f .pythonrc
d .rbenv/bin
d .rbenv/shims
f .rustup/settings.toml
d .rustup/toolchains
d .sbt/1.0/plugins
d .sdkman/bin
d .sdkman/etc
d .sdkman/src
f .selected_editor
f .sqliterc
f .ssh/config
f .ssh/rc
d .vim
f .vimrc
d .volta/bin
d .vscode/extensions
f .yarnrc
f .yarnrc.yml
d go/bin
f env/startup.py
f env/bash_env
f zdot/.zshrc
d pbin
d tools/rbin
d tools/dbin'

# tree: every name in ~ but the workspace and the one file the runs may
# write, with type, mode, size and content.
tree()
{
	(cd "$HOME" && find . \( -path ./ws -o -path ./SIBLING \) -prune -o \
		-printf '%p %y %m %s %l\n' | LC_ALL=C sort &&
		find . -path ./ws -prune -o -type f ! -name SIBLING -exec md5sum {} + | LC_ALL=C sort)
}

# prepare exist: the table's parents, and with exist=1 each entry (a file
# holding "orig", a folder holding the file x).
prepare()
{
	local k p
	while read -r k p; do
		mkdir -p "$HOME/$(dirname "$p")"
		[ "$1" = 1 ] || continue
		if [ "$k" = f ]; then echo "# orig" >"$HOME/$p"; else mkdir -p "$HOME/$p" && echo "# orig" >"$HOME/$p/x"; fi
	done <<<"$TABLE"
	ln -sfn tools/rbin "$HOME/lbin"
	ln -sfn tools/dbin "$HOME/dlbin"
	mkdir -p "$HOME/tools/rbin" "$WS/node_modules/.bin" "$WS/evil"
	echo evil >"$WS/evil.sh"
}

# attack: in the run, every way of writing, making or deleting each entry;
# prints DID for each that worked.
ATTACK='
WS=$PWD
while read -r k p; do
	e=$HOME/$p
	try() { "$@" 2>/dev/null && echo "DID $* ($p)"; }
	if [ "$k" = f ]; then
		try sh -c "echo x >>\"$e\""
		try sh -c ": >\"$e\""
		try rm "$e"
		try ln -s "$WS/evil.sh" "$e"
		try mv -T "$WS/evil.sh" "$e"
		try mkdir "$e"
	else
		try mkdir "$e"
		try sh -c "echo x >>\"$e/x\""
		try sh -c "echo x >\"$e/new\""
		try rm "$e/x"
		try ln -s "$WS/evil.sh" "$e/ln"
		try mv -T "$e" "$HOME/away"
		try rm -r "$e"
	fi
	[ -e "$WS/evil.sh" ] || echo evil >"$WS/evil.sh"
done
echo ok >"$HOME/SIBLING" && echo SIBLING
echo ok >"$WS/node_modules/.bin/tool" && echo WS-PATH'

run_table()
{
	local before
	before=$(tree)
	printf '%s\n' "$TABLE" >"$T/table"
	fsj --grant "all:$HOME" -- bash -c "$ATTACK" <"$T/table"
	assert_rc 0
	assert_out_nomatch '^DID'
	assert_out_match '^SIBLING$'
	assert_out_match '^WS-PATH$'
	[ "$(tree)" = "$before" ] || { fail "~ changed"; diff <(echo "$before") <(tree) | head -20 | while read -r l; do diag "$l"; done; }
}

# the environment names the last six: PYTHONSTARTUP, BASH_ENV, ZDOTDIR,
# and three $PATH folders, ~/lbin and ~/dlbin reached through a symbolic
# link (~/dlbin's target is missing in the first test) (fsjail reads its
# own environment, which the command inherits)
export PYTHONSTARTUP="$HOME/env/startup.py" BASH_ENV="$HOME/env/bash_env" ZDOTDIR="$HOME/zdot"
export PATH="$HOME/pbin:$HOME/lbin:$HOME/dlbin:$WS/node_modules/.bin:$PATH"

begin_test "with ~ opened, no absent entry can be made"
prepare 0
run_table
end_test

begin_test "with ~ opened, no existing entry can be written, replaced or deleted"
prepare 1
run_table
end_test

begin_test "the summary names the protected rule, for a \$PATH folder its origin"
fsj --grant "all:$HOME" -- sh -c 'echo x >"$HOME/.pyenv/shims/python"; echo x >"$HOME/tools/rbin/ls"; echo x >>"$PYTHONSTARTUP"'
assert_failed
assert_err_match "create $HOME/\.pyenv/shims/python: protected at .*baseline-linux\.yaml:[0-9]+"
assert_err_match "create $HOME/tools/rbin/ls: protected at a \\\$PATH folder under ~"
assert_err_match "write $HOME/env/startup\.py: protected at the file \\\$PYTHONSTARTUP names"
end_test

begin_test "no refusal hint offers a grant at or over any of them"
# refused next to them, at the default level: a folder hint over ~/.pyenv,
# ~/tools, ~/.vscode or ~/env would reach a protected entry
fsj --report "$T/r" -- sh -c 'for f in .pyenv/version .pyenv/versions/x tools/notes .vscode/argv.json env/other .nvm/.cache pbin2; do
echo x >"$HOME/$f"; done; mkdir "$HOME/.sdkman/tmp" "$HOME/.rustup/tmp"'
assert_failed
assert_err_match "create $HOME/\.pyenv/version: "
n=0
while IFS= read -r g; do
	n=$((n + 1))
	p=${g#*:}
	while read -r k e; do
		case $HOME/$e/ in "$p"/*) fail "hint --grant $g reaches $HOME/$e" ;; esac
	done <<<"$TABLE"
	case $HOME/lbin/ in "$p"/*) fail "hint --grant $g reaches $HOME/lbin" ;; esac
done < <(grants_in "$ERR")
[ "$n" -gt 0 ] || fail "no hint offered at all (nothing checked)"
# a folder's hint on a line of its own, none empty (the folders were put
# on the first line and two "fsjail run(null)" lines printed for them)
assert_err_match "to allow it: mkdir -p $HOME/\.sdkman/tmp \(it does not exist yet\), then fsjail run --grant write,create,delete:$HOME/\.sdkman/tmp \.\.\."
grep -q '(null)' "$ERR" && fail "a hint line prints (null): $(grep -n '(null)' "$ERR")"
python3 - "$T/r" "$HOME" <<'PY' || fail "a report hint reaches a protected entry: $(cat "$T/r")"
import json, sys
home = sys.argv[2]
prot = ["/.pyenv/shims", "/.pyenv/bin", "/tools/rbin", "/lbin", "/pbin", "/.vscode/extensions",
        "/env/startup.py", "/.nvm/nvm.sh", "/.nvm/alias", "/.sdkman/bin", "/.rustup/toolchains"]
n = 0
for l in open(sys.argv[1]):
    o = json.loads(l)
    h = o.get("hint")
    if not h:
        continue
    n += 1
    p = h["path"]
    for e in prot:
        t = home + e
        assert t != p and not (h["folder"] and t.startswith(p + "/")), (h, e)
assert n >= 5, n
PY
end_test

end_user_pass
done_testing
