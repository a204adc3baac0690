/* broker-sender.h - the sender of bytes the broker read from a client:
 * one chunk, or every chunk of one request line (broker-sender.c; moved
 * out of broker-caller.h, which judges it). */
#ifndef FSJAIL_BROKER_SENDER_H
#define FSJAIL_BROKER_SENDER_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct broker_sender {
	bool named; /* every chunk came with its sender's credentials */
	bool mixed; /* the chunks came from more than one process */
	pid_t pid;  /* the sender (a process id in fsjail's pid namespace) */
	uid_t uid;  /* its effective uid and gid when it sent */
	gid_t gid;
	int pidfd;    /* the first chunk's sender (owned), or -1 */
	uint64_t ino; /* pidfd's inode on pidfs (one per process, never
		       * given again while the system runs), or 0 */
};

/* An empty sender (nothing read: unnamed, pidfd -1, ino 0). No error. */
void broker_sender_init(struct broker_sender *s);

/* Close s's pidfd and make it empty. No error. */
void broker_sender_release(struct broker_sender *s);

/* Make dst (released first) a copy of src with its own pidfd. No error:
 * a pidfd that cannot be duplicated leaves dst unnamed (refused). */
void broker_sender_copy(struct broker_sender *dst, const struct broker_sender *src);

/* Add the sender of a further chunk of one request to line: line becomes
 * unnamed when chunk is, and mixed when chunk is another process (pid,
 * or pidfs inode where both have one) or identity. line keeps its own
 * pidfd. No error. */
void broker_sender_add(struct broker_sender *line, const struct broker_sender *chunk);

/* s->ino from s->pidfd when that is a pidfs descriptor (Linux 6.9: each
 * process its own inode), else 0 (an anonymous inode that all pidfds
 * share says nothing). No error. */
void broker_sender_identify(struct broker_sender *s);

#endif
