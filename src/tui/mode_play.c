/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the play mode: the board and panel, the cursor and mouse, selecting and moving,
 * the typed-move line, undo/redo, hints, resign/draw, and the AI's turns (started and
 * collected in tick, never waited for). */
#include <stdio.h>
#include <string.h>

#include "tui/controller.h"
#include "ui/screen.h"
#include "tui/prefs.h"
#include "sys/i18n.h"
#include "tui/session.h"
#include "cotuong/movegen.h"

static void play_draw(ctl *c)
{
    ctl_draw_board_and_panel(c, NULL);
}

static void select_targets(ctl *c, ct_sq sq)
{
    ct_move all[CT_MAX_MOVES];
    int n = ct_gen_legal(c->game.pos, all);
    c->n_targets = 0;
    for (int i = 0; i < n; i++)
        if (CT_FROM(all[i]) == sq)
            c->targets[c->n_targets++] = all[i];
    c->selected = sq;
}

static void act_at(ctl *c, int file, int rank)
{
    ct_pos *pos = c->game.pos;
    ct_sq sq = (ct_sq)CT_SQ(file, rank);
    if (ctl_game_over(c)) {
        ctl_status(c, UI_ERROR, "%s", _("The game is over: start a new game (N) or undo (u)."));
        return;
    }
    if (!ctl_is_human_turn(c)) {
        ctl_status(c, UI_STATUS, "%s", _("Wait: it is the AI's turn (m: move now)."));
        return;
    }
    if (c->selected != CT_NO_SQ) {
        if (sq == c->selected) {
            c->selected = CT_NO_SQ;
            c->n_targets = 0;
            ctl_status(c, UI_STATUS, "%s", "");
            return;
        }
        if (ct_pos_side_at(pos, sq) == pos->side) {
            select_targets(c, sq);
            return;
        }
        ctl_play_move(c, CT_MOVE(c->selected, sq));
        return;
    }
    int side = ct_pos_side_at(pos, sq);
    if (side < 0) {
        ctl_status(c, UI_ERROR, "%s", _("Choose one of your pieces first."));
        return;
    }
    if (side != pos->side) {
        ctl_status(c, UI_ERROR, "%s", _("That piece is not yours."));
        return;
    }
    select_targets(c, sq);
    if (c->n_targets == 0)
        ctl_status(c, UI_ERROR, "%s", _("That piece has no legal move."));
    else
        ctl_status(c, UI_STATUS, "%s", "");
}

/* Why a typed move was refused, in the interface language (the core's message is English:
 * it is shown as it is in the English interface, where it says more). */
static const char *parse_error_text(const ct_parse_error *err)
{
    if (!i18n_is_vietnamese() && err->message[0])
        return err->message;
    switch (err->kind) {
    case CT_PARSE_EMPTY: return _("nothing typed");
    case CT_PARSE_UNKNOWN_PIECE: return _("unknown piece");
    case CT_PARSE_NO_PIECE: return _("no such piece on that file");
    case CT_PARSE_BAD_MARKER: return _("the front/rear marker does not fit the pieces there");
    case CT_PARSE_NO_MOVE: return _("that piece cannot move so");
    case CT_PARSE_ILLEGAL: return ctl_why_text(err->reason);
    case CT_PARSE_AMBIGUOUS: return _("several pieces can make that move");
    case CT_PARSE_CLASH: return _("notations disagree: choose one with n");
    default: return err->message[0] ? _(err->message) : _("not a move in any notation");
    }
}

/* The core's constant messages for a move it cannot read, marked for translation. */
static const char *const core_parse_messages[] __attribute__((unused)) = {
    N_("expected a direction: . (tiến), / (thoái) or - (bình)"),
    N_("expected a number 1 to 9 after the direction"),
    N_("the piece needs a file number or a marker (t, g, s)"),
};

static void on_move_line(ctl *c, const char *text)
{
    while (*text == ' ')
        text++;
    if (!*text) {
        ctl_status(c, UI_ERROR, "%s", _("No move typed: type one after ':' (h2e2, C2.5, P2-5), or Esc."));
        return;
    }
    ct_pos *pos = c->game.pos;
    ct_move mv = CT_NO_MOVE;
    ct_parse_error err;
    /* The current notation first, then any notation, then plain coordinates. */
    if (ct_move_parse(pos, text, c->set.notation, &mv, &err) != CT_OK) {
        /* Then any notation; when none reads it either, the reason is the chosen notation's
         * (X9+1 in Vietnamese: the direction, not "which piece" from WXF). */
        ct_parse_error any;
        if (ct_move_parse(pos, text, CT_NOTATION_AUTO, &mv, &any) == CT_OK || c->set.notation == CT_NOTATION_AUTO)
            err = any;
    }
    if (!mv) {
        ct_move m2 = ct_move_parse_coord(text);
        if (m2) {
            if (!ct_is_legal(pos, m2)) {
                ctl_play_move(c, m2); /* reports why it is illegal */
                return;
            }
            mv = m2;
        }
    }
    if (!mv) {
        ctl_status(c, UI_ERROR, _("Cannot read the move \"%s\": %s."), text, parse_error_text(&err));
        return;
    }
    if (!ctl_is_human_turn(c)) {
        ctl_status(c, UI_STATUS, "%s", _("Wait: it is the AI's turn (m: move now)."));
        return;
    }
    ctl_play_move(c, mv);
}

