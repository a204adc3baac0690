#!/bin/bash
# A protected or denied path under a folder that does not exist yet costs
# nothing (issue 12 items 2, 3 and 6). ~/.cargo/bin while ~/.cargo is
# missing used to expand ~ (every new entry of ~ unreachable), so it was
# left unprotected and a rule opening ~ let the command plant
# ~/.cargo/bin/git, ~/.bashrc.d/x.sh, ~/.config/direnv/direnvrc, ... which
# the user's next shell or tool runs. Now the missing folders are guarded
# names: the command may make them (empty), their entries are decided by
# name, and nothing can bring a populated folder or a link into them:
# rename (onto a made empty folder, RENAME_EXCHANGE, the made folder moved
# away and another moved in), symlink, link of a symlink, relative and
# /proc/self/cwd spellings, the i386 entry points, racing threads, the
# broker. Every planted path is checked on the host afterwards, and ~
# keeps its grant: siblings are made and used. As root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_GUARD_USER_PASS 9
setup
require_landlock

GA_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/guard-attack
BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$GA_SRC" ] || bail_out "no guard-attack at '$GA_SRC' (make check builds it)"
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
# in the workspace, where the command may execute them
cp "$GA_SRC" "$WS/ga" && cp "$BC_SRC" "$WS/bc" || bail_out "cannot copy the helpers"
export GA=$WS/ga GA_BC=$WS/bc
# the listener and the mount masks carry the guarded names; without either
# the denied paths are still refused (expansion), but ~ loses new entries
GUARDED=1
[ "${FSJAIL_NO_NOTIFY:-0}" != 0 ] && GUARDED=0
[ -n "${FSJAIL_NO_MOUNT_MASKS:-}" ] && [ "$FSJAIL_NO_MOUNT_MASKS" != 0 ] && GUARDED=0
can_mount_ns || GUARDED=0

# What the attacks below try to make appear, each under a missing folder.
PLANTS=".cargo/bin/git .cargo/config.toml .bashrc.d/x.sh .config/direnv/direnvrc
.local/share/nvim/site/plugin/x.vim .oh-my-zsh/custom/x.zsh .gradle/init.d/x.gradle
.gnupg/gpg-agent.conf .xsessionrc .config/starship.toml"
assert_no_plants()
{
	local p
	for p in $PLANTS; do
		[ ! -e "$HOME/$p" ] && [ ! -L "$HOME/$p" ] || fail "$HOME/$p was planted"
	done
	[ ! -e "$HOME/.cargo/bin" ] && [ ! -L "$HOME/.cargo/bin" ] || fail "$HOME/.cargo/bin was made"
}
# a prepared folder outside the guarded names, holding what would be planted
PREP='mkdir -p ~/prep/bin ~/prep/init.d ~/prep/plugin && echo evil >~/prep/bin/git &&
echo evil >~/prep/init.d/x.gradle && echo evil >~/prep/plugin/x.vim'

begin_test "plain writes: every listed path is refused, mkdir -p stops at the denied name"
fsj --grant "all:$HOME" -- bash -c '
for f in '"$(echo $PLANTS)"'; do
	mkdir -p "$HOME/$(dirname "$f")" 2>/dev/null
	echo x >"$HOME/$f" 2>/dev/null && echo "WROTE $f"
done
true'
assert_rc 0
assert_out_nomatch WROTE
assert_no_plants
assert_err_match 'create .*/\.cargo/bin: protected'
end_test

rm -rf "$HOME"/.cargo "$HOME"/.config "$HOME"/.local "$HOME"/.gnupg "$HOME"/.gradle \
	"$HOME"/.oh-my-zsh "$HOME"/.bashrc.d
begin_test "~ keeps its grant: siblings of the guarded names are made and used"
fsj --grant "all:$HOME" -- bash -c 'mkdir -p ~/.cargo && touch ~/.cargo/registry-x &&
echo n >~/newfile && cat ~/newfile && mkdir -p ~/.config/other && echo y >~/.config/other/f &&
cat ~/.config/other/f && mkdir ~/.gradle && echo g >~/.gradle/caches && cat ~/.gradle/caches'
if [ "$GUARDED" = 1 ]; then
	assert_rc 0 && assert_out_eq "$(printf 'n\ny\ng')"
	assert_exists "$HOME/.cargo/registry-x"
	assert_exists "$HOME/.config/other/f"
else
	skip_kernel "no listener or no mount masks: ~ is expanded, its new entries unreachable"
	T_OPEN=0
fi
[ "$T_OPEN" = 0 ] || end_test
assert_no_plants

begin_test "a folder renamed onto a guarded name, onto the empty folder the run made, exchanged, or moved away and back is refused"
fsj --grant "all:$HOME" -- bash -c "$PREP"'
mv -T ~/prep ~/.cargo 2>/dev/null && echo "MOVED onto a missing name"
mkdir ~/.cargo ~/.gradle
mv -T ~/prep ~/.cargo 2>/dev/null && echo "MOVED onto an empty folder"
$GA exchange ~/prep ~/.cargo
$GA exchange ~/.gradle ~/prep
mv ~/.cargo ~/cargo-away 2>/dev/null && echo "MOVED the made folder away"
cd ~ && mv prep .cargo/bin 2>/dev/null && echo "MOVED relative"
mv /proc/self/cwd/prep /proc/self/cwd/.oh-my-zsh 2>/dev/null && echo "MOVED via /proc/self/cwd"
cd ~/.cargo && mv ../prep bin 2>/dev/null && echo "MOVED from inside"
true'
assert_rc 0
assert_out_nomatch MOVED
assert_out_nomatch 'exchange 0'
assert_no_plants
assert_exists "$HOME/prep/bin/git"
end_test

