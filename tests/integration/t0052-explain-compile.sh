#!/bin/bash
# What `fsjail explain` and `fsjail compile` print (fsjail(1) COMMANDS,
# TIERS, EXIT STATUS; DESIGN.md sections 5 to 7), for a rules file with a
# shallow allow (~/proj: read, write) and a deeper deny (~/proj/secret:
# read, write):
# - explain: per path the normalised path (//, /./, .., a trailing slash,
#   ~ and a relative spelling folded), the resolved path through a
#   symlinked ancestor, and per capability allow or deny, the deciding
#   level and the rule id or baseline entry with its file:line; the
#   capabilities a tier leaves open are marked; --json carries the same;
# - compile --backend seatbelt --tier T: the tier's own profile text (full
#   closes reads and re-opens system paths, guarded re-opens / and fences
#   the user-data roots, process and writes leave reads, and writes also
#   execution, to an unfiltered allow), checked as text and through the
#   SBPL evaluator (tests/helpers/sbpl-check);
# - compile --backend landlock --tier T: the handled rights, the rules,
#   the expansion or mount mask carrying the nested deny;
# - bad input: status 125 and a message, nothing on stdout.
#
# Needs no kernel: explain and compile only read. The Landlock dumps are
# made with FSJAIL_LANDLOCK_ABI_MAX=0, so compile uses the newest ABI it
# knows whatever this kernel has, and (but for the mask test) with
# FSJAIL_NO_MOUNT_MASKS=1, so the output does not depend on this machine.
. "$(dirname "$0")/libtest.sh"

plan 23
setup

: "${TEST_BUILDDIR:=$TEST_SRCDIR}"
CHECK=$TEST_BUILDDIR/helpers/sbpl-check
[ -x "$CHECK" ] || bail_out "'$CHECK' not built (make check builds it)"
BASELINE=$FSJAIL_DATADIR/baseline-linux.yaml
# as fsjail prints it: normalised (FSJAIL_DATADIR may hold a "..")
BASELINE_SHOWN=$(realpath -ms "$BASELINE")

write_rules <<'EOF'
# t0052: a shallow allow and a deeper deny
rules:
  - id: proj-rw
    path: ~/proj
    allow: [read, write]
  - id: proj-secret
    path: ~/proj/secret
    deny: [read, write]
EOF
mkdir -p "$HOME/proj/secret" "$HOME/proj/real"
echo notes >"$HOME/proj/notes"
echo key >"$HOME/proj/secret/key"
echo f >"$HOME/proj/real/f"
ln -s proj "$HOME/plink"
ln -s real "$HOME/proj/link"

# line_of FILE TEXT: the number of the line of FILE that is exactly TEXT.
line_of()
{
	grep -nxF -- "$2" "$1" | head -n1 | cut -d: -f1
}
L_RW=$(line_of "$RULES" "  - id: proj-rw")
L_SECRET=$(line_of "$RULES" "  - id: proj-secret")
# shellcheck disable=SC2016 # the baseline's own ${VAR} text
L_CRED=$(line_of "$BASELINE" '  - path: ${HOME}/.cargo/credentials')
# shellcheck disable=SC2016
L_WS=$(line_of "$BASELINE" '  - path: ${WORKSPACE}')
L_ROOT=$(line_of "$BASELINE" '  - path: /')
for v in L_RW L_SECRET L_CRED L_WS L_ROOT; do
	[ -n "${!v}" ] || bail_out "cannot find the line of $v in the rules or the baseline"
done
RW="rule 'proj-rw' $HOME/proj [$RULES:$L_RW]"
SECRET="rule 'proj-secret' $HOME/proj/secret [$RULES:$L_SECRET]"

explain()
{
	run_cmd "$FSJAIL" explain "$@"
}

# cap_is CAP TEXT: the line of CAP in the last explain output (one path),
# its runs of spaces folded to one, is exactly "CAP TEXT".
cap_is()
{
	local got
	got=$(sed -n "s/^  $1 /$1 /p" "$OUT" | tr -s ' ')
	if [ "$got" != "$1 $2" ]; then
		fail "the $1 line is '$got', expected '$1 $2'"
		diag_last
		return 1
	fi
}

