/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the play mode: one game model (game/game.h) on the board and panel, the cursor
 * and mouse, selecting and moving, the typed-move line, undo/redo, hints, resign/draw,
 * saving, the seats' moves (collected every tick, never waited for), pause and pace when
 * the AI plays itself. Its state is its own: the game, the cursor, the selection. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game/game.h"
#include "sys/i18n.h"
#include "sys/player.h"
#include "sys/resume.h"
#include "sys/sanitize.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "tui/board.h"
#include "tui/controller.h"
#include "tui/coup_text.h"
#include "tui/lobby_play.h"
#include "tui/masters.h"
#include "tui/session.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/movegen.h"
#include "ui/draw.h"
#include "ui/screen.h"
#include "ui/views.h"

#define HISTORY_MAX (CT_MAX_HISTORY / 2 + 2)

typedef struct {
    game g;
    tui_board b;                     /* cursor, selection, hint, the move line */
    int history_scroll;
    bool user_paused;                /* p: the AI against itself stands still */
    int64_t last_draw;
    /* The history lines, rebuilt only when the line or the notation changed. */
    ui_history_line hist[HISTORY_MAX];
    int hist_n;
    uint64_t hist_sum;
    ct_pos scratch;
    tui_lobby *net;                  /* a game with someone through the lobby, or NULL */
    tui_masters_view masters;        /* the explorer panel (M), on the human's turn */
    ui_rect masters_at;
    char opening[400];
    ct_coup_pos *view;               /* cờ úp: what the player at the screen may know (the
                                        only position drawn or read), NULL in cờ tướng */
    uint8_t coup_rev[CT_MAX_HISTORY]; /* cờ úp: each move's reveal (the history's) */
} play_state;

static const char *side_name(int side)
{
    return side == CT_RED ? _("Red") : _("Black");
}

static bool in_progress(const play_state *ps)
{
    return game_plies(&ps->g) > 0 && !game_over(&ps->g);
}

static bool both_seated(const play_state *ps)
{
    return ps->g.seats[CT_RED] && ps->g.seats[CT_BLACK];
}

static void result_status(ctl *c, play_state *ps)
{
    char res[200];
    ctl_result_text(ps->g.match.result, ps->g.match.reason, res, sizeof res);
    ctl_status(c, UI_TITLE, "%s", res);
}

/* ------------------------------------------------------------------ cờ úp */
/* Whose view the screen shows: the human's against a computer, the side to move's at a
 * hot-seat, a watcher's when two computers play. */
static int coup_viewer(const play_state *ps)
{
    const game *g = &ps->g;
    bool red = !g->seats[CT_RED], black = !g->seats[CT_BLACK];
    if (red && black)
        return game_side(g);
    return red ? CT_RED : black ? CT_BLACK : CT_COUP_WATCHER;
}

/* The board's view: refreshed from the model each time (the referee's never leaves it). */
static const ct_coup_pos *coup_view(void *owner)
{
    play_state *ps = owner;
    if (!ps->view)
        return NULL;
    game_coup_view(&ps->g, coup_viewer(ps), ps->view);
    return ps->view;
}

/* What the board shows: the view, or a lobby watcher's stepped back to an earlier ply. */
static const ct_coup_pos *coup_board(void *owner)
{
    play_state *ps = owner;
    const ct_coup_pos *back = ps->view && ps->net ? tui_lobby_coup_view(ps->net) : NULL;
    return back ? back : coup_view(owner);
}

/* The last move of the current line as the screen's player saw it. */
static void coup_last_text(const ctl *c, play_state *ps, char *buf, size_t size)
{
    ct_coup_pos *v = ps->view;
    coup_view(ps);
    buf[0] = 0;
    if (v->ply == 0)
        return;
    ct_move mv = v->hist[v->ply - 1].move;
    /* A face-down piece that moved stands face up now: what it turned out to be is public. */
    int reveal = (v->hist[v->ply - 1].moved & CT_COUP_DOWN) ? CT_COUP_TYPE(v->board[CT_TO(mv)]) : 0;
    int taken = v->hist[v->ply - 1].captured;
    ct_coup_unmake(v);
    tui_coup_move_text(c->set.notation, v, mv, reveal, buf, size);
    /* What it took, as far as this player may know (a face-down piece of yours: not what). */
    size_t n = strlen(buf);
    if (taken && CT_COUP_TYPE(taken))
        snprintf(buf + n, size - n, _(", takes %s"), tui_coup_piece_word(CT_COUP_TYPE(taken)));
    else if (taken)
        snprintf(buf + n, size - n, "%s", _(", takes a face-down piece"));
    coup_view(ps);
}

