#!/bin/bash
# The kernel drops a file's capabilities (security.capability, setcap(8))
# whenever its content or owner changes: a write, a truncate (to the same
# size too), a chown (to the same owner too). The command never asks for
# that removal, so the listener's refusal of non-user.* xattr changes
# (notify-meta-guard.c) never sees it, and restore gave back only user.*
# attributes in place (restore-xattr.c) and chowned the file again when
# putting back its mode (restore-other.c): after `echo >> tool`,
# `truncate -s SIZE tool`, `chown root tool` or `chmod 600 tool` in a
# run, `fsjail backups restore` gave tool back without its capabilities
# (att30). The listener's threads cannot put capabilities on the cycle's
# copy (no CAP_SETFCAP), so such a change is now refused (the backup
# fails), and restore's chmod no longer chowns. Each test: the change was
# refused or restore undid it; either way tool is as it was, capabilities
# included. Root only: only root can set them.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
if [ "$(id -u)" != 0 ]; then
	while [ "$T_NUM" -lt "$T_PLANNED" ]; do skip_root "setting file capabilities"; done
	done_testing
	exit 0
fi
command -v setcap >/dev/null && command -v getcap >/dev/null ||
	bail_out "setcap and getcap are needed (libcap2-bin)"
cd "$WS" || bail_out "cannot enter $WS"

# capped NAME: NAME ("aaa", mode 755, owned by uid 1) with cap_net_raw+ep
capped()
{
	echo aaa >"$WS/$1" && chmod 755 "$WS/$1" && chown 1:1 "$WS/$1" &&
		setcap cap_net_raw+ep "$WS/$1" 2>"$T/setcap.err" ||
		skip_rest_kernel "no file capabilities here: $(cat "$T/setcap.err")"
}

# restored NAME: after a restore NAME is as capped() made it
restored()
{
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	assert_content "$WS/$1" aaa
	getcap "$WS/$1" | grep -q 'cap_net_raw[=+]ep' ||
		fail "$1 lost its capabilities: '$(getcap "$WS/$1")'; $(cat "$OUT" "$ERR")"
	[ "$(stat -c %a.%u "$WS/$1")" = 755.1 ] || fail "$1: mode.owner $(stat -c %a.%u "$WS/$1")"
}

begin_test "an append to a file with capabilities, then restore: it keeps its capabilities"
capped app
fsj_sh -- 'echo more >>app'
restored app
end_test

begin_test "a truncate to its own size (the content unchanged), then restore: it keeps its capabilities"
capped trn
fsj_sh -- 'truncate -s 4 trn'
restored trn
end_test

begin_test "a chown, then restore: it keeps its capabilities"
capped own
fsj_sh -- 'chown 0:0 own'
restored own
end_test

begin_test "a chmod, then restore: the mode comes back and they stay"
capped mod
fsj_sh -- 'chmod 700 mod'
restored mod
end_test

done_testing
