/* platform-darwin.h - the private libsystem_sandbox functions fsjail uses
 * on macOS. They are exported by /usr/lib/system/libsystem_sandbox.dylib
 * but declared in no public header (the SDK's <sandbox.h> has only the
 * deprecated sandbox_init), and Zig's macOS headers have no sandbox.h at
 * all: the prototypes are SBPL-NOTES.md section 8's, as WebKit's
 * SandboxSPI.h and Chromium's seatbelt code declare them. */
#ifndef FSJAIL_PLATFORM_DARWIN_H
#define FSJAIL_PLATFORM_DARWIN_H

#ifdef __APPLE__

#include <stdint.h>

/* Issue a token that grants ext_class on path to whoever consumes it;
 * NULL on failure. The caller frees the token with free(). Governed by
 * the file-issue-extension operation of the issuer's own sandbox. */
char *sandbox_extension_issue_file(const char *ext_class, const char *path, uint32_t flags);
/* Consume a token in the calling (sandboxed) process; a handle >= 0, or
 * -1 with errno set. */
int64_t sandbox_extension_consume(const char *token);
/* Give up what a consumed token granted; 0 or -1. */
int sandbox_extension_release(int64_t handle);
/* Apply an SBPL profile (text) to the calling process with parameters
 * params ({ "K", "V", ..., NULL }); 0, or -1 with *errorbuf set (free it
 * with sandbox_free_error()). */
int sandbox_init_with_parameters(const char *profile, uint64_t flags, const char *const params[],
				 char **errorbuf);
void sandbox_free_error(char *errorbuf);

#endif /* __APPLE__ */
#endif
