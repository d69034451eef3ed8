/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the board component every screen shares: the cursor, choosing a piece and a
 * target (keys or mouse), the typed move line read by ctl_read_move, the hint shown the same
 * way everywhere, the view's toggles (f, c, g) and its description filled once from the
 * settings. What a chosen move means is the owner's (tui/board.h). */
#include "tui/board.h"

#include <stdlib.h>
#include <string.h>

#include "sys/i18n.h"
#include "sys/sanitize.h"
#include "tui/session.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/movegen.h"

/* The cờ úp view when the owner plays cờ úp, else NULL. */
static const ct_coup_pos *coup_of(const tui_board *b)
{
    return b->ops && b->ops->coup_view ? b->ops->coup_view(b->owner) : NULL;
}

/* A side's legal moves: from the view in cờ úp (never the referee's position). */
static int legal_moves(const tui_board *b, const ct_pos *pos, ct_move *all)
{
    const ct_coup_pos *v = coup_of(b);
    return v ? ct_coup_gen_legal(v, all) : ct_gen_legal(pos, all);
}

void tui_board_init(tui_board *b, const tui_board_ops *ops, void *owner, const char *line_title,
                    int file, int rank)
{
    memset(b, 0, sizeof *b);
    b->ops = ops;
    b->owner = owner;
    b->line_title = line_title;
    b->file = file;
    b->rank = rank;
    tui_board_clear(b);
}

void tui_board_clear(tui_board *b)
{
    b->selected = CT_NO_SQ;
    b->n_targets = 0;
    b->hint = CT_NO_MOVE;
}

/* The piece on sq and its legal moves become the selection. */
static void select_sq(tui_board *b, const ct_pos *pos, ct_sq sq)
{
    ct_move all[CT_MAX_MOVES];
    int n = legal_moves(b, pos, all);
    b->n_targets = 0;
    for (int i = 0; i < n; i++)
        if (CT_FROM(all[i]) == sq)
            b->targets[b->n_targets++] = all[i];
    b->selected = sq;
}

void tui_board_pick(tui_board *b, const ct_pos *pos, ct_sq sq)
{
    select_sq(b, pos, sq);
    b->file = CT_SQ_FILE(sq);
    b->rank = CT_SQ_RANK(sq);
}

void tui_board_hint(tui_board *b, const ct_pos *pos, ct_move mv)
{
    select_sq(b, pos, CT_FROM(mv));
    b->hint = mv;
    b->file = CT_SQ_FILE(CT_TO(mv));
    b->rank = CT_SQ_RANK(CT_TO(mv));
}

/* Enter or a click on the cursor's square: a piece of the side to move is chosen (again:
 * put back), another square with a piece chosen is the move's target. */
static void activate(ctl *c, tui_board *b)
{
    if (b->ops->square) {
        b->ops->square(c, b->owner, b->file, b->rank);
        return;
    }
    if (b->ops->may_move && !b->ops->may_move(c, b->owner))
        return;
    const ct_coup_pos *v = coup_of(b);
    const ct_pos *pos = v ? NULL : b->ops->position(b->owner);
    ct_sq sq = (ct_sq)CT_SQ(b->file, b->rank);
    int side = v ? ct_coup_side_at(v, sq) : ct_pos_side_at(pos, sq);
    int to_move = v ? v->side : pos->side;
    if (b->selected != CT_NO_SQ) {
        if (sq == b->selected) {
            b->selected = CT_NO_SQ;
            b->n_targets = 0;
            ctl_status(c, UI_STATUS, "%s", "");
        } else if (side == to_move) {
            select_sq(b, pos, sq);
        } else {
            b->ops->play(c, b->owner, CT_MOVE(b->selected, sq));
        }
        return;
    }
    if (side < 0) {
        ctl_status(c, UI_ERROR, "%s", _("Choose one of your pieces first."));
    } else if (side != to_move) {
        ctl_status(c, UI_ERROR, "%s", _("That piece is not yours."));
    } else {
        select_sq(b, pos, sq);
        if (b->n_targets == 0)
            ctl_status(c, UI_ERROR, "%s", _("That piece has no legal move."));
        else
            ctl_status(c, UI_STATUS, "%s", "");
    }
}

/* The move line's text: read the same way on every screen. */
static void on_line(ctl *c, void *st, const char *text)
{
    tui_board *b = st;
    while (*text == ' ')
        text++;
    if (!*text) {
        ctl_status(c, UI_ERROR, "%s", _("No move typed: type one after ':' (h2e2, C2.5, P2-5), or Esc."));
        return;
    }
    if (b->ops->may_move && !b->ops->may_move(c, b->owner))
        return;
    char why[CTL_STATUS_MAX];
    const ct_coup_pos *v = coup_of(b);
    if (v) {
        /* Cờ úp: coordinates or one legal move's text, read against the view. */
        ct_move cm = CT_NO_MOVE;
        ct_status ps = ct_coup_move_parse(v, text, &cm);
        if (ps != CT_OK) {
            char *t = sanitize_dup(text, 0);
            ctl_status(c, UI_ERROR,
                       ps == CT_ERR_AMBIGUOUS ? _("\"%s\" could be several moves: type its squares (h2e2).")
                                              : _("No move \"%s\" here (type its squares, e.g. h2e2)."),
                       t);
            free(t);
            return;
        }
        b->ops->play(c, b->owner, cm);
        return;
    }
    ct_move mv = ctl_read_move(c, b->ops->position(b->owner), text, why, sizeof why);
    if (!mv) {
        ctl_status(c, UI_ERROR, "%s", why);
        return;
    }
    b->ops->play(c, b->owner, mv);
}

