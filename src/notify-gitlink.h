/* notify-gitlink.h - the listener's part of gitlink.h: no symbolic link,
 * FIFO or socket made to appear in a gitdir (rule "repository-metadata",
 * notify-gitlink.c). */
#ifndef FSJAIL_NOTIFY_GITLINK_H
#define FSJAIL_NOTIFY_GITLINK_H

#include <stdbool.h>
#include <sys/types.h>

struct job;
struct loc;

/* A trapped call is about to make an object of type (S_IFMT bits) appear
 * at the name l (its folder l->parent, resolved path l->path): a
 * symlink, mknod, link, or the target of a rename (or either side of an
 * exchange). moved: the O_PATH descriptor of a folder that a rename
 * brings to l, else -1. Refused (EACCES, answered and recorded, rule
 * "repository-metadata") and false returned when type is a symbolic
 * link, FIFO or socket and l's folder is in a gitdir (gitlink.h), or
 * when moved's tree holds one and l's folder is in a gitdir, l's name is
 * .git or NAME.git, or moved is itself gitdir-able; also when either
 * cannot be told. true otherwise, and always with the repository
 * protection off (protect: {repository: false}). */
bool nj_gitlink_ok(struct job *j, const struct loc *l, mode_t type, int moved);

/* The folder g (path gpath) is becoming a gitdir (notify-newrepo.c's
 * shape step): true when its tree holds no symbolic link, FIFO or socket;
 * else false with why (size whylen) set. */
bool nj_gitlink_tree_ok(int g, const char *gpath, char *why, size_t whylen);

#endif
