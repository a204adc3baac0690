/* broker-opneeds.h - what a broker host operation needs of the policy
 * (broker-opneeds.c), for broker-hostop.c. Not a public interface. */
#ifndef FSJAIL_BROKER_OPNEEDS_H
#define FSJAIL_BROKER_OPNEEDS_H

#include <stdbool.h>
#include <stddef.h>

#include "broker-hostop-int.h"

/* The capabilities operation o needs (DESIGN.md section 2) on its first
 * path (*from_caps) and its target (*to_caps), FSJ_CAPBIT() masks, given
 * whether each exists (from_exists; to_exists: the target of rename,
 * copy, link, or the path of touch). A hard link needs read and write on
 * the file itself (stricter than DESIGN.md's "read", on purpose); a
 * symbolic link nothing at its text. No errors. */
void broker_op_caps(const struct op *o, bool from_exists, bool to_exists, unsigned *from_caps,
		    unsigned *to_caps);

/* The REFER rule for rename and hard link o (Landlock's, and the
 * listener's: notify-refer.c nj_refer_ok()): the new name o->to may grant
 * no read, write or execute (for a folder: no capability) that the old
 * name lacks, or a read deny would be undone by moving the file to a
 * readable name (the next run reads it). NULL when it holds (or the
 * source does not exist: refused elsewhere); else the refusal's text,
 * written into buf of n bytes (caller's), and buf is returned. */
const char *broker_refer_refused(const struct op *o, char *buf, size_t n);

#endif
