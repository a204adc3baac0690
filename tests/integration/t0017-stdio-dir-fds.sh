#!/bin/bash
# t0015's fix closes inherited directory descriptors above stderr,
# but a directory can also be standard input, output or error
# (`cmd < ~`, `2<~`). Such a descriptor was opened before the mount
# namespace and looks paths up past every mask: /proc/self/fd/0/.ssh/key
# reads a key hidden by the ~/.ssh mask, /proc/self/fd/2/.ssh/x creates in
# it. fsjail must refuse to run, or replace such a descriptor.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS

SECRET=STDIO-DIR-SECRET-77a
mkdir -p "$HOME/.ssh"
echo "$SECRET" >"$HOME/.ssh/id_ed25519"
write_rules <<EOF
rules:
  - path: ~
    allow: [read, write, create]
  - path: ~/.ssh
    deny: [read, write, create, delete, execute]
EOF

begin_test "standard input open on \$HOME cannot read past the ~/.ssh mask"
fsj -- cat /proc/self/fd/0/.ssh/id_ed25519 <"$HOME"
assert_out_nomatch "$SECRET"
end_test

begin_test "standard error open on \$HOME cannot create inside ~/.ssh"
"$FSJAIL" run --workspace "$WS" -- sh -c 'echo x > /proc/self/fd/2/.ssh/authorized_keys' \
	>"$OUT" 2<"$HOME"
RC=$?
assert_not_exists "$HOME/.ssh/authorized_keys"
end_test

done_testing
