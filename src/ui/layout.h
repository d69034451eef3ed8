/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — screen geometry of the game: where the board, its labels and the side panel go
 * for a terminal size, and the two-way map square <-> screen cell. Pure code (no curses),
 * unit-tested in tests/check_layout.c. */
#ifndef COTUONG_UI_LAYOUT_H
#define COTUONG_UI_LAYOUT_H

#include <stdbool.h>

typedef enum {
    UI_SIZE_TOO_SMALL = 0, /* below the minimum: only a message is shown */
    UI_SIZE_COMPACT,       /* 4 columns x 2 rows per intersection (fits 80x24) */
    UI_SIZE_LARGE,         /* 6 columns x 3 rows per intersection */
    UI_SIZE_HUGE,          /* 8 columns x 4 rows per intersection (200x60 and up) */
} ui_size_class;

typedef struct {
    int y, x, h, w;
} ui_rect;

typedef struct {
    int rows, cols;      /* terminal size the layout was made for */
    int x0;              /* first column of the board (the board and panel are centred) */
    ui_size_class size;
    int cw, ch;          /* columns and rows between two neighbouring intersections */
    int top, left;       /* screen cell of the top-left intersection as displayed */
    ui_rect board;       /* whole board area, labels included */
    ui_rect panel;       /* side panel (to the right of the board) */
    int files_top_y;     /* row of the file numbers above the board */
    int files_bottom_y;  /* row of the file numbers below the board */
    int ranks_x;         /* column of the rank digits (coordinates) left of the board */
    int letters_y;       /* row of the file letters a..i (coordinates), below the numbers */
} ui_layout;

/* Narrowest and widest side panel: beyond the widest, the board and panel are centred. */
#define UI_PANEL_MIN_W 24
#define UI_PANEL_MAX_W 64

/* The smallest terminal that shows the board (the compact layout with its panel), from the
 * same arithmetic as ui_layout_compute: the "too small" message quotes it. */
void ui_layout_min_size(int *rows, int *cols);

/* Computes the layout for a rows x cols terminal. */
void ui_layout_compute(ui_layout *lo, int rows, int cols);

/* Screen cell (row y, column x) of intersection (file 0..8, rank 0..9) as drawn: the first
 * column of the piece glyph. flip shows Black at the bottom. */
void ui_layout_sq_to_cell(const ui_layout *lo, bool flip, int file, int rank, int *y, int *x);
/* Inverse: the intersection a screen cell belongs to (each intersection owns a cw x ch
 * block around its glyph). Returns false when the cell is outside the grid. */
bool ui_layout_cell_to_sq(const ui_layout *lo, bool flip, int y, int x, int *file, int *rank);

#endif
