#!/bin/bash
# Linear where input can grow (issue 19 item 2): `fsjail check` on a 1 MiB
# shell line and `fsjail allow list` on a 1 MiB rules file, of the shapes
# that were quadratic (the words of one command: a 290 KB line took
# ~2.4 GB and minutes; the operands of one rm, also inside `bash -c`;
# the commands of one list (each looked up among the earlier deletes);
# the keys of one YAML
# mapping, checked for duplicates pairwise), each finish with bounded
# memory (peak RSS under 768 MiB, sanitizer builds included; the old code
# needed gigabytes), and the CPU time of the 1 MiB input is under 64 times
# that of a 1/16 one measured in the same invocation (linear: ~16;
# quadratic: ~256). No clock is compared with a constant: the ratio is
# the assertion (tests/helpers/cost.py). A line over the 1 MiB cap is
# refused with a message, never analysed. The sizes are the point (the cap).
. "$(dirname "$0")/libtest.sh"

plan 7
setup

COST=$TEST_SRCDIR/helpers/cost.py
MAX_RSS_KIB=$((768 * 1024))

# shape NAME BYTES: write $T/NAME-BYTES (a line or a file of that shape).
shape()
{
	python3 - "$1" "$2" "$T/$1-$2" <<'PY'
import sys
name, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]


def grow(s, fmt, limit):
    """s, then fmt % 0, fmt % 1, ... while shorter than limit (a join:
    appending to one string of 1 MiB was quadratic, ~40 s per shape)."""
    parts, size, i = [s], len(s), 0
    while size < limit:
        parts.append(fmt % i)
        size += len(parts[-1])
        i += 1
    return "".join(parts)


if name == "words":
    s = "echo" + " w" * ((n - 4) // 2)
elif name == "rm":
    s = grow("rm", " f%d", n - 16)
elif name == "bashc":
    s = grow("bash -c 'rm", " f%d", n - 16) + "'"
elif name == "list":
    s = " ; ".join("touch a%d" % i for i in range(n // 12))[: n - 16].rsplit(" ;", 1)[0]
elif name == "rules":
    s = grow("rules:\n", "  - {path: /w/p%d, allow: [read]}\n", n - 64)
elif name == "keys":
    s = grow("x:\n", "  k%d: 1\n", n - 64) + "rules: []\n"
open(out, "w").write(s)
PY
}

# cost NAME: CMD... run on the 64 KiB and 1 MiB inputs of shape NAME;
# checks the exit status (EXPECT_RC), the peak RSS and the CPU ratio.
cost()
{
	local name=$1 small big rc1 cpu1 rss1 rc2 cpu2 rss2
	shift
	shape "$name" 65536
	shape "$name" 1048000
	for f in 65536 1048000; do
		case $name in
		rules | keys) cp "$T/$name-$f" "$RULES" ;;
		esac
		# the hang guard is not the assertion: minutes mean a regression
		read -r rc cpu rss < <(timeout -k 5 300 python3 "$COST" "$T/$name-$f" -- "$@")
		if [ "$f" = 65536 ]; then rc1=$rc cpu1=$cpu rss1=$rss; else rc2=$rc cpu2=$cpu rss2=$rss; fi
	done
	diag "$name: 64 KiB: rc $rc1, ${cpu1}s CPU, ${rss1} KiB; 1 MiB: rc $rc2, ${cpu2}s CPU, ${rss2} KiB"
	[ "$rc1" = "$EXPECT_RC" ] && [ "$rc2" = "$EXPECT_RC" ] ||
		fail "$name: exit $rc1 and $rc2, expected $EXPECT_RC"
	[ "${rss2:-0}" -lt "$MAX_RSS_KIB" ] || fail "$name: 1 MiB took ${rss2} KiB (cap $MAX_RSS_KIB)"
	python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(0 if b < 64 * max(a, 0.01) else 1)" \
		"$cpu1" "$cpu2" || fail "$name: ${cpu2}s CPU for 1 MiB against ${cpu1}s for 64 KiB: not linear"
}

EXPECT_RC=0
begin_test "check: one command of 500,000 words, 1 MiB"
cost words "$FSJAIL" check --tier guarded -- -
end_test

begin_test "check: one rm of 130,000 operands, 1 MiB"
cost rm "$FSJAIL" check --tier guarded -- -
end_test

begin_test "check: bash -c of one rm of 130,000 operands, 1 MiB (each effect spans the string)"
cost bashc "$FSJAIL" check --tier guarded -- -
end_test

begin_test "check: 80,000 commands in one list, 1 MiB"
cost list "$FSJAIL" check --tier guarded -- -
end_test

begin_test "rules file of 1 MiB: 30,000 rules, and a mapping of 120,000 keys"
cost rules "$FSJAIL" allow list
EXPECT_RC=125
cost keys "$FSJAIL" allow list
end_test

begin_test "a line over the 1 MiB cap is refused with a message"
python3 -c "import sys; sys.stdout.write('echo ' + 'w' * (1 << 20))" >"$T/huge"
run_cmd "$FSJAIL" check -- - <"$T/huge"
assert_rc 125
assert_err_match "1048576|longer|too long|cap"
rm -f "$RULES"
end_test

# The audit log is read from its end for --tail (issue 19: a log over
# 256 MiB was refused outright, even for --tail 1): a sparse 300 MiB log
# whose last line is a record gives that line, in bounded memory.
begin_test "log --tail 1 on a 300 MiB audit log: the last line, read from the end"
mkdir -p "$STATE_DIR"
truncate -s $((300 << 20)) "$STATE_DIR/audit.ndjson"
last='{"schema":"fsjail-audit/1","session":"big","decision":"allow","path":"/last"}'
printf '\n%s\n' "$last" >>"$STATE_DIR/audit.ndjson"
read -r rc cpu rss < <(timeout -k 5 300 python3 "$COST" /dev/null -- "$FSJAIL" log --json --tail 1)
diag "log --tail 1: rc $rc, ${cpu}s CPU, ${rss} KiB"
[ "$rc" = 0 ] || fail "log --tail 1: exit $rc"
[ "${rss:-0}" -lt $((128 * 1024)) ] || fail "log --tail 1 took ${rss} KiB"
run_cmd "$FSJAIL" log --json --tail 1
grep -q '"/last"' "$OUT" || fail "log --tail 1 does not print the last line: $(head -c 200 "$OUT")"
rm -f "$STATE_DIR/audit.ndjson"
end_test

done_testing
