/* backup_suites.h - the suites linked into check_backup, each in
 * its own file; check_backup.c's main() runs them all. */
#ifndef FSJAIL_BACKUP_SUITES_H
#define FSJAIL_BACKUP_SUITES_H

#include <check.h>

Suite *undo_suite(void);      /* check_undo.c */
Suite *autoprune_suite(void); /* check_autoprune.c */
Suite *dirattrs_suite(void);  /* check_dirattrs.c */

#endif
