#!/usr/bin/env python3
"""oracle.py - `fsjail check` against what bash really does (issue 17).

For one shell line: build a scratch tree (a fake HOME, a workspace holding
the files and folders the line names), ask `fsjail check --json` for its
prediction, then run `bash -c LINE` there under `strace -f`, turn every
successful file call into (path, capability) with the mapping of DESIGN.md
section 2, and compare. An observed effect the prediction does not cover is
a *miss*; a predicted resolved effect nothing matched is an *over-prediction*
(fails closed; counted, not an error).

Coverage: a resolved prediction covers its path and everything beneath it
for the same capability (rm -r, cp -r); an unresolved one covers its
directory's subtree (anywhere when its directory is unknown, or when its
word starts with an expansion: `"$D"/f` is /f when D is empty, and such an
effect is decided on the working directory while the kernel holds every
other place, DESIGN.md section 11); an opaque one covers everything. A write on a file the run itself created earlier is
covered by a predicted create of it (Landlock: create alone lets a process
make a new file and fill it).

Ignored, as every process does them: the dynamic loader and libraries,
locale data, /proc, /sys, /dev, reads and executes outside the scratch tree
unless the line names the path (its basename is a word of the line), and
bash's own here-document temporary files. Reads inside the scratch tree by
a program the table does not know (only execute predicted, DESIGN.md
section 11) are counted apart as `read-unlisted`, not as misses.

Every line runs inside bubblewrap: the host read-only, /tmp empty, the
scratch tree writable, no network; a write the read-only host refuses
(EROFS) still counts as an attempted effect.

Usage:
  oracle.py [--fsjail BIN] [--json] --line LINE [--files a,b/,...]
  oracle.py [--fsjail BIN] [--summary] [--max N] CORPUS.jsonl ...
  oracle.py [--fsjail BIN] [--summary] --gen N --seed S
Exit status: 0 no miss, 1 a miss, 2 usage or environment error.
"""
import argparse
import concurrent.futures
import functools
import json
import os
import re
import select
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # the source tree may be read-only (distcheck)
from oracle_report import report  # noqa: E402 (after the path above)

TRACE = ("trace=%file,%process,fchdir,fchmod,fchown,ftruncate,fsetxattr,fremovexattr")
TIMEOUT = 10

CAPS = ("read", "write", "create", "delete", "execute")
IGNORE_PREFIXES = ("/proc/", "/sys/", "/dev/", "/etc/ld.so", "/usr/lib/locale",
                   "/usr/share/locale", "/usr/lib/x86_64-linux-gnu/gconv")


def realish(p):
    """Normalise p the way a comparison needs: resolve symlinked ancestors
    (merged /usr: /bin -> /usr/bin), keep the last component."""
    if p is None:
        return None
    p = os.path.normpath(p)
    d, b = os.path.split(p)
    try:
        d = os.path.realpath(d)
    except OSError:
        pass
    return os.path.join(d, b) if b else d


def under(p, d):
    return p == d or d == "/" or p.startswith(d.rstrip("/") + "/")


# ---- the scratch tree ------------------------------------------------------

PATHY = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.+-]*(/[A-Za-z0-9_.+-]+)*/?$")


def guess_files(line):
    """Words of the line that look like relative paths of files (a '.' in
    the last component or a '/' inside): they are made to exist."""
    out = []
    try:
        words = shlex.split(line, comments=True, posix=True)
    except ValueError:
        words = line.split()
    for w in words[1:]:
        if w.startswith("-") or not PATHY.match(w) or w in (".", ".."):
            continue
        last = w.rstrip("/").rsplit("/", 1)[-1]
        if w.endswith("/"):
            out.append(w)
        elif "." in last[1:] or "/" in w:
            out.append(w)
    return out


