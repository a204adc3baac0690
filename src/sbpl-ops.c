/* sbpl-ops.c - the Seatbelt operations of each capability (DESIGN.md
 * section 6), written by every file rule of a profile (sbpl.c). */
#include <string.h>

#include "sbpl-int.h"
#include "util.h"

/* Operations of each capability (DESIGN.md section 6). read maps
 * file-read-xattr too: extended attributes are part of a file's contents
 * to the programs that read them (codesign, xattr, Finder tags), and a
 * rule on file-read-data alone leaves them to file-read*'s wildcard
 * (openai/codex and anthropic-experimental/sandbox-runtime grant and deny
 * file-read* as a whole). execute also maps file-map-executable: it is
 * outside the file tree and falls to (deny default) (SBPL-NOTES section 1),
 * and a program whose libraries cannot be mapped executable does not
 * start; mapping code is executing it. create carries file-link and
 * file-clone for the same reason: they are not governed by file-write*.
 * SBPL_CAP_UNLINK, SBPL_CAP_LINK and SBPL_CAP_BIND: see sbpl-int.h. */
static const char *const cap_ops[SBPL_CAP_COUNT][7] = {
	[FSJ_CAP_READ] = { "file-read-data", "file-read-xattr", NULL },
	[FSJ_CAP_WRITE] = { "file-write-data", "file-write-mode", "file-write-owner",
			    "file-write-times", "file-write-flags", "file-write-xattr", NULL },
	[FSJ_CAP_CREATE] = { "file-write-create", "file-link", "file-clone", NULL },
	[FSJ_CAP_DELETE] = { "file-write-unlink", NULL },
	[FSJ_CAP_EXECUTE] = { "process-exec", "file-map-executable", NULL },
	[FSJ_CAP_CONNECT] = { "network-outbound", NULL },
	[SBPL_CAP_UNLINK] = { "file-write-unlink", NULL },
	[SBPL_CAP_LINK] = { "file-link", "file-clone", NULL },
	[SBPL_CAP_BIND] = { "network-bind", NULL },
};

void sbpl_add_ops(struct strbuf *sb, unsigned caps)
{
	const char *done[SBPL_CAP_COUNT * 6];
	size_t n = 0;

	for (int cap = 0; cap < SBPL_CAP_COUNT; cap++) {
		if (!(caps & (1u << cap)))
			continue;
		for (const char *const *op = cap_ops[cap]; *op; op++) {
			bool seen = false;
			for (size_t i = 0; i < n && !seen; i++)
				seen = strcmp(done[i], *op) == 0;
			if (seen)
				continue;
			done[n++] = *op;
			sb_addc(sb, ' ');
			sb_adds(sb, *op);
		}
	}
}
