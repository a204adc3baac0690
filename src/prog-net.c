/* prog-net.c - handlers of the network tools: curl and wget (downloads),
 * and the connect effect (a pathname Unix socket, DESIGN.md section 2) of
 * curl --unix-socket, nc/ncat -U and socat's UNIX-CONNECT addresses. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "effects-int.h"

/* The last path component of a URL (curl -O, wget), "" when it has none;
 * NULL when the URL is not literal. */
static const char *url_basename(struct an *a, const struct word *u)
{
	const char *s, *e, *slash;

	if (!w_literal(u))
		return NULL;
	s = strstr(u->lit, "://");
	s = s ? s + 3 : u->lit;
	s = strchr(s, '/');
	if (!s)
		return "";
	e = s + strcspn(s, "?#");
	slash = s;
	for (const char *q = s; q < e; q++)
		if (*q == '/')
			slash = q;
	return arena_strndup(&a->ar, slash + 1, (size_t)(e - slash - 1));
}

/* A download named after the URL into directory dir (a known path, or
 * NULL: the working directory). */
static void emit_download(struct an *a, const struct inv *iv, const struct word *url,
			  const struct word *dirw, const char *dflt, enum mode m)
{
	const char *base = url_basename(a, url);
	const char *dir = iv->c.cwd;

	if (dirw) {
		dir = w_path_known(dirw) ? shword_path(a, iv->c.cwd, dirw->lit, dirw->len) : NULL;
		if (!dir) {
			effects_emit_at(a, &iv->c, m, NULL, shword_anchor(a, iv->c.cwd, dirw), url->start,
				url->end);
			return;
		}
	}
	if (base && !*base)
		base = dflt;
	/* "." and ".." name folders, not a file the tool would make: what it
	 * does then is not known (found by fuzz_effects: '/w/..' as a path) */
	if (!base || !dir || strchr(base, '%') || !strcmp(base, ".") || !strcmp(base, "..")) {
		effects_emit_at(a, &iv->c, m, NULL, dir, url->start, url->end);
		return;
	}
	effects_emit_at(a, &iv->c, m, arena_own(&a->ar, path_join(dir, base)), NULL, url->start, url->end);
}

/* curl: -o/--output FILE, -O/--remote-name (the URL's last component),
 * --output-dir DIR; uploads, data and config files are read; cookie jars,
 * header dumps and traces are written (curl(1)). */
