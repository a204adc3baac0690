/* notify-int.h - what the files of the interception hook share (notify.c:
 * lifecycle and the supervisor thread; notify-filter.c: the BPF filter and
 * its install in the child; notify-path.c: reading a caller and resolving
 * its paths in its own view; notify-decode.c: a notification as one call;
 * notify-answer.c: answering and the checks before acting; notify-ops.c:
 * performing each call; notify-meta.c: metadata calls; notify-sock.c:
 * socket calls, the `connect` capability; notify-trace.c: reads and
 * executes traced for the report). Linux only; not for use outside
 * notify*.c and their unit test. The public interface and the guarantee
 * are in notify.h.
 *
 * DESIGN NOTES.
 * With backups on (notify_set_backup()) the filter also traps every open
 * that can write (O_WRONLY, O_RDWR, O_TRUNC), truncate, truncate64,
 * unlink, unlinkat and rmdir: the supervisor opens the file without
 * O_TRUNC, checks it is the file it resolved (fstat), saves it
 * (backup_before_change()), then truncates and hands it in. A write to a
 * pre-existing file with another hard link is refused unless
 * notify_set_allow_hardlink_writes(true).
 *
 * When the supervisor cannot tell which file a call touches (unreadable
 * path memory, a magic link it does not translate, a path on procfs, a
 * chrooted caller, a caller whose identity differs from fsjail's, an
 * unknown open_how tail or call) it refuses (EACCES or EPERM, E2BIG for a
 * longer open_how, EINVAL for unknown flags, as the kernel) and records
 * the refusal (refusal.h). O_TMPFILE gets EOPNOTSUPP (callers fall back).
 *
 * Identity: the supervisor acts only for a caller whose fsuid and fsgid
 * are its own (and that holds CAP_DAC_OVERRIDE when it does): it refuses
 * the others. The FIFO a writer opens with no reader yet is opened in a
 * thread of its own, which answers once a reader comes. */
#ifndef FSJAIL_NOTIFY_INT_H
#define FSJAIL_NOTIFY_INT_H

#ifdef __linux__
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <linux/seccomp.h>

#include "caps-caller.h"
#include "devpts-own.h"
#include "notify.h"
#include "notify-newrepo.h"
#include "notify-pty.h"
#include "notify-sys.h"
#include "policy.h"
#include "backup.h"
#include "refusal.h"
#include "repometa-rule.h"

#define NOTIFY_MAX_ARCHES 2
#define NOTIFY_MAX_NO_TRASH 8
#define NJ_HOST_PTY_MAX 4096 /* pty indices noted in host_pty (kernel.pty.max's default) */
#define NOTIFY_PROC_CACHE 8 /* callers whose /proc folder is kept (notify-tracee.c) */

struct backup_cycle;

struct sock_filter; /* <linux/filter.h> */

struct notify {
	const struct fsj_policy *pol; /* borrowed */
	struct backup_cycle *bc;      /* borrowed; NULL: creating calls only */
	char *trash_home;             /* owned; NULL: deletes are not trashed */
	char *no_trash[NOTIFY_MAX_NO_TRASH]; /* owned: folders whose deletes skip the trash */
	size_t n_no_trash;
	bool allow_hardlink_writes;
	bool required; /* notify_require(): no hook (EBUSY) refuses the run */
	bool trace;    /* notify_set_trace(): reads and executes are traced */
	bool tcp_denied; /* notify_set_landlock() */
	bool own_pts;    /* nj_pty_note(): ptys other than own_tty are refused */
	struct { dev_t dev; ino_t ino; } own_tty[DEVPTS_OWN_MAX]; /* the command's own terminals */
	size_t n_own_tty;
	/* the ptys of the host's /dev/pts when the run started (att19), bit
	 * i of host_pty[i / 64]: never the command's own, whatever master it
	 * holds (nj_pty_note_host()); host_pty_all: all of them are */
	uint64_t host_pty[NJ_HOST_PTY_MAX / 64];
	dev_t host_pts_dev; /* the device of the /dev/pts they are in */
	bool host_pty_all;
	bool repository_off; /* notify_set_repository(false) */
	char *template_hooks; /* owned: hooks/ of notify_take_git_template()'s folder, or NULL */
	struct sock_filter *prog;     /* owned: the filter notify_filter_build() made */
	unsigned short prog_len;      /* its instructions */
	int sock[2];                  /* socket pair: [0] parent end, [1] child end */
	int stop[2];                  /* pipe: notify_stop() wakes the thread */
	pthread_t thread;
	bool started;
	bool joined;

