/* notify-shape.h - what the listener saw of the calls that could plant
 * a file tools run by themselves (notify-shape.c), for runrepos.c. */
#ifndef FSJAIL_NOTIFY_SHAPE_H
#define FSJAIL_NOTIFY_SHAPE_H

#include <stdbool.h>

/* Whether a listener of this process counted, since the last call, a call
 * that may have made or changed such a file in some folder (a create or
 * write of a name autorun_nested_watched() knows, a symbolic link made, a
 * folder or link renamed, a socket call: a daemon may act for the
 * command); the count is reset. Alone it says nothing of calls no
 * listener saw (runrepos_changes() asks launch.h too). Without the
 * listener (not Linux): true. */
bool notify_shape_nested_take(void);

#endif
