#!/bin/bash
# The Seatbelt run path end to end on Linux (issue 6): `fsjail run
# --backend seatbelt` and `fsjail probe --backend seatbelt` through
# tests/helpers/sandbox-exec-stub.sh, which stands in for
# /usr/bin/sandbox-exec (FSJAIL_SANDBOX_EXEC): it records its arguments,
# loads the profile with the SBPL evaluator (sbpl-check: exit 65 naming the
# line when it does not compile or names an undefined parameter, as
# sandbox-exec does) and runs the command. The command is NOT confined by
# any kernel here; the stub's LD_PRELOAD model (sbpl-preload.so) makes
# ordinary programs obey the evaluator's decisions, so the probe's checks
# and the denials below show what the compiled profile says.
#
# Needs no Landlock: the seatbelt backend never applies it.
. "$(dirname "$0")/libtest.sh"

plan 14
setup

seatbelt_stub
MARK=$WS/marker

# The arguments of the stub's last call, one per line (NUL-separated in
# the record; none of the values used here holds a newline).
last_argv()
{
	tr '\0' '\n' <"$FSJAIL_STUB_DIR/argv.last"
}

probe()
{
	run_cmd "$FSJAIL" probe --backend seatbelt --workspace "$WS" "$@"
}

# `fsjail probe` may not be built into this fsjail yet; run may then
# start without a proven tier.
HAVE_PROBE=0
"$FSJAIL" probe --help >/dev/null 2>&1 && HAVE_PROBE=1

# --- probe -----------------------------------------------------------------
if [ "$HAVE_PROBE" = 0 ]; then
	skip "fsjail probe is not built into '$FSJAIL'"
else
begin_test "probe --backend seatbelt runs every tier's checks through the stub"
: >"$FSJAIL_STUB_DIR/calls"
probe --force
assert_rc 0
assert_out_match '^proven tier: full'
n=$(wc -l <"$FSJAIL_STUB_DIR/calls")
[ "$n" -ge 4 ] || fail "the stub ran $n times, expected a batch per tier"
# the denial checks were decided by the compiled profile
grep -q '^deny file-write-data ' "$FSJAIL_STUB_DIR/denials" ||
	fail "no file-write-data denial recorded"
grep -q '^deny process-exec ' "$FSJAIL_STUB_DIR/denials" || fail "no process-exec denial recorded"
grep -q '^deny file-read-data ' "$FSJAIL_STUB_DIR/denials" || fail "no file-read-data denial recorded"
end_test
fi

