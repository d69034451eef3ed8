/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the controller: owns the application state, runs the main loop (input with a
 * short timeout so the AI, clocks and resizes are served), keeps the mode stack, and plays,
 * undoes and adjudicates moves through the referee. The views only draw what it prepares. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tui/controller.h"
#include "sys/sanitize.h"
#include "sys/i18n.h"
#include "cotuong/movegen.h"
#include "ui/draw.h"
#include "ui/input.h"
#include "ui/screen.h"
#include "ui/views.h"

const ctl_hooks *ctl_save_hooks;

static const ctl_mode *const mode_table[CTL_MODE_COUNT] = {
#define CTL_MODE_PTR(id, name) [CTL_MODE_##id] = &ctl_mode_##name,
    CTL_MODES(CTL_MODE_PTR)
#undef CTL_MODE_PTR
};

int64_t ctl_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ------------------------------------------------------------------ set-up */
void ctl_init(ctl *c)
{
    memset(c, 0, sizeof *c);
    c->game.pos = malloc(sizeof *c->game.pos);
    c->ai.pos = malloc(sizeof *c->ai.pos);
    if (!c->game.pos || !c->ai.pos) {
        fprintf(stderr, "cotuong: out of memory\n");
        exit(1);
    }
    pthread_mutex_init(&c->ai.lock, NULL);
    snprintf(c->game.start_fen, sizeof c->game.start_fen, "%s", CT_START_FEN);
    c->game.rules = CT_RULES_DEFAULT;
    c->game.players[CT_RED].kind = CTL_HUMAN;
    c->game.players[CT_BLACK].kind = CTL_HUMAN;
    c->game.players[CT_RED].level = c->game.players[CT_BLACK].level = 5;
    c->set.notation = CT_NOTATION_DEFAULT;
    c->set.glyphs = UI_GLYPHS_HAN;
    c->set.colour = true;
    c->set.mouse = true;
    c->set.coords = false;
    c->status_role = UI_STATUS;
    ct_pos_start(c->game.pos);
    ct_match_init(&c->game.match, c->game.rules);
    c->cur_file = 4;
    c->cur_rank = 2;
}

void ctl_free(ctl *c)
{
    ctl_ai_free(c);
    free(c->game.pos);
    free(c->ai.pos);
    c->game.pos = c->ai.pos = NULL;
    ui_le_free(&c->prompt_le);
    ui_history_free(&c->prompt_history[0]);
    ui_history_free(&c->prompt_history[1]);
}

/* ------------------------------------------------------------------ modes */
void ctl_set_mode(ctl *c, ctl_mode_id m)
{
    c->n_modes = 1;
    c->modes[0] = m;
    c->dirty = true;
    if (mode_table[m]->enter)
        mode_table[m]->enter(c);
}

void ctl_push_mode(ctl *c, ctl_mode_id m)
{
    if (c->n_modes >= CTL_MODE_STACK)
        c->n_modes = CTL_MODE_STACK - 1;
    c->modes[c->n_modes++] = m;
    c->dirty = true;
    if (mode_table[m]->enter)
        mode_table[m]->enter(c);
}

void ctl_pop_mode(ctl *c)
{
    if (c->n_modes > 1)
        c->n_modes--;
    c->dirty = true;
}

ctl_mode_id ctl_current_mode(const ctl *c)
{
    return c->modes[c->n_modes - 1];
}

/* Draws mode at stack index i, drawing what is below first if it is an overlay. */
static void draw_at(ctl *c, int i)
{
    const ctl_mode *m = mode_table[c->modes[i]];
    if (m->overlay && i > 0)
        draw_at(c, i - 1);
    m->draw(c);
}

void ctl_draw_below(ctl *c)
{
    if (c->n_modes > 1)
        draw_at(c, c->n_modes - 2);
}

/* ------------------------------------------------------------------ status and prompts */
void ctl_status(ctl *c, ui_role role, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->status, sizeof c->status, fmt, ap);
    va_end(ap);
    c->status_role = role;
    c->dirty = true;
}

static void prompt_start(ctl *c, const char *title, const char *initial, ctl_text_fn done,
                         bool files)
{
    snprintf(c->prompt_title, sizeof c->prompt_title, "%s", title);
    ui_le_free(&c->prompt_le);
    ui_le_init(&c->prompt_le, initial, &c->prompt_history[files]);
    c->prompt_le.complete_files = files;
    c->prompt_msg[0] = 0;
    c->prompt_yesno = false;
    c->prompt_text_cb = done;
    c->prompt_yesno_cb = NULL;
    ctl_push_mode(c, CTL_MODE_PROMPT);
}

