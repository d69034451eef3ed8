/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the review mode: a game (or a file of games) on the board, stepped through with
 * the keys or by clicking a move; variations entered and left; comments shown and edited;
 * auto-play; the engine's view of the position or of the whole game (marks ?! ? ??, worst
 * moves, a chart); play on from any position as a new variation, alone or against the AI;
 * copy the game or the position to the clipboard; save. The logic is in app/review.c. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/clipboard.h"
#include "tui/controller.h"
#include "tui/prefs.h"
#include "sys/i18n.h"
#include "game/review.h"
#include "tui/review_mode.h"
#include "sys/sanitize.h"
#include "sys/savefile.h"
#include "tui/session.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"
#include "cotuong/search.h"
#include "ui/draw.h"
#include "ui/review_view.h"
#include "ui/screen.h"
#include "ui/views.h"

#define MAX_ROWS 512

static struct {
    review_state rs;
    bool quit_on_exit;
    bool list_open;
    int list_sel;
    bool autoplay;
    int autoplay_ms;
    int64_t next_step;
    bool ai_replies;
    int analysis_ms;
    ct_search *search;
    /* The engine's view of one position. */
    bool have_pa;
    int pa_game, pa_node, pa_score, pa_depth, pa_len;
    ct_move pa_pv[12];
    ct_sq selected;
    int row_node[MAX_ROWS];
    int row_game[MAX_ROWS];
} R = {.autoplay_ms = 1000, .analysis_ms = 1000};

void review_mode_quit_on_exit(bool quit)
{
    R.quit_on_exit = quit;
}

void review_mode_set_times(int analysis_ms, int autoplay_ms)
{
    if (analysis_ms > 0)
        R.analysis_ms = analysis_ms;
    if (autoplay_ms > 0)
        R.autoplay_ms = autoplay_ms;
}

static ct_record *rec(void)
{
    return &R.rs.games[R.rs.game];
}

int review_mode_open(ctl *c, const char *path, char *err, size_t errsize)
{
    char raw[1200];
    if (review_open(&R.rs, path, raw, sizeof raw) != 0) {
        sanitize_text(err, errsize, raw, strlen(raw), 0);
        return -1;
    }
    R.list_open = R.rs.ngames > 1;
    R.list_sel = 0;
    R.autoplay = false;
    R.have_pa = false;
    R.selected = CT_NO_SQ;
    ctl_ai_stop(c, true);
    ctl_set_mode(c, CTL_MODE_REVIEW);
    char *p = sanitize_dup(path, 0);
    ctl_status(c, UI_STATUS, _("Opened %s: %d game(s)."), p, R.rs.ngames);
    free(p);
    return 0;
}

/* ---------------------------------------------------------------- text for the view */

/* A tag of the current game, sanitized into buf ("" when absent). */
static const char *tag(const char *name, char *buf, size_t size)
{
    const char *v = ct_record_tag(rec(), name);
    sanitize_text(buf, size, v ? v : "", v ? strlen(v) : 0, 0);
    return buf;
}

static void game_summary(int g, char *buf, size_t size)
{
    const ct_record *r = &R.rs.games[g];
    const char *ev = ct_record_tag(r, "Event"), *red = ct_record_tag(r, "Red"),
               *black = ct_record_tag(r, "Black");
    char raw[600];
    snprintf(raw, sizeof raw, "%3d. %s — %s %s %s (%s, %d)", g + 1, ev ? ev : "?",
             red ? red : "?", _("vs"), black ? black : "?", ct_result_string(r->result),
             ct_record_depth(r, ct_record_main_end(r)));
    sanitize_text(buf, size, raw, strlen(raw), 0);
}

static void format_score(int score, char *buf, size_t size)
{
    if (ct_score_is_mate(score))
        snprintf(buf, size, "#%d", ct_score_mate_moves(score));
    else
        snprintf(buf, size, "%+.2f", score / 100.0);
}

/* The engine line from pos in the current notation. */
static void line_text(ctl *c, const ct_pos *from, const ct_move *pv, int len, char *buf,
                      size_t size)
{
    static ct_pos p;
    p = *from;
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < len && i < 8; i++) {
        if (!ct_is_legal(&p, pv[i]))
            break;
        char t[CT_MOVE_TEXT_MAX];
        ctl_move_text(c, &p, pv[i], t, sizeof t);
        int n = snprintf(buf + used, size - used, "%s%s", i ? " " : "", t);
        if (n < 0 || used + (size_t)n >= size)
            break;
        used += (size_t)n;
        ct_pos_make(&p, pv[i]);
    }
}