# --- run ---------------------------------------------------------------------
begin_test "run --backend seatbelt: sh -c 'echo ok' runs through the stub"
fsj --backend seatbelt -- sh -c 'echo ok'
assert_rc 0
assert_out_eq ok
mapfile -t A < <(last_argv)
[ "${A[0]}" = "$FSJAIL_SANDBOX_EXEC" ] || fail "argv[0] is '${A[0]}'"
[ "${A[1]}" = -f ] || fail "argv[1] is '${A[1]}', expected -f"
case ${A[2]} in /*/fsjail-profile-*) ;; *) fail "argv[2] '${A[2]}' is not fsjail's profile file" ;; esac
[ -e "${A[2]}" ] && fail "the profile file '${A[2]}' outlived the run"
i=3
nd=0
while [ "${A[$i]}" = -D ]; do
	case ${A[$((i + 1))]} in
	P[0-9]*=/* | BROKER=/*) nd=$((nd + 1)) ;;
	*) fail "unexpected parameter '${A[$((i + 1))]}'" ;;
	esac
	i=$((i + 2))
done
[ "$nd" -ge 3 ] || fail "only $nd -D parameters"
printf '%s\n' "${A[@]}" | grep -qx "P[0-9]*=$WS" || fail "no -D P<n>=$WS for the workspace"
[ "${A[$i]}" = -- ] || fail "'--' expected after the parameters, got '${A[$i]}'"
[ "${A[$((i + 1))]}" = sh ] && [ "${A[$((i + 2))]}" = -c ] && [ "${A[$((i + 3))]}" = "echo ok" ] ||
	fail "the command is not 'sh -c \"echo ok\"': ${A[*]:$i}"
[ "${#A[@]}" = $((i + 4)) ] || fail "extra arguments after the command: ${A[*]:$i}"
end_test

begin_test "run --backend seatbelt: the profile's decisions (preload model) hold"
: >"$FSJAIL_STUB_DIR/denials"
echo keep >"$HOME/victim"
fsj_sh --backend seatbelt -- 'echo in > "$1/inside" && cat "$1/inside"; echo out > "$2/outside"; rm -f "$2/victim"; echo done' "$WS" "$HOME"
assert_rc 0
assert_out_match '^in$'
assert_out_match '^done$'
assert_content "$WS/inside" in
assert_not_exists "$HOME/outside"
assert_content "$HOME/victim" keep
grep -qx "deny file-write-create $HOME/outside" "$FSJAIL_STUB_DIR/denials" ||
	fail "the create outside the grants was not denied by the profile"
grep -qx "deny file-write-unlink $HOME/victim" "$FSJAIL_STUB_DIR/denials" ||
	fail "the delete outside the grants was not denied by the profile"
fsj_sh --backend seatbelt -- 'rm -f "$1/inside"' "$WS"
assert_rc 0
assert_not_exists "$WS/inside"
end_test

begin_test "run --backend seatbelt: the profile opens this run's broker socket, a -D parameter, and no other"
rm -f "$FSJAIL_STUB_DIR/profile.last"
# network deny: otherwise an unfiltered (allow network-outbound) opens
# every socket and the rule would prove nothing. --accept-partial: the
# stub enforces no network here, so the probe's net-* checks fail and a
# network: deny run is otherwise refused (only the profile text is tested)
fsj --backend seatbelt --network deny --accept-partial --session stub-broker -- \
	sh -c 'printf "%s\n" "$FSJAIL_BROKER_SOCKET"; [ -S "$FSJAIL_BROKER_SOCKET" ] && echo socket-there'
assert_rc 0
assert_out_match '^socket-there$'
SOCK=$STATE_DIR/run/stub-broker/broker.sock
[ "$(head -n1 "$OUT")" = "$SOCK" ] || fail "the command's FSJAIL_BROKER_SOCKET is '$(head -n1 "$OUT")', expected '$SOCK'"
P=$FSJAIL_STUB_DIR/profile.last
[ -s "$P" ] || fail "the stub kept no copy of the profile"
# the socket reaches sandbox-exec as -D BROKER=<path>, once, exactly
mapfile -t A < <(last_argv)
nb=0
for ((i = 0; i + 1 < ${#A[@]}; i++)); do
	[ "${A[$i]}" = -D ] || continue
	case ${A[$((i + 1))]} in BROKER=*)
		nb=$((nb + 1))
		[ "${A[$((i + 1))]}" = "BROKER=$SOCK" ] || fail "'${A[$((i + 1))]}' is not BROKER=$SOCK"
		;;
	esac
done
[ "$nb" = 1 ] || fail "$nb -D BROKER=... parameters, expected 1"
# the rule names the parameter; the path is never in the text
grep -qxF '(allow network-outbound (remote unix-socket (path-literal (param "BROKER"))))' "$P" ||
	fail "no broker socket rule in the profile"
grep -qF "$SOCK" "$P" && fail "the socket path is written into the profile text"
# the session id is the run's tag, only in the denies' messages (issue 15
# item 5); nowhere else
grep -F stub-broker "$P" | grep -vq '(with message "stub-broker[:"]' &&
	fail "the session id is written into the profile text outside a message"
grep -qxF '(deny default (with message "stub-broker"))' "$P" ||
	fail "(deny default) does not carry the run's tag"
# the evaluator, with the parameters sandbox-exec got: connecting to the
# socket is allowed, to a sibling or the folder denied
D=()
for ((i = 0; i + 1 < ${#A[@]}; i++)); do
	[ "${A[$i]}" = -D ] && D+=(-D "${A[$((i + 1))]}")
done
run_cmd "$CHECK" --lint -f "$P" "${D[@]}" --decide network-outbound "$SOCK" \
	--decide network-outbound "${SOCK%/*}/other.sock" --decide network-outbound "$SOCK.2" \
	--decide network-outbound "${SOCK%/*}"
assert_rc 0
assert_out_match "^allow network-outbound $SOCK "
assert_out_match "^deny network-outbound ${SOCK%/*}/other.sock "
assert_out_match "^deny network-outbound $SOCK.2 "
assert_out_match "^deny network-outbound ${SOCK%/*} "
# the socket and its folder are gone with the run
assert_not_exists "$SOCK"
end_test

# --- sandbox-exec refuses: nothing runs -----------------------------------------
# sandbox-exec's three failures look alike by status (65, 71, 71); fsjail
# runs it once more on /usr/bin/true with its stderr captured to tell them
# apart (sandbox_seatbelt_diagnose()): every call of the stub fails here,
# as every call of sandbox-exec would with a profile that does not compile
# or cannot be applied.
begin_test "the stub exits 65 (profile refused): fsjail exits 125 naming sandbox-exec's line, the command never runs"
FSJAIL_STUB_EXIT=65 fsj_sh --backend seatbelt -- 'touch "$1"; echo ran-marker-65' "$MARK"
assert_rc 125
assert_not_exists "$MARK"
assert_out_nomatch 'ran-marker-65'
assert_err_match 'could not compile the profile \(exit 65\): sandbox-exec: .*:1: profile refused'
end_test

begin_test "the stub exits 71 with sandbox_apply (cannot apply): fsjail exits 125, the command never runs"
FSJAIL_STUB_EXIT=71 fsj_sh --backend seatbelt -- 'touch "$1"; echo ran-marker-71' "$MARK"
assert_rc 125
assert_not_exists "$MARK"
assert_out_nomatch 'ran-marker-71'
assert_err_match 'could not apply the profile \(exit 71\): sandbox-exec: sandbox_apply: Operation not permitted'
end_test

begin_test "the stub refuses the command's execution (71, execvp): a refusal naming the path, exit 126"
mkdir -p "$T/outside"
printf '#!/bin/sh\ntouch "$1"\n' >"$T/outside/tool"
chmod +x "$T/outside/tool"
FSJAIL_STUB_EXEC_REFUSE=outside/tool fsj --backend seatbelt -- "$T/outside/tool" "$MARK"
assert_rc 126
assert_not_exists "$MARK"
assert_err_match "^fsjail: refused: execute '$T/outside/tool': nothing grants it\$"
assert_out_nomatch 'could not apply'
end_test

begin_test "a command that itself exits 65 or 71 through the stub: its status is fsjail's"
for code in 65 71; do
	fsj_sh --backend seatbelt -- "exit $code"
	assert_rc "$code"
	assert_out_nomatch 'sandbox-exec'
done
end_test

begin_test "a missing -D parameter: the evaluator refuses the profile, naming the line"
FSJAIL_STUB_DROP=P0 fsj_sh --backend seatbelt -- 'touch "$1"; echo ran-drop' "$MARK"
assert_rc 125
assert_not_exists "$MARK"
assert_out_nomatch 'ran-drop'
assert_err_match "fsjail-profile-[^:]*:[0-9]+: parameter 'P0' is not defined"
assert_err_match 'could not compile the profile'
end_test

begin_test "a command that exits 3 through the stub: its status is fsjail's"
fsj --backend seatbelt -- sh -c 'exit 3'
assert_rc 3
end_test

begin_test "a hostile workspace name reaches sandbox-exec as a parameter, not as text"
HW=$T/home/'ws "q") (allow default) ;x'
mkdir -p "$HW"
(cd "$HW" && "$FSJAIL" run --backend seatbelt --workspace "$HW" -- sh -c 'echo hi > "$1/f"; cat "$1/f"' sh "$HW") >"$OUT" 2>"$ERR"
RC=$?
LAST_CMD="fsjail run --backend seatbelt --workspace '$HW' ..."
assert_rc 0
assert_out_eq hi
assert_content "$HW/f" hi
found=0
while IFS= read -r -d '' a; do
	case $a in P[0-9]*=*) [ "${a#*=}" = "$HW" ] && found=1 ;; esac
done <"$FSJAIL_STUB_DIR/argv.last"
[ "$found" = 1 ] || fail "no -D P<n>=<workspace> with the workspace's exact bytes"
end_test

begin_test "compile --backend seatbelt: the profile loads in the evaluator with its parameters"
run_cmd "$FSJAIL" compile --backend seatbelt --workspace "$WS"
assert_rc 0
# ";; P3="..."": JSON-escaped values; the test's paths need no escapes
sed -n 's/^;; \(P[0-9]*\|BROKER\)="\(.*\)"$/-D\n\1=\2/p' "$OUT" >"$T/dargs"
[ -s "$T/dargs" ] || fail "no parameters in the output of compile"
mapfile -t D <"$T/dargs"
cp "$OUT" "$T/compiled.sb"
run_cmd "$CHECK" --lint -f "$T/compiled.sb" "${D[@]}" --decide file-write-data "$WS/x" \
	--decide file-write-data "$HOME/x"
assert_rc 0
assert_out_match "^allow file-write-data $WS/x "
assert_out_match "^deny file-write-data $HOME/x "
end_test

begin_test "a preamble that is not one (sbpl-preamble.sb): no profile, sandbox-exec never called"
mkdir -p "$T/data"
cp "$FSJAIL_DATADIR/baseline-linux.yaml" "$T/data/"
printf '(deny default)\n' >"$T/data/sbpl-preamble.sb"
run_cmd env FSJAIL_DATADIR="$T/data" "$FSJAIL" compile --backend seatbelt --workspace "$WS"
assert_rc_not 0
assert_err_match "$T/data/sbpl-preamble.sb:1: .*\\(version 1\\)"
[ -s "$OUT" ] && fail "compile printed a profile"
: >"$FSJAIL_STUB_DIR/calls"
FSJAIL_DATADIR=$T/data fsj_sh --backend seatbelt -- 'touch "$1"; echo ran-bad-preamble' "$MARK"
assert_rc 125
assert_not_exists "$MARK"
assert_out_nomatch 'ran-bad-preamble'
assert_err_match 'sbpl-preamble.sb'
[ -s "$FSJAIL_STUB_DIR/calls" ] && fail "sandbox-exec was called: $(cat "$FSJAIL_STUB_DIR/calls")"
end_test

# Last: it leaves an unproven result in the probe cache.
if [ "$HAVE_PROBE" = 0 ]; then
	skip "fsjail probe is not built into '$FSJAIL'"
else
begin_test "probe through a stub that confines nothing proves no tier"
FSJAIL_STUB_PRELOAD= probe --force
assert_rc_not 0
assert_out_match '^proven tier: none'
assert_out_match 'write-denied +write +failed'
end_test
fi

done_testing
