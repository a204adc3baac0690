/* landlock-dump.c - the Landlock plan as text (landlock-dump.h): the
 * lines of `fsjail compile --backend landlock`, and the name that
 * `fsjail status` gives a mask's kind. */
#include <stdint.h>
#include <stdlib.h>

#include "devshm.h"
#include "escape.h"
#include "landlock-dump.h"
#include "landlock-int.h"
#include "landlock-pts.h"
#include "util.h"

static const struct {
	uint64_t bit;
	const char *name;
} fs_names[] = {
	{ LANDLOCK_ACCESS_FS_EXECUTE, "EXECUTE" },
	{ LANDLOCK_ACCESS_FS_WRITE_FILE, "WRITE_FILE" },
	{ LANDLOCK_ACCESS_FS_READ_FILE, "READ_FILE" },
	{ LANDLOCK_ACCESS_FS_READ_DIR, "READ_DIR" },
	{ LANDLOCK_ACCESS_FS_REMOVE_DIR, "REMOVE_DIR" },
	{ LANDLOCK_ACCESS_FS_REMOVE_FILE, "REMOVE_FILE" },
	{ LANDLOCK_ACCESS_FS_MAKE_CHAR, "MAKE_CHAR" },
	{ LANDLOCK_ACCESS_FS_MAKE_DIR, "MAKE_DIR" },
	{ LANDLOCK_ACCESS_FS_MAKE_REG, "MAKE_REG" },
	{ LANDLOCK_ACCESS_FS_MAKE_SOCK, "MAKE_SOCK" },
	{ LANDLOCK_ACCESS_FS_MAKE_FIFO, "MAKE_FIFO" },
	{ LANDLOCK_ACCESS_FS_MAKE_BLOCK, "MAKE_BLOCK" },
	{ LANDLOCK_ACCESS_FS_MAKE_SYM, "MAKE_SYM" },
	{ LANDLOCK_ACCESS_FS_REFER, "REFER" },
	{ LANDLOCK_ACCESS_FS_TRUNCATE, "TRUNCATE" },
	{ LANDLOCK_ACCESS_FS_IOCTL_DEV, "IOCTL_DEV" },
};

static void print_access(FILE *out, uint64_t a)
{
	bool first = true;

	for (size_t i = 0; i < sizeof(fs_names) / sizeof(fs_names[0]); i++) {
		if (!(a & fs_names[i].bit))
			continue;
		fprintf(out, "%s%s", first ? "" : "|", fs_names[i].name);
		first = false;
	}
	if (first)
		fputs("none", out);
}

static const char *mask_kind_name(enum ll_mask_kind k)
{
	switch (k) {
	case LL_MASK_READONLY:
		return "readonly";
	case LL_MASK_HIDE:
		return "hide";
	case LL_MASK_PIN:
		return "pin";
	}
	return "?";
}

const char *ll_mask_kind_name(enum ll_mask_kind k)
{
	return mask_kind_name(k);
}

void ll_plan_dump(const struct ll_plan *plan, FILE *out)
{
	fprintf(out, "abi %d\n", plan->abi);
	fputs("handled ", out);
	print_access(out, plan->handled_fs);
	fputc('\n', out);
	if (plan->handled_net)
		fputs("network deny: BIND_TCP|CONNECT_TCP handled, no port allowed\n", out);
	else if (plan->network_dropped)
		fprintf(out, "network deny: not enforced at ABI %d (needs 4)\n", plan->abi);
	else
		fputs("network allow\n", out);
	if (plan->scoped)
		fputs("scoped SIGNAL|ABSTRACT_UNIX_SOCKET\n", out);
	else
		fprintf(out, "scoped none (needs ABI 6)\n");
	for (size_t i = 0; i < plan->n_rules; i++) {
		fsj_put_term3(out, "rule ", plan->rules[i].path, ": ");
		print_access(out, plan->rules[i].access);
		fputc('\n', out);
	}
	for (size_t i = 0; i < plan->n_masks; i++) {
		const struct ll_mask *m = &plan->masks[i];

		if (m->kind != LL_MASK_PIN)
			fprintf(out, "mask %s", mask_kind_name(m->kind));
		fsj_put_term3(out, m->kind == LL_MASK_PIN ? "pin " : " ", m->path,
			      m->is_dir || m->kind == LL_MASK_PIN ? "\n" : " (file)\n");
	}
	if (plan->private_shm)
		fputs("private " DEVSHM_PATH " (a fresh tmpfs of the run's own)\n", out);
	ll_pts_dump(plan, out);
	for (size_t i = 0; i < plan->n_private_caches; i++)
		if (plan->private_cache_file & (1u << i))
			fsj_put_term3(out, "private ", plan->private_caches[i],
				      " (the host's file, read-only in the run: a tool's write "
				      "fails with EROFS, no copy)\n");
		else
			fsj_put_term3(out, "private ", plan->private_caches[i],
				      plan->private_cache_bare & (1u << i)
					      ? " (the run's own copy of a tool cache, empty: a mask "
						"lies beneath)\n"
					      : " (the run's own copy of a tool cache)\n");
	for (size_t i = 0; i < plan->n_expanded; i++) {
		fsj_put_term3(out, "expanded ", plan->expanded[i], "\n");
		fsj_put_term3(out, "  because ", plan->expanded_why[i], "\n");
	}
	for (size_t i = 0; i < plan->n_by_listener; i++) {
		cleanup_free char *g = ll_guarded_name(plan->by_listener[i]);

		fsj_put_term3(out, "listener ", plan->by_listener[i],
			      " (absent; the seccomp listener refuses creating it");
		fsj_put_term3(out, g ? "; guarded from " : "", g, ")\n");
	}
	for (size_t i = 0; i < plan->n_undeletable; i++)
		fsj_put_term3(out, "undeletable ", plan->undeletable[i],
			      " (delete granted on the file; Landlock's is a folder right)\n");
	if (plan->dropped_caps & FSJ_CAPBIT(FSJ_CAP_WRITE))
		fprintf(out, "dropped write: partly enforced at ABI %d: %sdevice ioctls not "
			     "controlled (needs 5)\n",
			plan->abi, plan->abi < 3 ? "truncate not controlled (needs 3), " : "");
	if (plan->abi < 2 && (plan->handled_fs & LL_ACCESS_CREATE))
		fputs("note: ABI 1 refuses every rename or link across folders (EXDEV)\n", out);
}