static void draw_review(ctl *c, const char *prompt)
{
    const ui_layout *lo = &c->layout;
    if (R.list_open) {
        static char lines[1024][160];
        static const char *ptrs[1024];
        int n = R.rs.ngames < 1024 ? R.rs.ngames : 1024;
        for (int i = 0; i < n; i++) {
            game_summary(i, lines[i], sizeof lines[i]);
            ptrs[i] = lines[i];
        }
        char title[200];
        snprintf(title, sizeof title, _("%d games — choose one"), R.rs.ngames);
        ui_review_list_draw(stdscr, lo->rows, lo->cols, title, ptrs, n, R.list_sel,
                            _("Up/Down choose, Enter open, q back"), R.row_game);
        return;
    }
    werase(stdscr);
    /* 1. The board at the current node. */
    ct_pos *pos = R.rs.pos;
    ui_board_state bs = {
        .pos = pos,
        .flip = c->set.flip,
        .coords = c->set.coords,
        .ascii = c->set.ascii,
        .glyphs = c->set.ascii ? UI_GLYPHS_ASCII : c->set.glyphs,
        .cursor_file = -1,
        .selected = R.selected,
        .last_move = ct_record_move(rec(), R.rs.node),
        .hint = CT_NO_MOVE,
        .check_sq = CT_NO_SQ,
        .river_left = c->set.ascii ? "~ ~ ~ ~" : "楚 河",
        .river_right = c->set.ascii ? "~ ~ ~ ~" : "漢 界",
        .red_numbers_hanzi = !c->set.ascii && c->set.glyphs == UI_GLYPHS_HAN,
    };
    if (R.have_pa && R.pa_game == R.rs.game && R.pa_node == R.rs.node && R.pa_len > 0)
        bs.hint = R.pa_pv[0];
    if (ct_in_check(pos, pos->side))
        bs.check_sq = ct_pos_king(pos, pos->side);
    ui_board_draw(stdscr, lo, &bs);

    /* 2. The moves of the current line. */
    static int nodes[CT_MAX_HISTORY];
    static ui_review_move moves[CT_MAX_HISTORY];
    static ct_pos scratch;
    int cur, n = review_line(&R.rs, nodes, CT_MAX_HISTORY, &cur);
    ct_record_start_position(rec(), &scratch);
    for (int i = 0; i < n; i++) {
        ui_review_move *m = &moves[i];
        char t[CT_MOVE_TEXT_MAX], num[16], extra[24] = "";
        ct_move mv = ct_record_move(rec(), nodes[i]);
        ctl_move_text(c, &scratch, mv, t, sizeof t);
        snprintf(num, sizeof num, "%d.%s", scratch.fullmove, scratch.side == CT_BLACK ? ".." : "");
        int parent = ct_record_parent(rec(), nodes[i]);
        int alts = ct_record_child_count(rec(), parent) - 1;
        if (alts > 0)
            snprintf(extra, sizeof extra, " (+%d)", alts);
        const char *cm = ct_record_comment(rec(), nodes[i]);
        snprintf(m->text, sizeof m->text, "%-6s %s%s%s%s%s", num,
                 review_depth(&R.rs, nodes[i]) ? "~" : "", t,
                 ct_annotate_mark(ct_record_nag(rec(), nodes[i])), extra, cm && *cm ? " {…}" : "");
        m->node = nodes[i];
        m->current = i == cur;
        m->variation = review_depth(&R.rs, nodes[i]) > 0;
        ct_pos_make(&scratch, mv);
    }
    /* 3. Header, comment, alternatives, engine, chart. */
    char title[300], ev[200], players[500], red[160], black[160], info[300], date[64], comment[2048];
    char vars[400] = "", an0[400] = "", an1[600] = "", an2[400] = "";
    tag("Event", ev, sizeof ev);
    snprintf(title, sizeof title, "%s (%d/%d)", ev[0] ? ev : _("Game"), R.rs.game + 1, R.rs.ngames);
    snprintf(players, sizeof players, "%s: %s — %s: %s", _("Red"), tag("Red", red, sizeof red),
             _("Black"), tag("Black", black, sizeof black));
    snprintf(info, sizeof info, "%s  %s%s", tag("Date", date, sizeof date),
             ct_result_string(rec()->result), R.rs.modified ? _("  (modified)") : "");
    const char *cm = ct_record_comment(rec(), R.rs.node);
    sanitize_text(comment, sizeof comment, cm ? cm : "", cm ? strlen(cm) : 0, 0);
    int kids = ct_record_child_count(rec(), R.rs.node);
    if (kids > 1) {
        size_t used = (size_t)snprintf(vars, sizeof vars, "%s", _("Variations (Tab):"));
        for (int i = 1; i < kids && used < sizeof vars - 40; i++) {
            char t[CT_MOVE_TEXT_MAX];
            ctl_move_text(c, pos, ct_record_move(rec(), ct_record_child(rec(), R.rs.node, i)), t, sizeof t);
            used += (size_t)snprintf(vars + used, sizeof vars - used, " %d) %s", i, t);
        }
    }
    ui_review_panel ps = {
        .title = title, .players = players, .info = info,
        .moves = moves, .n_moves = n, .current = cur,
        .comment = comment[0] ? comment : NULL,
        .variations = vars[0] ? vars : NULL,
        .status = c->status, .status_role = c->status_role,
        .prompt = prompt,
        .footer = _("←→ step ↑↓ alt. Tab/BkSp var. a/A engine p auto ; note y/Y copy S save q"),
    };
    int k = 0;
    if (R.have_pa && R.pa_game == R.rs.game && R.pa_node == R.rs.node) {
        char sc[16], ln[400];
        format_score(pos->side == CT_RED ? R.pa_score : -R.pa_score, sc, sizeof sc);
        line_text(c, pos, R.pa_pv, R.pa_len, ln, sizeof ln);
        snprintf(an0, sizeof an0, _("Engine: %s (Red's view), depth %d: %s"), sc, R.pa_depth, ln);
        ps.analysis[k++] = an0;
    }
    const ct_move_annotation *a = review_annotation(&R.rs, R.rs.node);
    if (a && a->nag) {
        static ct_pos before;
        ct_record_position(rec(), ct_record_parent(rec(), R.rs.node), &before);
        char best[CT_MOVE_TEXT_MAX];
        ctl_move_text(c, &before, a->best, best, sizeof best);
        snprintf(an1, sizeof an1, _("%s loses %d (best was %s)"), ct_annotate_mark(a->nag), a->loss, best);
        ps.analysis[k++] = an1;
    }
    static char chart[8192];
    if (R.rs.ann && R.rs.ann_game == R.rs.game && R.rs.nann > 0) {
        /* The worst moves of each side, written out: "Red 5. R9.8? (-120)". */
        static ct_pos sp, walk;
        static ct_move line[CT_MAX_HISTORY];
        ct_record_start_position(rec(), &sp);
        ct_record_main_line(rec(), line, CT_MAX_HISTORY);
        size_t used = (size_t)snprintf(an2, sizeof an2, "%s", _("Worst:"));
        for (int side = CT_RED; side <= CT_BLACK; side++) {
            int worst[3];
            int nw = ct_annotate_worst(R.rs.ann, R.rs.nann, sp.side, side, 3, worst);
            used += (size_t)snprintf(an2 + used, sizeof an2 - used, " %s", side == CT_RED ? _("Red") : _("Black"));
            if (nw == 0)
                used += (size_t)snprintf(an2 + used, sizeof an2 - used, " -");
            for (int j = 0; j < nw && used < sizeof an2 - 40; j++) {
                walk = sp;
                for (int i = 0; i < worst[j]; i++)
                    ct_pos_make(&walk, line[i]);
                char t[CT_MOVE_TEXT_MAX];
                ctl_move_text(c, &walk, line[worst[j]], t, sizeof t);
                used += (size_t)snprintf(an2 + used, sizeof an2 - used, " %d.%s%s%s (-%d)",
                                         walk.fullmove, walk.side == CT_BLACK ? ".." : "", t,
                                         ct_annotate_mark(R.rs.ann[worst[j]].nag),
                                         R.rs.ann[worst[j]].loss);
            }
        }
        ps.analysis[k++] = an2;
        int *ev2 = malloc(sizeof(int) * (size_t)R.rs.nann);
        if (ev2) {
            for (int i = 0; i < R.rs.nann; i++)
                ev2[i] = R.rs.ann[i].eval_red;
            int width = lo->panel.w - 2;
            if (width > 0) {
                ct_annotate_chart(ev2, R.rs.nann, 500, width, 4, c->set.ascii, chart, sizeof chart);
                ps.chart = chart;
            }
            free(ev2);
        }
    }
    ui_review_panel_draw(stdscr, &lo->panel, &ps, R.row_node);
}

