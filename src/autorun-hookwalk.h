/* autorun-hookwalk.h - the workspace's JSON files that name hooks and
 * MCP servers, read as hostile input, each command handed to
 * autorun-words.c (for autorun-hooks.c's rules and autorun-runners.c's
 * task runner files). */
#ifndef FSJAIL_AUTORUN_HOOKWALK_H
#define FSJAIL_AUTORUN_HOOKWALK_H

#include <stdbool.h>
#include <stddef.h>

/* One walk: ws, take, runner (or NULL) and user set by the caller; the
 * rest is the walk's, for the callbacks (whose arg is the struct
 * ah_walk). */
struct ah_walk {
	const char *ws;     /* the workspace */
	const char *ws_res; /* and resolved */
	const char *dir;    /* the file being read: its folder */
	const char *file;   /* the file */
	const char *rel;    /* the file from the workspace (.claude/settings.json) */
	const char *tool;   /* the tool that runs what it names (Claude Code) */
	const char *label;  /* the entry being walked (its key: the hook's event) */
	size_t n;           /* the callbacks' count for this file, zero at its start */
	void (*take)(void *w, const char *word, bool named, bool glob);
	void (*runner)(void *w, const char *file);
	void *user;
};

/* Read each JSON file at w->ws's top that names hooks or MCP servers
 * (Claude Code's settings and .mcp.json, Cursor's hooks.json and
 * mcp.json, Gemini CLI's settings, Windsurf's hooks.json, VS Code's, Roo
 * Code's, Amazon Q's and Kiro's mcp.json) as hostile input (a regular
 * file in the workspace, no symlink followed out of it nor at its last
 * component, AUTORUN_HOOKS_MAX bytes at most, valid JSON), and hand every
 * "command" string in it, with its entry's "args", to aw_line() and
 * aw_word() with w's take and runner. A file it cannot read or parse
 * hands nothing. Nothing when w->ws is NULL. Never fails (out of memory
 * aborts). */
void ah_walk_files(struct ah_walk *w);

#endif