void prog_curl(struct an *a, struct inv *iv)
{
	static const char *const larg[] = {
		"output", "output-dir", "upload-file", "data", "data-ascii", "data-binary",
		"data-raw", "data-urlencode", "json", "form", "form-string", "config", "cookie",
		"cookie-jar", "dump-header", "url", "header", "user-agent", "request", "user",
		"proxy", "max-time", "connect-timeout", "retry", "retry-delay", "retry-max-time",
		"write-out", "referer", "cacert", "capath", "cert", "key", "cert-type",
		"key-type", "resolve", "limit-rate", "range", "continue-at", "proxy-user",
		"interface", "time-cond", "telnet-option", "quote", "ftp-port", "speed-time",
		"speed-limit", "max-filesize", "max-redirs", "connect-to", "netrc-file", "trace",
		"trace-ascii", "stderr", "unix-socket", "abstract-unix-socket", "oauth2-bearer",
		"aws-sigv4", "variable", "parallel-max", "dns-servers", "preproxy",
		"proxy-header", "noproxy", "socks5", "socks5-hostname", "pinnedpubkey",
		"ciphers", "tls-max", "local-port", "keepalive-time", "mail-from", "mail-rcpt",
		"pass", "etag-save", "etag-compare", "alt-svc", "hsts", "proto",
		"proto-redir", "proto-default", "request-target", "create-file-mode",
		"url-query", "expect100-timeout", NULL };
	static const struct ospec sp = { .sarg = "AbcCdDeEFHKmoPQrTtuUwxXyYz", .larg = larg };
	struct parsed p;
	const struct word *outdir;
	bool remote_all;
	size_t n_o = 0, n_O = 0;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	outdir = progopt_val(&p, 0, "output-dir");
	remote_all = progopt_has(&p, 0, "remote-name-all");
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];
		const struct word *v = o->val;

		if (progopt_is(o, 'O', "remote-name"))
			n_O++;
		if (!v)
			continue;
		if (progopt_is(o, 'o', "output")) {
			n_o++;
			if (w_is(v, "-"))
				continue;
			if (outdir && v->lit[0] != '/')
				effects_emit_into(a, &iv->c, M_CW, outdir, v, true);
			else
				effects_emit(a, &iv->c, M_CW, v);
		} else if (progopt_is(o, 'T', "upload-file") || progopt_is(o, 'K', "config") ||
			   progopt_is(o, 0, "netrc-file") || progopt_is(o, 0, "etag-compare") ||
			   progopt_is(o, 0, "cacert") || progopt_is(o, 'E', "cert") ||
			   progopt_is(o, 0, "key")) {
			if (!w_is(v, "-") && !w_is(v, "."))
				effects_emit(a, &iv->c, M_READ, v);
		} else if (progopt_is(o, 'c', "cookie-jar") || progopt_is(o, 'D', "dump-header") ||
			   progopt_is(o, 0, "trace") || progopt_is(o, 0, "trace-ascii") ||
			   progopt_is(o, 0, "stderr") || progopt_is(o, 0, "etag-save") ||
			   progopt_is(o, 0, "alt-svc") || progopt_is(o, 0, "hsts")) {
			if (!w_is(v, "-") && !w_is(v, "%"))
				effects_emit(a, &iv->c, M_CW, v);
		} else if (progopt_is(o, 0, "unix-socket")) {
			effects_emit(a, &iv->c, M_CONNECT, v);
		} else if (progopt_is(o, 'b', "cookie")) {
			if (w_literal(v) && !strchr(v->lit, '=') && !w_is(v, "-"))
				effects_emit(a, &iv->c, M_READ, v);
		} else if (progopt_is(o, 'd', "data") || progopt_is(o, 0, "data-ascii") ||
			   progopt_is(o, 0, "data-binary") || progopt_is(o, 0, "data-urlencode") ||
			   progopt_is(o, 0, "json")) {
			/* @FILE (data-urlencode: [name]@FILE) reads FILE */
			const char *at = v->prefix_len ? memchr(v->lit, '@', v->prefix_len) : NULL;
			if (at && (at == v->lit || progopt_is(o, 0, "data-urlencode")) &&
			    strcmp(at, "@-") != 0)
				effects_emit(a, &iv->c, M_READ, shword_tail(a, v, (size_t)(at - v->lit) + 1));
		} else if (progopt_is(o, 'F', "form")) {
			/* name=@file or name=<file */
			const char *eq = memchr(v->lit, '=', v->prefix_len);
			if (eq && (eq[1] == '@' || eq[1] == '<')) {
				struct word *f = shword_tail(a, v, (size_t)(eq - v->lit) + 2);
				const char *semi = memchr(f->lit, ';', f->len);
				if (semi && w_literal(f))
					f->len = f->prefix_len = (size_t)(semi - f->lit);
				if (!w_is(f, "-"))
					effects_emit(a, &iv->c, M_READ, f);
			}
		}
	}
	/* -O applies to as many URLs as it was given for (--remote-name-all:
	 * every URL without an -o); each -o takes one URL */
	size_t url_k = 0;
	for (size_t i = 0; i < p.nops; i++) {
		const struct word *u = p.ops[i];

		url_k++;
		if (url_k <= n_o)
			continue;
		if (remote_all || url_k <= n_o + n_O)
			emit_download(a, iv, u, outdir, NULL, M_CW);
	}
	for (size_t i = 0; i < p.no; i++)
		if (progopt_is(&p.o[i], 0, "url") && p.o[i].val && (remote_all || n_O > n_o))
			emit_download(a, iv, p.o[i].val, outdir, NULL, M_CW);
}

/* wget: -O FILE, else each URL saved under its last component (index.html
 * for none) in -P DIR; a recursive fetch creates files it names itself. */
