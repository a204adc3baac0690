#!/bin/bash
# Files the host runs later, as a class (sec30): with ~ opened (--grant
# all:$HOME) or ~/.config opened by a rules file, a command could write
# ~/.screenrc, ~/.mailcap, ~/.wgetrc, kitty's and lazygit's config, VS
# Code's user settings, Claude Code's ~/.claude/settings.json hooks,
# Codex's and Gemini CLI's config, gh's aliases, Plasma's env scripts and
# openbox's autostart: each runs code in the user's next session or tool,
# outside any sandbox. Each family is now protected: an existing file
# cannot be written, a missing one cannot be created, nothing can be
# renamed or linked over either, ~ keeps its grant, and the refusal
# summary names the rule with what runs it. As root and again as
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0430_USER 4
setup
require_landlock

# existing files (their content must not change) and missing ones (they
# must not appear), one or more of each family
HAVE='.screenrc .mailcap .wgetrc .config/kitty/kitty.conf .config/lazygit/config.yml
.config/Code/User/settings.json .claude/settings.json'
MISS='.muttrc .tigrc .wezterm.lua .ripgreprc .config/wezterm/wezterm.lua
.config/alacritty/alacritty.toml .config/Cursor/User/tasks.json .config/zed/tasks.json
.config/helix/config.toml .config/JetBrains/IU/options/x.xml .config/gh/config.yml
.local/share/gh/extensions/gh-x/gh-x .codex/config.toml .gemini/settings.json
.cursor/mcp.json .claude/commands/x.md .config/plasma-workspace/env/x.sh
.config/openbox/autostart .config/awesome/rc.lua .config/tig/config .config/mutt/muttrc'
for f in $HAVE; do
	mkdir -p "$HOME/$(dirname "$f")"
	echo "# the user's $f" >"$HOME/$f"
done
mkdir -p "$HOME/.config"

# plant LIST DIR: in the run, for each file of LIST, try to write, create,
# rename over, hard-link over and symlink over it (from a new file in the
# granted folder DIR); print WROTE, MOVED, LINKED or SYMLINKED and the
# name for each that worked, then SIBLING when a file beside them in DIR
# can still be made.
plant()
{
	fsj "${OPTS[@]}" -- bash -c '
	for f in $1; do
		p=$HOME/$f
		mkdir -p "$(dirname "$p")" 2>/dev/null
		echo "touch /tmp/planted" >>"$p" 2>/dev/null && echo "WROTE $f"
		echo "touch /tmp/planted" >"$2/.sec30-new" 2>/dev/null
		mv -f "$2/.sec30-new" "$p" 2>/dev/null && echo "MOVED $f"
		ln -f "$2/.sec30-new" "$p" 2>/dev/null && echo "LINKED $f"
		ln -sf "$2/.sec30-new" "$p" 2>/dev/null && echo "SYMLINKED $f"
		rm -f "$2/.sec30-new"
	done
	echo ok >"$2/notes.txt" && echo SIBLING' bash "$1" "$2"
}

# untouched: each of HAVE holds what it held, none of MISS exists
untouched()
{
	local f
	for f in $HAVE; do
		assert_content "$HOME/$f" "# the user's $f"
	done
	for f in $MISS; do
		[ ! -e "$HOME/$f" ] && [ ! -L "$HOME/$f" ] || fail "$HOME/$f was made"
	done
}

begin_test "with ~ opened, none can be written, created, renamed or linked over; ~ keeps its grant"
OPTS=(--grant "all:$HOME")
plant "$HAVE $MISS" "$HOME"
assert_rc 0
assert_out_nomatch 'WROTE|MOVED|LINKED'
assert_out_match '^SIBLING$'
untouched
end_test

begin_test "with ~/.config opened by a rules file, the families under ~/.config cannot be made or changed"
write_rules <<RULES
rules:
  - path: ~/.config
    allow: [read, write, create, delete]
RULES
OPTS=()
plant "$(echo "$HAVE $MISS" | tr ' ' '\n' | grep '^\.config/' | tr '\n' ' ')" "$HOME/.config"
assert_rc 0
assert_out_nomatch 'WROTE|MOVED|LINKED'
assert_out_match '^SIBLING$'
untouched
clear_rules
end_test

begin_test "the refusal summary names the rule and what runs it"
fsj --grant "all:$HOME" -- sh -c 'echo x >>"$HOME/.screenrc"'
assert_failed
assert_err_match 'write .*/\.screenrc: protected'
assert_err_match 'screen runs its exec'
fsj --grant "all:$HOME" -- sh -c 'echo x >>"$HOME/.config/Code/User/settings.json"'
assert_failed
assert_err_match 'write .*/\.config/Code/User/settings\.json: protected'
assert_err_match 'VS Code'
end_test

begin_test "explain names the rule and its note"
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.wgetrc"
assert_out_match 'protected'
assert_out_match 'use_askpass'
end_test

end_user_pass
done_testing
