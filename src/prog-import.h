/* prog-import.h - handlers of the programs that bring files in from a
 * path they name or put files where an option says (prog-import.c): tar,
 * unzip, rsync, patch and the node package managers. Each works inside
 * one analysis like effects-int.h's handlers; nothing here fails. */
#ifndef FSJAIL_PROG_IMPORT_H
#define FSJAIL_PROG_IMPORT_H

#include "effects-int.h"

/* tar: the archive (-f, or the old-style bundle's f) is read by x, t, d
 * and created or written by c, r, u, A; -T and -X files are read; c reads
 * its operands (from -C DIR); x makes and writes names known at run time
 * in -C DIR or the working directory. tar can run programs (-I,
 * --to-command, -F): its code stays opaque as before. */
void prog_tar(struct an *a, struct inv *iv);
/* unzip ARCHIVE [MEMBER...] [-x ...] [-d DIR]: the archive is read;
 * unless it only lists, tests or prints, names known at run time are made
 * and written in DIR or the working directory. */
void prog_unzip(struct an *a, struct inv *iv);
/* rsync SRC... DEST: sources read, DEST created or written and names made
 * in it; --files-from, --exclude-from, --include-from files read; a
 * remote operand (HOST:PATH, rsync://) names no local file. -e runs a
 * program: opaque. */
void prog_rsync(struct an *a, struct inv *iv);
/* patch [-i PATCH] [-d DIR] [-o OUT] [ORIG [PATCH]]: the patch file is
 * read, ORIG (or OUT) written; without ORIG the files the patch names,
 * known at run time, are made, written and deleted in DIR or the working
 * directory. */
void prog_patch(struct an *a, struct inv *iv);
/* npm, pnpm, yarn: a package spec of install/add/link/pack... that is a
 * local path (./x, ../x, /x, ~/x, file:x, x.tgz) is read. They run
 * packages' scripts: opaque, as before. */
void prog_npm(struct an *a, struct inv *iv);

#endif
