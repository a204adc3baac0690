#!/bin/bash
# The baseline grants /etc read, and the secrets there (/etc/shadow,
# /etc/gshadow and their backups, SSH host keys, /etc/ssl/private, the
# Kerberos keytab) are kept from others only by their mode: a command run
# as root (an agent in a container, say) read the password hashes (user9).
# They are denied read at the baseline level; with /etc protected for
# changes the deny is carried by a mount mask (an empty file over each),
# not by an expansion of /etc. The ordinary user is refused by the mode as
# before, and what the rest of /etc holds stays readable.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_ETC_USER_PASS 2
setup
require_landlock
can_mount_ns || skip_rest_kernel "no mount namespace can be made here"

begin_test "/etc/shadow and /etc/gshadow: empty or refused inside; /etc/passwd as it is"
fsj_sh -- 'for f in /etc/shadow /etc/gshadow; do [ -e "$f" ] || continue
	printf "%s %s\n" "$f" "$(wc -c <"$f" 2>/dev/null || echo refused)"; done
sha256sum /etc/passwd'
assert_rc 0
assert_out_match "^/etc/shadow (0|refused)$"
assert_out_nomatch "^/etc/g?shadow [1-9]"
assert_out_match "^$(sha256sum /etc/passwd | cut -d' ' -f1) "
end_test

begin_test "explain names the baseline deny of read, for a host key too"
run_cmd "$FSJAIL" explain --workspace "$WS" /etc/shadow /etc/ssh/ssh_host_ed25519_key
assert_rc 0
assert_out_match "read +deny +baseline +baseline /etc/shadow "
assert_out_match "read +deny +baseline +baseline /etc/ssh/ssh_host_ed25519_key "
end_test

end_user_pass
done_testing
