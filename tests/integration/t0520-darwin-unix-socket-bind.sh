#!/bin/bash
# On a Mac, bind(2) of a pathname Unix socket is the operation
# network-bind, filtered by (local unix-socket ...), not file-write-create
# alone: microsoft/mxc PR 749 ("Seatbelt matches AF_UNIX sockets by path:
# bind() under network-bind, connect() under network-outbound", measured),
# agent-sandbox.nix PR 92 and safedep/pmg issue 307 (an IPC socket in a
# writable folder fails with EPERM at bind), openai/codex
# codex-rs/core/src/seatbelt.rs (network-bind (local unix-socket (subpath
# (param ...)))). fsjail's create is Landlock's MAKE_SOCK too, so the
# profile allows network-bind exactly where create is allowed and denies it
# where create is denied. Decided here by the evaluator of tests/sbpl-eval
# (sbpl-check) on the `compile --platform darwin` output.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
: "${TEST_BUILDDIR:=$TEST_SRCDIR}"
CHECK=$TEST_BUILDDIR/helpers/sbpl-check
[ -x "$CHECK" ] || bail_out "no sbpl-check at $CHECK (make check builds it)"

# a Mac's environment: nothing of it exists here (t0031, t0434)
mac()
{
	env -u FSJAIL_HOME HOME=/Users/u TMPDIR=/var/folders/xy/abc123/T "$@"
}
MAC_WS=/Users/u/proj
write_rules <<EOF
rules:
  - id: docker
    path: /Users/u/.docker/run/docker.sock
    recursive: false
    allow: [connect]
EOF

# decide NETWORK OP PATH...: compile the darwin profile and print the
# evaluator's verdict for each (op, path) pair, one "allow|deny OP PATH" line
decide()
{
	local net=$1 prof=$T/darwin-$1.sb
	local -a d=()
	shift
	mac "$FSJAIL" compile --platform darwin --workspace "$MAC_WS" --rules "$RULES" \
		--tier guarded --network "$net" >"$prof" 2>"$ERR" || {
		fail "compile --network $net: $(cat "$ERR")"
		return 1
	}
	while IFS= read -r p; do
		d+=(-D "$p")
	done < <(sed -n 's/^;; \(P[0-9]*\)="\(.*\)"$/\1=\2/p' "$prof")
	while [ $# -ge 2 ]; do
		d+=(--decide "$1" "$2")
		shift 2
	done
	"$CHECK" -f "$prof" -D BROKER=/private/tmp/none "${d[@]}" | cut -d' ' -f1-3
}

begin_test "network deny: a socket bound in the workspace is allowed, as creating a file there is"
decide deny network-bind "$MAC_WS/.tsx/1.pipe" file-write-create "$MAC_WS/.tsx/1.pipe" >"$OUT"
grep -qx "allow network-bind $MAC_WS/.tsx/1.pipe" "$OUT" || fail "bind in the workspace: $(cat "$OUT")"
grep -qx "allow file-write-create $MAC_WS/.tsx/1.pipe" "$OUT" || fail "create: $(cat "$OUT")"
end_test

# With the network on, (allow network-inbound) opens every bind; the
# protected denies still close theirs, as they close making a file there.
begin_test "a socket is not bound where create is refused: protected (network on or off), ungranted (off)"
for net in deny allow; do
	decide "$net" network-bind "$MAC_WS/.claude/settings.json" \
		network-bind /Users/u/.ssh/agent.sock \
		network-bind /Users/u/.docker/run/docker.sock >"$OUT"
	for p in "$MAC_WS/.claude/settings.json" /Users/u/.ssh/agent.sock; do
		grep -qx "deny network-bind $p" "$OUT" || fail "network $net: bind $p: $(cat "$OUT")"
	done
done
decide deny network-bind /Users/u/.docker/run/docker.sock >"$OUT"
grep -qx "deny network-bind /Users/u/.docker/run/docker.sock" "$OUT" || fail "ungranted: $(cat "$OUT")"
end_test

begin_test "connect stays the connect capability: (remote unix-socket) is not a bind, nor the reverse"
decide deny network-outbound /Users/u/.docker/run/docker.sock \
	network-outbound "$MAC_WS/.tsx/1.pipe" >"$OUT"
grep -qx "allow network-outbound /Users/u/.docker/run/docker.sock" "$OUT" || fail "granted connect: $(cat "$OUT")"
grep -qx "deny network-outbound $MAC_WS/.tsx/1.pipe" "$OUT" || fail "connect without the grant: $(cat "$OUT")"
end_test

done_testing
