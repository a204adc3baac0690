#!/bin/bash
# Nested denies keep the surrounding grant whole (issue 2, test 7; DESIGN.md
# section 7):
# - $HOME granted read/write/create with ~/.ssh denied everything: the key
#   cannot be read or changed and nothing can be made in ~/.ssh, while new
#   files and folders in ~ can be made;
# - .git/hooks in the workspace denied write/create/delete: a hook cannot be
#   planted by mv or ln, .git cannot be renamed away, while git status, add,
#   commit and git init of a new subfolder work.
# Mount masks carry the denies by default. With FSJAIL_NO_MOUNT_MASKS=1
# fsjail falls back to expansion: the denies must still hold, but new
# entries in an expanded folder (here ~ and the workspace) are unreachable
# by design, so "touch ~/newfile" and git's writes into .git are not
# asserted there.
# Finally, for every Landlock ABI up to the running one, with and without
# masks: either fsjail refuses to run (125, the command never ran) or every
# deny holds. It never warns and runs anyway.
. "$(dirname "$0")/libtest.sh"

plan 21
setup
require_landlock
# This script chooses masks or expansion itself.
unset FSJAIL_NO_MOUNT_MASKS

export GIT_AUTHOR_NAME="fsjail test" GIT_AUTHOR_EMAIL="test@fsjail.invalid"
export GIT_COMMITTER_NAME="fsjail test" GIT_COMMITTER_EMAIL="test@fsjail.invalid"
export GIT_CONFIG_NOSYSTEM=1

KEY=PRIVATEKEY-e7d1
MARKERS=$T/markers

# Fresh fixtures: ~/.ssh with a key, a git repository in the workspace with
# its sample hooks, and two plain files x and y.
reset_fixtures()
{
	rm -rf "$HOME/.ssh" "$HOME/newfile" "$HOME/later" "$MARKERS"
	find "$WS" -mindepth 1 -delete
	mkdir -p "$HOME/.ssh" "$MARKERS"
	startup_files # a home as users have it: nothing protected is missing in ~
	echo "$KEY" >"$HOME/.ssh/id_ed25519"
	echo "Host *" >"$HOME/.ssh/config"
	chmod 700 "$HOME/.ssh"
	chmod 600 "$HOME/.ssh/id_ed25519"
	git -C "$WS" init -q
	[ -d "$WS/.git/hooks" ] || mkdir -p "$WS/.git/hooks"
	echo '#!/bin/sh' >"$WS/.git/hooks/pre-commit.sample"
	echo '#!/bin/sh' >"$WS/.git/hooks/pre-push.sample"
	echo x >"$WS/x"
	echo y >"$WS/y"
	snapshot "$HOME/.ssh/id_ed25519"
	snapshot "$WS/.git/hooks/pre-commit.sample"
	snapshot "$WS/.git/hooks/pre-push.sample"
}

HOME_RULES="rules:
  - id: home
    path: ~
    allow: [read, write, create]
  - id: ssh
    path: ~/.ssh
    deny: [read, write, create, delete, execute]"
GIT_RULES="rules:
  - id: ws-delete
    path: $WS
    allow: [delete]
  - id: hooks
    path: .git/hooks
    deny: [write, create, delete]"

