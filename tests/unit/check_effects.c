/* check_effects.c - unit tests for command effects and their decision
 * (DESIGN.md section 11; issue 5).
 *
 * The table below is the contract of the analysis: each command line with
 * its exact effect list, in source order, written "CAP PATH" for a
 * resolved path, "CAP ?DIR" for an unresolved operand known to lie in DIR
 * ("?-" when even that is unknown), "any !DIR" for opaque code, all
 * joined by "; ", and prefixed with "INCOMPLETE: " when the tree had an
 * ERROR or MISSING node. The line runs in /w with HOME=/home/u and
 * PATH=/usr/local/bin:/usr/bin:/bin; the filesystem is the stub below, so
 * the expectations do not depend on the machine. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "effects.h"
#include "path.h"
#include "policy.h"
#include "util.h"

/* ---- the stub filesystem ------------------------------------------------- */

static const char *const stub_dirs[] = { "/", "/w", "/w/dir", "/w/src", "/w/build", "/tmp",
					 "/home/u", NULL };
static const char *const stub_files[] = { "/w/exists.txt", "/w/old.txt", "/dev/null", NULL };

static int stub_kind(const char *p, void *data)
{
	(void)data;
	for (size_t i = 0; stub_dirs[i]; i++)
		if (strcmp(p, stub_dirs[i]) == 0)
			return 2;
	for (size_t i = 0; stub_files[i]; i++)
		if (strcmp(p, stub_files[i]) == 0)
			return 1;
	return 0;
}

/* Everything in /usr/bin except names with "nosuch", and one tool in
 * /usr/local/bin. */
static bool stub_executable(const char *p, void *data)
{
	(void)data;
	if (strcmp(p, "/usr/local/bin/mytool") == 0)
		return true;
	return strncmp(p, "/usr/bin/", 9) == 0 && !strstr(p, "nosuch");
}

static const struct effects_opts stub_opts = {
	.cwd = "/w",
	.home = "/home/u",
	.path_env = "/usr/local/bin:/usr/bin:/bin",
	.fs = { stub_kind, stub_executable, NULL },
};

/* The effects of line in the table's notation; caller frees. Also checks
 * what every effect must satisfy whatever the line. */
static char *analyse(const char *line, struct fsj_effects *keep)
{
	struct fsj_effects fx;
	struct fsj_error err = { { 0 } };
	struct strbuf sb = STRBUF_INIT;
	size_t len = strlen(line);

	ck_assert_msg(effects_analyze(line, len, &stub_opts, &fx, &err) == 0, "'%s': %s", line,
		      err.text);
	if (!fx.complete)
		sb_adds(&sb, "INCOMPLETE: ");
	for (size_t i = 0; i < fx.n; i++) {
		const struct fsj_effect *e = &fx.v[i];

		ck_assert_msg(e->start <= e->end && e->end <= len, "'%s': span", line);
		ck_assert_msg(strlen(e->text) == e->end - e->start &&
			      memcmp(e->text, line + e->start, e->end - e->start) == 0,
			      "'%s': text is not the span", line);
		ck_assert_msg(!e->path || e->path[0] == '/', "'%s': relative path", line);
		ck_assert_msg((e->cap == FSJ_EFFECT_ANY) == (e->status == FSJ_EFFECT_OPAQUE),
			      "'%s': only opaque effects have capability any", line);
		if (i > 0) {
			ck_assert_msg(fx.v[i - 1].start <= e->start, "'%s': not in source order",
				      line);
			sb_adds(&sb, "; ");
		}
		sb_addf(&sb, "%s %s%s", fsj_effect_cap_name(e->cap),
			e->status == FSJ_EFFECT_UNRESOLVED ? "?" :
			e->status == FSJ_EFFECT_OPAQUE ? "!" : "",
			e->path ? e->path : "-");
	}
	if (keep)
		*keep = fx;
	else
		effects_release(&fx);
	return sb_detach(&sb);
}

/* ---- the table ----------------------------------------------------------- */

