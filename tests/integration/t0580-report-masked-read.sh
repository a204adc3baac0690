#!/bin/bash
# A read deny on a path that exists (a file, a folder) is carried by a
# mount mask: the command opens an empty file or folder, and the call
# succeeds. --report said each such read was refused with errno EACCES,
# the summary said nothing of the empty content, and the audit log the
# same: not what the command got (cat printed nothing and exited 0; ls
# listed nothing). Now the record's errno is null, its reason and the
# summary line say the call did not fail and saw an empty file or
# folder, and a read Landlock refuses keeps its EACCES.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0580_USER 2
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS
echo SECRET=1 >"$WS/.env"
mkdir "$WS/secrets" && echo k >"$WS/secrets/k"
echo outside >"$T/outside"
write_rules <<EOF2
rules:
  - id: no-env
    path: .env
    deny: [read]
  - id: no-secrets
    path: secrets
    deny: [read]
EOF2

begin_test "a masked read is reported as what the command got: no error, empty"
fsj --report "$T/R" -- bash -c 'cat .env; echo "cat=$?"; ls -A secrets; echo "ls=$?"
	cat "$1"; echo "out=$?"' bash "$T/outside"
assert_out_match '^cat=0$'
assert_out_match '^ls=0$'
assert_out_match '^out=1$'
got=$(python3 -c 'import json,sys
for l in open(sys.argv[1]):
    d = json.loads(l)
    print(d["path"], d["rule_id"], d["errno"])' "$T/R" 2>&1 | sort)
want=$(printf '%s\n' "$T/outside None EACCES" "$WS/.env no-env None" "$WS/secrets no-secrets None" | sort)
[ "$got" = "$want" ] || { fail "report: $got"; diag_file "report" "$T/R"; }
assert_err_match "read $WS/\.env: explicit rule 'no-env' .*the call did not fail, it saw an empty file"
assert_err_match "read $WS/secrets: explicit rule 'no-secrets' .*the call did not fail, it saw an empty folder"
end_test

begin_test "the audit log says the same"
run_cmd "$FSJAIL" log
assert_out_match "$WS/\.env.*did not fail, it saw an empty file; openat; none"
assert_out_nomatch "$WS/\.env.*EACCES"
end_test

end_user_pass
done_testing
