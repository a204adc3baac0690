#!/bin/bash
# Refusal hints never hand over a secret (issue 12 item 4, sec12): a
# refused read of ~/.ssh/id_ed25519, ~/.aws/credentials, ~/.netrc,
# ~/.gnupg/, ~/.docker/config.json, ~/.config/gh/hosts.yml,
# ~/.kube/config or ~/.git-credentials was met with "fsjail allow add read
# ...", which a harness that applies hints turns into handing the key
# over. The baseline's secrets: list (and the user's own deny rules) now
# keep every hint away: the summary says why ("a secret: ... grant it by
# hand if you mean it"), each --report line has "hint": null and a
# hint_reason, a folder hint never widens over a secret or a user deny,
# and status and explain name the entry. As root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libhints.sh"

plan_user_pass FSJAIL_T0265_USER 6
setup
require_landlock

SECRETS=(.ssh/id_ed25519 .aws/credentials .netrc .gnupg/private-keys-v1.d/k.key
	.docker/config.json .config/gh/hosts.yml .kube/config .git-credentials
	.config/rclone/rclone.conf .mozilla/firefox/p.default/logins.json)
for f in "${SECRETS[@]}"; do
	mkdir -p "$(dirname "$HOME/$f")"
	echo "secret-$f" >"$HOME/$f"
done
echo "user: x" >"$HOME/.config/gh/config.yml"
echo "state" >"$HOME/.config/gh/state.yml"
mkdir -p "$HOME/private/sub"
echo TOKEN=1 >"$WS/.env"
write_rules <<EOF2
rules:
  - id: no-env
    path: $WS/.env
    recursive: false
    deny: [read, write, create, delete]
  - id: private
    path: $HOME/private
    deny: [read]
EOF2

# no_grant_reaches FILE PATH...: no --grant of FILE's hints lies at,
# under or over any PATH.
no_grant_reaches()
{
	local f=$1 g p s
	shift
	while IFS= read -r g; do
		p=${g#*:}
		for s in "$@"; do
			case $s/ in "$p"/*) fail "hint --grant $g reaches $s" ;; esac
			case $p/ in "$s"/*) fail "hint --grant $g lies in $s" ;; esac
		done
	done < <(grants_in "$f")
}

begin_test "refused reads of secrets: no hint offers them, the summary says why"
args=()
for f in "${SECRETS[@]}"; do args+=("$HOME/$f"); done
fsj --report "$T/r1" -- cat "${args[@]}"
assert_failed
for f in "${SECRETS[@]}"; do
	assert_err_match "read $HOME/$f: "
done
assert_err_match "no grant offered for read $HOME/\.ssh/id_ed25519: a secret: $HOME/\.ssh \(baseline 'secrets:'\): grant it by hand if you mean it"
assert_err_match "no grant offered for read $HOME/\.kube/config: a secret: $HOME/\.kube/config "
grep -q "to allow" "$ERR" && fail "a hint is offered for a secret"
no_grant_reaches "$ERR" "${args[@]}"
end_test

begin_test "--report: every line has hint null and a hint_reason naming the secret"
python3 - "$T/r1" "$HOME" <<'PY' || fail "the report's hints are wrong: $(cat "$T/r1")"
import json, sys
home = sys.argv[2]
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
assert len(lines) >= 8, lines
for o in lines:
    assert o["schema"] == "fsjail-refusal/1", o
    assert "hint" in o and o["hint"] is None, o
    assert o["hint_reason"].startswith("a secret: " + home + "/."), o
    assert "grant it by hand" in o["hint_reason"], o
PY
end_test

begin_test "a folder hint never widens over a secret: ~/.config/gh holds hosts.yml"
fsj --report "$T/r3" -- cat "$HOME/.config/gh/config.yml" "$HOME/.config/gh/state.yml"
assert_failed
assert_err_match "read $HOME/\.config/gh/config\.yml: "
assert_err_match "to allow"
no_grant_reaches "$ERR" "$HOME/.config/gh/hosts.yml"
grants_in "$ERR" | grep -qx "read:$HOME/.config/gh/config.yml" ||
	fail "config.yml is not offered by itself: $(grants_in "$ERR")"
end_test

begin_test "the user's own denies: no hint at or under them, and none over them"
fsj --report "$T/r2" -- sh -c 'cat .env; touch "$HOME/private/sub/x"; cat "$HOME/private/sub/y"; exit 0'
assert_err_match "read $WS/\.env: explicit rule 'no-env'"
assert_err_match "no grant offered for create $HOME/private/sub/x: under your deny rule 'private' on $HOME/private"
no_grant_reaches "$ERR" "$WS/.env" "$HOME/private"
python3 - "$T/r2" "$WS" <<'PY' || fail "the report offers to lift a deny: $(cat "$T/r2")"
import json, sys
for o in (json.loads(l) for l in open(sys.argv[1]) if l.strip()):
    assert o["hint"] is None and o["hint_reason"], o
PY
end_test

begin_test "explain names the secret entry (text and --json)"
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.ssh/id_ed25519"
assert_out_match "note: a secret: it lies in $HOME/\.ssh \(baseline 'secrets:'\)"
run_cmd "$FSJAIL" explain --workspace "$WS" --json "$HOME/.aws/credentials" "$HOME/.config/gh/config.yml"
[ "$(json "$OUT" 'd["paths"][0]["secret"]')" = "$HOME/.aws" ] || fail "explain --json: $(cat "$OUT")"
[ "$(json "$OUT" 'd["paths"][1]["secret"]')" = None ] || fail "explain --json: $(cat "$OUT")"
end_test

begin_test "status lists the secrets (text and --json)"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_match "^secrets: .* $HOME/\.ssh( |$)"
run_cmd "$FSJAIL" status --workspace "$WS" --json
json "$OUT" 'd["files"]["baseline"]["secrets"]' | grep -q "$HOME/.netrc" ||
	fail "status --json has no secrets: $(cat "$OUT")"
end_test

end_user_pass
done_testing
