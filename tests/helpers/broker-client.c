/* broker-client.c - a small client of the fsjail broker for the tests
 * (tests/integration/t0040-broker.sh; protocol in src/broker.h).
 *
 * usage: broker-client [-s SOCKET] [-w TEXT] [-l BYTES] [-p N] [LINE...]
 * Connects to SOCKET (default $FSJAIL_BROKER_SOCKET), sends each LINE (or
 * each line of stdin when none is given) followed by '\n', and prints each
 * reply line. After an "FD" reply it receives the descriptor, writes TEXT
 * to it when -w is given, and prints "fd-content: " and what it reads from
 * the start of the file. -l BYTES sends one line of BYTES 'a's first (the
 * line-length cap). -p N: a writer process sends LINE N times ("@N@" made
 * 1 to N) without waiting, alive until the replies are read (a gone sender
 * is refused); prints "replies=R in-order=yes|no" (reply i has "id":"i").
 * Exit status: 0, or 1 when the broker was unreachable or hung up early. */
#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fdpass.h"
#include "util.h"

/* One reply line into buf (without '\n'), read one byte at a time so that
 * the byte carrying a descriptor stays for fdpass_recv(). Returns 0, or -1
 * at end of file. */
static int read_line(int fd, char *buf, size_t size)
{
	size_t n = 0;
	char ch;

	for (;;) {
		ssize_t r = read(fd, &ch, 1);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		if (ch == '\n')
			break;
		if (n + 1 < size)
			buf[n++] = ch;
	}
	buf[n] = '\0';
	return 0;
}

static int exchange(int sock, const char *line, const char *write_text)
{
	char reply[70000];
	int fd;

	/* A refused client may find the connection closed before its line
	 * is sent: the broker's reply is still there to read. */
	if (write_all(sock, line, strlen(line)) < 0 || write_all(sock, "\n", 1) < 0)
		perror("broker-client: write");
	if (read_line(sock, reply, sizeof(reply)) < 0) {
		fprintf(stderr, "broker-client: the broker closed the connection\n");
		return -1;
	}
	printf("%s\n", reply);
	if (strcmp(reply, "FD") == 0) {
		char data[4096];
		ssize_t n;

		if (fdpass_recv(sock, &fd) != 1) {
			fprintf(stderr, "broker-client: no descriptor after FD\n");
			return -1;
		}
		if (write_text && write_all(fd, write_text, strlen(write_text)) < 0)
			printf("fd-write-error: %s\n", strerror(errno));
		n = pread(fd, data, sizeof(data) - 1, 0);
		data[n > 0 ? n : 0] = '\0';
		printf("fd-content: %s\n", n >= 0 ? data : strerror(errno));
		close(fd);
	}
	fflush(stdout);
	return 0;
}

/* LINE with every "@N@" replaced by i, and a '\n'; caller frees. */
static char *numbered(const char *line, long i)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = line, *at;

	while ((at = strstr(p, "@N@")) != NULL) {
		sb_add(&sb, p, (size_t)(at - p));
		sb_addf(&sb, "%ld", i);
		p = at + 3;
	}
	sb_adds(&sb, p);
	sb_adds(&sb, "\n");
	return sb_detach(&sb);
}

static int pipeline(int sock, const char *line, long n)
{
	char *reply = NULL, want[64];
	size_t cap = 0;
	long got = 0;
	bool in_order = true;
	pid_t writer;
	FILE *in;
	int status, hold[2]; /* the writer waits for hold[1] to close */

	if (pipe(hold) < 0 || (writer = fork()) < 0)
		return -1;
	if (writer == 0) {
		close(hold[1]);
		for (long i = 1; i <= n; i++) {
			char *text = numbered(line, i);

			if (write_all(sock, text, strlen(text)) < 0)
				_exit(1);
			free(text);
		}
		shutdown(sock, SHUT_WR);
		_exit(read(hold[0], &status, 1) < 0);
	}
	close(hold[0]);
	in = fdopen(dup(sock), "r");
	while (in && getline(&reply, &cap, in) > 0) {
		got++;
		snprintf(want, sizeof(want), "\"id\":\"%ld\"", got);
		if (!strstr(reply, want))
			in_order = false;
	}
	if (in)
		fclose(in);
	free(reply);
	close(hold[1]);
	waitpid(writer, &status, 0);
	printf("replies=%ld in-order=%s\n", got, in_order && got == n ? "yes" : "no");
	return got == n ? 0 : -1;
}

int main(int argc, char **argv)
{
	const char *path = getenv("FSJAIL_BROKER_SOCKET"), *write_text = NULL;
	struct sockaddr_un sa;
	long long_line = -1, pipelined = 0;
	int opt, sock, rc = 0;

	signal(SIGPIPE, SIG_IGN);
	while ((opt = getopt(argc, argv, "s:w:l:p:")) != -1) {
		switch (opt) {
		case 's':
			path = optarg;
			break;
		case 'w':
			write_text = optarg;
			break;
		case 'l':
			long_line = atol(optarg);
			break;
		case 'p':
			pipelined = atol(optarg);
			break;
		default:
			fputs("usage: broker-client [-s SOCKET] [-w TEXT] [-l BYTES] [-p N] [LINE...]\n",
			      stderr);
			return 2;
		}
	}
	if (!path || strlen(path) >= sizeof(sa.sun_path)) {
		fprintf(stderr, "broker-client: no usable socket path\n");
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	strcpy(sa.sun_path, path);
	sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (sock < 0 || connect(sock, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		fprintf(stderr, "broker-client: connect '%s': %s\n", path, strerror(errno));
		return 1;
	}
	if (pipelined > 0) {
		rc = optind < argc ? pipeline(sock, argv[optind], pipelined) < 0 : 2;
		close(sock);
		return rc;
	}
	if (long_line >= 0) {
		char *big = malloc((size_t)long_line + 1);

		memset(big, 'a', (size_t)long_line);
		big[long_line] = '\0';
		rc = exchange(sock, big, NULL) < 0;
		free(big);
		if (rc)
			return 1;
	}
	if (optind < argc) {
		for (; optind < argc; optind++)
			if (exchange(sock, argv[optind], write_text) < 0)
				return 1;
	} else if (long_line < 0) {
		char *line = NULL;
		size_t cap = 0;
		ssize_t n;

		while ((n = getline(&line, &cap, stdin)) > 0) {
			if (line[n - 1] == '\n')
				line[n - 1] = '\0';
			if (exchange(sock, line, write_text) < 0) {
				rc = 1;
				break;
			}
		}
		free(line);
	}
	close(sock);
	return rc;
}
