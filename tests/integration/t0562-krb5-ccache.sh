#!/bin/bash
# The user's Kerberos tickets in a file are out of the command's reach
# (peer26). t0560 closes the keyring, where Fedora and RHEL keep them;
# MIT Kerberos's built-in default (Debian, Ubuntu, Arch) is the file
# /tmp/krb5cc_UID, and KRB5CCNAME may name another. The baseline grants
# /tmp all five capabilities, so a command read the ticket cache and could
# use it from anywhere until it expires (the theft flatpak/flatpak PR 299
# reports: "access the kerberos credentials of a user and impersonate the
# user"; flatpak's private /tmp already kept its file cache out), and
# could replace it with tickets of its own choosing. Now the baseline
# protects ${KRB5_CCACHE} (KRB5CCNAME's file) and ${KRB5_CCACHE_DEFAULT}
# (/tmp/krb5cc_UID): read, write, create and delete refused, also when the
# file does not exist yet. Asserts, as root and as an ordinary user: the
# default cache's rule (explain: every capability refused, protected); a
# named cache's ticket is not printed or changed; a cache made by the
# command at the default name is refused; the rest of /tmp works. No
# ticket is put at /tmp/krb5cc_UID itself: every other test's run of this
# uid would refuse to start while it is there ("denied and did not exist
# when the plan was compiled"), and the suite runs two tests at once.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0562_USER 3
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS

U=$(id -u)
DEF=/tmp/krb5cc_$U
TICKET=KRB5-TGT-5a1c
[ -e "$DEF" ] && bail_out "$DEF exists already: this test would change the user's tickets"
CC=$T/cc/krb5cc_named
mkdir -p "$T/cc" && chmod 0755 "$T/cc"
trap 'rm -f "$DEF"; cleanup' EXIT
printf '%s\n' "$TICKET-named" >"$CC" && chmod 0600 "$CC"
# the named cache's folder is granted: only the protection keeps it
write_rules <<EOF
rules:
  - path: $T/cc
    allow: [read, write, create, delete]
EOF

begin_test "the default cache /tmp/krb5cc_UID: every capability refused at the protected level; /tmp works"
run_cmd "$FSJAIL" explain --workspace "$WS" "$DEF"
for cap in read write create delete; do
	assert_out_match "^  $cap +deny +protected .*krb5cc_$U"
done
fsj_sh -- 'echo ok >/tmp/t0562.$$ && cat /tmp/t0562.$$ && rm /tmp/t0562.$$'
assert_out_match '^ok$'
end_test

begin_test "KRB5CCNAME=FILE:PATH: that file is not read or replaced, though its folder is granted"
KRB5CCNAME=FILE:$CC fsj_sh -- 'cat "$1"; echo x >"$1"; ls "${1%/*}"' "$CC"
assert_out_nomatch "$TICKET"
assert_content "$CC" "$TICKET-named"
end_test

begin_test "an absent default cache cannot be made by the command (kinit's replacement)"
rm -f "$DEF"
fsj_sh -- 'echo forged >"$1"; ln -s /tmp/elsewhere "$1"; mkdir "$1"; echo "made=$?"' "$DEF"
assert_out_match '^made=1$'
assert_not_exists "$DEF"
end_test

end_user_pass
done_testing