# first_line_is TEXT: the first line of stdout is exactly TEXT.
first_line_is()
{
	local got
	got=$(head -n1 "$OUT")
	if [ "$got" != "$1" ]; then
		fail "the path line is '$got', expected '$1'"
		diag_last
		return 1
	fi
}

# --- explain --------------------------------------------------------------

begin_test "explain, under the shallow allow: read and write allowed by rule 'proj-rw' with rules.yaml:line"
explain --tier full "$HOME/proj/notes"
assert_rc 0
first_line_is "$HOME/proj/notes"
assert_out_nomatch 'resolved:'
cap_is read "allow explicit $RW"
cap_is write "allow explicit $RW"
cap_is create "deny default nothing grants it"
cap_is delete "deny default nothing grants it"
cap_is execute "deny default nothing grants it"
[ "$(tail -n1 "$OUT")" = "tier full, mode workspace-write, workspace $WS" ] ||
	fail "last line is '$(tail -n1 "$OUT")'"
end_test

begin_test "explain, under the deeper deny: read and write denied by rule 'proj-secret'"
explain --tier full "$HOME/proj/secret/key"
assert_rc 0
first_line_is "$HOME/proj/secret/key"
cap_is read "deny explicit $SECRET"
cap_is write "deny explicit $SECRET"
cap_is create "deny default nothing grants it"
cap_is delete "deny default nothing grants it"
cap_is execute "deny default nothing grants it"
end_test

begin_test "explain: //, /./, .., a trailing slash, ~ and a relative path are printed normalised"
# shellcheck disable=SC2088 # the ~ is for fsjail to expand
for spelling in "$HOME//proj/./gone/../secret/" "~/proj//secret/." "../proj/./secret//"; do
	explain --tier full "$spelling"
	assert_rc 0 "$spelling" || continue
	first_line_is "$HOME/proj/secret" || continue
	assert_out_nomatch 'resolved:'
	cap_is read "deny explicit $SECRET"
	cap_is write "deny explicit $SECRET"
done
end_test

# resolved_is TEXT: the second line of stdout is "  resolved: TEXT".
resolved_is()
{
	local got
	got=$(sed -n 2p "$OUT")
	if [ "$got" != "  resolved: $1" ]; then
		fail "the second line is '$got', expected '  resolved: $1'"
		diag_last
		return 1
	fi
}

begin_test "explain: through a symlinked ancestor the path is printed as written (normalised), then resolved"
explain --tier full "$HOME/plink//secret/./key"
assert_rc 0
first_line_is "$HOME/plink/secret/key"
resolved_is "$HOME/proj/secret/key"
# the resolved spelling is under the deny
cap_is read "deny explicit $SECRET"
cap_is write "deny explicit $SECRET"
explain --tier full "$HOME/proj/link/f"
assert_rc 0
first_line_is "$HOME/proj/link/f"
resolved_is "$HOME/proj/real/f"
# both spellings are under the allow
cap_is read "allow explicit $RW"
cap_is write "allow explicit $RW"
# the written spelling is outside the grant: a query is allowed only when
# both its spellings are (policy_decide()), so the link carries no grant
explain --tier full "$HOME/plink/notes"
assert_rc 0
first_line_is "$HOME/plink/notes"
resolved_is "$HOME/proj/notes"
grep -q "^  read     deny " "$OUT" || fail "read through ~/plink is not denied"
assert_out_nomatch "proj-rw"
end_test

begin_test "explain: a baseline decision names the baseline entry with baseline-linux.yaml:line"
explain --tier full "$HOME/.cargo/credentials"
assert_rc 0
for c in read write create delete execute; do
	cap_is "$c" "deny baseline baseline $HOME/.cargo/credentials (this path only) [$BASELINE_SHOWN:$L_CRED]"