	/* Filled in by the thread. */
	int listener;
	uint32_t arch[NOTIFY_MAX_ARCHES]; /* AUDIT_ARCH_* the filter covers */
	size_t n_arch;
	size_t notif_size, resp_size; /* SECCOMP_GET_NOTIF_SIZES */
	long page_size;
	bool own_umask; /* the thread has its own fs_struct */
	uid_t uid;
	gid_t gid;
	bool dac_override; /* the supervisor holds CAP_DAC_OVERRIDE */
	dev_t root_dev;    /* our "/", to recognise a chrooted caller */
	ino_t root_ino;
	bool have_root;
	struct caps_self self_caps; /* our user namespace and file caps (notify-caps.c) */
	bool no_pidfd_info; /* notify_read_creds() cannot work here: the status text */
	struct notify_made { dev_t dev; ino_t ino; } *made; /* owned: what the supervisor made */
	int host_dir; /* owned, > 0: the last folder nj_host_parent() opened */
	dev_t host_dev; /* its identity */
	ino_t host_ino;
	mode_t host_mode; /* the mode of the folder nj_host_parent() last looked at (0: none) */
	/* owned, > 0; pidfd -1 until asked for (notify_read_creds()) */
	struct notify_proc { pid_t tid; int procfd, rootfd, pidfd; } procs[NOTIFY_PROC_CACHE];
	size_t next_proc;
	unsigned long rm_seq; /* nj_unlink_same()'s temporary names */
	size_t n_made, cap_made;
	/* owned: abstract Unix names the command bound (a length byte, the name) */
	unsigned char **abstract;
	size_t n_abstract, cap_abstract;
	struct sockname_tab *names; /* owned, or NULL: notify-sockname.c */

	struct notify_stats stats; /* updated with __atomic builtins */
	struct rusage usage;       /* the supervisor thread's, when it ended (bench/README) */
};

/* Take the descriptor out of *fd (leaving -1 for a cleanup_fd). */
static inline int steal_fd(int *fd)
{
	int r = *fd;

	*fd = -1;
	return r;
}

#define NOTIFY_STAT_INC(nt, field) __atomic_fetch_add(&(nt)->stats.field, 1, __ATOMIC_RELAXED)

/* ---- notify-filter.c ---- */

/* The architectures the filter covers: the native one and, on x86-64,
 * i386 (x32 is killed by the filter's bad-architecture action). */
void notify_filter_arches(uint32_t arch[NOTIFY_MAX_ARCHES], size_t *n);
/* notify-filter.c: build nt's BPF program (nt->prog) for its settings
 * (backups: nt->bc; nt->trace). Returns 0, or -1 with err set. */
int notify_filter_build(struct notify *nt, struct fsj_error *err);

/* ---- notify-ops.c: one logical call ---- */

enum notify_op {
	NOTIFY_OP_OPEN = 0, /* open, openat, creat, openat2 */
	NOTIFY_OP_TRUNCATE, /* truncate, truncate64 */
	NOTIFY_OP_UNLINK,   /* unlink, unlinkat, rmdir (flags AT_REMOVEDIR) */
	NOTIFY_OP_RENAME,   /* rename, renameat, renameat2 */
	NOTIFY_OP_LINK,     /* link, linkat */
	NOTIFY_OP_SYMLINK,  /* symlink, symlinkat: path is the target, path2 the new name */
	NOTIFY_OP_MKDIR,    /* mkdir, mkdirat */
	NOTIFY_OP_MKNOD,    /* mknod, mknodat */
	NOTIFY_OP_META,     /* mode, owner, times, xattrs: notify-meta.c (args) */
	NOTIFY_OP_EXEC,     /* execve, execveat: traced only (notify-trace.c) */
	NOTIFY_OP_SOCK,     /* connect, bind, sendto, sendm(m)sg, socketcall: notify-sock.c */
	NOTIFY_OP_REFUSED,  /* refused in every run, said: notify-refused.h */
	NOTIFY_OP_SOCKNAME, /* getsockname: notify-sockname.c (args) */
};

