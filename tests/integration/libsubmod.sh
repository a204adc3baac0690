# shellcheck shell=bash
# libsubmod.sh - the library repository the submodule tests add to their
# workspace (t0353, t0376, t0377, t0378, t0379). Source it after
# libtest.sh.
#
# submodule_lib: makes LIB=$T/lib a repository of one committed file
# (l.txt, "lib-content"), and lets git's file transport add it as a
# submodule (protocol.file.allow, through GIT_CONFIG_* in the environment:
# git 2.38.1 refuses it by default). Call it after setup and git_env.
submodule_lib()
{
	export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=protocol.file.allow GIT_CONFIG_VALUE_0=always
	LIB=$T/lib
	git init -q "$LIB" && echo lib-content >"$LIB/l.txt" && git -C "$LIB" add . &&
		git -C "$LIB" commit -qm lib || bail_out "cannot make the library repository"
}

# submodule_ws PATH: makes $WS a repository of one empty commit and one
# more that adds $LIB (submodule_lib) as a submodule at PATH.
submodule_ws()
{
	(cd "$WS" && git init -q && git commit -q --allow-empty -m init &&
		git submodule add -q "$LIB" "$1" && git commit -qm sub) ||
		bail_out "cannot add the submodule"
}
