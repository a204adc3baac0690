/* autorun-vars.c - the variables the tools set to the project's folder
 * (autorun-vars.h; autorun-hooks.c names the tools' documents). */
#include <stddef.h>

#include "autorun-vars.h"

static const char *const var_names[] = { "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR",
					 "CURSOR_PROJECT_DIR", "workspaceFolder" };

void av_project(const char *ws, const char *vars[AV_VARS])
{
	size_t n = sizeof(var_names) / sizeof(var_names[0]);

	_Static_assert(2 * sizeof(var_names) / sizeof(var_names[0]) + 1 == AV_VARS,
		       "AV_VARS holds every variable");
	for (size_t i = 0; i < n; i++)
		vars[2 * i] = var_names[i], vars[2 * i + 1] = ws;
	vars[2 * n] = NULL;
}
