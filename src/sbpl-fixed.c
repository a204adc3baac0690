/* sbpl-fixed.c - the parts of a Seatbelt profile that do not come from the
 * policy's rules (sbpl.c has the order of the whole text): the preamble
 * (data: profiles/sbpl-preamble.sb), network, the capabilities a tier does
 * not enforce, the system paths a closed tier must re-open, the broker's
 * token classes, the ptys the sandbox opens itself and the broker socket.
 * Every string written here is a constant of fsjail holding only
 * [A-Za-z0-9/._-] (and the pty regex): no path from the policy. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path.h"
#include "policy.h"
#include "sbpl-int.h"
#include "util.h"

/* Largest preamble read (64 KiB): today's is 2.5 KiB; the cap keeps a
 * wrong file (a log, a binary) from being read whole into every profile. */
#define SBPL_PREAMBLE_MAX (64u * 1024u)

/* The preamble's first two lines, as sbpl_load_preamble() demands them. */
#define VERSION_LINE "(version 1)\n"
#define DENY_DEFAULT_LINE "(deny default)\n"

/* Pathname Unix sockets are connect, not network: closed again here, the
 * connect rules emitted later re-open what the policy grants. The services
 * a program needs to resolve names and verify TLS: openai/codex
 * codex-rs/core/src/seatbelt_network_policy.sbpl (after Chromium's
 * network.sb): configd and the DNS configuration, networkd (dirhelper,
 * which codex lists here too, is in the preamble: confstr() needs it with
 * the network closed as well). */
static const char network_allow[] =
	"(allow network-inbound)\n(allow system-socket)\n"
	/* name lookups (getaddrinfo) go out through mDNSResponder: a channel
	 * out of the machine, so open only here, after the deny above
	 * (codex opens it only with its network policy; sandbox-runtime
	 * denies it with the network restricted) */
	"(allow network-outbound (remote unix-socket "
	"(path-literal \"/private/var/run/mDNSResponder\")))\n"
	"(allow mach-lookup\n"
	"\t(global-name \"com.apple.dnssd.service\")\n\t(global-name \"com.apple.trustd\")\n"
	"\t(global-name \"com.apple.trustd.agent\")\n\t(global-name \"com.apple.SecurityServer\")\n"
	"\t(global-name \"com.apple.ocspd\")\n\t(global-name \"com.apple.networkd\")\n"
	"\t(global-name \"com.apple.SystemConfiguration.configd\")\n"
	"\t(global-name \"com.apple.SystemConfiguration.DNSConfiguration\"))\n";

/* System paths re-opened for reading when the tier closes reads: without
 * them dyld aborts the process at start (SIGABRT). Literal "/" is needed on
 * recent macOS (ai-jail issue 77); the shared cache lives under
 * /System/Library/dyld and, on macOS 13+, the cryptexes (Chromium's
 * common.sb); /bin/sh reads /private/var/select/sh. SBPL-NOTES section 5. */
static const char *const sys_read_literal[] = { "/", "/private/var/select/sh", NULL };
static const char *const sys_read_subpath[] = {
	"/System/Library/dyld", "/System/Cryptexes/App", "/System/Cryptexes/OS",
	"/System/Volumes/Preboot/Cryptexes/App/System", "/System/Volumes/Preboot/Cryptexes/OS",
	"/private/var/db/dyld", "/usr/lib", "/usr/share", NULL,
};
/* Mapped executable by dyld in every process (system.sb allows the
 * frameworks and /usr/lib; the cryptexes are not in older copies). */
static const char *const sys_map_subpath[] = {
	"/System/Library/dyld",
	"/System/Cryptexes/App",
	"/System/Cryptexes/OS",
	"/System/Volumes/Preboot/Cryptexes/App/System",
	"/System/Volumes/Preboot/Cryptexes/OS",
	"/private/var/db/dyld",
	"/System/Library/Frameworks",
	"/System/Library/PrivateFrameworks",
	"/usr/lib",
	NULL,
};

static void add_fixed_filters(struct strbuf *sb, const char *kind, const char *const *paths)
{
	for (; *paths; paths++)
		sb_addf(sb, "\n\t(%s \"%s\")", kind, *paths);
}

/* The fixed head of every profile, read from the data file
 * sbpl-preamble.sb (fsj_data_read()): non-file operations only, plus
 * file-ioctl on the standard devices and file-test-existence (neither is
 * a capability; metadata is readable everywhere anyway, so an existence
 * test reveals nothing new). SBPL-NOTES sections 4-5 and 11. Returns 0,
 * or -1 with err set: the file is not found or not readable, or it does
 * not start with (version 1) (empty, truncated, another file): no profile
 * is compiled without it. */
int sbpl_load_preamble(struct compiler *c)
{
	char cwd[FSJ_PATH_MAX + 1];
	cleanup_free char *path = NULL;

	if (fsj_data_read(FSJ_DATA_SBPL_PREAMBLE, getcwd(cwd, sizeof(cwd)) ? cwd : NULL,
			  SBPL_PREAMBLE_MAX, &c->preamble, &path, c->err) < 0)
		return -1;
	if (strncmp(c->preamble, VERSION_LINE DENY_DEFAULT_LINE,
		    strlen(VERSION_LINE DENY_DEFAULT_LINE)) != 0)
		return fsj_error_set(c->err, path, 1, 0,
				     "not a Seatbelt profile preamble: it must start with "
				     "(version 1) and (deny default), each on a line of its own");
	return 0;
}

