/* ctx-state.c - fsjail's state where the config or the environment moves
 * it (ctx-state.h). */
#include <stdlib.h>
#include <string.h>

#include "ctx-state.h"
#include "path.h"
#include "util.h"

void ctx_state_rules(const struct fsj_ctx *ctx, struct fsj_policy *pol)
{
	/* an audit log moved out of the state directory by the config:
	 * unreadable from inside too (DESIGN.md section 3) */
	if (ctx->config.audit_path) {
		struct fsj_rule audit = {
			.path = ctx->config.audit_path,
			.recursive = false,
			.deny = FSJ_CAPS_FILE,
			.source = FSJ_SRC_PROTECTED,
			.origin = ctx->env.config_file,
		};
		policy_add_rule(pol, &audit);
	}
	/* the trash deletes go to where $XDG_DATA_HOME moves it (the
	 * baseline covers ~/.local/share/Trash): other runs' deleted files
	 * and the .trashinfo that says where each goes back, out of reach
	 * whatever the rules say */
	if (!ctx->env.foreign && ctx->env.platform != FSJ_PLATFORM_DARWIN) {
		const char *x = getenv("XDG_DATA_HOME");
		cleanup_free char *t = NULL;

		if (x && x[0] == '/' && path_normalize(x, strlen(x), NULL, NULL, &t) == PATH_OK) {
			cleanup_free char *trash = path_join(t, "Trash");
			struct fsj_rule r = {
				.path = trash,
				.recursive = true,
				.deny = FSJ_CAPS_FILE,
				.source = FSJ_SRC_PROTECTED,
				.origin = (char *)"the trash in $XDG_DATA_HOME",
			};

			policy_add_rule(pol, &r);
		}
	}
}
