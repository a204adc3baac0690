#!/bin/bash
# The hint for a refused read inside another git repository names the
# repository's top folder (msg33, user23): `git clone ~/p/src x` and `git
# submodule add ~/p/src sub` were offered --grant read:~/p/src/.git/HEAD,
# which is not enough (git reads refs, objects, config next). Now the hint
# is a folder grant of read on ~/p/src (a bare repository: its folder),
# and with it the clone works in one round. A repository whose folder is
# too wide to offer (a top-level folder of home) gets no grant and says
# why; a read outside any repository is offered the file as before. As
# root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libhints.sh"

plan_user_pass T0489_USER 4
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
{
	git -C "$WS" init -q . && git -C "$WS" commit -q --allow-empty -m init &&
	mkdir -p "$HOME/p/plain" && git init -q "$HOME/p/src" && echo a >"$HOME/p/src/a" &&
	git -C "$HOME/p/src" add a && git -C "$HOME/p/src" commit -q -m a &&
	git clone -q --bare "$HOME/p/src" "$HOME/p/bare.git" &&
	git clone -q "$HOME/p/src" "$HOME/top" && echo f >"$HOME/p/plain/f"
} || bail_out "cannot make the repositories"

# hint_of CMD...: run CMD with --report; HINT: the grant of the report's
# first refused read, GRANTS: the summary's --grant words (grants_in)
hint_of()
{
	rm -f "$T/report"
	fsj --report "$T/report" -- "$@"
	HINT=$(python3 -c 'import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r.get("capability") == "read":
        print((r.get("hint") or {}).get("grant")); break' "$T/report")
	GRANTS=$(grants_in "$ERR")
}

begin_test "git clone ~/p/src x: the hint is read on ~/p/src, and with it the clone works"
hint_of git clone -q "$HOME/p/src" x
[ "$HINT" = "read:$HOME/p/src" ] || { fail "report hint: $HINT"; diag_last; }
[ "$GRANTS" = "read:$HOME/p/src" ] || { fail "summary grants: $GRANTS"; diag_last; }
assert_err_match "git repository $HOME/p/src, which git reads whole"
fsj --grant "read:$HOME/p/src" -- git clone -q "$HOME/p/src" x
assert_rc 0 "clone with the hinted grant"
assert_content "$WS/x/a" a
end_test

begin_test "git submodule add ~/p/src sub and a bare repository: their folders"
hint_of git -c protocol.file.allow=always submodule add -q "$HOME/p/src" sub
[ "$HINT" = "read:$HOME/p/src" ] || { fail "submodule add: report hint: $HINT"; diag_last; }
hint_of git clone -q "$HOME/p/bare.git" y
[ "$HINT" = "read:$HOME/p/bare.git" ] || { fail "bare: report hint: $HINT"; diag_last; }
fsj --grant "read:$HOME/p/bare.git" -- git clone -q "$HOME/p/bare.git" y
assert_rc 0 "clone of the bare repository with the hinted grant"
end_test

begin_test "a repository at the top of home: no grant offered, and it says why"
hint_of git clone -q "$HOME/top" z
[ "$HINT" = None ] || fail "a grant offered for a read in ~/top: $HINT"
assert_err_match "no grant offered for read $HOME/top/.git/[^ ]*: it lies in the git repository $HOME/top, which git reads whole"
end_test

begin_test "a read outside any repository is still offered the file itself"
hint_of cat "$HOME/p/plain/f"
[ "$HINT" = "read:$HOME/p/plain/f" ] || { fail "plain file: report hint: $HINT"; diag_last; }
end_test

end_user_pass
done_testing