static void on_resign(ctl *c, bool yes)
{
    if (!yes || ctl_game_over(c))
        return;
    int side = c->game.pos->side;
    if (!ctl_is_human_turn(c) && c->game.players[!side].kind == CTL_HUMAN)
        side = !side;
    ct_match_resign(&c->game.match, side, c->game.pos->ply);
    ctl_ai_stop(c, true);
    char res[160];
    ctl_result_text(c, res, sizeof res);
    ctl_status(c, UI_TITLE, "%s", res);
    c->game.saved = false;
    ctl_game_changed(c);
}

static void on_draw_answer(ctl *c, bool yes)
{
    int side = c->game.pos->side;
    if (yes) {
        ct_match_accept_draw(&c->game.match, !side, c->game.pos->ply);
        char res[160];
        ctl_result_text(c, res, sizeof res);
        ctl_status(c, UI_TITLE, "%s", res);
        ctl_game_changed(c);
    } else {
        ct_match_decline_draw(&c->game.match);
        ctl_status(c, UI_STATUS, "%s", _("The draw offer was declined."));
    }
}

static void offer_draw(ctl *c)
{
    if (ctl_game_over(c))
        return;
    int side = c->game.pos->side;
    if (ct_match_offer_draw(&c->game.match, side, c->game.pos->ply) != CT_OK) {
        ctl_status(c, UI_ERROR, "%s", _("A draw cannot be offered now."));
        return;
    }
    const ctl_player *opp = &c->game.players[!side];
    if (opp->kind == CTL_HUMAN) {
        char q[128];
        snprintf(q, sizeof q, _("%s offers a draw. Accept? (y/n)"),
                 side == CT_RED ? _("Red") : _("Black"));
        ctl_prompt_yesno(c, q, on_draw_answer);
        return;
    }
    /* The AI accepts only when it thinks it is losing. */
    if (c->ai.score < -150 && c->ai.side == !side) {
        on_draw_answer(c, true);
    } else {
        ct_match_decline_draw(&c->game.match);
        ctl_status(c, UI_STATUS, "%s", _("The AI declines the draw."));
    }
}

static void on_quit_answer(ctl *c, bool yes)
{
    if (yes)
        c->quit = true;
}

static void on_new_answer(ctl *c, bool yes)
{
    if (yes) {
        ctl_ai_stop(c, true);
        ctl_set_mode(c, CTL_MODE_MENU);
    }
}

static bool unsaved(const ctl *c)
{
    return !c->game.saved && c->game.n_moves > 0;
}

static void move_cursor(ctl *c, int dx, int dy)
{
    /* dx/dy are screen directions; flip turns the board. */
    int df = c->set.flip ? -dx : dx, dr = c->set.flip ? dy : -dy;
    c->cur_file = (c->cur_file + df + 9) % 9;
    c->cur_rank = (c->cur_rank + dr + 10) % 10;
}

