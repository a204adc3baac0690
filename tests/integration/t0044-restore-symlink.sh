#!/bin/bash
# `fsjail backups restore` writes each backed-up file back to its
# recorded path with open(dir) following symlinks. A command that may
# delete in its workspace makes sub/.bashrc with a payload (run 1), changes
# it so that ModifyBackup saves the payload, then replaces sub with a
# symlink to $HOME (run 2). The user's restore, outside any sandbox, then
# writes the payload over ~/.bashrc. Restore must not follow a symlink that
# is not in the recorded path (open the folder with RESOLVE_NO_SYMLINKS and
# check it is the one backed up).
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock

echo "export SAFE=1" >"$HOME/.bashrc"
snapshot "$HOME/.bashrc"
write_rules <<EOF
rules:
  - path: .
    allow: [delete]
EOF

begin_test "restore does not follow a symlink the command put in the path"
fsj_sh -- 'mkdir -p sub && echo "echo PWNED-BY-RESTORE" > sub/.bashrc'
fsj_sh -- 'echo harmless > sub/.bashrc; mv sub sub.old; ln -s "$1" sub' "$HOME"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_unchanged "$HOME/.bashrc"
end_test

done_testing