/* "Taken by Red: Xe, ?" -- '?' for a piece taken face down whose identity this player may
 * not know (its owner's). */
static void coup_taken(const ct_coup_pos *v, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = 0;
    for (int taker = 0; taker < 2 && k < size; taker++) {
        int lost = !taker;
        k += (size_t)snprintf(buf + k, size - k, "%s%s:", taker ? "  " : "",
                              taker == CT_RED ? _("Red has taken") : _("Black has taken"));
        if (v->ntaken[lost] == 0 && k < size)
            k += (size_t)snprintf(buf + k, size - k, " -");
        for (int i = 0; i < v->ntaken[lost] && k < size; i++) {
            int t = CT_COUP_TYPE(v->taken[lost][i]);
            k += (size_t)snprintf(buf + k, size - k, " %s", t ? tui_coup_piece_word(t) : "?");
        }
    }
}

/* The status after a move: check, the result, a claim, or the move itself. */
static void moved_status(ctl *c, play_state *ps, int mover, const char *text)
{
    const ct_verdict *v = &ps->g.verdict;
    if (game_over(&ps->g))
        result_status(c, ps);
    else if (v->flags & CT_ADJ_CHECK)
        ctl_status(c, UI_ERROR, _("%s %s: check!"), side_name(mover), text);
    else if (v->flags & CT_ADJ_CLAIM_MOVE_LIMIT)
        ctl_status(c, UI_STATUS, "%s", _("A draw may be claimed (move limit)."));
    else
        ctl_status(c, UI_STATUS, "%s %s", side_name(mover), text);
}

/* A human's move: adjudicated by the model, every refusal explained. */
static bool human_move(ctl *c, play_state *ps, ct_move mv)
{
    game *g = &ps->g;
    game_report rep;
    g->notation = sanitize_notation(c->set.notation);
    if (ps->net && tui_lobby_send_move(c, ps->net, mv)) {
        /* Cờ úp with someone: the host's program reveals; the move comes back from it. */
        tui_board_clear(&ps->b);
        return true;
    }
    switch (game_play(g, mv, sys_now_ms(), &rep)) {
    case GAME_OK:
        tui_board_clear(&ps->b);
        ps->history_scroll = 0;
        if (ps->view) {
            char t[200];
            coup_last_text(c, ps, t, sizeof t);
            moved_status(c, ps, rep.mover, t);
        } else {
            moved_status(c, ps, rep.mover, rep.text);
        }
        ctl_autosave_news(c);
        return true;
    case GAME_OVER:
        ctl_status(c, UI_ERROR, "%s", _("The game is over: start a new game (N) or undo (u)."));
        return false;
    case GAME_ILLEGAL: ctl_status(c, UI_ERROR, _("Illegal: %s."), ctl_why_text(rep.why)); return false;
    case GAME_FLAGGED: result_status(c, ps); ctl_autosave_news(c); return false;
    default: ctl_status(c, UI_ERROR, "%s", _("The game is too long.")); return false;
    }
}

/* ------------------------------------------------------------------ drawing */
static void fmt_clock(char *buf, size_t size, int64_t ms)
{
    if (ms < 0)
        ms = 0;
    int64_t s = (ms + 999) / 1000;
    if (s >= 3600)
        snprintf(buf, size, "%d:%02d:%02d", (int)(s / 3600), (int)(s / 60 % 60), (int)(s % 60));
    else
        snprintf(buf, size, "%02d:%02d", (int)(s / 60), (int)(s % 60));
}

static void player_text(const play_state *ps, int side, char *buf, size_t size)
{
    const sys_player_spec *p = &ps->g.setup.players[side];
    switch (p->kind) {
    case SYS_PLAYER_AI: snprintf(buf, size, _("%s: AI level %d"), side_name(side), p->level); break;
    case SYS_PLAYER_HUMAN: snprintf(buf, size, "%s: %s", side_name(side), _("human")); break;
    default: {
        char *cmd = sanitize_dup(p->command, 0);
        snprintf(buf, size, "%s: %s", side_name(side), cmd);
        free(cmd);
        break;
    }
    }
}