done
explain --tier full "$WS/build.sh"
assert_rc 0
# all five (DESIGN.md section 4), not connect
for c in read write create delete execute; do
	cap_is "$c" "allow baseline baseline $WS [$BASELINE_SHOWN:$L_WS]"
done
cap_is connect "deny default nothing grants it"
end_test

begin_test "explain: a path outside every entry is read-denied at full, read-allowed by the baseline's / at guarded"
explain --tier full /fsjail-t0052-none/f
assert_rc 0
cap_is read "deny default nothing grants it"
explain --tier guarded /fsjail-t0052-none/f
assert_rc 0
cap_is read "allow baseline baseline / [$BASELINE_SHOWN:$L_ROOT]"
cap_is write "deny default nothing grants it"
end_test

begin_test "explain: what a tier does not enforce is marked (read at process; read and execute at writes)"
explain --tier full "$HOME/proj/secret/key"
assert_out_nomatch 'not enforced'
explain --tier process "$HOME/proj/secret/key"
cap_is read "deny explicit $SECRET (not enforced at tier process)"
cap_is write "deny explicit $SECRET"
cap_is execute "deny default nothing grants it"
explain --tier writes "$HOME/proj/secret/key"
cap_is read "deny explicit $SECRET (not enforced at tier writes)"
cap_is write "deny explicit $SECRET"
cap_is create "deny default nothing grants it"
cap_is execute "deny default nothing grants it (not enforced at tier writes)"
end_test

begin_test "explain without --tier and no probe result: the tier --enforce names, with a note"
explain --enforce process "$HOME/proj/notes"
assert_rc 0
[ "$(tail -n1 "$OUT")" = "tier process, mode workspace-write, workspace $WS" ] ||
	fail "last line is '$(tail -n1 "$OUT")'"
assert_err_match 'no proven tier'
end_test

begin_test "explain with --enforce off: a note that run confines nothing, and tier guarded's answers"
explain --enforce off "$HOME/proj/notes"
assert_rc 0
assert_err_match "enforce is off: 'fsjail run' confines nothing"
[ "$(tail -n1 "$OUT")" = "tier guarded, mode workspace-write, workspace $WS" ] ||
	fail "last line is '$(tail -n1 "$OUT")'"
end_test

begin_test "explain --json: tier, mode, workspace; per path the spelling, normalised and resolved path; per capability decision, level, enforcement and rule"
explain --json --tier writes "$HOME//proj/./gone/../secret/" "$HOME/proj/link/./f"
assert_rc 0
if ! python3 - "$OUT" "$HOME" "$WS" "$RULES" "$L_RW" "$L_SECRET" >"$T/py.out" 2>&1 <<'EOF'; then
import json, sys
out, home, ws, rules, l_rw, l_secret = sys.argv[1:]
j = json.load(open(out))
def eq(what, got, want):
    if got != want:
        sys.exit(f"{what} is {got!r}, expected {want!r}")
eq("tier", j["tier"], "writes")
eq("mode", j["mode"], "workspace-write")
eq("workspace", j["workspace"], ws)
eq("number of paths", len(j["paths"]), 2)
p, q = j["paths"]
eq("paths[0].path", p["path"], home + "//proj/./gone/../secret/")
eq("paths[0].normalised", p["normalised"], home + "/proj/secret")
eq("paths[0].resolved", p["resolved"], home + "/proj/secret")
eq("capabilities", sorted(p["capabilities"]), ["connect", "create", "delete", "execute", "read", "write"])
eq("connect", p["capabilities"]["connect"],
   {"allowed": False, "level": "default", "enforced": True, "in_force": True, "rule": None})
for c in ("read", "write"):
    d = p["capabilities"][c]
    eq(c + ".allowed", d["allowed"], False)
    eq(c + ".level", d["level"], "explicit")
    eq(c + ".rule", d["rule"], {"source": "rule", "id": "proj-secret",
        "path": home + "/proj/secret", "resolved": home + "/proj/secret",
        "recursive": True, "origin": f"{rules}:{l_secret}"})
