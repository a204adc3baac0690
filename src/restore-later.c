/* restore-later.c - see restore-later.h: moved out of restore-text.c. */
#include "escape.h"
#include "restore-later.h"
#include "util.h"

char *restore_later_tail(const char *path, const char *kept)
{
	struct strbuf sb = STRBUF_INIT;
	cleanup_free char *k = fsj_escape_term(kept);

	sb_addf(&sb, "changed after the run: that later version is kept in cycle %s "
		     "(fsjail backups restore --cycle %s ", k, k);
	fsj_quote_shell_term_sb(&sb, path);
	sb_adds(&sb, " brings it back)");
	return sb_detach(&sb);
}
