#!/bin/bash
# examples/*.yaml do what their comments promise, under `fsjail run` on the
# real kernel (issue 6, "Documentation and data"). For each example the
# file is copied as the rules file (rules.yaml of $FSJAIL_HOME/config) into
# a fake home and workspace, and its promised allows and denies are checked
# with real commands and the files they leave behind:
# - agent-in-repo.yaml: git add/commit and deletes in the repository; no
#   hook planted, .git/config unchanged; npm, pip and cargo caches
#   writable as the run's own copies, the host's unchanged; the cargo
#   token and ~/.ssh unreadable; a Homebrew binary granted by path (the
#   commented Linuxbrew rules, uncommented) runs (through its bin/
#   symlink into the Cellar) while another formula does not; nothing new
#   directly in ~; under --mode read-only nothing in the workspace;
# - read-only-review.yaml with read-only-review.config.yaml: the
#   workspace and ~/src readable, .env not, nothing written, created or
#   deleted in the workspace or ~/src; /tmp still writable;
# - build-writes-only-build.yaml: make writes build/ only, sources and the
#   workspace root stay unchanged;
# - secrets-proof-shell.yaml on a fresh home after the file's own setup
#   line: keys, GnuPG and history unreadable and unchangeable, ~ otherwise
#   fully usable (new files, edits, deletes); and without that line the
#   home directory is expanded, as the file says.
. "$(dirname "$0")/libtest.sh"

plan 22
setup
require_landlock

EX=$TEST_SRCDIR/../examples
for f in agent-in-repo.yaml read-only-review.yaml read-only-review.config.yaml \
	build-writes-only-build.yaml secrets-proof-shell.yaml; do
	[ -f "$EX/$f" ] || bail_out "missing example '$EX/$f'"
done

export GIT_AUTHOR_NAME="fsjail test" GIT_AUTHOR_EMAIL="test@fsjail.invalid"
export GIT_COMMITTER_NAME="fsjail test" GIT_COMMITTER_EMAIL="test@fsjail.invalid"
export GIT_CONFIG_NOSYSTEM=1

# --- agent-in-repo.yaml ---------------------------------------------------

# The example names Linuxbrew's prefix in rules to uncomment; the test
# uncomments them and puts a fake prefix (bin/ symlinks into the Cellar,
# as Homebrew lays them out) under $T.
BREW=$T/linuxbrew/.linuxbrew
sed -e "s|/home/linuxbrew/.linuxbrew|$BREW|g" \
	-e '/^  # - id: brew-\(gh\|jq\)$/,/allow:/ s/^  # /  /' "$EX/agent-in-repo.yaml" | write_rules
grep -q '^  - id: brew-gh$' "$RULES" || bail_out "the example has no brew-gh rule to uncomment"
for f in gh other; do
	mkdir -p "$BREW/Cellar/$f/1.0/bin" "$BREW/bin"
	printf '#!/bin/sh\necho %s-ran\n' "$f" >"$BREW/Cellar/$f/1.0/bin/$f"
	chmod 755 "$BREW/Cellar/$f/1.0/bin/$f"
	ln -s "../Cellar/$f/1.0/bin/$f" "$BREW/bin/$f"
done
# the cache folders an earlier npm, pip and cargo made
mkdir -p "$HOME/.npm/_cacache" "$HOME/.cache/pip" "$HOME/.cargo/registry" "$HOME/.cargo/git"
echo "CARGO-TOKEN-5a1" >"$HOME/.cargo/credentials.toml"
mkdir -p "$HOME/.ssh" && echo "SSH-KEY-77c" >"$HOME/.ssh/id_ed25519"
(cd "$WS" && git init -q && echo one >a.txt && echo gone >old.txt && git add . &&
	git commit -qm init) || bail_out "cannot make the test repository"
snapshot "$WS/.git/config"

NO_MASKS=0
[ -n "${FSJAIL_NO_MOUNT_MASKS:-}" ] && [ "$FSJAIL_NO_MOUNT_MASKS" != 0 ] && NO_MASKS=1

begin_test "agent-in-repo: git add and git commit work, old.txt can be deleted"
if [ "$NO_MASKS" = 1 ]; then
	# expansion of .git (the file says so) leaves no room for index.lock
	fsj_sh -- 'echo two >>a.txt && rm old.txt'
	assert_rc 0 && assert_not_exists "$WS/old.txt"
else
	fsj_sh -- 'echo two >>a.txt && rm old.txt && git add -A && git commit -qm change && git log --oneline | wc -l'
	assert_rc 0 && assert_out_eq 2 && assert_not_exists "$WS/old.txt"
	[ "$(git -C "$WS" log -1 --format=%s 2>/dev/null)" = change ] ||
		fail "the commit is not in the repository"