/* The moves up to the current node as lines "12. P2-5  M8.7". */
static void build_history(ctl *c, play_state *ps)
{
    const game *g = &ps->g;
    ct_move line[CT_MAX_HISTORY];
    int n_moves = ct_record_line_to(&g->rec, g->node, line, CT_MAX_HISTORY);
    /* The notation and the panel's width (two moves a row or one) change the rows too. */
    uint64_t sum = (1469598103934665603ull ^ (uint64_t)c->set.notation) * 1099511628211ull ^ (uint64_t)c->layout.panel.w;
    for (int i = 0; i < n_moves; i++)
        sum = (sum ^ line[i]) * 1099511628211ull;
    sum = (sum ^ (uint64_t)g->rec.has_fen) * 1099511628211ull;
    for (const char *p = g->rec.start_fen; g->rec.has_fen && *p; p++)
        sum = (sum ^ (unsigned char)*p) * 1099511628211ull;
    if (sum == ps->hist_sum && ps->hist_n >= 0)
        return;
    ps->hist_sum = sum;
    if (ps->view) {
        /* Cờ úp: the view stepped back to the start, then forward with the public reveals. */
        uint8_t *rev = ps->coup_rev;
        game_coup_reveals(g, rev, CT_MAX_HISTORY);
        ct_coup_pos *v = ps->view;
        coup_view(ps);
        while (v->ply > 0)
            ct_coup_unmake(v);
        int n = 0;
        for (int i = 0; i < n_moves && n < HISTORY_MAX; i++) {
            char t[200];
            tui_coup_move_text(c->set.notation, v, line[i], rev[i], t, sizeof t);
            ui_history_line *l = &ps->hist[n++];
            snprintf(l->text, sizeof l->text, "%3d%s %.80s", i / 2 + 1, i % 2 ? "..." : ". ", t);
            l->current = i == n_moves - 1;
            if (ct_coup_make(v, line[i], rev[i]) < 0)
                break;
        }
        ps->hist_n = n;
        coup_view(ps);
        return;
    }
    ct_pos *start = xmalloc(sizeof *start);
    ct_record_start_position(&g->rec, start);
    ps->hist_n = ctl_history_rows(c, start, &ps->scratch, line, n_moves, ps->hist, HISTORY_MAX,
                                  c->layout.panel.w - 2);
    free(start);
}

