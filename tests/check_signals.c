/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the one signal handler (sys/signals.c): the first quit signal is only recorded,
 * the wake callback runs with it, a second one restores the terminal and leaves with
 * 128 + the signal, a crash restores the terminal and dies by its signal. Each case runs
 * in a child process, whose signal dispositions are its own. */
#include <check.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/signals.h"

static int pipe_fd = -1;

/* Async-signal-safe callbacks: one byte on a pipe says they ran. */
static void note_restore(void)
{
    ssize_t r = write(pipe_fd, "R", 1);
    (void)r;
}

static void note_wake(void)
{
    ssize_t r = write(pipe_fd, "W", 1);
    (void)r;
}

/* Runs body in a child; returns its wait status and what the callbacks wrote. */
static int in_child(void (*body)(void), char *notes, size_t size)
{
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        pipe_fd = fds[1];
        body();
        _exit(0);
    }
    close(fds[1]);
    int status = 0;
    waitpid(pid, &status, 0);
    ssize_t n = read(fds[0], notes, size - 1);
    notes[n > 0 ? n : 0] = 0;
    close(fds[0]);
    return status;
}

static void first_signal(void)
{
    sys_signals_install();
    sys_signals_set_wake(note_wake);
    if (sys_signal_pending() != 0)
        _exit(10);
    raise(SIGTERM);
    _exit(sys_signal_pending() == SIGTERM ? 20 : 30);
}

static void second_signal(void)
{
    sys_signals_install();
    sys_signals_set_restore(note_restore);
    raise(SIGHUP);
    raise(SIGINT); /* leaves here */
    _exit(40);
}

#ifndef __SANITIZE_ADDRESS__
/* AddressSanitizer keeps SIGSEGV for its own report: no crash case under it. */
static void crash(void)
{
    sys_signals_install();
    sys_signals_set_restore(note_restore);
    raise(SIGSEGV);
    _exit(50);
}
#endif

static void pipe_ignored(void)
{
    sys_signals_install();
    raise(SIGPIPE);
    _exit(60);
}

START_TEST(test_first_signal_is_recorded)
{
    char notes[8];
    int st = in_child(first_signal, notes, sizeof notes);
    ck_assert(WIFEXITED(st));
    ck_assert_int_eq(WEXITSTATUS(st), 20);
    ck_assert_str_eq(notes, "W");
}
END_TEST

START_TEST(test_second_signal_leaves)
{
    char notes[8];
    int st = in_child(second_signal, notes, sizeof notes);
    ck_assert(WIFEXITED(st));
    ck_assert_int_eq(WEXITSTATUS(st), 128 + SIGINT);
    ck_assert_str_eq(notes, "R");
}
END_TEST

#ifndef __SANITIZE_ADDRESS__
START_TEST(test_crash_restores_then_dies)
{
    char notes[8];
    int st = in_child(crash, notes, sizeof notes);
    ck_assert(WIFSIGNALED(st));
    ck_assert_int_eq(WTERMSIG(st), SIGSEGV);
    ck_assert_str_eq(notes, "R");
}
END_TEST
#endif

START_TEST(test_sigpipe_ignored)
{
    char notes[8];
    int st = in_child(pipe_ignored, notes, sizeof notes);
    ck_assert(WIFEXITED(st));
    ck_assert_int_eq(WEXITSTATUS(st), 60);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("signals");
    TCase *tc = tcase_create("signals");
    tcase_add_test(tc, test_first_signal_is_recorded);
    tcase_add_test(tc, test_second_signal_leaves);
#ifndef __SANITIZE_ADDRESS__
    tcase_add_test(tc, test_crash_restores_then_dies);
#endif
    tcase_add_test(tc, test_sigpipe_ignored);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
