/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — the two sides of a hosted game (src/game/remote.c) in one process over a
 * real lobby socket: the snapshot, moves both ways through the seat and the referee, the
 * clock line, chat, a takeback; hostile peers on either side (garbage, floods, silence, a
 * host that contradicts the moves) end their own link and nothing else. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "game/game.h"
#include "game/remote.h"
#include "sys/systime.h"

static char dir[64];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/check_remote.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static remote *new_host(int64_t tc_min)
{
    remote_host_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.lobby = dir;
    cfg.host_side = CT_RED;
    cfg.rules = CT_RULES_ONLINE;
    if (tc_min) {
        cfg.tc.base_ms = tc_min * 60000;
    }
    char err[256];
    remote *h = remote_host_new(&cfg, err, sizeof err);
    ck_assert_msg(h != NULL, "%s", err);
    return h;
}

/* Steps both sides (either may be NULL) a few times. */
static void spin(remote *a, remote *b)
{
    for (int i = 0; i < 20; i++) {
        int64_t now = sys_now_ms();
        if (a)
            remote_step(a, now);
        if (b)
            remote_step(b, now);
        usleep(2000);
    }
}

/* The next event of kind k, skipping others; false when none came. */
static bool expect(remote *r, remote *other, remote_event_kind k, remote_event *out)
{
    for (int tries = 0; tries < 50; tries++) {
        remote_event e;
        while (remote_next_event(r, &e))
            if (e.kind == k) {
                if (out)
                    *out = e;
                return true;
            }
        spin(r, other);
    }
    return false;
}

static game hg, jg; /* large: not on the stack */

/* Joining asks the host for its listing: the host must answer meanwhile. */
typedef struct {
    remote *h;
    volatile bool done;
} spinner;

static void *spin_thread(void *arg)
{
    spinner *sp = arg;
    while (!sp->done) {
        remote_step(sp->h, sys_now_ms());
        usleep(2000);
    }
    return NULL;
}

static remote *join_now(remote *h, const char *which, bool watch)
{
    spinner sp = {h, false};
    pthread_t t;
    pthread_create(&t, NULL, spin_thread, &sp);
    char err[256];
    remote *j = remote_join(dir, which, watch, err, sizeof err);
    sp.done = true;
    pthread_join(t, NULL);
    ck_assert_msg(j != NULL, "%s", err);
    return j;
}

