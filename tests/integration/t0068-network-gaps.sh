#!/bin/bash
# network: deny is refused where the probe found it not kept, and compile
# shows the layers run adds (issue 12; fsjail(1) --accept-partial,
# compile; src/probe-status.c probe_network_gaps(), src/sandbox-linux.h):
# - with the probe's net-udp check failing (FSJAIL_PROBE_FAIL, as a kernel
#   where UDP leaves the sandbox would), `run --network deny` exits 125
#   naming the check, before the command runs; with --accept-partial it
#   warns and runs; with network allow nothing is said;
# - `compile --backend landlock` prints, after the ruleset, the network
#   layer (own namespace, or the seccomp socket filter) and the noexec
#   layer.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

begin_test "network: deny with the probe's net-udp failing: refused (125) before the command runs"
FSJAIL_PROBE_FAIL=net-udp fsj --network deny -- sh -c 'echo ran >"$1"' sh "$WS/ran"
assert_rc 125
assert_not_exists "$WS/ran"
assert_err_match "refusing to run: this kernel enforces the policy only in part"
assert_err_match "network: deny is not proven at tier [a-z]+: the probe's net-udp check failed"
assert_err_match "accept-partial"
end_test

begin_test "with --accept-partial it warns and runs; with network: allow nothing is said"
FSJAIL_PROBE_FAIL=net-udp fsj --network deny --accept-partial -- echo ran
assert_rc 0
assert_out_match '^ran$'
assert_err_match "warning: this kernel enforces the policy only in part"
assert_err_match "net-udp"
FSJAIL_PROBE_FAIL=net-udp fsj -- echo ran
assert_rc 0
grep -q "net-udp" "$ERR" && fail "network: allow warned about net-udp: $(cat "$ERR")"
end_test

begin_test "compile --backend landlock prints the network and noexec layers after the ruleset"
run_cmd "$FSJAIL" compile --workspace "$WS" --backend landlock --network deny
assert_rc 0
assert_out_match "^# layers fsjail run adds around the ruleset$"
assert_out_match "^network deny: (own network namespace, loopback only|seccomp: socket\\(\\) refused)"
assert_out_match "^(exec area /usr |noexec layer: )"
FSJAIL_NO_NET_NAMESPACE=1 run_cmd "$FSJAIL" compile --workspace "$WS" --backend landlock --network deny
assert_out_match "^network deny: seccomp: socket\\(\\) refused but for AF_UNIX, AF_NETLINK$"
run_cmd "$FSJAIL" compile --workspace "$WS" --backend landlock --network allow --tier writes
assert_out_match "^network deny: none \\(network: allow\\)$"
assert_out_match "^noexec layer: none \\(the tier leaves execute open\\)$"
end_test

done_testing
