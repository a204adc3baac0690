#!/bin/bash
# The everyday `deny: [read]` on a .env that does not exist yet must not
# cost its folder anything (issue 12 item 3). It expanded the workspace
# instead: `ls` and `git status` said "cannot open directory '.'", every
# file the run made there was unreadable (cat: Permission denied), and
# neither the summary nor --report said a word of it. Now the seccomp
# listener keeps the denied name absent (a file, a folder, a symbolic or
# hard link, a rename, a copy: each refused and named with the read
# deny's rule), and the workspace keeps its grant whole.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0540_USER 3
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS
git_env
git init -q "$WS" && echo a >"$WS/a" && git -C "$WS" add a && git -C "$WS" commit -qm a ||
	bail_out "cannot make a repository in $WS"
write_rules <<EOF
rules:
  - id: no-env
    path: .env
    deny: [read]
EOF

begin_test "the workspace stays listable and what the run makes stays readable"
fsj --report "$T/R" -- bash -c 'ls && echo new >new.txt && cat new.txt && git status --short &&
	echo end'
assert_rc 0
assert_out_match '^a$'
assert_out_match '^new$'
assert_out_match '^\?\? new.txt$'
assert_out_match '^end$'
! grep -q 'Permission denied' "$ERR" || { fail "a refusal"; diag_file "stderr" "$ERR"; }
[ ! -s "$T/R" ] || { fail "refusals reported"; diag_file "report" "$T/R"; }
end_test

begin_test "the denied name cannot be made by any call, each refusal said with the rule"
rm -f "$WS/new.txt"
echo s >"$T/src"
fsj --report "$T/R" -- bash -c 'echo x >.env; touch .env; mkdir .env; ln -s a .env; ln a .env
	echo y >y && mv y .env; cp a .env; echo end'
assert_out_match '^end$'
assert_not_exists "$WS/.env"
assert_err_match "create $WS/.env: explicit rule 'no-env'"
got=$(python3 -c 'import json,sys
ls = [json.loads(l) for l in open(sys.argv[1])]
print(sorted({(l["capability"], l["path"], l["rule_id"], l["errno"]) for l in ls}))' "$T/R" 2>&1)
[ "$got" = "[('create', '$WS/.env', 'no-env', 'EACCES')]" ] ||
	{ fail "report: $got"; diag_file "report" "$T/R"; }
end_test

begin_test "explain and check say the create is refused, status keeps the workspace whole"
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/.env"
assert_out_match "create +allow .*not in force: its read deny"
assert_out_nomatch "is expanded"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_nomatch "^  $WS: "
run_cmd "$FSJAIL" check --workspace "$WS" -- 'echo x >.env'
assert_rc 4
assert_out_match "^refused +create +$WS/\.env .*its read deny keeps it absent"
run_cmd "$FSJAIL" check --workspace "$WS" -- 'echo x >.env.example'
assert_rc 0
end_test

end_user_pass
done_testing
