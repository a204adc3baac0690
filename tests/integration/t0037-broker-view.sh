#!/bin/bash
# The broker never does for the command what the command's own fence
# refuses (issue 13 item 1; DESIGN.md section 8; src/broker.h's banner).
# Each row of the table runs one broker operation and the same operation
# made directly by the command, on the same path, in the same run: the
# broker must never succeed where the direct call fails (the documented
# extras, trash and backups, are not in the table), and for these shapes
# it must refuse outright. The outcome is asserted too: no secret in any
# output, nothing planted.
. "$(dirname "$0")/libtest.sh"

plan 9
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
cp "$BC_SRC" "$WS/bc"
SECRET=view-secret-$$-$RANDOM
mkdir -p "$HOME/outside"
echo "$SECRET" >"$HOME/outside/victim"
ln -s "$HOME/outside/victim" "$WS/out-link"

# A process outside the sandbox (the host's pid namespace), with the
# secret in its environment, its cwd and an open descriptor.
(cd "$HOME/outside" && exec env "VIEW_SECRET=$SECRET" sleep 300 3<"$HOME/outside/victim") &
OPID=$!
trap 'kill $OPID 2>/dev/null; cleanup' EXIT
sleep 0.2

SYSF=
for f in /sys/kernel/uevent_seqnum /sys/kernel/mm/transparent_hugepage/enabled /sys/power/state; do
	[ -r "$f" ] && SYSF=$f && break
done
BLK=
for f in /dev/sda /dev/vda /dev/nvme0n1 /dev/xvda /dev/loop0; do
	[ -b "$f" ] && BLK=$f && break
done

# delete in the workspace, so that a rename is refused only for what it
# would make appear
write_rules <<EOF
rules:
  - path: .
    id: ws-delete
    allow: [delete]
  - path: .git/hooks
    id: no-hooks
    deny: [write, create, delete]
EOF
printf 'rules:\n  - path: %s\n    allow: [delete]\n' "$WS" >"$T/ws-delete.yaml"

# row NAME BROKER-LINE DIRECT-COMMAND...: sourced inside the sandbox;
# prints "row NAME broker=ok|fail|none direct=ok|fail", the broker's reply
# and the direct call's output; $CHECK, when set, is run between the two.
cat >"$WS/rows.sh" <<'EOF'
tok()
{
	printf '%s\t%s\t%s\t%s' "$1" "$2" "$FSJAIL_SESSION_ID" "$FSJAIL_CALL_ID"
}
op()
{
	local o=$1 kv k v s
	shift
	s="{\"id\":\"v\",\"command\":\"HostFileOperation\",\"operation\":\"$o\""
	s="$s,\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\""
	for kv; do
		k=${kv%%=*}
		v=${kv#*=}
		case $v in
		true | false) s="$s,\"$k\":$v" ;;
		*) s="$s,\"$k\":\"$v\"" ;;
		esac
	done
	printf '%s}' "$s"
}
row()
{
	local name=$1 line=$2 b=fail d=fail r o
	shift 2
	r=$(./bc -w x "$line" 2>&1)
	[ -n "$r" ] || b=none
	printf '%s\n' "$r" | grep -Eq '^FD$|^SANDBOX$|"ok":true' && b=ok
	[ -z "${CHECK:-}" ] || eval "$CHECK" # before the direct call
	o=$("$@" 2>&1) && d=ok
	echo "row $name broker=$b direct=$d"
	printf '%s\n' "$r" "$o" | sed "s/^/  $name: /"
}
EOF

# check_rows: every row of $OUT refused by the broker, none where the
# broker did what the direct call could not, and no secret anywhere.
check_rows()
{
	local n
	n=$(grep -c '^row ' "$OUT")
	[ "$n" -ge "$1" ] || { fail "expected $1 rows, got $n"; diag_last; }
	if grep -q '^row .* broker=ok direct=fail' "$OUT"; then
		fail "the broker did what the command's own call could not: $(grep '^row .* broker=ok direct=fail' "$OUT" | tr '\n' ';')"
	fi
	if grep -q '^row .* broker=none' "$OUT"; then
		fail "the broker did not answer: $(grep '^row .* broker=none' "$OUT" | tr '\n' ';')"
	fi
	if grep -q '^row .* broker=ok' "$OUT"; then
		fail "the broker served a path it must refuse: $(grep '^row .* broker=ok' "$OUT" | tr '\n' ';')"
	fi
	if grep -q "$SECRET" "$OUT"; then
		fail "the secret was printed"
	fi
}