void ctl_prompt_text(ctl *c, const char *title, const char *initial, ctl_text_fn done)
{
    prompt_start(c, title, initial, done, false);
}

void ctl_prompt_file(ctl *c, const char *title, const char *initial, ctl_text_fn done)
{
    prompt_start(c, title, initial, done, true);
}

void ctl_prompt_yesno(ctl *c, const char *question, ctl_yesno_fn done)
{
    snprintf(c->prompt_title, sizeof c->prompt_title, "%s", question);
    c->prompt_msg[0] = 0;
    c->prompt_yesno = true;
    c->prompt_yesno_cb = done;
    c->prompt_text_cb = NULL;
    ctl_push_mode(c, CTL_MODE_PROMPT);
}

/* ------------------------------------------------------------------ the game */
static void clear_selection(ctl *c)
{
    c->selected = CT_NO_SQ;
    c->n_targets = 0;
}

void ctl_new_game(ctl *c)
{
    ctl_ai_stop(c, true);
    c->game_id++;
    c->status[0] = 0;
    ctl_ai_seat_players(c);
    ct_fen_error err;
    if (ct_fen_read(c->game.pos, c->game.start_fen, &err) != CT_OK)
        ct_pos_start(c->game.pos);
    c->game.n_moves = c->game.n_redo = 0;
    ct_match_init(&c->game.match, c->game.rules);
    ct_clock_init(&c->game.clock, &c->game.tc, c->game.pos->side);
    if (ct_tc_timed(&c->game.tc))
        ct_clock_start(&c->game.clock, ctl_now_ms());
    c->game.saved = true;
    c->game.path[0] = 0;
    clear_selection(c);
    c->hint = CT_NO_MOVE;
    c->history_scroll = 0;
    /* The side a human plays is at the bottom. */
    if (c->game.players[CT_RED].kind != CTL_HUMAN && c->game.players[CT_BLACK].kind == CTL_HUMAN)
        c->set.flip = true;
    else if (c->game.players[CT_RED].kind == CTL_HUMAN)
        c->set.flip = c->set.flip && c->game.players[CT_BLACK].kind == CTL_HUMAN;
    int bottom = c->set.flip ? CT_BLACK : CT_RED;
    c->cur_file = 4;
    c->cur_rank = bottom == CT_RED ? 2 : 7;
    if (!c->status[0])
        ctl_status(c, UI_STATUS, "%s", _("New game."));
    c->dirty = true;
    ctl_game_changed(c);
}

void ctl_game_changed(ctl *c)
{
    if (ctl_save_hooks && ctl_save_hooks->game_changed)
        ctl_save_hooks->game_changed(c);
}

bool ctl_game_over(const ctl *c)
{
    return ct_match_over(&c->game.match);
}

bool ctl_is_human_turn(const ctl *c)
{
    return c->game.players[c->game.pos->side].kind == CTL_HUMAN;
}

void ctl_move_text(const ctl *c, const ct_pos *pos, ct_move mv, char *buf, size_t size)
{
    /* a terminal that cannot show Hán gets the Chinese notation's ASCII form */
    if (ct_move_render(pos, mv, sanitize_notation(c->set.notation), buf, size) >= 0 && buf[0])
        return;
    char coord[6];
    ct_move_coord(mv, coord);
    snprintf(buf, size, "%s", coord);
}

static const char *side_name(int side)
{
    return side == CT_RED ? _("Red") : _("Black");
}

static const char *reason_text(ct_end_reason r)
{
    switch (r) {
    case CT_END_CHECKMATE: return _("checkmate");
    case CT_END_STALEMATE: return _("stalemate");
    case CT_END_REPETITION: return _("repetition");
    case CT_END_PERPETUAL_CHECK: return _("perpetual check");
    case CT_END_PERPETUAL_CHASE: return _("perpetual chase");
    case CT_END_MOVE_LIMIT: return _("move limit without capture");
    case CT_END_MATERIAL: return _("no attacking pieces left");
    case CT_END_RESIGNATION: return _("resignation");
    case CT_END_AGREEMENT: return _("agreement");
    case CT_END_TIME: return _("time");
    case CT_END_ABORTED: return _("aborted");
    default: return "";
    }
}

