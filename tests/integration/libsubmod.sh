# shellcheck shell=bash
# libsubmod.sh - the library repository the submodule tests add to their
# workspace (t0353, t0376, t0377). Source it after libtest.sh.
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
