/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the signal handler: one flag for the quit signals, the terminal restored on a
 * second one or on a crash (see signals.h for the design). */
#include "sys/signals.h"

#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

/* The process has one set of signal dispositions, so this is process-wide state: the
 * pending signal and the two async-signal-safe callbacks the handler may call. */
static volatile sig_atomic_t pending;
static volatile sig_atomic_t crash_handled;
static void (*volatile restore_fn)(void);
static void (*volatile wake_fn)(void);

static void on_signal(int sig)
{
    void (*restore)(void) = restore_fn;
    if (sig != SIGHUP && sig != SIGTERM && sig != SIGINT) {
        /* A crash: terminal first, then die by the same signal (SA_RESETHAND reset it). */
        if (restore)
            restore();
        raise(sig);
        return;
    }
    if (pending) {
        /* The loop did not get to the first one: leave now; every completed move is
         * already on disk. */
        if (restore)
            restore();
        _exit(128 + sig);
    }
    pending = sig;
    void (*wake)(void) = wake_fn;
    if (wake)
        wake();
}

void sys_signals_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_signal;
    sa.sa_flags = 0; /* no SA_RESTART: a blocking read returns EINTR and the loop notices */
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

int sys_signal_pending(void)
{
    return (int)pending;
}

void sys_signal_exit(int sig)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    _exit(128 + sig); /* not reached for HUP/TERM/INT */
}

void sys_signals_set_restore(void (*restore)(void))
{
    restore_fn = restore;
    if (!restore || crash_handled)
        return;
    /* Crashes are caught only when there is a terminal to restore: elsewhere the default
     * action (and a sanitizer's report) stays as it is. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGABRT, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    sigaction(SIGFPE, &sa, NULL);
    crash_handled = 1;
}

void sys_signals_set_wake(void (*wake)(void))
{
    wake_fn = wake;
}
