#!/bin/bash
# bench/run-startup.sh - what fsjail costs per command (issue 18), as
# ratios measured side by side in one invocation. Cases, each run once per
# round, rounds alternated (the order rotates), medians over BENCH_RUNS
# rounds after 3 warm-up rounds:
#   - bare /bin/true;
#   - bench/landlock-min.c (built here): the smallest Landlock launcher,
#     read + execute on /, everything on the workspace and /tmp;
#   - bench/launch-floor.c (built here; as root): the shape DESIGN 8-9
#     give a run (a pid namespace and its init, a mount namespace with
#     /proc, a seccomp listener held outside, Landlock) and nothing else,
#     the floor under any fsjail built to that design;
#   - bwrap with equivalent mounts (/ read-only, /home and /root hidden,
#     /tmp and the workspace writable, /dev, /proc), when installed;
#   - fsjail run -- /bin/true, default policy (no rules file, backups on),
#     in an empty workspace and in a git repository of BENCH_GIT_FILES
#     files (default 10,000; the everyday agent session);
#   - git status --porcelain in that repository, bare and under fsjail;
#   - fsjail run -- /bin/true with a rules file of 10 and of 1,000 rules
#     (read, write, create, delete on folders of a workspace of 1,000
#     folders, as bench/run-overhead.sh), and `fsjail explain` of one path
#     in the empty workspace and in that one with the 1,000 rules (issue
#     18: the 1,000-rule run <= 1.2x the 10-rule one; explain <= 2 ms CPU);
#   - fsjail run -- /bin/true in the empty workspace with a probe cache of
#     32 entries (31 of other workspaces: a user of many), perf19;
#   - with FSJAIL_BEFORE=BINARY (and FSJAIL_BEFORE_DATADIR, its profiles/):
#     the fsjail cases again with that build, alternated with these, so a
#     change is measured before/after under the same load.
# It prints the medians (wall, and CPU of the whole process tree, which a
# shared machine's load disturbs less), the ratios and the targets of
# issue 18 beside them. Nothing is asserted: the numbers are for people, not for tests.
# FSJAIL_TIMING=1 fsjail run ... prints where one run's time goes.
#
# Environment: FSJAIL, FSJAIL_DATADIR (default profiles/ of this tree),
# BENCH_RUNS (default 30), BENCH_DIR (default $HOME: a user-data root, as
# a real workspace), BENCH_GIT_FILES, CC (default cc).
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_setup run-startup 30
export FSJAIL_DATADIR=${FSJAIL_DATADIR:-$top/profiles}
files=${BENCH_GIT_FILES:-10000}
case $files in '' | *[!0-9]*) die "BENCH_GIT_FILES must be a number" ;; esac
command -v git >/dev/null || die "git is needed"

llmin=$scratch/landlock-min
"${CC:-cc}" -O2 -o "$llmin" "$top/bench/landlock-min.c" || die "cannot build bench/landlock-min.c"
lfloor=
if [ "$(id -u)" = 0 ]; then
	lfloor=$scratch/launch-floor
	"${CC:-cc}" -O2 -o "$lfloor" "$top/bench/launch-floor.c" || die "cannot build bench/launch-floor.c"
fi

empty=$ws/empty
repo=$ws/repo
mkdir -p "$empty" "$repo"
make_repo "$repo" "$files"
# rules-N.yaml: N rules on N existing folders of a workspace of 1,000
rulews=$ws/rules
for n in 10 1000; do
	{
		echo "rules:"
		for ((i = 1; i <= n; i++)); do
			printf -v d '%s/r%04d' "$rulews" "$i"
			mkdir -p "$d"
			printf '  - id: bench-%04d\n    path: %s\n    allow: [read, write, create, delete]\n' \
				"$i" "$d"
		done
	} >"$scratch/rules-$n.yaml"
done

bwrap_bin=$(command -v bwrap || true)
abi=$("$fsjail" --version 2>/dev/null | sed -n 's/^landlock ABI: //p')
echo "fsjail start-up: median wall ms over $runs alternated rounds (after 3 warm-up rounds)"
echo "kernel $(uname -r), Landlock ABI ${abi:-?}, $(nproc) CPUs, uid $(id -u)," \
	"load $(cut -d' ' -f1-3 /proc/loadavg), $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo

python3 - "$runs" "$fsjail" "$llmin" "$bwrap_bin" "$empty" "$repo" "${FSJAIL_BEFORE:-}" \
	"${FSJAIL_BEFORE_DATADIR:-}" "$lfloor" "$rulews" "$scratch" <<'PY'
