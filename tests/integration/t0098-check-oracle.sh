#!/bin/bash
# `fsjail check` against what bash really does (issue 17): tests/oracle/
# runs each line with bash under strace, in bubblewrap (host read-only, no
# network), and fails on any observed (path, capability) the prediction
# misses. Here: the corpus of real lines (tests/oracle/corpus.jsonl), a
# bounded seeded sample of generated lines (that differs from seed to seed
# and holds every construct of DESIGN.md section 11), the shapes the issue
# names, and a check that the oracle can fail at all (a prediction of
# nothing must be caught). bench/check-oracle.sh runs longer samples.
# The corpus: tests/oracle/corpus.jsonl (hand-picked lines: agent
# transcripts, bug reports, scripts), corpus-debian.jsonl (Debian packages'
# scripts), corpus-ci.jsonl (CI configurations); each line names its source.
#
# strace, bwrap and python3 are tools, not the kernel: without them the
# tests SKIP loudly, and FAIL when FSJAIL_REQUIRE_ORACLE=1 (CI sets it
# when README's apt line installed them). FSJAIL_ORACLE_SEED and
# FSJAIL_ORACLE_N change the generated sample (default seed 17, 150 lines).
. "$(dirname "$0")/libtest.sh"

plan 5
setup

oracle=$TEST_SRCDIR/oracle/oracle.py
seed=${FSJAIL_ORACLE_SEED:-17}
n=${FSJAIL_ORACLE_N:-150}

missing=
for tool in python3 strace bwrap; do
	command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -z "$missing" ] && ! bwrap --ro-bind / / --dev /dev --proc /proc --unshare-net -- true 2>/dev/null; then
	missing=" bwrap (cannot make a sandbox here)"
fi
if [ -n "$missing" ]; then
	for t in corpus generator sample named-shapes can-fail; do
		if [ "${FSJAIL_REQUIRE_ORACLE:-0}" = 1 ]; then
			not_ok "oracle $t: FSJAIL_REQUIRE_ORACLE=1 and missing:$missing"
		else
			skip "oracle $t: missing:$missing (install strace and bubblewrap)"
		fi
	done
	done_testing
	exit
fi

begin_test "the corpus of real lines: no observed effect the prediction misses"
python3 "$oracle" --fsjail "$FSJAIL" "$TEST_SRCDIR"/oracle/corpus*.jsonl >"$T/corpus.out" 2>&1
rc=$?
tail -n 1 "$T/corpus.out" | sed 's/^/# /'
[ $rc = 0 ] || { diag_file "misses" "$T/corpus.out"; fail "oracle exit $rc"; }
end_test

begin_test "the generator: its sample differs by seed and holds every construct of section 11"
gen=$TEST_SRCDIR/oracle/gen.py
python3 "$gen" 30 "$seed" >"$T/g1" && python3 "$gen" 30 "$((seed + 1))" >"$T/g2" ||
	fail "gen.py failed"
cmp -s "$T/g1" "$T/g2" && fail "seeds $seed and $((seed + 1)) give the same lines"
python3 "$gen" 30 "$seed" | cmp -s - "$T/g1" || fail "seed $seed does not give the same lines twice"
lacks=$(python3 "$gen" --coverage "$n" "$seed") || fail "seed $seed, $n lines lack: $lacks"
end_test

begin_test "a seeded sample of $n generated lines (seed $seed): no miss"
python3 "$oracle" --fsjail "$FSJAIL" --gen "$n" --seed "$seed" >"$T/gen.out" 2>&1
rc=$?
tail -n 1 "$T/gen.out" | sed 's/^/# /'
[ $rc = 0 ] || { diag_file "misses" "$T/gen.out"
	fail "oracle exit $rc with seed $seed (again: FSJAIL_ORACLE_SEED=$seed FSJAIL_ORACLE_N=$n)"; }
end_test

begin_test "issue 17's shapes: 'cd X && cmd > f', a here-document in a list, 'a && b > f | c'"
printf '%s\n' \
	'{"line": "cd X && echo hi > f; echo there > g", "files": ["X/"]}' \
	'{"line": "cat <<EOF > out.txt && rm gone.txt\nbody\nEOF", "files": ["gone.txt"]}' \
	'{"line": "cd X && sort < a.txt > s.txt | tee t.txt; touch u.txt", "files": ["X/a.txt"]}' \
	>"$T/shapes.jsonl"
python3 "$oracle" --fsjail "$FSJAIL" -v "$T/shapes.jsonl" >"$T/shapes.out" 2>&1
rc=$?
[ $rc = 0 ] || { diag_file "misses" "$T/shapes.out"; fail "oracle exit $rc"; }
end_test

begin_test "the oracle can fail: a prediction of nothing is caught"
# the oracle asks `fsjail check --json --lines -`: one answer per request
cat >"$T/blind" <<'STUB'
#!/bin/sh
while read -r request; do
	echo '{"schema": "fsjail-check/1", "overall": "allow", "complete": true, "effects": []}'
done
STUB
chmod +x "$T/blind"
python3 "$oracle" --fsjail "$T/blind" --line 'touch new.txt; echo x > a.txt' >"$T/blind.out" 2>&1
rc=$?
[ $rc = 1 ] || { diag_file "output" "$T/blind.out"; fail "oracle exit $rc, expected 1"; }
grep -q 'missed create .*/ws/new.txt' "$T/blind.out" || fail "the missed create of new.txt is not reported"
end_test

done_testing