static const struct {
	const char *line;
	const char *effects;
} table[] = {
	/* rm, rmdir, unlink: every spelling of rm gives the same delete */
	{ "rm a",
	  "delete /w/a" },
	{ "rm -rf build dist",
	  "delete /w/build; delete /w/dist" },
	{ "rm f -rf",
	  "delete /w/f" },
	{ "rm -- -dash",
	  "delete /w/-dash" },
	{ "rm -rf -- -odd",
	  "delete /w/-odd" },
	{ "\\rm a",
	  "delete /w/a" },
	{ "/bin/rm a",
	  "delete /w/a" },
	{ "/usr/bin/rm -f a",
	  "delete /w/a" },
	{ "FOO=1 rm a",
	  "delete /w/a" },
	{ "rm ''",
	  "" },
	{ "rmdir -p a/b/c",
	  "delete /w/a/b/c; delete /w/a/b; delete /w/a" },
	{ "rmdir --ignore-fail-on-non-empty empty",
	  "delete /w/empty" },
	{ "unlink x",
	  "delete /w/x" },
	/* mkdir and touch (touch: write when the file exists, else create) */
	{ "mkdir -p a/b",
	  "create /w/a/b" },
	{ "mkdir -m 755 d",
	  "create /w/d" },
	{ "mkdir --mode=700 e f",
	  "create /w/e; create /w/f" },
	{ "touch exists.txt new",
	  "write /w/exists.txt; create /w/new" },
	{ "touch -c new",
	  "" },
	{ "touch -d yesterday a",
	  "create /w/a" },
	{ "touch -r ref a",
	  "create /w/a" },
	/* mv, cp, ln: sources, targets, -t, -T, an existing directory */
	{ "mv a b",
	  "delete /w/a; create /w/b" },
	{ "mv a dir",
	  "delete /w/a; create /w/dir/a" },
	{ "mv a b dir",
	  "delete /w/a; delete /w/b; create /w/dir/a; create /w/dir/b" },
	{ "mv -t dir a b",
	  "create /w/dir/a; create /w/dir/b; delete /w/a; delete /w/b" },
	{ "mv old.txt exists.txt",
	  "delete /w/old.txt; create /w/exists.txt; write /w/exists.txt" },
	{ "mv -T a dir",
	  "delete /w/a; create /w/dir; write /w/dir" },
	{ "cp a b",
	  "read /w/a; create /w/b" },
	{ "cp -r src dst",
	  "read /w/src; create /w/dst" },
	{ "cp a b dir",
	  "read /w/a; read /w/b; create /w/dir/a; create /w/dir/b" },
	{ "cp -t dir a b",
	  "create /w/dir/a; create /w/dir/b; read /w/a; read /w/b" },
	{ "cp a exists.txt",
	  "read /w/a; write /w/exists.txt" },
	{ "cp -a src/ /tmp/",
	  "read /w/src; create /tmp/src" },
	{ "cp --parents a/b dir",
	  "read /w/a/b; create /w/dir/a/b" },
	{ "cp -S .orig a b",
	  "read /w/a; create /w/b" },
	{ "cp -r templates/ new/; cp -r templates/ dir/",
	  "read /w/templates; create /w/new; read /w/templates; create /w/dir/templates" },
	{ "ln -s target link",
	  "create /w/link" },
	{ "ln -sf target exists.txt",
	  "delete /w/exists.txt; create /w/exists.txt" },
	{ "ln -s /x dir",
	  "create /w/dir/x" },
	{ "ln foo",
	  "create /w/foo" },
	{ "ln -t dir a b",
	  "create /w/dir/a; create /w/dir/b" },
	/* chmod, chown, chgrp: the first operand is a mode or owner */
	{ "chmod 644 a b",
	  "write /w/a; write /w/b" },
	{ "chmod -R u+w dir",
	  "write /w/dir" },
	{ "chmod -w a",
	  "write /w/a" },
	{ "chmod --reference=ref a",
	  "write /w/a" },
	{ "chown -R u:g build",
	  "write /w/build" },
	{ "chgrp staff a",
	  "write /w/a" },
	/* sed: plain, -i, -i.bak, BSD -i '', -f, --in-place= */
	{ "sed 's/a/b/' f",
	  "read /w/f" },
	{ "sed -i 's/a/b/' f",
	  "read /w/f; write /w/f" },
	{ "sed -i.bak 's/a/b/' f",
	  "read /w/f; write /w/f; create /w/f.bak" },
	{ "sed -i '' 's/a/b/' f",
	  "read /w/f; write /w/f" },
	{ "sed -e s/a/b/ -i f g",
	  "read /w/f; write /w/f; read /w/g; write /w/g" },
	{ "sed -f prog.sed f",
	  "read /w/prog.sed; any !/w; read /w/f" },
	{ "sed --sandbox -f prog.sed f",
	  "read /w/prog.sed; read /w/f" },
	/* sed scripts that write, read or run files are opaque */
	{ "sed 's/a/b/w out' f",
	  "any !/w; read /w/f" },
	{ "sed -e 's/a/b/gw out' f",
	  "any !/w; read /w/f" },
	{ "sed 's/x/date/e' f",
	  "any !/w; read /w/f" },
	{ "sed '/re/w out' f",
	  "any !/w; read /w/f" },
	{ "sed -n '1W out' f",
	  "any !/w; read /w/f" },
	{ "sed '$r other' f",
	  "any !/w; read /w/f" },
	{ "sed '1R other' f",
	  "any !/w; read /w/f" },
	{ "sed '1e date' f",
	  "any !/w; read /w/f" },
	{ "sed ':a;N;$!ba;w out' f",
	  "any !/w; read /w/f" },
	{ "sed \"s/$X/b/\" f",
	  "any !/w; read /w/f" },
	/* ... and those that only print are not */
	{ "sed ':a;N;$!ba;s/\\n/ /g' f",
	  "read /w/f" },
	{ "sed -n '/^#/!{s|/w|/x|gp;}' f",
	  "read /w/f" },
	{ "sed '1i\\\nwrite this' f",
	  "read /w/f" },
	{ "sed 'y/abc/xyz/;q' f",
	  "read /w/f" },
	{ "sed --sandbox 's/a/b/w out' f",
	  "read /w/f" },
	{ "sed --in-place=.orig -e x f",
	  "read /w/f; write /w/f; create /w/f.orig" },
	{ "sed -n '1p' < in.txt",
	  "read /w/in.txt" },
	{ "sed -i'bak/*' x f",
	  "read /w/f; write /w/f; create /w/bak/f" },
	/* grep and rg: the pattern is never a path */
	{ "grep -e pat -f pats.txt a b",
	  "read /w/pats.txt; read /w/a; read /w/b" },
	{ "grep -rn TODO src",
	  "read /w/src" },
	{ "grep -r foo",
	  "read /w" },
	{ "grep -v x file",
	  "read /w/file" },
	{ "egrep 'a|b' f",
	  "read /w/f" },
	{ "grep -5 foo f",
	  "read /w/f" },
	{ "grep --include='*.c' -r foo .",
	  "read /w" },
	{ "rg -e x src",
	  "read /w/src" },
	{ "rg foo",
	  "read /w" },
	{ "rg -g '*.rs' foo src",
	  "read /w/src" },
	/* readers */
	{ "cat a b",
	  "read /w/a; read /w/b" },
	{ "cat - a",
	  "read /w/a" },
	{ "head -n 5 a",
	  "read /w/a" },
	{ "tail -n +3 log",
	  "read /w/log" },
	{ "wc -l a",
	  "read /w/a" },
	{ "less +F log",
	  "read /w/log" },
	{ "tac f",
	  "read /w/f" },
	/* tee, truncate, dd */
	{ "tee out",
	  "create /w/out" },
	{ "tee -a exists.txt",
	  "write /w/exists.txt" },
	{ "tee /dev/null",
	  "" },
	{ "truncate -s 0 exists.txt",
	  "write /w/exists.txt" },
	{ "truncate -c -s 0 new",
	  "" },
	{ "truncate -s 1M new",
	  "create /w/new" },
	{ "dd if=in.img of=out.img bs=1M",
	  "read /w/in.img; create /w/out.img" },
	{ "dd if=/dev/zero of=/dev/null",
	  "read /dev/zero" },
	/* a tilde after the = of an assignment-like word is expanded */
	{ "dd if=~/in of=~/out",
	  "read /home/u/in; create /home/u/out" },
	{ "dd of=~\"q\"",
	  "create /w/~q" },
	/* curl and wget */
	{ "curl -o out.tgz https://e.com/x.tgz",
	  "create /w/out.tgz" },
	{ "curl -O https://e.com/a/pkg.tar.gz",
	  "create /w/pkg.tar.gz" },
	{ "curl --output-dir dl -O https://e.com/f.zip",
	  "create /w/dl/f.zip" },
	{ "curl -d @data.json -X POST https://e.com",
	  "read /w/data.json" },
	{ "curl -sSL https://e.com -o -",
	  "" },
	{ "curl -c jar.txt -b jar.txt https://e.com",
	  "create /w/jar.txt; read /w/jar.txt" },
	{ "wget https://e.com/f.zip",
	  "create /w/f.zip" },
	{ "wget -O out.html https://e.com",
	  "create /w/out.html" },
	{ "wget -qO- https://e.com",
	  "" },
	{ "wget -P dl https://e.com/",
	  "create /w/dl/index.html" },
	/* find: starts are read, -delete, -exec is opaque, -fprint */
	{ "find . -name '*.o' -delete",
	  "read /w; delete /w" },
	{ "find src -type f -exec rm {} \\;",
	  "read /w/src; any !/w" },
	{ "find -fprint list.txt",
	  "read /w; create /w/list.txt" },
	{ "find /tmp -mtime +7 -print",
	  "read /tmp" },
	/* wrappers lead to the real program; bash -c recursion */
	{ "sudo -n -u root rm a",
	  "delete /w/a" },
	{ "sudo -- rm a",
	  "delete /w/a" },
	{ "sudo -e /etc/hosts",
	  "create /etc/hosts" },
	{ "sudo VAR=1 rm a",
	  "delete /w/a" },
	{ "sudo -D /tmp rm a",
	  "delete /tmp/a" },
	{ "doas -u root rm a",
	  "delete /w/a" },
	{ "env -i PATH=/bin rm a",
	  "delete /w/a" },
	{ "env -u HOME rm a",
	  "delete /w/a" },
	{ "env -C /tmp rm a",
	  "delete /tmp/a" },
	{ "env FOO=bar make",
	  "execute /usr/bin/make" },
	{ "nice -n 10 rm a",
	  "delete /w/a" },
	{ "nice -5 rm a",
	  "delete /w/a" },
	{ "nohup rm a",
	  "delete /w/a" },
	{ "timeout --signal=KILL 5s rm a",
	  "delete /w/a" },
	{ "timeout -k 1 10 rm a",
	  "delete /w/a" },
	{ "command -p rm a",
	  "delete /w/a" },
	{ "command -v rm",
	  "" },
	{ "exec rm a",
	  "delete /w/a" },
	{ "time rm a",
	  "delete /w/a" },
	{ "time -p rm a",
	  "delete /w/a" },
	{ "stdbuf -oL rm a",
	  "delete /w/a" },
	{ "bash -lc 'rm a'",
	  "delete /w/a" },
	{ "sh -c \"rm a && touch b\"",
	  "delete /w/a; create /w/b" },
	{ "bash -c 'bash -c \"rm a\"'",
	  "delete /w/a" },
	{ "builtin cd /tmp; rm a",
	  "delete /tmp/a" },
	{ "xargs rm < list",
	  "delete ?/w; read /w/list" },
	{ "strace rm a",
	  "execute /usr/bin/strace; execute ?/w" },
	{ "$WRAP rm a",
	  "execute ?/w" },
	{ "sudo -s",
	  "any !/w" },
	/* redirections (a redirection alone; swallowed words; descriptors) */
	{ "> f",
	  "create /w/f" },
	{ ">> f",
	  "create /w/f" },
	{ ">| f",
	  "create /w/f" },
	{ "echo hi > exists.txt",
	  "write /w/exists.txt" },
	{ "echo hi >> exists.txt",
	  "write /w/exists.txt" },
	{ "cat < in.txt",
	  "read /w/in.txt" },
	{ "cmd 2>&1 >/dev/null",
	  "execute /usr/bin/cmd" },
	{ "make &> build.log",
	  "execute /usr/bin/make; create /w/build.log" },
	{ "make &>> build.log",
	  "execute /usr/bin/make; create /w/build.log" },
	{ "ls 2> err.txt",
	  "execute /usr/bin/ls; create /w/err.txt" },
	{ "rm 2>/dev/null /w/x /w/y",
	  "delete /w/x; delete /w/y" },
	{ "cp <in.txt a b",
	  "read /w/in.txt; read /w/a; create /w/b" },
	{ "rm x >f 2>&1 y",
	  "delete /w/x; create /w/f; delete /w/y" },
	{ "exec > log 2>&1",
	  "create /w/log" },
	{ "ls >&2",
	  "execute /usr/bin/ls" },
	{ "echo x >& out.txt",
	  "create /w/out.txt" },
	/* here-documents and here-strings */
	{ "cat <<EOF > out.txt\nhi\nEOF",
	  "create /w/out.txt" },
	{ "cat <<'EOF' | sh\nrm x\nEOF",
	  "execute /usr/bin/sh; any !/w" },
	{ "cat <<EOF && rm x\nbody\nEOF",
	  "delete /w/x" },
	{ "cat <<EOF\n$(rm q)\nEOF",
	  "delete /w/q" },
	{ "cat <<'EOF'\n$(rm q)\nEOF",
	  "" },
	{ "tr a b <<< \"$(cat s)\" > o",
	  "execute /usr/bin/tr; read /w/s; create /w/o" },
	/* pipelines, lists, subshells, groups, cd */
	{ "cat a | grep x | tee out",
	  "read /w/a; create /w/out" },
	{ "make && make install || rm -rf build",
	  "execute /usr/bin/make; execute /usr/bin/make; delete /w/build" },
	{ "rm a & rm b",
	  "delete /w/a; delete /w/b" },
	{ "(cd /tmp && rm x); rm y",
	  "delete /tmp/x; delete /w/y" },
	{ "{ cd dir; rm x; }; rm y",
	  "delete /w/dir/x; delete /w/dir/y" },
	{ "cd dir | true; rm x",
	  "delete /w/x" },
	{ "cd /tmp & rm x",
	  "delete /w/x" },
	{ "cd sub && rm e",
	  "delete /w/sub/e" },
	{ "cd - && rm f",
	  "delete ?-" },
	{ "cd $D && rm f",
	  "delete ?-" },
	{ "cd && rm f",
	  "delete /home/u/f" },
	{ "pushd /tmp && rm a; popd; rm b",
	  "delete /tmp/a; delete ?-" },
	/* control flow */
	{ "if [ -f a ]; then rm a; else touch b; fi",
	  "delete /w/a; create /w/b" },
	{ "for f in a b; do rm \"$f\"; done",
	  "delete ?/w" },
	{ "while read l; do rm \"$l\"; done < list.txt",
	  "delete ?/w; read /w/list.txt" },
	{ "case $x in a) rm a;; *) rm b;; esac",
	  "delete /w/a; delete /w/b" },
	{ "until false; do rm x; done",
	  "delete /w/x" },
	{ "for ((i=0;i<3;i++)); do touch f$i; done",
	  "create ?/w; write ?/w" },
	{ "! rm a",
	  "delete /w/a" },
	/* functions */
	{ "f() { rm a; }; f",
	  "delete /w/a" },
	{ "function g { touch b; }",
	  "create /w/b" },
	{ "rm() { echo; }; rm x",
	  "" },
	{ "f() { rm a; } > log",
	  "delete /w/a; create /w/log" },
	/* command and process substitution */
	{ "echo $(rm a)",
	  "delete /w/a" },
	{ "x=$(mktemp) && rm \"$x\"",
	  "execute /usr/bin/mktemp; delete ?/w" },
	{ "diff <(sort a) <(sort b)",
	  "execute /usr/bin/diff; execute /usr/bin/sort; execute /usr/bin/sort" },
	{ "cat <(ls)",
	  "execute /usr/bin/ls" },
	{ "echo `rm z`",
	  "delete /w/z" },
	{ "rm \"$(pwd)/z\"",
	  "delete ?/w" },
	{ "export A=$(rm q)",
	  "delete /w/q" },
	{ "$(which rm) a",
	  "execute ?/w; execute /usr/bin/which" },
	{ "rm /etc/$X",
	  "delete ?/etc" },
	/* quoting and escapes: one effect per operand, the exact path */
	{ "rm \"/w/My Docs/a b.txt\"",
	  "delete /w/My Docs/a b.txt" },
	{ "rm My\\ Docs",
	  "delete /w/My Docs" },
	{ "rm $'a\\tb'",
	  "delete /w/a\tb" },
	{ "rm 'it''s'",
	  "delete /w/its" },
	{ "rm \"a\"'b'c",
	  "delete /w/abc" },
	{ "rm \"~/x\"",
	  "delete /w/~/x" },
	{ "rm ~/x",
	  "delete /home/u/x" },
	{ "rm ~u/x",
	  "delete ?/w" },
	{ "rm \\*.c",
	  "delete /w/*.c" },
	{ "rm *.c",
	  "delete ?/w" },
	{ "rm build/{a,b}",
	  "delete ?/w/build" },
	{ "rm 'a*b'",
	  "delete /w/a*b" },
	{ "rm \"$HOME/x\"",
	  "delete ?/w" },
	{ "rm $'\\x41\\101'",
	  "delete /w/AA" },
	{ "rm \"a\\\"b\"",
	  "delete /w/a\"b" },
	/* interpreters, eval, source: opaque code */
	{ "python3 -c 'print(1)'",
	  "execute /usr/bin/python3; any !/w" },
	{ "python3 setup.py install",
	  "execute /usr/bin/python3; read /w/setup.py" },
	{ "python -m venv .venv",
	  "execute /usr/bin/python" },
	{ "node -e 'x'; node app.js",
	  "execute /usr/bin/node; any !/w; execute /usr/bin/node; read /w/app.js" },
	{ "perl -e 'unlink \"x\"'",
	  "execute /usr/bin/perl; any !/w" },
	{ "ruby -e 'x'",
	  "execute /usr/bin/ruby; any !/w" },
	{ "php -r 'x'",
	  "execute /usr/bin/php; any !/w" },
	{ "eval \"$X\"",
	  "any !/w" },
	{ "source ./env.sh",
	  "read /w/env.sh; any !/w" },
	{ ". venv/bin/activate",
	  "read /w/venv/bin/activate" },
	{ "curl -fsSL https://x | bash",
	  "execute /usr/bin/bash; any !/w" },
	{ "bash script.sh",
	  "execute /usr/bin/bash; read /w/script.sh" },
	{ "sh -c \"$CMD\"",
	  "execute /usr/bin/sh; any !/w" },
	{ "trap 'rm -f tmp' EXIT",
	  "delete /w/tmp" },
	/* every other program: execute on its binary through PATH */
	{ "make -j4",
	  "execute /usr/bin/make" },
	{ "./configure --prefix=/usr",
	  "execute /w/configure" },
	{ "mytool x",
	  "execute /usr/local/bin/mytool" },
	{ "nosuchtool x",
	  "execute ?/w" },
	{ "/opt/app/bin/tool",
	  "execute /opt/app/bin/tool" },
	{ "PATH=/opt/bin:$PATH mytool",
	  "execute /usr/local/bin/mytool" },
	{ "export PATH=$X:$PATH; make",
	  "execute ?/w" },
	{ "echo hi",
	  "" },
	{ "/bin/echo hi",
	  "execute /bin/echo" },
	{ "sudo echo hi",
	  "execute /usr/bin/echo" },
	/* lines that do not parse: incomplete, never dropped */
	{ "rm a; (",
	  "INCOMPLETE: any !/w; delete /w/a" },
	{ "if true; then rm a",
	  "INCOMPLETE: any !/w; delete /w/a" },
	{ "echo \"unterminated",
	  "INCOMPLETE: any !/w" },
	{ "bash -c 'rm a; ('",
	  "INCOMPLETE: any !/w; delete /w/a" },
	{ "cat <> f",
	  "INCOMPLETE: any !/w; read /w/f" },
	{ ")",
	  "INCOMPLETE: any !/w" },
	{ "rm a &&",
	  "INCOMPLETE: delete /w/a; any !/w" },
};

