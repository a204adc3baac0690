#!/bin/bash
# A name the policy keeps absent stays absent through another mount of its
# folder. The listener and the broker decided on the kernel's path of the
# folder they hold plus the name; with the workspace bound under /var/tmp
# (granted), ALIAS/.git/commondir was made, and the host's git then took
# another folder for the repository's common dir, with its config and
# hooks (att30, alias26). Now each rule's folder is known by identity
# (absentid.h) and a name is decided under every host spelling of its
# folder: protected repository names, a read-denied .env (kept absent), a
# denied path under folders not made yet (guarded names), a HEAD planted
# for git's discovery, the broker's host operations, and the shell start-up
# files through a bind of $HOME. Root makes the mounts; the runs are made
# as root and, in the last case, as the ordinary user.
. "$(dirname "$0")/libtest.sh"

plan 8
setup
require_landlock
if ! is_root; then
	while [ "$T_NUM" -lt "$T_PLANNED" ]; do skip_root "bind mounts made by the test"; done
	done_testing
	exit 0
fi
command -v python3 >/dev/null || bail_out "python3 is needed"
command -v git >/dev/null || bail_out "git is needed"
git_env
HOSTOP=$(cat "$TEST_SRCDIR/helpers/broker-hostop.py")
cd "$WS" || bail_out "cannot enter $WS"
git init -q . && git commit -q --allow-empty -m one || bail_out "git init"
mkdir sub && echo pub >pub
MOUNTS=()
ALIASES=()
trap 'cd /; for m in "${MOUNTS[@]}"; do umount "$m" 2>/dev/null; done;
	for a in "${ALIASES[@]}"; do rmdir "$a" 2>/dev/null; done; cleanup' EXIT
# bind SRC: BOUND, a new folder under /var/tmp (granted by the baseline)
# where SRC is bind-mounted for the test, undone at its end
bind()
{
	BOUND=$(mktemp -d /var/tmp/fsjail-alias.XXXXXX) || bail_out "mktemp under /var/tmp"
	ALIASES=("$BOUND" "${ALIASES[@]}")
	mount --bind "$1" "$BOUND" 2>"$T/mount.err" ||
		skip_rest_kernel "cannot bind-mount here: $(cat "$T/mount.err")"
	MOUNTS=("$BOUND" "${MOUNTS[@]}")
}
bind "$WS"
A=$BOUND
[ -d "$A/.git" ] || skip_rest_kernel "the bind mount shows nothing"
COMMON=$(git rev-parse --git-common-dir)
write_rules <<EOF2
rules:
  - id: dotenv
    path: .env
    recursive: false
    deny: [read]
  - id: deep
    path: conf/local/secret
    recursive: false
    deny: [create]
EOF2

begin_test "commondir and gitdir are not made in .git through a bind of the workspace"
fsj_sh -- 'echo /tmp >"$1/.git/commondir"; echo x >"$1/.git/gitdir"; echo y >"$1/new"' "$A"
assert_not_exists "$WS/.git/commondir"
assert_not_exists "$WS/.git/gitdir"
assert_content "$WS/new" "y"
[ "$(git rev-parse --git-common-dir)" = "$COMMON" ] ||
	fail "the host's git takes another common dir: $(git rev-parse --git-common-dir 2>&1)"
assert_err_match "repository-metadata"
end_test

begin_test "a read-denied .env not made yet is not made through it (>, mv, ln -s, ln)"
echo KEY=x >"$T/src"
fsj_sh -- 'echo KEY=1 >"$1/.env"; echo KEY=2 >"$1/tmp.env" && mv "$1/tmp.env" "$1/.env";
	ln -s /etc/hostname "$1/.env"; ln "$1/pub" "$1/.env"; echo ok >"$1/sibling"' "$A"
assert_not_exists "$WS/.env"
assert_content "$WS/sibling" "ok"
assert_err_match "dotenv"
end_test

begin_test "a denied path below folders not made yet: made neither by name nor by a moved folder"
fsj_sh -- 'mkdir -p "$1/conf/local" && echo s >"$1/conf/local/secret";
	mkdir -p "$1/other/local" && echo s >"$1/other/local/secret" && mv "$1/other" "$1/conf2";
	mkdir -p "$1/tree/local" && echo s >"$1/tree/local/secret";
	rmdir "$1/conf/local" "$1/conf"; mv "$1/tree" "$1/conf"' "$A"
assert_dir "$WS/conf2/local"
assert_not_exists "$WS/conf/local/secret"
assert_err_match "deep|carry a denied"
end_test

begin_test "a HEAD is not planted in a workspace folder through it (git's discovery)"
fsj_sh -- 'echo "ref: refs/heads/x" >"$1/sub/HEAD"' "$A"
assert_not_exists "$WS/sub/HEAD"
assert_err_match "repository-discovery"
end_test

begin_test "the broker makes no kept-absent name through it"
mkdir -p "$WS/conf/local"
fsj -- python3 -c "$HOSTOP" "{\"operation\":\"touch\",\"path\":\"$A/.env\"}" \
	"{\"operation\":\"touch\",\"path\":\"$A/conf/local/secret\"}" \
	"{\"operation\":\"touch\",\"path\":\"$A/conf/local/other\"}"
assert_not_exists "$WS/.env"
assert_not_exists "$WS/conf/local/secret"
assert_exists "$WS/conf/local/other"
[ "$(grep -c '"ok":false' "$OUT")" = 2 ] || fail "the broker made a kept-absent name: $(cat "$OUT")"
rm -rf "$WS/conf"
end_test

begin_test "a shell start-up file not made yet is not made through a bind of \$HOME"
rm -f "$HOME/.bashrc" "$HOME/.zshrc"
bind "$HOME"
H=$BOUND
fsj_sh -- 'echo "echo planted" >"$1/.bashrc"; echo "echo planted" >"$1/.zshrc"' "$H"
assert_not_exists "$HOME/.bashrc"
assert_not_exists "$HOME/.zshrc"
end_test

begin_test "git works through the bind: add, commit, branch, status"
fsj_sh -- 'cd "$1" && echo c >c && git add c && git commit -q -m two && git branch b2 &&
	git status --short' "$A"
assert_rc 0
[ "$(git log --format=%s -1)" = two ] || fail "no commit: $(git log --oneline 2>&1 | head -3)"
end_test

begin_test "as the ordinary user: commondir is not made through a bind of the workspace"
if ! u=$(user_folder); then
	skip "no ordinary user cloudsdk"
else
	mkdir "$u/ws" && (cd "$u/ws" && git init -q . && git commit -q --allow-empty -m one) &&
		chown -R cloudsdk: "$u/ws"
	bind "$u/ws"
	UA=$BOUND
	cd "$u/ws" || bail_out "cannot enter $u/ws"
	as_user "$u" "$FSJAIL" run --workspace "$u/ws" -- \
		sh -c 'echo /tmp >"$1/.git/commondir"; echo y >"$1/new"' sh "$UA"
	assert_not_exists "$u/ws/.git/commondir"
	assert_content "$u/ws/new" "y"
	cd "$WS" && umount "$UA"
	rm -rf "$u"
fi
end_test

done_testing
