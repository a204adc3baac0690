/* manifest.c - see manifest.h; the writer: manifest-append.c. The reader
 * treats every byte as hostile (issue 19 item 3). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json-in.h"
#include "manifest.h"

bool manifest_ends_clean(int fd)
{
	struct stat sb;
	char c;

	if (fstat(fd, &sb) < 0 || sb.st_size == 0)
		return true;
	return pread(fd, &c, 1, sb.st_size - 1) == 1 && c == '\n';
}

static void add_u64(cJSON *o, const char *key, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	cJSON_AddStringToObject(o, key, buf);
}

void manifest_add_int(cJSON *o, const char *key, long long v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%lld", v);
	cJSON_AddRawToObject(o, key, buf);
}

cJSON *manifest_record(const char *op, const char *path, const struct stat *sb)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "op", op);
	cJSON_AddStringToObject(o, "path", path);
	if (!sb)
		return o;
	add_u64(o, "dev", (uint64_t)sb->st_dev);
	add_u64(o, "ino", (uint64_t)sb->st_ino);
	manifest_add_int(o, "size", (long long)sb->st_size);
	if (S_ISREG(sb->st_mode) && sb->st_nlink > 1)
		manifest_add_int(o, "nlink", (long long)sb->st_nlink);
	manifest_add_int(o, "mode", (long long)(sb->st_mode & 07777));
	manifest_add_int(o, "uid", (long long)sb->st_uid);
	manifest_add_int(o, "gid", (long long)sb->st_gid);
#ifdef __APPLE__
	manifest_add_int(o, "atime", (long long)sb->st_atimespec.tv_sec);
	manifest_add_int(o, "atime_ns", (long long)sb->st_atimespec.tv_nsec);
#else
	manifest_add_int(o, "atime", (long long)sb->st_atim.tv_sec);
	manifest_add_int(o, "atime_ns", (long long)sb->st_atim.tv_nsec);
#endif
	manifest_add_int(o, "mtime", (long long)FSJ_STAT_MTIM(sb).tv_sec);
	manifest_add_int(o, "mtime_ns", (long long)FSJ_STAT_MTIM(sb).tv_nsec);
	return o;
}

bool manifest_path_ok(const char *p)
{
	const char *c;
	size_t n;

	if (!p || p[0] != '/' || strlen(p) >= PATH_MAX || !p[1])
		return false;
	for (c = p + 1;; c += n + 1) {
		n = strcspn(c, "/");
		if (n == 0 || (n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.'))
			return false;
		if (!c[n])
			return true;
	}
}

static const char *jstr(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* An integer field in [lo, hi]: 1 found, 0 absent, -1 bad. */
static int jint(const cJSON *o, const char *key, long long lo, long long hi, long long *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!v)
		return 0;
	return fsj_json_int(v, lo, hi, out) ? 1 : -1;
}

