#!/bin/bash
# A mount mask covers one (mount, path) pair. The same file or folder in
# view through a second mount of its filesystem (a bind of the workspace,
# or of a folder above it or inside a hidden one: containers, WSL, a
# second mount of the disk) showed the host's object, and Landlock, whose
# rules sit on inodes, grants it there as it does at the masked path: a
# `deny: [read]` .env or secrets/ folder was read in full through
# ALIAS/.env (att30). Now each mask is laid at every mount that shows its
# object too (mask-alias.c). Root makes the mounts; the run is made as
# root and as the ordinary user.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
if [ "$(id -u)" != 0 ]; then
	while [ "$T_NUM" -lt "$T_PLANNED" ]; do skip_root "bind mounts made by the test"; done
	done_testing
	exit 0
fi
cd "$WS" || bail_out "cannot enter $WS"
echo "KEY=secret" >"$WS/.env"
mkdir -p "$WS/secrets/inner" && echo "token" >"$WS/secrets/inner/t" && echo pub >"$WS/pub"
mkdir "$T/alias" "$WS/view"
MOUNTS=()
trap 'cd /; for m in "${MOUNTS[@]}"; do umount "$m" 2>/dev/null; done; cleanup' EXIT
# bind SRC DST: a bind mount made for the test, undone at its end
bind()
{
	mount --bind "$1" "$2" 2>"$T/mount.err" ||
		skip_rest_kernel "cannot bind-mount here: $(cat "$T/mount.err")"
	MOUNTS=("$2" "${MOUNTS[@]}")
}
bind "$WS" "$T/alias"
bind "$WS/secrets/inner" "$WS/view" # in a readable place
write_rules <<EOF2
rules:
  - id: dotenv
    path: .env
    recursive: false
    deny: [read]
  - id: secrets
    path: secrets
    deny: [read]
EOF2

begin_test "a read-denied .env is not read through a bind of the workspace"
fsj -- cat "$T/alias/.env" "$T/alias/pub"
assert_out_match '^pub$'
if grep -q secret "$OUT"; then fail "the .env was read through the other mount: $(cat "$OUT")"; fi
end_test

begin_test "a read-denied folder is not read through a bind of the workspace"
fsj_sh -- 'cat "$1"/secrets/inner/t; ls -A "$1"/secrets' "$T/alias"
if grep -Eq 'token|inner' "$OUT"; then fail "secrets/ was read through the other mount: $(cat "$OUT")"; fi
end_test

begin_test "nor through a mount of a folder inside it"
fsj_sh -- 'cat view/t; ls -A view'
if grep -Eq 'token|^t$' "$OUT"; then fail "secrets/inner was read through its mount: $(cat "$OUT")"; fi
end_test

begin_test "as the ordinary user: the .env is not read through a bind of the workspace"
if ! u=$(user_folder); then
	skip "no ordinary user cloudsdk"
else
	mkdir "$u/ws" "$u/alias" && echo "KEY=usersecret" >"$u/ws/.env" && echo pub >"$u/ws/pub" &&
		chown -R cloudsdk: "$u/ws" "$u/alias"
	bind "$u/ws" "$u/alias"
	cd "$u/ws" || bail_out "cannot enter $u/ws"
	as_user "$u" "$FSJAIL" run --workspace "$u/ws" --deny "read:$u/ws/.env" -- \
		cat "$u/alias/.env" "$u/alias/pub"
	assert_out_match '^pub$'
	if grep -q usersecret "$OUT"; then fail "the .env was read through the other mount: $(cat "$OUT")"; fi
	cd "$WS" && umount "$u/alias"
	rm -rf "$u"
fi
end_test

done_testing
