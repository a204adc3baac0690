/* refer-caps.h - which capabilities a name carries for the object under
 * it, for the rule that a new name (rename, link) grants no more than the
 * old one (Landlock's REFER rule; the listener's notify-refer.c and the
 * broker's broker-opneeds.c share it). */
#ifndef FSJAIL_REFER_CAPS_H
#define FSJAIL_REFER_CAPS_H

#include <sys/types.h>

/* The capability bits (policy.h FSJ_CAPBIT) a path grants or refuses to
 * the object of type mode (st_mode; only S_IFMT is looked at) that a new
 * name of it could widen: everything for a folder (its entries come
 * along); read, write and execute for any other object, and connect too
 * for a socket, whose connect is decided by the name the command connects
 * to (a hard link of a connect-denied socket into a connect-granted
 * folder would reach it, att35). Create and delete are of the name, not
 * of the object. No errors, nothing owned. */
unsigned refer_caps(mode_t mode);

#endif
