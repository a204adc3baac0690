#!/bin/bash
# t0031-platform-darwin.sh - the policy and profile a Mac gets, built here
# with --platform darwin (issue 15, item 2):
# - compile --platform darwin prints, for every tier, the Seatbelt profile
#   of baseline-darwin.yaml for a Mac's HOME, TMPDIR and workspace that do
#   not exist on this machine; byte for byte the golden files
#   tests/golden/darwin-TIER.sb (FSJAIL_UPDATE_GOLDEN=1 rewrites them);
#   no path of this machine in it; /tmp, /var and /etc in their /private
#   spelling;
# - the profile loads in the SBPL evaluator (tests/helpers/sbpl-check, the
#   lint included) and decides each operation of each capability as
#   `explain --platform darwin --json` says the policy decides it;
# - explain --platform darwin resolves /tmp to /private/tmp lexically;
# - explain and check --platform darwin: a setuid program does not run;
# - --platform with an unknown name: exit 125.
. "$(dirname "$0")/libtest.sh"

plan 5
setup

: "${TEST_BUILDDIR:=$TEST_SRCDIR}"
CHECK=$TEST_BUILDDIR/helpers/sbpl-check
[ -x "$CHECK" ] || bail_out "'$CHECK' not built (make check builds it)"
command -v python3 >/dev/null || bail_out "python3 is needed"
GOLDEN=$TEST_SRCDIR/golden

# a Mac's environment: nothing of it exists here
mac()
{
	env -u FSJAIL_HOME HOME=/Users/u TMPDIR=/var/folders/xy/abc123/T "$@"
}
MAC_WS=/Users/u/proj

begin_test "compile --platform darwin: every tier's profile is its golden file, no path of this machine in it"
for tier in full guarded process writes; do
	run_cmd mac "$FSJAIL" compile --platform darwin --workspace "$MAC_WS" --tier "$tier"
	assert_rc 0
	g=$GOLDEN/darwin-$tier.sb
	if [ "${FSJAIL_UPDATE_GOLDEN:-0}" = 1 ]; then
		cp "$OUT" "$g"
	elif ! cmp -s "$OUT" "$g"; then
		fail "$tier: the profile differs from $g"
		diff "$g" "$OUT" | head -n 20 | sed 's/^/# /'
	fi
	grep -qF "$T" "$OUT" && fail "$tier: a path of the test folder in the profile"
	grep -qF "$FSJAIL_DATADIR" "$OUT" && fail "$tier: this machine's data folder in the profile"
	grep -q '^;; P[0-9]*="/tmp' "$OUT" && fail "$tier: /tmp not in its /private spelling"
	grep -qF ';; BROKER' "$OUT" && fail "$tier: compile names a broker socket"
	grep -qE '^;; P[0-9]+="/Users/u/.config/fsjail"$' "$OUT" || fail "$tier: HOME is not the Mac's"
	grep -qF '"/private/var/folders/xy/abc123/T"' "$OUT" || fail "$tier: TMPDIR not in its /private spelling"
done
end_test

begin_test "the darwin profile decides each operation as explain --platform darwin decides the capability"
# a user's rules: a hidden .env and a kept folder; around them the move
# rule (D1) closes delete on the path and on every folder above it
cat >"$T/mac-rules.yaml" <<EOF
rules:
  - id: env
    path: $MAC_WS/.env
    recursive: false
    deny: [read]
  - id: keep
    path: $MAC_WS/keep
    deny: [write, create, delete]
