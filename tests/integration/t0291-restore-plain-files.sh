#!/bin/bash
# After `fsjail backups restore`, every file it put back is a plain file
# of its own (one name): the next run can write it. Before: after
# `perl -i.bak -pe ... f` (perl links f to f.bak, then renames its new f
# over f) the restore linked f back to the inode f.bak held and then moved
# f.bak into its own cycle and the trash: f shared its inode with both
# (nlink 3), and the next run's write to f was refused as a write through
# a hard link. backup_keep.c now keeps such a name by a copy. The same is
# checked for sed -i, python's os.replace and mv over a file, and for an
# undo of the restore itself (restore --cycle of the restore's cycle),
# which gives back what the run left: the restore records its move-backs
# and what it made again in its own cycle.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0291_USER 5
setup
require_landlock

# plain NAME...: each $WS/NAME a regular file with one name.
plain()
{
	local n
	for n in "$@"; do
		[ -f "$WS/$n" ] || { fail "$n is missing"; continue; }
		[ "$(stat -c %h "$WS/$n")" = 1 ] ||
			fail "$n has $(stat -c %h "$WS/$n") names after the restore (shares its inode)"
	done
}

# writable NAME: a run can write $WS/NAME (and does).
writable()
{
	fsj_sh -- 'echo next >"$1"' "$1"
	assert_rc 0
	assert_content "$WS/$1" next
}

# replaced CMD: f ("aaa") changed by CMD in a run; the restore puts "aaa"
# back as a plain file the next run can write.
replaced()
{
	rm -rf "${WS:?}"/* && echo aaa >"$WS/f" && echo other >"$WS/g"
	fsj_sh -- "$1"
	assert_rc 0
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	assert_rc 0
	assert_content "$WS/f" aaa
	plain f
	writable f
}

begin_test "perl -i.bak: f restored as a file of its own, the next run writes it"
command -v perl >/dev/null || bail_out "perl is needed"
replaced 'perl -i.bak -pe s/a/b/ f'
assert_not_exists "$WS/f.bak"
end_test

begin_test "sed -i and python os.replace: the same"
replaced 'sed -i s/a/b/ f'
command -v python3 >/dev/null || bail_out "python3 is needed"
replaced 'python3 -c "import os; open(\"t\", \"w\").write(\"bbb\\n\"); os.replace(\"t\", \"f\")"'
assert_not_exists "$WS/t"
end_test

begin_test "mv g f, and ln f f2; mv g f: the same"
replaced 'mv g f'
assert_content "$WS/g" other
plain g
replaced 'ln f f2 && mv g f'
assert_not_exists "$WS/f2"
end_test

# undone NAME=CONTENT...: the newest cycle (the restore's own) restored:
# each NAME is back as the run left it (CONTENT), a plain file a run can
# write.
undone()
{
	local c n
	c=$("$FSJAIL" backups list --json --workspace "$WS" | python3 -c '
import json, sys
print([c["cycle"] for c in json.load(sys.stdin)["cycles"] if c["kind"] == "restore"][-1])')
	run_cmd "$FSJAIL" backups restore --cycle "$c" --workspace "$WS"
	assert_rc 0
	for n in "$@"; do
		assert_content "$WS/${n%%=*}" "${n#*=}"
		plain "${n%%=*}"
	done
	for n in "$@"; do writable "${n%%=*}"; done
}

begin_test "perl -i.bak, restore, undo of the restore: as the run left them, plain"
replaced 'perl -i.bak -pe s/a/b/ f'
undone f=baa f.bak=aaa
end_test

begin_test "mv g f, restore, undo of the restore: as the run left it, plain"
replaced 'mv g f'
undone f=other
assert_not_exists "$WS/g"
end_test

end_user_pass
done_testing
