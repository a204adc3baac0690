/* refusal-hint-name.h - names a program makes anew on every run (hint13):
 * a log named by a timestamp (npm's
 * ~/.npm/_logs/2026-12-03T10_11_12_345Z-debug-0.log), a pid or counter,
 * a random suffix (mkstemp(3)'s XXXXXX, mktemp(1)'s tmp.XXXXXXXXXX,
 * Python's tempfile tmpXXXXXXXX, sed -i's sedXXXXXX, npm's hex temp
 * names) or a UUID. A refusal hint on such a name would not hold on the
 * next run, which makes another name: the hint names its folder instead
 * (refusal-hint.h). Pure, lexical, no allocation. */
#ifndef FSJAIL_REFUSAL_HINT_NAME_H
#define FSJAIL_REFUSAL_HINT_NAME_H

/* Why name (one path component, not NULL) looks made anew on every run:
 * "a timestamp", "a UUID", "a process id or counter" or "a random
 * suffix" (static strings), or NULL when it looks stable. A heuristic
 * that prefers a miss (the name is hinted as itself, as for any file) to
 * a false alarm (its folder is hinted): a date (YYYY-MM-DD, YYYYMMDD with
 * a year 1970-2099, a time HH:MM:SS, or separated by '_' or '-'), 8-4-4-4-12
 * hex digits, a run of 5 or more digits not right after a letter
 * (ed25519 is no pid), a temporary prefix ("tmp", "sed")
 * followed by 6 or more letters and digits with a digit, or a word of 6
 * or more letters and digits where letters and digits alternate 4 times
 * or more ("a1b2c3") or of 8 or more hex digits with both a letter and a
 * digit. Version numbers
 * (python3.12, libc.so.6), 4-digit numbers (vim's 4913) and words such
 * as utf8mb4 or sha512sum stay stable. */
const char *refusal_hint_generated(const char *name);

#endif