def build_tree(root, files):
    home = os.path.join(root, "home")
    ws = os.path.join(root, "ws")
    tmp = os.path.join(root, "tmp")
    for d in (home, ws, tmp, os.path.join(root, "fsj")):
        os.makedirs(d, exist_ok=True)
    for f in files:
        p = os.path.normpath(os.path.join(ws, f))
        if not under(p, root):
            continue
        if f.endswith("/"):
            os.makedirs(p, exist_ok=True)
            continue
        os.makedirs(os.path.dirname(p), exist_ok=True)
        if not os.path.exists(p):
            with open(p, "w") as fh:
                fh.write("line one\nline two\n")
            if f.endswith(".sh"):
                os.chmod(p, 0o755)
    return home, ws, tmp


def snapshot(root):
    seen = set()
    for d, dirs, files in os.walk(root):
        seen.add(d)
        for n in dirs + files:
            seen.add(os.path.join(d, n))
    return seen


# ---- strace output -----------------------------------------------------------

CALL = re.compile(r"^(\d+\.\d+)\s+(\w+)\((.*)\)\s+=\s+(-?\d+|\?)(.*)$")
FDPATH = re.compile(r"^(-?\d+|AT_FDCWD)<(.*)>$")


def split_args(s):
    """Top-level comma split of a strace argument list (quotes, brackets)."""
    out, cur, depth, q, i = [], [], 0, False, 0
    while i < len(s):
        c = s[i]
        if q:
            cur.append(c)
            if c == "\\" and i + 1 < len(s):
                cur.append(s[i + 1])
                i += 1
            elif c == '"':
                q = False
        elif c == '"':
            q = True
            cur.append(c)
        elif c in "[{(":
            depth += 1
            cur.append(c)
        elif c in "]})":
            depth -= 1
            cur.append(c)
        elif c == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    if cur:
        out.append("".join(cur).strip())
    return out


def unquote(s):
    if not (s.startswith('"') and s.rstrip(".").endswith('"')):
        return None
    s = s.rstrip(".")[1:-1]
    return s.encode("latin-1", "backslashreplace").decode("unicode_escape").encode(
        "latin-1", "replace").decode("utf-8", "replace")


def fdpath(s):
    m = FDPATH.match(s)
    return m.group(2) if m else None


def at_path(dirarg, patharg, cwd):
    p = unquote(patharg)
    if p is None:
        return None
    if p.startswith("/"):
        return os.path.normpath(p)
    base = fdpath(dirarg) if dirarg is not None else cwd
    if dirarg is not None and dirarg.startswith("AT_FDCWD") and base is None:
        base = cwd
    if base is None:
        return None
    return os.path.normpath(os.path.join(base, p)) if p else os.path.normpath(base)


def parse_file(fn, state):
    """Yield (time, syscall, args, return text, cwd) for the successful calls of one
    strace -ff output file (and those the read-only host refused). state
    holds the process's cwd, updated by chdir and fchdir."""
    with open(fn, errors="replace") as fh:
        lines = fh.readlines()
    for ln in lines:
        m = CALL.match(ln.strip())
        if not m:
            continue
        ts, name, args = float(m.group(1)), m.group(2), split_args(m.group(3))
        ret, rest = m.group(4), m.group(5)
        if ret == "?" or (ret.startswith("-") and "EROFS" not in rest):
            continue  # failed; EROFS is an attempt the read-only host refused
        mc = re.search(r"AT_FDCWD<([^>]*)>", ln)
        if mc:
            state["cwd"] = mc.group(1)
        yield ts, name, args, ret + rest, state["cwd"]
        if name == "chdir" and args:
            p = at_path(None, args[0], state["cwd"])
            if p:
                state["cwd"] = p
        if name == "fchdir" and args:
            p = fdpath(args[0])
            if p:
                state["cwd"] = p