eq("read.enforced", p["capabilities"]["read"]["enforced"], False)
eq("write.enforced", p["capabilities"]["write"]["enforced"], True)
eq("execute.enforced", p["capabilities"]["execute"]["enforced"], False)
eq("create", p["capabilities"]["create"],
   {"allowed": False, "level": "default", "enforced": True, "in_force": True, "rule": None})
eq("paths[1].path", q["path"], home + "/proj/link/./f")
eq("paths[1].normalised", q["normalised"], home + "/proj/link/f")
eq("paths[1].resolved", q["resolved"], home + "/proj/real/f")
r = q["capabilities"]["read"]
eq("paths[1].read.allowed", r["allowed"], True)
eq("paths[1].read.rule.id", r["rule"]["id"], "proj-rw")
eq("paths[1].read.rule.origin", r["rule"]["origin"], f"{rules}:{l_rw}")
EOF
	fail "the JSON does not hold what was expected"
	diag_file python "$T/py.out"
	diag_last
fi
end_test

begin_test "explain: no path, an unknown tier, an empty path: exit 125 with the reason"
explain
assert_rc 125
assert_err_match '^fsjail: explain: no path given$'
[ -s "$OUT" ] && fail "explain without a path printed on stdout"
explain --tier bogus "$HOME/proj/notes"
assert_rc 125
assert_err_match "^fsjail: unknown tier 'bogus' \\(full, guarded, process, writes\\)$"
[ -s "$OUT" ] && fail "explain with an unknown tier printed on stdout"
explain --tier full "" "$HOME/proj/notes"
assert_rc 125
assert_err_match "^fsjail: '': empty path$"
assert_out_match "^$HOME/proj/notes\$"
end_test

# --- compile --backend seatbelt -------------------------------------------

# sb_compile TIER: compile the Seatbelt profile of TIER into $SB, its
# parameters as -D arguments into the array D, and its body (the profile
# without the parameter comments) into $SB.body.
sb_compile()
{
	SB=$T/sb-$1.sb
	run_cmd "$FSJAIL" compile --backend seatbelt --tier "$1"
	cp "$OUT" "$SB"
	sed '/^;; parameters/,$d' "$SB" >"$SB.body"
	mapfile -t D < <(sed -n 's/^;; \(P[0-9]*\|BROKER\)="\(.*\)"$/-D\n\1=\2/p' "$SB")
}

# param_of VALUE: the name of the parameter whose value is VALUE (empty
# when none).
param_of()
{
	sed -n "s/^;; \\(P[0-9]*\\)=\"$(printf '%s' "$1" | sed 's/[.[\*^$/]/\\&/g')\"\$/\\1/p" "$SB" |
		head -n1
}

# sb_line TEXT / sb_noline TEXT: the profile has / has no line exactly TEXT.
sb_line()
{
	grep -qxF -- "$1" "$SB" || fail "no line '$1' in the $2 profile"
}
sb_noline()
{
	grep -qxF -- "$1" "$SB" && fail "the $2 profile has the line '$1'"
}

