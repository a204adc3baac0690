#!/bin/bash
# git submodule add into a repository that existed before the run works
# (issue 12 item 2): its protected .git/config takes, through git's
# config.lock rename (src/notify-gitcfg.c, src/gitcfg.c), a
# [submodule "NAME"] section with url (no command transport, no option)
# and active only, as it takes [branch] sections. Code-running keys of a
# submodule (update = !cmd), ext:: urls and a changed url stay refused;
# the host's git submodule commands then run nothing planted.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env

M=$T/m
D=$(mktemp -d /tmp/fsjail-t0237.XXXXXX) || bail_out "no /tmp folder"
trap 'rm -rf "$D"; cleanup' EXIT
mkdir -p "$M"
(cd "$WS" && git init -q -b main && git commit -q --allow-empty -m i &&
	git init -q -b main --bare "$D/origin.git" && git push -q "$D/origin.git" main) \
	>/dev/null 2>&1 || bail_out "cannot make the repositories"

begin_test "git submodule add in the workspace's own repository: url and active recorded"
fsj_sh -- 'git -c protocol.file.allow=always submodule add -q "$1/origin.git" sub &&
	git commit -q -m sub && echo added' "$D"
assert_rc 0
assert_out_match "^added$"
git -C "$WS" config --get submodule.sub.url | grep -qx "$D/origin.git" || fail "no submodule.sub.url"
[ "$(git -C "$WS" config --get submodule.sub.active)" = true ] || fail "no submodule.sub.active"
end_test

begin_test "update = !cmd, an ext:: url, a changed url: refused, each named"
# shellcheck disable=SC2016
fsj_sh -- 'git config submodule.sub.update "!touch $1/upd"
	git config submodule.new.url "ext::sh -c touch% $1/ext"
	git config submodule.sub.url "$2/other.git"; exit 0' "$M" "$D"
assert_err_match "write $WS/\.git/config: protected rule 'repository-metadata'.*a changed \[submodule\] line"
git -C "$WS" config --get submodule.sub.update && fail "update landed"
git -C "$WS" config --get submodule.new.url && fail "the ext:: url landed"
git -C "$WS" config --get submodule.sub.url | grep -qx "$D/origin.git" || fail "the url changed"
end_test

begin_test "the host's git submodule update and status run nothing planted"
rm -rf "$WS/sub" && mkdir "$WS/sub"
(cd "$WS" && git -c protocol.file.allow=always submodule update -q && git submodule status) \
	>/dev/null 2>&1 </dev/null || fail "host git submodule update failed"
assert_not_exists "$M/upd"
assert_not_exists "$M/ext"
end_test

done_testing
