/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — tests of the screen geometry (src/ui/layout.c) without a terminal: every board
 * intersection maps to a cell and back, for every terminal size from below the minimum to
 * 300x100, both orientations; blocks do not overlap; the board and panel stay on screen. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "ui/layout.h"

START_TEST(test_sizes)
{
    ui_layout lo;
    ui_layout_compute(&lo, 24, 80);
    ck_assert_int_eq(lo.size, UI_SIZE_COMPACT);
    ui_layout_compute(&lo, 60, 200);
    ck_assert_int_eq(lo.size, UI_SIZE_HUGE);
    ui_layout_compute(&lo, 36, 110);
    ck_assert_int_eq(lo.size, UI_SIZE_LARGE);
    ui_layout_compute(&lo, 20, 80);
    ck_assert_int_eq(lo.size, UI_SIZE_TOO_SMALL);
    ui_layout_compute(&lo, 24, 50);
    ck_assert_int_eq(lo.size, UI_SIZE_TOO_SMALL);
    ui_layout_compute(&lo, 0, 0);
    ck_assert_int_eq(lo.size, UI_SIZE_TOO_SMALL);
    ck_assert(!ui_layout_cell_to_sq(&lo, false, 0, 0, &(int){0}, &(int){0}));
}
END_TEST

/* The start position as drawn by hand at 80x24: Red's king e0 is on the bottom grid row,
 * in the middle column; with flip it is on the top row. */
START_TEST(test_known_cells)
{
    ui_layout lo;
    ui_layout_compute(&lo, 24, 80);
    int y, x, y2, x2;
    ui_layout_sq_to_cell(&lo, false, 4, 0, &y, &x);
    ui_layout_sq_to_cell(&lo, false, 4, 9, &y2, &x2);
    ck_assert_int_eq(x, x2);
    ck_assert_int_eq(y - y2, 9 * lo.ch);
    ui_layout_sq_to_cell(&lo, true, 4, 0, &y2, &x2);
    ck_assert_int_eq(y2, lo.top);
    ck_assert_int_eq(x2, x);
    ui_layout_sq_to_cell(&lo, false, 0, 0, &y, &x);
    ui_layout_sq_to_cell(&lo, false, 8, 0, &y2, &x2);
    ck_assert_int_eq(x2 - x, 8 * lo.cw);
    ck_assert_int_lt(x, x2);
}
END_TEST

/* Check's ck_assert writes to a pipe on every call: too slow for millions of cells, so
 * the sweep counts failures itself and reports the first. */
