/* ctx-wide.h - whether a workspace is too wide to be one: "/", $HOME or a
 * folder above it would grant every capability on the whole home or more
 * (ctx.c refuses it unless --wide-workspace says so). */
#ifndef FSJAIL_CTX_WIDE_H
#define FSJAIL_CTX_WIDE_H

/* Why the workspace norm (resolved: its resolved spelling) is too wide:
 * a static phrase naming what would be open, or NULL. home,
 * home_resolved: $HOME, both spellings. Never fails. */
const char *ctx_ws_wide(const char *norm, const char *resolved, const char *home,
			const char *home_resolved);

#endif
