#!/bin/bash
# pip with no rules file (task cache13): pip install --no-index of a local
# wheel into a venv in the workspace works without pip's "The cache has
# been disabled" warning, since ~/.cache/pip is the run's own copy
# (toolcache.h), and the host's ~/.cache/pip is byte-identical after.
# Run as root and again as the ordinary user FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_PIP_USER_PASS 3
setup
require_landlock
PY=/usr/bin/python3
[ -x "$PY" ] && "$PY" -c 'import venv, ensurepip' 2>/dev/null ||
	skip_rest_kernel "no $PY with venv and ensurepip"
can_mount_ns || skip_rest_kernel "no mount namespace can be made here"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

# a wheel made by hand (no build backend needed) and a seeded host cache
mkdir -p "$WS/whl" "$HOME/.cache/pip/http"
echo "host cache entry" >"$HOME/.cache/pip/http/seed"
"$PY" - "$WS/whl" <<'PYEOF' || bail_out "cannot make the wheel"
import base64, hashlib, sys, zipfile
n, v = "fsjtiny", "1.0"
files = {n + "/__init__.py": "VALUE = 7\n",
         f"{n}-{v}.dist-info/METADATA": f"Metadata-Version: 2.1\nName: {n}\nVersion: {v}\n",
         f"{n}-{v}.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: t0317\n"
                                     "Root-Is-Purelib: true\nTag: py3-none-any\n"}
rec = []
for k, s in files.items():
    d = base64.urlsafe_b64encode(hashlib.sha256(s.encode()).digest()).rstrip(b"=")
    rec.append(f"{k},sha256={d.decode()},{len(s.encode())}")
rec.append(f"{n}-{v}.dist-info/RECORD,,")
files[f"{n}-{v}.dist-info/RECORD"] = "\n".join(rec) + "\n"
with zipfile.ZipFile(f"{sys.argv[1]}/{n}-{v}-py3-none-any.whl", "w") as z:
    for k, s in files.items():
        z.writestr(k, s)
PYEOF
pip_sum()
{
	(cd "$HOME/.cache/pip" && find . -printf '%y %m %p\n' | LC_ALL=C sort &&
		find . -type f -exec sha256sum {} + | LC_ALL=C sort -k2)
}
pip_sum >"$T/pip.before"

begin_test "pip install --no-index of a local wheel into a venv: no cache warning"
fsj_sh -- '"$1" -m venv venv && venv/bin/pip install --no-index whl/fsjtiny-1.0-py3-none-any.whl &&
	venv/bin/python -c "import fsjtiny; print(fsjtiny.VALUE)"' "$PY"
assert_rc 0
assert_out_match "^7$"
assert_out_match "Successfully installed fsjtiny-1.0"
grep -qi "cache has been disabled\|not writable" "$OUT" "$ERR" &&
	fail "pip warned about its cache: $(grep -i cache "$OUT" "$ERR" | head -3)"
! grep -q "refusal" "$ERR" || fail "refusals reported: $(head -5 "$ERR")"
end_test

begin_test "the host's ~/.cache/pip is byte-identical after the run"
pip_sum | diff "$T/pip.before" - >"$T/pip.diff" || fail "~/.cache/pip changed: $(head -5 "$T/pip.diff")"
end_test

begin_test "the run sees the host's cache and writes its own copy only"
fsj_sh -- 'cat ~/.cache/pip/http/seed; echo inside >~/.cache/pip/http/seed &&
	echo inside >~/.cache/pip/new && cat ~/.cache/pip/http/seed ~/.cache/pip/new
	echo x >~/.cache/planted && echo WROTE-CACHE; echo done'
assert_rc 0
assert_out_eq "host cache entry
inside
inside
done"
assert_content "$HOME/.cache/pip/http/seed" "host cache entry"
assert_not_exists "$HOME/.cache/pip/new"
assert_not_exists "$HOME/.cache/planted"
pip_sum | diff "$T/pip.before" - >"$T/pip.diff" || fail "~/.cache/pip changed: $(head -5 "$T/pip.diff")"
end_test

end_user_pass
done_testing
