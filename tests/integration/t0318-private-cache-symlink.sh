#!/bin/bash
# The private tool caches (task cache13, toolcache.h) cannot be turned
# against the host: a symlink planted at a cache folder (~/.npm/_cacache
# -> a folder of the user's) or above one (~/.cache -> another) gets no
# grant and no mount, so nothing is written through it, and `status`
# names the symlink; a cache folder absent on the host (~/.cargo/registry)
# is not made there; the folders around the caches (~/.npm, ~/.cargo/bin,
# ~/.cargo/config.toml, ~/.cache) stay refused, while a real cache folder
# next to the symlink (~/.npm/_logs) is the run's own copy, also when a
# rule denies changes beneath it (an empty tmpfs then), and a rule of the
# user's granting changes over one keeps it the host's. Run as root
# and again as the ordinary user FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_CSYM_USER_PASS 6
setup
require_landlock
can_mount_ns || skip_rest_kernel "no mount namespace can be made here"

mkdir -p "$HOME/victim" "$HOME/victim2/pip" "$HOME/.npm/_logs" "$HOME/.cargo/bin"
echo original >"$HOME/victim/f"
echo original >"$HOME/victim2/pip/f"
ln -s "$HOME/victim" "$HOME/.npm/_cacache"
ln -s "$HOME/victim2" "$HOME/.cache"
: >"$HOME/.cargo/config.toml"
tree_sum()
{
	(cd "$HOME" && find victim victim2 .npm .cargo .cache/ -printf '%y %m %p %l\n' |
		LC_ALL=C sort && find victim victim2 -type f -exec sha256sum {} + | LC_ALL=C sort -k2)
}
tree_sum >"$T/before"

begin_test "a symlink at or above a cache folder: nothing written through it"
fsj_sh -- 'for f in ~/.npm/_cacache/f ~/.npm/_cacache/new ~/.cache/pip/f ~/.cache/pip/new; do
	(echo pwned >"$f") 2>/dev/null && echo "WROTE $f"
done
echo log >~/.npm/_logs/run.log && cat ~/.npm/_logs/run.log
echo done'
assert_rc 0
assert_out_nomatch "WROTE"
assert_out_eq "log
done"
assert_content "$HOME/victim/f" original
assert_content "$HOME/victim2/pip/f" original
assert_not_exists "$HOME/victim/new"
assert_not_exists "$HOME/victim2/pip/new"
assert_not_exists "$HOME/.npm/_logs/run.log"
end_test

begin_test "an absent cache folder is not made on the host; around the caches stays refused"
fsj_sh -- 'mkdir -p ~/.cargo/registry/index && echo MADE-REGISTRY
(echo x >~/.cargo/bin/cargo-evil) 2>/dev/null && echo WROTE-BIN
(echo x >>~/.cargo/config.toml) 2>/dev/null && echo WROTE-CONFIG
(echo x >~/.npm/planted) 2>/dev/null && echo WROTE-NPM
(mkdir ~/.npm/_npx) 2>/dev/null && echo MADE-NPX
echo done'
assert_out_nomatch "MADE-REGISTRY|WROTE-BIN|WROTE-CONFIG|WROTE-NPM|MADE-NPX"
assert_out_match "^done$"
assert_not_exists "$HOME/.cargo/registry"
assert_not_exists "$HOME/.npm/_npx"
tree_sum | diff "$T/before" - >"$T/diff" || fail "the host's files changed: $(head -5 "$T/diff")"
end_test

begin_test "status names the symlinks and the absent folder; _logs is private"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_rc 0
assert_out_match "$HOME/.npm/_cacache: refused: a symlink in its path"
assert_out_match "$HOME/.cache/pip: refused: a symlink in its path"
assert_out_match "$HOME/.cargo/registry: refused: absent on the host"
assert_out_match "$HOME/.npm/_logs: private to each run"
end_test

begin_test "a rule denying changes beneath a cache: the host's folder stays unwritten"
mkdir -p "$HOME/.npm/_logs/keep" "$HOME/.npm/_logs/other"
write_rules <<EOF
rules:
  - id: keep
    path: $HOME/.npm/_logs/keep
    deny: [write, create, delete]
EOF
fsj_sh -- 'mkdir -p ~/.npm/_logs/other; echo x >~/.npm/_logs/other/x && echo wrote; echo done'
assert_out_match "^done$"
assert_not_exists "$HOME/.npm/_logs/other/x"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_match "$HOME/.npm/_logs: private to each run: an empty tmpfs"
clear_rules
rmdir "$HOME/.npm/_logs/keep" "$HOME/.npm/_logs/other"
end_test

begin_test "a rule of the user's granting changes over a cache keeps it the host's"
write_rules <<EOF
rules:
  - id: npm
    path: $HOME/.npm
    allow: [read, write, create, delete]
EOF
fsj_sh -- 'echo mine >~/.npm/_logs/mine'
assert_rc 0
assert_content "$HOME/.npm/_logs/mine" mine
run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_match "$HOME/.npm/_logs: the host's folder, as your rules say"
clear_rules
rm -f "$HOME/.npm/_logs/mine"
tree_sum | diff "$T/before" - >"$T/diff" || fail "the host's files changed: $(head -5 "$T/diff")"
end_test

begin_test "a cache folder that would hide the workspace is not mounted"
mkdir -p "$HOME/.cargo/git/checkouts/ws"
cd "$HOME/.cargo/git/checkouts/ws" || bail_out "cd"
run_cmd "$FSJAIL" status --workspace "$HOME/.cargo/git/checkouts/ws"
assert_out_match "$HOME/.cargo/git: refused: it would hide the workspace"
"$FSJAIL" run --workspace "$HOME/.cargo/git/checkouts/ws" -- sh -c 'echo made >f' >"$OUT" 2>"$ERR"
assert_content "$HOME/.cargo/git/checkouts/ws/f" made
cd "$WS" || bail_out "cd"
end_test

end_user_pass
done_testing
