/* broker-hostop.c - the JSON host operations of the broker (broker.h,
 * DESIGN.md section 8): delete, mkdir, rename, copy, chmod, link, touch.
 *
 * Order, always: session -> every path resolved in the command's view
 * (broker-resolve.c) -> policy on both spellings -> every path the
 * operation makes appear re-checked (a moved or linked tree against
 * denied and protected paths below its new name, a symlink's target as a
 * read through it) -> ModifyBackup -> act on the resolved folder
 * descriptors with *at() calls and O_NOFOLLOW -> audit. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "broker-hostop-int.h"
#include "broker-int.h"
#include "broker-mountop.h"
#include "broker-opneeds.h"
#include "broker-refused.h"
#include "linkto.h"
#include "path.h"
#include "platform.h"

const char *const hostop_names[HOSTOP_TOUCH + 1] = {
	[HOSTOP_DELETE] = "delete", [HOSTOP_MKDIR] = "mkdir", [HOSTOP_RENAME] = "rename",
	[HOSTOP_COPY] = "copy",     [HOSTOP_CHMOD] = "chmod", [HOSTOP_LINK] = "link",
	[HOSTOP_TOUCH] = "touch",
};

static void json_reply(struct client *c, const cJSON *id, bool ok, const char *opname,
		       const struct op *o, const char *decision, const char *error)
{
	cJSON *r = cJSON_CreateObject();
	char *text;

	if (id)
		cJSON_AddItemToObject(r, "id", cJSON_Duplicate(id, true));
	else
		cJSON_AddNullToObject(r, "id");
	cJSON_AddBoolToObject(r, "ok", ok);
	if (opname)
		cJSON_AddStringToObject(r, "operation", opname);
	else
		cJSON_AddNullToObject(r, "operation");
#define ADD_STR(key, val)                                     \
	do {                                                  \
		if (val)                                      \
			cJSON_AddStringToObject(r, key, val); \
		else                                          \
			cJSON_AddNullToObject(r, key);        \
	} while (0)
	ADD_STR("path", o ? o->from.path : NULL);
	ADD_STR("normalisedPath", o ? o->from.resolved : NULL);
	cJSON_AddStringToObject(r, "decision", decision);
	ADD_STR("to", o && o->has_to ? o->to.path : NULL);
	ADD_STR("normalisedTo", o && o->has_to ? o->to.resolved : NULL);
	ADD_STR("error", error);
	if (o && o->miss_path) {
		cJSON *m = cJSON_AddObjectToObject(r, "missing");

		cJSON_AddStringToObject(m, "path", o->miss_path);
		cJSON_AddStringToObject(m, "capability", o->miss_cap);
	}
#undef ADD_STR
	text = cJSON_PrintUnformatted(r);
	if (text) {
		struct strbuf sb = STRBUF_INIT;

		sb_adds(&sb, text);
		sb_adds(&sb, "\n");
		broker_reply(c, sb.buf);
		sb_release(&sb);
		free(text);
	}
	cJSON_Delete(r);
}

/* true when a rule that denies something lies strictly inside the folder
 * t: rules are paths, so moving the folder would leave the deny behind
 * (a rename carries the subtree; DESIGN.md section 3). */
static bool nested_deny(const struct broker *b, const struct target *t)
{
	const struct fsj_policy *pol = b->pol;
	size_t i;

	if (!t->exists || !S_ISDIR(t->st.st_mode))
		return false;
	for (i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		const char *rp = r->resolved ? r->resolved : r->path;

		if (!r->deny || strcmp(rp, t->resolved) == 0 || strcmp(r->path, t->path) == 0)
			continue;
		if (path_covers(t->resolved, rp) || path_covers(t->path, r->path))
			return true;
	}
	return false;
}

/* The target text of a symbolic link about to be made at o->to, checked
 * as a read through the link would be: resolved in the command's view
 * from the link's folder, readable by the policy, outside every
 * pseudo-filesystem, and with nothing denied for reading below it (the
 * link would make those paths appear under its own name). Returns NULL,
 * or a static reason. */
static const char *symlink_target_refused(struct op *o, int root_fd, const char *text,
					  struct verdict *v)
{
	struct target t = { .dirfd = -1 };
	struct fsj_decision d;
	const char *why = NULL;
	char *abs;

	if (linkto_text_redirectable(text))
		return "a symbolic link whose text climbs out of a name with '..'";
	abs = text[0] == '/' ? xstrdup(text) : path_join(o->to.parent, text);
	if (broker_target_init(&t, root_fd, abs, true, &why) < 0) {
		/* why is set */
	} else if (!broker_check(o->b, &t, FSJ_CAPBIT(FSJ_CAP_READ), v)) {
		why = v->by_policy ? "the link's target is not readable" : v->why;
	} else if (broker_denied_below_target(o->b, &t, FSJ_CAPBIT(FSJ_CAP_READ))) {
		why = "a path denied for reading lies below the link's target";
	} else {
		why = linkto_refused(o->b->pol, t.resolved, t.exists, &d);
	}
	free(abs);
	broker_target_release(&t);
	return why;
}