fi
end_test

begin_test "agent-in-repo: no hook can be planted in .git/hooks"
fsj_sh -- 'printf "#!/bin/sh\necho pwned\n" >.git/hooks/pre-commit'
assert_denied && assert_not_exists "$WS/.git/hooks/pre-commit"
fsj_sh -- 'echo x >hook && mv hook .git/hooks/post-merge'
assert_denied && assert_not_exists "$WS/.git/hooks/post-merge"
end_test

begin_test "agent-in-repo: .git/config cannot be changed (core.hooksPath)"
fsj -- git config core.hooksPath /tmp/evil
assert_failed && assert_unchanged "$WS/.git/config"
end_test

if [ "$NO_MASKS" = 1 ] || ! can_mount_ns; then
	skip_kernel "agent-in-repo: private caches need a mount namespace"
else
	begin_test "agent-in-repo: npm, pip and cargo caches are writable, the host's unchanged"
	fsj_sh -- 'echo n >~/.npm/_cacache/n && mkdir -p ~/.cache/pip/http/1 &&
		echo p >~/.cache/pip/http/1/p && mkdir ~/.cargo/registry/index &&
		echo c >~/.cargo/registry/index/c && echo g >~/.cargo/git/g && rm ~/.cargo/git/g &&
		cat ~/.npm/_cacache/n ~/.cache/pip/http/1/p ~/.cargo/registry/index/c'
	assert_rc 0 && assert_out_eq "$(printf 'n\np\nc')" &&
		assert_not_exists "$HOME/.npm/_cacache/n" &&
		assert_not_exists "$HOME/.cache/pip/http" &&
		assert_not_exists "$HOME/.cargo/registry/index"
	end_test
fi

begin_test "agent-in-repo: the cargo token and ~/.ssh stay unreadable"
fsj -- cat "$HOME/.cargo/credentials.toml"
assert_denied && assert_out_nomatch CARGO-TOKEN
fsj -- cat "$HOME/.ssh/id_ed25519"
assert_denied && assert_out_nomatch SSH-KEY
end_test

begin_test "agent-in-repo: the Homebrew binary granted by path runs, through bin/ and the Cellar"
fsj -- "$BREW/bin/gh"
assert_rc 0 && assert_out_eq gh-ran
fsj -- "$BREW/Cellar/gh/1.0/bin/gh"
assert_rc 0 && assert_out_eq gh-ran
end_test

begin_test "agent-in-repo: another Homebrew formula does not run"
fsj -- "$BREW/bin/other"
assert_failed && assert_out_nomatch other-ran
fsj -- "$BREW/Cellar/other/1.0/bin/other"
assert_failed && assert_out_nomatch other-ran
end_test

begin_test "agent-in-repo: nothing new directly in ~ (no rule opens it)"
fsj -- touch "$HOME/planted"
assert_denied && assert_not_exists "$HOME/planted"
end_test

begin_test "agent-in-repo under --mode read-only: nothing in ~/.npm or the workspace"
fsj --mode read-only -- touch "$HOME/.npm/ro"
assert_denied && assert_not_exists "$HOME/.npm/ro"
fsj --mode read-only -- sh -c 'echo x >>a.txt'
assert_denied
end_test

# --- read-only-review.yaml ------------------------------------------------

clear_rules
cp "$EX/read-only-review.yaml" "$RULES"
# (copied under $T: a protected file under /tmp would, without mount
# masks, expand /tmp)
REVIEW_CONFIG=$T/read-only-review.config.yaml
cp "$EX/read-only-review.config.yaml" "$REVIEW_CONFIG"
# A scratch folder made before the runs: new entries directly in /tmp are
# unreachable when /tmp is expanded (a protected fsjail file beneath it).
TMPD=$(mktemp -d /tmp/fsjail-t0050.XXXXXX) || bail_out "cannot make a folder in /tmp"
trap 'rm -rf "$TMPD"; cleanup' EXIT
mkdir -p "$WS/src" "$HOME/src/other"
echo "int main(void) { return 0; }" >"$WS/src/main.c"
echo "DBPASS=hunter2" >"$WS/.env"
echo "context" >"$HOME/src/other/README"
snapshot "$WS/src/main.c"
snapshot "$HOME/src/other/README"
TMPNOTE=$TMPD/note

begin_test "read-only-review: the workspace and ~/src are readable"
fsj --config "$REVIEW_CONFIG" -- sh -c 'cat src/main.c && cat ~/src/other/README'
assert_rc 0 && assert_out_match 'int main' && assert_out_match context
end_test