void ctl_result_text(const ctl *c, char *buf, size_t size)
{
    const ct_match *m = &c->game.match;
    switch (m->result) {
    case CT_RESULT_RED_WINS:
        snprintf(buf, size, _("Red wins (%s)."), reason_text(m->reason));
        break;
    case CT_RESULT_BLACK_WINS:
        snprintf(buf, size, _("Black wins (%s)."), reason_text(m->reason));
        break;
    case CT_RESULT_DRAW:
        snprintf(buf, size, _("Draw (%s)."), reason_text(m->reason));
        break;
    default:
        snprintf(buf, size, _("Game over (%s)."), reason_text(m->reason));
        break;
    }
}

bool ctl_player_parse(const char *spec, ctl_player *p)
{
    static const char *const engine_prefixes[] = {"uci:", "ucci:", "xboard:"};
    memset(p, 0, sizeof *p);
    p->level = 5;
    if (!strcmp(spec, "human"))
        return true;
    if (!strcmp(spec, "ai")) {
        p->kind = CTL_AI;
        return true;
    }
    if (!strncmp(spec, "ai:", 3)) {
        char *end;
        long lv = strtol(spec + 3, &end, 10);
        if (end == spec + 3 || *end || lv < 1 || lv > 10)
            return false;
        p->kind = CTL_AI;
        p->level = (int)lv;
        return true;
    }
    for (size_t i = 0; i < sizeof engine_prefixes / sizeof *engine_prefixes; i++) {
        size_t n = strlen(engine_prefixes[i]);
        if (!strncmp(spec, engine_prefixes[i], n) && spec[n]) {
            p->kind = CTL_ENGINE;
            snprintf(p->command, sizeof p->command, "%s", spec);
            return true;
        }
    }
    return false;
}

const char *ctl_why_text(ct_illegal_reason why)
{
    switch (why) {
    case CT_WHY_NO_PIECE: return _("there is no piece there");
    case CT_WHY_NOT_YOURS: return _("that piece is not yours");
    case CT_WHY_OWN_PIECE: return _("you cannot take your own piece");
    case CT_WHY_PIECE_RULE: return _("the piece does not move that way");
    case CT_WHY_HORSE_LEG: return _("the horse's leg is blocked");
    case CT_WHY_ELEPHANT_EYE: return _("the elephant's eye is blocked");
    case CT_WHY_RIVER: return _("that piece cannot cross the river so");
    case CT_WHY_PALACE: return _("that piece must stay in the palace");
    case CT_WHY_BLOCKED: return _("the path is blocked");
    case CT_WHY_CANNON_SCREEN: return _("a cannon captures over exactly one piece");
    case CT_WHY_PAWN_BACKWARD: return _("a pawn never moves backwards");
    case CT_WHY_KING_IN_CHECK: return _("your king would be in check");
    case CT_WHY_KINGS_FACING: return _("the two kings would face each other");
    default: return _("the move is not legal");
    }
}

bool ctl_play_move(ctl *c, ct_move mv)
{
    ctl_game *g = &c->game;
    if (ctl_game_over(c)) {
        ctl_status(c, UI_ERROR, "%s", _("The game is over: start a new game (N) or undo (u)."));
        return false;
    }
    if (!ct_is_legal(g->pos, mv)) {
        ctl_status(c, UI_ERROR, _("Illegal: %s."), ctl_why_text(ct_why_illegal(g->pos, mv)));
        return false;
    }
    if (g->n_moves >= CT_MAX_HISTORY - 1 || g->pos->ply >= CT_MAX_HISTORY - 1) {
        ctl_status(c, UI_ERROR, "%s", _("The game is too long."));
        return false;
    }
    int64_t now = ctl_now_ms();
    int mover = g->pos->side;
    char text[CT_MOVE_TEXT_MAX];
    ctl_move_text(c, g->pos, mv, text, sizeof text);
    if (ct_tc_timed(&g->tc) && ct_clock_press(&g->clock, now) != CT_OK) {
        int plies = (g->n_moves + 1 - (mover == CT_RED ? 1 : 0)) / 2;
        ct_match_time_out(&g->match, mover, g->pos->ply, plies);
        ctl_result_text(c, text, sizeof text);
        ctl_status(c, UI_ERROR, "%s", text);
        ctl_game_changed(c);
        return false;
    }
    ct_verdict v = ct_rules_play(g->pos, g->rules, mv);
    if (v.flags & CT_ADJ_ILLEGAL) {
        ctl_status(c, UI_ERROR, _("Illegal: %s."), ctl_why_text(v.why));
        return false;
    }
    ct_match_apply(&g->match, &v, g->pos->ply);
    /* A new move ends the redo list unless it is the move that list would replay. */
    if (g->n_redo > 0 && g->moves[g->n_moves] == mv)
        g->n_redo--;
    else
        g->n_redo = 0;
    g->moves[g->n_moves++] = mv;
    g->saved = false;
    clear_selection(c);
    c->hint = CT_NO_MOVE;
    c->history_scroll = 0;
    if (ct_match_over(&g->match)) {
        char res[160];
        ctl_result_text(c, res, sizeof res);
        ctl_status(c, UI_TITLE, "%s", res);
        ct_clock_pause(&g->clock, now);
    } else if (v.flags & CT_ADJ_CHECK) {
        ctl_status(c, UI_ERROR, _("%s %s: check!"), side_name(mover), text);
    } else if (v.flags & CT_ADJ_CLAIM_MOVE_LIMIT) {
        ctl_status(c, UI_STATUS, "%s", _("A draw may be claimed (move limit)."));
    } else {
        ctl_status(c, UI_STATUS, "%s %s", side_name(mover), text);
    }
    c->dirty = true;
    ctl_game_changed(c);
    return true;
}

