/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — what an external engine is told of a cờ úp game (src/sys/engine_proc.c
 * sys_engine_coup_position, the line sys_engine_think_coup sends): JieqiBox's way, the FEN
 * (x/X and the pool) after the last reveal or face-down capture and the moves since, built
 * from the player's view. The FENs below are worked out by hand from the spec's rules; the
 * information test plays one line from two deals that differ only in pieces nobody has seen
 * and checks that each side's engine is sent the same bytes. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/engine_proc.h"
#include "cotuong/coup.h"
#include "cotuong/movegen.h"

static ct_coup_pos full, view;

/* Plays coordinate moves from the start of deal on the referee's position (full). */
static void play_line(const ct_coup_deal *deal, const char *moves)
{
    ct_coup_start(&full, deal);
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        ct_move mv = ct_move_parse_coord(t);
        ck_assert_msg(ct_coup_play(&full, mv, 0) == CT_OK, "move %s refused", t);
    }
}

static const char *line_for(int viewer, char *buf, size_t size)
{
    ct_coup_view(&full, viewer, &view);
    sys_engine_coup_position(&view, false, buf, size);
    return buf;
}

/* The standard deal (every piece on its own square): h2e2 turns up the cannon, h7e7 the
 * black cannon, and e2e6 takes the black piece on e6 face down (it was a pawn). Black, who
 * lost it, does not learn what it was: its pool keeps five pawns; Red, who took it, knows:
 * four. The capture changed what is face down, so the FEN is of the position after it. */
START_TEST(test_capture_face_down)
{
    ct_coup_deal d;
    ct_coup_deal_standard(&d);
    play_line(&d, "h2e2 h7e7 e2e6");
    char buf[1024];
    ck_assert_str_eq(line_for(CT_BLACK, buf, sizeof buf),
                     "position fen xxxxkxxxx/9/1x2c4/x1x1C1x1x/9/9/X1X1X1X1X/1X7/9/XXXXKXXXX "
                     "A2B2N2R2C1P5a2b2n2r2c1p5 b - - 0 2");
    ck_assert_str_eq(line_for(CT_RED, buf, sizeof buf),
                     "position fen xxxxkxxxx/9/1x2c4/x1x1C1x1x/9/9/X1X1X1X1X/1X7/9/XXXXKXXXX "
                     "A2B2N2R2C1P5a2b2n2r2c1p4 b - - 0 2");
}
END_TEST

/* Moves that change nothing face down follow the last such FEN as moves (e2e6 gave check
 * through the screen on e7: Black moves it off the file). */
START_TEST(test_moves_since)
{
    ct_coup_deal d;
    ct_coup_deal_standard(&d);
    play_line(&d, "h2e2 h7e7 e2e6 e7d7 e6e5");
    char buf[1024];
    ck_assert_str_eq(line_for(CT_BLACK, buf, sizeof buf),
                     "position fen xxxxkxxxx/9/1x2c4/x1x1C1x1x/9/9/X1X1X1X1X/1X7/9/XXXXKXXXX "
                     "A2B2N2R2C1P5a2b2n2r2c1p5 b - - 0 2 moves e7d7 e6e5");
    /* From the start with no move yet: the spec's start FEN. */
    play_line(&d, "");
    ck_assert_str_eq(line_for(CT_RED, buf, sizeof buf),
                     "position fen xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX "
                     "A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1");
}
END_TEST

/* Two deals that agree on every piece the line shows (h2, h7, e6) and differ elsewhere
 * (Red's a0/b0 and Black's a9/g6 swapped) send each side the same bytes, move by move. */
START_TEST(test_no_peeking)
{
    ct_coup_deal a, b;
    ct_coup_deal_standard(&a);
    b = a;
    uint8_t t = b.type[CT_RED][0];
    b.type[CT_RED][0] = b.type[CT_RED][1];
    b.type[CT_RED][1] = t;
    /* Black: a9 (index 0) and the pawn on g6 (index 13) */
    t = b.type[CT_BLACK][0];
    b.type[CT_BLACK][0] = b.type[CT_BLACK][13];
    b.type[CT_BLACK][13] = t;
    ck_assert(ct_coup_deal_ok(&b));
    const char *line = "h2e2 h7e7 e2e6 e7d7 e6e5";
    char la[1024], lb[1024];
    for (int plies = 0; plies <= 5; plies++) {
        char moves[64] = "";
        const char *p = line;
        for (int i = 0; i < plies; i++) {
            size_t k = strcspn(p, " ");
            strncat(moves, p, k);
            strcat(moves, " ");
            p += k + (p[k] == ' ');
        }
        for (int side = 0; side < 2; side++) {
            play_line(&a, moves);
            line_for(side, la, sizeof la);
            play_line(&b, moves);
            line_for(side, lb, sizeof lb);
            ck_assert_msg(!strcmp(la, lb), "ply %d side %d: '%s' vs '%s'", plies, side, la, lb);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("coup_engine");
    TCase *tc = tcase_create("position");
    tcase_add_test(tc, test_capture_face_down);
    tcase_add_test(tc, test_moves_since);
    tcase_add_test(tc, test_no_peeking);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