/* A decimal string field (dev, ino): 1 found, 0 absent, -1 bad. */
static int jdec(const cJSON *o, const char *key, uint64_t *out)
{
	const char *s = jstr(o, key);
	char *end;

	if (!cJSON_GetObjectItemCaseSensitive(o, key))
		return 0;
	if (!s || !*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 20)
		return -1;
	errno = 0;
	*out = strtoull(s, &end, 10);
	return errno ? -1 : 1;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static const char *const ops[] = { "cycle", "content", "remove", "created", "renamed",
				   "name",  "rmdir",   "meta",   "special", "trashed",
				   "creating", "cancel" };

const char *manifest_op_name(enum manifest_op op)
{
	return (size_t)op < sizeof(ops) / sizeof(ops[0]) ? ops[op] : "?";
}

static const struct {
	const char *name;
	unsigned type;
} types[] = { { "file", S_IFREG },
	      { "dir", S_IFDIR },
	      { "symlink", S_IFLNK },
	      { "fifo", S_IFIFO } };

cJSON *manifest_other_record(const char *op, const char *path, int fd, const struct stat *sb)
{
	char target[PATH_MAX];
	ssize_t n = 0;
	cJSON *o;
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if ((sb->st_mode & S_IFMT) == types[i].type)
			break;
	if (i == sizeof(types) / sizeof(types[0])) {
		errno = EINVAL;
		return NULL;
	}
	if (S_ISLNK(sb->st_mode) && ((n = readlinkat(fd, "", target, sizeof(target))) <= 0 ||
				     (size_t)n >= sizeof(target))) {
		if (n >= 0)
			errno = ENAMETOOLONG;
		return NULL;
	}
	o = manifest_record(op, path, sb);
	cJSON_AddStringToObject(o, "type", types[i].name);
	if (S_ISLNK(sb->st_mode)) {
		target[n] = '\0';
		cJSON_AddStringToObject(o, "target", target);
	}
	return o;
}

/* Fill r from o; NULL when valid, else why not. */
static const char *parse_rec(const cJSON *o, struct manifest_rec *r)
{
	const char *op = jstr(o, "op"), *b;
	long long v, sec, nsec;
	uint64_t d, i;
	int hd, hi;
	size_t k;

	r->op = MANIFEST_CONTENT;
	if (op) {
		for (k = 0; k < sizeof(ops) / sizeof(ops[0]) && strcmp(ops[k], op) != 0; k++)
			;
		if (k == sizeof(ops) / sizeof(ops[0]))
			return "unknown op";
		r->op = (enum manifest_op)k;
	}
	if (r->op == MANIFEST_CYCLE)
		return NULL;
	if (r->op == MANIFEST_RENAMED) {
		if (!manifest_path_ok(jstr(o, "from")) || !manifest_path_ok(jstr(o, "to")))
			return "from or to is not an absolute normalised path with a name";
		r->path = xstrdup(jstr(o, "from"));
		r->to = xstrdup(jstr(o, "to"));
		r->exchange = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "exchange"));
	} else if (r->op == MANIFEST_CANCEL && jstr(o, "to")) {
		if (!manifest_path_ok(jstr(o, "path")) || !manifest_path_ok(jstr(o, "to")))
			return "path or to is not an absolute normalised path with a name";
		r->path = xstrdup(jstr(o, "path"));
		r->to = xstrdup(jstr(o, "to"));
	} else if (r->op == MANIFEST_TRASHED) {
		b = jstr(o, "trash");
		if (!manifest_path_ok(jstr(o, "path")) || !manifest_path_ok(b) ||
		    strrchr(b, '/') - b < 7 || strncmp(strrchr(b, '/') - 6, "/files/", 7) != 0)
			return "path or trash is not an absolute normalised path with a name "
			       "(the trash's: in a files/ folder)";
		r->path = xstrdup(jstr(o, "path"));
		r->to = xstrdup(jstr(o, "trash"));
	} else {
		if (!manifest_path_ok(jstr(o, "path")))
			return "path is not an absolute normalised path with a name";
		r->path = xstrdup(jstr(o, "path"));
	}
	hd = jdec(o, "dev", &d);
	hi = jdec(o, "ino", &i);
	if (hd < 0 || hi < 0 || hd != hi)
		return "bad dev or ino";
	r->has_ident = hd == 1;
	r->dev = (dev_t)d, r->ino = (ino_t)i;
	if (r->op == MANIFEST_CREATED) { /* made again by a restore: for what */
		hd = jdec(o, "for_dev", &d);
		hi = jdec(o, "for_ino", &i);
		if (hd < 0 || hi < 0 || hd != hi || (hd == 1 && !r->has_ident))
			return "bad for_dev or for_ino";
		r->has_for = hd == 1;
		r->for_dev = (dev_t)d;
		r->for_ino = (ino_t)i;
	}
	if (jdec(o, "seq", &d) < 0)
		return "bad seq";
	r->seq = cJSON_GetObjectItemCaseSensitive(o, "seq") ? d : 0;
	if (r->op == MANIFEST_CREATING) {
		if (jdec(o, "dir_dev", &d) != 1 || jdec(o, "dir_ino", &i) != 1 ||
		    jint(o, "since", 0, 9000000000000000LL, &sec) != 1 ||
		    jint(o, "since_ns", 0, 999999999, &nsec) != 1)
			return "creating without its folder's identity or time";
		r->dir_dev = (dev_t)d;
		r->dir_ino = (ino_t)i;
		r->since.tv_sec = (time_t)sec;
		r->since.tv_nsec = (long)nsec;
	}
	if (r->op == MANIFEST_CONTENT || r->op == MANIFEST_REMOVE) {
		b = jstr(o, "backup");
		if (b && (!*b || strlen(b) > 20 || strspn(b, "0123456789") != strlen(b)))
			return "backup is not a file name of the cycle's files/ folder";
		if (!b && !cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(o, "backup")))
			return "backup is neither a name nor null";
		r->backup = dup_or_null(b);
		r->skipped = dup_or_null(jstr(o, "skipped"));
		r->xattrs_lost = dup_or_null(jstr(o, "xattrs_lost"));
		r->moved = jstr(o, "method") && strcmp(jstr(o, "method"), "move") == 0;
		r->linked = r->moved || (jstr(o, "method") && strcmp(jstr(o, "method"), "link") == 0);
		if (jint(o, "size", 0, 9000000000000000LL, &r->size) < 0)
			return "bad size";
		if (jint(o, "nlink", 0, 4294967295LL, &r->nlink) < 0)
			return "bad nlink";
	}
	if (r->op == MANIFEST_META || r->op == MANIFEST_SPECIAL) {
		for (k = 0; k < sizeof(types) / sizeof(types[0]); k++)
			if (jstr(o, "type") && strcmp(jstr(o, "type"), types[k].name) == 0)
				r->type = types[k].type;
		if (!r->type ||
		    (r->op == MANIFEST_SPECIAL && r->type != S_IFLNK && r->type != S_IFIFO))
			return "bad type";
		b = jstr(o, "target");
		if (r->type == S_IFLNK && r->op == MANIFEST_SPECIAL &&
		    (!b || !*b || strlen(b) >= PATH_MAX))
			return "a symlink without a target";
		r->target = r->type == S_IFLNK ? dup_or_null(b) : NULL;
		r->entries = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "entries"));
	}
	if (r->op == MANIFEST_RMDIR) /* checked where used: backup_dir_xattrs_put() */
		r->attrs = dup_or_null(jstr(o, "xattrs"));
	if (r->op == MANIFEST_CONTENT || r->op == MANIFEST_REMOVE || r->op == MANIFEST_RMDIR ||
	    r->op == MANIFEST_META || r->op == MANIFEST_SPECIAL) {
		if (jint(o, "mode", 0, 07777, &v) != 1)
			return "bad or missing mode";
		r->mode = (unsigned)v;
		r->has_meta = true;
		if (jint(o, "uid", 0, 4294967294LL, &v) < 0)
			return "bad uid";
		r->uid = jint(o, "uid", 0, 4294967294LL, &v) == 1 ? (uid_t)v : (uid_t)-1;
		if (jint(o, "gid", 0, 4294967294LL, &v) < 0)
			return "bad gid";
		r->gid = jint(o, "gid", 0, 4294967294LL, &v) == 1 ? (gid_t)v : (gid_t)-1;
		sec = nsec = 0;
		if (jint(o, "mtime", -9000000000000000LL, 9000000000000000LL, &sec) < 0 ||
		    jint(o, "mtime_ns", 0, 999999999, &nsec) < 0)
			return "bad mtime";
		r->mtime.tv_sec = (time_t)sec;
		r->mtime.tv_nsec = (long)nsec;
		r->atime.tv_sec = 0;
		r->atime.tv_nsec = UTIME_OMIT;
		if (jint(o, "atime", -9000000000000000LL, 9000000000000000LL, &sec) == 1 &&
		    jint(o, "atime_ns", 0, 999999999, &nsec) >= 0) {
			r->atime.tv_sec = (time_t)sec;
			r->atime.tv_nsec = (long)nsec;
		}
		if (jint(o, "dir_mode", 0, 07777, &v) < 0)
			return "bad dir_mode";
		r->dir_mode = jint(o, "dir_mode", 0, 07777, &v) == 1 ? (unsigned)v : 0;
	}
	return NULL;
}