/* dx/dy are screen directions; a turned board turns them. */
static void step(const ctl *c, tui_board *b, int dx, int dy)
{
    int df = c->set.flip ? -dx : dx, dr = c->set.flip ? dy : -dy;
    b->file = (b->file + df + CT_FILES) % CT_FILES;
    b->rank = (b->rank + dr + CT_RANKS) % CT_RANKS;
}

/* How the board is drawn, the same on every screen: turned, coordinates, glyphs; said in
 * the status line and kept in the settings. */
static void view_toggle(ctl *c, ui_req req)
{
    switch (req) {
    case REQ_FLIP: c->set.flip = !c->set.flip; break;
    case REQ_COORDS:
        c->set.coords = !c->set.coords;
        ctl_status(c, UI_STATUS, _("Coordinates: %s"), c->set.coords ? _("on") : _("off"));
        session_setting_changed(c, "coords");
        break;
    default: /* REQ_GLYPHS */
        if (c->set.ascii) {
            ctl_status(c, UI_STATUS, "%s", _("The ASCII board has only letters."));
            break;
        }
        c->set.glyphs = (ui_glyphs)((c->set.glyphs + 1) % UI_GLYPHS_ASCII);
        ctl_status(c, UI_STATUS, _("Pieces: %s"), ui_glyphs_name(c->set.glyphs));
        session_setting_changed(c, "glyphs");
        break;
    }
}

bool tui_board_key(ctl *c, tui_board *b, const ui_event *ev)
{
    switch (ev->req) {
    case REQ_FLIP:
    case REQ_COORDS:
    case REQ_GLYPHS: view_toggle(c, ev->req); return true;
    case REQ_UP: step(c, b, 0, -1); return true;
    case REQ_DOWN: step(c, b, 0, 1); return true;
    case REQ_LEFT: step(c, b, -1, 0); return true;
    case REQ_RIGHT: step(c, b, 1, 0); return true;
    case REQ_SELECT: activate(c, b); return true;
    case REQ_MOUSE: {
        int f, r;
        if (!ui_layout_cell_to_sq(&c->layout, c->set.flip, ev->y, ev->x, &f, &r))
            return false;
        if (ev->press) {
            b->file = f;
            b->rank = r;
            activate(c, b);
        }
        return true;
    }
    case REQ_MOVE_LINE:
        if (b->ops->square)
            return false;
        ctl_prompt_move(c, b, b->line_title, on_line);
        return true;
    default: return false;
    }
}

void tui_board_fill(const ctl *c, const tui_board *b, const ct_pos *pos, bool cursor,
                    ui_board_state *bs)
{
    const ctl_settings *s = &c->set;
    memset(bs, 0, sizeof *bs);
    bs->pos = pos;
    bs->coup = coup_of(b);
    /* A face-down piece's letter: Vietnamese with Vietnamese letters, or with Hán pieces
     * in Vietnamese; WXF otherwise (the ASCII board's own letters). */
    bs->down_glyphs = !s->ascii && (s->glyphs == UI_GLYPHS_VI || (s->glyphs == UI_GLYPHS_HAN && i18n_is_vietnamese()))
                          ? UI_GLYPHS_VI
                          : UI_GLYPHS_WXF;
    bs->flip = s->flip;
    bs->coords = s->coords;
    bs->ascii = s->ascii || s->ascii_lines;
    bs->glyphs = s->ascii ? UI_GLYPHS_ASCII : s->glyphs;
    bs->cursor_file = cursor && !b->hide_cursor ? b->file : -1;
    bs->cursor_rank = b->rank;
    bs->selected = b->selected;
    bs->targets = b->targets;
    bs->n_targets = b->selected != CT_NO_SQ ? b->n_targets : 0;
    bs->last_move = CT_NO_MOVE;
    bs->hint = b->hint;
    if (bs->coup)
        bs->check_sq = ct_coup_in_check(bs->coup, bs->coup->side) ? bs->coup->king[bs->coup->side] : CT_NO_SQ;
    else
        bs->check_sq = ct_in_check(pos, pos->side) ? ct_pos_king(pos, pos->side) : CT_NO_SQ;
    if (s->ascii) {
        bs->river_left = "~ ~ ~ ~";
        bs->river_right = "~ ~ ~ ~";
    } else if (i18n_is_vietnamese()) {
        bs->river_left = "Sở hà";
        bs->river_right = "Hán giới";
    } else {
        bs->river_left = "楚 河";
        bs->river_right = "漢 界";
    }
    bs->red_numbers_hanzi = !s->ascii && s->glyphs == UI_GLYPHS_HAN;
}
