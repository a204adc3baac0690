/* manifest.h - the backup cycle's manifest (manifest.ndjson, see
 * backup.h): written one whole record per write() on an O_APPEND
 * descriptor, read back as hostile input (issue 19 items 2 and 3).
 *
 * Records, one JSON object per line, "op" naming the kind:
 *   cycle    first line: v, session, cycle, kind ("run" or "restore"),
 *            workspace, command, time, pid
 *   content  a file changed in place: path, dev, ino (decimal strings),
 *            backup (a name under files/, null when skipped), size, mode,
 *            uid, gid, atime, atime_ns, mtime, mtime_ns, dir_mode (its
 *            folder's), time, call, skipped (why not saved), nlink (its
 *            names when more than one), xattrs_lost (extended attributes
 *            a copy could not keep: names, why the first failed)
 *   remove   a file unlinked or renamed over: the content fields, method
 *            ("link": the inode itself is kept, a second name of it; "move":
 *            the removed name itself was moved into files/, and restore
 *            skips a move whose file is not there, as one not done;
 *            "copy")
 *   created  a file or folder the run made: path, dev, ino (optional);
 *            in a restore's cycle, an object it made again for one a
 *            run removed: for_dev, for_ino (that object's identity; a
 *            later restore of an older run takes it as that object,
 *            restore-remade.c) and seq (CLOCK_REALTIME ns once made)
 *   renamed  from, to, dev, ino; exchange: true for the second name of a
 *            RENAME_EXCHANGE (restore swaps the two back)
 *   name     another path that reached a saved file: path, dev, ino
 *   rmdir    a folder removed: path, mode, uid, gid, mtime, mtime_ns, xattrs
 *   meta     mode, owner, times before they change (entries: true: a folder's
 *            entries do): path, type, dev, ino, mode, uid, gid, atime, mtime
 *   special  a symlink or FIFO removed or renamed over: path, type
 *            ("symlink", "fifo"), target (a symlink's), mode, uid, gid,
 *            times
 *   trashed  a removed file the cycle could not keep (over the size cap,
 *            on another filesystem) went to the trash: path, dev, ino,
 *            trash (its absolute path there; read into "to")
 *   creating written BEFORE a create (issue 14, the kill window): path,
 *            dir_dev, dir_ino (the folder it is made in), since, since_ns
 *            (CLOCK_REALTIME_COARSE, the clock of file times); dev, ino
 *            only for a link (the file that gets the name). A "created"
 *            or "cancel" record of the path follows when the run lives.
 *   cancel   the create a "creating" record announced failed: path; with
 *            "to" (read into "to"): the rename a "renamed" record of
 *            path -> to announced failed
 * Any record but cycle may carry seq (decimal string): its place among
 * the records of every run on the workspace (hostlock_seq()).
 * A line without "op" (fsjail before this format) is a content record.
 *
 * A torn line (ENOSPC, a crash mid-write) never hides the next one: the
 * writer truncates a short write away, and when it cannot, starts the next
 * record with a newline; the reader skips a line that is not one whole
 * JSON object and resynchronises at the next newline. */
#ifndef FSJAIL_MANIFEST_H
#define FSJAIL_MANIFEST_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "util.h"

/* The manifest's caps: a record holds at most two paths of PATH_MAX, so
 * 64 KiB is far above any honest line; 256 MiB of manifest is ~1 million
 * records, beyond any cycle the store keeps (prune). */
#define MANIFEST_MAX_LINE (64u << 10)
#define MANIFEST_MAX_SIZE (256u << 20)

enum manifest_op {
	MANIFEST_CYCLE = 0,
	MANIFEST_CONTENT,
	MANIFEST_REMOVE,
	MANIFEST_CREATED,
	MANIFEST_RENAMED,
	MANIFEST_NAME,
	MANIFEST_RMDIR,
	MANIFEST_META,
	MANIFEST_SPECIAL,
	MANIFEST_TRASHED,
	MANIFEST_CREATING,
	MANIFEST_CANCEL,
	MANIFEST_N_OPS
};

