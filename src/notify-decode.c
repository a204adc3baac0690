/* notify-decode.c - a notification's (arch, nr, args) as one logical
 * call (notify-int.h; libseccomp seccomp_syscall_resolve_num_arch(3),
 * syscall(2) for the argument layouts, i386 truncate64's split length). */
#ifdef __linux__
#include <fcntl.h>
#include <seccomp.h>
#include <stdlib.h>
#include <string.h>

#include "notify-int.h"

/* How the arguments of each call name are laid out. */
enum layout {
	L_PATH_FLAGS_MODE,  /* open */
	L_DFD_PATH_FLAGS_MODE, /* openat */
	L_PATH_MODE,        /* creat, mkdir, mknod (mode) */
	L_DFD_PATH_HOW,     /* openat2 */
	L_PATH_LEN,         /* truncate, truncate64 */
	L_PATH,             /* unlink, rmdir */
	L_DFD_PATH_FLAGS,   /* unlinkat */
	L_PATH_PATH,        /* rename, link, symlink */
	L_DFD_PATH_DFD_PATH_FLAGS, /* renameat(2), linkat */
	L_PATH_DFD_PATH,    /* symlinkat */
	L_DFD_PATH_MODE,    /* mkdirat, mknodat */
	L_EXECVEAT,         /* execveat: dirfd, path, argv, envp, flags */
	L_META,             /* notify-meta.c, notify-sock.c, notify-refused.c read args */
};

static const struct {
	const char *name;
	enum notify_op op;
	enum layout layout;
} calls[] = {
	{ "open", NOTIFY_OP_OPEN, L_PATH_FLAGS_MODE },
	{ "openat", NOTIFY_OP_OPEN, L_DFD_PATH_FLAGS_MODE },
	{ "creat", NOTIFY_OP_OPEN, L_PATH_MODE }, { "openat2", NOTIFY_OP_OPEN, L_DFD_PATH_HOW },
	{ "truncate", NOTIFY_OP_TRUNCATE, L_PATH_LEN },
	{ "truncate64", NOTIFY_OP_TRUNCATE, L_PATH_LEN }, { "unlink", NOTIFY_OP_UNLINK, L_PATH },
	{ "rmdir", NOTIFY_OP_UNLINK, L_PATH }, { "unlinkat", NOTIFY_OP_UNLINK, L_DFD_PATH_FLAGS },
	{ "rename", NOTIFY_OP_RENAME, L_PATH_PATH },
	{ "renameat", NOTIFY_OP_RENAME, L_DFD_PATH_DFD_PATH_FLAGS },
	{ "renameat2", NOTIFY_OP_RENAME, L_DFD_PATH_DFD_PATH_FLAGS },
	{ "link", NOTIFY_OP_LINK, L_PATH_PATH },
	{ "linkat", NOTIFY_OP_LINK, L_DFD_PATH_DFD_PATH_FLAGS },
	{ "symlink", NOTIFY_OP_SYMLINK, L_PATH_PATH },
	{ "symlinkat", NOTIFY_OP_SYMLINK, L_PATH_DFD_PATH },
	{ "mkdir", NOTIFY_OP_MKDIR, L_PATH_MODE }, { "mkdirat", NOTIFY_OP_MKDIR, L_DFD_PATH_MODE },
	{ "mknod", NOTIFY_OP_MKNOD, L_PATH_MODE }, { "mknodat", NOTIFY_OP_MKNOD, L_DFD_PATH_MODE },
	{ "execve", NOTIFY_OP_EXEC, L_PATH }, { "execveat", NOTIFY_OP_EXEC, L_EXECVEAT },
	{ "connect", NOTIFY_OP_SOCK, L_META }, { "bind", NOTIFY_OP_SOCK, L_META },
	{ "sendto", NOTIFY_OP_SOCK, L_META }, { "sendmsg", NOTIFY_OP_SOCK, L_META },
	{ "sendmmsg", NOTIFY_OP_SOCK, L_META }, { "socketcall", NOTIFY_OP_SOCK, L_META },
	{ "io_uring_setup", NOTIFY_OP_REFUSED, L_META },
	{ "io_uring_enter", NOTIFY_OP_REFUSED, L_META },
	{ "io_uring_register", NOTIFY_OP_REFUSED, L_META },
	{ "memfd_secret", NOTIFY_OP_REFUSED, L_META },
	{ "keyctl", NOTIFY_OP_REFUSED, L_META }, { "add_key", NOTIFY_OP_REFUSED, L_META },
	{ "request_key", NOTIFY_OP_REFUSED, L_META },
	{ "getsockname", NOTIFY_OP_SOCKNAME, L_META },
	{ "open_by_handle_at", NOTIFY_OP_REFUSED, L_META }, { "ioctl", NOTIFY_OP_REFUSED, L_META },
};

