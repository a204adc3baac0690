# shellcheck shell=bash
# libsock.sh - a host program listening on a Unix socket in /tmp, for the
# tests of the listener's host-socket guard (t0351, t0360). Source it after
# libtest.sh's setup.
#
# host_socket_start TAG [SUFFIX...]: makes S=/tmp/fsjail-TAG.XXXXXX with a
# Python listener on $S/sock (SRV its pid, INO the socket's inode), and an
# EXIT trap that stops it and removes $S and $S followed by each SUFFIX.
host_socket_start()
{
	local tag=$1 extra='' sfx
	shift
	S=$(mktemp -d "/tmp/fsjail-$tag.XXXXXX") || bail_out "cannot make a folder in /tmp"
	for sfx in "$@"; do
		extra+=$(printf ' %q' "$S$sfx")
	done
	python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); s.bind(sys.argv[1]); s.listen(4)
time.sleep(120)' "$S/sock" &
	SRV=$!
	# shellcheck disable=SC2064 # the paths are fixed now
	trap "kill $SRV 2>/dev/null; rm -rf $(printf '%q' "$S")$extra; cleanup" EXIT
	for _ in $(seq 50); do [ -S "$S/sock" ] && break; sleep 0.1; done
	[ -S "$S/sock" ] || bail_out "the host's socket did not come"
	# shellcheck disable=SC2034 # for the sourcing test
	INO=$(stat -c %i "$S/sock")
}
