/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — colour roles and glyph tables: one row per role with its monochrome attributes,
 * one row per glyph set. */
#include <stdlib.h>
#include <string.h>

#include "cotuong/types.h"
#include "ui/theme.h"

typedef struct {
    short fg, bg;
    attr_t attr, mono;
} role_def;

static const role_def roles[UI_ROLE_COUNT] = {
#define UI_ROLE_DEF(name, fg, bg, attr, mono) [UI_##name] = {fg, bg, attr, mono},
    UI_ROLES(UI_ROLE_DEF)
#undef UI_ROLE_DEF
};

static bool colour_on;

void ui_theme_init(bool want_colour)
{
    colour_on = false;
    if (!want_colour || !has_colors() || (getenv("NO_COLOR") && *getenv("NO_COLOR")))
        return;
    if (start_color() != OK)
        return;
    use_default_colors();
    for (int r = 1; r < UI_ROLE_COUNT; r++)
        init_pair((short)r, roles[r].fg, roles[r].bg);
    colour_on = true;
}

bool ui_theme_has_colour(void)
{
    return colour_on;
}

attr_t ui_role_attr(ui_role role)
{
    if (role <= 0 || role >= UI_ROLE_COUNT)
        return A_NORMAL;
    if (!colour_on)
        return roles[role].mono;
    return roles[role].attr | (attr_t)COLOR_PAIR(role);
}

/* Indexed [set][side][type]; type 0 unused. */
static const char *const glyphs[UI_GLYPHS_COUNT][2][CT_PIECE_TYPES] = {
    [UI_GLYPHS_HAN] = {{"", "帥", "仕", "相", "傌", "俥", "炮", "兵"},
                       {"", "將", "士", "象", "馬", "車", "砲", "卒"}},
    [UI_GLYPHS_VI] = {{"", "Tg", "S", "T", "M", "X", "P", "B"},
                      {"", "tg", "s", "t", "m", "x", "p", "b"}},
    [UI_GLYPHS_WXF] = {{"", "K", "A", "E", "H", "R", "C", "P"},
                       {"", "k", "a", "e", "h", "r", "c", "p"}},
    [UI_GLYPHS_ASCII] = {{"", "K", "A", "E", "H", "R", "C", "P"},
                         {"", "k", "a", "e", "h", "r", "c", "p"}},
};

static const char *const glyph_names[UI_GLYPHS_COUNT] = {"han", "vi", "wxf", "ascii"};

const char *ui_piece_glyph(ui_glyphs set, int side, int type)
{
    if ((unsigned)set >= UI_GLYPHS_COUNT || (side != 0 && side != 1) || type < 1 ||
        type >= CT_PIECE_TYPES)
        return "?";
    return glyphs[set][side][type];
}

const char *ui_glyphs_name(ui_glyphs set)
{
    return (unsigned)set < UI_GLYPHS_COUNT ? glyph_names[set] : "?";
}

int ui_glyphs_parse(const char *name)
{
    for (int i = 0; i < UI_GLYPHS_COUNT; i++)
        if (!strcmp(name, glyph_names[i]))
            return i;
    return -1;
}

static const ui_lines unicode_lines = {"─", "│", "┼", "┬", "┴", "├", "┤", "┌", "┐",
                                       "└", "┘", "╲", "╱", "•", "·"};
static const ui_lines ascii_lines = {"-", "|", "+", "+", "+", "+", "+", "+", "+",
                                     "+", "+", "\\", "/", "*", "o"};

const ui_lines *ui_board_lines(bool ascii)
{
    return ascii ? &ascii_lines : &unicode_lines;
}
