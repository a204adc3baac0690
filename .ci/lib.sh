# .ci/lib.sh - helpers of .ci/run (sourced): steps with their elapsed
# times, failing, README's command blocks, the logs of failed tests.

# step TITLE: end the step before (print its time) and start a new one.
# Every step's time is kept for the table at the end, failing or not.
ci_steps=()
ci_step_title=
ci_step_start=$SECONDS
ci_step_end()
{
	[ -n "$ci_step_title" ] || return 0
	local s=$((SECONDS - ci_step_start))
	printf '=== %d s (%d:%02d): %s\n' "$s" $((s / 60)) $((s % 60)) "$ci_step_title"
	ci_steps+=("$(printf '%6d s  %s' "$s" "$ci_step_title")")
	ci_step_title=
}
step()
{
	ci_step_end
	printf '\n=== %s\n' "$*"
	ci_step_title=$*
	ci_step_start=$SECONDS
}

# ci_times: the time of each step so far and the total; run at exit.
ci_times()
{
	ci_step_end
	printf '\n.ci/run: time per step\n'
	[ ${#ci_steps[@]} = 0 ] || printf '%s\n' "${ci_steps[@]}"
	printf '%6d s  total (%d:%02d)\n' "$SECONDS" $((SECONDS / 60)) $((SECONDS % 60))
}

fail()
{
	printf '\n.ci/run: FAILED: %s\n' "$*" >&2
	exit 1
}

# The Nth ```sh block of README (1-based), which must be a single line.
readme_command()
{
	awk -v want="$1" '
		/^```sh$/ { n++; if (n == want) { on = 1; next } }
		/^```$/ { on = 0 }
		on { print }
	' README
}

# Print the logs of the tests that did not pass under build directory $1,
# then its test-suite.log.
show_failed_tests()
{
	local dir=$1 trs log
	for trs in $(find "$dir" -name '*.trs' | sort); do
		if grep -Eq '^:test-result: (FAIL|ERROR|XPASS)' "$trs"; then
			log=${trs%.trs}.log
			printf '\n--- %s\n' "$log"
			cat "$log" || true
		fi
	done
	# A test still running when the time ran out has a log but no .trs.
	for log in $(find "$dir" -path '*tests/*' -name '*.log' | sort); do
		[ -e "${log%.log}.trs" ] && continue
		printf '\n--- %s (did not finish)\n' "$log"
		cat "$log" || true
	done
	for log in $(find "$dir" -name test-suite.log | sort); do
		printf '\n--- %s\n' "$log"
		cat "$log" || true
	done
}
