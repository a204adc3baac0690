/* gitindex.c - the entries of a git index file below one path
 * (gitindex.h). The layout is git's Documentation/gitformat-index.txt:
 * a 12-byte header ("DIRC", version, entry count, big-endian), then the
 * entries: 40 bytes of stat data, the object id, 16 bits of flags (and
 * 16 more where the extended bit is set, version 3 and later), the name;
 * versions 2 and 3 pad each entry with 1 to 8 NULs to a multiple of 8,
 * version 4 prefixes each name with the count of bytes to drop from the
 * end of the previous name (git's varint.c) and does not pad. The file
 * is the command's to write: every length is checked against the end. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gitindex.h"
#include "util.h"

#define STAT_BYTES 40u
#define FLAG_EXTENDED 0x4000u
#define FLAG_STAGE 0x3000u
#define FLAG_NAMELEN 0x0fffu

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The whole index file of the gitdir, opened without following a symlink.
 * Returns 0 or -errno. */
static int slurp(const char *gitdir, unsigned char **buf, size_t *len)
{
	cleanup_fd int dfd = open_dir_nosymlinks(gitdir);
	cleanup_fd int fd = -1;
	struct stat st;
	size_t got = 0;

	*buf = NULL;
	if (dfd < 0)
		return -errno;
	fd = openat(dfd, "index", O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	if ((uint64_t)st.st_size > GITINDEX_MAX_BYTES)
		return -EFBIG;
	*buf = xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, *buf + got, (size_t)st.st_size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			int e = r < 0 ? errno : EINVAL; /* shrunk under us */

			free(*buf);
			*buf = NULL;
			return -e;
		}
		got += (size_t)r;
	}
	*len = got;
	return 0;
}

/* git's decode_varint() (varint.c): the value at *p, advancing *p; false
 * when it runs past end or overflows. */
static bool varint(const unsigned char **p, const unsigned char *end, size_t *out)
{
	size_t val;
	unsigned char c;

	if (*p >= end)
		return false;
	c = *(*p)++;
	val = c & 127u;
	while (c & 128u) {
		if (*p >= end || val > (SIZE_MAX >> 8))
			return false;
		val += 1;
		c = *(*p)++;
		val = (val << 7) + (c & 127u);
	}
	*out = val;
	return true;
}

/* name is prefix or lies below it; every name lies below "". */
static bool below(const char *name, const char *prefix, size_t plen)
{
	return plen == 0 ||
	       (strncmp(name, prefix, plen) == 0 && (name[plen] == '\0' || name[plen] == '/'));
}

static void keep(struct gitindex *out, const char *name, const unsigned char *oid)
{
	struct gitindex_entry *e;

	if (out->n >= GITINDEX_MAX_KEPT) {
		out->more++;
		return;
	}
	if (out->n == out->cap) {
		out->cap = out->cap ? out->cap * 2 : 16;
		out->v = xreallocarray(out->v, out->cap, sizeof(*out->v));
	}
	e = &out->v[out->n++];
	e->name = xstrdup(name);
	memcpy(e->oid, oid, out->oid_len);
}

/* The entries of buf (len bytes, a NUL after them). Returns 0 or -EINVAL. */
static int parse(const unsigned char *buf, size_t len, const char *prefix, struct gitindex *out)
{
	const unsigned char *p = buf + 12, *end = buf + len;
	uint32_t version, count;
	size_t plen = strlen(prefix);
	struct strbuf prev = STRBUF_INIT;
	int rc = 0;

	if (len < 12 || memcmp(buf, "DIRC", 4) != 0)
		return -EINVAL;
	version = be32(buf + 4);
	count = be32(buf + 8);
	if (version < 2 || version > 4)
		return -EINVAL;
	for (uint32_t i = 0; i < count && rc == 0; i++) {
		const unsigned char *start = p, *oid, *name;
		size_t fixed = STAT_BYTES + out->oid_len + 2, nlen;
		unsigned flags;

		if ((size_t)(end - p) < fixed) {
			rc = -EINVAL;
			break;
		}
		oid = p + STAT_BYTES;
		flags = (unsigned)p[fixed - 2] << 8 | p[fixed - 1];
		p += fixed;
		if (flags & FLAG_EXTENDED) {
			if (version < 3 || end - p < 2) {
				rc = -EINVAL;
				break;
			}
			p += 2;
		}
		if (version == 4) {
			size_t strip;

			if (!varint(&p, end, &strip) || strip > prev.len) {
				rc = -EINVAL;
				break;
			}
			name = memchr(p, '\0', (size_t)(end - p));
			if (!name) {
				rc = -EINVAL;
				break;
			}
			prev.len -= strip;
			sb_add(&prev, (const char *)p, (size_t)(name - p));
			p = name + 1;
		} else {
			name = memchr(p, '\0', (size_t)(end - p));
			nlen = name ? (size_t)(name - p) : 0;
			if (!name || ((flags & FLAG_NAMELEN) != FLAG_NAMELEN &&
				      nlen != (flags & FLAG_NAMELEN))) {
				rc = -EINVAL;
				break;
			}
			prev.len = 0;
			sb_add(&prev, (const char *)p, nlen);
			/* 1 to 8 NULs: the entry ends on a multiple of 8 */
			nlen = ((size_t)(p - start) + nlen + 8) & ~(size_t)7;
			if (nlen > (size_t)(end - start)) {
				rc = -EINVAL;
				break;
			}
			p = start + nlen;
		}
		if (!(flags & FLAG_STAGE) && below(prev.buf, prefix, plen))
			keep(out, prev.buf, oid);
	}
	/* a split index keeps its entries in another file: not read here */
	if (rc == 0 && (size_t)(end - p) >= 8 + out->oid_len && memcmp(p, "link", 4) == 0)
		rc = -EINVAL;
	sb_release(&prev);
	return rc;
}

int gitindex_read(const char *gitdir, size_t oid_len, const char *prefix, struct gitindex *out)
{
	cleanup_free unsigned char *buf = NULL;
	size_t len = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	out->oid_len = oid_len == 32 ? 32 : 20;
	if ((rc = slurp(gitdir, &buf, &len)) < 0)
		return rc;
	buf[len] = '\0';
	rc = parse(buf, len, prefix, out);
	return rc;
}

size_t gitindex_oid_len(const char *gitdir)
{
	cleanup_free char *path = xasprintf("%s/config", gitdir);
	cleanup_free char *text = NULL;
	size_t len;

	/* git writes "objectformat = sha256" under [extensions]; any spelling
	 * of the key with sha256 after it is taken as that */
	if (read_file(path, 1u << 20, &text, &len) < 0)
		return 20;
	for (char *p = text; (p = strcasestr(p, "objectformat")) != NULL; p++) {
		char *nl = strchr(p, '\n');

		if (nl)
			*nl = '\0';
		if (strstr(p, "sha256"))
			return 32;
		if (!nl)
			break;
		p = nl;
	}
	return 20;
}

const struct gitindex_entry *gitindex_find(const struct gitindex *idx, const char *name)
{
	size_t lo = 0, hi = idx->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(idx->v[mid].name, name);

		if (c == 0)
			return &idx->v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void gitindex_release(struct gitindex *idx)
{
	for (size_t i = 0; i < idx->n; i++)
		free(idx->v[i].name);
	free(idx->v);
	memset(idx, 0, sizeof(*idx));
}
