# bench/lib.sh - the set-up the bench scripts share; sourced, not run.
# bench_init NAME sets bench_name, and:
#   top      the source tree;
#   fsjail   $FSJAIL, else src/fsjail of this tree (must be executable).
# bench_scratch PARENT sets scratch: a folder made under PARENT, removed on
# exit (bench_cleanup; a script with more to undo sets its own EXIT trap
# and calls bench_cleanup from it).
# bench_setup NAME [RUNS] is both, for the run-*.sh scripts (python3
# needed), with the scratch folder under $BENCH_DIR (default $HOME), and
# sets:
#   runs     $BENCH_RUNS, else RUNS (a number, at least 1; not set
#            without RUNS);
#   ws       $scratch/workspace, made;
# and exports FSJAIL_HOME=$scratch/fsjail-home (made), so that fsjail's
# own config, state and probe cache are not the user's. bench_own_home
# DIR exports HOME=DIR/home (made) and unsets XDG_DATA_HOME: the trash
# fsjail fills is not the user's. die MESSAGE prints "NAME: MESSAGE" and
# exits 1.
# make_repo DIR N makes DIR a git repository of N one-line files, 100 per
# folder, committed. make_tree DIR N REPEAT makes N files in DIR, 100 per
# folder dK, file fI holding "some text line I" REPEAT times. ratio A B
# prints A / B to two places (nan when B is 0).

die()
{
	echo "$bench_name: $*" >&2
	exit 1
}

bench_cleanup()
{
	rm -rf "$scratch"
}

bench_init()
{
	bench_name=$1
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	fsjail=${FSJAIL:-$top/src/fsjail}
	[ -x "$fsjail" ] || die "no fsjail binary at '$fsjail' (build first, or set FSJAIL)"
}

bench_scratch()
{
	scratch=$(mktemp -d "$1/fsjail-$bench_name.XXXXXX")
	trap bench_cleanup EXIT
}

bench_setup()
{
	bench_init "$1"
	command -v python3 >/dev/null || die "python3 is needed for the timing loop"
	if [ $# -ge 2 ]; then
		runs=${BENCH_RUNS:-$2}
		case $runs in
		'' | *[!0-9]*) die "BENCH_RUNS must be a number, not '$runs'" ;;
		esac
		[ "$runs" -ge 1 ] || die "BENCH_RUNS must be at least 1"
	fi
	bench_scratch "${BENCH_DIR:-$HOME}"
	ws=$scratch/workspace
	mkdir -p "$ws" "$scratch/fsjail-home"
	export FSJAIL_HOME=$scratch/fsjail-home
}

bench_own_home()
{
	export HOME=$1/home
	unset XDG_DATA_HOME
	mkdir -p "$HOME"
}

make_repo()
{
	python3 - "$1" "$2" <<'PY' || die "cannot make the repository files"
import os
import sys

top, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    d = os.path.join(top, "d%03d" % (i // 100))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "f%05d.txt" % i), "w") as f:
        f.write("line %d\n" % i)
PY
	git -C "$1" init -q &&
		git -C "$1" -c user.email=b@example.invalid -c user.name=bench add -A &&
		git -C "$1" -c user.email=b@example.invalid -c user.name=bench commit -qm files ||
		die "cannot commit the repository"
}

make_tree()
{
	python3 - "$1" "$2" "$3" <<'PY' || die "cannot make the tree"
import os
import sys

d, n, rep = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for i in range(n):
    sub = os.path.join(d, "d%d" % (i // 100))
    os.makedirs(sub, exist_ok=True)
    with open(os.path.join(sub, "f%d" % i), "w") as f:
        f.write("some text line %d\n" % i * rep)
PY
}

ratio()
{
	python3 -c "print('%.2f' % ($1 / $2 if $2 > 0 else float('nan')))"
}