#define N_TABLE (sizeof(table) / sizeof(table[0]))

START_TEST(test_table)
{
	char *got = analyse(table[_i].line, NULL);

	ck_assert_msg(strcmp(got, table[_i].effects) == 0,
		      "line %d '%s':\n  expected '%s'\n  got      '%s'", _i, table[_i].line,
		      table[_i].effects, got);
	free(got);
}
END_TEST

START_TEST(test_table_size)
{
	/* issue 5: at least 100 command lines with their exact effects */
	ck_assert_uint_ge(N_TABLE, 100);
}
END_TEST

/* ---- details the table's notation does not show -------------------------- */

START_TEST(test_program_and_text)
{
	struct fsj_effects fx;
	char *s = analyse("sudo -u root \\rm -f \"/w/My Docs/x\" 2>/dev/null", &fx);

	free(s);
	ck_assert_uint_eq(fx.n, 1);
	ck_assert_str_eq(fx.v[0].program, "rm");
	ck_assert_str_eq(fx.v[0].text, "\"/w/My Docs/x\"");
	ck_assert_str_eq(fx.v[0].path, "/w/My Docs/x");
	effects_release(&fx);

	/* a redirection alone has no program; a bash -c string is the span */
	s = analyse("> out; bash -c 'rm a'", &fx);
	free(s);
	ck_assert_uint_eq(fx.n, 2);
	ck_assert_ptr_null(fx.v[0].program);
	ck_assert_str_eq(fx.v[1].program, "rm");
	ck_assert_str_eq(fx.v[1].text, "'rm a'");
	effects_release(&fx);
}
END_TEST

