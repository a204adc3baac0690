/* exit-free.h - FSJ_FREE_AT_EXIT: 1 when memory the process's exit frees
 * anyway is still to be freed by hand at the end of a command (a build
 * with AddressSanitizer, configure --enable-sanitizer=address: its leak
 * check then still sees every allocation given back), 0 otherwise, where
 * those frees only cost time on the way to the exit the caller waits for
 * (bench/RESULTS-git, fourteenth pass, part perf36). Only memory: a free
 * function that also removes a file, ends a thread or writes a record is
 * called either way. */
#ifndef FSJAIL_EXIT_FREE_H
#define FSJAIL_EXIT_FREE_H

#if defined(__SANITIZE_ADDRESS__)
#define FSJ_FREE_AT_EXIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define FSJ_FREE_AT_EXIT 1
#endif
#endif
#ifndef FSJ_FREE_AT_EXIT
#define FSJ_FREE_AT_EXIT 0
#endif

#endif
