/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — draws the board: grid, river, palaces, file numbers and coordinates, pieces and
 * the highlights (cursor, selection, legal targets, captures, last move, check, hint). Reads
 * a ui_board_state; every glyph is measured before it is placed. */
#include <stdio.h>
#include <string.h>

#include "ui/draw.h"
#include "ui/views.h"

/* Display row/column of a square and its screen cell. */
static void sq_cell(const ui_layout *lo, const ui_board_state *st, ct_sq sq, int *y, int *x)
{
    ui_layout_sq_to_cell(lo, st->flip, CT_SQ_FILE(sq), CT_SQ_RANK(sq), y, x);
}

static const char *grid_char(const ui_lines *ln, int row, int col)
{
    bool top = row == 0, bottom = row == 9, left = col == 0, right = col == 8;
    if (top && left)
        return ln->tl;
    if (top && right)
        return ln->tr;
    if (bottom && left)
        return ln->bl;
    if (bottom && right)
        return ln->br;
    if (top || row == 5)
        return (left || right) ? (left ? ln->left_t : ln->right_t) : ln->top_t;
    if (bottom || row == 4)
        return (left || right) ? (left ? ln->left_t : ln->right_t) : ln->bottom_t;
    if (left)
        return ln->left_t;
    if (right)
        return ln->right_t;
    return ln->cross;
}

static void draw_grid(WINDOW *w, const ui_layout *lo, const ui_board_state *st,
                      const ui_lines *ln)
{
    attr_t ga = ui_role_attr(UI_GRID);
    for (int row = 0; row < 10; row++)
        for (int col = 0; col < 9; col++) {
            int y = lo->top + row * lo->ch, x = lo->left + col * lo->cw;
            ui_put_attr(w, y, x, 2, ga, grid_char(ln, row, col));
            if (col < 8)
                for (int i = 1; i < lo->cw; i++)
                    ui_put_attr(w, y, x + i, 1, ga, ln->h);
            if (row < 9 && (row != 4 || col == 0 || col == 8))
                for (int k = 1; k < lo->ch; k++)
                    ui_put_attr(w, y + k, x, 1, ga, ln->v);
        }
    /* Palace diagonals: display rows 0-2 and 7-9, columns 3-5. */
    for (int p = 0; p < 2; p++) {
        int r0 = p == 0 ? 0 : 7;
        for (int step = 0; step < 2; step++) {
            int yd = lo->top + (r0 + step) * lo->ch;
            int xl = lo->left + (3 + step) * lo->cw;       /* "\" from top-left */
            int xr = lo->left + (5 - step) * lo->cw;       /* "/" from top-right */
            for (int k = 1; k < lo->ch; k++) {
                int off = k * lo->cw / lo->ch;
                ui_put_attr(w, yd + k, xl + off, 1, ga, ln->diag_down);
                ui_put_attr(w, yd + k, xr - off, 1, ga, ln->diag_up);
            }
        }
    }
    /* The river text, centred in each half between the river's banks. */
    int ry = lo->top + 4 * lo->ch + lo->ch / 2;
    int span = 4 * lo->cw;
    const char *lt = st->river_left ? st->river_left : "", *rt = st->river_right ? st->river_right : "";
    if (st->flip) {
        const char *t = lt;
        lt = rt;
        rt = t;
    }
    ui_put_centre(w, ry, lo->left, span, UI_RIVER, lt);
    ui_put_centre(w, ry, lo->left + span, span, UI_RIVER, rt);
}

static void draw_labels(WINDOW *w, const ui_layout *lo, const ui_board_state *st)
{
    static const char *const hanzi[9] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
    /* Red numbers files from its right (9 - file), Black from its right (file + 1). On the
     * screen the bottom row therefore reads 9..1 and the top row 1..9, whichever side is at
     * the bottom. */
    bool red_bottom = !st->flip;
    for (int col = 0; col < 9; col++) {
        int x = lo->left + col * lo->cw;
        int bottom_num = 9 - col, top_num = col + 1;
        int red_num = red_bottom ? bottom_num : top_num;
        int black_num = red_bottom ? top_num : bottom_num;
        char rbuf[2] = {(char)('0' + red_num), 0}, bbuf[2] = {(char)('0' + black_num), 0};
        const char *red_label = st->red_numbers_hanzi ? hanzi[red_num - 1] : rbuf;
        const char *bt = red_bottom ? red_label : bbuf;
        const char *tt = red_bottom ? bbuf : red_label;
        ui_put(w, lo->files_top_y, x, 2, red_bottom ? UI_LABEL : UI_RED, tt);
        ui_put(w, lo->files_bottom_y, x, 2, red_bottom ? UI_RED : UI_LABEL, bt);
        if (st->coords) {
            char l[2] = {(char)(st->flip ? 'i' - col : 'a' + col), 0};
            ui_put(w, lo->letters_y, x, 1, UI_LABEL, l);
        }
    }
    if (st->coords)
        for (int row = 0; row < 10; row++) {
            char d[2] = {(char)('0' + (st->flip ? row : 9 - row)), 0};
            ui_put(w, lo->top + row * lo->ch, lo->ranks_x, 1, UI_LABEL, d);
        }
}