begin_test "a symbolic link at a guarded name, and a hard link of one, are refused"
fsj --grant "all:$HOME" -- bash -c 'ln -s ~/prep ~/.oh-my-zsh 2>/dev/null && echo LINKED1
ln -s ~/prep/bin ~/.cargo/bin 2>/dev/null && echo LINKED2
ln -s /tmp ~/.bashrc.d 2>/dev/null && echo LINKED3
ln -s ~/prep ~/lnk && { ln -P ~/lnk ~/.gradle/init.d 2>/dev/null && echo LINKED4;
	mv -T ~/lnk ~/.gnupg 2>/dev/null && echo LINKED5; }
true'
assert_rc 0
assert_out_nomatch LINKED
assert_no_plants
end_test

begin_test "the i386 entry points are decided the same"
if [ "$(uname -m)" != x86_64 ]; then
	skip "the i386 entry points are an x86-64 question"
	T_OPEN=0
elif ! "$GA" i386 mkdir "$T/i386-probe" >/dev/null 2>&1; then
	diag "int 0x80 faults outside any sandbox here (no ia32 emulation): nothing to decide"
else
	fsj --grant "all:$HOME" -- bash -c '$GA i386 rename ~/prep ~/.oh-my-zsh
$GA i386 symlink ~/prep ~/.bashrc.d; $GA i386 mkdir ~/.cargo/bin
$GA i386 renameat2 ~/prep ~/.cargo; $GA i386 mkdir ~/i386-sibling'
	assert_rc 0
	assert_out_nomatch '^i386-(rename|symlink|renameat2) 0'
	assert_out_match '^i386-mkdir 13'
	assert_no_plants
	[ "$GUARDED" = 0 ] || assert_dir "$HOME/i386-sibling"
fi
[ "$T_OPEN" = 0 ] || end_test

begin_test "threads racing a rename, a symlink and a made folder at the guarded name"
fsj --grant "all:$HOME" -- "$GA" race "$HOME/.cargo" "$HOME/prep" 300 bin
assert_rc 0
assert_out_eq "race-seen 0"
assert_no_plants
end_test

begin_test "the broker refuses the same: rename, symbolic link, mkdir of the denied name"
# shellcheck disable=SC2016
fsj --grant "all:$HOME" -- bash -c 'B() { "$GA_BC" "{\"id\":\"x\",\"command\":\"HostFileOperation\",$1,\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"; }
B "\"operation\":\"rename\",\"from\":\"$HOME/prep\",\"to\":\"$HOME/.cargo\""
B "\"operation\":\"rename\",\"from\":\"$HOME/prep\",\"to\":\"$HOME/.gradle\""
B "\"operation\":\"link\",\"symbolic\":true,\"from\":\"$HOME/prep\",\"to\":\"$HOME/.oh-my-zsh\""
B "\"operation\":\"mkdir\",\"path\":\"$HOME/.cargo/bin\""
B "\"operation\":\"mkdir\",\"path\":\"$HOME/broker-sibling\""'
assert_rc 0
[ "$(grep -c '"ok":true' "$OUT")" = 1 ] || fail "not only the sibling mkdir went through: $(cat "$OUT")"
assert_no_plants
assert_dir "$HOME/broker-sibling"
end_test

begin_test "a create-only deny under a missing folder: the made folder exchanged with a populated one is refused"
write_rules <<EOF2
rules:
  - path: ~/later/secret
    deny: [create]
EOF2
fsj --grant "all:$HOME" -- bash -c 'mkdir -p ~/prep2/secret && echo evil >~/prep2/secret/x &&
mkdir ~/later && echo ok >~/later/sibling && cat ~/later/sibling
"$GA" exchange ~/later ~/prep2; "$GA" exchange ~/prep2 ~/later
mkdir ~/later/secret 2>/dev/null && echo MADE; mv -T ~/prep2 ~/later 2>/dev/null && echo MOVED
true'
assert_rc 0
assert_out_eq "$(printf 'ok\nexchange 13\nexchange 13')"
assert_not_exists "$HOME/later/secret"
assert_exists "$HOME/prep2/secret/x"
end_test
clear_rules

begin_test "status and explain say the listener carries it, or which folder is expanded without it"
"$FSJAIL" status --workspace "$WS" --grant "all:$HOME" >"$OUT" 2>"$ERR"
if [ "$GUARDED" = 1 ]; then
	grep -A300 '^expanded folders' "$OUT" | grep -q "^  $HOME:" && fail "~ is expanded: $(cat "$OUT")"
	assert_out_match "^  $HOME/\.gnupg/gpg-agent\.conf \(guarded from $HOME/\.gnupg:"
else
	assert_out_match "^  $HOME: create: .*(no seccomp listener|cannot be pinned)"
fi
"$FSJAIL" explain --workspace "$WS" --grant "all:$HOME" "$HOME/.gnupg/gpg-agent.conf" >"$OUT" 2>"$ERR"
if [ "$GUARDED" = 1 ]; then
	assert_out_match "note: '$HOME/\.gnupg/gpg-agent\.conf' does not exist: the seccomp listener refuses"
else
	assert_out_match "note: its folder '$HOME' is expanded"
fi
end_test

end_user_pass
done_testing