START_TEST(test_game_both_ways)
{
    remote *h = new_host(5);
    char err[256];
    /* The host's game: the guest's side is a remote seat. */
    game_setup s;
    game_setup_default(&s);
    s.tc.base_ms = 5 * 60000;
    game_init(&hg);
    int64_t now = sys_now_ms();
    ck_assert_int_eq(game_new(&hg, &s, now), CT_OK);
    game_set_seat(&hg, CT_BLACK, remote_seat_new(h), NULL);
    remote_publish(h, &hg, now);
    /* The guest's own account needs the code. */
    remote *bad = join_now(h, "ZZZZZZ", false);
    remote_event e;
    ck_assert(expect(bad, h, REMOTE_EV_CLOSED, &e));
    ck_assert_msg(strstr(e.text, "wrong game code") != NULL, "%s", e.text);
    remote_free(bad);
    remote *j = join_now(h, remote_code(h), false);
    ck_assert(expect(j, h, REMOTE_EV_SYNCED, NULL));
    ck_assert(expect(h, j, REMOTE_EV_JOINED, NULL));
    ck_assert_int_eq(remote_my_side(j), CT_BLACK);
    /* The joiner's copy, its host's side a remote seat. */
    game_setup js;
    game_setup_default(&js);
    ct_time_control tc;
    remote_game_setup(j, &js.rules, &tc, js.fen, sizeof js.fen);
    ck_assert_int_eq(tc.base_ms, 5 * 60000);
    game_init(&jg);
    ck_assert_int_eq(game_new(&jg, &js, now), CT_OK);
    game_set_seat(&jg, CT_RED, remote_seat_new(j), NULL);

    /* 1. The host plays h2e2: the guest's seat brings it to the guest's referee. */
    ck_assert_int_eq(game_play(&hg, CT_MOVE(CT_SQ(7, 2), CT_SQ(4, 2)), sys_now_ms(), NULL), GAME_OK);
    remote_publish(h, &hg, sys_now_ms());
    bool got = false;
    for (int i = 0; i < 100 && !got; i++) {
        spin(h, j);
        got = game_tick(&jg, sys_now_ms()).kind == GAME_TICK_MOVED;
    }
    ck_assert(got);
    ck_assert_int_eq(game_plies(&jg), 1);
    int running;
    int64_t left = remote_clock_left(j, CT_BLACK, sys_now_ms(), &running);
    ck_assert_int_eq(running, CT_BLACK);
    ck_assert(left > 5 * 60000 - 2000 && left <= 5 * 60000);
    /* 2. The guest answers h9g7: the host's referee plays it from the seat. */
    ck_assert_int_eq(game_play(&jg, CT_MOVE(CT_SQ(7, 9), CT_SQ(6, 7)), sys_now_ms(), NULL), GAME_OK);
    remote_publish(j, &jg, sys_now_ms());
    got = false;
    for (int i = 0; i < 100 && !got; i++) {
        spin(h, j);
        got = game_tick(&hg, sys_now_ms()).kind == GAME_TICK_MOVED;
    }
    ck_assert(got);
    ck_assert_int_eq(game_plies(&hg), 2);
    remote_publish(h, &hg, sys_now_ms()); /* the echo of the guest's move: no disagreement */
    spin(h, j);
    while (remote_next_event(j, &e))
        ck_assert_int_ne(e.kind, REMOTE_EV_DISAGREE);
    /* 3. Chat: sanitized on the way. */
    remote_send_chat(j, "hi \x1b[2J there");
    ck_assert(expect(h, j, REMOTE_EV_CHAT, &e));
    ck_assert_str_eq(e.text, "hi ?[2J there");
    /* 4. A watcher gets the whole game, and the count reaches both. */
    remote *w = join_now(h, remote_id(h), true);
    ck_assert(expect(w, h, REMOTE_EV_SYNCED, NULL));
    ct_move mv[8];
    ck_assert_int_eq(remote_game_moves(w, mv, 8), 2);
    ck_assert_int_eq(mv[1], CT_MOVE(CT_SQ(7, 9), CT_SQ(6, 7)));
    ck_assert(expect(j, h, REMOTE_EV_WATCHERS, &e));
    ck_assert_int_eq(remote_watchers(j), 1);
    /* 5. The listing says it all. */
    remote_listing list[4];
    spinner sp = {h, false};
    pthread_t t;
    pthread_create(&t, NULL, spin_thread, &sp);
    int listed = remote_list(dir, list, 4, err, sizeof err);
    sp.done = true;
    pthread_join(t, NULL);
    ck_assert_int_eq(listed, 1);
    ck_assert_str_eq(list[0].id, remote_id(h));
    ck_assert_int_eq(list[0].ply, 2);
    ck_assert_int_eq(list[0].watchers, 1);
    ck_assert_int_eq(list[0].state, PROTO_PLAYING);
    /* 6. A takeback to ply 1 reaches the joiners. */
    ck_assert_int_eq(game_undo(&hg, sys_now_ms()), GAME_OK);
    remote_publish(h, &hg, sys_now_ms());
    ck_assert(expect(w, h, REMOTE_EV_TAKEBACK, &e));
    ck_assert_int_eq(e.ply, 1);
    ck_assert(expect(j, h, REMOTE_EV_TAKEBACK, &e));
    /* 7. The guest leaves: the host hears it. */
    remote_free(j);
    game_set_seat(&jg, CT_RED, NULL, NULL);
    ck_assert(expect(h, w, REMOTE_EV_AWAY, NULL));
    ck_assert(expect(w, h, REMOTE_EV_AWAY, NULL));
    game_free(&jg);
    game_set_seat(&hg, CT_BLACK, NULL, NULL);
    game_free(&hg);
    remote_free(w);
    remote_free(h);
}
END_TEST

/* A raw client against the host: writes lines, reads what comes back. */
static int raw_connect(remote *h)
{
    char err[256];
    lobby_peer peer;
    int fd = lobby_connect(dir, remote_id(h), &peer, err, sizeof err);
    ck_assert_msg(fd >= 0, "%s", err);
    return fd;
}

static void raw_read_all(remote *h, int fd, char *buf, size_t size)
{
    size_t len = 0;
    struct timeval tv = {0, 20000};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    for (int i = 0; i < 50; i++) {
        spin(h, NULL);
        ssize_t n = read(fd, buf + len, size - 1 - len);
        if (n == 0)
            break;
        if (n > 0)
            len += (size_t)n;
    }
    buf[len] = 0;
}

