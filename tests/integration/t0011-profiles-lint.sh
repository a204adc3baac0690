#!/bin/bash
# profiles/*.yaml are data and stay linted (STYLE.md point 5; firejail's
# check-profiles): every list sorted by path bytewise (LC_ALL=C), no
# duplicate entries, only known keys, capabilities and tiers. The linter
# is first shown to catch an unsorted list, a duplicate and a bad key.
# Needs no kernel and no fsjail binary.
. "$(dirname "$0")/libtest.sh"

PROFILES_DIR=$FSJAIL_DATADIR
shopt -s nullglob
profiles=("$PROFILES_DIR"/*.yaml)
shopt -u nullglob

# The linter reads the profile layout line by line: top-level keys, list
# items "  - path: P" with "    key: value" lines under them, or scalar
# items "  - P". Anything else is reported, so a profile cannot slip past
# it by using another YAML spelling. python3-yaml is not needed.
LINT=$(
	cat <<'PY'
import re
import sys

CAPS = {"read", "write", "create", "delete", "execute"}
TIERS = {"full", "guarded", "process", "writes"}
KEYS = {"path", "recursive", "allow", "deny", "pass", "tiers", "note"}
LISTS = {"baseline", "protected", "user_data_roots"}


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
            if cur == "user_data_roots":
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

    for name in sorted(LISTS - set(lists)):
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
            if name != "user_data_roots":
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

lint()
{
	run_cmd python3 "$T/lint-profiles.py" "$@"
}

if [ "${#profiles[@]}" = 0 ]; then
	plan 1
	skip "no profiles/*.yaml in '$PROFILES_DIR'"
	exit 0
fi
plan $((${#profiles[@]} + 1))

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
OUT=$T/out
ERR=$T/err
printf '%s\n' "$LINT" >"$T/lint-profiles.py"

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

done_testing
