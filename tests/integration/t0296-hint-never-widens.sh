#!/bin/bash
# A refusal hint never suggests a grant wider than the refusals need
# (hint13; fsjail(1) REFUSALS). Refusals spread over two folders were
# grouped into their common folder whenever it was below home (or two deep
# elsewhere) and no guarded path met the grant's capabilities: ~/Documents,
# ~/.config, /var/lib, a folder holding a path the user's rule denies
# reading (a write grant over it), a folder holding a protected path (a
# read grant over ~/.vscode/extensions). Now the folder must pass
# refusal_hint_wide() and hold nothing guarded whatever the capabilities;
# else each path gets its own grant. Every grant offered must be at or
# under a refused path's folder, and the grants pasted must lift the
# refusals. As root and as cloudsdk (/var/lib as root only).
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libhints.sh"

plan_user_pass FSJAIL_T0296_USER 5
setup
require_landlock

# offered FILE: the paths of every --grant of FILE's hint lines, one a line
offered()
{
	grants_in "$1" | sed 's/^[a-z,]*://'
}

# never_at FILE PATH...: no grant of FILE is at or over any PATH
never_at()
{
	local f=$1 p w
	shift
	while read -r p; do
		for w in "$@"; do
			case $w/ in "$p"/*) fail "a hint offers $p, at or over $w: $(grep 'to allow' "$f")" ;; esac
		done
	done < <(offered "$f")
}

# lifted OPTS... -- CMD...: the hints of $ERR pasted lift every refusal
lifted()
{
	local opts=()
	hints "$ERR"
	while [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	[ "${#GRANTS[@]}" -gt 0 ] || { fail "no hint: $(cat "$ERR")"; return; }
	fsj "${opts[@]}" "${GRANTS[@]}" --report "$T/rep" -- "$@"
	assert_rc 0
	[ -s "$T/rep" ] && fail "refused with the hints: $(cat "$T/rep")"
}

begin_test "~/Documents/a and ~/Documents/b: never ~/Documents or ~; each file"
mkdir -p "$HOME/Documents/a" "$HOME/Documents/b" "$HOME/Documents/taxes"
echo secret >"$HOME/Documents/taxes/2025.pdf"
S='echo 1 >"$HOME/Documents/a/x"; echo 2 >"$HOME/Documents/b/y"'
fsj -- sh -c "$S"
assert_err_match "refusals in this run"
never_at "$ERR" "$HOME/Documents" "$HOME/Documents/taxes"
lifted -- sh -c "$S"
end_test

begin_test "~/.config/a and ~/.config/b: never ~/.config (every program's)"
mkdir -p "$HOME/.config/a" "$HOME/.config/b"
S='echo 1 >"$HOME/.config/a/x"; echo 2 >"$HOME/.config/b/y"'
fsj -- sh -c "$S"
never_at "$ERR" "$HOME/.config"
lifted -- sh -c "$S"
end_test

begin_test "a folder holding a path the user denies reading: no write grant over it"
mkdir -p "$HOME/data/a" "$HOME/data/b" "$HOME/data/private"
echo p >"$HOME/data/private/p"
write_rules <<EOF
rules:
  - id: no-private
    path: $HOME/data/private
    deny: [read]
EOF
S='echo 1 >"$HOME/data/a/x"; echo 2 >"$HOME/data/b/y"'
fsj -- sh -c "$S"
never_at "$ERR" "$HOME/data/private"
lifted -- sh -c "$S"
clear_rules
end_test

begin_test "reads spread over ~/.vscode: no read grant over the protected ~/.vscode/extensions"
mkdir -p "$HOME/.vscode/a" "$HOME/.vscode/b" "$HOME/.vscode/extensions"
echo 1 >"$HOME/.vscode/a/x"
echo 2 >"$HOME/.vscode/b/y"
fsj --report "$T/r" -- cat "$HOME/.vscode/a/x" "$HOME/.vscode/b/y"
assert_err_match "read $HOME/\.vscode/a/x"
never_at "$ERR" "$HOME/.vscode/extensions"
lifted -- cat "$HOME/.vscode/a/x" "$HOME/.vscode/b/y"
end_test

begin_test "outside home: never a folder directly in /var (/var/lib)"
if ! is_root; then
	skip "root only: makes folders in /var/lib"
else
	A=$(mktemp -d /var/lib/fsjail-t0296a.XXXXXX)
	B=$(mktemp -d /var/lib/fsjail-t0296b.XXXXXX)
	fsj -- sh -c 'echo 1 >"$1/x"; echo 2 >"$2/y"' sh "$A" "$B"
	assert_err_match "create $A/x"
	never_at "$ERR" /var/lib/dpkg /var/lib/fsjail-t0296-sibling
	lifted -- sh -c 'echo 1 >"$1/x"; echo 2 >"$2/y"' sh "$A" "$B"
	rm -rf "$A" "$B"
	end_test
fi

end_user_pass
done_testing
