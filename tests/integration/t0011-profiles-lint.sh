#!/bin/bash
# profiles/*.yaml are data and stay linted (STYLE.md point 5; firejail's
# check-profiles): every list sorted by path bytewise (LC_ALL=C), no
# duplicate entries, only known keys, capabilities and tiers. The linter
# is first shown to catch an unsorted list, a duplicate and a bad key.
#
# profiles/sbpl-preamble.sb, the head of every Seatbelt profile, is data
# too: it must read as SBPL (parentheses balanced outside strings and
# comments), start with (version 1), hold (deny default) and
# (import "bsd.sb"), never (allow default), no parameter (it is loaded
# with none of its own) and no (with no-sandbox); and the evaluator of
# tests/sbpl-eval (tests/helpers/sbpl-check, as the sandbox-exec stub
# loads a profile) must accept it. Its linter is first shown to catch each.
# Needs no kernel and no fsjail binary; sbpl-check is built by make check.
. "$(dirname "$0")/libtest.sh"

PROFILES_DIR=$FSJAIL_DATADIR
shopt -s nullglob
profiles=("$PROFILES_DIR"/*.yaml)
shopt -u nullglob
PREAMBLE=$PROFILES_DIR/sbpl-preamble.sb
: "${TEST_BUILDDIR:=$TEST_SRCDIR}"
CHECK=$TEST_BUILDDIR/helpers/sbpl-check

# The linter reads the profile layout line by line: top-level keys, list
# items "  - path: P" with "    key: value" lines under them, or scalar
# items "  - P". Anything else is reported, so a profile cannot slip past
# it by using another YAML spelling. python3-yaml is not needed.
LINT=$(
	cat <<'PY'
import re
import sys

CAPS = {"read", "write", "create", "delete", "execute", "connect"}
TIERS = {"full", "guarded", "process", "writes"}
KEYS = {"path", "recursive", "allow", "deny", "pass", "tiers", "note"}
LISTS = {"baseline", "protected", "secrets", "user_data_roots"}
SCALAR_LISTS = {"secrets", "user_data_roots"}
REQUIRED = LISTS - {"secrets"}


def flow_list(v):
    m = re.fullmatch(r"\[(.*)\]", v.strip())
    if not m:
        return None
    return [x.strip() for x in m.group(1).split(",") if x.strip()]


def lint(path):
    errors = []
    lists = {}
    cur = None      # name of the current top-level list
    entry = None    # dict of the current mapping entry
    folded = False  # inside a "note: >-" block
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for no, line in enumerate(lines, 1):
        where = "%s:%d" % (path, no)
        if folded:
            if line.startswith("      ") or not line.strip():
                continue
            folded = False
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line.startswith(" "):
            m = re.fullmatch(r"([a-z_]+):\s*", line)
            if not m or m.group(1) not in LISTS:
                errors.append("%s: unknown top-level line %r" % (where, line))
                cur = None
                continue
            cur = m.group(1)
            if cur in lists:
                errors.append("%s: list '%s' appears twice" % (where, cur))
            lists[cur] = []
            entry = None
            continue
        if cur is None:
            errors.append("%s: line outside a list" % where)
            continue
        m = re.fullmatch(r"  - (.*)", line)
        if m:
            item = m.group(1)
            if cur in SCALAR_LISTS:
                lists[cur].append({"path": item.strip(), "line": no})
                entry = None
                continue
            km = re.fullmatch(r"path: (\S.*)", item)
            if not km:
                errors.append("%s: an entry must start with 'path:'" % where)
                entry = None
                continue
            entry = {"path": km.group(1).strip(), "line": no}
            lists[cur].append(entry)
            continue
        m = re.fullmatch(r"    ([a-z_]+): ?(.*)", line)
        if m and entry is not None:
            key, val = m.group(1), m.group(2)
            if key not in KEYS or key == "path":
                errors.append("%s: unknown or repeated key '%s'" % (where, key))
                continue
            if key in entry:
                errors.append("%s: key '%s' given twice" % (where, key))
            entry[key] = val
            if key == "note":
                folded = val.strip() in (">", ">-", "|", "|-")
            elif key == "recursive":
                if val not in ("true", "false"):
                    errors.append("%s: recursive must be true or false" % where)
            elif key == "tiers":
                items = flow_list(val)
                if items is None or not items or set(items) - TIERS:
                    errors.append("%s: bad tiers %r" % (where, val))
            else:
                items = flow_list(val)
                if items is None or not items or set(items) - CAPS:
                    errors.append("%s: bad capability list %r" % (where, val))
                elif len(set(items)) != len(items):
                    errors.append("%s: capability repeated in %r" % (where, val))
            continue
        errors.append("%s: unrecognised line %r" % (where, line))

    for name in sorted(REQUIRED - set(lists)):
        errors.append("%s: list '%s' is missing" % (path, name))
    for name, entries in lists.items():
        prev = None
        seen = {}
        for e in entries:
            p = e["path"].encode()
            if prev is not None and p < prev:
                errors.append("%s:%d: '%s' is out of order in '%s' (after '%s')"
                              % (path, e["line"], e["path"], name, prev.decode()))
            prev = p
            ident = (e["path"], e.get("tiers"))
            if ident in seen:
                errors.append("%s:%d: duplicate entry '%s' in '%s' (first at line %d)"
                              % (path, e["line"], e["path"], name, seen[ident]))
            else:
                seen[ident] = e["line"]
            if name not in SCALAR_LISTS:
                if not any(k in e for k in ("allow", "deny", "pass")):
                    errors.append("%s:%d: '%s' has no allow, deny or pass"
                                  % (path, e["line"], e["path"]))
    return errors


status = 0
for p in sys.argv[1:]:
    for e in lint(p):
        print(e)
        status = 1
sys.exit(status)
PY
)

# The preamble's linter: a reader of its own (not the evaluator's), so
# that the two disagreeing shows up. Strings: "..." with backslash
# escapes, #"..." raw up to the next quote; ";" comments to the end of the
# line; #| block comments are refused (sandbox-exec's reader and the
# evaluator do not take them).
LINT_SBPL=$(
	cat <<'PY'
import sys


def read(path):
    """Top-level forms as nested lists; strings as ("str", text)."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        raise SyntaxError("%s: not ASCII" % path)
    forms, stack, opened = [], [], []
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in " \t\r\f":
            i += 1
        elif c == ";":
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("#|", i):
            raise SyntaxError("%s:%d: block comments are not supported" % (path, line))
        elif c == '"' or text.startswith('#"', i):
            raw, start = c == "#", line
            i += 2 if raw else 1
            s = []
            while i < n and text[i] != '"':
                if text[i] == "\\" and not raw and i + 1 < n:
                    i += 1
                if text[i] == "\n":
                    line += 1
                s.append(text[i])
                i += 1
            if i >= n:
                raise SyntaxError("%s:%d: unterminated string" % (path, start))
            i += 1
            (stack[-1] if stack else forms).append(("str", "".join(s)))
        elif c == "(":
            stack.append([])
            opened.append(line)
            i += 1
        elif c == ")":
            if not stack:
                raise SyntaxError("%s:%d: unbalanced ')'" % (path, line))
            form = stack.pop()
            opened.pop()
            (stack[-1] if stack else forms).append(form)
            i += 1
        else:
            j = i
            while j < n and text[j] not in " \t\r\f\n();\"":
                j += 1
            (stack[-1] if stack else forms).append(text[i:j])
            i = j
    if stack:
        raise SyntaxError("%s:%d: '(' is never closed" % (path, opened[-1]))
    return forms


def walk(x):
    yield x
    if isinstance(x, list):
        for k in x:
            yield from walk(k)


def lint(path):
    try:
        forms = read(path)
    except SyntaxError as e:
        return [str(e)]
    errors = []
    for f in forms:
        if not isinstance(f, list):
            errors.append("%s: %r outside a form" % (path, f))
    if not forms or forms[0] != ["version", "1"]:
        errors.append("%s: the first form must be (version 1)" % path)
    if ["deny", "default"] not in forms:
        errors.append("%s: no (deny default)" % path)
    if ["import", ("str", "bsd.sb")] not in forms:
        errors.append('%s: no (import "bsd.sb")' % path)
    if ["allow", "default"] in forms:
        errors.append("%s: (allow default) opens everything" % path)
    for x in walk(forms):
        if isinstance(x, list) and x[:1] == ["param"]:
            errors.append("%s: a parameter %r: the preamble has none" % (path, x))
        if isinstance(x, list) and x[:2] == ["with", "no-sandbox"]:
            errors.append("%s: (with no-sandbox) runs the command unsandboxed" % path)
    return errors


status = 0
for p in sys.argv[1:]:
    for e in lint(p):
        print(e)
        status = 1
sys.exit(status)
PY
)

lint()
{
	run_cmd python3 "$T/lint-profiles.py" "$@"
}

lint_sbpl()
{
	run_cmd python3 "$T/lint-sbpl.py" "$@"
}

if [ "${#profiles[@]}" = 0 ]; then
	plan 1
	skip "no profiles/*.yaml in '$PROFILES_DIR'"
	exit 0
fi
plan $((${#profiles[@]} + 3))

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
OUT=$T/out
ERR=$T/err
printf '%s\n' "$LINT" >"$T/lint-profiles.py"
printf '%s\n' "$LINT_SBPL" >"$T/lint-sbpl.py"

begin_test "the linter catches an unsorted list, a duplicate and an unknown key"
cat >"$T/bad-order.yaml" <<'EOF'
baseline:
  - path: /usr
    allow: [read]
  - path: /etc
    allow: [read]
protected:
  - path: /etc
    deny: [write]
user_data_roots:
  - /home
EOF
lint "$T/bad-order.yaml"
assert_rc 1 "unsorted list"
assert_out_match "'/etc' is out of order in 'baseline'"
cat >"$T/bad-dup.yaml" <<'EOF'
baseline:
  - path: /etc
    allow: [read]
  - path: /etc
    allow: [read]
protected:
  - path: /etc
    deny: [write]
user_data_roots:
  - /home
  - /home
EOF
lint "$T/bad-dup.yaml"
assert_rc 1 "duplicates"
assert_out_match "duplicate entry '/etc' in 'baseline'"
assert_out_match "duplicate entry '/home' in 'user_data_roots'"
cat >"$T/bad-key.yaml" <<'EOF'
baseline:
  - path: /etc
    alow: [read]
  - path: /usr
    allow: [read, exec]
protected:
  - path: /etc
    deny: [write]
user_data_roots:
  - /home
EOF
lint "$T/bad-key.yaml"
assert_rc 1 "unknown key and capability"
assert_out_match "unknown or repeated key 'alow'"
assert_out_match "bad capability list"
cat >"$T/good.yaml" <<'EOF'
# a comment
baseline:
  - path: ${HOME}/.cargo
    allow: [read, execute]
  - path: /
    allow: [read]
    tiers: [guarded]
    note: >-
      folded
      text
  - path: /etc
    recursive: false
    allow: [read]
protected:
  - path: /etc
    deny: [write, create, delete]
user_data_roots:
  - /home
EOF
lint "$T/good.yaml"
assert_rc 0 "a good file"
end_test

for p in "${profiles[@]}"; do
	begin_test "$(basename "$p"): lists sorted by path, no duplicates, known keys"
	lint "$p"
	assert_rc 0
	end_test
done

# Write $2 to $T/$1 (printf %b: \n, \t) and lint it; it must be refused
# saying $3.
sbpl_refused()
{
	printf '%b' "$2" >"$T/$1"
	lint_sbpl "$T/$1"
	assert_rc 1 "$1"
	assert_out_match "$3"
}

begin_test "the preamble linter catches unbalanced text, a missing head and what opens all"
HEAD='(version 1)\n(deny default)\n(import "bsd.sb")\n'
sbpl_refused open.sb "$HEAD(allow file-ioctl\n\t(literal \"/dev/null\")\n" \
	"open.sb:4: '\\(' is never closed"
sbpl_refused close.sb "$HEAD(allow sysctl-read))\n" "close.sb:4: unbalanced '\\)'"
# a parenthesis in a string or a comment is not one
sbpl_refused instring.sb "$HEAD(allow mach-lookup (global-name \"a)\")\n" \
	"instring.sb:4: '\\(' is never closed"
sbpl_refused incomment.sb "$HEAD(allow sysctl-read ; )\n" "incomment.sb:4: '\\(' is never closed"
sbpl_refused unterminated.sb "$HEAD(allow file-ioctl (regex #\"^/dev/tty))\n" \
	"unterminated.sb:4: unterminated string"
sbpl_refused noversion.sb '(deny default)\n(import "bsd.sb")\n' "must be \\(version 1\\)"
sbpl_refused late.sb '(deny default)\n(version 1)\n(import "bsd.sb")\n' \
	"must be \\(version 1\\)"
sbpl_refused nodeny.sb '(version 1)\n(import "bsd.sb")\n' "no \\(deny default\\)"
sbpl_refused noimport.sb '(version 1)\n(deny default)\n' 'no \(import "bsd.sb"\)'
sbpl_refused allowall.sb "$HEAD(allow default)\n" "opens everything"
sbpl_refused param.sb "$HEAD(allow file-ioctl (literal (param \"P0\")))\n" "a parameter"
sbpl_refused nosandbox.sb "$HEAD(allow process-exec (with no-sandbox))\n" "no-sandbox"
sbpl_refused block.sb "$HEAD#| a block |#\n" "block comments"
# parentheses in comments and strings, a backslash in a raw string
cat >"$T/good.sb" <<'EOF'
(version 1)
(deny default)
(import "bsd.sb")
;; a comment (with a paren
(allow mach-lookup (global-name "a)\"("))
(allow file-ioctl (regex #"^/dev/ttys[0-9]+\.x$"))
EOF
lint_sbpl "$T/good.sb"
assert_rc 0 "a good preamble"
end_test

begin_test "sbpl-preamble.sb: balanced, (version 1) first, (deny default), (import \"bsd.sb\"); the evaluator loads it"
if [ ! -f "$PREAMBLE" ]; then
	fail "no '$PREAMBLE'"
elif [ ! -x "$CHECK" ]; then
	fail "'$CHECK' not built (make check builds it)"
else
	lint_sbpl "$PREAMBLE"
	assert_rc 0
	# as sandbox-exec would load it: no parameter, nothing written where
	# a path belongs that fsjail's compiler does not write itself
	# a path belongs that fsjail's compiler does not write itself; and
	# it denies by default: files stay closed until the compiled part
	run_cmd "$CHECK" --lint -f "$PREAMBLE" --decide file-write-data /private/etc/passwd \
		--decide file-read-data /Users/u/secret --decide sysctl-read /
	assert_rc 0
	assert_out_match "^deny file-write-data /private/etc/passwd "
	assert_out_match "^deny file-read-data /Users/u/secret "
	assert_out_match "^allow sysctl-read / "
fi
end_test

done_testing