begin_test "read-only-review: .env in the workspace is not readable"
# a mount mask makes it read as an empty file; expansion refuses the open
fsj --config "$REVIEW_CONFIG" -- cat .env
assert_rc_not 125 && assert_out_nomatch hunter2
end_test

begin_test "read-only-review: nothing in the workspace can be written, created or deleted"
fsj --config "$REVIEW_CONFIG" -- sh -c 'echo x >>src/main.c'
assert_denied && assert_unchanged "$WS/src/main.c"
fsj --config "$REVIEW_CONFIG" -- touch review.txt
assert_denied && assert_not_exists "$WS/review.txt"
fsj --config "$REVIEW_CONFIG" -- rm src/main.c
assert_denied && assert_exists "$WS/src/main.c"
fsj --config "$REVIEW_CONFIG" -- mkdir src/new
assert_denied && assert_not_exists "$WS/src/new"
end_test

begin_test "read-only-review: the other checkouts cannot be changed either"
fsj --config "$REVIEW_CONFIG" -- sh -c 'echo x >>"$HOME/src/other/README"'
assert_denied && assert_unchanged "$HOME/src/other/README"
fsj --config "$REVIEW_CONFIG" -- touch "$HOME/src/other/new"
assert_denied && assert_not_exists "$HOME/src/other/new"
end_test

begin_test "read-only-review: notes can still go to /tmp"
fsj --config "$REVIEW_CONFIG" -- sh -c "echo note >$TMPNOTE"
assert_rc 0 && assert_content "$TMPNOTE" note
rm -f "$TMPNOTE"
end_test

# --- build-writes-only-build.yaml -----------------------------------------