static bool is_target(const ui_board_state *st, ct_sq sq)
{
    for (int i = 0; i < st->n_targets; i++)
        if (CT_TO(st->targets[i]) == sq)
            return true;
    return false;
}

void ui_board_draw(WINDOW *w, const ui_layout *lo, const ui_board_state *st)
{
    if (lo->size == UI_SIZE_TOO_SMALL)
        return;
    const ui_lines *ln = ui_board_lines(st->ascii);
    ui_clear_rect(w, lo->board.y, lo->board.x, lo->board.h, lo->board.w);
    draw_grid(w, lo, st, ln);
    draw_labels(w, lo, st);

    for (int rank = 0; rank < 10; rank++)
        for (int file = 0; file < 9; file++) {
            ct_sq sq = (ct_sq)CT_SQ(file, rank);
            int y, x;
            sq_cell(lo, st, sq, &y, &x);
            int type, side;
            bool down = false;
            if (st->coup) {
                side = ct_coup_side_at(st->coup, sq);
                down = side >= 0 && ct_coup_is_down(st->coup, sq);
                type = side < 0 ? CT_NO_TYPE : down ? ct_coup_home_type(sq) : CT_COUP_TYPE(st->coup->board[sq]);
            } else {
                type = ct_pos_type_at(st->pos, sq);
                side = ct_pos_side_at(st->pos, sq);
            }
            bool target = st->selected != CT_NO_SQ && is_target(st, sq);
            bool last = st->last_move && (CT_FROM(st->last_move) == sq || CT_TO(st->last_move) == sq);
            bool hint = st->hint && (CT_FROM(st->hint) == sq || CT_TO(st->hint) == sq);
            int gw = 1;
            if (type != CT_NO_TYPE) {
                const char *g = ui_piece_glyph(st->glyphs, side, type);
                char downg[8];
                if (down) {
                    /* '?' first, then the lent piece's letter (a Hán glyph would read as
                     * the piece itself). */
                    const char *l = ui_piece_glyph(st->down_glyphs == UI_GLYPHS_VI ? UI_GLYPHS_VI : UI_GLYPHS_WXF,
                                                   side, type);
                    snprintf(downg, sizeof downg, "?%s", l);
                    g = downg;
                }
                ui_role role = down ? UI_DOWN : side == CT_RED ? UI_RED : UI_BLACK;
                attr_t a = ui_role_attr(role);
                if (sq == st->check_sq)
                    a = ui_role_attr(side == CT_RED ? UI_CHECK : UI_CHECK_BLACK);
                else if (sq == st->selected) /* a Red piece stays red on the mark */
                    a = ui_role_attr(side == CT_RED ? UI_SELECTED_RED : UI_SELECTED);
                else if (target)
                    a = ui_role_attr(UI_CAPTURE);
                else if (hint)
                    a = ui_role_attr(UI_HINT);
                else if (last) /* the piece keeps its side's colour on the highlight */
                    a = ui_role_attr(side == CT_RED ? UI_LAST_RED : UI_LAST_BLACK);
                gw = ui_strwidth(g);
                if (gw < 1)
                    gw = 1;
                ui_put_attr(w, y, x, gw, a, g);
                if (target) {
                    /* A capture is also marked without colour: (piece). */
                    ui_put(w, y, x - 1, 1, UI_CAPTURE, "(");
                    ui_put(w, y, x + gw, 1, UI_CAPTURE, ")");
                }
            } else if (target) {
                ui_put(w, y, x, 1, UI_TARGET, ln->target);
            } else if (hint) {
                ui_put(w, y, x, 1, UI_HINT, ln->from_mark);
            } else if (last) {
                ui_put(w, y, x, 1, UI_LAST_BLACK, ln->from_mark);
            }
            if (file == st->cursor_file && rank == st->cursor_rank) {
                ui_put(w, y, x - 1, 1, UI_CURSOR, "[");
                ui_put(w, y, x + gw, 1, UI_CURSOR, "]");
            }
        }
}

void ui_too_small_draw(WINDOW *w, int rows, int cols, const char *msg)
{
    werase(w);
    int width = cols > 4 ? cols - 2 : cols;
    ui_put_wrapped(w, rows > 2 ? rows / 2 - 1 : 0, 1, width, rows, UI_ERROR, msg);
}