# --- ~/.ssh inside a granted $HOME ---------------------------------------
home_denies()
{
	local how=$1

	begin_test "$how: cat ~/.ssh/id_ed25519 fails, the key does not leak"
	fsj -- cat "$HOME/.ssh/id_ed25519"
	assert_failed
	assert_out_nomatch "$KEY"
	fsj -- python3 -c 'import sys; print(open(sys.argv[1]).read())' "$HOME/.ssh/id_ed25519"
	assert_failed
	assert_out_nomatch "$KEY"
	end_test

	begin_test "$how: nothing can be made or changed in ~/.ssh"
	fsj -- touch "$HOME/.ssh/x"
	assert_denied
	assert_not_exists "$HOME/.ssh/x"
	fsj_sh -- 'echo evil >> "$1"' "$HOME/.ssh/id_ed25519"
	assert_failed
	assert_unchanged "$HOME/.ssh/id_ed25519"
	fsj -- truncate -s0 "$HOME/.ssh/id_ed25519"
	assert_failed
	assert_unchanged "$HOME/.ssh/id_ed25519"
	fsj_sh -- 'echo key > "$1"' "$HOME/.ssh/authorized_keys"
	assert_failed
	assert_not_exists "$HOME/.ssh/authorized_keys"
	end_test

	begin_test "$how: ls ~/.ssh does not show its entries"
	fsj -- ls -a "$HOME/.ssh"
	# the listing is stdout (fsjail's own notes on stderr may say config)
	grep -Eq 'id_ed25519|config' "$OUT" && fail "ls listed ~/.ssh: $(cat "$OUT")"
	end_test
}

# --- .git/hooks inside the workspace -------------------------------------
git_denies()
{
	local how=$1

	begin_test "$how: mv x .git/hooks/pre-commit fails, no hook is planted"
	fsj -- mv x .git/hooks/pre-commit
	assert_failed
	assert_not_exists "$WS/.git/hooks/pre-commit"
	assert_content "$WS/x" x
	end_test

	begin_test "$how: ln x .git/hooks/post-merge fails"
	fsj -- ln x .git/hooks/post-merge
	assert_failed
	assert_not_exists "$WS/.git/hooks/post-merge"
	fsj -- ln -s ../../x .git/hooks/post-checkout
	assert_failed
	assert_not_exists "$WS/.git/hooks/post-checkout"
	end_test

	begin_test "$how: .git cannot be renamed away"
	fsj -- mv .git .git-away
	assert_failed
	assert_exists "$WS/.git/HEAD"
	assert_not_exists "$WS/.git-away"
	fsj -- python3 -c 'import os; os.rename(".git", "moved-git")'
	assert_failed
	assert_exists "$WS/.git/HEAD"
	assert_not_exists "$WS/moved-git"
	end_test

	begin_test "$how: hooks cannot be written, created or deleted in place"
	fsj_sh -- 'echo "rm -rf ~" >> .git/hooks/pre-commit.sample'
	assert_failed
	assert_unchanged "$WS/.git/hooks/pre-commit.sample"
	fsj_sh -- 'echo "#!/bin/sh" > .git/hooks/pre-commit'
	assert_failed
	assert_not_exists "$WS/.git/hooks/pre-commit"
	fsj -- rm -f .git/hooks/pre-push.sample
	assert_failed
	assert_unchanged "$WS/.git/hooks/pre-push.sample"
	fsj -- mv .git/hooks/pre-push.sample .git/hooks/pre-push
	assert_failed
	assert_unchanged "$WS/.git/hooks/pre-push.sample"
	assert_not_exists "$WS/.git/hooks/pre-push"
	end_test
}

# === mount masks (default) ===============================================
reset_fixtures
write_rules <<<"$HOME_RULES"
home_denies masks

begin_test "masks: touch ~/newfile succeeds (the grant on ~ stays whole)"
fsj -- touch "$HOME/newfile"
assert_rc 0
assert_exists "$HOME/newfile"
end_test

begin_test "masks: mkdir ~/later && touch ~/later/f succeeds"
fsj_sh -- 'mkdir "$1" && touch "$1/f"' "$HOME/later"
assert_rc 0
assert_exists "$HOME/later/f"
end_test

write_rules <<<"$GIT_RULES"
git_denies masks

begin_test "masks: git status works in the workspace"
fsj -- git status --porcelain
assert_rc 0
assert_out_match '^\?\? x$'
end_test

