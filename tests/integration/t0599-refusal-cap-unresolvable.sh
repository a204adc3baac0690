#!/bin/bash
# What the refusal summary and --report say a refused call tried (issue 12
# item 4): a call whose path the listener cannot follow (a folder deeper
# than PATH_MAX, whose path the kernel cannot give) is refused, fail
# closed, and was recorded as a "write" whatever it was: an rm, a mkdir,
# a mv each read "write deep.txt (2 times)" in the summary, beside the
# real write (att34), so the person reading it learnt of no delete. Each
# refusal now names what the call tried: delete for unlink and a
# rename's old name, create for mkdir, symlink and a link's or a
# rename's new name. Root and the ordinary user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0599_USER 1
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"
# 300 folders of 20 letters: deeper than PATH_MAX (4096)
python3 -c 'import os
for i in range(300):
    os.mkdir("d" * 20); os.chdir("d" * 20)
open("deep.txt", "w").write("ORIG\n")' || bail_out "cannot make the deep tree"

begin_test "an unlink, a mkdir and a rename there are reported as delete and create"
fsj --report "$T/report" -- python3 -c 'import os
for i in range(300):
    os.chdir("d" * 20)
for f in (lambda: os.unlink("deep.txt"), lambda: os.mkdir("newdir"),
          lambda: os.rename("deep.txt", "moved.txt")):
    try:
        f()
        print("done")
    except OSError as e:
        print(e.errno)'
grep -q done "$OUT" && fail "a call in the deep folder was done: $(cat "$OUT")"
python3 - "$T/report" <<'PY' >"$T/caps" 2>&1 || { fail "the report is not as expected"; diag_file "report" "$T/caps"; }
import json, sys
got = sorted((r["syscall"], r["capability"]) for r in map(json.loads, open(sys.argv[1])))
print(got)
bad = [g for g in got if g[1] == "write"]
sys.exit(1 if bad or not any(c == "delete" for s, c in got) or not any(c == "create" for s, c in got) else 0)
PY
assert_err_match "delete deep.txt"
assert_err_match "create newdir"
python3 -c 'import os
for i in range(300):
    os.chdir("d" * 20)
assert open("deep.txt").read() == "ORIG\n"' || fail "deep.txt changed"
end_test

end_user_pass
done_testing
