/* launch-ns-csig.h - C's signal handlers (Linux; launch-ns-csig.c):
 * what C, fsjail-init's parent in the command's process group, tells the
 * supervisor of. Included by launch-ns.c only, after launch-int.h. */
#ifndef FSJAIL_LAUNCH_NS_CSIG_H
#define FSJAIL_LAUNCH_NS_CSIG_H

#ifdef __linux__
struct supervisor;

/* In C, before it unblocks the forwarded signals: install the handlers
 * of the forwarded signals (those fsjail did not inherit as ignored) and
 * SIGTSTP. s: the supervisor's state, borrowed (s->typed[1] is written
 * to; the parent's pid is taken now). No errors. */
void launch_ns_csig_install(const struct supervisor *s);
#endif

#endif