def observe(tracedir, ws, before, first_pid, fsjail, root):
    """The effects one run made: list of dict(path, cap, call, own, exe).
    exe is the program the effect is charged to: the first program outside
    the table among the process's ancestors (its effects are that
    program's own business), else the nearest program, else bash."""
    exists = set(before)
    created = set()
    eff = []

    exe = {"name": "bash"}
    inherit = {}
    execd = set()
    events = []

    def add(path, cap, call):
        if path:
            eff.append({"path": path, "cap": cap, "call": call,
                        "own": path in created, "exe": exe["name"]})

    # Per process, in its own order: its cwd and the program it is charged
    # to (a child inherits both at fork). Then every call in time order
    # (strace -ttt): whether a path exists depends on what ran before.
    files = sorted(os.listdir(tracedir), key=lambda f: int(f.rsplit(".", 1)[1]))
    for f in files:
        pid = int(f.rsplit(".", 1)[1])
        state = {"cwd": ws}
        state["cwd"], exe["name"] = inherit.get(pid, (ws, "bash"))
        for ts, name, a, ret, cwd in parse_file(os.path.join(tracedir, f), state):
            if name in ("clone", "clone3", "fork", "vfork"):
                try:
                    inherit[int(ret.split()[0])] = (cwd, exe["name"])
                except ValueError:
                    pass
                continue
            if name in ("execve", "execveat"):
                if pid == first_pid and not exe.get("root_seen"):
                    exe["root_seen"] = True
                    continue  # bash -c itself
                p = at_path(None, a[0], cwd) if name == "execve" else at_path(a[0], a[1], cwd)
                events.append((ts, name, a, ret, cwd, exe["name"], p))
                if exe["name"] == "bash" or in_table(fsjail, exe["name"]):
                    exe["name"] = os.path.basename(p or "?")
                continue
            events.append((ts, name, a, ret, cwd, exe["name"], None))
    events.sort(key=lambda e: e[0])
    for ts, name, a, ret, cwd, exe["name"], xp in events:
        if True:
            if name in ("openat", "open", "creat", "openat2"):
                if name == "openat" or name == "openat2":
                    p, flags = at_path(a[0], a[1], cwd), a[2] if len(a) > 2 else ""
                elif name == "open":
                    p, flags = at_path(None, a[0], cwd), a[1] if len(a) > 1 else ""
                else:
                    p, flags = at_path(None, a[0], cwd), "O_WRONLY|O_CREAT|O_TRUNC"
                r = fdpath(ret.split()[0])
                if r and r.startswith("/"):
                    p = r
                if not p:
                    continue
                wr = "O_WRONLY" in flags or "O_RDWR" in flags or "O_TRUNC" in flags
                if "O_PATH" in flags:
                    continue  # a handle, not a read (ln opening its target folder)
                rel = a[1] if name in ("openat", "openat2") else a[0]
                if not wr and "O_CREAT" not in flags and (rel == '"."' or p in execd):
                    continue  # its own working directory; a script it runs
                if "O_CREAT" in flags and p not in exists and not (
                        not under(p, root) and os.path.lexists(p) and not p.startswith("/tmp/")):
                    add(p, "create", name)
                    exists.add(p)
                    created.add(p)
                elif wr:
                    add(p, "write", name)
                else:
                    add(p, "read", name)
            elif name in ("unlink", "unlinkat", "rmdir"):
                p = at_path(a[0], a[1], cwd) if name == "unlinkat" else at_path(None, a[0], cwd)
                add(p, "delete", name)
                exists.discard(p)
            elif name in ("rename", "renameat", "renameat2"):
                if name == "rename":
                    s, t = at_path(None, a[0], cwd), at_path(None, a[1], cwd)
                else:
                    s, t = at_path(a[0], a[1], cwd), at_path(a[2], a[3], cwd)
                add(s, "delete", name)
                if t in exists or (not under(t or "/", root) and os.path.lexists(t or "")):
                    add(t, "write", name)
                add(t, "create", name)
                exists.discard(s)
                exists.add(t)
                created.add(t)
            elif name in ("mkdir", "mkdirat", "mknod", "mknodat", "symlink", "symlinkat",
                          "link", "linkat"):
                if name in ("mkdir", "mknod"):
                    p = at_path(None, a[0], cwd)
                elif name in ("mkdirat", "mknodat"):
                    p = at_path(a[0], a[1], cwd)
                elif name == "symlink":
                    p = at_path(None, a[1], cwd)
                elif name == "symlinkat":
                    p = at_path(a[1], a[2], cwd)
                elif name == "link":
                    p = at_path(None, a[1], cwd)
                else:
                    p = at_path(a[2], a[3], cwd)
                add(p, "create", name)
                exists.add(p)
                created.add(p)
            elif name in ("truncate", "chmod", "chown", "lchown", "utime", "utimes",
                          "setxattr", "lsetxattr", "removexattr", "lremovexattr"):
                add(at_path(None, a[0], cwd), "write", name)
            elif name in ("fchmodat", "fchownat", "utimensat", "futimesat", "fchmodat2"):
                if len(a) > 1 and a[1] == "NULL":
                    add(fdpath(a[0]), "write", name)
                else:
                    add(at_path(a[0], a[1], cwd), "write", name)
            elif name in ("fchmod", "fchown", "ftruncate", "fsetxattr", "fremovexattr"):
                add(fdpath(a[0]), "write", name)
            elif name in ("execve", "execveat"):
                add(xp, "execute", name)
                execd.add(xp)
    return eff