/* A trapped call as decoded from (arch, nr, args). Addresses are in the
 * caller's memory, already cut to 32 bits for a 32-bit caller. */
struct notify_call {
	enum notify_op op;
	const char *name; /* the syscall's name (static) */
	bool compat;      /* a 32-bit caller */
	bool openat2;     /* flags and mode are in struct open_how at how */
	int dirfd;        /* AT_FDCWD or the caller's descriptor */
	uint64_t path;
	int dirfd2; /* rename, link, symlink: the new name's directory */
	uint64_t path2;
	uint64_t flags; /* open flags; unlinkat, linkat, renameat2 flags */
	uint64_t mode;
	uint64_t how, how_size; /* openat2 */
	int64_t length;         /* truncate */
	uint64_t args[6];       /* as the kernel gave them */
};

/* Decode one notification's arch, nr and args (libseccomp names the
 * call, seccomp_syscall_resolve_num_arch(3)). Returns 0 with *c filled, or
 * -1 when the architecture or call is not one the hook knows: the caller
 * refuses it with EPERM. */
int notify_decode(const uint32_t *arches, size_t n_arch, uint32_t arch, int nr,
		  const uint64_t args[6], struct notify_call *c);

/* Answer one notification (the trust boundary is in notify-ops.c). */
void notify_handle(struct notify *nt, const struct seccomp_notif *req);

/* ---- notify-path.c: the caller and its view ---- */

/* What /proc/PID/status says about the caller. */
struct tracee_status {
	unsigned umask;
	uid_t fsuid;
	gid_t fsgid;
	uint64_t cap_eff;
	unsigned have; /* STATUS_HAVE_* */
};
#define STATUS_HAVE_UMASK 1u
#define STATUS_HAVE_UID 2u
#define STATUS_HAVE_GID 4u
#define STATUS_HAVE_CAPS 8u
#define STATUS_HAVE_ALL 15u

/* The caller of one notification, held open for its duration. */
struct tracee {
	uint64_t id;
	pid_t pid;
	int procfd; /* /proc/PID in fsjail's procfs (O_PATH) */
	int memfd;  /* /proc/PID/mem */
	int rootfd; /* /proc/PID/root: the caller's "/" in its mount namespace */
	bool own;   /* procfd and rootfd are this call's, not the kept ones */
	struct notify_proc *kept; /* the table entry of procfd, or NULL */
	int pidfd;  /* the caller thread's pidfd (owned by kept when kept), or -1 */
	bool light; /* st holds the identity from notify_read_creds(); memfd is
		     * opened on first use (notify_mem_read()) */
	bool comm_read;
	struct tracee_status st;
	char comm[32];
};

/* ---- notify-tracee.c: the caller of one notification ---- */
#include "notify-tracee.h"

/* Read len bytes at addr (0, or -1 with errno). */
int notify_mem_read(struct tracee *tr, uint64_t addr, void *buf, size_t len);
/* Read a NUL-terminated path of at most PATH_MAX bytes (0, or -1). */
int notify_read_path(struct tracee *tr, long page_size, uint64_t addr, char buf[PATH_MAX]);
/* The same read by thread id with process_vm_readv(2), no descriptor:
 * only BEFORE SECCOMP_IOCTL_NOTIF_ID_VALID (which then says the id was
 * the caller's throughout). 0, or -1 (then read it the usual way). */
int notify_vm_read_path(pid_t tid, long page_size, uint64_t addr, char buf[PATH_MAX]);