static void rec_release(struct manifest_rec *r)
{
	free(r->path);
	free(r->to);
	free(r->backup);
	free(r->skipped);
	free(r->xattrs_lost);
	free(r->attrs);
	free(r->target);
	memset(r, 0, sizeof(*r));
}

const char *manifest_line_refused(const char *text)
{
	cJSON *o = cJSON_Parse(text);
	struct manifest_rec r;
	const char *why = "not one whole JSON object";

	memset(&r, 0, sizeof(r));
	if (cJSON_IsObject(o))
		why = parse_rec(o, &r);
	rec_release(&r);
	cJSON_Delete(o);
	return why;
}

static void header(struct manifest *m, const cJSON *o)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "time");
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(o, "pid");
	long long pid;

	if (m->cycle)
		return; /* the first header counts */
	m->session = dup_or_null(jstr(o, "session"));
	m->cycle = xstrdup(jstr(o, "cycle") ? jstr(o, "cycle") : "");
	m->kind = dup_or_null(jstr(o, "kind"));
	m->workspace =
		manifest_path_ok(jstr(o, "workspace")) ||
				(jstr(o, "workspace") && strcmp(jstr(o, "workspace"), "/") == 0)
			? dup_or_null(jstr(o, "workspace"))
			: NULL;
	m->command = dup_or_null(jstr(o, "command"));
	m->time = cJSON_IsNumber(t) ? t->valuedouble : 0;
	m->pid = fsj_json_int(p, 0, INT_MAX, &pid) ? (long)pid : 0;
}