START_TEST(test_unknown_cwd_and_home)
{
	struct effects_opts o = stub_opts;
	struct fsj_effects fx;
	struct fsj_error err;

	/* no home: ~ is known only at run time */
	o.home = NULL;
	ck_assert_int_eq(effects_analyze("rm ~/x", 6, &o, &fx, &err), 0);
	ck_assert_uint_eq(fx.n, 1);
	ck_assert_int_eq(fx.v[0].status, FSJ_EFFECT_UNRESOLVED);
	ck_assert_str_eq(fx.v[0].path, "/w");
	effects_release(&fx);

	/* a relative cwd is an error, not a guess */
	o.cwd = "w";
	ck_assert_int_eq(effects_analyze("rm x", 4, &o, &fx, &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "absolute"));
}
END_TEST

START_TEST(test_too_long)
{
	size_t n = FSJ_EFFECTS_MAX_LINE + 1;
	char *big = xmalloc(n + 1);
	struct fsj_effects fx;
	struct fsj_error err;

	memset(big, 'a', n);
	big[n] = '\0';
	ck_assert_int_eq(effects_analyze(big, n, &stub_opts, &fx, &err), -1);
	ck_assert_ptr_nonnull(strstr(err.text, "too long"));
	free(big);
}
END_TEST

START_TEST(test_deep_nesting)
{
	/* 10 nested bash -c strings (88 KB: the quoting grows fourfold with
	 * each level): past the nesting cap the rest is opaque and the
	 * analysis incomplete; nothing crashes */
	struct strbuf sb = STRBUF_INIT;
	struct fsj_effects fx;
	char *line;

	sb_adds(&sb, "rm x");
	for (int i = 0; i < 10; i++) {
		char *inner = sb_detach(&sb);
		sb_adds(&sb, "bash -c ");
		sb_addc(&sb, '\'');
		for (char *p = inner; *p; p++) {
			if (*p == '\'')
				sb_adds(&sb, "'\\''");
			else
				sb_addc(&sb, *p);
		}
		sb_addc(&sb, '\'');
		free(inner);
	}
	line = sb_detach(&sb);
	free(analyse(line, &fx));
	ck_assert(!fx.complete);
	ck_assert_uint_ge(fx.n, 1);
	ck_assert_int_eq(fx.v[0].status, FSJ_EFFECT_OPAQUE);
	effects_release(&fx);
	free(line);

	/* a chain of 1,000 && is a left-deep tree: walked without the cap */
	sb_adds(&sb, "rm x0");
	for (int i = 1; i < 1000; i++)
		sb_addf(&sb, " && rm x%d", i);
	line = sb_detach(&sb);
	free(analyse(line, &fx));
	ck_assert(fx.complete);
	ck_assert_uint_eq(fx.n, 1000);
	ck_assert_str_eq(fx.v[999].path, "/w/x999");
	effects_release(&fx);
	free(line);

	/* 2,000 nested subshells: the walk stops at its depth cap */
	sb_adds(&sb, "");
	for (int i = 0; i < 2000; i++)
		sb_addc(&sb, '(');
	sb_adds(&sb, "rm x");
	for (int i = 0; i < 2000; i++)
		sb_addc(&sb, ')');
	line = sb_detach(&sb);
	free(analyse(line, &fx));
	ck_assert(!fx.complete);
	effects_release(&fx);
	free(line);
}
END_TEST

