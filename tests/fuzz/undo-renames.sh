#!/bin/bash
# tests/fuzz/undo-renames.sh [-k] [-l] [-v] SEED... | -n COUNT [-s FIRST]
#
# Random rename chains against `fsjail backups restore` (att22). For each
# seed: a small tree (files, a hard link pair, folders, an empty folder)
# is made in a scratch workspace, snapshotted (type, mode, bytes, symlink
# target, which names are one file), then a seeded random sequence of
# rename / renameat2 RENAME_EXCHANGE / RENAME_NOREPLACE / link / unlink /
# rmdir / write / truncate / mkdir / chmod runs inside `fsjail run` (no
# rules file), then
# `fsjail backups restore`, and every path of the snapshot must be back
# as it was. The same seed gives the same sequence (python's
# random.Random(seed)); the sequence is printed for a failing seed.
#
# A seed fails ("LOSS") when a path of the snapshot is missing or
# differs after the restore and the restore said nothing about it (exit
# status 0, no refusal in its output): a silent data loss. A loss the
# restore refused loudly is printed as "loud". A path the run made that
# the restore left behind is printed as "extra" (not a failure), and a
# name back with its bytes and mode but no longer one file with the
# other names it had (a hard link restored as a copy) as "unlinked": a
# failure only with -l (seeds 69, 82 and 97 were, before t0409's cases 5
# and 6).
#
# Run from the build tree (FSJAIL: the binary, default src/fsjail), as
# root or a user with a writable /home (the workspace must not lie under
# /tmp: the baseline opens it fully):
#   tests/fuzz/undo-renames.sh -n 300            # seeds 1..300
#   tests/fuzz/undo-renames.sh -v 17             # one seed, with its calls
# -k keeps the scratch folders of failing seeds. Exit status: 0 when no
# seed lost data silently, 1 otherwise. Each seed is one `fsjail run` and
# one restore, about a second: a few hundred take minutes, too long for
# `make check` (run it by hand after a change to backup*.c, restore*.c or
# notify-rename.c). Seeds that lost data at f4027d8, each now a case of an
# integration test: 24, 46, 56, 106 (t0406), 71 and 113 (t0408), 286
# (t0409); seed 5 of an earlier generator became t0407. Another
# filesystem may draw other sequences from a seed (the names picked
# depend on what the calls did).
set -u
export LC_ALL=C
: "${FSJAIL:=$(cd "$(dirname "$0")/../.." && pwd)/src/fsjail}"
keep=0 verbose=0 count=0 first=1 strict_links=0
seeds=()
while [ $# -gt 0 ]; do
	case $1 in
	-k) keep=1 ;;
	-l) strict_links=1 ;;
	-v) verbose=1 ;;
	-n) count=$2; shift ;;
	-s) first=$2; shift ;;
	*) seeds+=("$1") ;;
	esac
	shift
