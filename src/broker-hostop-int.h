/* broker-hostop-int.h - one broker host operation, shared by its
 * decision (broker-hostop.c: request, resolution, policy, fence, reply)
 * and its action (broker-hostact.c: backup, then the *at() calls). Not a
 * public interface; nothing here is thread-safe per operation. */
#ifndef FSJAIL_BROKER_HOSTOP_INT_H
#define FSJAIL_BROKER_HOSTOP_INT_H

#include <stdbool.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "broker-int.h"

enum hostop {
	HOSTOP_DELETE,
	HOSTOP_MKDIR,
	HOSTOP_RENAME,
	HOSTOP_COPY,
	HOSTOP_CHMOD,
	HOSTOP_LINK,
	HOSTOP_TOUCH,
};

/* The operations' names in requests and replies, by enum hostop. */
extern const char *const hostop_names[HOSTOP_TOUCH + 1];

/* One host operation being decided. */
struct op {
	struct broker *b;
	const cJSON *req;
	enum hostop kind;
	const char *call;
	int root_fd; /* the client's view */
	struct target from; /* "path" or "from" */
	struct target to;   /* "to" (rename, copy, link) */
	bool has_to;
	const char *miss_path; /* a refusal by the policy: what is missing */
	const char *miss_cap;
	struct fsj_error err;
};

static inline bool json_bool(const cJSON *req, const char *key, bool dflt)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(req, key);

	if (cJSON_IsBool(x))
		return cJSON_IsTrue(x);
	return dflt;
}

static inline const char *json_str(const cJSON *req, const char *key)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(req, key);

	return cJSON_IsString(x) ? x->valuestring : NULL;
}

/* The Landlock rights the removal or creation of an object of mode m
 * needs on its folder. */
static inline unsigned need_remove(mode_t m)
{
	return BROKER_NEED(S_ISDIR(m) ? BROKER_NEED_REMOVE_DIR : BROKER_NEED_REMOVE_FILE);
}

static inline unsigned need_make(mode_t m)
{
	if (S_ISDIR(m))
		return BROKER_NEED(BROKER_NEED_MAKE_DIR);
	return BROKER_NEED(S_ISLNK(m) ? BROKER_NEED_MAKE_SYM : BROKER_NEED_MAKE_REG);
}

/* Do the operation o decided on (to_exists: its "to" name holds an object
 * already): ModifyBackup first, then *at() calls on the resolved folder
 * descriptors with O_NOFOLLOW; the made/renamed hooks of broker.h told.
 * Returns 0, or -1 with o->err set (the reply says why). */
int hostop_act(struct op *o, bool to_exists);

/* broker-repo.c: NULL, or the static reason the broker refuses o because
 * it could change git repository metadata that the listener guards
 * (symbolic: o is a symbolic link, whose "from" is text, not a path).
 * Only a folder moved or linked is read (its tree, with openat(2) on
 * o->from.dirfd); a tree that cannot be read whole is refused. */
const char *broker_repo_refused(const struct op *o, bool symbolic);

#endif /* FSJAIL_BROKER_HOSTOP_INT_H */
