# libautorun.sh - cases the workspace-autorun tests share; sourced after
# libtest.sh, inside a begin_test/end_test.
# autorun_routes_refused NAMED SIBLINGS: in one run, try to make each path
# of NAMED (blank-separated, relative to $WS, absent at the start) by a
# write, a rename over it, a symlink and a copy, its folder made first,
# then write each path of SIBLINGS; assert every try failed, no path of
# NAMED exists afterwards and each sibling holds "sibling".
# autorun_words_free WORDS: in one run, write each path of WORDS (words
# of the hooks that must make no rule); assert every write worked.
autorun_routes_refused()
{
	fsj -- bash -c '
try() { rm -f "$f" prep 2>/dev/null; echo evil >prep; "${@:2}" 2>/dev/null && echo "$1 $f"
	[ -e "$f" ] || [ -L "$f" ] && echo "EXISTS after $1: $f"; }
for f in $1; do
	case $f in */*) mkdir -p "${f%/*}" ;; esac
	try WROTE sh -c "echo evil >$f"
	try MOVED mv -f prep "$f"
	try SYMLINKED ln -s "$PWD/prep" "$f"
	try COPIED cp prep "$f"
	rm -f prep
done
for s in $2; do echo sibling >"$s" && echo "SIBLING $s"; done' bash "$1" "$2"
	assert_rc 0
	assert_out_nomatch 'WROTE|MOVED|SYMLINKED|COPIED|EXISTS'
	for f in $1; do assert_not_exists "$WS/$f"; done
	for s in $2; do assert_content "$WS/$s" sibling; done
}

autorun_words_free()
{
	fsj -- bash -c 'for f in $1; do echo ok >"$f" || echo "REFUSED $f"; done' bash "$1"
	assert_rc 0
	assert_out_nomatch REFUSED
	for f in $1; do assert_content "$WS/$f" ok; done
}