void prog_wget(struct an *a, struct inv *iv)
{
	static const char *const larg[] = {
		"output-document", "output-file", "append-output", "directory-prefix",
		"input-file", "tries", "timeout", "wait", "user-agent", "execute", "level",
		"accept", "reject", "domains", "include-directories", "exclude-directories",
		"base", "quota", "header", "post-data", "post-file", "body-data", "body-file",
		"user", "password", "http-user", "http-password", "load-cookies", "save-cookies",
		"ca-certificate", "certificate", "private-key", "limit-rate", "referer",
		"method", "default-page", "cut-dirs", "restrict-file-names", "regex-type",
		"accept-regex", "reject-regex", "dns-timeout", "connect-timeout", "read-timeout",
		"waitretry", "bind-address", "progress", "local-encoding", "remote-encoding",
		"secure-protocol", "ftp-user", "ftp-password", "proxy-user", "proxy-password",
		"backups", "config", "rejected-log", NULL };
	static const struct ospec sp = { .sarg = "OoaPitTwUelARDIXBQY", .sopt = "n", .larg = larg };
	struct parsed p;
	const struct word *doc, *dir;
	bool recursive;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	doc = progopt_val(&p, 'O', "output-document");
	dir = progopt_val(&p, 'P', "directory-prefix");
	recursive = progopt_has(&p, 'r', "recursive") || progopt_has(&p, 'm', "mirror") ||
		    progopt_has(&p, 'p', "page-requisites") || progopt_has(&p, 'x', "force-directories");
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];
		const struct word *v = o->val;

		if (!v || w_is(v, "-"))
			continue;
		if (progopt_is(o, 'O', "output-document") || progopt_is(o, 'o', "output-file") ||
		    progopt_is(o, 'a', "append-output") || progopt_is(o, 0, "save-cookies") ||
		    progopt_is(o, 0, "rejected-log"))
			effects_emit(a, &iv->c, M_CW, v);
		else if (progopt_is(o, 'i', "input-file") || progopt_is(o, 0, "post-file") ||
			 progopt_is(o, 0, "body-file") || progopt_is(o, 0, "load-cookies") ||
			 progopt_is(o, 0, "config"))
			effects_emit(a, &iv->c, M_READ, v);
	}
	if (doc)
		return;
	for (size_t i = 0; i < p.nops; i++) {
		const struct word *u = p.ops[i];

		if (recursive) {
			const char *d = iv->c.cwd;
			if (dir && w_path_known(dir))
				d = shword_path(a, iv->c.cwd, dir->lit, dir->len);
			else if (dir)
				d = shword_anchor(a, iv->c.cwd, dir);
			effects_emit_at(a, &iv->c, M_CREATE, NULL, d, u->start, u->end);
		} else {
			emit_download(a, iv, u, dir, "index.html", M_CREATE);
		}
	}
}

/* nc (OpenBSD netcat, Debian's netcat-openbsd) and ncat: -U makes the
 * operand a Unix socket path; connected to, or bound with -l (nc(1),
 * ncat(1)). Other operands are hosts and ports. */
void prog_nc(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .sarg = "IiMmOPpqSsTVwXx", .larg = NULL };
	struct parsed p;

	progopt_parse(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (!progopt_has(&p, 'U', "unixsock") || p.nops == 0)
		return;
	effects_emit(a, &iv->c, progopt_has(&p, 'l', "listen") ? M_CREATE : M_CONNECT, p.ops[0]);
}

/* socat ADDRESS ADDRESS: UNIX-CONNECT:, UNIX-CLIENT:, UNIX-SENDTO: and
 * UNIX: name a socket connected (or sent) to; UNIX-LISTEN: and
 * UNIX-RECVFROM: one made (socat(1) ADDRESS TYPES; the type is
 * case-insensitive and its options follow a comma). */
void prog_socat(struct an *a, struct inv *iv)
{
	static const struct {
		const char *type;
		enum mode m;
	} types[] = { { "UNIX-CONNECT:", M_CONNECT }, { "UNIX-CLIENT:", M_CONNECT },
		      { "UNIX-SENDTO:", M_CONNECT },  { "UNIX:", M_CONNECT },
		      { "UNIX-LISTEN:", M_CREATE },   { "UNIX-RECVFROM:", M_CREATE } };

	for (size_t i = 1; i < iv->argc; i++) {
		const struct word *w = iv->argv[i];

		if (!w->prefix_len || w->lit[0] == '-')
			continue;
		for (size_t k = 0; k < sizeof(types) / sizeof(types[0]); k++) {
			size_t n = strlen(types[k].type);
			struct word *f;
			const char *comma;

			if (w->prefix_len < n || strncasecmp(w->lit, types[k].type, n) != 0)
				continue;
			f = shword_tail(a, w, n);
			comma = w_literal(f) ? memchr(f->lit, ',', f->len) : NULL;
			if (comma)
				f->len = f->prefix_len = (size_t)(comma - f->lit);
			effects_emit(a, &iv->c, types[k].m, f);
			break;
		}
	}
}
