/* effects-decisions.h - the decisions check_effects.c's test_decisions
 * expects: a line, the tier and mode it is decided at, the overall
 * verdict and the missing list ("cap path, cap path"). Data only;
 * included once (moved out of check_effects.c). */

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
	/* a recursive delete over a protected path can never be granted */
	{ "rm -rf /", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_REFUSE, "" },
	{ "rm -r /tmp/x", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_ALLOW, "" },
	/* the user's own deny refuses */
	{ "cat secret/key", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_REFUSE, "" },
	/* read-only mode: no rule can add a change */
	{ "touch a", FSJ_TIER_GUARDED, FSJ_MODE_READ_ONLY, FSJ_OVERALL_REFUSE, "" },
	{ "cat a", FSJ_TIER_GUARDED, FSJ_MODE_READ_ONLY, FSJ_OVERALL_ALLOW, "" },
	/* unresolved: asks unless granted on its directory */
	{ "rm \"$F\"", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_PROMPT,
	  "" }, /* "$F" may be any path: it asks, with no grant to offer */
	{ "touch \"$F\"", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_PROMPT, "" },
	{ "rm /tmp/$F", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_ALLOW, "" },
	{ "rm /etc/$F", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_REFUSE, "" },
	{ "cd $D && touch x", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_PROMPT, "" },
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
	/* sed -i renames a temporary file over f: delete in its folder */
	{ "sed -i s/a/b/ f", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_PROMPT,
	  "delete /w" },
	{ "sed -i s/a/b/ /tmp/f", FSJ_TIER_GUARDED, FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_ALLOW,
	  "" },
	/* standard streams are no effect; /dev/null passes the protected level */
	{ "make 2>/dev/null >/dev/stderr </dev/null", FSJ_TIER_GUARDED,
	  FSJ_MODE_WORKSPACE_WRITE, FSJ_OVERALL_ALLOW, "" },
};