void review_mode_draw_prompt(ctl *c, const char *prompt)
{
    draw_review(c, prompt);
}

static void review_draw(ctl *c)
{
    draw_review(c, NULL);
}

/* ---------------------------------------------------------------- the engine */

static bool ensure_search(ctl *c)
{
    if (!R.search)
        R.search = ct_search_new(16);
    if (!R.search)
        ctl_status(c, UI_ERROR, "%s", _("Not enough memory for the engine."));
    return R.search != NULL;
}

/* Stops a long analysis on Esc, q or a signal; draws the progress. */
static bool analysis_progress(void *user, int done, int total)
{
    ctl *c = user;
    if (ui_screen_pending_signal())
        return true;
    ctl_status(c, UI_STATUS, _("Analysing the game: %d/%d moves (Esc stops)"), done, total);
    draw_review(c, NULL);
    wnoutrefresh(stdscr);
    doupdate();
    nodelay(stdscr, TRUE);
    int ch = getch();
    nodelay(stdscr, FALSE);
    return ch == 27 || ch == 'q';
}

static bool search_poll(void *user, const ct_search_info *info)
{
    (void)user;
    (void)info;
    return ui_screen_pending_signal() != 0;
}

static void analyse_position(ctl *c)
{
    if (!ensure_search(c))
        return;
    if (!ct_has_legal_move(R.rs.pos)) {
        ctl_status(c, UI_STATUS, "%s", _("No legal move: the game is over here."));
        return;
    }
    ctl_status(c, UI_STATUS, "%s", _("The engine is thinking..."));
    draw_review(c, NULL);
    wnoutrefresh(stdscr);
    doupdate();
    ct_limits lim;
    ct_limits_init(&lim);
    lim.movetime_ms = R.analysis_ms;
    ct_search_result res;
    ct_search_run(R.search, R.rs.pos, &lim, search_poll, NULL, &res);
    R.have_pa = true;
    R.pa_game = R.rs.game;
    R.pa_node = R.rs.node;
    R.pa_score = res.score;
    R.pa_depth = res.depth;
    R.pa_len = res.pv_len < 12 ? res.pv_len : 12;
    memcpy(R.pa_pv, res.pv, sizeof(ct_move) * (size_t)R.pa_len);
    ctl_status(c, UI_STATUS, "%s", "");
}

