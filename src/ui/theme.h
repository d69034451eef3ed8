/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — colour roles (with a monochrome column) and the glyph sets of the pieces. */
#ifndef COTUONG_UI_THEME_H
#define COTUONG_UI_THEME_H

#include <curses.h>
#include <stdbool.h>

/* The palette: each colour as (8-colour curses number, 256-colour number); the 256-colour
 * one is used when the terminal has 256 colours. P_DEF is the terminal's own default colour
 * (its foreground or background, whatever the user chose); the TERM_ colours are the
 * terminal's own eight, also with 256 colours (what its theme made of yellow, green and
 * black). */
#define UI_PALETTE(X)                                                                        \
    X(DEF, -1, -1)                                                                           \
    X(BLACK, COLOR_BLACK, 16)                                                                \
    X(WHITE, COLOR_WHITE, 231)                                                               \
    X(RED, COLOR_RED, 196)                                                                   \
    X(LIGHTRED, COLOR_RED, 203)                                                              \
    X(DARKRED, COLOR_RED, 124)                                                               \
    X(GREEN, COLOR_GREEN, 40)                                                                \
    X(DARKGREEN, COLOR_GREEN, 28)                                                            \
    X(YELLOW, COLOR_YELLOW, 220)                                                             \
    X(PALEYELLOW, COLOR_YELLOW, 229)                                                         \
    X(BROWN, COLOR_YELLOW, 130)                                                              \
    X(BLUE, COLOR_BLUE, 33)                                                                  \
    X(NAVY, COLOR_BLUE, 19)                                                                  \
    X(DEEPBLUE, COLOR_BLUE, 17)                                                              \
    X(PALEBLUE, COLOR_CYAN, 153)                                                             \
    X(CYAN, COLOR_CYAN, 44)                                                                  \
    X(STEEL, COLOR_BLUE, 24)                                                                 \
    X(TEAL, COLOR_CYAN, 30)                                                                  \
    X(MAGENTA, COLOR_MAGENTA, 163)                                                           \
    X(TERM_YELLOW, COLOR_YELLOW, COLOR_YELLOW)                                               \
    X(TERM_GREEN, COLOR_GREEN, COLOR_GREEN)                                                  \
    X(TERM_BLACK, COLOR_BLACK, COLOR_BLACK)

typedef enum {
#define UI_PAL_ENUM(name, c8, c256) P_##name,
    UI_PALETTE(UI_PAL_ENUM)
#undef UI_PAL_ENUM
    P_COUNT
} ui_palette;

/* The colour roles, one row each: X(ROLE, dark: fg, bg, attributes; light: fg, bg,
 * attributes; monochrome attributes). Black pieces use the terminal's own foreground in both
 * colour themes, so they show on any background even when the guess of dark or light is
 * wrong; pieces on the last move and a selected Red piece keep their side's colour
 * (LAST_RED, LAST_BLACK, SELECTED_RED); a Black king in check is not drawn as Red's pieces
 * in monochrome (CHECK_BLACK). Every foreground on a background of the table reads at a
 * contrast of at least 4.5:1 with 256 colours (tests/check_theme.c).
 * What a cursor step costs on the wire (scripts/measure-ui: at most 1.4 KB per keyboard
 * move): the grid is bold like the pieces and the marks, so stepping over the board never
 * turns bold off (curses resets every attribute and sends both colours again for that); in
 * the dark theme the most drawn colours, the grid's yellow, the targets' green and the
 * cursor's black, are the terminal's own (5 bytes to select instead of 11): lines and marks
 * on the terminal's background read best in the colours its theme chose for that background,
 * and the terminal's black on green 40 reads in any theme. The light theme keeps 256 colours
 * there (the eight basic yellow and green wash out on white in most terminals). */