static void play_draw(ctl *c, void *st, const char *prompt)
{
    play_state *ps = st;
    game *g = &ps->g;
    const ui_layout *lo = &c->layout;
    werase(stdscr);
    /* 1. The board. */
    const ct_pos *shown = ps->net ? tui_lobby_view(ps->net) : NULL;
    ui_board_state bs;
    tui_board_fill(c, &ps->b, shown ? shown : g->pos,
                   ctl_current_mode(c) == CTL_MODE_PLAY || ctl_current_mode(c) == CTL_MODE_PROMPT, &bs);
    bs.last_move = ct_record_move(&g->rec, g->node);
    if (shown) /* a watcher stepped back: the move that led there */
        bs.last_move = shown->ply > 0 ? shown->hist[shown->ply - 1].move : CT_NO_MOVE;
    else if (bs.coup && ps->net && tui_lobby_coup_view(ps->net))
        bs.last_move = bs.coup->ply > 0 ? bs.coup->hist[bs.coup->ply - 1].move : CT_NO_MOVE;
    ui_board_draw(stdscr, lo, &bs);

    /* 2. The panel. */
    char turn[200], players[2][300], clocks[2][32], rules[64], notation[64];
    char ai0[200], ai1[400];
    ui_panel_state pst = {.title = ps->view ? _("Cờ úp — face-down xiangqi") : _("Cờ tướng — xiangqi")};
    build_history(c, ps);
    pst.n_history = ps->hist_n;
    pst.history = ps->hist;
    pst.history_scroll = ps->history_scroll;
    if (game_over(g)) {
        ctl_result_text(g->match.result, g->match.reason, turn, sizeof turn);
        pst.turn_role = UI_TITLE;
    } else {
        /* the side to move on the board shown (a watcher's stepped-back board: then) */
        int side = shown ? shown->side : bs.coup ? bs.coup->side : game_side(g);
        snprintf(turn, sizeof turn, "%s%s%s", side == CT_RED ? _("Red to move") : _("Black to move"),
                 bs.check_sq != CT_NO_SQ ? _(" (in check!)") : "",
                 !g->paused ? "" : ps->net ? _(" (the clocks stand)") : _(" (paused: p goes on)"));
        pst.turn_role = side == CT_RED ? UI_RED : UI_BLACK;
    }
    pst.turn = turn;
    int64_t now = sys_now_ms();
    for (int s = 0; s < 2; s++) {
        player_text(ps, s, players[s], sizeof players[s]);
        pst.players[s] = players[s];
        if (ps->net) {
            tui_lobby_player(ps->net, s, players[s], sizeof players[s]);
            if (tui_lobby_clock(ps->net, s, clocks[s], sizeof clocks[s], &pst.clock_running[s]))
                pst.clocks[s] = clocks[s];
        } else if (ct_tc_timed(&g->tc)) {
            fmt_clock(clocks[s], sizeof clocks[s], game_time_left(g, s, now));
            pst.clocks[s] = clocks[s];
            pst.clock_running[s] = g->clock.running && g->clock.side == s;
        }
    }
    snprintf(rules, sizeof rules, _("Rules: %s"), ct_rules_name(g->setup.rules));
    pst.rules = rules;
    snprintf(notation, sizeof notation, _("Notation: %s"), ct_notation_name(c->set.notation));
    pst.notation = notation;
    pst.status = c->status;
    pst.status_role = c->status_role;
    game_seat *thinking = ps->net ? NULL : game_thinking(g);
    if (ps->net)
        tui_lobby_lines(ps->net, pst.ai_lines);
    /* Cờ úp: its search tells depth and score when it ends, so the panel keeps the last
     * move's until the next think shows its own. */
    game_seat *last = ps->view && !ps->net && !thinking && game_plies(g) > 0 ? g->seats[!game_side(g)] : NULL;
    if (last) {
        game_seat_progress p;
        game_seat_progress_get(last, &p);
        if (p.depth > 0) {
            snprintf(ai0, sizeof ai0, _("AI's last move: depth %d, score %+.2f, %llu nodes, %.1f s"),
                     p.depth, p.score / 100.0, (unsigned long long)p.nodes, p.time_ms / 1000.0);
            pst.ai_lines[0] = ai0;
        }
    }
    if (thinking) {
        game_seat_progress p;
        game_seat_progress_get(thinking, &p);
        if (p.depth > 0)
            snprintf(ai0, sizeof ai0, _("AI thinking: depth %d, score %+.2f, %llu nodes"), p.depth,
                     p.score / 100.0, (unsigned long long)p.nodes);
        else
            snprintf(ai0, sizeof ai0, _("AI thinking: %.1f s, %llu nodes"), p.time_ms / 1000.0,
                     (unsigned long long)p.nodes);
        pst.ai_lines[0] = ai0;
        if (p.pv_len > 0 && !ps->view) {
            ct_pos *scratch = &ps->scratch;
            *scratch = *g->pos;
            size_t len = (size_t)snprintf(ai1, sizeof ai1, "%s", _("Best line:"));
            for (int i = 0; i < p.pv_len && i < 8 && len + 20 < sizeof ai1; i++) {
                if (!ct_is_legal(scratch, p.pv[i]))
                    break;
                char t[CT_MOVE_TEXT_MAX];
                ctl_move_text(c, scratch, p.pv[i], t, sizeof t);
                len += (size_t)snprintf(ai1 + len, sizeof ai1 - len, " %s", t);
                ct_pos_make(scratch, p.pv[i]);
            }
            pst.ai_lines[1] = ai1;
            ps->hist_n = -1; /* scratch was used: rebuild the history next time */
        }
    }
    if (ps->view)
        coup_taken(bs.coup, ps->opening, sizeof ps->opening); /* the board's (stepped) view */
    else
        tui_masters_opening(c, &g->rec, g->node, ps->opening, sizeof ps->opening);
    pst.opening = ps->opening;
    if (c->set.explorer && game_human_turn(g) && !game_over(g) && !ps->view) {
        tui_masters_fill(c, &ps->masters, g->pos);
        pst.aside_share = tui_masters_share;
        pst.aside_user = &ps->masters;
        pst.aside = &ps->masters_at;
    }
    pst.prompt = prompt;
    pst.footer = ps->net         ? tui_lobby_footer(ps->net)
                 : both_seated(ps) ? _("? help  p pause  +/- pace  q quit")
                                   : _("? help  : type a move  u undo  q quit");
    ui_panel_draw(stdscr, &lo->panel, &pst);
    if (pst.aside && ps->masters_at.h > 0)
        tui_masters_draw(&ps->masters, &ps->masters_at);
}

/* ------------------------------------------------------------------ acting */
static const ct_pos *board_position(void *owner)
{
    return ((play_state *)owner)->g.pos;
}

/* The board asks before a piece is chosen or a typed move is read. */
static bool may_move(ctl *c, void *owner)
{
    play_state *ps = owner;
    if (ps->net && !tui_lobby_may_move(c, ps->net))
        return false;
    if (game_over(&ps->g)) {
        ctl_status(c, UI_ERROR, "%s", _("The game is over: start a new game (N) or undo (u)."));
        return false;
    }
    if (!game_human_turn(&ps->g)) {
        ctl_status(c, UI_STATUS, "%s", _("Wait: it is the AI's turn (m: move now)."));
        return false;
    }
    return true;
}

static void board_move(ctl *c, void *owner, ct_move mv)
{
    human_move(c, owner, mv);
}