# sb_decide TIER EXPECT...: the SBPL evaluator decides each "op path" of
# the table as EXPECT says (allow or deny).
SBPL_OPS=(
	"file-read-data $HOME/proj/notes"
	"file-write-data $HOME/proj/notes"
	"file-read-data $HOME/proj/secret/key"
	"file-write-data $HOME/proj/secret/key"
	"file-read-data $HOME/other"
	"file-read-data /fsjail-t0052-none/f"
	"file-read-data /etc/passwd"
	"process-exec $HOME/proj/notes"
)
sb_decide()
{
	local tier=$1 args=() op
	shift
	for op in "${SBPL_OPS[@]}"; do
		args+=(--decide "${op%% *}" "${op#* }")
	done
	"$CHECK" --lint -f "$SB" "${D[@]}" "${args[@]}" >"$T/decide" 2>&1 ||
		fail "sbpl-check refused the $tier profile: $(head -n3 "$T/decide")"
	for op in "${SBPL_OPS[@]}"; do
		grep -qF "$1 $op (" "$T/decide" || fail "$tier: '$op' is not '$1': $(grep -F " $op (" "$T/decide")"
		shift
	done
}

for tier in full guarded process writes; do
	begin_test "compile --backend seatbelt --tier $tier: the tier's own profile text and decisions"
	sb_compile "$tier"
	assert_rc 0
	[ "$(head -n1 "$SB")" = "; fsjail profile: tier $tier, mode workspace-write" ] ||
		fail "first line is '$(head -n1 "$SB")'"
	# paths enter only as parameters
	grep -qF "$T" "$SB.body" && fail "a path of the test is written into the profile text"
	PS=$(param_of "$HOME/proj/secret")
	PR=$(param_of "$HOME/proj")
	[ -n "$PS" ] && [ -n "$PR" ] || fail "no parameter for ~/proj or ~/proj/secret"
	W='file-write-data file-write-mode file-write-owner file-write-times file-write-flags file-write-xattr'
	R='file-read-data file-read-xattr'
	# a denied path is not renamed, linked or cloned away (issue 15, D1)
	M='file-write-unlink file-link file-clone'
	case $tier in
	full | guarded)
		sb_noline ";; capabilities tier $tier does not enforce" "$tier"
		sb_line ";; system paths every process reads (dyld, shared cache)" "$tier"
		sb_line ";; system code every process maps executable" "$tier"
		# the user-data root is fenced for reads
		PH=$(param_of /home)
		[ -n "$PH" ] || fail "no parameter for /home"
		sb_line "(deny $R $M (literal (param \"$PH\")) (subpath (param \"$PH\")))" "$tier"
		sb_line "(allow $R $W (literal (param \"$PR\")) (subpath (param \"$PR\")) (with message \"proj-rw\"))" "$tier"
		sb_line "(deny $R $W $M (literal (param \"$PS\")) (subpath (param \"$PS\")) (with message \"proj-secret\"))" "$tier"
		;;
	process | writes)
		sb_line ";; capabilities tier $tier does not enforce" "$tier"
		sb_noline ";; system paths every process reads (dyld, shared cache)" "$tier"
		grep -q '^(deny file-read-data' "$SB" && fail "a read deny in the $tier profile"
		# /home only as a folder above a denied path, never renamed away
		grep -F "(param \"$(param_of /home)\")" "$SB" | grep -vq '^	(literal' &&
			fail "the $tier profile has a rule on /home"
		sb_line "(allow $W (literal (param \"$PR\")) (subpath (param \"$PR\")) (with message \"proj-rw\"))" "$tier"
		sb_line "(deny $W $M (literal (param \"$PS\")) (subpath (param \"$PS\")) (with message \"proj-secret\"))" "$tier"
		;;
	esac
	P0=$(param_of /)
	case $tier in
	full)
		# reads closed, then re-opened path by path: / is no grant
		[ -z "$P0" ] || fail "the full profile has a parameter for / ($P0)"
		sb_decide full allow allow deny deny deny deny allow deny
		;;
	guarded)
		# / re-opened for reads (the baseline entry), user-data roots fenced
		if [ -z "$P0" ]; then
			fail "the guarded profile has no parameter for /"
		else
			sb_line "(allow $R (literal (param \"$P0\")) (subpath (param \"$P0\")))" guarded
		fi
		sb_decide guarded allow allow deny deny deny allow allow deny
		;;
	process)
		sb_line "(allow $R)" process
		sb_line ";; system code every process maps executable" process
		sb_decide process allow allow allow deny allow allow allow deny
		;;
	writes)
		sb_line "(allow $R process-exec file-map-executable)" writes
		sb_noline ";; system code every process maps executable" writes
		sb_decide writes allow allow allow deny allow allow allow allow
		;;
	esac
	end_test
done

# --- compile --backend landlock -------------------------------------------

# ll_compile TIER [ENV...]: the Landlock dump of TIER into $OUT; ABI from
# its "abi N" line.
ll_compile()
{
	local tier=$1
	shift
	run_cmd env FSJAIL_LANDLOCK_ABI_MAX=0 "$@" "$FSJAIL" compile --backend landlock --tier "$tier"
	ABI=$(sed -n 's/^abi \([0-9][0-9]*\)$/\1/p' "$OUT")
	: "${ABI:=0}"
}