begin_test "masks: git add and git commit work in the workspace"
fsj_sh -- 'git add x y && git commit -q -m "commit under fsjail"'
assert_rc 0
run_cmd git -C "$WS" log --format=%s
assert_out_eq "commit under fsjail"
run_cmd git -C "$WS" ls-files
assert_out_eq "x
y"
end_test

begin_test "masks: git init of a new subfolder works"
fsj -- git init -q sub
assert_rc 0
assert_exists "$WS/sub/.git/HEAD"
end_test

# === expansion (FSJAIL_NO_MOUNT_MASKS=1) =================================
export FSJAIL_NO_MOUNT_MASKS=1
reset_fixtures
write_rules <<<"$HOME_RULES"
home_denies expansion
write_rules <<<"$GIT_RULES"
git_denies expansion
unset FSJAIL_NO_MOUNT_MASKS

# === refuse or enforce, at every ABI =====================================
# One command tries every violation, then leaves a marker. Either fsjail
# refused (125, no marker) or it ran and every deny held.
sweep()
{
	local masks=$1 abi tag
	for abi in $(seq 1 "$LL_ABI"); do
		tag="ABI $abi, masks $masks"
		reset_fixtures
		write_rules <<EOF
$HOME_RULES
  - id: ws-delete
    path: $WS
    allow: [delete]
  - id: hooks
    path: .git/hooks
    deny: [write, create, delete]
  - id: markers
    path: $MARKERS
    allow: [create, write]
EOF
		if [ "$masks" = off ]; then
			export FSJAIL_NO_MOUNT_MASKS=1
		else
			unset FSJAIL_NO_MOUNT_MASKS
		fi
		FSJAIL_LANDLOCK_ABI_MAX=$abi fsj_sh -- '
			cat ~/.ssh/id_ed25519
			echo evil >> ~/.ssh/id_ed25519
			truncate -s0 ~/.ssh/id_ed25519
			touch ~/.ssh/x
			truncate -s0 .git/hooks/pre-commit.sample
			python3 -c "import os; os.truncate(\".git/hooks/pre-commit.sample\", 0)"
			python3 -c "import os, sys; os.truncate(sys.argv[1], 0)" ~/.ssh/id_ed25519
			echo evil >> .git/hooks/pre-commit.sample
			echo "#!/bin/sh" > .git/hooks/post-commit
			mv x .git/hooks/pre-commit
			ln y .git/hooks/post-merge
			rm -f .git/hooks/pre-push.sample
			mv .git .git-away
			touch "$1"/ran' "$MARKERS"
		unset FSJAIL_NO_MOUNT_MASKS
		if [ "$RC" = 125 ]; then
			diag "$tag: refused (125)"
			assert_not_exists "$MARKERS/ran" || diag "  ($tag)"
		else
			diag "$tag: ran (exit $RC)"
			assert_exists "$MARKERS/ran" || diag "  ($tag: the command did not finish)"
		fi
		assert_out_nomatch "$KEY" || diag "  ($tag)"
		assert_unchanged "$HOME/.ssh/id_ed25519" || diag "  ($tag)"
		assert_not_exists "$HOME/.ssh/x" || diag "  ($tag)"
		assert_unchanged "$WS/.git/hooks/pre-commit.sample" || diag "  ($tag)"
		assert_unchanged "$WS/.git/hooks/pre-push.sample" || diag "  ($tag)"
		assert_not_exists "$WS/.git/hooks/post-commit" || diag "  ($tag)"
		assert_not_exists "$WS/.git/hooks/pre-commit" || diag "  ($tag)"
		assert_not_exists "$WS/.git/hooks/post-merge" || diag "  ($tag)"
		assert_not_exists "$WS/.git-away" || diag "  ($tag)"
	done
}

begin_test "every ABI up to $LL_ABI with mount masks: refuse (125) or every deny holds"
sweep on
end_test

begin_test "every ABI up to $LL_ABI without mount masks: refuse (125) or every deny holds"
sweep off
end_test

done_testing
