/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — a lobby game bound to its link on both sides (src/game/netgame.c) in one
 * process over a real lobby socket: an undo happens only after the other side's yes, a draw
 * offer declined then accepted, the guest away past the grace time adjourning the game (no
 * result, kept in the host's file, found again for --resume), the files per game. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game/netgame.h"
#include "sys/systime.h"
#include "cotuong/pgn.h"

static char dir[64];
static char state[96];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/check_netgame.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(state, sizeof state, "%s/state", dir);
    setenv("XDG_STATE_HOME", state, 1);
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static game hg, jg;       /* large: not on the stack */
static netgame hn, gn;

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

/* One loop turn of an owner: the link, the game's tick. */
static void turn(netgame *n)
{
    if (!n->r)
        return;
    int64_t now = sys_now_ms();
    netgame_step(n, now);
    if (n->built && !n->stop) {
        game_tick_event t = game_tick(n->g, now);
        netgame_tick_event(n, &t);
        if (t.kind == GAME_TICK_MOVED)
            netgame_step(n, now);
    }
}

static void pump(int times)
{
    for (int i = 0; i < times; i++) {
        turn(&hn);
        turn(&gn);
        usleep(2000);
    }
}

/* How long a wait may take: by the clock, not by turns (a loaded machine is slow). */
#define WAIT_MS 10000

/* Pumps until n has a note of kind k whose text holds want (NULL: any); false otherwise. */
static bool note_of(netgame *n, netgame_note_kind k, const char *want)
{
    for (int64_t t0 = sys_now_ms(); sys_now_ms() - t0 < WAIT_MS;) {
        netgame_note nt;
        while (netgame_next_note(n, &nt))
            if (nt.kind == k && (!want || strstr(nt.text, want)))
                return true;
        pump(1);
    }
    return false;
}

static void until_plies(game *g, int plies)
{
    for (int64_t t0 = sys_now_ms(); sys_now_ms() - t0 < WAIT_MS && game_plies(g) != plies;)
        pump(1);
    ck_assert_int_eq(game_plies(g), plies);
}

/* A hosted game (Red) with the guest (Black, this same account through the code) joined. */
static void start(int grace_ms)
{
    remote_host_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.lobby = dir;
    cfg.host_side = CT_RED;
    cfg.rules = CT_RULES_ONLINE;
    cfg.tc.base_ms = 5 * 60000;
    char err[256];
    remote *h = remote_host_new(&cfg, err, sizeof err);
    ck_assert_msg(h != NULL, "%s", err);
    game_setup s;
    netgame_setup_of(&cfg, &s);
    game_init(&hg);
    netgame_host(&hn, h, &hg, &s, NULL, sys_now_ms());
    if (grace_ms)
        hn.grace_ms = grace_ms;
    spinner sp = {h, false};
    pthread_t t;
    pthread_create(&t, NULL, spin_thread, &sp);
    remote *j = remote_join(dir, remote_code(h), false, err, sizeof err);
    sp.done = true;
    pthread_join(t, NULL);
    ck_assert_msg(j != NULL, "%s", err);
    game_init(&jg);
    netgame_join(&gn, j, &jg);
    ck_assert(note_of(&gn, NETGAME_NOTE_BOARD, "You play Black"));
    ck_assert(note_of(&hn, NETGAME_NOTE_INFO, "joined"));
}

static void play(netgame *n, const char *iccs)
{
    ct_move mv = ct_move_parse_coord(iccs);
    const char *why = "";
    ck_assert_msg(netgame_may_move(n, &why), "%s", why);
    ck_assert_int_eq(game_play(n->g, mv, sys_now_ms(), NULL), GAME_OK);
    netgame_step(n, sys_now_ms());
}

static void finish(void)
{
    netgame_end(&gn);
    netgame_end(&hn);
    game_free(&jg);
    game_free(&hg);
}

START_TEST(test_undo_needs_yes)
{
    char msg[400];
    start(0);
    play(&hn, "h2e2");
    until_plies(&jg, 1);
    play(&gn, "h9g7");
    until_plies(&hg, 2);
    play(&hn, "h0g2");
    until_plies(&jg, 3);
    /* Out of turn: refused before anything is sent. */
    const char *why;
    ck_assert(!netgame_may_move(&hn, &why));
    /* The guest asks to take back its move (ply 2): the host says no, nothing changes. */
    ck_assert(netgame_ask_undo(&gn, msg, sizeof msg));
    ck_assert(note_of(&hn, NETGAME_NOTE_ASK, "take back the moves after Red's move 1"));
    ck_assert_int_eq(game_plies(&hg), 3);
    ck_assert(netgame_answer_undo(&hn, false, sys_now_ms(), msg, sizeof msg));
    ck_assert(note_of(&gn, NETGAME_NOTE_INFO, "does not agree"));
    pump(50);
    ck_assert_int_eq(game_plies(&hg), 3);
    ck_assert_int_eq(game_plies(&jg), 3);
    /* An answer nobody asked for does nothing. */
    ck_assert(!netgame_answer_undo(&hn, true, sys_now_ms(), msg, sizeof msg));
    /* Asked again and granted: both sides are back at ply 1, Black to move. */
    ck_assert(netgame_ask_undo(&gn, msg, sizeof msg));
    ck_assert(note_of(&hn, NETGAME_NOTE_ASK, NULL));
    ck_assert(netgame_answer_undo(&hn, true, sys_now_ms(), msg, sizeof msg));
    until_plies(&hg, 1);
    until_plies(&jg, 1);
    ck_assert_int_eq(game_side(&jg), CT_BLACK);
    finish();
}
END_TEST

/* Red takes back the first move of the game: worded as moves, never "ply 0". */
START_TEST(test_undo_first_move_in_words)
{
    char msg[400];
    start(0);
    play(&hn, "h2e2");
    until_plies(&jg, 1);
    ck_assert(netgame_ask_undo(&hn, msg, sizeof msg));
    ck_assert_str_eq(msg, "Asked to take back the moves after the start of the game.");
    ck_assert(note_of(&gn, NETGAME_NOTE_ASK, "asks to take back the moves after the start of the game"));
    ck_assert(netgame_answer_undo(&gn, true, sys_now_ms(), msg, sizeof msg));
    until_plies(&hg, 0);
    until_plies(&jg, 0);
    finish();
}
END_TEST

START_TEST(test_draw_declined_then_accepted)
{
    char msg[400];
    start(0);
    play(&hn, "h2e2");
    until_plies(&jg, 1);
    ck_assert(netgame_offer_draw(&hn, msg, sizeof msg));
    ck_assert(note_of(&gn, NETGAME_NOTE_ASK, "offers a draw"));
    ck_assert(netgame_answer_draw(&gn, false, sys_now_ms(), msg, sizeof msg));
    ck_assert(note_of(&hn, NETGAME_NOTE_INFO, "declined"));
    ck_assert(!game_over(&hg));
    /* No offer stands now: accepting is refused. */
    ck_assert(!netgame_answer_draw(&hn, true, sys_now_ms(), msg, sizeof msg));
    ck_assert(netgame_offer_draw(&gn, msg, sizeof msg));
    ck_assert(note_of(&hn, NETGAME_NOTE_ASK, "offers a draw"));
    ck_assert(netgame_answer_draw(&hn, true, sys_now_ms(), msg, sizeof msg));
    ck_assert(note_of(&gn, NETGAME_NOTE_OVER, NULL));
    ck_assert(game_over(&hg));
    ck_assert(game_over(&jg));
    ck_assert_int_eq(hg.match.result, CT_RESULT_DRAW);
    ck_assert_int_eq(jg.match.result, CT_RESULT_DRAW);
    finish();
}
END_TEST

START_TEST(test_grace_adjourns)
{
    start(300);
    play(&hn, "c3c4");
    until_plies(&jg, 1);
    char guest_file[1100], id[16];
    snprintf(guest_file, sizeof guest_file, "%s", gn.resume_path);
    snprintf(id, sizeof id, "%s", remote_id(hn.r));
    ck_assert(strstr(guest_file, id) != NULL); /* one file per game */
    ck_assert(strstr(hn.resume_path, "lobby-host-") != NULL);
    /* The guest's link goes: the clocks stop, and after the grace time the host adjourns. */
    netgame_end(&gn);
    ck_assert(note_of(&hn, NETGAME_NOTE_INFO, "link dropped"));
    int64_t t0 = sys_now_ms();
    while (!hn.stop && sys_now_ms() - t0 < WAIT_MS)
        pump(1);
    ck_assert(hn.stop);
    ck_assert(hn.adjourned);
    ck_assert(sys_now_ms() - t0 >= 250);
    ck_assert(!game_over(&hg));
    ck_assert(hg.paused);
    netgame_end(&hn);
    /* Both files keep the move and no result; --resume finds the host's game with its guest
     * and id. */
    ck_assert_int_eq(access(guest_file, R_OK), 0);
    ct_record *rec = NULL;
    char path[1100], err[300];
    ck_assert_msg(netgame_find_resumable(&rec, path, sizeof path, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(rec->result, CT_RESULT_NONE);
    ck_assert_int_eq(ct_record_count_moves(rec), 1);
    ck_assert_str_eq(ct_record_tag(rec, "LobbyId"), id);
    ck_assert_ptr_nonnull(ct_record_tag(rec, "LobbyGuest"));
    remote_host_config cfg;
    memset(&cfg, 0, sizeof cfg);
    netgame_config_of(rec, &cfg);
    ck_assert_str_eq(cfg.id, id);
    ck_assert_int_eq(cfg.host_side, CT_RED);
    ck_assert_int_eq(cfg.tc.base_ms, 5 * 60000);
    ct_pgn_free_games(rec, 1);
    game_free(&jg);
    game_free(&hg);
}
END_TEST

START_TEST(test_finished_game_not_resumable)
{
    char msg[400];
    start(0);
    play(&hn, "h2e2");
    until_plies(&jg, 1);
    ck_assert(netgame_resign(&gn, sys_now_ms(), msg, sizeof msg));
    ck_assert(note_of(&hn, NETGAME_NOTE_OVER, NULL));
    ck_assert_int_eq(hg.match.result, CT_RESULT_RED_WINS);
    finish();
    ct_record *rec = NULL;
    char path[1100], err[300];
    ck_assert_int_eq(netgame_find_resumable(&rec, path, sizeof path, err, sizeof err), -1);
    ck_assert_ptr_null(rec);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("netgame");
    TCase *tc = tcase_create("netgame");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_undo_needs_yes);
    tcase_add_test(tc, test_undo_first_move_in_words);
    tcase_add_test(tc, test_draw_declined_then_accepted);
    tcase_add_test(tc, test_grace_adjourns);
    tcase_add_test(tc, test_finished_game_not_resumable);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
