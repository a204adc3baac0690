/* platform.h - what differs between Linux and macOS outside the sandbox
 * backends, behind one small interface (STYLE.md point 3, openssh's
 * port-*.c): peer credentials of a Unix socket, copy-on-write clones, the
 * user's trash, the kernel's spelling of a path, and Seatbelt's extension
 * tokens. platform-linux.c and platform-darwin.c each compile to their
 * system only (#ifdef), so `make check-macos` compiles the macOS side on
 * Linux and the Linux build compiles the Linux side; the sandbox backends
 * themselves stay in sandbox.c. */
#ifndef FSJAIL_PLATFORM_H
#define FSJAIL_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* Who is at the other end of a connected AF_UNIX socket. */
struct platform_peer {
	uid_t uid;
	gid_t gid;
	pid_t pid;
};

/* Credentials of sock's peer, as the kernel recorded them at connect():
 * Linux SO_PEERCRED (unix(7)); macOS getpeereid(3) and the LOCAL_PEERPID
 * socket option (<sys/un.h>). Returns 0, or -1 with errno set. The pid is
 * for logs and matching a session, never for authority: it can be reused. */
int platform_peer_cred(int sock, struct platform_peer *out);

/* Clone the regular file src (relative to src_dirfd, not followed if a
 * symlink) to the new file dst (relative to dst_dirfd; must not exist),
 * sharing its blocks copy-on-write: macOS clonefileat(2) with
 * CLONE_NOFOLLOW (APFS); Linux the FICLONE ioctl (btrfs, XFS) onto a new
 * O_EXCL file of mode 0600. Returns 0, or -1 with errno set and dst not
 * left behind; EXDEV, EOPNOTSUPP, ENOTSUP, ENOTTY or EINVAL mean "this
 * filesystem cannot clone here": the caller copies instead. */
int platform_clone_file(int src_dirfd, const char *src, int dst_dirfd, const char *dst);

/* The folder a deleted file goes to when deleteMode is trash: macOS
 * HOME/.Trash (Finder's); Linux $XDG_DATA_HOME/Trash/files, else
 * HOME/.local/share/Trash/files (freedesktop.org Trash specification).
 * home is the user's home directory (absolute). Returns a new string
 * (caller frees), or NULL when home is NULL or relative. */
char *platform_trash_dir(const char *home);

/* Whether a trashed file gets an info/NAME.trashinfo beside files/NAME:
 * Linux true (freedesktop.org Trash specification); macOS false (Finder's
 * ~/.Trash keeps none). */
bool platform_trash_has_info(void);

/* Rename from (relative to from_dirfd) to to (relative to to_dirfd) only
 * when to does not exist, in one step: Linux renameat2(2) with
 * RENAME_NOREPLACE; macOS renameatx_np(2) with RENAME_EXCL. Neither follows
 * a symlink in either last component. Returns 0, or -1 with errno set
 * (EEXIST when to exists). */
int platform_rename_noreplace(int from_dirfd, const char *from, int to_dirfd, const char *to);

/* The spelling the kernel reports for the normalised absolute path p:
 * on macOS /tmp, /var and /etc are symlinks into /private, so "/tmp/x" is
 * "/private/tmp/x" (SBPL-NOTES.md section 6); on Linux p itself. Lexical
 * (no filesystem access). Returns a new string; caller frees. */
char *platform_kernel_path(const char *p);

/* Seatbelt extension tokens (SBPL-NOTES.md section 8): issue a token that
 * opens path to the class ("fsjail.read", "fsjail.read-write") for a
 * sandboxed process that consumes it, matched by (extension "class") in
 * the profile. issue returns a new token (caller frees with free()) or NULL
 * with errno set; consume returns a handle >= 0 or -1 with errno set;
 * release returns 0 or -1. On Linux all three fail with ENOSYS. */
char *platform_extension_issue(const char *ext_class, const char *path);

/* What the broker hands over for a granted token request: false on Linux,
 * where the token is the descriptor the broker opened (SCM_RIGHTS); true
 * on macOS, where the descriptor only proves the path and the reply is a
 * Seatbelt extension for it (platform_extension_issue(); SBPL-NOTES.md
 * section 8). */
bool platform_token_is_extension(void);
int64_t platform_extension_consume(const char *token);
int platform_extension_release(int64_t handle);

#endif
