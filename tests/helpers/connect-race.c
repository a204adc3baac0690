/* connect-race.c - a client racing its own socket address (t0066): one
 * thread keeps rewriting the sockaddr_un between an allowed and a denied
 * pathname while the main thread connects with it, N times. Usage:
 * connect-race ALLOWED DENIED N. Prints "connected=C refused=R other=O". A
 * supervisor that reads the address, decides, then lets the kernel read it
 * again would connect some of these to DENIED. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static struct sockaddr_un sa; /* shared, raced on purpose */
static const char *paths[2];
static atomic_int stop;

static void *flipper(void *arg)
{
	size_t k = 0;

	(void)arg;
	while (!atomic_load(&stop)) {
		/* volatile writes, byte by byte, so the compiler keeps them */
		const char *p = paths[k++ & 1];
		volatile char *d = sa.sun_path;
		size_t i;

		for (i = 0; p[i]; i++)
			d[i] = p[i];
		d[i] = '\0';
	}
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long connected = 0, refused = 0, other = 0, n, i;
	pthread_t th[2];

	if (argc != 4 || strlen(argv[1]) >= sizeof(sa.sun_path) ||
	    strlen(argv[2]) >= sizeof(sa.sun_path) || strlen(argv[1]) != strlen(argv[2])) {
		fprintf(stderr, "usage: connect-race ALLOWED DENIED N (paths of equal length)\n");
		return 2;
	}
	paths[0] = argv[1];
	paths[1] = argv[2];
	n = strtoul(argv[3], NULL, 10);
	sa.sun_family = AF_UNIX;
	strcpy(sa.sun_path, argv[1]);
	for (i = 0; i < 2; i++)
		if (pthread_create(&th[i], NULL, flipper, NULL) != 0)
			return 2;
	for (i = 0; i < n; i++) {
		int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

		if (s < 0)
			return 2;
		if (connect(s, (struct sockaddr *)&sa, sizeof(sa)) == 0)
			connected++;
		else if (errno == EACCES)
			refused++;
		else
			other++;
		close(s);
	}
	atomic_store(&stop, 1);
	pthread_join(th[0], NULL);
	pthread_join(th[1], NULL);
	printf("connected=%lu refused=%lu other=%lu\n", connected, refused, other);
	return 0;
}