/* Lookup flags. */
#define LK_FOLLOW 1u      /* a final symlink is followed */
#define LK_NO_SYMLINKS 2u /* openat2 RESOLVE_NO_SYMLINKS */
#define LK_NO_XDEV 4u     /* RESOLVE_NO_XDEV */
#define LK_BENEATH 8u     /* RESOLVE_BENEATH */
#define LK_IN_ROOT 16u    /* RESOLVE_IN_ROOT (relative to dirfd) */

/* Where a path leads, found by the supervisor in the caller's view. */
struct loc {
	int parent;          /* O_PATH directory holding name, -1 for a magic object */
	char name[NAME_MAX + 1];
	char *path;          /* absolute resolved path, NULL for an anonymous object (pipe) */
	int obj;             /* O_PATH of the existing object (not followed), -1: none */
	struct stat st;      /* of obj */
	bool magic;          /* obj is the caller's descriptor or cwd (procfs magic link) */
	bool trailing_slash; /* the path ended in "/" */
};

void notify_loc_init(struct loc *l);
void notify_loc_release(struct loc *l);

/* Resolve raw (read from the caller) relative to its descriptor dirfd
 * (AT_FDCWD: its cwd), in its view: absolute paths from its root
 * (RESOLVE_IN_ROOT), no magic link followed but the translated everyday
 * ones (/dev/std*, /dev/fd/N, /proc/self|thread-self/fd/N,
 * /proc/self/cwd), nothing on procfs. Returns 0 with *l filled (caller
 * releases), or a positive errno: the caller's answer; *why is then set
 * when it is a refusal to record (the kernel would not have said so). */
int notify_lookup(const struct tracee *tr, int dirfd, const char *raw, unsigned lk,
		  struct loc *l, const char **why);
/* The same, a relative raw from our folder descriptor base (O_PATH). */
int notify_lookup_at(const struct tracee *tr, int base, const char *raw, unsigned lk,
		     struct loc *l, const char **why);

/* The path our descriptor fd refers to (readlink of /proc/self/fd/N), a
 * new string, or NULL when it is not absolute. */
char *notify_fd_path(int fd);

/* Open our O_PATH descriptor obj again with flags (through
 * /proc/self/fd). Returns the descriptor or -1 with errno. */
int notify_reopen(int obj, int flags);

/* For a magic object: its parent directory (O_PATH, caller closes) and
 * name, checked to hold the same inode. Returns the fd or -1. */
int notify_reparent(const struct loc *l, char name[NAME_MAX + 1]);


/* ---- notify-answer.c: one notification being handled ---- */

#include "notify-spell.h"

/* One notification being handled. */
struct job {
	struct notify *nt;
	struct tracee *tr;
	const struct notify_call *c;
	bool answered;
	const char *pre;   /* the path at pre_addr, read before ID_VALID, or NULL */
	uint64_t pre_addr;
	/* owned: the host spellings of the folders this call's lookups hold
	 * (notify-spell.h), each a (from, to) pair of whole-path prefixes */
	struct nj_spelling spell[NJ_SPELL_MAX];
	size_t n_spell;
};

/* The kernel's O_LARGEFILE: 0 in glibc's headers on 64-bit builds, but a
 * 32-bit caller passes the real bit. asm-generic value, shared by x86. */
#if defined(__x86_64__) || defined(__i386__)
#define KERNEL_O_LARGEFILE 0100000
#else
#define KERNEL_O_LARGEFILE O_LARGEFILE
#endif

/* The caller's umask in this thread's own fs_struct while fn runs a
 * creating call, so the kernel applies it (or a default ACL) as for the
 * caller. */
#define WITH_UMASK(j, expr)                                 \
	do {                                                \
		umask((mode_t)(j)->tr->st.umask);           \
		expr;                                       \
		umask(077);                                 \
	} while (0)

/* Answer with the call's own result: 0, or the errno e. Returns 0. */
int nj_answer(struct job *j, int e);
/* Answer success with the return value val (bytes sent, messages sent). */
int nj_answer_val(struct job *j, int64_t val);
/* Our copy of the caller's descriptor n (pidfd_getfd(2); the caller's
 * thread by PIDFD_THREAD, Linux 6.9, else its thread group), then checks
 * the notification is still valid, so the copy is the caller's and not a
 * reused pid's. Returns the descriptor (caller closes), or -1 with errno:
 * EBADF for a bad n, ENOENT when the caller went away. */