int notify_decode(const uint32_t *arches, size_t n_arch, uint32_t arch, int nr,
		  const uint64_t args[6], struct notify_call *c)
{
	const uint64_t *a = args;
	char *name;
	size_t i, k;

	for (k = 0; k < n_arch && arches[k] != arch; k++)
		;
	if (k == n_arch || !(name = seccomp_syscall_resolve_num_arch(arch, nr)))
		return -1;
	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		if (strcmp(calls[i].name, name) == 0)
			break;
	memset(c, 0, sizeof(*c));
	for (k = 0; i == sizeof(calls) / sizeof(calls[0]) && notify_meta_call(k); k++)
		if (strcmp(notify_meta_call(k), name) == 0)
			c->name = notify_meta_call(k);
	free(name);
	if (i == sizeof(calls) / sizeof(calls[0]) && !c->name)
		return -1;
	c->op = c->name ? NOTIFY_OP_META : calls[i].op;
	c->name = c->name ? c->name : calls[i].name;
	c->compat = arch != seccomp_arch_native();
	c->dirfd = c->dirfd2 = AT_FDCWD;
	memcpy(c->args, a, sizeof(c->args));
	switch (c->op == NOTIFY_OP_META ? L_META : calls[i].layout) {
	case L_PATH_FLAGS_MODE:
		c->path = a[0], c->flags = (uint32_t)a[1], c->mode = (uint32_t)a[2];
		break;
	case L_DFD_PATH_FLAGS_MODE:
		c->dirfd = (int)(uint32_t)a[0], c->path = a[1], c->flags = (uint32_t)a[2];
		c->mode = (uint32_t)a[3];
		break;
	case L_PATH_MODE:
		c->path = a[0], c->mode = (uint32_t)a[1];
		/* creat(2) is open(path, O_CREAT | O_WRONLY | O_TRUNC, mode). */
		if (c->op == NOTIFY_OP_OPEN)
			c->flags = O_CREAT | O_WRONLY | O_TRUNC;
		break;
	case L_DFD_PATH_HOW:
		c->dirfd = (int)(uint32_t)a[0], c->path = a[1], c->how = a[2];
		c->how_size = a[3];
		c->openat2 = true;
		break;
	case L_PATH_LEN:
		c->path = a[0];
		/* i386: truncate's length is a 32-bit long; truncate64's is
		 * split over two registers, low word first. */
		if (!c->compat)
			c->length = (int64_t)a[1];
		else if (strcmp(c->name, "truncate64") == 0)
			c->length = (int64_t)(((uint64_t)(uint32_t)a[2] << 32) | (uint32_t)a[1]);
		else
			c->length = (int32_t)(uint32_t)a[1];
		break;
	case L_PATH:
		c->path = a[0];
		if (strcmp(c->name, "rmdir") == 0)
			c->flags = AT_REMOVEDIR;
		break;
	case L_DFD_PATH_FLAGS:
		c->dirfd = (int)(uint32_t)a[0], c->path = a[1], c->flags = (uint32_t)a[2];
		break;
	case L_PATH_PATH:
		c->path = a[0], c->path2 = a[1];
		break;
	case L_DFD_PATH_DFD_PATH_FLAGS:
		c->dirfd = (int)(uint32_t)a[0], c->path = a[1];
		c->dirfd2 = (int)(uint32_t)a[2], c->path2 = a[3];
		c->flags = strcmp(c->name, "renameat") == 0 ? 0 : (uint32_t)a[4];
		break;
	case L_PATH_DFD_PATH:
		c->path = a[0], c->dirfd2 = (int)(uint32_t)a[1], c->path2 = a[2];
		break;
	case L_DFD_PATH_MODE:
		c->dirfd = (int)(uint32_t)a[0], c->path = a[1], c->mode = (uint32_t)a[2];
		break;
	case L_EXECVEAT:
		c->dirfd = (int)(uint32_t)a[0], c->path = a[1], c->flags = (uint32_t)a[4];
		break;
	case L_META: /* i386 socketcall(SYS_GETSOCKNAME): libseccomp traps it with getsockname */
		if (strcmp(c->name, "socketcall") == 0 && (uint32_t)a[0] == 6)
			c->op = NOTIFY_OP_SOCKNAME;
		break;
	}
	if (c->op == NOTIFY_OP_OPEN)
		c->flags &= ~(uint64_t)KERNEL_O_LARGEFILE;
	if (c->compat) {
		c->path = (uint32_t)c->path;
		c->path2 = (uint32_t)c->path2;
		c->how = (uint32_t)c->how;
	}
	return 0;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_decode_not_this_system;
#endif /* __linux__ */