# rights NAME...: the names joined with |, less those the ABI lacks
# (REFER before 2, TRUNCATE before 3, IOCTL_DEV before 5).
rights()
{
	local r out=
	for r in "$@"; do
		case $r in
		REFER) [ "$ABI" -ge 2 ] || continue ;;
		TRUNCATE) [ "$ABI" -ge 3 ] || continue ;;
		IOCTL_DEV) [ "$ABI" -ge 5 ] || continue ;;
		esac
		out=${out:+$out|}$r
	done
	printf '%s' "$out"
}

ll_line()
{
	grep -qxF -- "$1" "$OUT" || fail "no line '$1' in the $2 dump"
}

# has RIGHT: the last dump's "handled" line names RIGHT.
has()
{
	printf '%s\n' "$handled" | grep -qx "$1"
}

MAKE=(MAKE_DIR MAKE_REG MAKE_SOCK MAKE_FIFO MAKE_SYM)
for tier in full guarded process writes; do
	begin_test "compile --backend landlock --tier $tier: handled rights, rules and the expanded folder of the nested deny"
	ll_compile "$tier" FSJAIL_NO_MOUNT_MASKS=1
	assert_rc 0
	[ "$(head -n1 "$OUT")" = "# landlock ruleset: tier $tier, mode workspace-write, workspace $WS" ] ||
		fail "first line is '$(head -n1 "$OUT")'"
	[ "$ABI" -ge 1 ] || fail "no 'abi N' line"
	handled=$(sed -n 's/^handled //p' "$OUT" | tr '|' '\n')
	for r in WRITE_FILE REMOVE_DIR REMOVE_FILE MAKE_REG; do
		has "$r" || fail "$tier does not handle $r"
	done
	case $tier in
	full | guarded)
		has READ_FILE && has READ_DIR && has EXECUTE || fail "$tier does not handle read and execute"
		ll_line "rule $WS: $(rights EXECUTE WRITE_FILE READ_FILE READ_DIR REMOVE_DIR REMOVE_FILE "${MAKE[@]}" REFER TRUNCATE IOCTL_DEV)" "$tier"
		ll_line "rule $HOME/proj/notes: $(rights WRITE_FILE READ_FILE TRUNCATE IOCTL_DEV)" "$tier"
		;;
	process)
		has EXECUTE || fail "process does not handle EXECUTE"
		has READ_FILE && fail "process handles READ_FILE"
		ll_line "rule $WS: $(rights EXECUTE WRITE_FILE REMOVE_DIR REMOVE_FILE "${MAKE[@]}" REFER TRUNCATE IOCTL_DEV)" process
		ll_line "rule $HOME/proj/notes: $(rights WRITE_FILE TRUNCATE IOCTL_DEV)" process
		;;
	writes)
		has EXECUTE && fail "writes handles EXECUTE"
		has READ_FILE && fail "writes handles READ_FILE"
		ll_line "rule $WS: $(rights WRITE_FILE REMOVE_DIR REMOVE_FILE "${MAKE[@]}" REFER TRUNCATE IOCTL_DEV)" writes
		ll_line "rule $HOME/proj/notes: $(rights WRITE_FILE TRUNCATE IOCTL_DEV)" writes
		;;
	esac
	# the deny inside the grant: ~/proj is expanded, the secret gets nothing
	ll_line "expanded $HOME/proj" "$tier"
	grep -q "^rule $HOME/proj: " "$OUT" && fail "a rule grants the whole of ~/proj"
	grep -q "^rule $HOME/proj/secret" "$OUT" && fail "a rule grants ~/proj/secret"
	# guarded reads / but not /home: / itself is expanded; full grants no /
	if [ "$tier" = guarded ]; then
		ll_line "expanded /" guarded
	else
		grep -qx 'expanded /' "$OUT" && fail "/ is expanded at tier $tier"
	fi
	end_test
