# shellcheck shell=bash
# libprobe.sh - `fsjail probe --json` and its cache, for the tests of the
# probe cache (t0013, t0300, t0373). Source it after libtest.sh.
#
# probe_json_in DIR [ENV=VALUE...] [-- PROBE-OPTIONS]: fsjail probe --json
# of workspace DIR into $T/p.json (and $OUT); RC, ERR and LAST_CMD set.
probe_json_in()
{
	local ws=$1 envs=()
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		envs+=("$1")
		shift
	done
	[ "${1:-}" = -- ] && shift
	env "${envs[@]}" "$FSJAIL" probe --workspace "$ws" --json "$@" >"$T/p.json" 2>"$ERR"
	RC=$?
	cp "$T/p.json" "$OUT"
	LAST_CMD="${envs[*]} fsjail probe --workspace $ws --json $*"
}

# expect_cached True|False DESC: the last report's "cached" is the first.
expect_cached()
{
	local got
	got=$(json "$T/p.json" 'd["cached"]' 2>/dev/null)
	if [ "$got" != "$1" ]; then
		fail "cached is '$got', expected $1 ($2)"
		diag_last
	fi
}
