/* notify-rendezvous.c - the command does not make the names a host
 * program's clients look up in the shared folders (notify-int.h
 * nj_rendezvous_ok(); DESIGN.md section 2, "rendezvous names"; unix(7)).
 *
 * ============ trust boundary: the supervisor deciding for the command ============
 * A client on the host finds its server by a fixed name in a folder every
 * program shares: tmux's /tmp/tmux-UID/default, X11's /tmp/.X11-unix/X0,
 * PostgreSQL's /tmp/.s.PGSQL.5432, emacs's /tmp/emacsUID/server. When no
 * host server runs, the name is free, and a command that binds a socket
 * there answers the host's next client: a tmux client runs what its
 * server tells it (att14: `tmux ls` on the host ran the command's shell
 * line outside the sandbox). So, below the shared folders (/tmp,
 * /var/tmp, /dev/shm, /run, /var/run) and outside the run's private
 * folder (TMUX_TMPDIR, set for the command):
 *   - no entry of any kind (socket, FIFO, folder, file, symlink, a name
 *     given by rename or link) is made at or below a well-known
 *     rendezvous name right in a shared folder or in /run/user/UID
 *     (names[] below), present or absent;
 *   - a socket or FIFO is made only in a folder the command made in this
 *     run (notify_made_here()) or in the workspace: a name a host program
 *     looks up in a folder it made (ssh-agent's random /tmp/ssh-XXXX, a
 *     daemon's own folder) is not the command's to fill; under /run not
 *     at all (every name in /run/user/UID is a rendezvous by design).
 * The decision is made on the path the kernel gives for the folder we
 * hold plus the new name (notify-ops.c), and the entry is then made in
 * that folder: no second look-up. A later rename into such a name is
 * decided here too, so a name checked stays what it was.
 * Not covered: a host client that looks its server up by a name outside
 * these folders, or by a fixed name not listed here (its folder rule
 * still holds when the host made the folder).
 * ==================================================================================
 */
#include <stdlib.h>

#include "notify-set.h"

/* Set before the run; read by the supervisor thread after. */
static char *private_dir; /* run-private folder, resolved; NULL: none */
static char *workspace;   /* resolved; NULL: none */

void notify_set_rendezvous(const char *ws, const char *private)
{
	free(private_dir);
	free(workspace);
	private_dir = private ? realpath(private, NULL) : NULL;
	workspace = ws ? realpath(ws, NULL) : NULL;
}

#ifdef __linux__
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

#include "notify-int.h"
#include "path.h"
#include "util.h"

/* The folders every program shares; /var/run is /run on a usual system. */
static const char *const shared[] = { "/tmp", "/var/tmp", "/dev/shm", "/run", "/var/run" };

/* fnmatch(3) patterns of one path component: the servers' folders and
 * sockets whose clients find them by a fixed name. */
static const char *const names[] = {
	"tmux-[0-9]*", /* tmux: TMUX_TMPDIR or /tmp, then tmux-UID/NAME */
	".X11-unix",   /* X11: X0... */
	".ICE-unix",   /* X session manager */
	".XIM-unix",   /* X input methods */
	".font-unix",  /* X font server */
	".s.PGSQL.*",  /* PostgreSQL: .s.PGSQL.PORT */
	"postgresql",  /* /run/postgresql (Debian's socket folder) */
	"emacs[0-9]*", /* emacs's server: /tmp/emacsUID/server */
	"emacs",       /* $XDG_RUNTIME_DIR/emacs/server */
	"screen",      /* GNU screen: /run/screen/S-USER */
	"screens",
	"uscreens",
	".screen",
	"mysql.sock",  /* MySQL, MariaDB */
	"mysqlx.sock",
	"mysqld",      /* /run/mysqld/mysqld.sock */
	"dbus",        /* /run/dbus/system_bus_socket */
	"bus",         /* $XDG_RUNTIME_DIR/bus: the session bus */
	"gnupg",       /* gpg-agent in /run/user/UID/gnupg */
	"docker.sock", /* /run/docker.sock, /var/run/docker.sock */
	"docker",
	"podman",
	"containerd",
	"systemd",
};

/* The shared folder path lies strictly below, or NULL. */
static const char *shared_root(const char *path)
{
	for (size_t i = 0; i < sizeof(shared) / sizeof(shared[0]); i++)
		if (path_covers(shared[i], path) && strcmp(shared[i], path) != 0)
			return shared[i];
	return NULL;
}

/* The component of rel (a path relative to the shared folder root) a
 * host client looks up by name: the first, and under /run/user/UID
 * (XDG_RUNTIME_DIR) the one after it; copied to buf when it is a
 * rendezvous name, else NULL. */
static const char *rendezvous_component(const char *root, const char *rel,
					char buf[NAME_MAX + 1])
{
	size_t n;

	if (!strcmp(root, "/run") && !strncmp(rel, "user/", 5) && rel[5]) {
		rel += 5;
		rel += strcspn(rel, "/");
		if (*rel++ != '/')
			return NULL;
	}
	n = strcspn(rel, "/");
	if (!n || n > NAME_MAX)
		return NULL;
	memcpy(buf, rel, n);
	buf[n] = '\0';
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (fnmatch(names[i], buf, 0) == 0)
			return buf;
	return NULL;
}

bool nj_rendezvous_ok(struct job *j, const struct loc *l, mode_t type)
{
	char comp[NAME_MAX + 1];
	const char *root, *why = NULL;
	struct stat st;

	if (!l->path || !(root = shared_root(l->path)) ||
	    (private_dir && path_covers(private_dir, l->path)))
		return true;
	if (rendezvous_component(root, l->path + strlen(root) + 1, comp))
		why = "a well-known rendezvous name in a folder every program shares: a host "
		      "program's client started during the run would find the command there "
		      "(tmux inside the run uses TMUX_TMPDIR)";
	else if ((type == S_IFSOCK || type == S_IFIFO) &&
		 (!strcmp(root, "/run") || !strcmp(root, "/var/run")))
		why = "a socket or FIFO under /run: its names are host programs' addresses";
	else if ((type == S_IFSOCK || type == S_IFIFO) &&
		 !(workspace && path_covers(workspace, l->path)) &&
		 (l->parent < 0 || fstat(l->parent, &st) < 0 || !notify_made_here(j->nt, &st)))
		why = "a socket or FIFO in a shared folder is made only in a folder the command "
		      "made in this run: a host program's client could look this name up";
	if (!why)
		return true;
	nj_refuse(j, FSJ_CAP_CREATE, l->path, why, EACCES, NULL);
	return false;
}
#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_rendezvous_not_this_system;
#endif /* __linux__ */
