#!/bin/bash
# A local clone's hard-link refusal is said as a link, with the fallback
# (msg33, user23). `git clone ~/p/src x` with ~/p/src only readable links
# the objects first; the listener refuses each link (the new name in the
# workspace would grant write,execute, which the source lacks: a hard link
# shares the inode) and answers EXDEV, as Landlock does for REFER, and git
# copies them instead. The summary said "write <object>", a write nobody
# made. Now its line starts "link" and says tools fall back to copying;
# the report and audit keep the capability and errno. As root and as
# cloudsdk.
. "$(dirname "$0")/libtest.sh"

plan_user_pass T0490_USER 2
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
{
	git -C "$WS" init -q . && git -C "$WS" commit -q --allow-empty -m init &&
	mkdir -p "$HOME/p" && git init -q "$HOME/p/src" && echo a >"$HOME/p/src/a" &&
	git -C "$HOME/p/src" add a && git -C "$HOME/p/src" commit -q -m a
} || bail_out "cannot make the repository"
OBJ_RE="$HOME/p/src/\.git/objects/[0-9a-f]{2}/[0-9a-f]+"

begin_test "git clone from a repository the run may only read: 'link', EXDEV, copied; the clone works"
rm -f "$T/report"
fsj --grant "read:$HOME/p/src" --report "$T/report" -- git clone -q "$HOME/p/src" x
assert_rc 0 "the clone"
assert_content "$WS/x/a" a
assert_err_match "^  link $OBJ_RE: its new name "
assert_err_match "^    the link got EXDEV, as across file systems: tools fall back to copying"
if grep -Eq "^  write $OBJ_RE" "$ERR"; then
	fail "the summary still calls the link a write"
	diag_last
fi
python3 -c 'import json, sys
ok = False
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r.get("syscall") in ("link", "linkat") and "/.git/objects/" in (r.get("path") or ""):
        ok = r["errno"] == "EXDEV" and r["capability"] == "write"
        break
sys.exit(0 if ok else 1)' "$T/report" || { fail "no report line for the link with EXDEV and its capability"; diag_file report "$T/report"; }
end_test

begin_test "ln of a file the run may only read: 'link' in the summary, ln got EXDEV"
echo f >"$HOME/p/f"
fsj --grant "read:$HOME/p/f" -- ln "$HOME/p/f" hl
assert_failed "ln"
assert_err_match "Invalid cross-device link"
assert_err_match "^  link $HOME/p/f: its new name $WS/hl would grant "
assert_not_exists "$WS/hl"
end_test

end_user_pass
done_testing
