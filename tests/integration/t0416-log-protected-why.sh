#!/bin/bash
# Refusal reporting, what session 18 left (tidy23):
# - `fsjail log` named a refusal at a protected path "(policy)", as if
#   the default level had refused it; it names the level now, as the
#   run's summary does ("(protected)", and the rule when it has an id);
# - the protected rule "repository-metadata" had no why: it says now
#   what it protects and which config switch turns it off;
# - a lock or temp sibling of a protected file with a note (git config
#   --global under a rule that opens ~ is refused at ~/.gitconfig.lock by
#   the user-data root's baseline entry; an editor's ~/.bashrc.swp at the
#   default level) gets that file's note, not the note of the entry that
#   refused the name or none;
# - baseline-darwin.yaml has the notes baseline-linux.yaml got for the
#   shell start-up files and ~/.gitconfig;
# - the note before an interactive bash whose ~/.bashrc is unreadable
#   (t0413) missed `bash -o vi -i` (the word after -o ended the options)
#   and came before a bash that is not interactive: one on a terminal
#   whose standard error is not a terminal reads no ~/.bashrc.
. "$(dirname "$0")/libserial.sh" pty

plan 6
setup
require_landlock
git_env
startup_files
# the note of ~/.gitconfig, as `fsjail explain` gives it
GIT_WHY=$("$FSJAIL" explain --workspace "$WS" "$HOME/.gitconfig" | sed -n 's/^  why: //p')
[ -n "$GIT_WHY" ] || bail_out "fsjail explain gives no why for ~/.gitconfig"

begin_test "fsjail log names the protected level, and the repository rule says why"
fsj -- sh -c 'echo x >>~/.bash_aliases; git init -q r && echo "[core]" >>r/.git/config'
assert_failed
assert_not_exists "$HOME/.bash_aliases"
assert_err_match "^    why: git runs what a repository's config and hooks name .*; protect: \{repository: false\} in fsjail's config\.yaml turns this off\$"
run_cmd "$FSJAIL" log --tail 6
assert_rc 0
assert_out_match "deny create $HOME/\.bash_aliases \(protected\): policy; "
assert_out_match "deny write $WS/r/\.git/config \(protected, rule repository-metadata\): .*; why: git runs what .*protect: \{repository: false\}"
assert_out_nomatch "\(policy\)"
end_test

begin_test "git config --global under a home grant: the lock file says why ~/.gitconfig is kept"
fsj --grant write,create,delete:"$HOME" -- git config --global core.pager 'touch /tmp/pwned'
assert_failed
grep -q pwned "$HOME/.gitconfig" && fail "$HOME/.gitconfig was changed"
grep -A1 -E "^  [a-z]+ $HOME/\.gitconfig\.lock: " "$ERR" | tail -n1 |
	grep -qxF "    why: $GIT_WHY" || { fail "the lock file's why is not ~/.gitconfig's"; diag_last; }
end_test

begin_test "an editor's swap and temp files of ~/.bashrc say why ~/.bashrc is kept"
fsj -- sh -c 'echo x >~/.bashrc.swp; echo y >~/.bashrc.tmp'
assert_failed
assert_not_exists "$HOME/.bashrc.swp"
grep -A1 -E "^  create $HOME/\.bashrc\.swp: " "$ERR" | tail -n1 |
	grep -Eq "^    why: every interactive bash runs it" || { fail "no why under the swap file"; diag_last; }
run_cmd "$FSJAIL" log --tail 4
assert_out_match "deny create $HOME/\.bashrc\.tmp \(policy\): .*; why: every interactive bash runs it"
end_test

begin_test "baseline-darwin.yaml has baseline-linux.yaml's notes for start-up files and ~/.gitconfig"
python3 - "$FSJAIL_DATADIR" <<'PY' || fail "a note differs"
import sys, re
def notes(name):
    text = open(sys.argv[1] + "/" + name).read().split("\nprotected:\n", 1)[1]
    out = {}
    for e in re.split(r"\n  - path: ", text)[1:]:
        m = re.search(r"\n    note: (>-\n((?:      .*\n?)+)|.*)", e)
        out[e.split("\n", 1)[0]] = m and " ".join(
            l.strip() for l in (m.group(2) or m.group(1)).split("\n"))
    return out
l, d = notes("baseline-linux.yaml"), notes("baseline-darwin.yaml")
bad = [p for p in ("${HOME}/" + n for n in (".bash_login", ".bash_logout", ".bash_profile",
       ".bashrc", ".gitconfig", ".profile", ".zlogin", ".zlogout", ".zprofile", ".zshenv",
       ".zshrc")) if not l.get(p) or d.get(p) != l.get(p)]
print("# differ:", bad)
sys.exit(1 if bad else 0)
PY
end_test

# on_tty CMD...: CMD with a new terminal as its standard input ("exit"
# typed on it), standard output and error to $OUT and $ERR
on_tty()
{
	python3 - "$@" >"$OUT" 2>"$ERR" <<'PY'
import os, pty, subprocess, sys
m, s = pty.openpty()
os.write(m, b"exit\n")
p = subprocess.run(sys.argv[1:], stdin=s, timeout=60)
sys.exit(p.returncode)
PY
	RC=$?
}

begin_test "bash -o vi -i: the note on the unreadable ~/.bashrc, the -o argument is not an operand"
fsj -- bash -o vi -i -c 'echo inside' </dev/null
assert_rc 0
assert_out_match '^inside$'
assert_err_match "^fsjail: note: bash will not read $HOME/\\.bashrc "
end_test

begin_test "bash on a terminal with its standard error not one is not interactive: no note"
on_tty "$FSJAIL" run --workspace "$WS" -- bash
assert_rc 0
assert_out_nomatch 'fsjail: note: bash'
end_test