# ---- prediction and comparison -----------------------------------------------

class Checker:
    """One `fsjail check --json --lines -` per process (each worker of
    --jobs has its own): a request written, its answer read, checked as
    `fsjail check` checks one line (fsjail(1), --lines), without a process
    start for each (under the sanitizers that start was most of a line's
    time). A request that gets no answer (the checker died, or took 30 s)
    raises RuntimeError, and the next request starts a new checker."""

    def __init__(self, fsjail):
        self.fsjail = fsjail
        self.proc = None
        self.err = None

    def _start(self):
        self.err = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen([self.fsjail, "check", "--json", "--lines", "-"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err, text=True)

    def _stop(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def _stderr(self):
        self.err.seek(0)
        return self.err.read()[-2000:]

    def ask(self, request):
        if self.proc is None or self.proc.poll() is not None:
            self._stop()
            self._start()
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass  # it died: its answer, if any, is read below
        ready, _, _ = select.select([self.proc.stdout], [], [], 30)
        answer = self.proc.stdout.readline() if ready else ""
        if not answer:
            why = "no answer in 30 s" if not ready else "exit %s" % self.proc.poll()
            self._stop()
            raise RuntimeError("fsjail check gave no JSON (%s): %s" % (why, self._stderr()))
        try:
            out = json.loads(answer)
        except ValueError:
            raise RuntimeError("fsjail check gave no JSON: %r %s" % (answer[:200], self._stderr()))
        if "error" in out:
            raise RuntimeError("fsjail check: %s: %s" % (out["error"], self._stderr()))
        return out


_CHECKER = {}


def checker(fsjail):
    if fsjail not in _CHECKER:
        _CHECKER[fsjail] = Checker(fsjail)
    return _CHECKER[fsjail]


def predict(fsjail, line, ws, home, root):
    env = {"HOME": home, "FSJAIL_HOME": os.path.join(root, "fsj"),
           "XDG_CONFIG_HOME": os.path.join(root, "fsj", "config"),
           "XDG_STATE_HOME": os.path.join(root, "fsj", "state"),
           "PATH": "/usr/local/bin:/usr/bin:/bin", "TMPDIR": os.path.join(root, "tmp")}
    return checker(fsjail).ask({"line": line, "workspace": ws, "cwd": ws, "env": env})


_TABLE = {}


def in_table(fsjail, prog):
    """True when the analyser reads prog itself (it is in the program table,
    or a builtin): `fsjail check -- PROG` predicts no execute for it. The
    table's programs get their operand effects and no execute; every other
    program gets only execute (DESIGN.md section 11)."""
    if prog not in _TABLE:
        _TABLE[prog] = False
        for probe in (prog, prog + " -c :"):  # `bash -c` is read, not run
            try:
                fx = checker(fsjail).ask({"line": probe, "cwd": "/"}).get("effects", [])
            except RuntimeError:
                fx = [{"capability": "execute"}]
            if not any(e["capability"] == "execute" for e in fx):
                _TABLE[prog] = True
    return _TABLE[prog]


def covers(pred, ob):
    p, cap = realish(ob["path"]), ob["cap"]
    for e in pred:
        st, ec = e["status"], e["capability"]
        if st == "opaque":
            return True
        want = {cap}
        if ob["own"] and cap in ("read", "write", "delete"):
            want.add("create")  # what the run made, it may fill, read, remove
        if cap == "read" and e.get("recursive"):
            want.add("delete")  # rm -r lists what it removes
        if ec not in want:
            continue
        ep = realish(e.get("path"))
        if st == "unresolved" and (ep is None or under(p, ep) or
                                   e.get("text", "").lstrip("\"'").startswith(("$", "`", "~"))):
            return True
        if st == "resolved" and ep and under(p, ep):
            return True
    return False


def named(line, path, root=None):
    """True when the line names path: by its basename inside the scratch
    tree, by the whole path outside it (`chown root:root etc/passwd` does
    not name the /etc/passwd that chown reads to find root)."""
    if root is not None and not under(path, root):
        return path in line
    base = os.path.basename(path)
    return bool(base) and re.search(r"(^|[\s/'\"=<>|;&(])" + re.escape(base) +
                                    r"($|[\s'\";&|)<>])", line) is not None


STD = ("/dev/null", "/dev/zero", "/dev/tty", "/dev/stdin", "/dev/stdout", "/dev/stderr",
       "/dev/urandom", "/dev/random")


def ignored(ob, root, line):
    p = ob["path"]
    if p is None or p in STD or p.startswith(("/dev/fd/", "/proc/self/fd/", "/dev/pts/")):
        return True
    if p.startswith(IGNORE_PREFIXES) and not named(line, p, root):
        return True
    if "/sh-thd" in p or p.startswith(os.path.join(root, "tmp", "sh-")):
        return True  # bash's here-document temporary files
    inside = under(p, root)
    if ob["cap"] == "execute" and not inside and not named(line, p):
        return True  # a program is named by its name
    if ob["cap"] == "read" and not inside and not named(line, p, root):
        return True
    if ob["cap"] == "read" and os.path.isdir(p) and inside and not named(line, p):
        return True  # directory listing by a program the table does not know
    return False


def run_case(fsjail, case, keep=False):
    """Run one case (dict: line, files?, source?, construct?). Returns a
    result dict: line, construct, misses, read_unlisted, over, overall."""
    line = case["line"]
    root = tempfile.mkdtemp(prefix="fsj-oracle-")
    try:
        files = case.get("files")
        if files is None:
            files = guess_files(line)
        home, ws, tmp = build_tree(root, files)
        before = snapshot(root)
        try:
            pred = predict(fsjail, line, ws, home, root)
        except RuntimeError as e:  # a crash is a miss of everything
            return {"line": line, "construct": case.get("construct", "corpus"),
                    "source": case.get("source"), "over": 0, "predicted": 0,
                    "misses": [{"path": "-", "cap": "crash", "call": str(e)[:200],
                                "exe": "fsjail"}],
                    "read_unlisted": [], "exec_implied": [], "overall": None,
                    "complete": None, "timed_out": False}
        tdir = os.path.join(root, "trace")
        os.makedirs(tdir)
        env = {"HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C",
               "TMPDIR": tmp, "USER": "oracle", "SHELL": "/bin/bash"}
        # The host is read-only and the network absent (bwrap): a line
        # that writes outside the scratch tree is refused with EROFS, and
        # the attempt is what is compared.
        jail = ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                "--tmpfs", "/tmp", "--bind", root, root, "--chdir", ws, "--unshare-net",
                "--unshare-pid", "--die-with-parent", "--"]
        try:
            subprocess.run(jail + ["strace", "-f", "-ff", "-qq", "-y", "-ttt", "-e", TRACE, "-o",
                                   os.path.join(tdir, "t"), "bash", "-c", line],
                           cwd=ws, env=env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=TIMEOUT)
            timed_out = False
        except subprocess.TimeoutExpired:
            timed_out = True
        pids = sorted(int(f.rsplit(".", 1)[1]) for f in os.listdir(tdir))
        obs = observe(tdir, ws, before, pids[0] if pids else -1, fsjail, root)
        effects = pred.get("effects", [])
        misses, unlisted, implied, seen = [], [], [], set()
        for ob in obs:
            if ignored(ob, root, line):
                continue
            key = (ob["path"], ob["cap"])
            if key in seen:
                continue
            seen.add(key)
            if covers(effects, ob):
                continue
            rel = ob["path"].replace(root, "$S")
            item = {"path": rel, "cap": ob["cap"], "call": ob["call"], "exe": ob["exe"]}
            base = os.path.basename(ob["path"])
            if ob["cap"] == "execute" and not under(ob["path"], root) and \
                    in_table(fsjail, base):
                implied.append(item)  # table program: no execute by design
            elif ob["exe"] != "bash" and not in_table(fsjail, ob["exe"]):
                unlisted.append(item)  # a program only executed (section 11)
            elif ob["cap"] == "read" and not named(line, ob["path"]):
                unlisted.append(item)  # e.g. a directory walked by find
            else:
                misses.append(item)
        over = 0
        for e in effects:
            if e["status"] != "resolved":
                continue
            ep = realish(e["path"])
            if not any(under(realish(o["path"]), ep) and o["cap"] == e["capability"]
                       for o in obs if o["path"]):
                over += 1
        return {"line": line, "construct": case.get("construct", "corpus"),
                "source": case.get("source"), "misses": misses,
                "read_unlisted": unlisted, "exec_implied": implied, "over": over, "predicted": len(effects),
                "overall": pred.get("overall"), "complete": pred.get("complete"),
                "timed_out": timed_out}
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)


