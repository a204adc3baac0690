/* notify-refer.h - Landlock's REFER rule for the renames and links the
 * supervisor performs (notify-refer.c). Linux only; internal to the
 * notify-*.c files. */
#ifndef FSJAIL_NOTIFY_REFER_H
#define FSJAIL_NOTIFY_REFER_H

#include <stdbool.h>

struct job;
struct loc;

/* The new name to (absolute) of the object from may grant no right its
 * old name does not (for a file: read, write, execute; for a folder: all
 * five). true when so; else the call is refused (EXDEV) with the first
 * right missing, on the OLD name - a grant there lifts it, the new name
 * is not what is missing - and a reason naming the new name and every
 * right it would add; false then. */
bool nj_refer_ok(struct job *j, const struct loc *from, const char *to);

#endif
