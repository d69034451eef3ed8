/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — screen geometry: picks the largest board that fits with its side panel and maps
 * intersections to screen cells and back (pure arithmetic, no curses). */
#include "ui/layout.h"

/* Columns left of the first intersection: rank digit, space, bracket room. */
#define LEFT_MARGIN 4
/* Rows above the top intersection: border row, file numbers. */
#define TOP_MARGIN 2

static int board_width(int cw)
{
    /* labels + 8 gaps + the last glyph (2 columns) + closing bracket + space */
    return LEFT_MARGIN + 8 * cw + 4;
}

static int board_height(int ch)
{
    /* numbers above, 9 gaps + last row, numbers below, letters row */
    return TOP_MARGIN + 9 * ch + 1 + 2;
}

static bool fits(int rows, int cols, int cw, int ch)
{
    return board_height(ch) <= rows && board_width(cw) + 1 + UI_PANEL_MIN_W <= cols;
}

void ui_layout_min_size(int *rows, int *cols)
{
    *rows = board_height(2);
    *cols = board_width(4) + 1 + UI_PANEL_MIN_W;
}

void ui_layout_compute(ui_layout *lo, int rows, int cols)
{
    *lo = (ui_layout){.rows = rows, .cols = cols};
    if (fits(rows, cols, 8, 4) && cols >= 120) {
        lo->size = UI_SIZE_HUGE;
        lo->cw = 8;
        lo->ch = 4;
    } else if (fits(rows, cols, 6, 3) && cols >= 100) {
        lo->size = UI_SIZE_LARGE;
        lo->cw = 6;
        lo->ch = 3;
    } else if (fits(rows, cols, 4, 2)) {
        lo->size = UI_SIZE_COMPACT;
        lo->cw = 4;
        lo->ch = 2;
    } else {
        lo->size = UI_SIZE_TOO_SMALL;
        lo->panel = (ui_rect){0, 0, rows, cols};
        return;
    }
    int bh = board_height(lo->ch), bw = board_width(lo->cw);
    /* The panel takes the room right of the board up to its widest; what is left over is
     * shared out on both sides, and the spare rows above and below, so a large terminal
     * shows the board and panel in the middle. */
    int pw = cols - bw - 1;
    if (pw > UI_PANEL_MAX_W)
        pw = UI_PANEL_MAX_W;
    int x0 = (cols - (bw + 1 + pw)) / 2;
    int extra_rows = rows - bh;
    int y0 = extra_rows > 8 ? extra_rows / 2 : extra_rows > 2 ? 1 : 0;
    lo->x0 = x0;
    lo->board = (ui_rect){y0, x0, bh, bw};
    lo->top = y0 + TOP_MARGIN;
    lo->left = x0 + LEFT_MARGIN;
    lo->files_top_y = lo->top - 1;
    lo->files_bottom_y = lo->top + 9 * lo->ch + 1;
    lo->letters_y = lo->files_bottom_y + 1;
    lo->ranks_x = x0 + 1;
    int px = x0 + bw + 1;
    /* The panel beside the board, as tall as the board or the screen. */
    int py = y0 > 1 ? y0 : 0;
    lo->panel = (ui_rect){py, px, rows - 2 * py, pw};
}

void ui_layout_sq_to_cell(const ui_layout *lo, bool flip, int file, int rank, int *y, int *x)
{
    int col = flip ? 8 - file : file;
    int row = flip ? rank : 9 - rank;
    *y = lo->top + row * lo->ch;
    *x = lo->left + col * lo->cw;
}

static int floor_div(int a, int b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

bool ui_layout_cell_to_sq(const ui_layout *lo, bool flip, int y, int x, int *file, int *rank)
{
    if (lo->size == UI_SIZE_TOO_SMALL)
        return false;
    /* The glyph starts at the intersection column and is up to 2 wide: the block owned by
     * an intersection starts (cw - 2) / 2 columns left of it and (ch - 1) / 2 rows above. */
    int col = floor_div(x - lo->left + (lo->cw - 2) / 2, lo->cw);
    int row = floor_div(y - lo->top + (lo->ch - 1) / 2, lo->ch);
    if (col < 0 || col > 8 || row < 0 || row > 9)
        return false;
    *file = flip ? 8 - col : col;
    *rank = flip ? row : 9 - row;
    return true;
}