START_TEST(test_hostile_guests)
{
    remote *h = new_host(0);
    static const struct {
        const char *send, *expect;
    } cases[] = {
        {"hello 1 watcher\nmove 1 H2-E2 \x1b[31m\n", "protocol error: control character"},
        {"hello 1 player\n", "bye refused your own game"},
        {"HELO\n", "bye protocol"},
        {"move 1 H2-E2\n", "bye protocol hello first"},
        {"hello 7 player\n", "bye version"},
        {"hello 1 host\n", "bye protocol"},
        {"hello 1 watcher\nmove 3 H2-E2\n", "watchers do not move"},
        {"hello 1 list\n", "info root - online none 0 0 open"},
    };
    char buf[8192];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int fd = raw_connect(h);
        ck_assert(write(fd, cases[i].send, strlen(cases[i].send)) > 0);
        raw_read_all(h, fd, buf, sizeof buf);
        if (!strstr(cases[i].expect, "info root") || geteuid() == 0)
            ck_assert_msg(strstr(buf, cases[i].expect) != NULL, "%zu: sent %s got '%s'", i,
                          cases[i].send, buf);
        close(fd);
    }
    /* A line without end: cut off at the limit, not buffered forever. */
    int fd = raw_connect(h);
    char big[3000];
    memset(big, 'a', sizeof big);
    ck_assert(write(fd, big, sizeof big) > 0);
    raw_read_all(h, fd, buf, sizeof buf);
    ck_assert_msg(strstr(buf, "line too long") != NULL, "%s", buf);
    close(fd);
    /* A flood: the rate limit ends it. */
    fd = raw_connect(h);
    char flood[4000] = "hello 1 watcher\n";
    for (int k = 0; k < 200; k++)
        strcat(flood, "chat x\n");
    ck_assert(write(fd, flood, strlen(flood)) > 0);
    raw_read_all(h, fd, buf, sizeof buf);
    ck_assert_msg(strstr(buf, "too many messages") != NULL, "%s", buf);
    close(fd);
    /* Silence: no hello within the greeting time. */
    fd = raw_connect(h);
    spin(h, NULL);
    remote_step(h, sys_now_ms() + REMOTE_GREET_MS + 1000);
    raw_read_all(h, fd, buf, sizeof buf);
    ck_assert_msg(strstr(buf, "bye timeout") != NULL, "%s", buf);
    close(fd);
    /* The host is still there for a proper guest. */
    remote *w = join_now(h, remote_id(h), true);
    ck_assert(expect(w, h, REMOTE_EV_SYNCED, NULL));
    remote_free(w);
    remote_free(h);
}
END_TEST

/* A host that lies: the joiner stops with a clear reason, and the bytes it sends are
 * checked like any peer's. */
START_TEST(test_hostile_host)
{
    static const struct {
        const char *send;
        remote_event_kind kind;
        const char *expect;
    } cases[] = {
        {"hello 1 host\nseat black a b\ngame online none startpos\nmove 1 H2-E2\nsync 1\n"
         "move 3 H0-G2\n",
         REMOTE_EV_DISAGREE, "skipped to ply 3"},
        {"hello 1 host\nseat black a b\ngame online none startpos\nmove 1 H2-E2\nsync 2\n",
         REMOTE_EV_DISAGREE, "announced 2 plies"},
        {"hello 1 host\nseat black a b\ngame online none startpos\nsync 0\ntakeback 5\n",
         REMOTE_EV_DISAGREE, "beyond the game"},
        {"seat black a b\n", REMOTE_EV_CLOSED, "did not greet"},
        {"hello 2 host\n", REMOTE_EV_CLOSED, "another protocol version"},
        {"hello 1 host\nresign\n", REMOTE_EV_CLOSED, "only guests send"},
        {"hello 1 host\nchat \x1b]0;x\x07\n", REMOTE_EV_CLOSED, "control character"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int sv[2];
        ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
        char err[128];
        remote *j = remote_join_fds(sv[0], sv[0], NULL, NULL, false, err, sizeof err);
        ck_assert_ptr_nonnull(j);
        ck_assert(write(sv[1], cases[i].send, strlen(cases[i].send)) > 0);
        remote_event e;
        ck_assert_msg(expect(j, NULL, cases[i].kind, &e), "case %zu", i);
        ck_assert_msg(strstr(e.text, cases[i].expect) != NULL, "case %zu: '%s'", i, e.text);
        remote_free(j);
        close(sv[1]);
    }
    /* The joiner's own move echoed as another move is a disagreement. */
    int sv[2];
    ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    char err[128];
    remote *j = remote_join_fds(sv[0], sv[0], NULL, NULL, false, err, sizeof err);
    const char *snap = "hello 1 host\nseat red a b\ngame online none startpos\nsync 0\n";
    ck_assert(write(sv[1], snap, strlen(snap)) > 0);
    ck_assert(expect(j, NULL, REMOTE_EV_SYNCED, NULL));
    game_setup s;
    game_setup_default(&s);
    game_init(&jg);
    ck_assert_int_eq(game_new(&jg, &s, 0), CT_OK);
    ck_assert_int_eq(game_play(&jg, CT_MOVE(CT_SQ(7, 2), CT_SQ(4, 2)), 0, NULL), GAME_OK);
    remote_publish(j, &jg, 0);
    spin(j, NULL);
    char buf[256] = "";
    ck_assert(read(sv[1], buf, sizeof buf - 1) > 0);
    ck_assert_ptr_nonnull(strstr(buf, "move 1 H2-E2"));
    ck_assert(write(sv[1], "move 1 B2-E2\n", 13) > 0);
    remote_event e;
    ck_assert(expect(j, NULL, REMOTE_EV_DISAGREE, &e));
    ck_assert_ptr_nonnull(strstr(e.text, "another move at ply 1"));
    game_free(&jg);
    remote_free(j);
    close(sv[1]);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("remote");
    TCase *tc = tcase_create("remote");
    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_game_both_ways);
    tcase_add_test(tc, test_hostile_guests);
    tcase_add_test(tc, test_hostile_host);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