static const tui_board_ops board_ops = {
    .position = board_position,
    .may_move = may_move,
    .play = board_move,
    .coup_view = coup_board,
};

/* The side a human plays (the one to move, or the other when the AI is to move). */
static int human_side(const play_state *ps)
{
    int side = game_side(&ps->g);
    if (!game_human_turn(&ps->g) && !ps->g.seats[!side])
        side = !side;
    return side;
}

static void on_resign(ctl *c, void *st, bool yes)
{
    play_state *ps = st;
    if (!yes || game_over(&ps->g))
        return;
    game_resign(&ps->g, human_side(ps), sys_now_ms());
    result_status(c, ps);
    ctl_autosave_news(c);
}

static void on_draw_answer(ctl *c, void *st, bool yes)
{
    play_state *ps = st;
    if (yes) {
        game_accept_draw(&ps->g, !ps->g.match.offer_side, sys_now_ms());
        result_status(c, ps);
        ctl_autosave_news(c);
    } else {
        game_decline_draw(&ps->g);
        ctl_status(c, UI_STATUS, "%s", _("The draw offer was declined."));
    }
}

static void offer_draw(ctl *c, play_state *ps)
{
    if (game_over(&ps->g))
        return;
    int side = human_side(ps);
    if (game_offer_draw(&ps->g, side) != GAME_OK) {
        ctl_status(c, UI_ERROR, "%s", _("A draw cannot be offered now."));
        return;
    }
    game_seat *opp = ps->g.seats[!side];
    if (!opp) {
        char q[160];
        snprintf(q, sizeof q, _("%s offers a draw. Accept? (y/n)"), side_name(side));
        ctl_prompt_yesno(c, ps, q, on_draw_answer);
        return;
    }
    /* The AI accepts only when its last look at the game said it is losing. */
    game_seat_progress p;
    game_seat_progress_get(opp, &p);
    if (p.depth > 0 && p.score < -150) {
        on_draw_answer(c, ps, true);
    } else {
        game_decline_draw(&ps->g);
        ctl_status(c, UI_STATUS, "%s", _("The AI declines the draw."));
    }
}

static void on_quit_answer(ctl *c, void *st, bool yes)
{
    (void)st;
    if (yes)
        c->quit = true;
}

static void on_new_answer(ctl *c, void *st, bool yes)
{
    (void)st;
    if (yes)
        ctl_push(c, CTL_MODE_MENU, NULL); /* the game waits below until a new one starts */
}

/* Cờ úp: would taking back the last turn unsay something hidden? A move taken back after it
 * turned a piece up, or took a face-down piece, would let the player learn the deal and try
 * again: such a turn is not taken back (man page, CỜ ÚP). */
static bool coup_undo_hides(play_state *ps)
{
    const game *g = &ps->g;
    const ct_coup_pos *v = coup_view(ps);
    /* the plies undo() takes back: one, and the computer's before it on a human's turn */
    int plies = game_human_turn(g) && (g->seats[CT_RED] || g->seats[CT_BLACK]) ? 2 : 1;
    for (int i = 1; i <= plies && i <= v->ply; i++) {
        const ct_coup_undo *u = &v->hist[v->ply - i];
        if ((u->moved & CT_COUP_DOWN) || (u->captured && (u->captured & CT_COUP_DOWN)))
            return true;
    }
    return false;
}

static void undo(ctl *c, play_state *ps)
{
    game *g = &ps->g;
    int64_t now = sys_now_ms();
    if (ps->view && game_plies(g) > 0 && coup_undo_hides(ps)) {
        ctl_status(c, UI_ERROR, "%s", _("Cờ úp: a move that turned a piece up or took a face-down piece is not taken back."));
        return;
    }
    if (game_undo(g, now) != GAME_OK) {
        ctl_status(c, UI_ERROR, "%s", _("Nothing to undo."));
        return;
    }
    /* Against the AI take back a full turn: back to a human's move. */
    while (!game_human_turn(g) && game_undo(g, now) == GAME_OK)
        ;
    tui_board_clear(&ps->b);
    ctl_status(c, UI_STATUS, "%s", _("Move taken back."));
}

static void redo(ctl *c, play_state *ps)
{
    game *g = &ps->g;
    int64_t now = sys_now_ms();
    if (game_redo(g, now) != GAME_OK) {
        ctl_status(c, UI_ERROR, "%s", _("Nothing to redo."));
        return;
    }
    while (!game_human_turn(g) && !game_over(g) && game_redo(g, now) == GAME_OK)
        ;
    tui_board_clear(&ps->b);
    ctl_status(c, UI_STATUS, "%s", game_over(g) ? "" : _("Move replayed."));
    if (game_over(g))
        result_status(c, ps);
}

