/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — the lobby (src/sys/lobby.c): unsafe directories are refused (symbolic
 * link, writable by others without the sticky bit, an unsafe parent, not a directory), the
 * sockets carry the kernel's credentials of each end (another user's too, when run as root),
 * a socket served by someone other than its owner is refused, and --for lists. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/lobby.h"

static char base[64];

static void setup(void)
{
    snprintf(base, sizeof base, "/tmp/check_lobby.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(base));
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    ck_assert_int_eq(system(cmd), 0);
}

static void sub(char *out, size_t size, const char *name)
{
    snprintf(out, size, "%s/%s", base, name);
}

static void expect_refused(const char *dir, const char *why)
{
    char err[512];
    ck_assert_msg(lobby_check_dir(dir, true, err, sizeof err) == -1, "%s accepted", dir);
    ck_assert_msg(strstr(err, why) != NULL, "%s: '%s' (expected '%s')", dir, err, why);
}

static void expect_safe(const char *dir)
{
    char err[512] = "";
    ck_assert_msg(lobby_check_dir(dir, true, err, sizeof err) == 0, "%s: %s", dir, err);
}

START_TEST(test_unsafe_dirs)
{
    char d[128], target[128];
    /* A symbolic link to a safe directory is still refused: it can be pointed elsewhere. */
    sub(target, sizeof target, "real");
    ck_assert_int_eq(mkdir(target, 0700), 0);
    expect_safe(target);
    sub(d, sizeof d, "link");
    ck_assert_int_eq(symlink(target, d), 0);
    expect_refused(d, "symbolic link");
    /* World-writable without the sticky bit. */
    sub(d, sizeof d, "open");
    ck_assert_int_eq(mkdir(d, 0700), 0);
    ck_assert_int_eq(chmod(d, 0777), 0);
    expect_refused(d, "without the sticky bit");
    /* Group-writable without the sticky bit. */
    sub(d, sizeof d, "group");
    ck_assert_int_eq(mkdir(d, 0700), 0);
    ck_assert_int_eq(chmod(d, 0770), 0);
    expect_refused(d, "without the sticky bit");
    /* The same with the sticky bit is what /tmp is: safe. */
    ck_assert_int_eq(chmod(d, 01770), 0);
    expect_safe(d);
    /* A safe directory inside an unsafe one: the parent could swap it. */
    sub(d, sizeof d, "open/inner");
    ck_assert_int_eq(mkdir(d, 0700), 0);
    expect_refused(d, "its parent");
    /* Not a directory. */
    sub(d, sizeof d, "file");
    int fd = open(d, O_CREAT | O_WRONLY, 0600);
    ck_assert_int_ge(fd, 0);
    close(fd);
    expect_refused(d, "not a directory");
    /* Too long for a socket address. */
    char longname[200];
    memset(longname, 'x', sizeof longname);
    longname[0] = '/';
    longname[sizeof longname - 1] = 0;
    expect_refused(longname, "too long");
    /* Missing, not to be created. */
    char err[512];
    sub(d, sizeof d, "missing");
    ck_assert_int_eq(lobby_check_dir(d, false, err, sizeof err), -1);
}
END_TEST

START_TEST(test_created_sticky)
{
    char d[128];
    sub(d, sizeof d, "made");
    mode_t old = umask(022);
    expect_safe(d);
    umask(old);
    struct stat st;
    ck_assert_int_eq(lstat(d, &st), 0);
    ck_assert(S_ISDIR(st.st_mode));
    ck_assert_int_eq(st.st_mode & 07777, 01777);
}
END_TEST

START_TEST(test_env_and_default)
{
    unsetenv("COTUONG_LOBBY");
    ck_assert_str_eq(lobby_dir(NULL), LOBBY_DEFAULT_DIR);
    setenv("COTUONG_LOBBY", "/srv/club", 1);
    ck_assert_str_eq(lobby_dir(NULL), "/srv/club");
    ck_assert_str_eq(lobby_dir("/x"), "/x");
    setenv("COTUONG_LOBBY", "", 1);
    ck_assert_str_eq(lobby_dir(NULL), LOBBY_DEFAULT_DIR);
    unsetenv("COTUONG_LOBBY");
}
END_TEST

START_TEST(test_listen_connect_creds)
{
    char d[128], err[512] = "";
    sub(d, sizeof d, "lobby");
    lobby_listener l = {.fd = -1};
    ck_assert_msg(lobby_listen(d, &l, err, sizeof err) == 0, "%s", err);
    ck_assert(lobby_id_valid(l.id));
    ck_assert(lobby_code_valid(l.code));
    struct stat st;
    ck_assert_int_eq(lstat(l.path, &st), 0);
    ck_assert(S_ISSOCK(st.st_mode));
    ck_assert_int_eq(st.st_mode & 0777, 0666);
    /* Listed. */
    char ids[8][LOBBY_ID_LEN + 1];
    ck_assert_int_eq(lobby_scan(d, ids, 8, err, sizeof err), 1);
    ck_assert_str_eq(ids[0], l.id);
    /* Nothing waits yet. */
    errno = 0;
    ck_assert_int_eq(lobby_accept(&l), -1);
    ck_assert(errno == EAGAIN || errno == EWOULDBLOCK);
    lobby_peer host;
    int c = lobby_connect(d, l.id, &host, err, sizeof err);
    ck_assert_msg(c >= 0, "%s", err);
    ck_assert_int_eq(host.uid, geteuid());
    ck_assert_int_eq(host.pid, getpid());
    int a = lobby_accept(&l);
    ck_assert_int_ge(a, 0);
    lobby_peer guest;
    ck_assert_int_eq(lobby_peer_of(a, &guest), 0);
    ck_assert_int_eq(guest.uid, geteuid());
    ck_assert_int_eq(guest.pid, getpid());
    char me[33];
    lobby_user_name(geteuid(), me, sizeof me);
    ck_assert_str_eq(guest.user, me);
    close(a);
    close(c);
    lobby_unlisten(&l);
    ck_assert_int_eq(lstat(l.path[0] ? l.path : ids[0], &st), -1);
    ck_assert_int_eq(lobby_scan(d, ids, 8, err, sizeof err), 0);
}
END_TEST

START_TEST(test_not_a_socket_and_stale)
{
    char d[128], f[160], err[512] = "";
    sub(d, sizeof d, "lobby");
    ck_assert_int_eq(lobby_check_dir(d, true, err, sizeof err), 0);
    /* A plain file dressed as a game. */
    snprintf(f, sizeof f, "%s/abcdefgh.sock", d);
    int fd = open(f, O_CREAT | O_WRONLY, 0644);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char ids[4][LOBBY_ID_LEN + 1];
    ck_assert_int_eq(lobby_scan(d, ids, 4, err, sizeof err), 0);
    lobby_peer host;
    ck_assert_int_eq(lobby_connect(d, "abcdefgh", &host, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "not a socket"));
    /* Ids that are not ids never become paths. */
    ck_assert_int_eq(lobby_connect(d, "../../etc", &host, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "not a game id"));
    /* A host that died without removing its socket: gone, and the file is tidied away. */
    lobby_listener l = {.fd = -1};
    ck_assert_int_eq(lobby_listen(d, &l, err, sizeof err), 0);
    close(l.fd);
    ck_assert_int_eq(lobby_connect(d, l.id, &host, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "gone"));
    struct stat st;
    ck_assert_int_eq(lstat(l.path, &st), -1);
}
END_TEST

static uid_t nobody_uid(void)
{
    struct passwd *pw = getpwnam("nobody");
    return pw ? pw->pw_uid : 65534;
}

/* Run as root: another user connects, and the host sees that user, whatever it says. */
START_TEST(test_other_user_creds)
{
    if (geteuid() != 0) {
        fprintf(stderr, "test_other_user_creds: not root, other users not tried\n");
        return;
    }
    char d[128], err[512] = "";
    sub(d, sizeof d, "lobby");
    lobby_listener l = {.fd = -1};
    ck_assert_msg(lobby_listen(d, &l, err, sizeof err) == 0, "%s", err);
    chmod(base, 0755); /* let the other user reach the lobby */
    uid_t nobody = nobody_uid();
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        if (setgid(nobody) != 0 || setuid(nobody) != 0)
            _exit(10);
        lobby_peer host;
        char e[512];
        int c = lobby_connect(d, l.id, &host, e, sizeof e);
        if (c < 0)
            _exit(11);
        if (host.uid != 0)
            _exit(12); /* the guest sees the host's real identity too */
        char b;
        if (read(c, &b, 1) != 0) /* wait for the host to close */
            _exit(13);
        _exit(0);
    }
    int a = -1;
    for (int i = 0; i < 400 && a < 0; i++) {
        a = lobby_accept(&l);
        if (a < 0)
            usleep(5000);
    }
    ck_assert_int_ge(a, 0);
    lobby_peer guest;
    ck_assert_int_eq(lobby_peer_of(a, &guest), 0);
    ck_assert_int_eq(guest.uid, nobody);
    ck_assert_int_eq(guest.pid, pid);
    close(a);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d", status);

    /* A socket whose file belongs to someone else than the process serving it. */
    ck_assert_int_eq(chown(l.path, nobody, (gid_t)-1), 0);
    lobby_peer host;
    ck_assert_int_eq(lobby_connect(d, l.id, &host, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not its host") != NULL, "%s", err);
    lobby_unlisten(&l);
}
END_TEST

START_TEST(test_for_lists)
{
    lobby_allow a;
    char err[256];
    ck_assert_int_eq(lobby_parse_for("root", &a, err, sizeof err), 0);
    ck_assert_int_eq(a.n, 1);
    ck_assert_int_eq(a.uid[0], 0);
    ck_assert_int_eq(lobby_parse_for(" root , nobody ", &a, err, sizeof err), 0);
    ck_assert_int_eq(a.n, 2);
    ck_assert_int_eq(a.uid[1], nobody_uid());
    ck_assert_int_eq(lobby_parse_for("1234", &a, err, sizeof err), 0);
    ck_assert_int_eq(a.uid[0], 1234);
    ck_assert_int_eq(lobby_parse_for("root,no_such_user_here", &a, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "no_such_user_here"));
    ck_assert_int_eq(lobby_parse_for("root,,nobody", &a, err, sizeof err), -1);
    ck_assert_int_eq(lobby_parse_for("", &a, err, sizeof err), -1);
    /* Admission: the host always, the listed users, nobody else; no list = everyone. */
    ck_assert_int_eq(lobby_parse_for("1234,1235", &a, err, sizeof err), 0);
    ck_assert(lobby_admits(&a, 1000, 1000));
    ck_assert(lobby_admits(&a, 1000, 1235));
    ck_assert(!lobby_admits(&a, 1000, 1236));
    a.n = 0;
    ck_assert(lobby_admits(&a, 1000, 1236));
}
END_TEST

START_TEST(test_ids_codes)
{
    ck_assert(lobby_id_valid("abcdefgh"));
    ck_assert(!lobby_id_valid("abcdefg"));
    ck_assert(!lobby_id_valid("abcdefgl")); /* l is not in the alphabet */
    ck_assert(!lobby_id_valid("ABCDEFGH"));
    ck_assert(!lobby_id_valid("abc/efgh"));
    ck_assert(lobby_code_valid("K7QX2M"));
    ck_assert(!lobby_code_valid("K7QX2O"));
    ck_assert(!lobby_code_valid("k7qx2m"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lobby");
    TCase *tc = tcase_create("lobby");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_unsafe_dirs);
    tcase_add_test(tc, test_created_sticky);
    tcase_add_test(tc, test_env_and_default);
    tcase_add_test(tc, test_listen_connect_creds);
    tcase_add_test(tc, test_not_a_socket_and_stale);
    tcase_add_test(tc, test_other_user_creds);
    tcase_add_test(tc, test_for_lists);
    tcase_add_test(tc, test_ids_codes);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