int nj_caller_fd(const struct job *j, int n);
/* Refuse with e and record it (refusal.h): cap is what was missing, path
 * the resolved path (or NULL), d the policy's decision when it refused
 * (or NULL). Returns 0. */
int nj_refuse(struct job *j, enum fsj_cap cap, const char *path, const char *reason, int e,
	      const struct fsj_decision *d);
/* Record a refusal the kernel gives (or the hook gave) without
 * answering: the arguments as for nj_refuse(). */
void nj_record(const struct job *j, enum fsj_cap cap, const char *path, const char *reason, int e,
	       const struct fsj_decision *d);
/* Let the kernel perform the call (SECCOMP_USER_NOTIF_FLAG_CONTINUE):
 * only for a call notify-trace.c traces, never for one the hook decides. */
void nj_continue(struct job *j);
/* Hand our fd in as the call's return value (ADDFD + SEND). Returns 0
 * (answered) or an errno: ENOENT when the caller went away. */
int nj_hand_in(struct job *j, int fd, bool cloexec);
/* The policy allows cap at path (a capability the tier does not enforce
 * is allowed, as by Landlock; NULL path: an anonymous object), and no
 * rule refuses it at a host spelling of path's folder that the call's
 * lookups found by identity (notify-spell.h: another mount of it). */
bool nj_may(const struct job *j, const char *path, enum fsj_cap cap, struct fsj_decision *d);
/* Every cap of the FSJ_CAPBIT mask caps at path; false after refusing. */
bool nj_need(struct job *j, const char *path, unsigned caps);
/* The file was created in this cycle (backup_created_in_cycle()). */
bool nj_created_here(const struct job *j, const struct stat *st);
/* Note the name made in parent (notify_note_made(), backup_note_created()). */
void nj_note_created(const struct job *j, int parent, const char *name, const char *path);
/* Before making l's name: its write-ahead record (backup_note_creating();
 * of: the linked file for a link, else NULL); false after refusing (a
 * create that cannot be recorded is not made). nj_made(), after the call
 * with its errno e: the name noted made (nj_note_created(), or
 * backup_note_new() for a link), or the record cancelled. */
bool nj_creating(struct job *j, const struct loc *l, const struct stat *of);
void nj_made(const struct job *j, const struct loc *l, const struct stat *of, int e);
/* notify-guard.c: guarded names (its file comment). nj_guard_rename():
 * the rename a -> b (renameat2 flags fl) brings no folder or symbolic
 * link to a name with a create-denying or protected rule below it, nor
 * takes one away from a name with a delete-denying or protected rule
 * below it; nj_guard_redirect(): a symbolic link made at path (symlink,
 * or a link of one) redirects no such name. true to go on, false after
 * refusing (EACCES, recorded). */
bool nj_guard_rename(struct job *j, const struct loc *a, const struct loc *b, unsigned fl);
bool nj_guard_redirect(struct job *j, const char *path);
/* notify-meta.c: the i-th metadata call's name (NULL past the last); note
 * st's file as made by the command (true: backups on); perform one call. */
const char *notify_meta_call(size_t i);
bool notify_note_made(struct notify *nt, const struct stat *st);
/* The command made st's file through the supervisor in this run. */
bool notify_made_here(const struct notify *nt, const struct stat *st);
int notify_op_meta(struct job *j);
/* notify-truncate.c: truncate and truncate64; notify-unlink.c: unlink,
 * unlinkat, rmdir (performed, answered). */
int notify_op_truncate(struct job *j);
int notify_op_unlink(struct job *j);
/* notify-gitcfg.c: the rename (flags fl) of a <gitdir>/config.lock a
 * over the protected <gitdir>/config b that changes [branch] sections
 * only (gitcfg.h) is done with the supervisor's own copy of the checked
 * bytes. Returns false when the call is not such a rename (nothing done,
 * nothing answered), true once it is answered (done or refused). */
