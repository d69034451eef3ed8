/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for the mode stack of the interactive program (src/tui/controller.c) without a
 * terminal: each mode owns its state, so a prompt pushed over another prompt (a question
 * asked while a line is being typed) leaves the one below as it was. The real prompt mode
 * runs over a stand-in for the screen that asked; keys are given as the input reader would.
 * The board component every screen shares: the hint, the cursor, the move line. */
#include <check.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/resume.h"
#include "tui/board.h"
#include "tui/controller.h"
#include "tui/modes.h"
#include "tui/session.h"
#include "cotuong/pgn.h"

#define GAMES TEST_DATA_DIR "/review/games.pgn"

extern const ctl_mode ctl_mode_prompt, ctl_mode_help;

static int base_token;

static void *base_open(ctl *c, const void *arg)
{
    (void)c;
    (void)arg;
    return &base_token;
}

static const ctl_mode base_mode = {.name = "base", .open = base_open, .keys = UI_KEYS_PLAY};

static const ctl_mode *const modes[CTL_MODE_COUNT] = {
    [CTL_MODE_MENU] = &base_mode,     [CTL_MODE_PLAY] = &base_mode,
    [CTL_MODE_REVIEW] = &base_mode,   [CTL_MODE_HELP] = &ctl_mode_help,
    [CTL_MODE_PROMPT] = &ctl_mode_prompt, [CTL_MODE_OPEN] = &base_mode,
};

/* What the callbacks were given. */
static char text_got[64];
static void *text_owner, *yesno_owner;
static int yesno_got = -1;

static void on_text(ctl *c, void *st, const char *text)
{
    (void)c;
    text_owner = st;
    snprintf(text_got, sizeof text_got, "%s", text);
}

static void on_yesno(ctl *c, void *st, bool yes)
{
    (void)c;
    yesno_owner = st;
    yesno_got = yes;
}

/* One key to the top mode, through its key group as the main loop does. */
static void key(ctl *c, int k)
{
    const ctl_frame *f = &c->frames[c->n_frames - 1];
    const ctl_mode *m = c->modes[f->id];
    ui_event ev = {.key = k};
    ui_event_regroup(&ev, m->keys);
    m->key(c, f->st, &ev);
}

START_TEST(test_prompt_over_prompt)
{
    ctl c;
    int owner_a, owner_b;
    ctl_init(&c, modes);
    ck_assert(ctl_push(&c, CTL_MODE_PLAY, NULL));
    ctl_prompt_text(&c, &owner_a, "Comment:", "ab", on_text);
    ck_assert_int_eq(ctl_current_mode(&c), CTL_MODE_PROMPT);
    key(&c, 'c');
    /* A question over the line being typed, answered first. */
    ctl_prompt_yesno(&c, &owner_b, "Replace? (y/n)", on_yesno);
    ck_assert_int_eq(c.n_frames, 3);
    key(&c, 'x'); /* neither yes nor no: still asking */
    ck_assert_int_eq(c.n_frames, 3);
    key(&c, 'y');
    ck_assert_int_eq(yesno_got, 1);
    ck_assert_ptr_eq(yesno_owner, &owner_b);
    ck_assert_int_eq(c.n_frames, 2);
    /* The text prompt below is as it was: its text, its callback, its owner. */
    key(&c, 'd');
    ck_assert_str_eq(text_got, "");
    key(&c, '\n');
    ck_assert_str_eq(text_got, "abcd");
    ck_assert_ptr_eq(text_owner, &owner_a);
    ck_assert_int_eq(c.n_frames, 1);
    ck_assert_int_eq(ctl_current_mode(&c), CTL_MODE_PLAY);
    /* The history outlives the prompt: the next text prompt's Up brings it back. */
    ctl_prompt_text(&c, &owner_a, "Move:", "", on_text);
    key(&c, 0x10); /* Ctrl-P: the previous line */
    key(&c, '\n');
    ck_assert_str_eq(text_got, "abcd");
    ctl_free(&c);
}
END_TEST