static void play_key(ctl *c, const ui_event *ev)
{
    switch (ev->req) {
    case REQ_UP: move_cursor(c, 0, -1); break;
    case REQ_DOWN: move_cursor(c, 0, 1); break;
    case REQ_LEFT: move_cursor(c, -1, 0); break;
    case REQ_RIGHT: move_cursor(c, 1, 0); break;
    case REQ_SELECT: act_at(c, c->cur_file, c->cur_rank); break;
    case REQ_MOUSE: {
        int f, r;
        if (!ev->press || !ui_layout_cell_to_sq(&c->layout, c->set.flip, ev->y, ev->x, &f, &r))
            break;
        c->cur_file = f;
        c->cur_rank = r;
        act_at(c, f, r);
        break;
    }
    case REQ_CANCEL:
        c->selected = CT_NO_SQ;
        c->n_targets = 0;
        c->hint = CT_NO_MOVE;
        if (c->ai.running && c->ai.for_hint)
            ctl_ai_stop(c, true);
        ctl_status(c, UI_STATUS, "%s", "");
        break;
    case REQ_MOVE_LINE:
        ctl_prompt_text(c, _("Move:"), "", on_move_line);
        break;
    case REQ_UNDO: ctl_undo(c); break;
    case REQ_REDO: ctl_redo(c); break;
    case REQ_HINT:
        if (ctl_game_over(c) || !ctl_is_human_turn(c)) {
            ctl_status(c, UI_ERROR, "%s", _("A hint is for your own turn."));
        } else if (!c->ai.running) {
            ctl_ai_start(c, true);
            ctl_status(c, UI_STATUS, "%s", _("Looking for a good move..."));
        }
        break;
    case REQ_MOVE_NOW:
        if (c->ai.running)
            ctl_ai_move_now(c);
        break;
    case REQ_RESIGN:
        if (!ctl_game_over(c))
            ctl_prompt_yesno(c, _("Resign this game? (y/n)"), on_resign);
        break;
    case REQ_DRAW: offer_draw(c); break;
    case REQ_NEW_GAME:
        if (unsaved(c) && !ctl_game_over(c))
            ctl_prompt_yesno(c, _("Abandon this game and start a new one? (y/n)"), on_new_answer);
        else
            on_new_answer(c, true);
        break;
    case REQ_SAVE:
        if (ctl_save_hooks && ctl_save_hooks->save) {
            if (ctl_save_hooks->save(c))
                c->game.saved = true;
        } else {
            ctl_status(c, UI_ERROR, "%s", _("Saving games is not available in this build."));
        }
        break;
    case REQ_OPEN:
        if (ctl_save_hooks && ctl_save_hooks->open)
            ctl_save_hooks->open(c);
        else
            ctl_status(c, UI_ERROR, "%s", _("Opening games is not available in this build."));
        break;
    case REQ_NOTATION:
        c->set.notation = (ct_notation)((c->set.notation + 1) % CT_NOTATION_AUTO);
        ctl_status(c, UI_STATUS, _("Notation: %s"), ct_notation_name(c->set.notation));
        tui_prefs_save(c, "notation");
        break;
    case REQ_FLIP: c->set.flip = !c->set.flip; break;
    case REQ_COORDS: c->set.coords = !c->set.coords; tui_prefs_save(c, "coords"); break;
    case REQ_GLYPHS:
        if (c->set.ascii)
            ctl_status(c, UI_STATUS, "%s", _("The ASCII board has only letters."));
        else
            c->set.glyphs = (ui_glyphs)((c->set.glyphs + 1) % UI_GLYPHS_ASCII), tui_prefs_save(c, "glyphs");
        break;
    case REQ_SCROLL_UP: c->history_scroll += 5; break;
    case REQ_SCROLL_DOWN:
        c->history_scroll = c->history_scroll > 5 ? c->history_scroll - 5 : 0;
        break;
    case REQ_HELP: ctl_push_mode(c, CTL_MODE_HELP); break;
    case REQ_QUIT:
        if (unsaved(c) && !ctl_game_over(c))
            ctl_prompt_yesno(c, _("The game is not saved. Quit anyway? (y/n)"), on_quit_answer);
        else
            c->quit = true;
        break;
    case REQ_COPY_GAME: session_copy(c, true); break;
    case REQ_COPY_POS: session_copy(c, false); break;
    default: break;
    }
}

static void play_tick(ctl *c)
{
    ctl_game *g = &c->game;
    int64_t now = ctl_now_ms();
    /* 1. A finished search: play its move or show the hint. */
    bool hint = false;
    ct_move mv = ctl_ai_collect(c, &hint);
    if (mv) {
        if (hint) {
            /* Show it, select its piece and put the cursor on its target: Enter plays it. */
            c->hint = mv;
            select_targets(c, CT_FROM(mv));
            c->cur_file = CT_SQ_FILE(CT_TO(mv));
            c->cur_rank = CT_SQ_RANK(CT_TO(mv));
            char t[CT_MOVE_TEXT_MAX];
            ctl_move_text(c, g->pos, mv, t, sizeof t);
            ctl_status(c, UI_STATUS, _("Hint: %s (Enter plays it)"), t);
        } else if (ctl_play_move(c, mv)) {
            ui_screen_bell(); /* the opponent moved (bell = on): for players in another window */
        }
    }
    /* 2. Loss on time. */
    if (!ctl_game_over(c) && ct_tc_timed(&g->tc)) {
        int flag = ct_clock_check_flag(&g->clock, now);
        if (flag >= 0) {
            ctl_ai_stop(c, true);
            /* Moves the flagged side has made: sides alternate from the start side. */
            int start_side = g->pos->side ^ (g->n_moves & 1), plies = 0;
            for (int i = 0; i < g->n_moves; i++)
                plies += (start_side ^ (i & 1)) == flag;
            ct_match_time_out(&g->match, flag, g->pos->ply, plies);
            char res[160];
            ctl_result_text(c, res, sizeof res);
            ctl_status(c, UI_TITLE, "%s", res);
            ctl_game_changed(c);
        }
        if (now - c->last_clock_draw >= 250) {
            c->last_clock_draw = now;
            c->dirty = true;
        }
    }
    /* 3. The AI's turn. */
    if (!ctl_game_over(c) && !ctl_is_human_turn(c) && !c->ai.running)
        ctl_ai_start(c, false);
    if (ctl_ai_thinking(c) && now - c->last_clock_draw >= 100) {
        c->last_clock_draw = now;
        c->dirty = true;
    }
}

const ctl_mode ctl_mode_play = {
    .name = "play",
    .draw = play_draw,
    .key = play_key,
    .tick = play_tick,
    .keys = UI_KEYS_PLAY,
};