/* ---- decision ------------------------------------------------------------ */

#define R FSJ_CAPBIT(FSJ_CAP_READ)
#define W FSJ_CAPBIT(FSJ_CAP_WRITE)
#define C FSJ_CAPBIT(FSJ_CAP_CREATE)
#define D FSJ_CAPBIT(FSJ_CAP_DELETE)
#define X FSJ_CAPBIT(FSJ_CAP_EXECUTE)

static void add(struct fsj_policy *pol, enum fsj_source src, const char *path, bool recursive,
		unsigned allow, unsigned deny, unsigned pass)
{
	cleanup_free char *copy = xstrdup(path);
	struct fsj_rule r = {
		.path = copy,
		.resolved = copy,
		.recursive = recursive,
		.allow = allow,
		.deny = deny,
		.pass = pass,
		.source = src,
	};
	policy_add_rule(pol, &r);
}

/* Like the Linux baseline: the workspace /w has read, write, create and
 * execute (no delete); /tmp all five; system trees protected. */
static struct fsj_policy *base_policy(enum fsj_mode mode, enum fsj_tier tier)
{
	struct fsj_policy *pol = policy_new(mode, tier);

	pol->workspace = xstrdup("/w");
	add(pol, FSJ_SRC_PROTECTED, "/usr", true, 0, W | C | D, 0);
	add(pol, FSJ_SRC_PROTECTED, "/usr/local", true, 0, 0, W | C | D);
	add(pol, FSJ_SRC_PROTECTED, "/etc", true, 0, W | C | D, 0);
	add(pol, FSJ_SRC_PROTECTED, "/dev/null", false, 0, 0, R | W);
	add(pol, FSJ_SRC_BASELINE, "/", true, R, 0, 0);
	add(pol, FSJ_SRC_BASELINE, "/usr", true, R | X, 0, 0);
	add(pol, FSJ_SRC_BASELINE, "/w", true, R | W | C | X, 0, 0);
	add(pol, FSJ_SRC_BASELINE, "/tmp", true, R | W | C | D | X, 0, 0);
	add(pol, FSJ_SRC_RULES, "/w/secret", true, 0, R | W | C | D, 0);
	policy_finalize(pol);
	return pol;
}