def load_corpus(paths):
    cases = []
    for p in paths:
        with open(p) as fh:
            for n, ln in enumerate(fh, 1):
                ln = ln.strip()
                if not ln or ln.startswith("#"):
                    continue
                c = json.loads(ln)
                c.setdefault("where", "%s:%d" % (os.path.basename(p), n))
                cases.append(c)
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fsjail", default=os.environ.get("FSJAIL", "fsjail"))
    ap.add_argument("--line")
    ap.add_argument("--files", help="comma-separated fixture (dirs end with /)")
    ap.add_argument("--gen", type=int, default=0, help="generate N lines")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max", type=int, default=0, help="at most N corpus lines")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1,
                    help="lines run at once (default: the CPUs); the report keeps their order")
    ap.add_argument("--oneliners", action="append", default=[],
                    help="a file of plain lines (tests/data/oneliners.txt)")
    ap.add_argument("corpus", nargs="*")
    o = ap.parse_args()
    for tool in ("strace", "bwrap"):
        if not shutil.which(tool):
            sys.stderr.write("oracle.py: %s is not installed\n" % tool)
            return 2
    cases = []
    if o.line is not None:
        c = {"line": o.line, "construct": "cli"}
        if o.files is not None:
            c["files"] = [f for f in o.files.split(",") if f]
        cases.append(c)
    cases += load_corpus(o.corpus)
    for f in o.oneliners:
        with open(f) as fh:
            cases += [{"line": ln.rstrip("\n"), "construct": "oneliners",
                       "source": os.path.basename(f)}
                      for ln in fh if ln.strip() and not ln.startswith("#")]
    if o.max:
        cases = cases[:o.max]
    if o.gen:
        import gen
        cases += gen.generate(o.gen, o.seed)
    fsjail = shutil.which(o.fsjail) or o.fsjail
    fsjail = os.path.abspath(fsjail) if os.sep in fsjail else fsjail
    run = functools.partial(run_case, fsjail, keep=o.keep)
    if o.jobs > 1 and len(cases) > 1:  # each line is its own scratch tree and jail
        with concurrent.futures.ProcessPoolExecutor(o.jobs) as ex:
            results = list(ex.map(run, cases, chunksize=4))
    else:
        results = [run(c) for c in cases]
    if o.json:
        json.dump(results, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 1 if any(r["misses"] for r in results) else 0
    return 1 if report(results, sys.stdout, o.verbose) else 0


if __name__ == "__main__":
    sys.exit(main())
