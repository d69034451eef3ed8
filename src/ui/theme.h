/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — colour roles (with a monochrome column) and the glyph sets of the pieces. */
#ifndef COTUONG_UI_THEME_H
#define COTUONG_UI_THEME_H

#include <curses.h>
#include <stdbool.h>

/* X(ROLE, foreground, background, attributes with colour, attributes without colour).
 * -1 is the terminal's default colour. */
#define UI_ROLES(X)                                                                          \
    X(NORMAL, -1, -1, A_NORMAL, A_NORMAL)                                                    \
    X(GRID, COLOR_YELLOW, -1, A_NORMAL, A_NORMAL)                                            \
    X(RIVER, COLOR_CYAN, -1, A_NORMAL, A_DIM)                                                \
    X(LABEL, -1, -1, A_DIM, A_DIM)                                                           \
    X(RED, COLOR_RED, -1, A_BOLD, A_BOLD | A_REVERSE)                                        \
    X(BLACK, COLOR_WHITE, -1, A_BOLD, A_NORMAL)                                              \
    X(CURSOR, COLOR_BLACK, COLOR_GREEN, A_BOLD, A_REVERSE | A_BOLD)                          \
    X(SELECTED, COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_REVERSE | A_UNDERLINE)                  \
    X(TARGET, COLOR_GREEN, -1, A_BOLD, A_BOLD)                                               \
    X(CAPTURE, COLOR_WHITE, COLOR_MAGENTA, A_BOLD, A_UNDERLINE | A_BOLD)                     \
    X(LAST, COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_UNDERLINE)                                  \
    X(CHECK, COLOR_WHITE, COLOR_RED, A_BOLD | A_BLINK, A_REVERSE | A_BLINK)                  \
    X(HINT, COLOR_BLACK, COLOR_BLUE, A_BOLD, A_REVERSE)                                      \
    X(TITLE, COLOR_YELLOW, -1, A_BOLD, A_BOLD)                                               \
    X(STATUS, COLOR_GREEN, -1, A_NORMAL, A_NORMAL)                                           \
    X(ERROR, COLOR_RED, -1, A_BOLD, A_BOLD)                                                  \
    X(MENU_SEL, COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_REVERSE)                                \
    X(DIM, -1, -1, A_DIM, A_DIM)

typedef enum {
#define UI_ROLE_ENUM(name, fg, bg, attr, mono) UI_##name,
    UI_ROLES(UI_ROLE_ENUM)
#undef UI_ROLE_ENUM
    UI_ROLE_COUNT
} ui_role;

/* Starts colours when the terminal has them and NO_COLOR is not set. */
void ui_theme_init(bool want_colour);
/* The attributes (colour pair included) of a role. */
attr_t ui_role_attr(ui_role role);
bool ui_theme_has_colour(void);

/* Glyph sets of the pieces. */
typedef enum {
    UI_GLYPHS_HAN = 0, /* 帥仕相傌俥炮兵 / 將士象馬車砲卒 */
    UI_GLYPHS_VI,      /* Tg S T M X P B (Black in lower case) */
    UI_GLYPHS_WXF,     /* K A E H R C P (Black in lower case) */
    UI_GLYPHS_ASCII,   /* WXF letters on a board drawn with ASCII lines */
    UI_GLYPHS_COUNT
} ui_glyphs;

/* The text of a piece (type CT_KING..CT_PAWN, side CT_RED/CT_BLACK) in a glyph set. */
const char *ui_piece_glyph(ui_glyphs set, int side, int type);
/* Name of a glyph set for the panel and options ("han", "vi", "wxf", "ascii"). */
const char *ui_glyphs_name(ui_glyphs set);
int ui_glyphs_parse(const char *name); /* -1 when unknown */

/* Line-drawing characters of the board: Unicode box drawing or ASCII. */
typedef struct {
    const char *h, *v, *cross, *top_t, *bottom_t, *left_t, *right_t;
    const char *tl, *tr, *bl, *br, *diag_down, *diag_up, *target, *from_mark;
} ui_lines;
const ui_lines *ui_board_lines(bool ascii);

#endif