/* symlink_target_refused() for the symbolic link o->from moved or linked
 * to o->to: a relative text leads elsewhere from another folder. */
static const char *moved_link_refused(struct op *o, int root_fd, struct verdict *v)
{
	char text[FSJ_PATH_MAX + 1];
	ssize_t n = readlinkat(o->from.dirfd, o->from.name, text, sizeof(text) - 1);

	if (n <= 0)
		return "a symbolic link that cannot be read";
	text[n] = '\0';
	return symlink_target_refused(o, root_fd, text, v);
}

/* What the command's own call would need from its fence (broker-fence.c),
 * checked on the resolved spellings; returns NULL, or a static reason.
 * chmod and utimes are not Landlock rights: nothing to check. */
static const char *fence_refused(const struct op *o, bool to_exists, bool symbolic)
{
	const struct broker_fence *f = o->b->fence;
	const char *fp = o->from.parent, *tp = o->to.parent;
	mode_t m = o->from.exists ? o->from.st.st_mode : S_IFREG;
	bool ok = true;

	switch (o->kind) {
	case HOSTOP_DELETE:
		ok = broker_fence_allows(f, fp, need_remove(m));
		break;
	case HOSTOP_MKDIR:
		ok = broker_fence_allows(f, fp, BROKER_NEED(BROKER_NEED_MAKE_DIR));
		break;
	case HOSTOP_TOUCH:
		ok = o->from.exists || broker_fence_allows(f, fp, BROKER_NEED(BROKER_NEED_MAKE_REG));
		break;
	case HOSTOP_CHMOD:
		break;
	case HOSTOP_COPY:
		ok = broker_fence_allows(f, o->from.resolved, BROKER_NEED(BROKER_NEED_READ)) &&
		     (to_exists ? broker_fence_allows(f, o->to.resolved,
						      BROKER_NEED(BROKER_NEED_WRITE) |
							      BROKER_NEED(BROKER_NEED_TRUNCATE))
				: broker_fence_allows(f, tp, BROKER_NEED(BROKER_NEED_MAKE_REG)));
		break;
	case HOSTOP_RENAME:
		ok = broker_fence_allows(f, fp, need_remove(m)) &&
		     broker_fence_allows(f, tp, need_make(m)) &&
		     (!to_exists || broker_fence_allows(f, tp, need_remove(o->to.st.st_mode))) &&
		     (strcmp(fp, tp) == 0 ||
		      (broker_fence_allows(f, fp, BROKER_NEED(BROKER_NEED_REFER)) &&
		       broker_fence_allows(f, tp, BROKER_NEED(BROKER_NEED_REFER))));
		break;
	case HOSTOP_LINK:
		if (symbolic) {
			ok = broker_fence_allows(f, tp, BROKER_NEED(BROKER_NEED_MAKE_SYM));
			break;
		}
		ok = broker_fence_allows(f, tp, need_make(m)) &&
		     (strcmp(fp, tp) == 0 ||
		      (broker_fence_allows(f, fp, BROKER_NEED(BROKER_NEED_REFER)) &&
		       broker_fence_allows(f, tp, BROKER_NEED(BROKER_NEED_REFER))));
		break;
	}
	return ok ? NULL : "the command's own fence refuses it";
}

/*
 * ===================== trust boundary: a broker host operation ================
 * The line comes from a process inside the sandbox (broker.c accepted
 * only the run's own process tree, same uid). The broker runs unconfined,
 * outside the sandbox, so it acts only where the command could have acted
 * itself (broker.h's banner): it believes nothing in the request but what
 * it checks (the session id, the policy on both spellings of every path
 * as the command's view resolves them), re-checks what the operation
 * makes appear, and acts on the resolved folder descriptors only.
 * =============================================================================
 */
