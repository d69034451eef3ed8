/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the master-games index for the modes: loading it once, the explorer panel's
 * content for a position and the opening's name (see tui/masters.h). */
#include "tui/masters.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/i18n.h"
#include "sys/masters.h"
#include "sys/sanitize.h"
#include "cotuong/ecco.h"
#include "ui/draw.h"

/* The index, loaded on first use; NULL when it is not installed or damaged. */
static const ct_explorer *tui_masters_index(ctl *c)
{
    if (!c->masters_tried) {
        /* Silent: the explorer panel says when the index is missing. */
        c->masters_tried = true;
        char err[4300];
        c->masters = sys_masters_load(NULL, err, sizeof err);
    }
    return c->masters ? c->masters->x : NULL;
}

void tui_masters_toggle(ctl *c)
{
    c->set.explorer = !c->set.explorer;
    if (!c->set.explorer)
        ctl_status(c, UI_STATUS, "%s", _("Explorer off (M shows it)."));
    else if (!tui_masters_index(c))
        ctl_status(c, UI_ERROR, "%s", _("The master games are not installed (see COTUONG_MASTERS in the manual)."));
    else
        ctl_status(c, UI_STATUS, "%s", _("Explorer: the masters' moves of this position (M hides it)."));
}

/* "Red - Black, event, year" of game i, for the screen. */
static void example_text(const ct_explorer *x, int i, char *buf, size_t size)
{
    ct_explorer_game_info g;
    buf[0] = '\0';
    if (ct_explorer_game(x, i, &g) != CT_OK)
        return;
    char raw[700];
    size_t n = 0;
    if (*g.red || *g.black)
        n += (size_t)snprintf(raw + n, sizeof raw - n, "%s - %s", *g.red ? g.red : "?",
                              *g.black ? g.black : "?");
    if (*g.event && n < sizeof raw)
        n += (size_t)snprintf(raw + n, sizeof raw - n, "%s%s", n ? ", " : "", g.event);
    if (g.year && n < sizeof raw)
        snprintf(raw + n, sizeof raw - n, "%s%d", n ? ", " : "", g.year);
    char *s = sanitize_screen_dup(raw, 0);
    snprintf(buf, size, "%s", s);
    free(s);
}

void tui_masters_fill(ctl *c, tui_masters_view *v, const ct_pos *pos)
{
    const ct_explorer *x = tui_masters_index(c);
    ct_explorer_move mv[UI_EXPLORER_ROWS];
    int n = x ? ct_explorer_lookup(x, pos, mv, UI_EXPLORER_ROWS) : 0;
    v->total = 0;
    if (pos->key != v->key) {
        v->key = pos->key; /* another position: nothing chosen there yet */
        v->selected = -1;
    }
    for (int i = 0; i < n; i++) {
        ui_explorer_row *r = &v->rows[i];
        ctl_move_text(c, pos, mv[i].move, r->move, sizeof r->move);
        r->games = mv[i].games;
        r->red = mv[i].red;
        r->draw = mv[i].draw;
        r->black = mv[i].black;
        v->moves[i] = mv[i].move;
        v->total += mv[i].games;
    }
    if (v->selected >= n)
        v->selected = n - 1;
    if (v->selected < -1)
        v->selected = -1;
    snprintf(v->title, sizeof v->title, _("Master games here: %u"), v->total);
    snprintf(v->empty, sizeof v->empty, "%s",
             x ? _("No master game reached this position.")
               : _("The master games are not installed."));
    v->st = (ui_explorer_state){
        .title = v->title,
        .heads = {_("Move"), _("Games"), _("Red"), _("Draw"), _("Black")},
        .rows = v->rows,
        .n_rows = n,
        .selected = v->selected,
        .empty = v->empty,
    };
    if (n > 0) {
        int i = v->selected >= 0 ? v->selected : 0;
        char ex[600];
        example_text(x, mv[i].example, ex, sizeof ex);
        if (ex[0]) {
            snprintf(v->example, sizeof v->example, _("Example (%s): %s"), v->rows[i].move, ex);
            v->st.example = v->example;
        }
    }
}

void tui_masters_draw(tui_masters_view *v, const ui_rect *r)
{
    v->rect = *r;
    if (v->rect.h > TUI_MASTERS_SCREEN_ROWS)
        v->rect.h = TUI_MASTERS_SCREEN_ROWS;
    ui_explorer_draw(stdscr, &v->rect, &v->st, v->row_move);
}

ct_move tui_masters_at(const tui_masters_view *v, int y, int x)
{
    const ui_rect *r = &v->rect;
    if (r->h <= 0 || y < r->y || y >= r->y + r->h || x < r->x || x >= r->x + r->w)
        return CT_NO_MOVE;
    int i = v->row_move[y - r->y];
    return i >= 0 && i < v->st.n_rows ? v->moves[i] : CT_NO_MOVE;
}

int tui_masters_share(const void *user, int free_rows)
{
    const tui_masters_view *v = user;
    int want = ui_explorer_rows_wanted(&v->st);
    /* A short panel (80x24) gives the explorer what it wants, the history the rest if any;
     * a tall one keeps a third for the history. */
    int most = free_rows < 20 ? free_rows : free_rows * 2 / 3;
    return want < most ? want : most;
}

void tui_masters_opening(ctl *c, const ct_record *rec, int node, char *buf, size_t size)
{
    buf[0] = '\0';
    const ct_explorer *x = rec->has_fen ? NULL : tui_masters_index(c);
    if (!x)
        return;
    ct_move line[CT_EXPLORER_PLIES + 1];
    int n = ct_record_line_to(rec, node, line, CT_EXPLORER_PLIES + 1);
    if (n == 0)
        return; /* no move yet: no opening */
    if (n > CT_EXPLORER_PLIES)
        n = CT_EXPLORER_PLIES;
    /* At the end of a finished game's main line, the whole game's code (what `cotuong
     * opening` and the saved [ECCO] say). Elsewhere the game may go on: the code once no
     * later move can change it; until then the name of the narrowest group every code
     * still possible belongs to. */
    int lo, hi, code;
    if (rec->result != CT_RESULT_NONE && ct_record_first_child(rec, node) == CT_NO_NODE &&
        ct_record_on_main_line(rec, node)) {
        code = ct_ecco_classify(x, line, n);
        lo = hi = code;
    } else {
        code = ct_ecco_classify_so_far(x, line, n, &lo, &hi);
    }
    const char *name = ct_ecco_range_name(lo, hi, i18n_is_vietnamese() ? CT_ECCO_VI : CT_ECCO_EN);
    if (!*name)
        return;
    char num[5] = "";
    if (code != CT_ECCO_NONE) {
        ct_ecco_format(code, num);
        strcat(num, " ");
    }
    char raw[600];
    if (ui_locale_is_utf8() && !c->set.ascii)
        snprintf(raw, sizeof raw, "%s%s / %s", num, name, ct_ecco_range_name(lo, hi, CT_ECCO_ZH));
    else
        snprintf(raw, sizeof raw, "%s%s", num, name);
    char *s = sanitize_screen_dup(raw, 0);
    snprintf(buf, size, "%s", s);
    free(s);
}
