/* prog-class.c - which programs run code the command line does not show
 * (DESIGN.md section 11; the "rm -rf build && make" gap). A program the
 * table (prog.c) does not model yields execute on its binary; that is the
 * whole prediction only for a *leaf*: a program that runs no code but its
 * own (ls, sort, diff). Any other program may run code the line does not
 * contain - make runs a Makefile's recipes, npm run a package.json script,
 * ./configure is itself such code, `sh x.sh` and `python3 x.py` run a
 * file - so the analysis adds an opaque effect for it, and the decision
 * treats it as it treats `python3 -c CODE`: held by the tier, else asked
 * (effects_decide()). Unknown means not a leaf: fail closed. */
#include <string.h>

#include "effects-int.h"

/* Programs that run no code but their own, whatever their operands, as
 * shipped by coreutils, util-linux, diffutils, findutils (not find:
 * -exec) and the usual inspection tools. Not here: anything with a hook,
 * plugin, recipe, script or pager (make, awk, tar --to-command, man,
 * git, editors, package managers, compilers with plugins). The shell
 * builtins among them count when run as programs (`env echo`). */
static const char *const leaves[] = {
	"[", "b2sum", "base32", "base64", "basename", "basenc", "cal", "cksum",
	"clear", "cmp", "column", "comm", "cut", "date", "df", "diff", "dirname", "du",
	"echo", "expand", "expr", "factor", "false", "file", "fmt", "fold", "free",
	"getconf", "groups", "hexdump", "hostname", "id", "join", "jq", "kill",
	"locale", "logname", "ls", "lsblk", "md5sum", "mktemp", "nl", "nproc",
	"numfmt", "od", "paste", "pathchk", "pr", "printenv", "printf", "ps", "pwd",
	"readlink", "realpath", "rev", "seq", "sha1sum", "sha224sum", "sha256sum",
	"sha384sum", "sha512sum", "shuf", "sleep", "sort", "stat", "strings", "sum",
	"sync", "test", "tput", "tr", "tree", "true", "tsort", "tty", "uname",
	"unexpand", "uniq", "uptime", "users", "uuidgen", "which", "who", "whoami",
	"xxd", "yes",
};

bool prog_is_leaf(const char *name)
{
	for (size_t i = 0; name && i < sizeof(leaves) / sizeof(leaves[0]); i++)
		if (strcmp(name, leaves[i]) == 0)
			return true;
	return false;
}

void prog_runs_unseen(struct an *a, const struct inv *iv)
{
	uint32_t s, e;

	prog_span(iv, 0, &s, &e);
	effects_opaque(a, iv->sh, s, e, iv->c.prog);
}