static void undo_one(ctl *c)
{
    ctl_game *g = &c->game;
    if (g->n_moves == 0)
        return;
    ct_pos_unmake(g->pos);
    g->n_moves--;
    g->n_redo++;
    ct_match_undo(&g->match, g->pos->ply);
    if (ct_tc_timed(&g->tc))
        ct_clock_undo(&g->clock, ctl_now_ms());
}

void ctl_undo(ctl *c)
{
    ctl_game *g = &c->game;
    ctl_ai_stop(c, true);
    if (g->n_moves == 0) {
        ctl_status(c, UI_ERROR, "%s", _("Nothing to undo."));
        return;
    }
    undo_one(c);
    /* Against the AI take back a full turn: back to a human's move. */
    while (g->n_moves > 0 && !ctl_is_human_turn(c))
        undo_one(c);
    g->saved = false;
    clear_selection(c);
    c->hint = CT_NO_MOVE;
    ctl_status(c, UI_STATUS, "%s", _("Move taken back."));
    ctl_game_changed(c);
}

void ctl_redo(ctl *c)
{
    ctl_game *g = &c->game;
    ctl_ai_stop(c, true);
    if (g->n_redo == 0) {
        ctl_status(c, UI_ERROR, "%s", _("Nothing to redo."));
        return;
    }
    int keep = g->n_redo;
    ct_move mv = g->moves[g->n_moves];
    if (!ctl_play_move(c, mv))
        return;
    (void)keep;
    while (g->n_redo > 0 && !ctl_is_human_turn(c) && !ctl_game_over(c))
        if (!ctl_play_move(c, g->moves[g->n_moves]))
            break;
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

static void player_text(const ctl *c, int side, char *buf, size_t size)
{
    const ctl_player *p = &c->game.players[side];
    switch (p->kind) {
    case CTL_HUMAN:
        snprintf(buf, size, "%s: %s", side_name(side), _("human"));
        break;
    case CTL_AI:
        snprintf(buf, size, _("%s: AI level %d"), side_name(side), p->level);
        break;
    case CTL_ENGINE:
        snprintf(buf, size, "%s: %s", side_name(side), p->command);
        break;
    }
}

/* The move history as lines "12. P2-5  M8.7". */
static int build_history(ctl *c, ui_history_line *lines, int max)
{
    static ct_pos scratch;
    ct_fen_error err;
    if (ct_fen_read(&scratch, c->game.start_fen, &err) != CT_OK)
        ct_pos_start(&scratch);
    int n = 0, moveno = scratch.fullmove;
    for (int i = 0; i < c->game.n_moves && n < max; i++) {
        char t[CT_MOVE_TEXT_MAX];
        ctl_move_text(c, &scratch, c->game.moves[i], t, sizeof t);
        if (scratch.side == CT_RED || i == 0) {
            ui_history_line *l = &lines[n++];
            if (scratch.side == CT_RED)
                snprintf(l->text, sizeof l->text, "%3d. %-10s", moveno, t);
            else
                snprintf(l->text, sizeof l->text, "%3d. %-10s %s", moveno, "...", t);
            l->current = false;
        } else {
            ui_history_line *l = &lines[n - 1];
            size_t len = strlen(l->text);
            snprintf(l->text + len, sizeof l->text - len, " %s", t);
        }
        if (i == c->game.n_moves - 1)
            lines[n - 1].current = true;
        if (scratch.side == CT_BLACK)
            moveno++;
        ct_pos_make(&scratch, c->game.moves[i]);
    }
    return n;
}

void ctl_draw_board_and_panel(ctl *c, const char *prompt)
{
    const ui_layout *lo = &c->layout;
    ctl_game *g = &c->game;
    werase(stdscr);
    /* 1. The board. */
    ui_board_state bs = {
        .pos = g->pos,
        .flip = c->set.flip,
        .coords = c->set.coords,
        .ascii = c->set.ascii || c->set.ascii_lines,
        .glyphs = c->set.ascii ? UI_GLYPHS_ASCII : c->set.glyphs,
        .cursor_file = ctl_current_mode(c) == CTL_MODE_PLAY || ctl_current_mode(c) == CTL_MODE_PROMPT
                           ? c->cur_file : -1,
        .cursor_rank = c->cur_rank,
        .selected = c->selected,
        .targets = c->targets,
        .n_targets = c->n_targets,
        .last_move = g->n_moves ? g->moves[g->n_moves - 1] : CT_NO_MOVE,
        .hint = c->hint,
        .check_sq = CT_NO_SQ,
    };
    if (ct_in_check(g->pos, g->pos->side))
        bs.check_sq = ct_pos_king(g->pos, g->pos->side);
    if (c->set.ascii) {
        bs.river_left = "~ ~ ~ ~";
        bs.river_right = "~ ~ ~ ~";
    } else if (i18n_is_vietnamese()) {
        bs.river_left = "Sở hà";
        bs.river_right = "Hán giới";
    } else {
        bs.river_left = "楚 河";
        bs.river_right = "漢 界";
    }
    bs.red_numbers_hanzi = !c->set.ascii && c->set.glyphs == UI_GLYPHS_HAN;
    ui_board_draw(stdscr, lo, &bs);

    /* 2. The panel. */
    static ui_history_line hist[CT_MAX_HISTORY / 2 + 2];
    char turn[160], players[2][300], clocks[2][32], rules[64], notation[64];
    char ai0[160], ai1[400];
    ui_panel_state ps = {.title = _("Cờ tướng — xiangqi")};
    /* The history is rebuilt only when the moves or the notation changed (rendering a move
     * generates legal moves: a long game would cost milliseconds per frame). */
    static int hist_n = -1, hist_moves = -1;
    static ct_notation hist_notation;
    static uint64_t hist_sum;
    uint64_t sum = 1469598103934665603ull;
    for (int i = 0; i < g->n_moves; i++)
        sum = (sum ^ g->moves[i]) * 1099511628211ull;
    for (const char *p = g->start_fen; *p; p++)
        sum = (sum ^ (unsigned char)*p) * 1099511628211ull;
    if (hist_n < 0 || hist_moves != g->n_moves || hist_notation != c->set.notation || hist_sum != sum) {
        hist_n = build_history(c, hist, (int)(sizeof hist / sizeof hist[0]));
        hist_moves = g->n_moves;
        hist_notation = c->set.notation;
        hist_sum = sum;
    }
    ps.n_history = hist_n;
    ps.history = hist;
    ps.history_scroll = c->history_scroll;
    if (ctl_game_over(c)) {
        ctl_result_text(c, turn, sizeof turn);
        ps.turn_role = UI_TITLE;
    } else {
        snprintf(turn, sizeof turn, "%s%s", g->pos->side == CT_RED ? _("Red to move") : _("Black to move"),
                 bs.check_sq != CT_NO_SQ ? _(" (in check!)") : "");
        ps.turn_role = g->pos->side == CT_RED ? UI_RED : UI_BLACK;
    }
    ps.turn = turn;
    int64_t now = ctl_now_ms();
    for (int s = 0; s < 2; s++) {
        player_text(c, s, players[s], sizeof players[s]);
        ps.players[s] = players[s];
        if (ct_tc_timed(&g->tc)) {
            fmt_clock(clocks[s], sizeof clocks[s], ct_clock_remaining(&g->clock, s, now));
            ps.clocks[s] = clocks[s];
            ps.clock_running[s] = g->clock.running && g->clock.side == s;
        }
    }
    snprintf(rules, sizeof rules, _("Rules: %s"), ct_rules_name(g->rules));
    ps.rules = rules;
    snprintf(notation, sizeof notation, _("Notation: %s"), ct_notation_name(c->set.notation));
    ps.notation = notation;
    ps.status = c->status;
    ps.status_role = c->status_role;
    if (ctl_ai_thinking(c)) {
        pthread_mutex_lock(&c->ai.lock);
        int depth = c->ai.depth, score = c->ai.score, pv_len = c->ai.pv_len;
        ct_move pv[32];
        memcpy(pv, c->ai.pv, sizeof pv);
        uint64_t nodes = c->ai.nodes;
        pthread_mutex_unlock(&c->ai.lock);
        snprintf(ai0, sizeof ai0, _("AI thinking: depth %d, score %+.2f, %llu nodes"), depth,
                 score / 100.0, (unsigned long long)nodes);
        ps.ai_lines[0] = ai0;
        if (pv_len > 0) {
            static ct_pos scratch;
            scratch = *g->pos;
            size_t len = (size_t)snprintf(ai1, sizeof ai1, "%s", _("Best line:"));
            for (int i = 0; i < pv_len && i < 8 && len + 20 < sizeof ai1; i++) {
                if (!ct_is_legal(&scratch, pv[i]))
                    break;
                char t[CT_MOVE_TEXT_MAX];
                ctl_move_text(c, &scratch, pv[i], t, sizeof t);
                len += (size_t)snprintf(ai1 + len, sizeof ai1 - len, " %s", t);
                ct_pos_make(&scratch, pv[i]);
            }
            ps.ai_lines[1] = ai1;
        }
    }
    ps.prompt = prompt;
    ps.footer = _("? help  : type a move  u undo  q quit");
    ui_panel_draw(stdscr, &lo->panel, &ps);
}

/* ------------------------------------------------------------------ the loop */
static void apply_resize(ctl *c)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    ui_layout_compute(&c->layout, rows, cols);
    c->dirty = true;
}