static void analyse_game(ctl *c)
{
    if (!ensure_search(c))
        return;
    ct_limits lim;
    ct_limits_init(&lim);
    lim.movetime_ms = R.analysis_ms / 4 > 50 ? R.analysis_ms / 4 : 50;
    ct_search_clear(R.search);
    int done = review_analyse_game(&R.rs, R.search, &lim, analysis_progress, c);
    int marks[3] = {0, 0, 0};
    for (int i = 0; i < R.rs.nann; i++)
        if (R.rs.ann[i].nag)
            marks[R.rs.ann[i].nag == CT_NAG_INACCURACY ? 0 : R.rs.ann[i].nag == CT_NAG_MISTAKE ? 1 : 2]++;
    ctl_status(c, UI_STATUS, _("Analysed %d moves: %d ?!, %d ?, %d ?? (thresholds 50/100/300)."),
               done, marks[0], marks[1], marks[2]);
}

/* The AI answers a move played on in the review. */
static void ai_reply(ctl *c)
{
    if (!R.ai_replies || !ct_has_legal_move(R.rs.pos) || !ensure_search(c))
        return;
    int level = c->game.players[CT_BLACK].level;
    ct_search_set_level(R.search, level, 1);
    ct_limits lim;
    ct_limits_init(&lim);
    lim.movetime_ms = 300 + level * 100;
    ct_search_result res;
    ct_search_run(R.search, R.rs.pos, &lim, search_poll, NULL, &res);
    ct_search_set_level(R.search, 10, 0);
    if (res.best != CT_NO_MOVE)
        review_play(&R.rs, res.best);
}

