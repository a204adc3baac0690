#!/bin/bash
# A `deny: [execute]` on one file of a big folder must hold against the
# loader too (issue 13 item 6, att35). The deny is carried by expansion:
# each other entry of the folder (and of its folders above) is granted
# execute on its own. The noexec layer laid one mount per exec-granted
# path and gave up past 256 of them, silently (only `compile` said "not
# laid"; `status` said execute was enforced "fully"), so
# `ld.so tools/denied` ran the denied binary and mmap(PROT_EXEC) of it
# worked. Now the layer folds an expanded folder back into one exec area
# with a noexec hole over each entry without execute, and a layer still
# too big refuses the run (unless --accept-partial) instead of a silent gap.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0601_USER 4
setup
require_landlock
LDSO=
for f in /lib64/ld-linux-x86-64.so.2 /lib/ld-linux-aarch64.so.1 /lib/ld-linux.so.2; do
	[ -x "$f" ] && LDSO=$f && break
done
[ -n "$LDSO" ] || skip_rest_kernel "no dynamic loader found to try the loader trick with"

# 300 entries: more exec-granted paths than the layer's old limit; touch
# leaves a marker, so the test sees whether the binary really ran
mkdir -p "$WS/tools/sub"
for i in $(seq 300); do : >"$WS/tools/f$i"; done
cp /usr/bin/touch "$WS/tools/denied" && cp /usr/bin/touch "$WS/tools/sub/denied2" &&
	cp /usr/bin/touch "$WS/tools/ok" && chmod 755 "$WS/tools/denied" "$WS/tools/sub/denied2" "$WS/tools/ok" ||
	bail_out "cannot copy touch"
write_rules <<EOF2
rules:
  - id: no-denied
    path: tools/denied
    deny: [execute]
  - id: no-sub
    path: tools/sub
    deny: [execute]
EOF2
MMAP='import mmap, sys
f = open(sys.argv[1], "rb")
try:
    mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ | mmap.PROT_EXEC)
    print("mmap=mapped")
except PermissionError:
    print("mmap=refused")'

begin_test "the denied binaries run neither directly nor by the loader, nor map executable"
fsj -- bash -c "./tools/denied \"\$PWD/m1\"; $LDSO ./tools/denied \"\$PWD/m2\"
	$LDSO ./tools/sub/denied2 \"\$PWD/m3\"; python3 -c '$MMAP' tools/denied; echo end"
assert_out_match '^end$'
assert_out_match '^mmap=refused$'
for m in m1 m2 m3; do assert_not_exists "$WS/$m"; done
end_test

begin_test "the folder's other binaries, and /usr still run, directly and by the loader"
fsj -- bash -c "./tools/ok \"\$PWD/k1\" && $LDSO ./tools/ok \"\$PWD/k2\" &&
	$LDSO /usr/bin/touch \"\$PWD/k4\" && python3 -c '$MMAP' tools/ok"
assert_rc 0
assert_out_match '^mmap=mapped$'
for m in k1 k2 k4; do [ -e "$WS/$m" ] || fail "$m was not made: the binary did not run"; done
end_test

begin_test "check predicts the loader's refusal: the program it maps is executed"
run_cmd "$FSJAIL" check --workspace "$WS" -- "$LDSO ./tools/denied x"
assert_rc 4
assert_out_match "^refused +execute +$WS/tools/denied "
run_cmd "$FSJAIL" check --workspace "$WS" -- "$LDSO --library-path /nowhere ./tools/ok x"
assert_out_nomatch "^refused"
end_test

begin_test "a layer still too big is not a silent gap: run refuses unless --accept-partial"
mkdir -p "$WS/many"
{
	echo "rules:"
	for i in $(seq 300); do
		: >"$WS/many/g$i" && cp /usr/bin/touch "$WS/many/d$i" && chmod 755 "$WS/many/d$i" || exit 1
		printf '  - path: many/d%d\n    deny: [execute]\n' "$i"
	done
} >"$RULES" || bail_out "cannot write the rules"
fsj -- "$LDSO" ./many/d1 "$WS/m4"
assert_rc 125
assert_err_match "refusing to run: .*only in part"
assert_err_match "can still be mapped executable .*more than 256"
assert_not_exists "$WS/m4"
fsj --accept-partial -- true
assert_rc 0
end_test

end_user_pass
done_testing