void sbpl_emit_fixed(struct compiler *c)
{
	const struct fsj_policy *pol = c->pol;
	unsigned enforced = pol->enforced & FSJ_CAPS_ALL;
	unsigned open = FSJ_CAPS_ALL & ~enforced;

	/* (deny default) carries the run's tag: the preamble's second line
	 * (sbpl_load_preamble() checked it) is written with the message */
	if (sbpl_id_is_safe(c->opts->run_tag)) {
		sb_addf(&c->text, "%s(deny default (with message \"%s\"))\n", VERSION_LINE,
			c->opts->run_tag);
		sb_adds(&c->text, c->preamble + strlen(VERSION_LINE) + strlen(DENY_DEFAULT_LINE));
	} else {
		sb_adds(&c->text, c->preamble);
	}
	if (c->preamble[strlen(c->preamble) - 1] != '\n')
		sb_addc(&c->text, '\n');
	sb_addc(&c->text, '\n');
	if (c->opts->network == FSJ_NETWORK_ALLOW) {
		sb_adds(&c->text, ";; network: allow\n(allow network-outbound)\n"
				  "(deny network-outbound (remote unix-socket (subpath \"/\"))");
		if (sbpl_id_is_safe(c->opts->run_tag)) /* a deny like any other */
			sb_addf(&c->text, " (with message \"%s:connect\")", c->opts->run_tag);
		sb_adds(&c->text, ")\n");
		sb_adds(&c->text, network_allow);
	}
	else
		sb_adds(&c->text, ";; network: deny (no rule: the default denies it)\n");

	if (open & FSJ_CAPS_FILE) {
		sb_addf(&c->text, "\n;; capabilities tier %s does not enforce\n(allow",
			fsj_tier_name(pol->tier));
		sbpl_add_ops(&c->text, open & FSJ_CAPS_FILE);
		sb_adds(&c->text, ")\n");
	}
	if (open & FSJ_CAPBIT(FSJ_CAP_CONNECT))
		sb_adds(&c->text, "(allow network-outbound (remote unix-socket (subpath \"/\")))\n");
	if (enforced & FSJ_CAPBIT(FSJ_CAP_READ)) {
		sb_adds(&c->text, "\n;; system paths every process reads (dyld, shared cache)\n"
				  "(allow");
		sbpl_add_ops(&c->text, FSJ_CAPBIT(FSJ_CAP_READ));
		add_fixed_filters(&c->text, "literal", sys_read_literal);
		add_fixed_filters(&c->text, "subpath", sys_read_subpath);
		sb_adds(&c->text, ")\n");
	}
	if (enforced & FSJ_CAPBIT(FSJ_CAP_EXECUTE)) {
		sb_adds(&c->text, "\n;; system code every process maps executable\n"
				  "(allow file-map-executable");
		add_fixed_filters(&c->text, "subpath", sys_map_subpath);
		sb_adds(&c->text, ")\n");
	}
}

/* Files the broker opened up at run time with sandbox_extension_issue_file
 * (DESIGN.md section 8). Written after the explicit rules, so a token can
 * reach past a user or baseline deny the broker re-checked, and before
 * the protected rules, which no token overrides. */
void sbpl_emit_tokens(struct compiler *c)
{
	sb_adds(&c->text, "\n;; broker tokens\n(allow");
	sbpl_add_ops(&c->text, FSJ_CAPBIT(FSJ_CAP_READ));
	sb_adds(&c->text, " (extension \"fsjail.read\"))\n(allow");
	sbpl_add_ops(&c->text, FSJ_CAPBIT(FSJ_CAP_READ) | FSJ_CAPBIT(FSJ_CAP_WRITE));
	sb_adds(&c->text, " (extension \"fsjail.read-write\"))\n");
}

/* A pty this sandbox opened through /dev/ptmx carries the extension
 * com.apple.sandbox.pty (openai/codex codex-rs/core/src/
 * seatbelt_base_policy.sbpl, "allow openpty()"). Written after every deny:
 * the baseline closes reads of /dev and the protected level writes to it,
 * and a filtered rule written earlier would lose to them (SBPL-NOTES.md
 * section 11). Other terminals (the user's other sessions) carry no such
 * extension and stay closed. */
void sbpl_emit_pty(struct compiler *c)
{
	sb_adds(&c->text, "\n;; ptys this sandbox opened (script, expect, tmux, node-pty)\n"
			  "(allow file-read-data file-write-data\n"
			  "\t(require-all (regex #\"^/dev/ttys[0-9]+$\") "
			  "(extension \"com.apple.sandbox.pty\")))\n");
}

/* The broker socket: (param "BROKER"), kept apart from the P<n> paths. */
int sbpl_emit_broker_socket(struct compiler *c)
{
	const char *sock = c->opts->broker_socket;
	cleanup_free char *resolved = NULL, *alias = NULL;

	if (!sock)
		return 0;
	/* Seatbelt matches the kernel's path: a socket under /tmp is
	 * /private/tmp to it (SBPL-NOTES.md section 6) */
	if (sbpl_check_path(sock, c->err) < 0)
		return -1;
	resolved = path_resolve(sock);
	alias = path_darwin_private(resolved ? resolved : sock);
	if (alias)
		sock = alias;
	else if (resolved)
		sock = resolved;
	if (sbpl_check_path(sock, c->err) < 0)
		return -1;
	sbpl_add_param(c, "BROKER", sock);
	sb_adds(&c->text, "\n;; the fsjail broker socket\n");
	if (c->opts->network != FSJ_NETWORK_ALLOW)
		sb_adds(&c->text, "(allow system-socket (socket-domain AF_UNIX))\n");
	sb_adds(&c->text,
		"(allow network-outbound (remote unix-socket (path-literal (param \"BROKER\"))))\n");
	return 0;
}
