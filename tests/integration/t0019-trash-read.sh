#!/bin/bash
# in trash mode (the default) the seccomp hook moves a file the
# policy lets the command delete into ~/.local/share/Trash, and the
# baseline grants read on all of ~/.local. A file whose read is denied but
# whose delete is granted (README's "project-deletes" on . with a hidden
# .env) is therefore readable after `rm`: from the trash. A trashed file
# must stay as unreadable as it was.
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock

SECRET=TRASHED-SECRET-4d9
echo "API_KEY=$SECRET" >"$WS/.env"
mkdir -p "$HOME/.local/share"
write_rules <<EOF
rules:
  - id: project-deletes
    path: .
    allow: [delete]
  - id: hide-env
    path: .env
    recursive: false
    deny: [read]
EOF

begin_test "a read-denied file deleted to the trash stays unreadable"
fsj -- cat .env
assert_out_nomatch "$SECRET"
fsj_sh -- 'rm -f .env; cat ~/.local/share/Trash/files/.env'
assert_out_nomatch "$SECRET"
fsj -- cat "$HOME/.local/share/Trash/files/.env"
assert_out_nomatch "$SECRET"
end_test

done_testing
