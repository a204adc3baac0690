#!/bin/bash
# t0338 keeps /etc/shadow and the other secrets of /etc from a command run
# as root. Their copies elsewhere were left readable (att12): Debian's
# daily /var/backups/shadow.bak and gshadow.bak (dpkg-db-backup), the
# former password hashes in /etc/security/opasswd (pam_pwhistory) and
# NetworkManager's Wi-Fi and VPN secrets, all root-only by mode only.
# explain names the baseline deny; where such a file exists on this host
# a run as root reads nothing of it.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

secrets="/var/backups/shadow.bak /var/backups/gshadow.bak /etc/security/opasswd
/etc/NetworkManager/system-connections/wifi.nmconnection"

begin_test "explain names the baseline deny of read for each copy"
# shellcheck disable=SC2086
run_cmd "$FSJAIL" explain --workspace "$WS" $secrets
assert_rc 0
for f in /var/backups/shadow.bak /var/backups/gshadow.bak /etc/security/opasswd; do
	assert_out_match "read +deny +baseline +baseline $f "
done
assert_out_match "read +deny +baseline +baseline /etc/NetworkManager/system-connections "
end_test

begin_test "a run reads none of those that exist on this host"
# shellcheck disable=SC2016
fsj_sh -- 'for f in '"$(echo $secrets)"'; do [ -e "$f" ] || continue
	printf "%s %s\n" "$f" "$(wc -c <"$f" 2>/dev/null || echo refused)"; done; echo done'
assert_out_match "^done$"
assert_out_nomatch " [1-9][0-9]*$"
end_test

done_testing
