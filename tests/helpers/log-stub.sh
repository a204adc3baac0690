#!/bin/bash
# tests/helpers/log-stub.sh - stands in for macOS's /usr/bin/log in the
# tests (fsjail finds it through FSJAIL_LOG_COMMAND), so that a run's
# Seatbelt denials can be collected on Linux (issue 15 item 5).
#
#   log-stub.sh stream --style ndjson --predicate PREDICATE
#
# Like `log stream` it prints its header line first, then the recorded
# stream FSJAIL_STUB_LOG_FIXTURE (tests/data/seatbelt-log-stream.ndjson)
# with @TAG@ replaced by the tag the predicate's last
# 'eventMessage CONTAINS "..."' names, @WS@ by $FSJAIL_STUB_WS and @HOME@
# by $HOME, and waits until it is stopped. Its arguments go to
# $FSJAIL_STUB_DIR/log.argv (NUL-terminated).
set -u

dir=${FSJAIL_STUB_DIR:-}
[ -n "$dir" ] && printf '%s\0' "$0" "$@" >"$dir/log.argv"
[ "${1:-}" = stream ] || { echo "log-stub: only 'stream'" >&2; exit 64; }
pred=
while [ $# -gt 0 ]; do
	case $1 in
	--predicate) pred=$2; shift 2 ;;
	*) shift ;;
	esac
done
tag=$(printf '%s' "$pred" | sed -n 's/.*eventMessage CONTAINS "\([A-Za-z0-9._-]*\)")*$/\1/p')
printf 'Filtering the log data using "%s"\n' "$pred"
if [ -n "${FSJAIL_STUB_LOG_FIXTURE:-}" ] && [ -n "$tag" ]; then
	sed -e "s|@TAG@|$tag|g" -e "s|@WS@|${FSJAIL_STUB_WS:-}|g" -e "s|@HOME@|$HOME|g" \
		"$FSJAIL_STUB_LOG_FIXTURE"
fi
# the test asks whether this process outlived the run by its pid (exec keeps it)
[ -n "$dir" ] && echo $$ >"$dir/log.pid"
exec sleep 3600