/* Saving: the path typed, then "replace?" when another file is there (session_save_as). */
static void write_to(ctl *c, void *st, const char *path)
{
    play_state *ps = st;
    if (ps->view) {
        /* Cờ úp: the moves and their reveals; the deal only once the game is over. */
        char err[400];
        char *p = sanitize_dup(path, 0);
        if (game_coup_save(&ps->g, path, err, sizeof err) != 0) {
            char *e = sanitize_dup(err, 0);
            ctl_status(c, UI_ERROR, _("Not saved: %s"), e);
            free(e);
        } else {
            game_mark_saved(&ps->g, path);
            ctl_status(c, UI_STATUS, _("Saved to %s"), p);
        }
        free(p);
        return;
    }
    session_save_game(c, &ps->g, path);
}

static void on_save_name(ctl *c, void *st, const char *text)
{
    play_state *ps = st;
    session_save_as(c, ps, text, ps->g.path, write_to);
}

static void save(ctl *c, play_state *ps)
{
    if (ps->g.path[0]) {
        write_to(c, ps, ps->g.path);
        return;
    }
    char path[1024];
    session_new_game_path(&ps->g, path, sizeof path);
    ctl_prompt_file(c, ps, _("Save the game to:"), path, on_save_name);
}

static void pace(ctl *c, play_state *ps, int dir)
{
    static const int steps[] = {0, 250, 500, 1000, 2000, 4000, 8000};
    int n = (int)(sizeof steps / sizeof *steps), i = 0;
    while (i + 1 < n && steps[i] < ps->g.pace_ms)
        i++;
    i = i + dir < 0 ? 0 : i + dir >= n ? n - 1 : i + dir;
    ps->g.pace_ms = steps[i];
    c->defaults.pace_ms = steps[i];
    ctl_status(c, UI_STATUS, _("Pace: at least %.2f s a move (+ faster, - slower)."), steps[i] / 1000.0);
}

static void play_key(ctl *c, void *st, const ui_event *ev)
{
    play_state *ps = st;
    game *g = &ps->g;
    if (ps->net && tui_lobby_key(c, ps->net, ev))
        return;
    if (tui_board_key(c, &ps->b, ev))
        return;
    switch (ev->req) {
    case REQ_CANCEL:
        tui_board_clear(&ps->b);
        game_cancel_hint(g);
        ctl_status(c, UI_STATUS, "%s", "");
        break;
    case REQ_UNDO: undo(c, ps); break;
    case REQ_REDO: redo(c, ps); break;
    case REQ_HINT:
        if (game_hint(g))
            ctl_status(c, UI_STATUS, "%s", _("Looking for a good move..."));
        else
            ctl_status(c, UI_ERROR, "%s", _("A hint is for your own turn."));
        break;
    case REQ_MOVE_NOW: game_move_now(g); break;
    case REQ_RESIGN:
        if (!game_over(g))
            ctl_prompt_yesno(c, ps, _("Resign this game? (y/n)"), on_resign);
        break;
    case REQ_DRAW: offer_draw(c, ps); break;
    case REQ_NEW_GAME:
        if (in_progress(ps))
            ctl_prompt_yesno(c, ps, _("Abandon this game for the menu? (y/n)"),
                             on_new_answer);
        else
            on_new_answer(c, ps, true);
        break;
    case REQ_SAVE: save(c, ps); break;
    case REQ_OPEN: session_open_prompt(c); break;
    case REQ_PAUSE:
        if (!both_seated(ps)) {
            ctl_status(c, UI_STATUS, "%s", _("Pause is for the AI playing itself."));
            break;
        }
        ps->user_paused = !ps->user_paused;
        game_pause(g, ps->user_paused, sys_now_ms());
        ctl_status(c, UI_STATUS, "%s", ps->user_paused ? _("Paused (p goes on).") : _("Going on."));
        break;
    case REQ_PACE_FASTER: pace(c, ps, -1); break;
    case REQ_PACE_SLOWER: pace(c, ps, +1); break;
    case REQ_NOTATION:
        c->set.notation = (ct_notation)((c->set.notation + 1) % CT_NOTATION_AUTO);
        snprintf(c->saver.notation, sizeof c->saver.notation, "%s", ct_notation_name(c->set.notation));
        ctl_status(c, UI_STATUS, _("Notation: %s"), ct_notation_name(c->set.notation));
        session_setting_changed(c, "notation");
        break;
    case REQ_EXPLORER: tui_masters_toggle(c); break;
    case REQ_SCROLL_UP: ps->history_scroll += 5; break;
    case REQ_SCROLL_DOWN: ps->history_scroll = ps->history_scroll > 5 ? ps->history_scroll - 5 : 0; break;
    case REQ_COPY_GAME:
    case REQ_COPY_POS:
        if (ps->view) {
            ctl_status(c, UI_ERROR, "%s", _("Cờ úp: save the game (s) instead of copying it."));
            break;
        }
        if (ev->req == REQ_COPY_POS) {
            session_copy(c, &g->rec, g->pos, false);
            break;
        }
        game_fill_tags(g, NULL);
        session_copy(c, &g->rec, g->pos, true);
        break;

    case REQ_HELP: ctl_push(c, CTL_MODE_HELP, NULL); break;
    case REQ_QUIT:
        if (in_progress(ps) && g->modified)
            ctl_prompt_yesno(c, ps, _("The game is not saved. Quit anyway? (y/n; it stays resumable)"),
                             on_quit_answer);
        else
            c->quit = true;
        break;
    default: break;
    }
}

