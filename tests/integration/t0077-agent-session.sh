#!/bin/bash
# The end-to-end "agent session" (issue 14, "How it is checked"; DESIGN.md
# section 9): in a git repository with no rules file, 200 files are changed
# by sed -i, python (atomic replace and in-place write), truncate, cp over,
# mv, rm, a node script, chmod and touch; a folder is removed with rm -rf
# and another renamed (one renamed, then removed); a file renamed, then
# changed; a symlink and a FIFO are deleted; a RENAME_EXCHANGE
# swaps two files; new files and folders are made. One `backups restore`
# must give back every path's type, mode, symlink target and content
# byte for byte (a hash manifest taken before), with every file the run
# made in the trash and gone from the workspace; a second restore has
# nothing to do. Run as root, and (when run as root) again as the
# ordinary user FSJAIL_TEST_USER (default cloudsdk) in a copy of this
# script under runuser(1).
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_AGENT_USER_PASS 4
setup
require_landlock

P=$WS
git -C "$P" init -q
mkdir -p "$P/src" "$P/tree/a/b" "$P/dirA/sub"
for i in $(seq -w 1 200); do printf 'file %s\nline two %s\n' "$i" "$RANDOM" >"$P/src/f$i"; done
for i in $(seq 1 20); do echo "t$i" >"$P/tree/a/b/t$i"; done
echo inner >"$P/dirA/sub/inner"
mkdir -p "$P/dirC/sub" && echo c1 >"$P/dirC/c1" && echo c2 >"$P/dirC/sub/c2"
echo r1 >"$P/ren1"
chmod 640 "$P/src/f003" "$P/src/f161"
chmod 750 "$P/tree/a"
ln -s src/f001 "$P/link1"
ln -s ../no/such/target "$P/dangling"
mkfifo -m 620 "$P/fifo1"
echo X >"$P/xa"
echo Y >"$P/xb"

# Every path (but .git): type, mode, symlink target, sha256 of a file.
hashes()
{
	python3 - "$P" <<'EOF'
import hashlib, os, stat, sys
root = sys.argv[1]
for d, dirs, files in sorted(os.walk(root)):
    dirs[:] = sorted(x for x in dirs if not (d == root and x == ".git"))
    for n in sorted(dirs + files):
        p = os.path.join(d, n)
        st = os.lstat(p)
        line = "%s %o %04o" % (os.path.relpath(p, root), stat.S_IFMT(st.st_mode), stat.S_IMODE(st.st_mode))
        if stat.S_ISLNK(st.st_mode):
            line += " -> " + os.readlink(p)
        elif stat.S_ISREG(st.st_mode):
            line += " " + hashlib.sha256(open(p, "rb").read()).hexdigest()
        print(line)
EOF
}
hashes >"$T/before"

NODE=$(command -v node || true)
[ -n "$NODE" ] || diag "SKIPPED PART: no node on this machine, the node writes are left out (install node to run them)"

begin_test "an agent session changes 200 files, removes and renames trees, makes new files"
fsj_sh -- '
set -e
sed -i s/file/FILE/ src/f0[0-3]?
python3 -c "
import os
for i in range(41, 61):
    p = \"src/f%03d\" % i
    open(p + \".tmp\", \"w\").write(\"atomic %d\n\" % i)
    os.replace(p + \".tmp\", p)
for i in range(61, 81):
    with open(\"src/f%03d\" % i, \"r+\") as f:
        f.write(\"IN PLACE\")
"
for i in $(seq -f %03g 81 100); do truncate -s 3 src/f$i; done
for i in $(seq -f %03g 101 120); do cp src/f200 src/f$i; done
mkdir moved
for i in $(seq 121 130); do mv src/f$i moved/; done
for i in $(seq 131 140); do mv src/f$i src/g$i; done
if [ -n "$1" ]; then
	"$1" -e "
const fs = require(\"fs\");
for (let i = 141; i <= 150; i++) fs.writeFileSync(\"src/f\" + i, \"node \" + i);
for (let i = 151; i <= 160; i++) { fs.writeFileSync(\"src/n.tmp\", \"node atomic \" + i); fs.renameSync(\"src/n.tmp\", \"src/f\" + i); }
"
fi
chmod 600 src/f16? src/f170
touch -d 2001-02-03 src/f17[1-9]
rm src/f18? src/f190
for i in $(seq 191 200); do echo more >> src/f$i; done
rm -rf tree
mv dirA dirB
echo changed > dirB/sub/inner
mv dirC dirD && rm -rf dirD
mv ren1 ren2 && echo more >> ren2
rm link1 dangling fifo1
python3 -c "
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
if libc.renameat2(-100, b\"xa\", -100, b\"xb\", 2) != 0:
    raise SystemExit(\"renameat2 RENAME_EXCHANGE: errno %d\" % ctypes.get_errno())
"
echo new > new.txt
mkdir -p newdir/deeper && echo n > newdir/deeper/n
ln -s src/f002 newlink
' "$NODE"
assert_rc 0
hashes >"$T/after"
cmp -s "$T/before" "$T/after" && fail "the session changed nothing"
assert_not_exists "$P/tree"
assert_not_exists "$P/link1"
end_test

begin_test "restore --dry-run changes nothing and names no copy beside a moved file"
run_cmd "$FSJAIL" backups restore --dry-run --workspace "$WS"
assert_rc 0
hashes >"$T/dry"
cmp -s "$T/after" "$T/dry" || fail "the dry run changed the workspace"
assert_out_match "^would move back $P/dirB to $P/dirA\$"
assert_out_match "^would swap back "
grep -q "^would recreate $P/src/f13[1-9] " "$OUT" && fail "a renamed file would come back as a copy"
end_test

begin_test "one restore: types, modes, symlink targets and contents as before; new files in the trash"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
hashes >"$T/restored"
if ! cmp -s "$T/before" "$T/restored"; then
	fail "the workspace differs from before the session"
	diff "$T/before" "$T/restored" | sed 's/^/#   /' | head -20
fi
for f in new.txt newdir newlink moved src/g131 src/n.tmp; do
	assert_not_exists "$P/$f"
done
assert_content "$HOME/.local/share/Trash/files/new.txt" new
assert_exists "$HOME/.local/share/Trash/files/newlink"
end_test

begin_test "a second restore does nothing and says so"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_out_match "^nothing to restore: cycle .* is already in place\$"
hashes >"$T/again"
cmp -s "$T/before" "$T/again" || fail "the second restore changed something"
end_test

end_user_pass
done_testing