static int sweep_failures;
static char sweep_first[160];
#define EXPECT(c)                                                                           \
    do {                                                                                   \
        if (!(c) && sweep_failures++ == 0)                                                 \
            snprintf(sweep_first, sizeof sweep_first, "%dx%d flip %d: %s (line %d)", rows,  \
                     cols, flip, #c, __LINE__);                                             \
    } while (0)

static void check_round_trip(int rows, int cols)
{
    int flip = 0;
    ui_layout lo;
    ui_layout_compute(&lo, rows, cols);
    if (lo.size == UI_SIZE_TOO_SMALL)
        return;
    for (flip = 0; flip < 2; flip++) {
        /* 1. Every intersection maps into the screen and back to itself, glyph and brackets
         *    included (the bracket column left of it and the two after a wide glyph). */
        for (int f = 0; f < 9; f++)
            for (int r = 0; r < 10; r++) {
                int y, x, f2 = -1, r2 = -1;
                ui_layout_sq_to_cell(&lo, flip, f, r, &y, &x);
                EXPECT(y >= 0 && y < rows && x >= 1 && x + 2 < cols);
                EXPECT(y >= lo.board.y && y < lo.board.y + lo.board.h);
                EXPECT(x + 2 < lo.board.x + lo.board.w);
                for (int dx = 0; dx < 2; dx++) {
                    EXPECT(ui_layout_cell_to_sq(&lo, flip, y, x + dx, &f2, &r2));
                    EXPECT(f2 == f);
                    EXPECT(r2 == r);
                }
            }
        /* 2. Every cell of the screen maps to at most one intersection, and the cells that
         *    map to one form a block of exactly cw x ch cells (no overlap, no holes). */
        int count[9][10] = {{0}};
        int ymax = lo.board.y + lo.board.h + 2, xmax = lo.panel.x + 3;
        for (int y = -2; y < ymax && y < rows; y++)
            for (int x = -2; x < xmax && x < cols; x++) {
                int f, r;
                if (ui_layout_cell_to_sq(&lo, flip, y, x, &f, &r)) {
                    EXPECT(f >= 0 && f < 9 && r >= 0 && r < 10);
                    count[f][r]++;
                    EXPECT(x < lo.panel.x); /* never inside the panel */
                }
            }
        for (int f = 0; f < 9; f++)
            for (int r = 0; r < 10; r++)
                EXPECT(count[f][r] == lo.cw * lo.ch);
    }
    /* 3. The panel is on screen, right of the board, at least the minimum width. */
    EXPECT(lo.panel.x >= lo.board.x + lo.board.w);
    EXPECT(lo.panel.w >= UI_PANEL_MIN_W);
    EXPECT(lo.panel.x + lo.panel.w <= cols);
    EXPECT(lo.board.y + lo.board.h <= rows);
    EXPECT(lo.letters_y <= rows - 1);
    EXPECT(lo.files_top_y >= 0);
}

START_TEST(test_round_trip_all_sizes)
{
    for (int rows = 10; rows <= 100; rows += (rows < 36 ? 1 : 9))
        for (int cols = 40; cols <= 300; cols += (cols < 110 ? 1 : 17))
            check_round_trip(rows, cols);
    ck_assert_msg(sweep_failures == 0, "%d failures, first: %s", sweep_failures, sweep_first);
}
END_TEST

START_TEST(test_minimum_is_true)
{
    /* The size the "too small" message asks for is the smallest that works: one column or
     * one row less does not. */
    int rows, cols;
    ui_layout_min_size(&rows, &cols);
    ck_assert_int_eq(rows, 23);
    ck_assert_int_eq(cols, 65);
    ui_layout lo;
    ui_layout_compute(&lo, rows, cols);
    ck_assert_int_eq(lo.size, UI_SIZE_COMPACT);
    ui_layout_compute(&lo, rows, cols - 1);
    ck_assert_int_eq(lo.size, UI_SIZE_TOO_SMALL);
    ui_layout_compute(&lo, rows - 1, cols);
    ck_assert_int_eq(lo.size, UI_SIZE_TOO_SMALL);
}
END_TEST

START_TEST(test_large_screens_centred)
{
    /* 200x60: the board and its panel in the middle, the panel right beside the board. */
    ui_layout lo;
    ui_layout_compute(&lo, 60, 200);
    ck_assert_int_eq(lo.size, UI_SIZE_HUGE);
    int left = lo.board.x, right = 200 - (lo.panel.x + lo.panel.w);
    ck_assert_int_gt(left, 10);
    ck_assert_int_le(abs(left - right), 1);
    ck_assert_int_eq(lo.panel.x, lo.board.x + lo.board.w + 1);
    int top = lo.board.y, bottom = 60 - (lo.board.y + lo.board.h);
    ck_assert_int_le(abs(top - bottom), 1);
    /* 80x24: no room to spare, the board at the left edge as before. */
    ui_layout_compute(&lo, 24, 80);
    ck_assert_int_eq(lo.board.x, 0);
    ck_assert_int_eq(lo.panel.x + lo.panel.w, 80);
}
END_TEST

START_TEST(test_monotonic)
{
    /* A larger terminal never gives a smaller board. */
    ui_layout a, b;
    for (int rows = 10; rows < 80; rows++)
        for (int cols = 40; cols < 220; cols += 3) {
            ui_layout_compute(&a, rows, cols);
            ui_layout_compute(&b, rows + 1, cols + 1);
            ck_assert_int_le(a.size, b.size);
        }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("layout");
    TCase *tc = tcase_create("layout");
    tcase_add_test(tc, test_sizes);
    tcase_add_test(tc, test_known_cells);
    tcase_add_test(tc, test_round_trip_all_sizes);
    tcase_add_test(tc, test_monotonic);
    tcase_add_test(tc, test_minimum_is_true);
    tcase_add_test(tc, test_large_screens_centred);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
