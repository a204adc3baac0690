#!/bin/bash
# The realistic flow around a protected path whose folder is missing, and
# the fallback where the listener is not there (issue 12 items 3 and 6):
# - with the listener, under --grant all:$HOME, `mkdir -p ~/.cargo && touch
#   ~/.cargo/registry-x` works and the file is there afterwards, while
#   ~/.cargo/bin/x is refused and the after-run summary names the
#   protected rule with its file:line;
# - without it (FSJAIL_NO_NOTIFY=1) the same paths stay uncreatable by
#   expansion of ~, and status and explain say so: ~ is expanded because
#   no seccomp listener refuses creating ~/.cargo/bin.
# As root and as the ordinary user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_GUARDFB_USER_PASS 3
setup
require_landlock
# resolved, as fsjail names it (distcheck: _build/sub/../../profiles)
BASE=$(realpath "$FSJAIL_DATADIR/baseline-linux.yaml")

begin_test "mkdir -p ~/.cargo and a file in it work; ~/.cargo/bin/x is refused and reported"
fsj --grant "all:$HOME" -- bash -c 'mkdir -p ~/.cargo && touch ~/.cargo/registry-x && echo made
mkdir -p ~/.cargo/bin/x 2>/dev/null || echo refused'
assert_out_eq "$(printf 'made\nrefused')"
assert_exists "$HOME/.cargo/registry-x"
assert_not_exists "$HOME/.cargo/bin"
assert_err_match "create $HOME/\\.cargo/bin: protected at $BASE:[0-9]+; by mkdir"
end_test

rm -rf "$HOME/.cargo"
begin_test "without the listener: still refused, by expansion of ~"
FSJAIL_NO_NOTIFY=1 fsj --grant "all:$HOME" -- bash -c 'mkdir -p ~/.cargo/bin 2>/dev/null
echo x >~/.cargo/bin/git 2>/dev/null; echo y >~/.xsessionrc 2>/dev/null; true'
assert_rc 0
assert_not_exists "$HOME/.cargo/bin"
assert_not_exists "$HOME/.xsessionrc"
end_test

begin_test "without the listener status and explain name the expanded ~ and why"
FSJAIL_NO_NOTIFY=1 run_cmd "$FSJAIL" status --workspace "$WS" --grant "all:$HOME"
assert_out_match "^  $HOME: create: .*no seccomp listener refuses creating it"
assert_out_nomatch "^denied paths that do not exist yet"
FSJAIL_NO_NOTIFY=1 run_cmd "$FSJAIL" explain --workspace "$WS" --grant "all:$HOME" \
	"$HOME/.cargo/bin/git"
assert_out_match "note: its folder '$HOME' is expanded, new entries there are unreachable"
end_test

end_user_pass
done_testing