struct decided {
	struct fsj_effects fx;
	struct fsj_check chk;
};

static void decide_line(const char *line, struct fsj_policy *pol, struct decided *out)
{
	struct fsj_error err;

	ck_assert_int_eq(effects_analyze(line, strlen(line), &stub_opts, &out->fx, &err), 0);
	effects_decide(&out->fx, pol, "/w", &out->chk);
}

static void decided_release(struct decided *d)
{
	fsj_check_release(&d->chk);
	effects_release(&d->fx);
}

/* "cap path, cap path" of the missing list. */
static char *missing_str(const struct fsj_check *c)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < c->n_missing; i++)
		sb_addf(&sb, "%s%s %s", i ? ", " : "", fsj_cap_name(c->missing[i].cap),
			c->missing[i].path);
	return sb_detach(&sb);
}

static const struct {
	const char *line;
	enum fsj_tier tier;
	enum fsj_mode mode;
	enum fsj_overall overall;
	const char *missing;
} decisions[] = {
	{ "cat a; ls > out; make", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE,
	  FSJ_OVERALL_ALLOW, "" },
	{ "rm a", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_PROMPT,
	  "delete /w/a" },
	{ "rm /tmp/x && mv /tmp/a /tmp/b", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE,
	  FSJ_OVERALL_ALLOW, "" },
	/* narrowest (deepest) first, then by path; deduplicated */
	{ "rm /w/a /w/b/c/d /w/b /w/a; touch /home/u/x", FSJ_TIER_GUARDED,
	  FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_PROMPT,
	  "delete /w/b/c/d, create /home/u/x, delete /w/a, delete /w/b" },
	/* a protected path refuses, whatever else is missing */
	{ "rm a; echo x > /etc/passwd", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE,
	  FSJ_OVERALL_REFUSE, "delete /w/a" },
	{ "sudo rm -rf /usr/lib", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE,
	  FSJ_OVERALL_REFUSE, "" },
	/* the user's own deny refuses */
	{ "cat secret/key", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_REFUSE, "" },
	/* read-only mode: no rule can add a change */
	{ "touch a", FSJ_TIER_GUARDED, FSJ_MODE_READ_ONLY, FSJ_OVERALL_REFUSE, "" },
	{ "cat a", FSJ_TIER_GUARDED, FSJ_MODE_READ_ONLY, FSJ_OVERALL_ALLOW, "" },
	/* unresolved: asks unless granted on its directory */
	{ "rm \"$F\"", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_PROMPT,
	  "delete /w" },
	{ "touch \"$F\"", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_ALLOW, "" },
	{ "rm /tmp/$F", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_ALLOW, "" },
	{ "rm /etc/$F", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_REFUSE, "" },
	{ "cd $D && touch x", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_ALLOW, "" },
	/* opaque code: held by tier guarded or better, else every capability
	 * on the working directory is needed */
	{ "python3 -c 'print(1)'", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE,
	  FSJ_OVERALL_ALLOW, "" },
	{ "python3 -c 'print(1)'", FSJ_TIER_FULL, FSJ_MODE_WORKSPACE_WRITE,
	  FSJ_OVERALL_ALLOW, "" },
	{ "python3 -c 'print(1)'", FSJ_TIER_WRITES, FSJ_MODE_WORKSPACE_WRITE,
	  FSJ_OVERALL_PROMPT, "delete /w" },
	{ "cd /tmp && eval \"$X\"", FSJ_TIER_PROCESS, FSJ_MODE_WORKSPACE_WRITE,
	  FSJ_OVERALL_ALLOW, "" },
	/* an incomplete parse is never allow */
	{ "cat a; (", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_PROMPT, "" },
	{ "echo \"unterminated", FSJ_TIER_FULL, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_PROMPT, "" },
	/* standard streams are no effect; /dev/null passes the protected level */
	{ "make 2>/dev/null >/dev/stderr </dev/null", FSJ_TIER_GUARDED,
	  FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_ALLOW, "" },
};