START_TEST(test_help_owns_its_scroll)
{
    ctl c;
    ctl_init(&c, modes);
    c.layout.rows = 10; /* 6 rows of help lines */
    c.layout.cols = 80;
    ck_assert(ctl_push(&c, CTL_MODE_PLAY, NULL));
    ck_assert(ctl_push(&c, CTL_MODE_HELP, NULL));
    key(&c, 'j');
    key(&c, 'j');
    /* A prompt over the help (no screen does this today) does not move its scroll, and a
     * help opened again starts at the top. */
    ctl_prompt_yesno(&c, NULL, "Quit? (y/n)", on_yesno);
    key(&c, 'n');
    const int *scroll = c.frames[c.n_frames - 1].st;
    ck_assert_int_eq(*scroll, 2);
    key(&c, 'q');
    ck_assert_int_eq(ctl_current_mode(&c), CTL_MODE_PLAY);
    ck_assert(ctl_push(&c, CTL_MODE_HELP, NULL));
    scroll = c.frames[c.n_frames - 1].st;
    ck_assert_int_eq(*scroll, 0);
    ctl_free(&c);
}
END_TEST

/* The records of the resume file as "MODE:SOURCEGAME:COMMENT-OF-ROOT " for each. */
static void resume_summary(char *out, size_t size)
{
    ct_record *recs;
    int n;
    char err[700];
    out[0] = 0;
    ck_assert_msg(resume_load(&recs, &n, err, sizeof err) == 1, "no resume file: %s", err);
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        const char *m = ct_record_tag(&recs[i], "Mode"), *g = ct_record_tag(&recs[i], "SourceGame");
        const char *cm = ct_record_comment(&recs[i], CT_ROOT);
        len += (size_t)snprintf(out + len, size - len, "%s:%s:%s ", m ? m : "-", g ? g : "-",
                                cm ? cm : "-");
    }
    ct_pgn_free_games(recs, n);
}

static void type(ctl *c, const char *text)
{
    for (const char *p = text; *p; p++)
        key(c, *p);
}

