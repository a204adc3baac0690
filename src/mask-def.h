/* mask-def.h - what a mount mask is (mask.h mounts it, landlock-plan.c
 * compiles it): its own header, so that the mask code needs nothing of the
 * Landlock backend above it (STYLE.md point 24). */
#ifndef FSJAIL_MASK_DEF_H
#define FSJAIL_MASK_DEF_H

#include <stdbool.h>
#include <stdint.h>

enum ll_mask_kind {
	LL_MASK_READONLY = 0, /* read-only bind of the path onto itself */
	LL_MASK_HIDE,         /* an empty read-only folder or file over it */
	LL_MASK_PIN,          /* a bind of the path onto itself: cannot be renamed away */
};
struct ll_mask {
	char *path;
	enum ll_mask_kind kind;
	bool is_dir;
	uint64_t dev, ino;   /* identity when compiled: apply refuses a swapped path */
};

#endif
