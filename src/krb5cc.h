/* krb5cc.h - where the user's Kerberos tickets lie in a file, for the
 * baseline's ${KRB5_CCACHE} and ${KRB5_CCACHE_DEFAULT} (peer26).
 *
 * MIT Kerberos keeps a user's tickets in the credential cache KRB5CCNAME
 * names, else in krb5.conf's default_ccache_name, else in the file
 * /tmp/krb5cc_UID (its built-in default: Debian, Ubuntu, Arch). The
 * baseline grants /tmp all five capabilities, so without a protected entry
 * a command reads the tickets (and uses them elsewhere until they expire)
 * or replaces them. Caches that are not files (KEYRING:, KCM:, API:,
 * MEMORY:) are out of reach already: the keyring calls are refused in
 * every run (notify-calls.c), and KCM is a Unix socket the `connect`
 * capability governs. A DIR: collection is not handled (see krb5cc_named).
 * Pure functions of their arguments and of lstat(2); no state. */
#ifndef FSJAIL_KRB5CC_H
#define FSJAIL_KRB5CC_H

/* The file a credential cache name names: "FILE:/p" or "/p" gives "/p",
 * normalised; NULL for NULL, another type (DIR:, KEYRING:, ...), a
 * relative path, "/", or a path that exists and is not a regular file
 * (a folder named by mistake would otherwise be hidden whole). Caller
 * frees. No errors. */
char *krb5cc_named(const char *ccname);

/* MIT's built-in default for user uid: "/tmp/krb5cc_UID". Caller frees. */
char *krb5cc_default(unsigned long uid);

#endif
