/* cmd_backups_id.h - `fsjail backups` given a session or cycle ID of
 * 'backups list' (its first two columns) as a bare argument (user13). */
#ifndef FSJAIL_CMD_BACKUPS_ID_H
#define FSJAIL_CMD_BACKUPS_ID_H

/* The error line on stderr for arg, an argument that `backups action`
 * (not restore) takes none of: which option takes it when it has the
 * shape of an ID, else that it is unexpected. */
void cmd_backups_id_unexpected(const char *action, const char *arg);

/* After restore found no cycle touching the paths: a hint line on stderr
 * for each argv[k] (first <= k < argc) that has the shape of an ID while
 * paths[k - first], its normalised path, does not exist. */
void cmd_backups_id_hints(int argc, char **argv, int first, char **paths);

#endif