#define N_DECISIONS (sizeof(decisions) / sizeof(decisions[0]))

START_TEST(test_decisions)
{
	struct fsj_policy *pol = base_policy(decisions[_i].mode, decisions[_i].tier);
	struct decided d;
	char *m;

	decide_line(decisions[_i].line, pol, &d);
	m = missing_str(&d.chk);
	ck_assert_msg(d.chk.overall == decisions[_i].overall &&
		      strcmp(m, decisions[_i].missing) == 0,
		      "'%s' (tier %s, %s): expected %s [%s], got %s [%s]", decisions[_i].line,
		      fsj_tier_name(decisions[_i].tier), fsj_mode_name(decisions[_i].mode),
		      fsj_overall_name(decisions[_i].overall), decisions[_i].missing,
		      fsj_overall_name(d.chk.overall), m);
	free(m);
	decided_release(&d);
	policy_free(pol);
}
END_TEST

START_TEST(test_decision_details)
{
	struct fsj_policy *pol = base_policy(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_GUARDED);
	struct decided d;

	decide_line("cat a; rm /etc/x; cat secret; python3 -c x", pol, &d);
	ck_assert_uint_eq(d.fx.n, 5);
	/* cat a: baseline "/" read... the deepest baseline rule, /w */
	ck_assert_int_eq(d.chk.d[0].verdict, FSJ_VERDICT_ALLOWED);
	ck_assert_int_eq(d.chk.d[0].level, FSJ_LEVEL_BASELINE);
	ck_assert_str_eq(d.chk.d[0].rule->path, "/w");
	/* rm /etc/x: protected */
	ck_assert_int_eq(d.chk.d[1].verdict, FSJ_VERDICT_REFUSED);
	ck_assert_int_eq(d.chk.d[1].level, FSJ_LEVEL_PROTECTED);
	ck_assert_str_eq(d.chk.d[1].rule->path, "/etc");
	/* cat secret: the user's rule */
	ck_assert_int_eq(d.chk.d[2].verdict, FSJ_VERDICT_REFUSED);
	ck_assert_int_eq(d.chk.d[2].level, FSJ_LEVEL_EXPLICIT);
	/* python3: execute on /usr/bin/python3, then the opaque code */
	ck_assert_int_eq(d.chk.d[3].verdict, FSJ_VERDICT_ALLOWED);
	ck_assert_int_eq(d.chk.d[4].verdict, FSJ_VERDICT_ALLOWED);
	ck_assert(d.chk.d[4].by_tier);
	ck_assert_int_eq(d.chk.overall, FSJ_OVERALL_REFUSE);
	decided_release(&d);
	policy_free(pol);
}
END_TEST

