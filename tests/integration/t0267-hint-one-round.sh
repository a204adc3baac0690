#!/bin/bash
# A refusal hint lifts a tool's refusals in one round (issue 12 item 4,
# sec12). npm under ~/.npm and cargo under ~/.cargo were offered create
# without write, or a file rather than its folder, so a user went run ->
# hint -> run again and again. The hint now groups a command's refusals
# under one folder with every capability they need (create brings write,
# read where reading is refused, and on a folder delete for the temporary
# files renamed away), makes an absent folder first, and never widens past
# a protected path or a secret (~/.cargo/bin, config.toml, credentials):
# there each file gets its own grant, with its SQLite journal. Each test
# runs the real tool, applies the printed hint once, and asserts that the
# next run succeeds with no refusal (the report empty). As root and as
# cloudsdk (cargo only where its toolchain can be run). npm's cache
# folders absent on the host are made, empty, by fsjail itself before a
# run of npm (msg32; user9's hint was their mkdir -p): no round at all.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libhints.sh"

plan_user_pass FSJAIL_T0267_USER 5
# before setup's HOME: rustup's proxies look for $HOME/.rustup (and
# libtest.sh's PATH leaves out ~/.cargo/bin)
SYSROOT=
for rustc in "$(command -v rustc)" "$HOME/.cargo/bin/rustc"; do
	[ -x "$rustc" ] && SYSROOT=$("$rustc" --print sysroot 2>/dev/null) && break
done
setup
require_landlock
export NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_AUDIT=false NPM_CONFIG_FUND=false

# one_round WHAT OPTS... -- CMD...: CMD is refused and hinted; with the
# hint applied once it succeeds with no refusal, in the summary or the
# report.
one_round()
{
	local what=$1 opts=()
	shift
	while [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	fsj "${opts[@]}" -- "$@"
	cp "$ERR" "$T/$what.first"
	grep -q "refusals\? in this run" "$ERR" || fail "$what: nothing refused the first time"
	hints "$T/$what.first"
	[ "${#GRANTS[@]}" -gt 0 ] || [ "${#HINT_MKDIRS[@]}" -gt 0 ] || fail "$what: no hint: $(cat "$ERR")"
	fsj "${opts[@]}" "${GRANTS[@]}" --report "$T/$what.report" -- "$@"
	assert_rc 0
	grep -q "refusals\? in this run" "$ERR" && fail "$what: refused after one hint: $(cat "$ERR")"
	[ -s "$T/$what.report" ] && fail "$what: the report lists refusals: $(cat "$T/$what.report")"
	diag "$what: $(grep 'to allow' "$T/$what.first" | cut -c1-300)"
}

# a package tarball as npm pack makes it (package/ inside), without npm
mkdir -p "$T/pkgsrc/package" "$WS/lib"
printf '{"name":"pkg-t0267","version":"1.0.0"}\n' >"$T/pkgsrc/package/package.json"
tar -czf "$WS/pkg-t0267-1.0.0.tgz" -C "$T/pkgsrc" package
printf '{"name":"lib-t0267","version":"1.0.0"}\n' >"$WS/lib/package.json"
printf '{"name":"app","version":"1.0.0"}\n' >"$WS/package.json"

begin_test "npm cache add of a local tarball, ~/.npm absent: fsjail makes its folders, no refusal"
if ! command -v npm >/dev/null; then
	skip "no npm"
else
	rm -rf "$HOME/.npm"
	fsj -- npm cache add --offline ./pkg-t0267-1.0.0.tgz
	assert_rc 0
	assert_err_match "^fsjail: note: made npm's cache folders, empty, on the host"
	grep -q "refusals\? in this run" "$ERR" && fail "refused: $(cat "$ERR")"
	assert_dir "$HOME/.npm/_cacache" # the run wrote its own copy, the host's stays empty
	assert_not_exists "$HOME/.npm/_cacache/index-v5"
	end_test
fi

begin_test "npm install of a local folder, ~/.npm present and empty: its folders made, no refusal"
if ! command -v npm >/dev/null; then
	skip "no npm"
else
	rm -rf "$HOME/.npm" "$WS/node_modules"
	mkdir "$HOME/.npm"
	fsj -- npm install --offline --no-package-lock ./lib
	grep -q "refusals\? in this run" "$ERR" && fail "refused: $(cat "$ERR")"
	assert_exists "$WS/node_modules/lib-t0267/package.json"
	end_test
fi

# The toolchain: rustc's sysroot, granted read and execute by the test
# (not by a hint); cargo and rustc from its bin/ with CARGO_HOME scratch.
cargo_ok()
{
	[ -n "$SYSROOT" ] && [ -x "$SYSROOT/bin/cargo" ] && command -v cc >/dev/null
}
CARGO_SH='rm -rf proj && cargo new -q --offline --vcs none proj && cd proj && cargo build -q --offline'

begin_test "cargo new + cargo build under an existing ~/.cargo: no hint reaches bin, config.toml or credentials; one round"
if ! cargo_ok; then
	skip "no cargo toolchain this user can run (rustc --print sysroot: '${SYSROOT:-none}')"
else
	rm -rf "$HOME/.cargo"
	mkdir -p "$HOME/.cargo/bin"
	one_round cargo-home --grant "read,execute:$SYSROOT" -- \
		env PATH="$SYSROOT/bin:/usr/bin:/bin" CARGO_HOME="$HOME/.cargo" sh -c "$CARGO_SH"
	for ((i = 1; i < ${#GRANTS[@]}; i += 2)); do
		p=${GRANTS[i]#*:}
		for s in "$HOME/.cargo/bin" "$HOME/.cargo/config.toml" "$HOME/.cargo/credentials.toml"; do
			case $s/ in "$p"/*) fail "hint ${GRANTS[i]} reaches $s" ;; esac
		done
	done
	assert_exists "$WS/proj/target/debug/proj"
	end_test
fi

begin_test "cargo with CARGO_HOME a scratch folder not made yet: one folder hint, one round"
if ! cargo_ok; then
	skip "no cargo toolchain this user can run"
else
	rm -rf "$HOME/cargo-scratch"
	one_round cargo-scratch --grant "read,execute:$SYSROOT" -- \
		env PATH="$SYSROOT/bin:/usr/bin:/bin" CARGO_HOME="$HOME/cargo-scratch" sh -c "$CARGO_SH"
	grep -q "mkdir -p $HOME/cargo-scratch (it does not exist yet), then fsjail run --grant read,write,create,delete:$HOME/cargo-scratch " \
		"$T/cargo-scratch.first" || fail "not one folder hint: $(grep 'to allow' "$T/cargo-scratch.first")"
	end_test
fi

begin_test "a file's hint names write with create (open(O_CREAT|O_WRONLY) needs both)"
fsj -- sh -c 'echo x >"$HOME/made.txt"'
assert_err_match "to allow it: fsjail run --grant write,create:$HOME/made\.txt "
hints "$ERR"
fsj "${GRANTS[@]}" -- sh -c 'echo x >"$HOME/made.txt"'
assert_rc 0
grep -q "refusals\? in this run" "$ERR" && fail "refused after the hint: $(cat "$ERR")"
assert_content "$HOME/made.txt" x
end_test

end_user_pass
done_testing