bool notify_gitcfg_rename(struct job *j, const struct loc *a, const struct loc *b, unsigned fl);
/* notify-gitcfg.c, shared with notify-newrepo.c: the whole file behind
 * the descriptor fd (O_PATH accepted), at most GITCFG_MAX_SIZE bytes, into
 * a new buffer (caller frees); 0, or -1. nj_land_bytes(): buf (len
 * bytes) written to a new file of the supervisor's own in dir (O_EXCL,
 * mode & 0777, fsync), renamed to name with renameat2(2) flags fl (0 or
 * RENAME_NOREPLACE): what lands is these bytes, whatever the caller
 * writes later through a descriptor it kept; 0, or an errno (nothing
 * left behind). */
int nj_read_whole(int fd, char **buf, size_t *len);
int nj_land_bytes(int dir, const char *name, const char *buf, size_t len, mode_t mode,
		  unsigned fl);
/* notify-gitcfg.c: creating path (resolved, absolute) is not a HEAD that
 * could turn its folder into a gitdir git's discovery finds (rule
 * "repository-discovery"); refuses (answers EACCES, recorded) and returns
 * false when it is. */
bool nj_discovery_ok(struct job *j, const char *path);
/* notify-repo.c: the change caps (FSJ_CAPBIT of create, write, delete)
 * of the name l is not one of the metadata of a git repository the
 * start-of-run scan does not cover (rule "repository-metadata"; the file
 * comment says which); new_type is the S_IFMT type a create makes
 * (S_IFDIR: mkdir or a renamed folder), 0 when not creating, NJ_REPO_RMDIR
 * for rmdir(2). Called after the policy allowed the change. Returns true
 * to go on, false after refusing (answered EACCES, recorded) or after
 * answering ENOTEMPTY to an rmdir of a .git folder that holds entries
 * (what the kernel says; git tries it after git stash). No system call
 * unless the name or a folder name on l's path is one of git's metadata
 * names. */
#define NJ_REPO_RMDIR ((mode_t)1)
/* notify-repo.c, shared with notify-newrepo.c (the rule its refusals
 * name: repometa_rule, repometa-rule.h): the folder up levels above dir,
 * each step checked to be the parent holding the child by the name
 * names[i] gives (from dir upwards): a new descriptor, or -1. */
struct repoguard_comp;
int nj_walk_up(int dir, size_t up, const struct repoguard_comp *names);
/* notify-repo.c: the names in the folder dir (a descriptor, O_PATH
 * accepted), "." and ".." left out, into names: how many, or -1 when the
 * folder cannot be read or holds more than max. Read whole before any is
 * acted on (what the supervisor lands there comes under new names). */
ssize_t nj_list_dir(int dir, char (*names)[NAME_MAX + 1], size_t max);
bool nj_repo_ok(struct job *j, const struct loc *l, unsigned caps, mode_t new_type);
/* notify-shape.c: count a call that may change what the walks after the
 * run find (stats.shape; notify-shape.h): nj_shape_note() with nj_repo_ok()'s
 * caps and new_type; nj_rename_note() every rename (a, b NULL: a socket call). */
void nj_shape_note(struct job *j, const struct loc *l, unsigned caps, mode_t new_type);
void nj_rename_note(struct job *j, const struct loc *a, const struct loc *b);
/* notify-sock.c: l (an existing name, or none: l->obj < 0) is not a Unix
 * socket the command did not make in this run; otherwise the change cap
 * (delete: unlink, rename away; create: rename over) is refused (EACCES,
 * answered and recorded) and false returned. A folder the command did not
 * make that is renamed away (cap delete) must not hold such a socket as
 * a direct entry, nor more than 1,048,576 entries (an empty one is removed by
 * rmdir, which holds none). A program outside (tmux,
 * ssh-agent, a database) listens there: removed or renamed, the command
 * could bind its own socket at that name and serve the program's next
 * clients, outside the sandbox (att13: a tmux client execs what its
 * server names). */