/* ---- real-world one-liners ----------------------------------------------- */

START_TEST(test_oneliners)
{
	struct fsj_policy *pols[] = {
		base_policy(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_GUARDED),
		base_policy(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_WRITES),
		base_policy(FSJ_MODE_READ_ONLY, FSJ_TIER_FULL),
	};
	char *text = NULL;
	size_t len, n = 0, counts[3] = { 0 };
	int e = read_file(FSJAIL_TEST_SRCDIR "/data/oneliners.txt", 1 << 20, &text, &len);

	ck_assert_msg(e == 0, "cannot read tests/data/oneliners.txt: %s", strerror(-e));
	for (char *line = text, *nl; line && *line; line = nl ? nl + 1 : NULL) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (!*line || line[0] == '#')
			continue;
		n++;
		for (size_t k = 0; k < sizeof(pols) / sizeof(pols[0]); k++) {
			struct decided d;

			decide_line(line, pols[k], &d);
			ck_assert_msg(d.chk.overall == FSJ_OVERALL_ALLOW ||
				      d.chk.overall == FSJ_OVERALL_PROMPT ||
				      d.chk.overall == FSJ_OVERALL_REFUSE, "'%s' not classified",
				      line);
			/* allow needs a complete parse; prompt names what to ask or
			 * comes from an incomplete parse or a refused read-only change */
			if (d.chk.overall == FSJ_OVERALL_ALLOW)
				ck_assert_msg(d.fx.complete, "'%s': allow on an incomplete parse",
					      line);
			if (d.chk.overall == FSJ_OVERALL_PROMPT)
				ck_assert_msg(d.chk.n_missing > 0 || !d.fx.complete,
					      "'%s': prompt with nothing to ask", line);
			if (k == 0)
				counts[d.chk.overall]++;
			decided_release(&d);
		}
	}
	free(text);
	ck_assert_uint_ge(n, 200);
	/* the corpus exercises all three answers */
	ck_assert_uint_gt(counts[FSJ_OVERALL_ALLOW], 0);
	ck_assert_uint_gt(counts[FSJ_OVERALL_PROMPT], 0);
	ck_assert_uint_gt(counts[FSJ_OVERALL_REFUSE], 0);
	for (size_t k = 0; k < sizeof(pols) / sizeof(pols[0]); k++)
		policy_free(pols[k]);
}
END_TEST

static Suite *effects_suite(void)
{
	Suite *s = suite_create("effects");
	TCase *tc = tcase_create("table");

	tcase_add_loop_test(tc, test_table, 0, (int)N_TABLE);
	tcase_add_test(tc, test_table_size);
	suite_add_tcase(s, tc);

	tc = tcase_create("details");
	tcase_add_test(tc, test_program_and_text);
	tcase_add_test(tc, test_unknown_cwd_and_home);
	tcase_add_test(tc, test_too_long);
	tcase_add_test(tc, test_deep_nesting);
	suite_add_tcase(s, tc);

	tc = tcase_create("decision");
	tcase_add_loop_test(tc, test_decisions, 0, (int)N_DECISIONS);
	tcase_add_test(tc, test_decision_details);
	suite_add_tcase(s, tc);

	tc = tcase_create("oneliners");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_oneliners);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(effects_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
