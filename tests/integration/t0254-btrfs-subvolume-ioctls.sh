#!/bin/bash
# btrfs makes and removes names by ioctl(2) on a folder's descriptor,
# a read-only one too: BTRFS_IOC_SUBVOL_CREATE(_V2) makes a subvolume,
# BTRFS_IOC_SNAP_CREATE(_V2) a snapshot (a copy of a whole tree the
# command filled), BTRFS_IOC_SNAP_DESTROY(_V2) removes one (mount option
# user_subvol_rm_allowed), BTRFS_IOC_SUBVOL_SETFLAGS makes it read-only.
# No path hook of Landlock and no call the listener traps sees them, and
# the kernel checks only the file modes (att5: on a btrfs home, with no
# rules file, `btrfs subvolume snapshot` of a subvolume made in the
# workspace put ~/.pyenv/plugins/zz/etc/pyenv.d/exec/zz.bash where touch
# was refused, and .git/hooks/pre-commit where a repository had no hooks
# folder; with --grant all:$HOME it made the protected ~/.local/lib with
# a .pth file, and the user's next python3 ran it). These ioctls
# now get EPERM, as do FS_IOC_ENABLE_VERITY and
# FS_IOC_SET_ENCRYPTION_POLICY (a file made read-only for good, a folder
# made unusable without a key, through a read-only descriptor).
. "$(dirname "$0")/libserial.sh" loop

plan 3
setup
require_landlock
command -v python3 >/dev/null || bail_out "no python3"

begin_test "the name-making btrfs and bcachefs ioctls, fs-verity and the encryption policy get EPERM on any filesystem"
mkdir -p "$WS/d"
echo data >"$WS/f"
fsj_sh -- 'python3 -c "
import errno, fcntl, os
d = os.open(\"d\", os.O_RDONLY | os.O_DIRECTORY)
f = os.open(\"f\", os.O_RDONLY)
calls = [(\"SNAP_CREATE\", d, 0x50009401, 4096), (\"SUBVOL_CREATE\", d, 0x5000940e, 4096),
         (\"SNAP_DESTROY\", d, 0x5000940f, 4096), (\"SNAP_CREATE_V2\", d, 0x50009417, 4096),
         (\"SUBVOL_CREATE_V2\", d, 0x50009418, 4096), (\"SUBVOL_SETFLAGS\", d, 0x4008941a, 8),
         (\"SNAP_DESTROY_V2\", d, 0x5000943f, 4096), (\"ENABLE_VERITY\", f, 0x40806685, 128),
         (\"SET_ENCRYPTION_POLICY\", d, 0x800c6613, 12),
         (\"BCH_SUBVOLUME_CREATE\", d, 0x4020bc10, 32), (\"BCH_SUBVOLUME_DESTROY\", d, 0x4020bc11, 32)]
for name, fd, req, size in calls:
    try:
        fcntl.ioctl(fd, req, bytearray(size))
        print(name, \"ok\")
    except OSError as e:
        print(name, errno.errorcode.get(e.errno, e.errno))
"'
assert_rc 0
for n in SNAP_CREATE SUBVOL_CREATE SNAP_DESTROY SNAP_CREATE_V2 SUBVOL_CREATE_V2 SUBVOL_SETFLAGS \
	SNAP_DESTROY_V2 ENABLE_VERITY SET_ENCRYPTION_POLICY BCH_SUBVOLUME_CREATE BCH_SUBVOLUME_DESTROY; do
	assert_out_match "^$n EPERM\$"
done
end_test

loop_fs_home mkfs.btrfs 300M "btrfs subvolume snapshots past the fence"
command -v btrfs >/dev/null || skip_rest_kernel "no btrfs(8) (btrfs-progs, in README's apt line): btrfs subvolume snapshots untested"
command -v git >/dev/null || bail_out "no git"

begin_test "btrfs: a snapshot cannot make a repository's absent hooks folder"
git init -q "$WS" && rm -rf "$WS/.git/hooks"
fsj_sh -- 'btrfs subvolume create sv >/dev/null &&
printf "#!/bin/sh\ntouch \"\$PWD/hook.ran\"\n" >sv/pre-commit && chmod +x sv/pre-commit &&
btrfs subvolume snapshot sv .git/hooks >/dev/null 2>&1 && echo SNAPPED; true'
assert_rc 0
assert_out_nomatch SNAPPED
[ ! -e "$WS/.git/hooks" ] || fail "the run made .git/hooks: $(ls -la "$WS/.git/hooks" | tr '\n' ' ')"
(cd "$WS" && echo x >g && git add g && git -c user.name=u -c user.email=u@x commit -qm m) >/dev/null 2>&1
[ ! -e "$WS/hook.ran" ] || fail "the user's git commit ran the command's pre-commit"
end_test

begin_test "btrfs: a snapshot cannot make a folder in ~/.pyenv (read only by the baseline; no rules)"
mkdir -p "$HOME/.pyenv/plugins"
fsj_sh -- 'btrfs subvolume create sv2 >/dev/null &&
mkdir -p sv2/etc/pyenv.d/exec && echo "touch /tmp/pwned" >sv2/etc/pyenv.d/exec/zz.bash &&
btrfs subvolume snapshot sv2 "$HOME/.pyenv/plugins/zz" >/dev/null 2>&1 && echo SNAPPED; true'
assert_rc 0
assert_out_nomatch SNAPPED
[ ! -e "$HOME/.pyenv/plugins/zz" ] || fail "the run made ~/.pyenv/plugins/zz (pyenv sources its etc/pyenv.d hooks)"
end_test
