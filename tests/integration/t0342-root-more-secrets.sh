#!/bin/bash
# t0338 keeps /etc/shadow and the other secrets of /etc from a command run
# as root. Their copies elsewhere were left readable (att12): Debian's
# daily /var/backups/shadow.bak and gshadow.bak (dpkg-db-backup), the
# former password hashes in /etc/security/opasswd (pam_pwhistory) and
# NetworkManager's Wi-Fi and VPN secrets, and the other secrets of /etc
# that only their mode keeps from root (WireGuard's and IPsec's keys,
# certbot's and Fedora's TLS private keys, systemd's credentials, PPP's
# passwords).
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
run_cmd "$FSJAIL" explain --workspace "$WS" /etc/wireguard/wg0.conf /etc/ipsec.secrets \
	/etc/letsencrypt/archive/h/privkey1.pem /etc/letsencrypt/keys/0000_key-certbot.pem \
	/etc/pki/tls/private/h.key /etc/credstore/c /etc/credstore.encrypted/c \
	/etc/ppp/chap-secrets /etc/ppp/pap-secrets
assert_rc 0
for d in /etc/wireguard /etc/ipsec.secrets /etc/letsencrypt/archive /etc/letsencrypt/keys \
	/etc/pki/tls/private /etc/credstore /etc/credstore.encrypted /etc/ppp/chap-secrets \
	/etc/ppp/pap-secrets; do
	assert_out_match "read +deny +baseline +baseline $d "
done
end_test

begin_test "a run reads none of those that exist on this host"
# shellcheck disable=SC2016
fsj_sh -- 'for f in '"$(echo $secrets)"'; do [ -e "$f" ] || continue
	printf "%s %s\n" "$f" "$(wc -c <"$f" 2>/dev/null || echo refused)"; done; echo done'
assert_out_match "^done$"
assert_out_nomatch " [1-9][0-9]*$"
end_test

done_testing