struct manifest_rec {
	enum manifest_op op;
	unsigned long line; /* 1-based line in the file */
	char *path;         /* absolute, normalised; renamed: from */
	char *to;           /* renamed, cancel of a rename: to; trashed: where in the trash */
	char *backup;       /* digits, a file under files/; NULL: not saved */
	char *skipped;      /* why not saved, or NULL */
	char *xattrs_lost;  /* extended attributes the copy could not keep, or NULL */
	char *attrs;        /* rmdir: the folder's xattrs (backup_dirattrs.h), or NULL */
	bool linked;        /* remove by method "link" or "move" */
	bool moved;         /* remove by method "move": skipped when not done */
	bool has_ident;
	dev_t dev;
	ino_t ino;
	bool has_for; /* created by a restore: the identity it was made again for */
	dev_t for_dev;
	ino_t for_ino;
	long long size;
	long long nlink; /* content, remove: names the file had; 0: one (or not said) */
	unsigned mode;   /* 0..07777; 0 with !has_meta */
	bool has_meta;   /* mode, uid, gid, times below are set */
	uid_t uid;
	gid_t gid;
	struct timespec atime, mtime;
	unsigned dir_mode; /* 0: not recorded */
	unsigned type;     /* meta, special: S_IFREG, S_IFDIR, S_IFLNK or S_IFIFO */
	char *target;      /* special symlink: where it points */
	bool exchange, entries; /* renamed: undone by swapping back; meta: of a folder's entries */
	dev_t dir_dev;     /* creating: the folder's identity */
	ino_t dir_ino;
	struct timespec since; /* creating: when it was written */
	uint64_t seq;          /* 0: not stamped */
	unsigned part;         /* restore of runs together: its cycle (restore-group.h) */
};

struct manifest {
	struct manifest_rec *v;
	size_t n;
	char *session, *cycle, *kind, *workspace, *command; /* header; NULL when absent */
	double time;
	long pid;
	unsigned long torn;     /* lines skipped as torn */
	unsigned long refused;  /* records refused as invalid (hostile) */
	struct strbuf problems; /* one "FILE:LINE: message\n" per skipped or refused line */
};

/* Append rec as one line to the manifest open on fd (O_RDWR|O_APPEND)
 * with a single write(). *torn (in/out): true when the file may end in a
 * cut line; the record then starts with '\n'. Returns 0 when the whole
 * line is in the file, or -1 with errno set (ENOSPC, EIO, ...; a short
 * write counts as ENOSPC) when it is not: the caller must refuse the change
 * the record was for. A record manifest_read() would refuse is not written
 * (ENAMETOOLONG), nor one that would take the file past MANIFEST_MAX_SIZE
 * (EFBIG). A cut line is truncated away where possible. */
int manifest_append(int fd, bool *torn, const cJSON *rec);

/* Why manifest_read() would refuse the record printed in text (one JSON
 * object, without its newline): a path not absolute, not normalised or
 * past PATH_MAX, a bad field; NULL when it takes it. */
const char *manifest_line_refused(const char *text);

/* true when the manifest open on fd (readable) is empty or ends in newline. */
bool manifest_ends_clean(int fd);

/* Add "key": v to o as the integer's digits: a cJSON raw item, the text
 * cJSON's number printing gives below 2^53 without its printf("%1.15g")
 * and sscanf round trip (a tenth of a removal's time in the supervisor);
 * not a cJSON number: for records printed, not read back as objects. */
void manifest_add_int(cJSON *o, const char *key, long long v);

/* A new record {"op": op, "path": path} with, when sb is not NULL, the
 * identity and metadata fields of sb (dev, ino, size, mode, uid, gid,
 * atime, mtime). Caller deletes. */
cJSON *manifest_record(const char *op, const char *path, const struct stat *sb);

/* The record of a change that saves no content (op "meta" or "special"):
 * manifest_record() of sb plus "type"; for a symlink, its target read
 * from fd (O_PATH or any descriptor of the link itself). NULL when sb is
 * none of a regular file, folder, symlink or FIFO, or the target cannot
 * be read (errno set). Caller deletes. */
cJSON *manifest_other_record(const char *op, const char *path, int fd, const struct stat *sb);

/* Read the regular file name in dirfd as hostile state: opened with
 * O_NOFOLLOW|O_NONBLOCK (a FIFO or a symlink never blocks nor leads
 * elsewhere), type-checked, at most max bytes. Returns 0 with *out (NUL-
 * terminated, caller frees) and *len, -ENOENT when absent, or another
 * -errno (-EFBIG over max, -EINVAL not a regular file). */
int manifest_slurp(int dirfd, const char *name, size_t max, char **out, size_t *len);

/* Read and validate manifest.ndjson of the cycle folder cyclefd; display
 * names it in problems ("DISPLAY:LINE: ..."). Torn lines are skipped
 * (m->torn); a record with a bad field (a path that is not absolute and
 * normalised or has no name after its last '/', a backup name that is not
 * digits, a mode over 07777, an unknown op) is refused (m->refused), never
 * returned. Returns 0 (an absent manifest is empty), or -1 with err set
 * when the file cannot be read as a manifest at all (not a regular file,
 * too large). Release with manifest_release(). */
int manifest_read(int cyclefd, const char *display, struct manifest *m, struct fsj_error *err);
void manifest_release(struct manifest *m);

/* The "op" name of a record kind ("content", "remove", ...). Static. */
const char *manifest_op_name(enum manifest_op op);

/* true when p is absolute and normalised ('/' then names, no "." or ".."
 * component, no "//", no trailing '/'), shorter than PATH_MAX, and not
 * "/" itself. */
bool manifest_path_ok(const char *p);

#endif