EOF
QUERIES=(
	"$MAC_WS/src/main.c" "$MAC_WS/.git/objects/ab" /Users/u/.ssh/id_ed25519
	"$MAC_WS/.env" "$MAC_WS" "$MAC_WS/keep" "$MAC_WS/keep/f" "$MAC_WS/src" /Users/u /Users/u/.cargo
	/Users/u/.cargo/bin/cargo /Users/u/.cargo/credentials.toml /Users/u/Documents/x
	/Users/u/.config/fsjail/rules.yaml /Users/u/.local/state/fsjail/audit.ndjson
	/tmp/x /var/tmp/y /etc/hosts /opt/homebrew/bin/gh /opt/other/bin/x /Applications/A.app/x
	/Volumes/ext/f /usr/local/bin/tool /usr/bin/true /bin/sh
	/private/var/folders/xy/abc123/T/f /Users/u/Library/Python/3.12/bin/black /nix/store/a/b
)
for tier in full guarded process writes; do
	SB=$T/darwin-$tier.sb
	run_cmd mac "$FSJAIL" compile --platform darwin --rules "$T/mac-rules.yaml" \
		--workspace "$MAC_WS" --tier "$tier"
	cp "$OUT" "$SB"
	mapfile -t D < <(sed -n 's/^;; \(P[0-9]*\|BROKER\)="\(.*\)"$/-D\n\1=\2/p' "$SB")
	run_cmd mac "$FSJAIL" explain --platform darwin --rules "$T/mac-rules.yaml" \
		--workspace "$MAC_WS" --tier "$tier" --json "${QUERIES[@]}"
	assert_rc 0
	# "op resolved-path expected" for each capability's operations
	python3 - "$OUT" >"$T/expect" <<'EOF' || fail "$tier: explain --json is not as expected"
import json, sys
ops = {
    "read": ["file-read-data", "file-read-xattr"],
    "write": ["file-write-data", "file-write-mode", "file-write-xattr"],
    # file-link and file-clone follow the move rule, not create (D1)
    "create": ["file-write-create"],
    "delete": ["file-write-unlink"],
    "execute": ["process-exec", "file-map-executable"],
}
doc = json.load(open(sys.argv[1]))
for p in doc["paths"]:
    for cap, o in ops.items():
        c = p["capabilities"][cap]
        want = "allow" if (c["allowed"] or not c["enforced"]) else "deny"
        for op in o:
            print(op, p["resolved"], want)
EOF
	args=()
	while read -r op path want; do
		args+=(--decide "$op" "$path")
	done <"$T/expect"
	"$CHECK" --lint -f "$SB" "${D[@]}" "${args[@]}" >"$T/decide" 2>&1 ||
		fail "$tier: sbpl-check refused the profile: $(head -n3 "$T/decide")"
	while read -r op path want; do
		grep -qF "$want $op $path (" "$T/decide" ||
			fail "$tier: $op $path: explain says $want, the profile $(grep -F " $op $path (" "$T/decide" | head -n1)"
	done <"$T/expect"
done
end_test

begin_test "explain --platform darwin: /tmp resolves to /private/tmp, the workspace need not exist here"
run_cmd mac "$FSJAIL" explain --platform darwin --workspace "$MAC_WS" --tier guarded /tmp/x "$MAC_WS/f"
assert_rc 0
assert_out_match '^  resolved: /private/tmp/x$'
assert_out_match "^tier guarded, mode workspace-write, workspace $MAC_WS\$"
assert_out_match '^  write    allow baseline '
end_test

begin_test "explain and check --platform darwin: a setuid program does not run under Seatbelt (D8)"
printf '#!/bin/sh\nexit 0\n' >"$WS/suid-tool"
cp "$WS/suid-tool" "$WS/plain-tool"
chmod 4755 "$WS/suid-tool"
chmod 755 "$WS/plain-tool"
run_cmd "$FSJAIL" explain --platform darwin --workspace "$WS" --tier guarded "$WS/suid-tool" \
	"$WS/plain-tool"
assert_rc 0
assert_out_match '^  execute  allow .*, but not in force: Seatbelt never runs setuid or setgid programs$'
[ "$(grep -c 'never runs setuid' "$OUT")" = 1 ] || fail "the plain program is said not to run"
run_cmd "$FSJAIL" check --platform darwin --workspace "$WS" --tier guarded -- "$WS/suid-tool"
assert_rc 4
run_cmd "$FSJAIL" check --platform darwin --workspace "$WS" --tier guarded -- "$WS/plain-tool"
assert_rc 0
# on Linux a setuid program runs (Landlock has no such rule)
run_cmd "$FSJAIL" explain --platform linux --workspace "$WS" --tier guarded "$WS/suid-tool"
assert_out_nomatch 'never runs setuid'
end_test

begin_test "--platform: an unknown platform is refused (125), and run does not take it"
run_cmd "$FSJAIL" compile --platform windows --tier full
assert_rc 125
assert_err_match "unknown platform 'windows'"
run_cmd "$FSJAIL" run --platform darwin -- true
assert_rc 125
end_test

done_testing
