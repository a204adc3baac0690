#!/bin/bash
# The "to allow it" line under the refusal summary is a command that works
# when pasted (hint13), for every capability a refusal can name: read,
# write, create, delete, execute, connect (and a folder being made). For
# each, the action is refused and hinted; then the line's "this run" form
# (its mkdir -p, then its fsjail run with the command for "...") and its
# "kept" form (its fsjail allow add ..., then a plain run) are each pasted
# as they are printed, and the refused action succeeds with nothing
# refused. An execute hint was execute alone, and failed again: execve(2)
# needs read too (Landlock asks READ_FILE with EXECUTE). Reads and
# executes are listed with --report (fsjail(1) REFUSALS). As root and as
# cloudsdk.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0299_USER 7
setup
require_landlock

C=$HOME/c
PY=/usr/bin/python3
mkdir -p "$C"
echo data >"$C/r"
echo old >"$C/w"
printf '#!/bin/sh\necho ran\n' >"$C/x"
chmod +x "$C/x"

# the_line: the one "to allow" line of $T/first (fails when not one)
the_line()
{
	local n
	n=$(grep -c 'to allow ' "$T/first")
	[ "$n" = 1 ] || { fail "$n hint lines, want 1: $(cat "$T/first")"; return 1; }
	grep 'to allow ' "$T/first"
}

# paste_mkdir LINE: the line's "mkdir -p ... (it does not exist yet)", if any
paste_mkdir()
{
	local seg
	[[ $1 == *": mkdir -p "*" (it does not exist yet), then "* ]] || return 0
	seg=${1#*: }
	eval "${seg%% (it does not exist yet)*}"
}

# works WHAT RESET CMD...: RESET (shell text, outside the sandbox) puts
# things back; CMD is refused and hinted once; the hint's two forms, each
# pasted as printed, make CMD succeed with no refusal.
works()
{
	local what=$1 reset=$2 line seg
	shift 2
	clear_rules
	eval "$reset"
	fsj --report "$T/r0" -- "$@"
	cp "$ERR" "$T/first"
	[ "$RC" != 0 ] || fail "$what: not refused at first: $(cat "$ERR")"
	line=$(the_line) || return
	diag "$what: ${line:0:220}"
	# this run: mkdir -p, then fsjail run GRANTS ... with the command
	eval "$reset"
	paste_mkdir "$line"
	seg=${line#*fsjail run }
	eval "set -- ${seg%% ... (this run only)*} --report \"\$T/r1\" -- \"\${CMD[@]}\""
	fsj "$@"
	[ "$RC" = 0 ] || fail "$what: the pasted --grant did not lift it (rc $RC): $(cat "$ERR")"
	[ -s "$T/r1" ] && fail "$what: refused with the pasted --grant: $(cat "$T/r1")"
	# kept: mkdir -p, then fsjail allow add ... as printed, then a plain run
	eval "$reset"
	paste_mkdir "$line"
	seg=${line#*(this run only), or }
	seg=${seg%% (kept); fsjail explain *}
	FSJAIL_CMD=$FSJAIL
	eval "${seg//fsjail allow add/\"\$FSJAIL_CMD\" allow add}" >"$T/allow.out" 2>&1 ||
		fail "$what: the pasted allow add failed: $(cat "$T/allow.out")"
	fsj --report "$T/r2" -- "${CMD[@]}"
	[ "$RC" = 0 ] || fail "$what: the kept rule did not lift it (rc $RC): $(cat "$ERR")"
	[ -s "$T/r2" ] && fail "$what: refused with the kept rule: $(cat "$T/r2")"
	clear_rules
}

begin_test "read: the pasted hint lifts it"
CMD=(cat "$C/r")
works read : "${CMD[@]}"
assert_out_eq data
end_test

begin_test "write: the pasted hint lifts it"
CMD=(sh -c 'echo new >>"$1"' sh "$C/w")
works write : "${CMD[@]}"
end_test

begin_test "create (a file, and a folder being made with mkdir -p): the pasted hint lifts it"
CMD=(sh -c 'echo n >"$1"' sh "$C/new")
works create 'rm -f "$C/new"' "${CMD[@]}"
assert_content "$C/new" n
CMD=(sh -c 'mkdir -p "$1" && echo n >"$1/f"' sh "$C/sub")
works mkdir 'rm -rf "$C/sub"' "${CMD[@]}"
assert_content "$C/sub/f" n
end_test

begin_test "delete: the pasted hint lifts it"
CMD=(rm "$C/d")
works delete 'echo gone >"$C/d"' "${CMD[@]}"
assert_not_exists "$C/d"
end_test

begin_test "execute (a script and a binary): the pasted hint lifts it (read comes with it)"
CMD=("$C/x")
works execute-script : "${CMD[@]}"
assert_out_eq ran
cp /bin/true "$C/tbin"
CMD=("$C/tbin")
works execute-binary : "${CMD[@]}"
end_test

begin_test "connect (a Unix socket): the pasted hint lifts it"
rm -f "$C/sock"
"$PY" -c '
import socket, sys
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1])
s.listen(8)
s.settimeout(60)
while True:
    try:
        c, _ = s.accept()
    except OSError:
        break
    c.sendall(b"hi\n")
    c.close()
' "$C/sock" &
srv=$!
for _ in $(seq 100); do [ -S "$C/sock" ] && break; sleep 0.05; done
CMD=("$PY" -c 'import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); print(s.recv(9).decode().strip())' "$C/sock")
works connect : "${CMD[@]}"
assert_out_eq hi
kill "$srv" 2>/dev/null
wait "$srv" 2>/dev/null
end_test

# (npm's own ~/.npm/_logs is the run's private copy since cache13: a tool
# that logs the same way elsewhere stands in for it)
begin_test "a name made anew on every run: the pasted folder hint lifts the next run's name too"
mkdir -p "$HOME/.sometool/_logs"
CMD=(sh -c 'echo log >"$HOME/.sometool/_logs/$(date -u +%Y-%m-%dT%H_%M_%S_%NZ)-debug-0.log"')
works generated 'rm -f "$HOME"/.sometool/_logs/*' "${CMD[@]}"
grep -q "to allow it: fsjail run --grant [a-z,]*:$HOME/\.sometool/_logs \.\.\." "$T/first" ||
	fail "not the folder: $(cat "$T/first")"
grep -q "is named anew on every run (a timestamp)" "$T/first" || fail "no why: $(cat "$T/first")"
end_test

end_user_pass
done_testing
