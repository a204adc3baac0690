#!/bin/sh
# Fetch the tree-sitter-bash grammar (language ABI 14, which Debian 12's
# libtree-sitter 0.20 accepts) from the npm registry into third_party/.
# The folder is git-ignored: fetched sources are never committed.
set -eu
version=${TSBASH_VERSION:-0.23.3}
top=$(cd "$(dirname "$0")/.." && pwd)
dest="$top/third_party/tree-sitter-bash"
if [ -f "$dest/src/parser.c" ] && grep -q "\"version\": \"$version\"" "$dest/package.json" 2>/dev/null; then
	echo "tree-sitter-bash $version already in $dest"
	exit 0
fi
command -v npm >/dev/null 2>&1 || { echo "fetch-grammar: npm not found (apt-get install npm)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "tree-sitter-bash@$version" >/dev/null)
tar -xzf "$tmp"/tree-sitter-bash-"$version".tgz -C "$tmp"
grep -q 'define LANGUAGE_VERSION 14' "$tmp/package/src/parser.c" || {
	echo "fetch-grammar: tree-sitter-bash $version is not language ABI 14" >&2; exit 1; }
rm -rf "$dest"
mkdir -p "$top/third_party"
mkdir "$dest"
cp -R "$tmp/package/src" "$tmp/package/package.json" "$tmp/package/LICENSE" "$dest/"
echo "tree-sitter-bash $version fetched into $dest"
