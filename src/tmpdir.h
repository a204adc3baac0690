/* tmpdir.h - the one $TMPDIR fsjail trusts (tidy13).
 *
 * The baseline grants $TMPDIR all five capabilities, like /tmp, and
 * fsjail also takes it for a place without trash (notify.c) and for
 * temporary files it need not back up (backup.c). A TMPDIR of "/", a
 * system top (/usr, /etc, /var...), /home or another user-data root, a
 * folder at or above the home, the state or config folder or the
 * workspace, or one in another user's home, would hand the command what
 * it guards; so would one reached through an entry (a folder or symlink)
 * another user owns, which that user can point anywhere (att11), or
 * through an absent one, which another user may make first: such a
 * TMPDIR is ignored everywhere, with one warning.
 * Every reader asks tmpdir_get(); none reads the environment itself. */
#ifndef FSJAIL_TMPDIR_H
#define FSJAIL_TMPDIR_H

/* Settle the trusted TMPDIR from the environment: normalised, absolute,
 * and (either spelling: as written and resolved) none of the above.
 * home: $HOME, normalised; keep[n]: more folders it must not be at or
 * above (state and config folders; NULL entries skipped). Prints the
 * warning on stderr when a set TMPDIR is ignored. Replaces what an
 * earlier call settled. Returns tmpdir_get(). No errors. */
const char *tmpdir_settle(const char *home, const char *const *keep, size_t n);

/* Ignore the trusted TMPDIR (with the warning, what saying what path
 * is: a static string) when it is at or above path (the workspace, once
 * known); path is remembered, and a later tmpdir_settle() (a command may
 * read its environment again) checks it too. Returns tmpdir_get(). */
const char *tmpdir_forbid_above(const char *path, const char *what);

/* For another platform's policy (--platform: compiled, never applied
 * here): TMPDIR as written, normalised, names the other machine's folder,
 * so nothing of this machine's file system is asked of it (it is absent
 * here: /var/folders/... of a Mac). Replaces what was settled. Returns
 * tmpdir_get(). */
const char *tmpdir_settle_foreign(void);

/* The trusted TMPDIR (owned here, valid until the next settle or
 * forbid), or NULL: unset, not absolute, or ignored. */
const char *tmpdir_get(void);

#endif