#define UI_ROLES(X)                                                                          \
    X(NORMAL, DEF, DEF, A_NORMAL, DEF, DEF, A_NORMAL, A_NORMAL)                              \
    X(GRID, TERM_YELLOW, DEF, A_BOLD, BROWN, DEF, A_BOLD, A_NORMAL)                          \
    X(RIVER, CYAN, DEF, A_NORMAL, TEAL, DEF, A_NORMAL, A_DIM)                                \
    X(LABEL, DEF, DEF, A_DIM, DEF, DEF, A_DIM, A_DIM)                                        \
    X(RED, LIGHTRED, DEF, A_BOLD, DARKRED, DEF, A_BOLD, A_BOLD | A_REVERSE)                  \
    X(BLACK, DEF, DEF, A_BOLD, DEF, DEF, A_BOLD, A_NORMAL)                                   \
    X(CURSOR, TERM_BLACK, GREEN, A_BOLD, WHITE, DARKGREEN, A_BOLD, A_REVERSE)                \
    X(SELECTED, BLACK, YELLOW, A_BOLD, BLACK, YELLOW, A_BOLD, A_REVERSE | A_UNDERLINE)       \
    X(SELECTED_RED, DARKRED, YELLOW, A_BOLD, DARKRED, YELLOW, A_BOLD,                        \
      A_REVERSE | A_UNDERLINE | A_BOLD)                                                      \
    X(TARGET, TERM_GREEN, DEF, A_BOLD, DARKGREEN, DEF, A_BOLD, A_BOLD)                       \
    X(CAPTURE, WHITE, MAGENTA, A_BOLD, WHITE, MAGENTA, A_BOLD, A_UNDERLINE | A_BOLD)         \
    X(LAST_RED, LIGHTRED, DEEPBLUE, A_BOLD, DARKRED, PALEBLUE, A_BOLD,                       \
      A_BOLD | A_REVERSE | A_UNDERLINE)                                                      \
    X(LAST_BLACK, WHITE, DEEPBLUE, A_BOLD, BLACK, PALEBLUE, A_BOLD, A_UNDERLINE)             \
    X(CHECK, WHITE, DARKRED, A_BOLD | A_BLINK, WHITE, DARKRED, A_BOLD | A_BLINK,             \
      A_REVERSE | A_BLINK)                                                                   \
    X(CHECK_BLACK, WHITE, DARKRED, A_BOLD | A_BLINK, WHITE, DARKRED, A_BOLD | A_BLINK,       \
      A_UNDERLINE | A_BOLD | A_BLINK)                                                        \
    X(HINT, BLACK, CYAN, A_BOLD, WHITE, NAVY, A_BOLD, A_UNDERLINE | A_DIM)                   \
    X(TITLE, YELLOW, DEF, A_BOLD, NAVY, DEF, A_BOLD, A_BOLD)                                 \
    X(STATUS, GREEN, DEF, A_NORMAL, DARKGREEN, DEF, A_NORMAL, A_NORMAL)                      \
    X(ERROR, RED, DEF, A_BOLD, DARKRED, DEF, A_BOLD, A_BOLD)                                 \
    X(MENU_SEL, BLACK, YELLOW, A_BOLD, BLACK, PALEYELLOW, A_BOLD, A_REVERSE)                 \
    X(DIM, DEF, DEF, A_DIM, DEF, DEF, A_DIM, A_DIM)                                          \
    X(DOWN, CYAN, DEF, A_BOLD | A_UNDERLINE, TEAL, DEF, A_BOLD | A_UNDERLINE,                \
      A_UNDERLINE | A_DIM)

typedef enum {
#define UI_ROLE_ENUM(name, dfg, dbg, dattr, lfg, lbg, lattr, mono) UI_##name,
    UI_ROLES(UI_ROLE_ENUM)
#undef UI_ROLE_ENUM
    UI_ROLE_COUNT
} ui_role;

/* The themes. AUTO asks the terminal for its background (ui_screen_open). */
typedef enum { UI_THEME_AUTO = 0, UI_THEME_DARK, UI_THEME_LIGHT, UI_THEME_MONO } ui_theme_kind;
/* "auto", "dark", "light", "mono" ("colour" reads as auto); -1 when none of these. */
int ui_theme_parse(const char *name);
const char *ui_theme_name(ui_theme_kind t);
/* The theme to use when the screen opens (default AUTO). */
void ui_theme_select(ui_theme_kind t);
ui_theme_kind ui_theme_selected(void);
/* Which theme AUTO means: the terminal's answer to OSC 11 (light when the background's
 * luminance is above one half; reply within timeout_ms), else COLORFGBG ("fg;bg", light when
 * bg is 7 or 9-15), else dark. Called before curses takes the terminal. */
ui_theme_kind ui_theme_detect(int timeout_ms);
/* The theme of an OSC 11 reply ("\033]11;rgb:RRRR/GGGG/BBBB" + BEL or ST) or of a COLORFGBG
 * value; UI_THEME_AUTO when it says nothing (pure, for tests). */
ui_theme_kind ui_theme_from_osc11(const char *reply);
ui_theme_kind ui_theme_from_colorfgbg(const char *value);

/* A role's colours and attributes in a theme (DARK, LIGHT or MONO; fg and bg -1 in MONO),
 * with 256 colours or 8 (pure, for tests). */
void ui_role_style(ui_theme_kind t, ui_role r, bool wide, short *fg, short *bg, attr_t *attr);

/* Starts colours when the terminal has them, NO_COLOR is not set and the theme is not mono;
 * the theme must be resolved (not AUTO). */
void ui_theme_init(bool want_colour);
/* The attributes (colour pair included) of a role. */
attr_t ui_role_attr(ui_role role);
bool ui_theme_has_colour(void);
/* The theme in force once the screen is open (DARK, LIGHT or MONO). */
ui_theme_kind ui_theme_current(void);

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