import json
import os
import resource
import statistics
import subprocess
import sys
import time

runs, fsjail, llmin, bwrap, empty, repo, before, before_data, lfloor, rulews, scratch = \
    int(sys.argv[1]), *sys.argv[2:]
true = "/bin/true"
env = dict(os.environ)
cases = [
    ("bare /bin/true", [true], empty, env),
    ("landlock-min /bin/true", [llmin, empty, true], empty, env),
]
if lfloor:
    cases.append(("launch-floor /bin/true", [lfloor, empty, true], empty, env))
if bwrap:
    cases.append(("bwrap /bin/true", [bwrap, "--ro-bind", "/", "/", "--tmpfs", "/home",
                                      "--tmpfs", "/root", "--bind", "/tmp", "/tmp",
                                      "--bind", empty, empty, "--dev", "/dev",
                                      "--proc", "/proc", true], empty, env))
cases += [
    ("fsjail run true, empty ws", [fsjail, "run", "--", true], empty, env),
    ("fsjail run true, repo ws", [fsjail, "run", "--", true], repo, env),
    ("git status, bare", ["git", "status", "--porcelain"], repo, env),
    ("git status, fsjail", [fsjail, "run", "--", "git", "status", "--porcelain"], repo, env),
]


def rule_cases(prefix, exe):
    """run true with 10 and 1,000 rules; explain of one path (empty ws, 1,000 rules)"""
    out = []
    for n in (10, 1000):
        out.append((f"{prefix}run true, {n} rules",
                    [exe, "run", "--rules", f"{scratch}/rules-{n}.yaml", "--workspace", rulews,
                     "--", true], rulews))
    out.append((f"{prefix}explain, empty ws",
                [exe, "explain", "--workspace", empty, empty + "/src/main.c"], empty))
    out.append((f"{prefix}explain one path",
                [exe, "explain", "--rules", f"{scratch}/rules-1000.yaml", "--workspace", rulews,
                 rulews + "/r0500/main.c"], rulews))
    return out


cases += [(n, a, c, env) for n, a, c in rule_cases("fsjail ", fsjail)]


