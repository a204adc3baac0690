# libhints.sh - reading fsjail's after-run summary as a user pasting its
# hints would (t0265-t0267, t0279, t0296, t0297, t0489): sourced after
# libtest.sh by the tests that need it.

# hints FILE: GRANTS becomes the --grant options of every "to allow" line
# of FILE (fsjail's after-run summary), and the folders its "mkdir -p"
# names are made, as a user pasting the line would (t0266, t0267); so are
# the absent tool cache folders a "no grant offered" line names (the run's
# own copy next time: toolcache.h), listed in HINT_MKDIRS.
hints()
{
	local line seg
	GRANTS=()
	HINT_MKDIRS=()
	while IFS= read -r line; do
		if [[ $line == *"no grant offered for "*": make it with mkdir -p "*" and run again ("* ]]; then
			seg=${line#*: make it with mkdir -p }
			eval "set -- ${seg%% and run again (*}"
			mkdir -p -- "$@"
			HINT_MKDIRS+=("$@")
			continue
		fi
		case $line in *"to allow "*) ;; *) continue ;; esac
		if [[ $line == *": mkdir -p "*" (it does not exist yet), then "* ]]; then
			seg=${line#*: mkdir -p }
			eval "set -- ${seg%% (it does not exist yet)*}"
			mkdir -p -- "$@"
		fi
		seg=${line#*fsjail run }
		eval "set -- ${seg%% ... (this run only)*}"
		while [ $# -gt 0 ]; do
			[ "$1" = --grant ] && GRANTS+=(--grant "$2")
			shift
		done
	done <"$1"
}

# grants_in FILE: every --grant word of the "to allow" lines of FILE
# (fsjail's after-run summary), one a line (t0265, t0279).
grants_in()
{
	local line seg
	while IFS= read -r line; do
		case $line in *"to allow "*) ;; *) continue ;; esac
		seg=${line#*fsjail run }
		seg=${seg%% ... (this run only)*}
		eval "set -- $seg"
		while [ $# -gt 0 ]; do
			[ "$1" = --grant ] && printf '%s\n' "$2"
			shift
		done
	done <"$1"
}
