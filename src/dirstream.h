/* dirstream.h - a folder stream from a file descriptor, the fd closed when
 * no stream can be made (the one idiom of every folder walk here). */
#ifndef FSJAIL_DIRSTREAM_H
#define FSJAIL_DIRSTREAM_H

#include <dirent.h>

/* A stream over the open folder fd, which it takes: closedir() closes
 * both. fd < 0 (an open(2) that failed, passed straight in) or a
 * fdopendir(3) that fails gives NULL with errno from the failing call, and
 * no fd is left open. Open the folder with O_DIRECTORY | O_NOFOLLOW |
 * O_CLOEXEC where a link must not be followed. */
DIR *dir_stream(int fd);

#endif