bool nj_socket_kept(struct job *j, const struct loc *l, enum fsj_cap cap);
/* notify-rendezvous.c: the command may make an entry of type (S_IFSOCK,
 * S_IFIFO, S_IFDIR, S_IFREG, S_IFLNK; 0: a file) at l (its path, the
 * kernel's for the folder l->parent we hold plus the name): not at or
 * below a host program's well-known rendezvous name in a shared folder
 * (/tmp, /var/tmp, /dev/shm, /run, /var/run; /run/user/UID), and a
 * socket or FIFO there only in a folder the command made in this run or
 * in the workspace, none under /run. The run's private folder
 * (notify_set_rendezvous()) is exempt. Otherwise refused (EACCES, answered
 * and recorded) and false returned. */
bool nj_rendezvous_ok(struct job *j, const struct loc *l, mode_t type);
/* notify-sock.c: perform one socket call (connect, bind, sendto, sendmsg,
 * sendmmsg) on our copy of the caller's socket; always answers. */
int notify_op_sock(struct job *j);
/* Free what notify-sock.c and notify-sockname.c recorded in nt. */
void notify_sock_release(struct notify *nt);
/* Save the pre-existing regular file l names before what happens to it
 * (backup_before_change()); false after refusing the call. */
bool nj_save(struct job *j, const struct loc *l, enum backup_change what);
/* l's folder as the supervisor's own mount namespace sees it (the very
 * folder: same st_dev and st_ino), so that a hard link into the backup
 * store or a rename into the trash is not across mounts (EXDEV: the
 * command's namespace has mounts of its own); l->parent when it cannot be
 * had. Borrowed (cached in j->nt, one thread): do not close. */
int nj_host_parent(struct job *j, const struct loc *l);
/* Unlink l's name only if it still names l's file (checked under a
 * temporary name in the same folder, RENAME_NOREPLACE, after the backup
 * was taken: a file swapped in meanwhile goes back to the name, the call
 * is refused and recorded). Returns 0 or the errno to answer. */
int nj_unlink_same(struct job *j, const struct loc *l);
/* A write to a pre-existing file with st_nlink > 1 is refused unless
 * allowed; false after refusing. */
bool nj_hardlink_ok(struct job *j, const struct loc *l);
/* fd is the object st describes (st_dev, st_ino). */
bool nj_same(int fd, const struct stat *st);
/* Read the path at addr once, or refuse (false). */
bool nj_get_path(struct job *j, uint64_t addr, char buf[PATH_MAX]);
/* notify_lookup(), answering (and recording a refusal) on failure; on
 * success the host spellings of the folder held are noted in j
 * (nj_spell_note(): a folder that cannot be identified is refused). */
bool nj_find(struct job *j, int dirfd, const char *raw, unsigned lk, struct loc *l);
/* The same, the refusal recorded as capability cap. A path not looked up
 * (a /proc/self name, a loop) is recorded as the command wrote it; one
 * under /proc with the rule that refuses it anyway (procfs is protected:
 * no grant is offered). */
bool nj_find_cap(struct job *j, int dirfd, const char *raw, unsigned lk, enum fsj_cap cap,
		 struct loc *l);
/* Open the existing object l for the caller with flags; a FIFO writer
 * with no reader yet waits in a thread of its own, which answers. Returns
 * the descriptor, -1 with errno, or -2 when that thread answers. */
int nj_open_existing(struct job *j, const struct loc *l, int flags, bool cloexec);
/* Run fn(arg) in a detached thread with every signal blocked (it answers
 * a call that waits). Returns 0, or -1 (arg is then still the caller's). */
int nj_detach(void *(*fn)(void *), void *arg);

/* ---- notify-trace.c: reads and executes, traced for the report ---- */

/* c is a call the filter traps only because tracing is on (a
 * non-creating open/openat the hook would not have trapped, execve,
 * execveat): decided from the registers alone, as the filter did. */
bool notify_trace_only(const struct notify *nt, const struct notify_call *c);
/* Record a refusal the policy gives the traced call j (resolved in the
 * caller's view), then let the kernel perform it. Always answers. */
void notify_trace(struct job *j);

#endif /* __linux__ */
#include "notify-refused.h" /* the refusals no trapped call performs */
#include "notify-gitfile-land.h" /* kept .git files: made again, moved */
#endif
