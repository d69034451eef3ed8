/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — colour roles and glyph tables: one row per role with its monochrome attributes,
 * one row per glyph set. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cotuong/types.h"
#include "ui/screen.h"
#include "ui/theme.h"

typedef struct {
    ui_palette fg[2], bg[2];
    attr_t attr[2], mono;
} role_def;

static const short palette[P_COUNT][2] = {
#define UI_PAL_DEF(name, c8, c256) [P_##name] = {c8, c256},
    UI_PALETTE(UI_PAL_DEF)
#undef UI_PAL_DEF
};

static const role_def roles[UI_ROLE_COUNT] = {
#define UI_ROLE_DEF(name, dfg, dbg, dattr, lfg, lbg, lattr, mono)                            \
    [UI_##name] = {{P_##dfg, P_##lfg}, {P_##dbg, P_##lbg}, {dattr, lattr}, mono},
    UI_ROLES(UI_ROLE_DEF)
#undef UI_ROLE_DEF
};

/* The screen's theme: chosen before it opens, resolved when it opens. */
static ui_theme_kind selected = UI_THEME_AUTO, current = UI_THEME_MONO;

static const char *const theme_names[] = {"auto", "dark", "light", "mono"};

int ui_theme_parse(const char *name)
{
    for (int i = 0; i < 4; i++)
        if (!strcasecmp(name, theme_names[i]))
            return i;
    if (!strcasecmp(name, "colour") || !strcasecmp(name, "color"))
        return UI_THEME_AUTO;
    return -1;
}

const char *ui_theme_name(ui_theme_kind t)
{
    return (unsigned)t < 4 ? theme_names[t] : "?";
}

void ui_theme_select(ui_theme_kind t)
{
    selected = t;
}

ui_theme_kind ui_theme_selected(void)
{
    return selected;
}

ui_theme_kind ui_theme_current(void)
{
    return current;
}

ui_theme_kind ui_theme_from_osc11(const char *reply)
{
    /* rgb:R/G/B with 1 to 4 hex digits per channel (xterm answers 4). */
    const char *p = strstr(reply, "rgb:");
    if (!p)
        return UI_THEME_AUTO;
    p += 4;
    double ch[3];
    for (int i = 0; i < 3; i++) {
        char *end;
        unsigned long v = strtoul(p, &end, 16);
        int digits = (int)(end - p);
        if (digits < 1 || digits > 4 || (i < 2 && *end != '/'))
            return UI_THEME_AUTO;
        ch[i] = (double)v / (double)((1ul << (4 * digits)) - 1);
        p = end + 1;
    }
    /* Relative luminance (Rec. 709 weights) on the gamma-encoded values: close enough to
     * split dark from light. */
    double lum = 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
    return lum > 0.5 ? UI_THEME_LIGHT : UI_THEME_DARK;
}

ui_theme_kind ui_theme_from_colorfgbg(const char *value)
{
    /* "fg;bg" or "fg;default;bg" (rxvt): the last field is the background. */
    const char *semi = value ? strrchr(value, ';') : NULL;
    if (!semi || !semi[1])
        return UI_THEME_AUTO;
    char *end;
    long bg = strtol(semi + 1, &end, 10);
    if (*end)
        return UI_THEME_AUTO;
    return (bg == 7 || (bg >= 9 && bg <= 15)) ? UI_THEME_LIGHT : UI_THEME_DARK;
}

ui_theme_kind ui_theme_detect(int timeout_ms)
{
    char reply[128];
    if (ui_terminal_query("\033]11;?\033\\", reply, sizeof reply, timeout_ms) > 0) {
        ui_theme_kind t = ui_theme_from_osc11(reply);
        if (t != UI_THEME_AUTO)
            return t;
    }
    ui_theme_kind t = ui_theme_from_colorfgbg(getenv("COLORFGBG"));
    return t != UI_THEME_AUTO ? t : UI_THEME_DARK;
}

void ui_role_style(ui_theme_kind t, ui_role r, bool wide, short *fg, short *bg, attr_t *attr)
{
    if (t == UI_THEME_MONO || t == UI_THEME_AUTO) {
        *fg = *bg = -1;
        *attr = roles[r].mono;
        return;
    }
    int l = t == UI_THEME_LIGHT;
    *fg = palette[roles[r].fg[l]][wide];
    *bg = palette[roles[r].bg[l]][wide];
    *attr = roles[r].attr[l];
}

static bool colour_on;

void ui_theme_init(bool want_colour)
{
    colour_on = false;
    current = UI_THEME_MONO;
    if (!want_colour || selected == UI_THEME_MONO || !has_colors() ||
        (getenv("NO_COLOR") && *getenv("NO_COLOR")))
        return;
    if (start_color() != OK)
        return;
    use_default_colors();
    current = selected == UI_THEME_LIGHT ? UI_THEME_LIGHT : UI_THEME_DARK;
    int t = current == UI_THEME_LIGHT, wide = COLORS >= 256;
    for (int r = 1; r < UI_ROLE_COUNT; r++)
        init_pair((short)r, palette[roles[r].fg[t]][wide], palette[roles[r].bg[t]][wide]);
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
    return roles[role].attr[current == UI_THEME_LIGHT] | (attr_t)COLOR_PAIR(role);
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
