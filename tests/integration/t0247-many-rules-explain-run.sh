#!/bin/bash
# Many rules, resolved the fast way (issue 18: the path memo answers a
# rule path from its parent's resolution, decisions walk a path's
# ancestors once for every capability), still decided as before: explain
# --json and a run agree on each of a sample of paths, explain names the
# rule and its rules-file line, and that holds on the second run too (the
# compiled-policy cache's entry). The rules: 300 folders, every third
# denied create; rules written through a symlinked folder (link/ ->
# real/), a rule on a symlink itself (a grant through it reaches its
# target only where the target is granted too), rules on names that do not
# exist; then the link is pointed elsewhere between two runs. Last,
# explain's tier from the probe cache, whose mount-mask probe it now asks
# only when an entry could match.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock

mkdir -p "$WS/real" "$WS/other" "$WS/target" || bail_out "cannot make the folders"
ln -s real "$WS/link" && ln -s target "$WS/leaflink" || bail_out "cannot make the links"
{
	echo "rules:"
	for ((i = 0; i < 300; i++)); do
		mkdir -p "$WS/d$i" || exit 1
		if ((i % 3 == 0)); then
			printf '  - id: r%d\n    path: %s/d%d\n    deny: [create]\n' "$i" "$WS" "$i"
		else
			printf '  - id: r%d\n    path: %s/d%d\n    allow: [read, write, create]\n' "$i" "$WS" "$i"
		fi
	done
	for ((i = 0; i < 20; i++)); do
		mkdir -p "$WS/real/s$i" "$WS/other/s$i" || exit 1
		printf '  - id: l%d\n    path: %s/link/s%d\n    deny: [create]\n' "$i" "$WS" "$i"
		printf '  - id: m%d\n    path: %s/missing%d/x\n    deny: [create]\n' "$i" "$WS" "$i"
	done
	printf '  - id: leaf\n    path: %s/leaflink\n    deny: [create]\n' "$WS"
} | write_rules || bail_out "cannot write the rules"

# explain_says PATH: "ALLOWED ID ORIGIN" for create at PATH (explain --json).
explain_says()
{
	"$FSJAIL" explain --json --workspace "$WS" "$1" >"$T/explain.json" 2>"$ERR" ||
		{ echo error; return; }
	json "$T/explain.json" "(lambda c: ' '.join([str(c['allowed']).lower(),
		str((c.get('rule') or {}).get('id')), str((c.get('rule') or {}).get('origin'))]))(
		d['paths'][0]['capabilities']['create'])"
}

# line_of ID: the rules file's line of "- id: ID" (explain names it FILE:LINE).
line_of()
{
	grep -n -- "- id: $1\$" "$RULES" | cut -d: -f1
}

# check PATH ID: explain's create verdict at PATH/new is what a run does,
# and explain names rule ID at its line.
check()
{
	local p=$1/new id=$2 said allowed rid origin did

	said=$(explain_says "$p")
	read -r allowed rid origin <<<"$said"
	rm -f "$p"
	fsj_sh -- ': >"$1"' "$p"
	if [ -e "$p" ]; then did=true; else did=false; fi
	[ "$allowed" = "$did" ] || fail "create $p: explain says allowed=$allowed, the run did=$did"
	[ "$rid" = "$id" ] || fail "create $p: explain names rule '$rid', want '$id'"
	[ "$origin" = "$RULES:$(line_of "$id")" ] ||
		fail "create $p: explain gives origin '$origin', want $RULES:$(line_of "$id")"
}

sample()
{
	for i in 0 1 2 3 150 151 297 298 299; do
		check "$WS/d$i" "r$i"
	done
	check "$WS/real/s3" l3
	check "$WS/link/s4" l4
	check "$WS/real/s3/deeper" l3
}

begin_test "300 rules: explain and the run agree, explain names each rule and its line"
sample
end_test

begin_test "the second run (the compiled-policy cache's entry): the same"
# an entry is written only for a rules file changed over 2 s ago
sleep 3
"$FSJAIL" explain --workspace "$WS" "$WS" >/dev/null 2>&1
ls "$STATE_DIR/policy" 2>/dev/null | grep -q '^pc-' || fail "no compiled-policy cache entry"
sample
end_test

begin_test "a rule on a symlink: explain and the run agree at its target"
said=$(explain_says "$WS/target/new")
read -r allowed _ _ <<<"$said"
rm -f "$WS/target/new"
fsj_sh -- ': >"$1"' "$WS/target/new"
if [ -e "$WS/target/new" ]; then did=true; else did=false; fi
[ "$allowed" = "$did" ] || fail "create target/new: explain says allowed=$allowed, the run did=$did"
end_test

begin_test "the link pointed elsewhere between runs: the denies follow it"
rm "$WS/link" && ln -s other "$WS/link" || bail_out "cannot move the link"
check "$WS/other/s5" l5
said=$(explain_says "$WS/real/s5/new")
read -r allowed rid _ <<<"$said"
[ "$rid" != l5 ] || fail "real/s5 still named by rule l5 after the link moved"
rm -f "$WS/real/s5/new"
fsj_sh -- ': >"$1"' "$WS/real/s5/new"
if [ -e "$WS/real/s5/new" ]; then did=true; else did=false; fi
[ "$allowed" = "$did" ] || fail "create real/s5/new: explain says allowed=$allowed, the run did=$did"
[ "$did" = true ] || fail "create real/s5/new: still refused after the link moved away"
end_test

begin_test "explain's tier: the probe cache's entry only for the same mount-mask answer"
# the runs above proved a tier with this machine's mount masks; explain
# asks the mask probe only when an entry could match (issue 18). Without
# an entry explain shows guarded (enforce auto).
"$FSJAIL" explain --json --workspace "$WS" "$WS/d1" >"$T/e1.json" 2>"$ERR" || fail "explain failed"
FSJAIL_NO_MOUNT_MASKS=1 "$FSJAIL" explain --json --workspace "$WS" "$WS/d1" >"$T/e2.json" 2>"$ERR" ||
	fail "explain failed without masks"
t1=$(json "$T/e1.json" "d['tier']")
t2=$(json "$T/e2.json" "d['tier']")
"$FSJAIL" probe --json >"$T/probe.json" 2>"$ERR" || fail "probe failed"
proven=$(json "$T/probe.json" "d['proven_tier']")
[ "$t1" = "$proven" ] || fail "explain shows tier $t1, the probe proved $proven"
[ "$t2" = guarded ] || fail "explain without mount masks shows tier $t2 (an entry proven with them)"
end_test

done_testing