clear_rules
cp "$EX/build-writes-only-build.yaml" "$RULES"
rm -rf "$WS"/* "$WS/.git" "$WS/.env"
mkdir -p "$WS/src" "$WS/build"
echo "source" >"$WS/src/a.c"
printf 'all:\n\tcp ../src/a.c a.o\n\tmkdir -p obj && echo linked >obj/prog\n\trm -f stale\n' \
	>"$WS/build/Makefile"
echo "old" >"$WS/build/stale"
snapshot "$WS/src/a.c"

begin_test "build-writes-only-build: make -C build writes, creates and deletes in build/"
if command -v make >/dev/null; then
	fsj -- make -C build
	assert_rc 0 && assert_content "$WS/build/a.o" source &&
		assert_content "$WS/build/obj/prog" linked && assert_not_exists "$WS/build/stale"
else
	fsj_sh -- 'cp src/a.c build/a.o && mkdir -p build/obj && echo linked >build/obj/prog && rm build/stale'
	assert_rc 0 && assert_content "$WS/build/a.o" source && assert_not_exists "$WS/build/stale"
fi
end_test

begin_test "build-writes-only-build: the sources and the workspace root stay unchanged"
fsj -- sh -c 'echo hacked >>src/a.c'
assert_denied && assert_unchanged "$WS/src/a.c"
fsj -- touch generated.h
assert_denied && assert_not_exists "$WS/generated.h"
fsj -- rm src/a.c
assert_denied && assert_exists "$WS/src/a.c"
fsj -- sh -c "echo tmp >$TMPD/cc && rm $TMPD/cc"
assert_rc 0 "the compiler's /tmp stays writable"
end_test

# --- secrets-proof-shell.yaml ---------------------------------------------

clear_rules
cp "$EX/secrets-proof-shell.yaml" "$RULES"

# A fresh machine: a new, empty home. First without the file's setup line.
export HOME=$T/fresh-home
mkdir -p "$HOME/src"
WS=$HOME/src
cd "$WS" || bail_out "cannot enter '$WS'"

begin_test "secrets-proof-shell: without its setup line nor the listener, ~ is expanded (as the file says)"
FSJAIL_NO_NOTIFY=1 run_cmd "$FSJAIL" compile --workspace "$WS" --backend landlock
assert_rc 0 && assert_out_match "^expanded $HOME\$"
FSJAIL_NO_NOTIFY=1 fsj -- touch "$HOME/new-file"
assert_denied "a missing denied path makes new files in ~ impossible" &&
	assert_not_exists "$HOME/new-file"
end_test

# The file's own setup line, then the secrets.
mkdir -p -m 700 ~/.ssh ~/.gnupg ~/.config/fsjail ~/src
startup_files # the shell start-up files fsjail protects exist in a used home
touch ~/.bash_history
echo "SSH-KEY-19f" >"$HOME/.ssh/id_ed25519"
echo "GPG-KEY-3b2" >"$HOME/.gnupg/secring.gpg"
echo "export TOKEN=HIST-TOKEN-8d" >"$HOME/.bash_history"
echo "notes" >"$HOME/notes.txt"
echo "scratch" >"$HOME/scratch.txt"
for f in .ssh/id_ed25519 .gnupg/secring.gpg .bash_history; do snapshot "$HOME/$f"; done

begin_test "secrets-proof-shell: keys, GnuPG and the shell history cannot be read"
fsj_sh -- 'cat ~/.ssh/id_ed25519 ~/.gnupg/secring.gpg ~/.bash_history'
assert_failed && assert_out_nomatch 'SSH-KEY|GPG-KEY|HIST-TOKEN'
fsj -- ls -a "$HOME/.ssh" "$HOME/.gnupg"
if grep -Eq 'id_ed25519|secring' "$OUT"; then
	fail "ls shows the entries of ~/.ssh or ~/.gnupg"
	diag_last
fi
end_test

begin_test "secrets-proof-shell: keys, GnuPG and the history cannot be changed, removed or renamed"
fsj -- sh -c 'echo x >~/.ssh/authorized_keys'
assert_denied && assert_not_exists "$HOME/.ssh/authorized_keys"
fsj -- sh -c 'echo x >>~/.bash_history'
assert_denied
fsj -- rm -rf "$HOME/.ssh" "$HOME/.gnupg"
assert_failed
fsj -- mv "$HOME/.gnupg" "$HOME/gnupg-moved"
assert_failed && assert_not_exists "$HOME/gnupg-moved"
for f in .ssh/id_ed25519 .gnupg/secring.gpg .bash_history; do assert_unchanged "$HOME/$f"; done
end_test

begin_test "secrets-proof-shell: the rest of ~ works: new files and folders, edits, deletes"
if [ "$NO_MASKS" = 1 ]; then
	# without masks every deny is carried by expansion: edits and deletes
	# of existing entries work, new entries directly in ~ cannot
	fsj_sh -- 'echo more >>~/notes.txt && rm ~/scratch.txt'
	assert_rc 0 && assert_content "$HOME/notes.txt" "$(printf 'notes\nmore')" &&
		assert_not_exists "$HOME/scratch.txt"
else
	fsj_sh -- 'echo new >~/new-file && mkdir -p ~/new-dir/sub && echo more >>~/notes.txt && rm ~/scratch.txt'
	assert_rc 0 && assert_content "$HOME/new-file" new && assert_dir "$HOME/new-dir/sub" &&
		assert_content "$HOME/notes.txt" "$(printf 'notes\nmore')" &&
		assert_not_exists "$HOME/scratch.txt"
	run_cmd "$FSJAIL" compile --workspace "$WS" --backend landlock
	assert_out_nomatch "^expanded $HOME\$"
fi
end_test

# --- a realistic git session under each example that grants the workspace --
# (issue 12 item 6): init in a new folder, add, commit, sed -i and git config
# in the new repository work; git config of the repository that existed at
# start is refused (protected), and nothing else is. read-only-review and
# build-writes-only-build refuse workspace writes by design.
for ex in agent-in-repo secrets-proof-shell; do
	begin_test "$ex: a realistic git session works; git config is refused only where protected"
	export HOME=$T/session-$ex
	WS=$HOME/ws
	mkdir -p "$WS" "$HOME/.npm" "$HOME/.cache/pip" "$HOME/.cargo/registry" "$HOME/.cargo/git"
	mkdir -p -m 700 "$HOME/.ssh" "$HOME/.gnupg" "$HOME/.config/fsjail" && touch "$HOME/.bash_history"
	startup_files
	printf '[user]\n\tname = fsjail test\n\temail = test@fsjail.invalid\n' >"$HOME/.gitconfig"
	cp "$EX/$ex.yaml" "$RULES"
	cd "$WS" || bail_out "cannot enter '$WS'"
	(git init -q && echo a >a && git add a && git commit -qm init) >/dev/null 2>&1 ||
		bail_out "cannot make the repository"
	snapshot "$WS/.git/config"
	fsj_sh -- 'set -e
		git init -q new && cd new && echo n >n && git add n && git commit -qm n
		git config user.name "in new" && cd ..
		echo b >b && git add b && git commit -qm b && sed -i s/b/B/ b && git commit -qam B
		git checkout -q -b topic && git checkout -q - && echo session-ok'
	assert_rc 0 && assert_out_match '^session-ok$'
	fsj -- git config core.editor "touch $T/planted"
	assert_failed && assert_unchanged "$WS/.git/config"
	end_test
done

done_testing