done
[ "$count" -gt 0 ] && for ((i = first; i < first + count; i++)); do seeds+=("$i"); done
[ ${#seeds[@]} -gt 0 ] || { echo "usage: $0 [-k] [-l] [-v] SEED... | -n COUNT [-s FIRST]" >&2; exit 2; }

# The tree, the snapshot and the comparison (outside the sandbox).
read -r -d '' TOOL <<'EOF'
import json, os, stat, sys, hashlib
def tree(ws):
    os.makedirs(ws + "/D/F"); os.makedirs(ws + "/E"); os.makedirs(ws + "/G")
    for p, s in [("a", "A\n"), ("b", "BB\n"), ("c", "CCC\n"), ("D/x", "dx\n"),
                 ("D/y", "dy\n"), ("E/x", "ex\n"), ("D/F/w", "w\n")]:
        with open(ws + "/" + p, "w") as f: f.write(s)
    os.chmod(ws + "/b", 0o600); os.chmod(ws + "/D/y", 0o755)
    os.link(ws + "/c", ws + "/h")
def snap(ws):
    out, first = {}, {}
    for dp, dn, fn in sorted(os.walk(ws)):
        for n in sorted(dn + fn):
            p = os.path.join(dp, n); st = os.lstat(p); rel = os.path.relpath(p, ws)
            if stat.S_ISREG(st.st_mode):
                # names of one file: each says the first name of its file
                one = first.setdefault((st.st_dev, st.st_ino), rel)
                v = "f:" + hashlib.sha256(open(p, "rb").read()).hexdigest()[:16] + "@" + one
            elif stat.S_ISDIR(st.st_mode): v = "d"
            elif stat.S_ISLNK(st.st_mode): v = "l:" + os.readlink(p)
            else: v = "o"
            out[rel] = "%s %o" % (v, stat.S_IMODE(st.st_mode))
    return out
cmd = sys.argv[1]
if cmd == "tree": tree(sys.argv[2])
elif cmd == "snap": json.dump(snap(sys.argv[2]), open(sys.argv[3], "w"), sort_keys=True)
elif cmd == "cmp":
    a = json.load(open(sys.argv[2])); b = snap(sys.argv[3]); bad = 0
    bare = lambda v: v.split("@")[0] + v[v.index(" "):] if "@" in v else v
    for p in sorted(a):
        if p not in b or bare(b[p]) != bare(a[p]):
            print("lost %s: was %s, now %s" % (p, a[p], b.get(p, "absent"))); bad = 1
        elif b[p] != a[p]:
            print("unlinked %s: was %s, now %s" % (p, a[p], b[p])); bad = bad or 3
    for p in sorted(set(b) - set(a)): print("extra %s: %s" % (p, b[p]))
    sys.exit(bad)
EOF

# The ops, run inside the sandbox from the workspace: each picks its
# names mostly among those that exist at that step (a sorted walk), so the
# sequence depends only on the seed and the tree (printed for a failure).
read -r -d '' RUN <<'EOF'
import ctypes, os, random, sys
libc = ctypes.CDLL(None, use_errno=True)
r = random.Random(int(sys.argv[1]))
NEW = ["n1", "n2", "D/n3", "E/n4", "G/n5", "N6", "D/F/n7"]
def r2(a, b, fl):
    if libc.renameat2(-100, a.encode(), -100, b.encode(), fl) != 0:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
def names():
    out = []
    for dp, dn, fn in os.walk("."):
        dn.sort()
        out += [os.path.relpath(os.path.join(dp, n)) for n in sorted(dn + fn)]
    return out
def pick():
    have = names()
    return r.choice(have) if have and r.random() < 0.8 else r.choice(NEW)
for _ in range(int(sys.argv[2])):
    k = r.choice(["mv", "mv", "mv", "mv", "xchg", "xchg", "norep", "link", "rm",
                  "rmdir", "write", "trunc", "mkdir", "chmod", "append"])
    a, b = pick(), pick()
    try:
        if k == "mv": os.rename(a, b)
        elif k == "xchg": r2(a, b, 2)
        elif k == "norep": r2(a, b, 1)
        elif k == "link": os.link(a, b)
        elif k == "rm": os.unlink(a)
        elif k == "rmdir": os.rmdir(a)
        elif k == "mkdir": os.mkdir(b)
        elif k == "chmod": os.chmod(a, r.choice([0o600, 0o644, 0o755, 0o700]))
        elif k in ("write", "append"):
            fd = os.open(a, os.O_WRONLY | os.O_CREAT | (os.O_APPEND if k == "append" else os.O_TRUNC), 0o644)
            os.write(fd, b"%s %d\n" % (k.encode(), r.randrange(1000))); os.close(fd)
        elif k == "trunc": os.truncate(a, r.randrange(3))
        res = "ok"
    except OSError as e:
        res = e.strerror
    print(k, a, b, res)
EOF

fails=0 louds=0 unlinked=0
for seed in "${seeds[@]}"; do
	T=$(mktemp -d /home/fsjail-fuzz.XXXXXX) || exit 2
	export HOME=$T/home FSJAIL_HOME=$T/fsjail-home
	ws=$HOME/ws
	mkdir -p "$ws"
	python3 -c "$TOOL" tree "$ws"
	python3 -c "$TOOL" snap "$ws" "$T/before.json"
	(cd "$ws" && "$FSJAIL" run --workspace "$ws" -- python3 -c "$RUN" "$seed" $((4 + seed % 12))) >"$T/run.out" 2>&1
	(cd "$ws" && "$FSJAIL" backups restore --workspace "$ws") >"$T/restore.out" 2>&1
	rrc=$?
	python3 -c "$TOOL" cmp "$T/before.json" "$ws" >"$T/cmp.out"
	crc=$?
	what=
	if [ $crc = 3 ]; then
		what=unlinked; unlinked=$((unlinked + 1))
		[ $strict_links = 1 ] && fails=$((fails + 1))
	elif [ $crc != 0 ]; then
		if [ $rrc = 0 ] && ! grep -qiE 'refus|cannot|not restored' "$T/restore.out"; then
			what=LOSS; fails=$((fails + 1))
		else
			what=loud; louds=$((louds + 1))
		fi
	fi
	if [ -n "$what" ] || [ $verbose = 1 ]; then
		echo "=== seed $seed: ${what:-ok} (restore exit $rrc)"
		sed 's/^/run: /' "$T/run.out"
		sed 's/^/restore: /' "$T/restore.out"
		sed 's/^/  /' "$T/cmp.out"
	fi
	if [ $keep = 1 ] && [ -n "$what" ]; then
		echo "kept $T"
	else
		chmod -R u+rwX "$T" 2>/dev/null
		rm -rf "$T"
	fi
done
echo "undo-renames: ${#seeds[@]} seeds, $fails silent losses, $louds loud refusals, $unlinked unlinked"
[ $fails = 0 ]
