/* restore-gone-ix.h - the index of a cycle's "renamed" records
 * (restore-gone-ix.c; built by rs_gone_begin(), restore-int.h). For
 * restore*.c only. */
#ifndef FSJAIL_RESTORE_GONE_IX_H
#define FSJAIL_RESTORE_GONE_IX_H

#include <stddef.h>

#include "restore-int.h"

/* The k-th record rs_gone_with_folder() looks at (k from 0): the k-th
 * "renamed" record of x->m, in order, or SIZE_MAX past the last; k itself
 * without the index (x->gone NULL): every record. No error. */
size_t rs_gone_next(const struct rctx *x, size_t k);

#endif
