#!/bin/bash
# A probe killed mid-way (fix45) left its scratch folders for good:
# .fsjail-probe.XXXXXX in the workspace and the home folder, and in
# $TMPDIR, the state and the config folders. Each folder is now named in a
# record in the state folder (probe-made/) before it is made, with its
# identity once made; the next run sweeps the records of probes no longer
# alive and moves what they name, when it is still that folder, to the
# trash. A .fsjail-probe.x a command made, and a folder put at a
# recorded name after the probe was killed, are not touched. The kill
# uses FSJAIL_TEST_PROBE_STOP=FILE: the probe's helper writes its pid to
# FILE and stops once its folders are made.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
export TMPDIR=$T/tmp
mkdir -p "$TMPDIR" "$HOME/.cache"
TRASH=$HOME/.local/share/Trash/files

# leftovers: the probe's folders in every place it makes them
leftovers()
{
	find "$WS" "$HOME/.cache" "$TMPDIR" "$STATE_DIR" "$CONF_DIR" -maxdepth 1 \
		\( -name '.fsjail-probe.??????' -o -name 'fsjail-probe.??????' -o \
		-name 'probe-scratch.??????' \) 2>/dev/null | sort
}

# killed_probe: a run whose probe is killed (SIGKILL, with fsjail) once its
# scratch folders are made
killed_probe()
{
	local pidf=$T/probe.pid fpid hpid i
	rm -rf "$STATE_DIR/probe" "$pidf" # the cache: the next run probes
	FSJAIL_TEST_PROBE_STOP=$pidf "$FSJAIL" run --workspace "$WS" -- true >"$OUT" 2>"$ERR" &
	fpid=$!
	for i in $(seq 200); do
		[ -s "$pidf" ] && break
		sleep 0.05
	done
	hpid=$(cat "$pidf" 2>/dev/null)
	if [ -z "$hpid" ]; then
		kill -9 "$fpid" 2>/dev/null
		wait "$fpid" 2>/dev/null
		fail "no probe helper stopped (FSJAIL_TEST_PROBE_STOP)"; diag_file err "$ERR"
		return 1
	fi
	kill -9 "$hpid" "$fpid" 2>/dev/null
	wait "$fpid" 2>/dev/null
	for i in $(seq 100); do
		kill -0 "$hpid" 2>/dev/null || break
		sleep 0.05
	done
	return 0
}

begin_test "a killed probe's folders are swept to the trash by the next run"
killed_probe
left=$(leftovers)
[ "$(printf '%s\n' "$left" | grep -c .)" -ge 4 ] ||
	fail "the killed probe left fewer folders than it makes: $left"
fsj -- true
assert_rc 0
[ -z "$(leftovers)" ] || fail "left after the next run: $(leftovers)"
for d in $left; do
	ls -A "$TRASH" 2>/dev/null | grep -qxF "$(basename "$d")" || fail "$d is not in the trash"
done
[ -z "$(ls -A "$STATE_DIR/probe-made" 2>/dev/null)" ] ||
	fail "records left: $(ls -A "$STATE_DIR/probe-made")"
end_test

begin_test "a .fsjail-probe.* a command made is not touched"
fsj -- bash -c 'echo mine >.fsjail-probe.x && mkdir .fsjail-probe.abcdef && echo mine >.fsjail-probe.abcdef/w'
assert_rc 0
killed_probe
fsj -- true
assert_rc 0
assert_content "$WS/.fsjail-probe.x" "mine"
assert_content "$WS/.fsjail-probe.abcdef/w" "mine"
[ "$(leftovers)" = "$WS/.fsjail-probe.abcdef" ] || fail "left after the next run: $(leftovers)"
rm -rf "$WS/.fsjail-probe.x" "$WS/.fsjail-probe.abcdef"
end_test

begin_test "a folder put at a recorded name after the kill is not the probe's: not touched"
killed_probe
ws_left=$(find "$WS" -maxdepth 1 -name '.fsjail-probe.??????')
[ -n "$ws_left" ] || fail "the killed probe left no folder in the workspace"
for d in $ws_left; do
	mv "$d" "$T/moved.$(basename "$d")" && mkdir "$d" && echo mine >"$d/w"
done
fsj -- true
assert_rc 0
for d in $ws_left; do
	assert_content "$d/w" "mine"
	assert_dir "$T/moved.$(basename "$d")"
done
end_test

done_testing
