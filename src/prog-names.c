/* prog-names.c - what a program's name or folder says about it, for the
 * dispatch in prog.c (moved out of prog.c; declared in effects-int.h). */
#include <string.h>

#include "effects-int.h"

/* python, python3, python3.12 */
bool prog_is_python(const char *name)
{
	if (strncmp(name, "python", 6) != 0)
		return false;
	return strspn(name + 6, "0123456789.") == strlen(name + 6);
}

bool prog_system_bin_dir(const char *d)
{
	static const char *const dirs[] = { "/bin", "/sbin", "/usr/bin", "/usr/sbin",
					    "/usr/local/bin", "/usr/local/sbin",
					    "/opt/homebrew/bin", NULL };

	for (size_t i = 0; dirs[i]; i++)
		if (strcmp(d, dirs[i]) == 0)
			return true;
	return false;
}