/* ------------------------------------------------------------------ the clock and seats */
static void play_tick(ctl *c, void *st)
{
    play_state *ps = st;
    game *g = &ps->g;
    if (ps->net)
        tui_lobby_tick(c, ps->net);
    if (ps->net && !ps->view && game_is_coup(g))
        ps->view = xmalloc(sizeof *ps->view); /* a joiner's cờ úp game, once built */
    int64_t now = sys_now_ms();
    g->notation = sanitize_notation(c->set.notation); /* the text of a seat's move */
    game_tick_event ev = game_tick(g, now);
    if (ps->net)
        tui_lobby_tick_event(c, ps->net, &ev);
    char t[CT_MOVE_TEXT_MAX];
    switch (ev.kind) {
    case GAME_TICK_HINT:
        /* Show it, select its piece and put the cursor on its target: Enter plays it. */
        tui_board_hint(&ps->b, g->pos, ev.move);
        if (ps->view) {
            char w[200];
            tui_coup_move_text(c->set.notation, coup_view(ps), ev.move, 0, w, sizeof w);
            ctl_status(c, UI_STATUS, _("Hint: %s (Enter plays it)"), w);
            break;
        }
        ctl_move_text(c, g->pos, ev.move, t, sizeof t);
        ctl_status(c, UI_STATUS, _("Hint: %s (Enter plays it)"), t);
        break;
    case GAME_TICK_MOVED: {
        ps->hist_n = -1;
        tui_board_clear(&ps->b);
        ps->history_scroll = 0;
        if (ps->view) {
            char w[200];
            coup_last_text(c, ps, w, sizeof w);
            moved_status(c, ps, ev.side, w);
        } else {
            moved_status(c, ps, ev.side, ev.report.text);
        }
        ui_screen_bell(); /* the opponent moved (bell = on): for players in another window */
        break;
    }
    case GAME_TICK_TIME: result_status(c, ps); break;
    case GAME_TICK_FORFEIT: {
        char *d = sanitize_dup(ev.detail, 0);
        char res[200];
        ctl_result_text(g->match.result, g->match.reason, res, sizeof res);
        ctl_status(c, UI_ERROR, _("%s forfeits: %s. %s"), side_name(ev.side), d, res);
        free(d);
        break;
    }
    default: break;
    }
    if (ev.kind != GAME_TICK_NONE) {
        ctl_autosave_news(c);
        c->dirty = true;
    }
    /* The clocks and the AI's progress are redrawn a few times a second. */
    bool live = (ct_tc_timed(&g->tc) && !game_over(g) && !g->paused) || game_thinking(g);
    if (live && now - ps->last_draw >= (game_thinking(g) ? 100 : 250)) {
        ps->last_draw = now;
        c->dirty = true;
    }
}

static void play_cover(ctl *c, void *st, bool covered)
{
    (void)c;
    play_state *ps = st;
    if (ps->net) /* the clocks of a game with someone are the host's, not this screen's */
        return;
    game_pause(&ps->g, covered || ps->user_paused, sys_now_ms());
}

/* ------------------------------------------------------------------ open and close */
static void place_cursor(ctl *c, play_state *ps)
{
    ps->b.file = 4;
    ps->b.rank = c->set.flip ? 7 : 2;
}