/* ---------------------------------------------------------------- actions */

static void play_on(ctl *c, ct_move mv)
{
    if (review_play(&R.rs, mv) != CT_OK) {
        ctl_status(c, UI_ERROR, "%s", _("That move is not legal here."));
        return;
    }
    R.selected = CT_NO_SQ;
    ai_reply(c);
    ctl_status(c, UI_STATUS, "%s", ct_record_on_main_line(rec(), R.rs.node)
                                       ? _("On the main line.")
                                       : _("A new variation (S saves it)."));
}

static void click_square(ctl *c, int file, int rank)
{
    ct_sq sq = (ct_sq)CT_SQ(file, rank);
    if (R.selected != CT_NO_SQ && sq != R.selected &&
        ct_pos_side_at(R.rs.pos, sq) != R.rs.pos->side) {
        play_on(c, CT_MOVE(R.selected, sq));
        return;
    }
    if (ct_pos_side_at(R.rs.pos, sq) == R.rs.pos->side && sq != R.selected)
        R.selected = sq;
    else
        R.selected = CT_NO_SQ;
}

static void on_move_text(ctl *c, const char *text)
{
    while (*text == ' ')
        text++;
    if (!*text) {
        ctl_status(c, UI_ERROR, "%s", _("No move typed: type one after ':' (h2e2, C2.5, P2-5), or Esc."));
        return;
    }
    ct_move mv = CT_NO_MOVE;
    ct_parse_error err;
    if (ct_move_parse(R.rs.pos, text, c->set.notation, &mv, &err) != CT_OK)
        ct_move_parse(R.rs.pos, text, CT_NOTATION_AUTO, &mv, &err);
    if (!mv)
        mv = ct_move_parse_coord(text);
    if (!mv) {
        ctl_status(c, UI_ERROR, "%s", _("Cannot read that move."));
        return;
    }
    play_on(c, mv);
}

static void on_comment(ctl *c, const char *text)
{
    review_set_comment(&R.rs, text);
    ctl_status(c, UI_STATUS, "%s", text && *text ? _("Comment set (S saves it).") : _("Comment removed."));
}

static void on_save_path(ctl *c, const char *text)
{
    char err[1200], clean[1200];
    if (!text || !*text)
        return;
    if (review_save(&R.rs, text, CT_NOTATION_ICCS, err, sizeof err) != 0) {
        sanitize_text(clean, sizeof clean, err, strlen(err), 0);
        ctl_status(c, UI_ERROR, _("Not saved: %s"), clean);
        return;
    }
    char *p = sanitize_dup(text, 0);
    ctl_status(c, UI_STATUS, _("Saved %d game(s) to %s"), R.rs.ngames, p);
    free(p);
}

static void copy(ctl *c, bool game)
{
    char err[200];
    char *text = NULL;
    size_t len = 0;
    if (!session_clipboard_allowed()) {
        ctl_status(c, UI_ERROR, "%s", _("Copying is off in the settings (clipboard = no)."));
        return;
    }
    if (game) {
        if (ct_pgn_write(rec(), c->set.notation, &text, &len) != CT_OK) {
            ctl_status(c, UI_ERROR, "%s", _("The game cannot be written as PGN."));
            return;
        }
    } else {
        text = malloc(128);
        if (!text)
            return;
        ct_fen_write(R.rs.pos, text, 128);
        len = strlen(text);
    }
    if (clipboard_copy(text, len, err, sizeof err) == 0)
        ctl_status(c, UI_STATUS, "%s", game ? _("Game copied to the clipboard (PGN, OSC 52).")
                                            : _("Position copied to the clipboard (FEN, OSC 52)."));
    else
        ctl_status(c, UI_ERROR, _("Not copied: %s"), err);
    free(text);
}

static void leave(ctl *c)
{
    R.autoplay = false;
    if (R.quit_on_exit)
        c->quit = true;
    else
        ctl_set_mode(c, CTL_MODE_MENU);
}