def many_cache(exe, e):
    """A FSJAIL_HOME of its own for e whose probe cache holds 32 entries:
    the empty workspace's among 31 of other workspaces, as the cache of a
    user of many workspaces does (PROBE_CACHE_MAX_ENTRIES): in the old
    single file (16th of 32) for an fsjail before perf23, else as 32 files
    of the folder probe/ (the 31 others named as no key hashes)."""
    e = dict(e, FSJAIL_HOME=e["FSJAIL_HOME"] + "-many")
    os.makedirs(e["FSJAIL_HOME"], exist_ok=True)
    subprocess.run([exe, "probe", "--workspace", empty], cwd=empty, env=e,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    state = os.path.join(e["FSJAIL_HOME"], "state")
    path = os.path.join(state, "probe-cache.json")
    folder = os.path.join(state, "probe")
    ws = os.path.realpath(empty)
    if os.path.isdir(folder):
        files = [os.path.join(folder, n) for n in os.listdir(folder)]
        doc = None
        mine = [json.load(open(f)) for f in files][0]
    else:
        with open(path) as f:
            doc = json.load(f)
        mine = [x for x in doc["entries"] if x["key"]["workspace"] == ws][0]
    others = []
    for i in range(31):
        o = json.loads(json.dumps(mine))
        o["key"]["workspace"] = f"{ws}-other{i:02d}"
        others.append(o)
    if doc is None:
        for i, o in enumerate(others):
            with open(os.path.join(folder, f"pk-{i:016x}.json"), "w") as f:
                json.dump(o, f, separators=(",", ":"))
        return e
    doc["entries"] = others[:15] + [mine] + others[15:]
    with open(path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    return e


cases.append(("fsjail run true, 32 ws cached", [fsjail, "run", "--", true], empty,
              many_cache(fsjail, env)))
if before:
    benv = dict(env, FSJAIL_HOME=env["FSJAIL_HOME"] + "-before")
    if before_data:
        benv["FSJAIL_DATADIR"] = before_data
    cases += [
        ("BEFORE run true, empty ws", [before, "run", "--", true], empty, benv),
        ("BEFORE run true, repo ws", [before, "run", "--", true], repo, benv),
        ("BEFORE git status", [before, "run", "--", "git", "status", "--porcelain"], repo, benv),
    ]
    cases += [(n, a, c, benv) for n, a, c in rule_cases("BEFORE ", before)]
    cases.append(("BEFORE run true, 32 ws cached", [before, "run", "--", true], empty,
                  many_cache(before, benv)))


def once(argv, cwd, env):
    """(wall ms, CPU ms of the process tree: user + system, getrusage)"""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = (time.perf_counter() - t0) * 1000.0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000.0


# each case must work before it is timed: a failing one would look fast
for name, argv, cwd, e in cases:
    r = subprocess.run(argv, cwd=cwd, env=e, stdin=subprocess.DEVNULL, capture_output=True)
    if r.returncode != 0:
        sys.exit(f"run-startup: '{name}' fails here: {r.stderr.decode(errors='replace')}")
samples = {c[0]: [] for c in cases}
cpu = {c[0]: [] for c in cases}
for rnd in range(runs + 3):
    k = rnd % len(cases)
    for name, argv, cwd, e in cases[k:] + cases[:k]:
        t, c = once(argv, cwd, e)
        if rnd >= 3:
            samples[name].append(t)
            cpu[name].append(c)
med = {name: statistics.median(v) for name, v in samples.items()}
mcpu = {name: statistics.median(v) for name, v in cpu.items()}
ll = med["landlock-min /bin/true"]
bw = med.get("bwrap /bin/true")
llc = mcpu["landlock-min /bin/true"]
# CPU (the whole process tree) is the steadier measure on a shared machine
print(f"{'case':<28} {'median ms':>9} {'x landlock-min':>14} {'x bwrap':>8} "
      f"{'CPU ms':>7} {'CPU x ll-min':>12}")
for c in cases:
    name, m = c[0], med[c[0]]
    print(f"{name:<28} {m:9.2f} {m / ll:14.2f} {(m / bw if bw else float('nan')):8.2f} "
          f"{mcpu[name]:7.2f} {mcpu[name] / llc:12.2f}")
print()
f_empty, f_repo = med["fsjail run true, empty ws"], med["fsjail run true, repo ws"]
gs_bare, gs_f = med["git status, bare"], med["git status, fsjail"]
print("target (issue 18)                                 now   target")
print(f"fsjail true / landlock-min (empty ws)          {f_empty / ll:6.2f}   <= 1.5")
print(f"fsjail true / landlock-min (repo ws)           {f_repo / ll:6.2f}   <= 1.5")
if bw:
    print(f"fsjail true / bwrap (empty ws)                 {f_empty / bw:6.2f}   <= 0.5")
if lfloor:
    print(f"design floor / landlock-min (launch-floor.c)   {med['launch-floor /bin/true'] / ll:6.2f}   "
          "(no run of this design is faster)")
print(f"git status: fsjail / bare                      {gs_f / gs_bare:6.2f}   <= 1.3")
r1k = mcpu["fsjail run true, 1000 rules"] / mcpu["fsjail run true, 10 rules"]
print(f"1,000 rules / 10 rules, CPU                    {r1k:6.2f}   <= 1.2")
print(f"explain of one path (empty ws), CPU ms         {mcpu['fsjail explain, empty ws']:6.2f}   <= 2")
print(f"explain of one path (1,000 rules), CPU ms      {mcpu['fsjail explain one path']:6.2f}")
print(f"run true, 32 workspaces in the probe cache / 1  "
      f"{mcpu['fsjail run true, 32 ws cached'] / mcpu['fsjail run true, empty ws']:5.2f}   (CPU)")
if before:
    print(f"BEFORE: true / landlock-min (empty ws)         {med['BEFORE run true, empty ws'] / ll:6.2f}")
    print(f"BEFORE: true / landlock-min (repo ws)          {med['BEFORE run true, repo ws'] / ll:6.2f}")
    print(f"BEFORE: git status / bare                      {med['BEFORE git status'] / gs_bare:6.2f}")
    r1k = mcpu["BEFORE run true, 1000 rules"] / mcpu["BEFORE run true, 10 rules"]
    print(f"BEFORE: 1,000 rules / 10 rules, CPU            {r1k:6.2f}")
    print(f"BEFORE: explain (empty ws), CPU ms             {mcpu['BEFORE explain, empty ws']:6.2f}")
    print(f"BEFORE: explain (1,000 rules), CPU ms          {mcpu['BEFORE explain one path']:6.2f}")
    print(f"BEFORE: 32 workspaces cached / 1, CPU          "
          f"{mcpu['BEFORE run true, 32 ws cached'] / mcpu['BEFORE run true, empty ws']:6.2f}")
PY