int manifest_read(int cyclefd, const char *display, struct manifest *m, struct fsj_error *err)
{
	cleanup_free char *text = NULL;
	char *line, *nl;
	unsigned long lineno = 0;
	size_t len, cap = 0;
	int rc;

	memset(m, 0, sizeof(*m));
	rc = manifest_slurp(cyclefd, "manifest.ndjson", MANIFEST_MAX_SIZE, &text, &len);
	if (rc == -ENOENT)
		return 0;
	if (rc < 0)
		return fsj_error_set(err, display, 0, 0, "cannot read the manifest: %s",
				     rc == -EINVAL ? "not a regular file" : strerror(-rc));
	for (line = text; line < text + len; line = nl + 1) {
		struct manifest_rec r;
		const char *why;
		cJSON *o;

		lineno++;
		nl = memchr(line, '\n', (size_t)(text + len - line));
		if (!nl)
			nl = text + len;
		*nl = '\0';
		if (!*line)
			continue;
		o = strlen(line) == (size_t)(nl - line) ? cJSON_Parse(line) : NULL;
		if (!cJSON_IsObject(o)) {
			cJSON_Delete(o);
			m->torn++;
			sb_addf(&m->problems,
				"%s:%lu: not one whole JSON object: skipped (a torn line)\n",
				display, lineno);
			continue;
		}
		memset(&r, 0, sizeof(r));
		r.line = lineno;
		why = parse_rec(o, &r);
		if (!why && r.op == MANIFEST_CYCLE)
			header(m, o);
		cJSON_Delete(o);
		if (why) {
			rec_release(&r);
			m->refused++;
			sb_addf(&m->problems, "%s:%lu: record refused: %s\n", display, lineno, why);
			continue;
		}
		if (r.op == MANIFEST_CYCLE)
			continue;
		if (m->n == cap) {
			cap = cap ? 2 * cap : 64;
			m->v = xreallocarray(m->v, cap, sizeof(*m->v));
		}
		m->v[m->n++] = r;
	}
	return 0;
}

void manifest_release(struct manifest *m)
{
	for (size_t i = 0; i < m->n; i++)
		rec_release(&m->v[i]);
	free(m->v);
	free(m->session);
	free(m->cycle);
	free(m->kind);
	free(m->workspace);
	free(m->command);
	sb_release(&m->problems);
	memset(m, 0, sizeof(*m));
}