static void handle_signal(ctl *c, int sig)
{
    ctl_ai_stop(c, true);
    if (ctl_save_hooks && ctl_save_hooks->emergency_save)
        ctl_save_hooks->emergency_save(c, sig);
    c->quit = true;
}

int ctl_run(ctl *c)
{
    if (!ui_screen_open(c->set.colour, c->set.mouse))
        return 1;
    apply_resize(c);
    if (c->n_modes == 0)
        ctl_set_mode(c, CTL_MODE_MENU);
    int sig = 0;
    while (!c->quit) {
        /* 1. Signals first: save and leave through the normal exit path. */
        if ((sig = ui_screen_pending_signal()) != 0) {
            handle_signal(c, sig);
            break;
        }
        /* 2. Let the mode advance (AI moves, clocks). */
        const ctl_mode *m = mode_table[ctl_current_mode(c)];
        if (m->tick)
            m->tick(c);
        if (c->quit)
            break;
        /* 3. Draw only when something changed; curses sends only the changed cells. */
        if (c->dirty) {
            if (c->layout.size == UI_SIZE_TOO_SMALL) {
                char msg[256];
                int min_rows, min_cols;
                ui_layout_min_size(&min_rows, &min_cols);
                snprintf(msg, sizeof msg,
                         _("The terminal is too small (%dx%d): the board needs at least %dx%d. "
                           "Enlarge the window, or press q to quit."),
                         c->layout.cols, c->layout.rows, min_cols, min_rows);
                ui_too_small_draw(stdscr, c->layout.rows, c->layout.cols, msg);
            } else {
                draw_at(c, c->n_modes - 1);
            }
            wnoutrefresh(stdscr);
            doupdate();
            c->dirty = false;
        }
        /* 4. Wait for input; short waits while the AI thinks or a clock runs. */
        int timeout = ctl_ai_thinking(c) ? 40 : (ct_tc_timed(&c->game.tc) ? 200 : 500);
        ui_event ev;
        if (!ui_input_read(stdscr, timeout, mode_table[ctl_current_mode(c)]->keys, &ev))
            continue;
        if (ev.req == REQ_RESIZE) {
            apply_resize(c);
            continue;
        }
        if (ev.req == REQ_REDRAW) {
            clearok(curscr, TRUE);
            c->dirty = true;
            continue;
        }
        if (c->layout.size == UI_SIZE_TOO_SMALL) {
            ui_event_regroup(&ev, UI_KEYS_PLAY);
            if (ev.req == REQ_QUIT)
                c->quit = true;
            continue;
        }
        m = mode_table[ctl_current_mode(c)];
        m->key(c, &ev);
        c->dirty = true;
    }
    ctl_ai_stop(c, true);
    ui_screen_close();
    return sig ? 128 + sig : 0;
}
