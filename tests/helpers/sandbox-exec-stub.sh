#!/bin/bash
# tests/helpers/sandbox-exec-stub.sh - stands in for macOS's
# /usr/bin/sandbox-exec in the tests (fsjail finds it through
# FSJAIL_SANDBOX_EXEC), so that the Seatbelt run path runs on Linux.
#
#   sandbox-exec-stub.sh -f PROFILE [-D NAME=VALUE]... [--] COMMAND [ARG]...
#
# Like sandbox-exec (SBPL-NOTES.md section 7) it reads the options, loads
# the profile - here with the evaluator of tests/sbpl-eval, through
# tests/helpers/sbpl-check, with the lint that refuses a path written into
# the text - and exits 65 with a message naming the line when the profile
# does not compile or names an undefined parameter; the command never runs.
# Then it runs the command. The command runs UNCONFINED by the kernel: at
# most the test model tests/helpers/sbpl-preload.so (LD_PRELOAD, when
# FSJAIL_STUB_PRELOAD names it) makes ordinary programs obey the evaluator's
# decisions, which proves what the profile says, not that anything is
# enforced.
#
# Environment:
#   FSJAIL_SBPL_CHECK    the sbpl-check binary (default: next to this script)
#   FSJAIL_STUB_DIR      a folder for records: argv.last (the last call's
#                        arguments, NUL-terminated), profile.last (a copy
#                        of its profile: fsjail removes its own after the
#                        run), calls (one line per call: the command),
#                        denials (from the preload)
#   FSJAIL_STUB_PRELOAD  sbpl-preload.so: model the profile's decisions
#   FSJAIL_STUB_EXIT=N   exit N (65: profile refused, 71: sandbox_apply not
#                        permitted) instead of running, with sandbox-exec's
#                        message; only when an argument of the command
#                        contains FSJAIL_STUB_EXIT_IF, if that is set
#   FSJAIL_STUB_DROP=NAME  drop -D NAME=... before loading the profile (a
#                        launcher that forgot a parameter)
#   FSJAIL_STUB_EXEC_REFUSE=S  when the command's path contains S, refuse its
#                        execution as Seatbelt does: sandbox-exec's execvp()
#                        message and exit 71 (SBPL-NOTES.md section 11)
set -u

usage()
{
	echo "usage: sandbox-exec [-f profile-file] [-D key=value ...] command [arguments ...]" >&2
	exit 64
}

dir=${FSJAIL_STUB_DIR:-}
if [ -n "$dir" ]; then
	printf '%s\0' "$0" "$@" >"$dir/argv.last"
fi

profile=
dargs=()
params=()
while [ $# -gt 0 ]; do
	case $1 in
	-f)
		[ $# -ge 2 ] || usage
		profile=$2
		shift 2
		;;
	-D)
		[ $# -ge 2 ] || usage
		case $2 in *=*) ;; *) usage ;; esac
		if [ "${2%%=*}" != "${FSJAIL_STUB_DROP:-}" ]; then
			dargs+=(-D "$2")
			params+=("$2")
		fi
		shift 2
		;;
	-p | -n)
		echo "sandbox-exec stub: $1 is not modelled (fsjail passes -f)" >&2
		exit 64
		;;
	--)
		shift
		break
		;;
	-*) usage ;;
	*) break ;;
	esac
done
[ -n "$profile" ] && [ $# -ge 1 ] || usage
[ -n "$dir" ] && printf '%s\n' "$1" >>"$dir/calls"
[ -n "$dir" ] && cp -- "$profile" "$dir/profile.last"

if [ -n "${FSJAIL_STUB_EXIT:-}" ]; then
	hit=1
	if [ -n "${FSJAIL_STUB_EXIT_IF:-}" ]; then
		hit=0
		for a in "$@"; do
			case $a in *"$FSJAIL_STUB_EXIT_IF"*) hit=1 ;; esac
		done
	fi
	if [ "$hit" = 1 ]; then
		case $FSJAIL_STUB_EXIT in
		65) echo "sandbox-exec: $profile:1: profile refused (FSJAIL_STUB_EXIT=65)" >&2 ;;
		71) echo "sandbox-exec: sandbox_apply: Operation not permitted" >&2 ;;
		esac
		exit "$FSJAIL_STUB_EXIT"
	fi
fi

if [ -n "${FSJAIL_STUB_EXEC_REFUSE:-}" ]; then
	case $1 in
	*"$FSJAIL_STUB_EXEC_REFUSE"*)
		echo "sandbox-exec: execvp() of '$1' failed: Operation not permitted" >&2
		exit 71
		;;
	esac
fi

check=${FSJAIL_SBPL_CHECK:-$(dirname "$0")/sbpl-check}
if ! msg=$("$check" --lint -f "$profile" "${dargs[@]}" 2>&1); then
	printf 'sandbox-exec: %s\n' "${msg#sbpl-check: }" >&2
	exit 65
fi

if [ -n "${FSJAIL_STUB_PRELOAD:-}" ]; then
	[ -n "$dir" ] || { echo "sandbox-exec stub: FSJAIL_STUB_PRELOAD needs FSJAIL_STUB_DIR" >&2; exit 71; }
	pfile=$(mktemp "$dir/params.XXXXXX") || exit 71
	if [ ${#params[@]} -gt 0 ]; then
		printf '%s\0' "${params[@]}" >"$pfile"
	fi
	export FSJAIL_STUB_PROFILE=$profile FSJAIL_STUB_PARAMS=$pfile
	export LD_PRELOAD=$FSJAIL_STUB_PRELOAD${LD_PRELOAD:+:$LD_PRELOAD}
fi
exec "$@"