done

NO_MASKS=0
[ -n "${FSJAIL_NO_MOUNT_MASKS:-}" ] && [ "$FSJAIL_NO_MOUNT_MASKS" != 0 ] && NO_MASKS=1
if [ "$NO_MASKS" = 1 ]; then
	skip "FSJAIL_NO_MOUNT_MASKS is set: no mount masks to compile"
elif ! can_mount_ns; then
	skip_root "mount masks (no unprivileged user namespace here)"
else
	begin_test "compile --backend landlock with mount masks: the deeper deny is a mask, hide at full, readonly at writes"
	ll_compile full
	assert_rc 0
	ll_line "mask hide $HOME/proj/secret" full
	ll_line "rule $HOME/proj: $(rights WRITE_FILE READ_FILE READ_DIR TRUNCATE IOCTL_DEV)" full
	grep -qx "expanded $HOME/proj" "$OUT" && fail "~/proj is expanded although a mask carries the deny"
	ll_compile writes
	assert_rc 0
	ll_line "mask readonly $HOME/proj/secret" writes
	ll_line "rule $HOME/proj: $(rights WRITE_FILE TRUNCATE IOCTL_DEV)" writes
	end_test
fi

begin_test "compile seatbelt: no rule is emitted twice at any tier (a data file protected twice was)"
for tier in full guarded process writes; do
	sb_compile "$tier"
	dup=$(grep '^(deny\|^(allow file' "$SB.body" | sort | uniq -d)
	[ -z "$dup" ] || fail "tier $tier repeats: $dup"
done
end_test

begin_test "compile: an unknown backend or tier, a stray argument: exit 125 with the reason, nothing on stdout"
run_cmd "$FSJAIL" compile --backend bogus
assert_rc 125
assert_err_match "^fsjail: compile: unknown backend 'bogus' \\(seatbelt, landlock\\)$"
[ -s "$OUT" ] && fail "compile --backend bogus printed on stdout"
run_cmd "$FSJAIL" compile --backend null
assert_rc 125
assert_err_match "backend 'null' confines nothing: it has no profile to print"
[ -s "$OUT" ] && fail "compile --backend null printed on stdout"
for bad in bogus off auto; do
	run_cmd "$FSJAIL" compile --backend seatbelt --tier "$bad"
	assert_rc 125 "--tier $bad"
	assert_err_match "^fsjail: unknown tier '$bad' \\(full, guarded, process, writes\\)$"
	[ -s "$OUT" ] && fail "compile --tier $bad printed on stdout"
done
run_cmd "$FSJAIL" compile --backend landlock extra
assert_rc 125
assert_err_match "^fsjail: compile: unexpected argument 'extra'$"
[ -s "$OUT" ] && fail "compile with a stray argument printed on stdout"
end_test

begin_test "explain and status: a grant on a path that does not exist is not in force"
write_rules <<EOF
rules:
  - id: not-yet
    path: ~/not-yet
    allow: [read, write, create]
EOF
explain --tier full "$HOME/not-yet/f"
assert_rc 0
# read is Landlock's alone; write and create the listener carries (t0212)
cap_is read "allow explicit rule 'not-yet' $HOME/not-yet [$RULES:2], but not in force: $HOME/not-yet does not exist (Landlock grants only paths that exist when the run starts)"
cap_is write "allow explicit rule 'not-yet' $HOME/not-yet [$RULES:2]"
explain --json --tier full "$HOME/not-yet/f"
python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["paths"][0]["capabilities"]; sys.exit(0 if c["read"]["in_force"] is False and c["read"]["allowed"] else 1)' "$OUT" ||
	fail "--json does not say in_force: false"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_match "^warning: rule 'not-yet' grants on $HOME/not-yet, which does not exist: read not in force"
mkdir -p "$HOME/not-yet"
explain --tier full "$HOME/not-yet/f"
cap_is write "allow explicit rule 'not-yet' $HOME/not-yet [$RULES:2]"
rmdir "$HOME/not-yet"
end_test

done_testing
