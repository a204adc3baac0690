# libcheckrun.sh - check's prediction against run's refusal, one line at
# a time (t0435-t0437). Sourced after libtest.sh, from a test that has
# called setup (uses $WS, $T, $ERR and fsj).

# check_run_pair LINE CAP PATH [VERDICT]: `fsjail check --json` on LINE
# is not allow and has an effect CAP on PATH whose decision is VERDICT
# (default: anything but allowed); a run of LINE (--report, which lists
# refused reads too) refuses CAP on PATH or on a path beneath it. Sets
# REFUSAL to that refusal's report line.
check_run_pair()
{
	local line=$1 cap=$2 path=$3 verdict=${4:-} said hit
	"$FSJAIL" check --json --workspace "$WS" -- "$line" >"$T/check.json" 2>"$ERR"
	said=$(json "$T/check.json" "d['overall']")
	hit=$(json "$T/check.json" "any(e['capability'] == '$cap' and e['path'] == '$path' and e['decision'] != 'allowed' and '$verdict' in ('', e['decision']) for e in d['effects'])")
	if [ "$said" = allow ] || [ "$hit" != True ]; then
		fail "'$line': check says $said; $cap on $path ${verdict:-not allowed}: $hit"
		diag_file "check" "$T/check.json"
	fi
	rm -f "$T/report"
	fsj --report "$T/report" -- bash -c "$line"
	REFUSAL=$(python3 -c 'import json, sys
p = sys.argv[3]
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r["capability"] == sys.argv[2] and (r["path"] == p or r["path"].startswith(p + "/")):
        print(l.strip()); break' "$T/report" "$cap" "$path" 2>&1)
	if [ -z "$REFUSAL" ]; then
		fail "'$line': the run refused no $cap at or beneath $path"
		diag_file "report" "$T/report"
		diag_last
	fi
}