START_TEST(test_review_resume_keeps_every_game)
{
    char dir[] = "/tmp/check_modes.XXXXXX", file[64], got[4096];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    setenv("XDG_STATE_HOME", dir, 1);
    snprintf(file, sizeof file, "%s/games.pgn", dir);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", GAMES, file);
    ck_assert_int_eq(system(cmd), 0);
    /* Review the three games; comment the first, then go to the second (PgDn). */
    ctl c;
    ctl_init(&c, tui_modes);
    ctl_review_arg arg = {.path = file};
    ck_assert(ctl_push(&c, CTL_MODE_REVIEW, &arg));
    key(&c, '\n'); /* the game list: the first game */
    key(&c, ';');
    key(&c, 'u' & 0x1f); /* Ctrl-U: the old comment goes */
    type(&c, "mine");
    key(&c, '\n');
    resume_summary(got, sizeof got);
    ck_assert_str_eq(got, "review:0:mine ");
    key(&c, KEY_NPAGE);
    /* The game shown (the second, unchanged) and the changed first one: both kept (only
     * the game shown was, and nothing once it had no changes of its own). */
    resume_summary(got, sizeof got);
    ck_assert_str_eq(got, "review:1:- review-game:0:mine ");
    c.quit = true; /* the program stops: what the resume file holds must do */
    ctl_free(&c);
    /* Resumed: the review comes back with both; on the first game the comment is there. */
    ctl_init(&c, tui_modes);
    char err[700];
    ck_assert_msg(session_resume(&c, err, sizeof err), "%s", err);
    ck_assert_int_eq(ctl_current_mode(&c), CTL_MODE_REVIEW);
    game_autosave_write(&c.saver, 0, NULL);
    resume_summary(got, sizeof got);
    ck_assert_str_eq(got, "review:1:- review-game:0:mine ");
    key(&c, KEY_PPAGE);
    resume_summary(got, sizeof got);
    ck_assert_str_eq(got, "review:0:mine ");
    /* Saved: nothing left to resume. */
    key(&c, 'S');
    key(&c, '\n');
    ck_assert_int_eq(resume_load(&(ct_record *){NULL}, &(int){0}, err, sizeof err), 0);
    FILE *f = fopen(file, "r");
    ck_assert_ptr_nonnull(f);
    char text[8192];
    size_t got_len = fread(text, 1, sizeof text - 1, f);
    text[got_len] = 0;
    fclose(f);
    ck_assert_ptr_nonnull(strstr(text, "{mine}"));
    ck_assert_ptr_nonnull(strstr(text, "Review test 3"));
    c.quit = true;
    ctl_free(&c);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* The board component: what it hands its owner. */
typedef struct {
    ct_pos pos;
    ct_move played[4];
    int n;
} board_owner;

static const ct_pos *owner_pos(void *o)
{
    return &((board_owner *)o)->pos;
}

static void owner_play(ctl *c, void *o, ct_move mv)
{
    (void)c;
    board_owner *bo = o;
    bo->played[bo->n++] = mv;
}

static void board_key(ctl *c, tui_board *b, ui_req req)
{
    ui_event ev = {.req = req};
    ck_assert(tui_board_key(c, b, &ev));
}

/* One board for every screen: a hint selects its piece and puts the cursor on its target,
 * so Enter plays it (the trainer's hint left the cursor on the piece, and Enter refused it
 * as "not yours"); the cursor walks the board; the move line reads C2.5 as any screen does. */
START_TEST(test_board)
{
    ctl c;
    ctl_init(&c, modes);
    ck_assert(ctl_push(&c, CTL_MODE_PLAY, NULL));
    static const tui_board_ops ops = {.position = owner_pos, .play = owner_play};
    board_owner bo = {.n = 0};
    ct_pos_start(&bo.pos);
    tui_board b;
    tui_board_init(&b, &ops, &bo, "Move:", 4, 0);
    ct_move h2e2 = CT_MOVE(CT_SQ(7, 2), CT_SQ(4, 2));
    tui_board_hint(&b, &bo.pos, h2e2);
    ck_assert_int_eq(b.file, 4);
    ck_assert_int_eq(b.rank, 2);
    ck_assert_int_eq(b.selected, CT_SQ(7, 2));
    board_key(&c, &b, REQ_SELECT);
    ck_assert_int_eq(bo.n, 1);
    ck_assert_int_eq(bo.played[0], h2e2);
    /* The cursor: up a rank, then Enter on Red's own piece chooses it. */
    tui_board_clear(&b);
    b.file = 1;
    b.rank = 1;
    board_key(&c, &b, REQ_UP);
    ck_assert_int_eq(b.rank, 2);
    board_key(&c, &b, REQ_SELECT);
    ck_assert_int_eq(b.selected, CT_SQ(1, 2));
    ck_assert_int_gt(b.n_targets, 0);
    /* The typed move: the prompt over the screen, read by ctl_read_move. */
    board_key(&c, &b, REQ_MOVE_LINE);
    ck_assert_int_eq(ctl_current_mode(&c), CTL_MODE_PROMPT);
    for (const char *k = "C2.5\n"; *k; k++)
        key(&c, *k);
    ck_assert_int_eq(bo.n, 2);
    ck_assert_int_eq(bo.played[1], h2e2);
    ctl_free(&c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("modes");
    TCase *tc = tcase_create("modes");
    tcase_add_test(tc, test_prompt_over_prompt);
    tcase_add_test(tc, test_help_owns_its_scroll);
    tcase_add_test(tc, test_review_resume_keeps_every_game);
    tcase_add_test(tc, test_board);
    tcase_set_timeout(tc, 30);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
