#!/bin/bash
# What t0279 protects stays readable and runnable, and the tools' own
# caches and installs writable (issue 12 item 2, home13): with ~ opened,
# python runs the file PYTHONSTARTUP names, a shell sources nvm.sh and
# sdkman-init.sh, a pyenv shim and a program in a $PATH folder under ~
# (one reached through a symbolic link) run, editors' and tools' config
# files are read; pip's, cargo's, npm's, go's, maven's and gradle's caches,
# a pyenv python's site-packages, nvm's installed node and ipython's
# history are written; and a $PATH holding ~ itself, or a folder in the
# workspace, protects neither.
# As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0280_USER 3
setup
require_landlock

command -v python3 >/dev/null || bail_out "python3 is needed"
mkdir -p "$HOME/env" "$HOME/.nvm" "$HOME/.sdkman/bin" "$HOME/.pyenv/shims" "$HOME/pbin" \
	"$HOME/tools/rbin" "$HOME/.config/nvim" "$HOME/.config/pip"
echo 'print("STARTUP-RAN")' >"$HOME/env/startup.py"
echo 'nvm() { echo NVM-$1; }' >"$HOME/.nvm/nvm.sh"
echo 'sdk() { echo SDK-$1; }' >"$HOME/.sdkman/bin/sdkman-init.sh"
printf '#!/bin/sh\necho SHIM-python\n' >"$HOME/.pyenv/shims/fakepy"
printf '#!/bin/sh\necho PBIN\n' >"$HOME/pbin/pbtool"
printf '#!/bin/sh\necho RBIN\n' >"$HOME/tools/rbin/rbtool"
chmod +x "$HOME/.pyenv/shims/fakepy" "$HOME/pbin/pbtool" "$HOME/tools/rbin/rbtool"
ln -sfn tools/rbin "$HOME/lbin"
echo 'set number' >"$HOME/.vimrc"
echo 'vim.o.number = true' >"$HOME/.config/nvim/init.lua"
printf '[global]\nindex-url = https://pypi.example/simple\n' >"$HOME/.config/pip/pip.conf"
echo '\set ON_ERROR_STOP on' >"$HOME/.psqlrc"
export PYTHONSTARTUP=$HOME/env/startup.py
export PATH="$HOME/.pyenv/shims:$HOME/pbin:$HOME/lbin:$PATH"

begin_test "with ~ opened, the protected start-up files are read and run, launchers run"
fsj --grant "all:$HOME" -- bash -c '
python3 -i </dev/null 2>/dev/null
python3 -c "import os; print(\"READ\", len(open(os.environ[\"PYTHONSTARTUP\"]).read()))"
. "$HOME/.nvm/nvm.sh" && nvm use
. "$HOME/.sdkman/bin/sdkman-init.sh" && sdk env
fakepy; pbtool; rbtool
cat "$HOME/.vimrc" "$HOME/.config/nvim/init.lua" "$HOME/.config/pip/pip.conf" "$HOME/.psqlrc" >/dev/null && echo CONFIGS-READ'
assert_rc 0
for m in STARTUP-RAN 'READ [0-9]+' NVM-use SDK-env SHIM-python PBIN RBIN CONFIGS-READ; do
	assert_out_match "^$m\$"
done
end_test

begin_test "with ~ opened, the tools' caches and installs are written"
W='.cache/pip/http/x .cargo/registry/cache/x.crate .npm/_cacache/x go/pkg/mod/cache/x
.m2/repository/org/x.jar .gradle/caches/x .pyenv/versions/3.12.0/lib/python3.12/site-packages/x.py
.pyenv/versions/3.12.0/bin/x .pyenv/version .nvm/versions/node/v20.0.0/bin/x
.ipython/profile_default/history.sqlite .local/share/nvim/shada/main.shada .vscode/argv.json
.rustup/downloads/x .sdkman/candidates/java/current/bin/x .sdkman/tmp/x .config/pip/other'
fsj --grant "all:$HOME" -- bash -c 'for f in '"$(echo $W)"'; do
	mkdir -p "$HOME/$(dirname "$f")" && echo x >"$HOME/$f" || echo "REFUSED $f"
done; pip=$PWD/target; mkdir -p "$pip/pkg" && echo x >"$pip/pkg/__init__.py" && echo TARGET'
assert_rc 0
assert_out_nomatch REFUSED
assert_out_match '^TARGET$'
for f in $W; do [ -f "$HOME/$f" ] || fail "$HOME/$f was not written"; done
end_test

begin_test "\$PATH holding ~ itself, or a folder in the workspace, protects neither"
PATH="$HOME:$WS/bin:$PATH" fsj --grant "all:$HOME" -- sh -c 'echo x >"$HOME/notes" && echo HOME-OK
mkdir -p "$PWD/bin" && echo x >"$PWD/bin/tool" && echo WS-OK'
assert_rc 0
assert_out_match '^HOME-OK$'
assert_out_match '^WS-OK$'
end_test

end_user_pass
done_testing
