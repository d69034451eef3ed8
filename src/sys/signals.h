/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the one signal handler of the program and its one flag. SIGHUP (an SSH link
 * drops), SIGTERM and SIGINT only record their number; the loops ask sys_signal_pending(),
 * save what they hold and leave through their normal exit. A second signal while the first
 * is handled (the user insists, or the loop hangs) restores the terminal and _exit()s; a
 * crash (SIGSEGV, SIGABRT, SIGBUS, SIGFPE) restores the terminal and dies by its signal.
 *
 * Async-signal safety: the handler writes one volatile sig_atomic_t and calls only the
 * functions registered below, which must themselves be async-signal-safe (write(2),
 * tcsetattr(3), an atomic store). */
#ifndef COTUONG_SYS_SIGNALS_H
#define COTUONG_SYS_SIGNALS_H

/* Installs the handler for HUP, TERM, INT (without SA_RESTART, so a blocking read or poll
 * returns EINTR and its loop notices) and ignores SIGPIPE (a closed pipe is an error
 * return, not a death). Idempotent. */
void sys_signals_install(void);

/* The signal received (SIGHUP, SIGTERM or SIGINT), or 0. */
int sys_signal_pending(void);

/* Restores the default action of sig and raises it (does not return for HUP/TERM/INT). */
void sys_signal_exit(int sig);

/* restore: puts the terminal back (called on a second signal and on a crash); NULL when
 * nothing needs restoring. The screen sets it while it is open; the first non-NULL one
 * also installs the handler for the crash signals. */
void sys_signals_set_restore(void (*restore)(void));

/* wake: called at the first signal, to interrupt something that does not poll the flag
 * (an engine thinking); NULL for none. */
void sys_signals_set_wake(void (*wake)(void));

#endif
