/* broker-opneeds.c - what a broker host operation needs of the policy
 * (broker-opneeds.h): the capabilities on each of its paths (out of
 * broker-hostop.c), and the rule that a new name grants no more than the
 * old one, as the listener's (notify-refer.c). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "broker-opneeds.h"
#include "policy.h"
#include "refer-caps.h"

void broker_op_caps(const struct op *o, bool from_exists, bool to_exists, unsigned *from_caps,
		    unsigned *to_caps)
{
	unsigned create = FSJ_CAPBIT(FSJ_CAP_CREATE), write = FSJ_CAPBIT(FSJ_CAP_WRITE);

	*from_caps = *to_caps = 0;
	switch (o->kind) {
	case HOSTOP_DELETE:
		*from_caps = FSJ_CAPBIT(FSJ_CAP_DELETE);
		break;
	case HOSTOP_MKDIR:
		*from_caps = create;
		break;
	case HOSTOP_RENAME:
		*from_caps = FSJ_CAPBIT(FSJ_CAP_DELETE);
		*to_caps = create | (to_exists ? write : 0);
		break;
	case HOSTOP_COPY:
		*from_caps = FSJ_CAPBIT(FSJ_CAP_READ);
		*to_caps = to_exists ? write : create;
		break;
	case HOSTOP_CHMOD:
		*from_caps = write;
		break;
	case HOSTOP_LINK:
		/* A hard link is a second name for the same file: read and write
		 * on the file itself, so that a link made in a writable folder
		 * cannot open a file the policy keeps read-only (stricter than
		 * DESIGN.md's "read", on purpose). A symlink grants nothing by
		 * itself: what it points to is checked when it is used. */
		if (!json_bool(o->req, "symbolic", false))
			*from_caps = FSJ_CAPBIT(FSJ_CAP_READ) | write;
		*to_caps = create;
		break;
	case HOSTOP_TOUCH:
		*from_caps = from_exists ? write : create;
		break;
	}
}

const char *broker_refer_refused(const struct op *o, char *buf, size_t n)
{
	unsigned relevant = refer_caps(o->from.st.st_mode);
	unsigned had = policy_allowed_mask(o->b->pol, o->from.path, o->from.resolved);
	unsigned more =
		policy_allowed_mask(o->b->pol, o->to.path, o->to.resolved) & relevant & ~had;
	char caps[64] = "";

	if (!o->from.exists || !more)
		return NULL;
	for (int c = 0; c < FSJ_CAP_COUNT; c++)
		if (more & FSJ_CAPBIT(c))
			snprintf(caps + strlen(caps), sizeof(caps) - strlen(caps), "%s%s",
				 caps[0] ? "," : "", fsj_cap_name((enum fsj_cap)c));
	snprintf(buf, n, "its new name '%s' would grant %s, which this name lacks", o->to.path,
		 caps);
	return buf;
}