void broker_handle_json(struct broker *b, struct client *c, const char *line)
{
	cJSON *req = cJSON_Parse(line);
	const cJSON *id = NULL;
	const char *command, *opname, *session, *from, *to, *why = NULL;
	struct op o;
	struct verdict v = { 0 };
	bool symbolic, to_exists = false, allowed = false;
	unsigned from_caps, to_caps;
	size_t k;
	char *detail = NULL;
	char whybuf[FSJ_PATH_MAX + 128];
	const struct target *missing = NULL;

	memset(&o, 0, sizeof(o));
	o.from.dirfd = o.to.dirfd = -1;
	o.b = b;
	o.req = req;
	o.root_fd = c->root_fd;
	if (!cJSON_IsObject(req)) {
		broker_audit(b, NULL, "HostFileOperation", NULL, NULL, "deny", NULL,
			     "malformed JSON");
		json_reply(c, NULL, false, NULL, NULL, "deny", "malformed JSON");
		cJSON_Delete(req);
		return;
	}
	id = cJSON_GetObjectItemCaseSensitive(req, "id");
	command = json_str(req, "command");
	opname = json_str(req, "operation");
	session = json_str(req, "sessionId");
	o.call = json_str(req, "callId");
	from = json_str(req, "from");
	if (!from)
		from = json_str(req, "path");
	to = json_str(req, "to");

	if (!command || strcmp(command, "HostFileOperation") != 0) {
		why = "unknown command";
		goto refuse;
	}
	for (k = 0; k < sizeof(hostop_names) / sizeof(hostop_names[0]); k++)
		if (opname && strcmp(opname, hostop_names[k]) == 0)
			break;
	if (k == sizeof(hostop_names) / sizeof(hostop_names[0])) {
		why = "unknown operation";
		goto refuse;
	}
	o.kind = (enum hostop)k;
	if (!session || strcmp(session, b->session) != 0) {
		why = "wrong session";
		goto refuse;
	}
	o.has_to = o.kind == HOSTOP_RENAME || o.kind == HOSTOP_COPY || o.kind == HOSTOP_LINK;
	symbolic = o.kind == HOSTOP_LINK && json_bool(req, "symbolic", false);
	if (symbolic) {
		/* the link text is stored as given; only the link is a path */
		if (!from || !from[0] || strlen(from) > FSJ_PATH_MAX) {
			why = "a symbolic link needs 'from', its text";
			goto refuse;
		}
		o.from.path = xstrdup(from);
	} else if (broker_target_init(&o.from, c->root_fd, from, false, &why) < 0) {
		goto refuse;
	}
	if (o.has_to && broker_target_init(&o.to, c->root_fd, to, false, &why) < 0) {
		why = to ? why : "'to' is missing";
		goto refuse;
	}

	if (o.has_to)
		to_exists = o.to.exists;
	if (o.kind == HOSTOP_TOUCH)
		to_exists = o.from.exists;
	broker_op_caps(&o, o.from.exists, to_exists, &from_caps, &to_caps);
	if (from_caps && !broker_check(b, &o.from, from_caps, &v))
		missing = &o.from;
	else if (to_caps && !broker_check(b, &o.to, to_caps, &v))
		missing = &o.to;
	if (missing) {
		why = v.why;
		/* never awaited here: the caller learns what is missing
		 * (DESIGN.md section 8) */
		if (v.by_policy) {
			o.miss_path = missing->resolved;
			o.miss_cap = fsj_cap_name(v.cap);
			snprintf(whybuf, sizeof(whybuf), "%s: %s on '%s'", v.why, o.miss_cap,
				 o.miss_path);
			why = whybuf;
		}
		goto refuse;
	}
	/* A rename, or a delete to the trash (a rename too), would carry the
	 * folder away from a deny rule written for a path inside it; the
	 * path could then be made again without the deny's protection. */
	if ((o.kind == HOSTOP_RENAME || o.kind == HOSTOP_DELETE) && nested_deny(b, &o.from)) {
		why = "a deny rule inside the folder would not move with it";
		goto refuse;
	}
	if ((o.kind == HOSTOP_RENAME || (o.kind == HOSTOP_LINK && !symbolic)) &&
	    (why = broker_refer_refused(&o, whybuf, sizeof(whybuf))))
		goto refuse;
	/* the command sees a mount there (broker-mounted.h) */
	if ((why = broker_mount_refused(&o)))
		goto refuse;
	/* What the operation makes appear: a renamed or linked tree shows
	 * its content under every path below its new name, so no denied or
	 * protected path may lie there, existing or not (a prepared folder
	 * renamed onto a missing .git/hooks, or onto a missing
	 * $XDG_CONFIG_HOME holding fsjail/config.yaml). */
	if ((o.kind == HOSTOP_RENAME || o.kind == HOSTOP_LINK) &&
	    broker_denied_below_target(b, &o.to, FSJ_CAPS_ALL)) {
		why = "a denied or protected path lies at or below the target";
		goto refuse;
	}
	if (symbolic) {
		why = symlink_target_refused(&o, c->root_fd, from, &v);
		if (why)
			goto refuse;
	} else if ((o.kind == HOSTOP_RENAME || o.kind == HOSTOP_LINK) && o.from.exists &&
		   S_ISLNK(o.from.st.st_mode) && (why = moved_link_refused(&o, c->root_fd, &v))) {
		goto refuse;
	}
	why = fence_refused(&o, to_exists, symbolic);
	if (!why)
		why = broker_repo_refused(&o, symbolic);
	if (why)
		goto refuse;
	allowed = true;
	broker_test_delay(b);
	if (hostop_act(&o, to_exists) < 0)
		why = o.err.text;

refuse:
	if (o.has_to && o.to.path)
		detail = xasprintf("%s%sto '%s'", why ? why : "", why ? "; " : "", o.to.path);
	broker_audit(b, o.call, opname ? opname : "HostFileOperation",
		     o.from.path ? o.from.path : from, o.from.resolved, allowed ? "host-op" : "deny",
		     &v, detail ? detail : why);
	json_reply(c, id, allowed && !why, opname, &o, allowed ? "host-op" : "deny", why);
	if (!allowed)
		broker_refused_note(b, c, &o, &v, detail ? detail : why);
	free(detail);
	broker_target_release(&o.from);
	broker_target_release(&o.to);
	cJSON_Delete(req);
}