static void on_leave_answer(ctl *c, bool yes)
{
    if (yes)
        leave(c);
}

static void on_delete_answer(ctl *c, bool yes)
{
    if (yes && review_delete(&R.rs))
        ctl_status(c, UI_STATUS, "%s", _("Deleted (S saves the change)."));
}

static void list_key(ctl *c, const ui_event *event)
{
    ui_event e = *event, *ev = &e;
    ui_event_regroup(ev, UI_KEYS_MENU); /* the list takes the keys of menus and lists */
    switch (ev->req) {
    case REQ_UP: if (R.list_sel > 0) R.list_sel--; break;
    case REQ_DOWN: if (R.list_sel + 1 < R.rs.ngames) R.list_sel++; break;
    case REQ_PAGE_UP: R.list_sel = R.list_sel > 10 ? R.list_sel - 10 : 0; break;
    case REQ_PAGE_DOWN:
        R.list_sel = R.list_sel + 10 < R.rs.ngames ? R.list_sel + 10 : R.rs.ngames - 1;
        break;
    case REQ_TOP: R.list_sel = 0; break;
    case REQ_BOTTOM: R.list_sel = R.rs.ngames - 1; break;
    case REQ_SELECT:
        review_select_game(&R.rs, R.list_sel);
        R.list_open = false;
        break;
    case REQ_MOUSE:
        if (ev->press && ev->y >= 0 && ev->y < MAX_ROWS && R.row_game[ev->y] >= 0) {
            R.list_sel = R.row_game[ev->y];
            review_select_game(&R.rs, R.list_sel);
            R.list_open = false;
        }
        break;
    case REQ_CANCEL:
    case REQ_QUIT:
        if (R.rs.game >= 0 && R.rs.ngames > 0 && ev->req == REQ_CANCEL)
            R.list_open = false;
        else
            leave(c);
        break;
    default: break;
    }
}