begin_test "tokens for /proc of a process outside: refused, no secret (read and read-write)"
fsj_sh -- '. ./rows.sh
	P=/proc/'"$OPID"'
	for cls in fsjail.read fsjail.read-write; do
		c=${cls#fsjail.}
		row "$c-environ" "$(tok $cls $P/environ)" cat $P/environ
		row "$c-mem" "$(tok $cls $P/mem)" dd if=$P/mem bs=1 count=1
		row "$c-root" "$(tok $cls $P/root'"$HOME"'/outside/victim)" cat $P/root'"$HOME"'/outside/victim
		row "$c-cwd" "$(tok $cls $P/cwd/victim)" cat $P/cwd/victim
		row "$c-fd" "$(tok $cls $P/fd/3)" cat $P/fd/3
	done'
check_rows 10
end_test

begin_test "tokens for /proc/self, /sys and a block device: refused"
fsj_sh -- '. ./rows.sh
	for cls in fsjail.read fsjail.read-write; do
		c=${cls#fsjail.}
		row "$c-self-environ" "$(tok $cls /proc/self/environ)" cat /proc/self/environ
		row "$c-self-mem" "$(tok $cls /proc/self/mem)" true
		row "$c-self-root" "$(tok $cls /proc/self/root'"$HOME"'/outside/victim)" cat /proc/self/root'"$HOME"'/outside/victim
		[ -n "$1" ] && row "$c-sys" "$(tok $cls "$1")" cat "$1"
		[ -n "$2" ] && row "$c-blk" "$(tok $cls "$2")" dd if="$2" bs=512 count=1 of=/dev/null
	done' "$SYSF" "$BLK"
check_rows 6
end_test

begin_test "a symlink out of the workspace, a denied missing path: refused"
fsj_sh -- '. ./rows.sh
	row read-link "$(tok fsjail.read "$PWD/out-link")" cat out-link
	row rw-link "$(tok fsjail.read-write "$PWD/out-link")" sh -c "echo x >>out-link"
	row copy-link "$(op copy from="$PWD/out-link" to="$PWD/stolen")" cp out-link stolen2
	row mkdir-denied "$(op mkdir path="$PWD/.git/hooks")" mkdir -p .git/hooks
	row touch-denied "$(op touch path="$PWD/.git/hooks/pre-commit")" touch .git/hooks/pre-commit'
check_rows 5
assert_not_exists "$WS/stolen"
assert_not_exists "$WS/.git/hooks/pre-commit"
end_test

begin_test "a prepared tree renamed or linked over a denied missing path: refused, nothing planted"
rm -rf "$WS/.git"
for v in a b c d; do
	mkdir -p "$WS/prep-$v/dotgit/hooks"
	printf '#!/bin/sh\necho HOOK-RAN\n' >"$WS/prep-$v/dotgit/hooks/pre-commit"
done
fsj_sh -- '. ./rows.sh
	CHECK="[ -e .git/hooks/pre-commit ] && echo planted-by-broker"
	row rename-git "$(op rename from="$PWD/prep-a/dotgit" to="$PWD/.git")" mv prep-c/dotgit .git
	row symlink-git "$(op link symbolic=true from="$PWD/prep-b/dotgit" to="$PWD/.git")" ln -s "$PWD/prep-d/dotgit" .git'
check_rows 2
[ "$(grep -c 'denied or protected path lies at or below' "$OUT")" = 2 ] ||
	{ fail "expected both refused for what they would make appear"; diag_last; }
assert_out_nomatch 'planted-by-broker'
assert_not_exists "$WS/.git/hooks/pre-commit"
end_test

begin_test "a prepared tree renamed or linked over fsjail's missing config folder: refused, nothing planted"
XDG=$WS/xdg
for v in a b c d; do
	mkdir -p "$WS/cfg-$v/fsjail"
	printf 'enforce: off\n' >"$WS/cfg-$v/fsjail/config.yaml"
done
(
	unset FSJAIL_HOME
	export XDG_CONFIG_HOME=$XDG XDG_STATE_HOME=$T/xstate XDG_DATA_HOME=$T/xdata
	fsj_sh --rules "$T/ws-delete.yaml" -- '. ./rows.sh
		X=$1 CHECK="[ -e \$X/fsjail/config.yaml ] && echo planted-by-broker"
		row rename-cfg "$(op rename from="$PWD/cfg-a" to="$1")" mv cfg-c "$1"
		row symlink-cfg "$(op link symbolic=true from="$PWD/cfg-b" to="$1")" ln -s "$PWD/cfg-d" "$1"' "$XDG"
	cp "$OUT" "$T/out.cfg"
)
cp "$T/out.cfg" "$OUT"
check_rows 2
[ "$(grep -c 'denied or protected path lies at or below' "$OUT")" = 2 ] ||
	{ fail "expected both refused for what they would make appear"; diag_last; }
assert_out_nomatch 'planted-by-broker'
assert_not_exists "$XDG/fsjail/config.yaml"
end_test

begin_test "the same operations inside the workspace still work through the broker"
mkdir -p "$WS/plain/sub"
echo plain >"$WS/plain/f"
fsj_sh -- '. ./rows.sh
	./bc "$(tok fsjail.read "$PWD/plain/f")"
	./bc "$(op rename from="$PWD/plain/sub" to="$PWD/plain/sub2")"
	./bc "$(op link symbolic=true from="f" to="$PWD/plain/f-link")"'
assert_out_match '^fd-content: plain$'
assert_out_match '"operation":"rename".*"ok":true|"ok":true.*"operation":"rename"'
assert_dir "$WS/plain/sub2"
[ -L "$WS/plain/f-link" ] || fail "the symlink was not made"
end_test

begin_test "where the compiled fence is narrower than the policy, the broker follows the fence"
# The deny on the missing .git/hooks makes the Landlock compiler expand
# the workspace into its entries (today: creation in the workspace's own
# folder is refused to the command). Whatever the compiler does, the
# broker must not create where the command cannot.
fsj_sh -- '. ./rows.sh
	row mkdir-top "$(op mkdir path="$PWD/newdir")" mkdir newdir2
	row touch-top "$(op touch path="$PWD/newfile")" touch newfile2
	row copy-top "$(op copy from="$PWD/plain/f" to="$PWD/newcopy")" cp plain/f newcopy2
	row symlink-top "$(op link symbolic=true from="plain/f" to="$PWD/newlink")" ln -s plain/f newlink2'
n=$(grep -c '^row ' "$OUT")
[ "$n" = 4 ] || { fail "expected 4 rows, got $n"; diag_last; }
if grep -q '^row .* broker=ok direct=fail' "$OUT"; then
	fail "the broker did what the command's own call could not: $(grep '^row .* broker=ok direct=fail' "$OUT" | tr '\n' ';')"
	diag_last
fi
end_test

begin_test "a read-write token for a hard-linked file is refused; a read-only one is not"
echo linked >"$WS/plain/hl"
ln "$WS/plain/hl" "$WS/plain/hl2"
fsj_sh -- '. ./rows.sh
	./bc -w CHANGED "$(tok fsjail.read-write "$PWD/plain/hl")"
	./bc "$(tok fsjail.read "$PWD/plain/hl")"'
assert_out_match '^DENY$'
assert_out_match '^fd-content: linked$'
assert_content "$WS/plain/hl2" "linked"
end_test

begin_test "a read-write token takes its backup before the descriptor is handed out"
echo "before-token" >"$WS/plain/bk"
fsj_sh -- '. ./rows.sh; ./bc -w "AFTER" "$(tok fsjail.read-write "$PWD/plain/bk")"'
assert_out_match '^FD$'
[ "$(head -c 5 "$WS/plain/bk")" = AFTER ] || fail "the write through the token did not land"
found=$(grep -rlx "before-token" "$STATE_DIR/sessions" 2>/dev/null | head -1)
[ -n "$found" ] || fail "no backup holds the content from before the token"
end_test

done_testing