static void *play_open(ctl *c, const void *arg)
{
    const ctl_play_arg *a = arg;
    play_state *ps = xcalloc(1, sizeof *ps);
    if (!ps)
        return NULL;
    game_init(&ps->g);
    ps->hist_n = -1;
    ps->masters.selected = -1;
    tui_board_init(&ps->b, &board_ops, ps, _("Move:"), 4, 2);
    int64_t now = sys_now_ms();
    char err[400] = "";
    if (a && a->lobby) {
        /* 0. A game with someone: the link sets it up; its files are the lobby's. */
        ps->net = tui_lobby_open(c, a->lobby, &ps->g);
        if (!ps->net) {
            game_free(&ps->g);
            free(ps);
            return NULL;
        }
        c->set.flip = tui_lobby_bottom_black(ps->net);
        if (game_is_coup(&ps->g))
            ps->view = xmalloc(sizeof *ps->view); /* the host's view of its cờ úp game */
        place_cursor(c, ps);
        return ps;
    }
    if (a && a->resume) {
        /* 1. A game from the resume file: its notation, where it was, why it stopped. */
        const char *v = ct_record_tag(a->resume, "Notation");
        bool ok;
        ct_notation n = v ? ct_notation_from_name(v, &ok) : CT_NOTATION_AUTO;
        if (v && ok && n != CT_NOTATION_AUTO)
            c->set.notation = n;
        v = ct_record_tag(a->resume, "Interrupted");
        bool quit = v && !strcmp(v, "quit");
        if (!game_restore(&ps->g, a->resume, false, now, err, sizeof err)) {
            ctl_status(c, UI_ERROR, _("Cannot resume: %s"), err);
            game_free(&ps->g);
            free(ps);
            return NULL;
        }
        /* Moves as a player counts them (a move is Red's and Black's), not plies. */
        int moves = game_full_moves(&ps->g);
        if (quit)
            ctl_status(c, UI_STATUS, _("Resumed after a quit (move %d)."),
                       moves);
        else if (moves == 1)
            ctl_status(c, UI_STATUS, "%s", _("Resumed the interrupted game (1 move)."));
        else
            ctl_status(c, UI_STATUS, _("Resumed the interrupted game (%d moves)."), moves);
    } else {
        game_setup s;
        if (a && a->setup)
            s = *a->setup;
        else
            s = c->defaults.setup;
        if (game_new(&ps->g, &s, now) != CT_OK) {
            ctl_status(c, UI_ERROR, "%s", _("The start position is not valid."));
            game_free(&ps->g);
            free(ps);
            return NULL;
        }
        ctl_status(c, UI_STATUS, "%s", a && a->status ? a->status : _("New game."));
    }
    ps->g.setup.threads = c->defaults.setup.threads; /* the settings', not the file's */
    if (game_is_coup(&ps->g))
        ps->view = xmalloc(sizeof *ps->view); /* the player's view of a cờ úp game */
    if (ps->view && !(a && (a->resume || a->status)))
        ctl_status(c, UI_STATUS, "%s",
                   _("Cờ úp: ?R, ?h... are face-down pieces; each moves as the letter after its '?'."));
    /* 2. The seats; a side whose engine cannot start is played by a human. */
    if (!game_open_seats(&ps->g, c->book, err, sizeof err)) {
        char *e = sanitize_dup(err, 0);
        ctl_status(c, UI_ERROR, _("Cannot start %s. A human plays that side."), e);
        free(e);
    }
    if (both_seated(ps))
        ps->g.pace_ms = c->defaults.pace_ms;
    /* 3. The side a human plays is at the bottom; --flip turns a hot-seat board. */
    bool red_human = !ps->g.seats[CT_RED], black_human = !ps->g.seats[CT_BLACK];
    if (red_human && !black_human)
        c->set.flip = false;
    else if (!red_human && black_human)
        c->set.flip = true;
    else
        c->set.flip = c->defaults.flip;
    place_cursor(c, ps);
    snprintf(c->saver.notation, sizeof c->saver.notation, "%s", ct_notation_name(c->set.notation));
    game_autosave_attach(&c->saver, &ps->g, NULL, 0);
    /* The game as it starts is in the resume file at once (a resumed one: with its tags). */
    game_autosave_write(&c->saver, now, NULL);
    return ps;
}

static bool play_unsaved(const ctl *c, const void *st)
{
    (void)c;
    return in_progress(st);
}

static void play_close(ctl *c, void *st)
{
    play_state *ps = st;
    tui_lobby_close(c, ps->net);
    game_autosave_detach(&c->saver, &ps->g);
    game_free(&ps->g);
    free(ps->view);
    free(ps);
}

const ctl_mode ctl_mode_play = {
    .name = "play",
    .keys = UI_KEYS_PLAY,
    .open = play_open,
    .close = play_close,
    .draw = play_draw,
    .key = play_key,
    .tick = play_tick,
    .cover = play_cover,
    .unsaved = play_unsaved,
};