static void review_key(ctl *c, const ui_event *ev)
{
    if (R.list_open) {
        list_key(c, ev);
        return;
    }
    bool moved = false;
    switch (ev->req) {
    case REQ_FORWARD: moved = review_forward(&R.rs); break;
    case REQ_BACK: moved = review_back(&R.rs); break;
    case REQ_FIRST: moved = review_first(&R.rs); break;
    case REQ_LAST: moved = review_last(&R.rs); break;
    case REQ_NEXT_ALT: moved = review_next_variation(&R.rs); break;
    case REQ_PREV_ALT: moved = review_prev_variation(&R.rs); break;
    case REQ_ENTER_VAR: moved = review_enter_variation(&R.rs, 1); break;
    case REQ_VARIATION:
        /* The digit pressed; a key bound in the settings enters the first. */
        moved = review_enter_variation(&R.rs, ev->key >= '1' && ev->key <= '9' ? ev->key - '0' : 1);
        break;
    case REQ_LEAVE_VAR: moved = review_leave_variation(&R.rs); break;
    case REQ_FLIP: c->set.flip = !c->set.flip; break;
    case REQ_COORDS: c->set.coords = !c->set.coords; tui_prefs_save(c, "coords"); break;
    case REQ_NOTATION:
        c->set.notation = (ct_notation)((c->set.notation + 1) % CT_NOTATION_AUTO);
        ctl_status(c, UI_STATUS, _("Notation: %s"), ct_notation_name(c->set.notation));
        tui_prefs_save(c, "notation");
        break;
    case REQ_MOVE_LINE: ctl_prompt_text(c, _("Play on (a move):"), "", on_move_text); break;
    case REQ_SAVE: ctl_prompt_file(c, _("Save all games to:"), R.rs.path, on_save_path); break;
    case REQ_OPEN:
        if (ctl_save_hooks && ctl_save_hooks->open)
            ctl_save_hooks->open(c);
        break;
    case REQ_PREV_GAME: moved = review_select_game(&R.rs, R.rs.game - 1); break;
    case REQ_NEXT_GAME: moved = review_select_game(&R.rs, R.rs.game + 1); break;
    case REQ_GAME_LIST:
        if (R.rs.ngames > 1) {
            R.list_open = true;
            R.list_sel = R.rs.game;
        }
        break;
    case REQ_HELP: ctl_push_mode(c, CTL_MODE_HELP); break;
    case REQ_CANCEL:
        if (R.selected != CT_NO_SQ || R.autoplay) {
            R.selected = CT_NO_SQ;
            R.autoplay = false;
            break;
        }
        /* fall through */
    case REQ_QUIT:
        if (R.rs.modified)
            ctl_prompt_yesno(c, _("The changes are not saved. Leave anyway? (y/n)"), on_leave_answer);
        else
            leave(c);
        break;
    case REQ_MOUSE: {
        int f, r;
        if (!ev->press)
            break;
        if (ev->y >= c->layout.panel.y && ev->y < c->layout.panel.y + c->layout.panel.h &&
            ev->x >= c->layout.panel.x && ev->y - c->layout.panel.y < MAX_ROWS) {
            int node = R.row_node[ev->y - c->layout.panel.y];
            if (node >= 0)
                moved = review_goto(&R.rs, node);
        } else if (ui_layout_cell_to_sq(&c->layout, c->set.flip, ev->y, ev->x, &f, &r)) {
            click_square(c, f, r);
        }
        break;
    }
    case REQ_DELETE_MOVE:
        if (R.rs.node != CT_ROOT)
            ctl_prompt_yesno(c, _("Delete this move and what follows? (y/n)"), on_delete_answer);
        break;
    case REQ_AUTOPLAY:
        R.autoplay = !R.autoplay;
        R.next_step = ctl_now_ms() + R.autoplay_ms;
        if (R.autoplay)
            ctl_status(c, UI_STATUS, _("Auto-play: one move every %.1f s (+/- speed, p stops)."),
                       R.autoplay_ms / 1000.0);
        else
            ctl_status(c, UI_STATUS, "%s", _("Auto-play stopped."));
        break;
    case REQ_FASTER:
        R.autoplay_ms = R.autoplay_ms > 200 ? R.autoplay_ms / 2 : 100;
        ctl_status(c, UI_STATUS, _("Auto-play: one move every %.1f s."), R.autoplay_ms / 1000.0);
        break;
    case REQ_SLOWER:
        R.autoplay_ms = R.autoplay_ms < 30000 ? R.autoplay_ms * 2 : 60000;
        ctl_status(c, UI_STATUS, _("Auto-play: one move every %.1f s."), R.autoplay_ms / 1000.0);
        break;
    case REQ_ANALYSE: analyse_position(c); break;
    case REQ_ANALYSE_GAME: analyse_game(c); break;
    case REQ_PLAY_ON_AI:
        R.ai_replies = !R.ai_replies;
        ctl_status(c, UI_STATUS, "%s", R.ai_replies ? _("Play on against the AI: it answers your moves (P: hot-seat).")
                                                     : _("Play on hot-seat: you play both sides (P: against the AI)."));
        break;
    case REQ_COMMENT: {
        /* The old comment, neutralised, is the starting text of the prompt. */
        char *cm = sanitize_dup(ct_record_comment(rec(), R.rs.node), 0);
        ctl_prompt_text(c, _("Comment:"), cm, on_comment);
        free(cm);
        break;
    }
    case REQ_COPY_GAME: copy(c, true); break;
    case REQ_COPY_POS: copy(c, false); break;
    case REQ_PROMOTE:
        review_promote(&R.rs);
        ctl_status(c, UI_STATUS, "%s", _("This line is now the main line."));
        break;
    default: break;
    }
    if (moved) {
        R.selected = CT_NO_SQ;
        if (ev->req != REQ_MOUSE && c->status_role != UI_ERROR)
            c->status[0] = '\0';
    }
}

static void review_tick(ctl *c)
{
    if (!R.autoplay)
        return;
    int64_t now = ctl_now_ms();
    if (now < R.next_step)
        return;
    if (!review_forward(&R.rs)) {
        R.autoplay = false;
        ctl_status(c, UI_STATUS, "%s", _("Auto-play: the end of the line."));
    }
    R.next_step = now + R.autoplay_ms;
    c->dirty = true;
}

const ctl_mode ctl_mode_review = {
    .name = "review",
    .draw = review_draw,
    .key = review_key,
    .tick = review_tick,
    .keys = UI_KEYS_REVIEW,
};
