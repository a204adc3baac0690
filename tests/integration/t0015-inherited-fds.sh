#!/bin/bash
# A directory descriptor that fsjail inherits must not let the command look
# paths up past a mount mask: with ~ readable and ~/.ssh denied everything
# (a mask hides it), openat(fd_of_home, ".ssh/id") through a descriptor
# opened before fsjail started must fail. Files passed as descriptors stay
# usable, as with any inherited descriptor.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

SECRET=INHERITED-SECRET-91d
mkdir -p "$HOME/.ssh"
echo "$SECRET" >"$HOME/.ssh/id_ed25519"
echo "PASSED-FILE-3c" >"$HOME/passed.txt"

write_rules <<EOF
rules:
  - path: ~
    allow: [read, write, create]
  - path: ~/.ssh
    deny: [read, write, create, delete, execute]
EOF

begin_test "an inherited descriptor of \$HOME cannot read past the ~/.ssh mask"
exec 7<"$HOME"
fsj -- python3 -c '
import os
try:
    fd = os.open(".ssh/id_ed25519", os.O_RDONLY, dir_fd=7)
    print(os.read(fd, 100).decode())
except OSError as e:
    print("refused:", e.strerror)'
exec 7<&-
assert_out_nomatch "$SECRET"
assert_out_match 'refused'
end_test

begin_test "an inherited descriptor of \$HOME cannot create inside ~/.ssh"
exec 7<"$HOME"
fsj -- python3 -c '
import os
try:
    os.open(".ssh/planted", os.O_WRONLY | os.O_CREAT, 0o600, dir_fd=7)
    print("created")
except OSError as e:
    print("refused:", e.strerror)'
exec 7<&-
assert_out_match 'refused'
assert_not_exists "$HOME/.ssh/planted"
end_test

begin_test "an inherited file descriptor stays readable"
exec 8<"$HOME/passed.txt"
fsj -- python3 -c 'import os; print(os.read(8, 100).decode())'
exec 8<&-
assert_rc 0
assert_out_match 'PASSED-FILE-3c'
end_test

begin_test "the first run of a new FSJAIL_HOME, a descriptor into the workspace open for writing: it runs"
# its backup made STATE/sessions after the plan was compiled: exit 125
# ("denied and did not exist when the plan was compiled, but exists now")
# (a state folder in a granted area: /tmp, as on a CI machine)
echo old >"$WS/log.txt"
TMPH=$(mktemp -d /tmp/fsjail-t0015.XXXXXX) || bail_out "no folder in /tmp"
for home in "$TMPH/a" "$TMPH/b/deeper"; do
	FSJAIL_HOME=$home fsj -- sh -c 'echo new >&3' 3>>"$WS/log.txt"
	assert_rc 0
	grep -q "exists now" "$ERR" && fail "stderr: $(cat "$ERR")"
done
rm -rf "$TMPH"
assert_content "$WS/log.txt" "$(printf 'old\nnew\nnew')"
end_test

done_testing
