#!/bin/bash
# A folder a read deny hides (`deny: [read]` on secrets: the HIDE mask,
# an empty read-only folder in the command's view) refuses every new name
# in it with EROFS: a file, a folder, a symbolic link, a hard link, a
# rename into it. Each is a refusal of the mask, and the summary names it
# with the read deny's rule; before, the tools said only 'Read-only file
# system' and fsjail said nothing (as 4a1f1e3 did for a write of the
# hidden path itself). Nothing is made on the host.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0513_USER 1
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS
mkdir -p "$WS/secrets" && echo "S=1" >"$WS/secrets/k" && echo a >"$WS/a"
write_rules <<EOF
rules:
  - id: secrets
    path: secrets
    deny: [read]
EOF

begin_test "new names in the hidden folder are refused, each said with the rule"
fsj_sh -- 'echo x >secrets/new; mkdir secrets/d; ln -s a secrets/l; ln a secrets/h
	echo y >y && mv y secrets/y; echo end'
assert_out_match '^end$'
for n in new d h y; do
	assert_err_match "create $WS/secrets/$n: explicit rule 'secrets' .*hides its folder with a mount mask"
	assert_not_exists "$WS/secrets/$n"
done
# a link there leads to secrets/a, which the run may not read (linkto.h)
assert_err_match "create $WS/secrets/l: a symbolic link to a path the run may not read.*explicit rule 'secrets'"
assert_not_exists "$WS/secrets/l"
assert_content "$WS/secrets/k" "S=1"
end_test

end_user_pass
done_testing
