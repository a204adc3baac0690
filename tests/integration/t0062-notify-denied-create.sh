#!/bin/bash
# A denied path that does not exist yet cannot be created by any name or
# call (src/notify.h, THE GUARANTEE): making a name is always the
# supervisor's act, after the policy allowed create on the resolved path.
# Rule `deny: [create, write]` on $WS/.env and $WS/conf/.env (conf does not
# exist): touch, >, mkdir, ln -s, ln, mv, cp, mknod all fail, a prepared
# folder cannot be moved over conf, and siblings are still creatable.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

write_rules <<EOF2
rules:
  - path: .
    allow: [read, write, create, delete, execute]
  - path: .env
    deny: [create, write]
  - path: conf/.env
    deny: [create, write]
EOF2
echo "source" >"$WS/src"

begin_test "every way to make .env fails"
for how in 'touch .env' 'echo x > .env' 'mkdir .env' 'ln -s src .env' 'ln src .env' \
	'mv src2 .env' 'cp src .env' 'mkfifo .env' 'python3 -c "import os; os.rename(\"src2\", \".env\")"' \
	'ln -s .env lnk && echo x > lnk' 'cd /proc/self/cwd && touch .env'; do
	cp "$WS/src" "$WS/src2"
	rm -f "$WS/lnk"
	fsj_sh -- "cd '$WS' && $how"
	assert_failed
	[ -e "$WS/.env" ] || [ -L "$WS/.env" ] && fail "'$how' made .env"
	rm -rf "$WS/.env"
done
end_test

begin_test "a prepared folder cannot be moved over conf (it would carry conf/.env in)"
mkdir -p "$WS/prep"
echo "planted" >"$WS/prep/.env"
fsj_sh -- "cd '$WS' && mv prep conf"
assert_failed
assert_not_exists "$WS/conf/.env"
assert_exists "$WS/prep/.env"
end_test

begin_test "siblings are creatable: touch, mkdir, ln -s, mv, cp"
fsj_sh -- "cd '$WS' && touch .env2 && mkdir envdir && ln -s src envlink && cp src envcopy && mv envcopy envmoved && echo ok > conf2"
assert_rc 0
assert_exists "$WS/.env2"
assert_dir "$WS/envdir"
assert_exists "$WS/envmoved"
end_test

done_testing
