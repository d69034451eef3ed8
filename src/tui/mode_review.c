/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the review mode: the games of a file, one at a time in the game model
 * (game/game.h, in review: new moves branch into variations), stepped through with the keys,
 * the wheel or by clicking a move; variations entered and left; comments shown and edited;
 * auto-play; the engine's view of the position or of the whole game (marks ?! ? ??, worst
 * moves, a chart) running off the UI thread through seats, stopped with Esc; play on from
 * any position, alone or against the AI; copy; save (asking before replacing a file). Every
 * change goes through the model's sink into the resume file. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/analysis.h"
#include "game/game.h"
#include "sys/gamefile.h"
#include "sys/i18n.h"
#include "sys/sanitize.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "tui/board.h"
#include "tui/coup_text.h"
#include "tui/controller.h"
#include "tui/masters.h"
#include "tui/session.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"
#include "ui/draw.h"
#include "ui/review_view.h"
#include "ui/views.h"

#define MAX_ROWS 512
#define LIST_MAX 1024

typedef struct {
    ct_record *games;          /* the file's games; games[cur] lives in g while shown */
    int ngames, cur;
    game g;
    char path[1024];
    bool *changed;             /* changed[i]: game i has changes not saved (ngames) */
    bool quit_on_exit;
    bool list_open;
    int list_sel;
    bool autoplay;
    int64_t next_step;
    bool ai_replies;
    game_seat *engine;         /* the engine's view of one position */
    game_seat *annotator;      /* the whole game */
    bool have_pa;
    int pa_node, pa_score, pa_depth, pa_len;
    ct_move pa_pv[GAME_SEAT_PV_MAX];
    ct_move_annotation *ann;   /* the analysis of games[ann_game]'s main line */
    int nann, ann_game;
    tui_board b;               /* a piece chosen and the move line (no cursor) */
    int row_node[MAX_ROWS][2];      /* the moves' rows: left and right column */
    int row_split;                  /* the right column's first screen column, 0: one */
    int row_game[MAX_ROWS];
    char (*list_lines)[160];
    const char *list_ptrs[LIST_MAX];
    char comment[16384];
    int64_t last_draw;
    /* Scratch for drawing (too big for the stack). */
    int nodes[CT_MAX_HISTORY];
    ui_review_move moves[CT_MAX_HISTORY];
    ct_move line[CT_MAX_HISTORY];
    ct_pos scratch, walk;
    char chart[8192];
    tui_masters_view masters;  /* the explorer panel (M); [ ] choose, m or a click plays */
    ui_rect masters_at;
    char opening[400];
    gamefile_warnings warn;    /* what the reader repaired in the file (W lists it) */
    bool warn_open;
    int warn_sel;
    char warn_lines[GAMEFILE_MAX_WARNINGS + 1][300];
    /* A cờ úp record (one game, [Variant "Jieqi"]): read as it was played, never edited.
     * With its deal (CoupDeal or CoupSeed: written once the game was over) the board shows
     * every piece as dealt; without, the face-down pieces as the players saw them. */
    bool coup, coup_deal_shown;
    ct_coup_pos *coup_view;    /* what the board shows (refreshed from the model) */
    ct_coup_pos *coup_walk;    /* the history's walk: the public view, move by move */
    uint8_t coup_rev[CT_MAX_HISTORY];
} review_state;

static ct_record *rec(review_state *rs)
{
    return &rs->g.rec;
}

static bool modified(const review_state *rs)
{
    for (int i = 0; i < rs->ngames; i++)
        if (rs->changed[i])
            return true;
    return rs->g.modified;
}

/* ---------------------------------------------------------------- games of the file */
static void drop_analysis(review_state *rs)
{
    free(rs->ann);
    rs->ann = NULL;
    rs->nann = 0;
    rs->have_pa = false;
}

static void show_game(ctl *c, review_state *rs, int i, ct_record *resume)
{
    game_setup s;
    game_setup_default(&s);
    int64_t now = sys_now_ms();
    rs->g.review = true;
    if (rs->coup) {
        game_first(&rs->g); /* loaded by review_open (game_coup_open): from the start */
    } else if (resume) {
        char err[200];
        bool changed = !ct_record_tag(resume, "Unchanged");
        if (!game_restore(&rs->g, resume, true, now, err, sizeof err))
            game_load(&rs->g, resume, CT_ROOT, &s, now);
        rs->g.modified = changed;
    } else {
        const char *v = ct_record_tag(&rs->games[i], "Rules");
        ct_rules r;
        if (v && ct_rules_from_name(v, &r) == CT_OK)
            s.rules = r;
        game_load(&rs->g, &rs->games[i], CT_ROOT, &s, now);
    }
    rs->cur = i;
    tui_board_clear(&rs->b);
    drop_analysis(rs);
    game_autosave_attach(&c->saver, &rs->g, rs->path, i);
    game_autosave_set_file(&c->saver, &rs->g, rs->games, rs->changed, rs->ngames);
}

static bool select_game(ctl *c, review_state *rs, int i)
{
    if (i < 0 || i >= rs->ngames || i == rs->cur)
        return false;
    if (rs->engine)
        game_seat_cancel(rs->engine);
    if (rs->annotator)
        game_seat_cancel(rs->annotator);
    /* The game shown goes back into the file's list, with its changes; the resume file is
     * written once the next game is attached (not halfway, while the changed game is in
     * neither place). */
    rs->changed[rs->cur] = rs->changed[rs->cur] || rs->g.modified;
    rs->games[rs->cur] = rs->g.rec;
    ct_record_init(&rs->g.rec);
    bool was_off = c->saver.off;
    c->saver.off = true;
    show_game(c, rs, i, NULL);
    c->saver.off = was_off;
    rs->g.modified = rs->changed[i]; /* its earlier changes are still unsaved */
    game_autosave_write(&c->saver, sys_now_ms(), NULL);
    ctl_autosave_news(c);
    return true;
}

/* ---------------------------------------------------------------- text for the view */
static const char *tag(review_state *rs, const char *name, char *buf, size_t size)
{
    const char *v = ct_record_tag(rec(rs), name);
    sanitize_text(buf, size, v ? v : "", v ? strlen(v) : 0, 0);
    return buf;
}

static const ct_record *game_at(review_state *rs, int i)
{
    return i == rs->cur ? rec(rs) : &rs->games[i];
}

static void game_summary(review_state *rs, int i, char *buf, size_t size)
{
    const ct_record *r = game_at(rs, i);
    const char *ev = ct_record_tag(r, "Event"), *red = ct_record_tag(r, "Red"),
               *black = ct_record_tag(r, "Black");
    char raw[600];
    snprintf(raw, sizeof raw, "%3d. %s — %s %s %s (%s, %d)", i + 1, ev ? ev : "?", red ? red : "?",
             _("vs"), black ? black : "?", ct_result_string(r->result),
             ct_record_depth(r, ct_record_main_end(r)));
    sanitize_text(buf, size, raw, strlen(raw), 0);
}

static void line_text(ctl *c, review_state *rs, const ct_pos *from, const ct_move *pv, int len,
                      char *buf, size_t size)
{
    ct_pos *p = &rs->walk;
    *p = *from;
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < len && i < 8; i++) {
        if (!ct_is_legal(p, pv[i]))
            break;
        char t[CT_MOVE_TEXT_MAX];
        ctl_move_text(c, p, pv[i], t, sizeof t);
        int n = snprintf(buf + used, size - used, "%s%s", i ? " " : "", t);
        if (n < 0 || used + (size_t)n >= size)
            break;
        used += (size_t)n;
        ct_pos_make(p, pv[i]);
    }
}

static const ct_move_annotation *annotation(review_state *rs, int node)
{
    if (!rs->ann || rs->ann_game != rs->cur || !ct_record_on_main_line(rec(rs), node))
        return NULL;
    int depth = ct_record_depth(rec(rs), node);
    return depth >= 1 && depth <= rs->nann ? &rs->ann[depth - 1] : NULL;
}

static void draw_list(ctl *c, review_state *rs)
{
    int n = rs->ngames < LIST_MAX ? rs->ngames : LIST_MAX;
    for (int i = 0; i < n; i++) {
        game_summary(rs, i, rs->list_lines[i], sizeof rs->list_lines[i]);
        rs->list_ptrs[i] = rs->list_lines[i];
    }
    char title[200], footer[300];
    snprintf(title, sizeof title, _("%d games — choose one"), rs->ngames);
    if (rs->warn.count > 0)
        snprintf(footer, sizeof footer, _("Up/Down choose, Enter open, q back; W: %d warning(s)"),
                 rs->warn.count);
    else
        snprintf(footer, sizeof footer, "%s", _("Up/Down choose, Enter open, q back"));
    ui_review_list_draw(stdscr, c->layout.rows, c->layout.cols, title, rs->list_ptrs, n, rs->list_sel,
                        footer, rs->row_game);
}

/* "game 1, line 4: control characters replaced by spaces" (warning k of the file). */
static void warning_text(const review_state *rs, int k, char *buf, size_t size)
{
    const gamefile_warnings *w = &rs->warn;
    char where[80] = "";
    if (w->at[k].game > 0 && w->at[k].line > 0)
        snprintf(where, sizeof where, _("game %d, line %d: "), w->at[k].game, w->at[k].line);
    else if (w->at[k].game > 0)
        snprintf(where, sizeof where, _("game %d: "), w->at[k].game);
    else if (w->at[k].line > 0)
        snprintf(where, sizeof where, _("line %d: "), w->at[k].line);
    snprintf(buf, size, "%s%s", where, gamefile_warning_text(w->at[k].kind));
}

/* The status line after opening a file the reader had to repair. */
static void warnings_status(ctl *c, review_state *rs)
{
    if (rs->warn.count <= 0 || rs->warn.n <= 0)
        return;
    char first[300];
    warning_text(rs, 0, first, sizeof first);
    char *p = sanitize_dup(rs->path, 0);
    const char *slash = strrchr(p, '/');
    const char *name = slash && slash[1] ? slash + 1 : p;
    if (rs->warn.count == 1)
        ctl_status(c, UI_ERROR, _("%s: 1 warning — %s."), name, first);
    else
        ctl_status(c, UI_ERROR, _("%s: %d warnings (W: all) — %s."), name, rs->warn.count, first);
    free(p);
}

static void draw_warnings(ctl *c, review_state *rs)
{
    const char *ptrs[GAMEFILE_MAX_WARNINGS + 1];
    int n = 0;
    for (; n < rs->warn.n; n++) {
        warning_text(rs, n, rs->warn_lines[n], sizeof rs->warn_lines[n]);
        ptrs[n] = rs->warn_lines[n];
    }
    if (rs->warn.count > rs->warn.n) {
        snprintf(rs->warn_lines[n], sizeof rs->warn_lines[n], _("(and %d more)"),
                 rs->warn.count - rs->warn.n);
        ptrs[n] = rs->warn_lines[n];
        n++;
    }
    char title[300];
    char *p = sanitize_dup(rs->path, 0);
    snprintf(title, sizeof title, _("%s: %d warning(s) — what the reader repaired"), p,
             rs->warn.count);
    free(p);
    ui_review_list_draw(stdscr, c->layout.rows, c->layout.cols, title, ptrs, n, rs->warn_sel,
                        _("Up/Down choose, Enter the game, q back"), rs->row_game);
}

/* The engine's score of the position on the board, Red's view, for the evaluation bar: the
 * engine thinking here (live), its last answer here, or the game's analysis (A) after this
 * move of the main line. False when none of them has a score here. */
static bool eval_here(review_state *rs, int *score_red)
{
    int side = rs->g.pos->side;
    game_seat_progress p;
    if (rs->engine && game_seat_busy(rs->engine) && rs->pa_node == rs->g.node) {
        game_seat_progress_get(rs->engine, &p);
        if (p.depth > 0) {
            *score_red = side == CT_RED ? p.score : -p.score;
            return true;
        }
    }
    if (rs->have_pa && rs->pa_node == rs->g.node) {
        *score_red = side == CT_RED ? rs->pa_score : -rs->pa_score;
        return true;
    }
    const ct_move_annotation *a = annotation(rs, rs->g.node);
    if (a) {
        *score_red = a->eval_red;
        return true;
    }
    if (rs->ann && rs->ann_game == rs->cur && rs->nann > 0 && ct_record_depth(rec(rs), rs->g.node) == 0) {
        /* The start: the search before the first move, from the side to move. */
        *score_red = side == CT_RED ? rs->ann[0].best_score : -rs->ann[0].best_score;
        return true;
    }
    return false;
}

/* One move of the history: its number (Black's with "..."), its text, where it is. */
static void set_move(ui_review_move *m, int fullmove, bool black, const char *move, int node,
                     bool current, bool variation)
{
    char num[16];
    snprintf(num, sizeof num, "%d.%s", fullmove, black ? ".." : "");
    snprintf(m->move, sizeof m->move, "%.79s", move);
    snprintf(m->text, sizeof m->text, "%-6s %.79s", num, move);
    snprintf(m->num, sizeof m->num, "%d.", fullmove);
    m->black = black;
    m->node = node;
    m->current = current;
    m->variation = variation;
}

/* The history of a cờ úp record: each move worded from the public view before it, with
 * what it turned up ("P2-5, lật Tượng"); the view walks the main line (the record has no
 * other). Returns how many moves it wrote. */
static int coup_history(ctl *c, review_state *rs, int n, int cur)
{
    int nrev = game_coup_reveals(&rs->g, rs->coup_rev, CT_MAX_HISTORY);
    ct_coup_pos *w = rs->coup_walk;
    game_coup_view_at(&rs->g, CT_COUP_WATCHER, 0, w); /* its start: a FEN's too */
    int i = 0;
    for (; i < n && i < nrev; i++) {
        ct_move mv = ct_record_move(rec(rs), rs->nodes[i]);
        char t[200];
        tui_coup_move_text(c->set.notation, w, mv, rs->coup_rev[i], t, sizeof t);
        set_move(&rs->moves[i], w->fullmove, w->side == CT_BLACK, t, rs->nodes[i], i == cur, false);
        if (ct_coup_make(w, mv, rs->coup_rev[i]) < 0) {
            i++;
            break;
        }
    }
    return i;
}

static void review_draw(ctl *c, void *st, const char *prompt)
{
    review_state *rs = st;
    const ui_layout *lo = &c->layout;
    if (rs->warn_open) {
        draw_warnings(c, rs);
        return;
    }
    if (rs->list_open) {
        draw_list(c, rs);
        return;
    }
    werase(stdscr);
    /* 1. The board at the current node. */
    ct_pos *pos = rs->g.pos;
    ui_board_state bs;
    tui_board_fill(c, &rs->b, pos, false, &bs);
    if (rs->coup) {
        /* A face-down piece checks as the piece of its square, which the board's copy (the
         * deal shown) no longer says: the check from the referee's position. */
        const ct_coup_pos *ref = rs->g.coup;
        bs.check_sq = ct_coup_in_check(ref, ref->side) ? ref->king[ref->side] : CT_NO_SQ;
    }
    bs.last_move = ct_record_move(rec(rs), rs->g.node);
    if (rs->have_pa && rs->pa_node == rs->g.node && rs->pa_len > 0)
        bs.hint = rs->pa_pv[0];
    ui_board_draw(stdscr, lo, &bs);
    int bar_score = 0;
    if (eval_here(rs, &bar_score))
        ui_review_eval_bar(stdscr, lo, c->set.flip, ui_review_win_permille(bar_score), c->set.ascii);

    /* 2. The moves of the current line. */
    int cur, n = game_line(&rs->g, rs->nodes, CT_MAX_HISTORY, &cur);
    ct_pos *scratch = &rs->scratch;
    ct_record_start_position(rec(rs), scratch);
    if (rs->coup)
        n = coup_history(c, rs, n, cur);
    for (int i = 0; i < n && !rs->coup; i++) {
        char t[CT_MOVE_TEXT_MAX], extra[24] = "";
        ct_move mv = ct_record_move(rec(rs), rs->nodes[i]);
        ctl_move_text(c, scratch, mv, t, sizeof t);
        int parent = ct_record_parent(rec(rs), rs->nodes[i]);
        int alts = ct_record_child_count(rec(rs), parent) - 1;
        if (alts > 0)
            snprintf(extra, sizeof extra, " (+%d)", alts);
        const char *cm = ct_record_comment(rec(rs), rs->nodes[i]);
        int depth = game_variation_depth(&rs->g, rs->nodes[i]);
        char move[sizeof rs->moves[i].move];
        snprintf(move, sizeof move, "%s%s%s%s%s", depth ? "~" : "", t,
                 ct_annotate_mark(ct_record_nag(rec(rs), rs->nodes[i])), extra, cm && *cm ? " {…}" : "");
        set_move(&rs->moves[i], scratch->fullmove, scratch->side == CT_BLACK, move, rs->nodes[i], i == cur,
                 depth > 0);
        ct_pos_make(scratch, mv);
    }
    /* 3. Header (with how the game ended), comment, alternatives, engine, chart. */
    char title[300], ev[200], players[500], red[160], black[160], info[400], date[64], result[200];
    char vars[400] = "", an0[500] = "", an1[600] = "", an2[400] = "";
    char *comment = rs->comment;
    tag(rs, "Event", ev, sizeof ev);
    snprintf(title, sizeof title, "%s (%d/%d)", ev[0] ? ev : _("Game"), rs->cur + 1, rs->ngames);
    snprintf(players, sizeof players, "%s: %s — %s: %s", _("Red"), tag(rs, "Red", red, sizeof red),
             _("Black"), tag(rs, "Black", black, sizeof black));
    if (rec(rs)->result != CT_RESULT_NONE && rec(rs)->termination != CT_END_NONE)
        snprintf(result, sizeof result, "%s (%s)", ct_result_string(rec(rs)->result),
                 ctl_reason_text(rec(rs)->termination));
    else
        snprintf(result, sizeof result, "%s", ct_result_string(rec(rs)->result));
    snprintf(info, sizeof info, "%s  %s%s", tag(rs, "Date", date, sizeof date), result,
             modified(rs) ? _("  (modified)") : "");
    const char *cm = ct_record_comment(rec(rs), rs->g.node);
    sanitize_text(comment, sizeof rs->comment, cm ? cm : "", cm ? strlen(cm) : 0, 0);
    int kids = ct_record_child_count(rec(rs), rs->g.node);
    if (kids > 1) {
        size_t used = (size_t)snprintf(vars, sizeof vars, "%s", _("Variations (Tab):"));
        for (int i = 1; i < kids && used < sizeof vars - 40; i++) {
            char t[CT_MOVE_TEXT_MAX];
            ctl_move_text(c, pos, ct_record_move(rec(rs), ct_record_child(rec(rs), rs->g.node, i)), t, sizeof t);
            used += (size_t)snprintf(vars + used, sizeof vars - used, " %d) %s", i, t);
        }
    }
    ui_review_panel pst = {
        .title = title, .players = players, .info = info,
        .moves = rs->moves, .n_moves = n, .current = cur,
        .comment = comment[0] ? comment : NULL,
        .variations = vars[0] ? vars : NULL,
        .status = c->status, .status_role = c->status_role,
        .prompt = prompt,
        /* The arrows have no ASCII form: a terminal without UTF-8 gets the letter keys. */
        .footer = ui_locale_is_utf8()
                      ? _("←→ step ↑↓ alt. Tab/BkSp var. a/A engine p auto ; note y/Y copy S save q")
                      : _("h/l step j/k alt. Tab/BkSp var. a/A engine p auto ; note y/Y copy S save q"),
    };
    if (rs->coup)
        /* The line under the header: what the board shows. */
        snprintf(rs->opening, sizeof rs->opening, "%s",
                 rs->coup_deal_shown ? _("Cờ úp: the board shows the deal") : _("Cờ úp: face-down pieces as played"));
    else
        tui_masters_opening(c, rec(rs), rs->g.node, rs->opening, sizeof rs->opening);
    pst.opening = rs->opening;
    if (c->set.explorer && !rs->coup) {
        tui_masters_fill(c, &rs->masters, pos);
        pst.aside_share = tui_masters_share;
        pst.aside_user = &rs->masters;
        pst.aside = &rs->masters_at;
    }
    int k = 0;
    game_seat_progress p;
    if (rs->engine && game_seat_busy(rs->engine)) {
        /* The engine thinks: its progress, live. */
        game_seat_progress_get(rs->engine, &p);
        char sc[16], ln[400];
        ct_annotate_score_text(pos->side == CT_RED ? p.score : -p.score, true, sc, sizeof sc);
        line_text(c, rs, pos, p.pv, p.pv_len, ln, sizeof ln);
        snprintf(an0, sizeof an0, _("Engine (Esc stops): %s (Red's view, Red wins %d%%), depth %d: %s"),
                 sc, (ui_review_win_permille(pos->side == CT_RED ? p.score : -p.score) + 5) / 10, p.depth, ln);
        pst.analysis[k++] = an0;
    } else if (rs->have_pa && rs->pa_node == rs->g.node) {
        char sc[16], ln[400];
        ct_annotate_score_text(pos->side == CT_RED ? rs->pa_score : -rs->pa_score, true,
                               sc, sizeof sc);
        line_text(c, rs, pos, rs->pa_pv, rs->pa_len, ln, sizeof ln);
        snprintf(an0, sizeof an0, _("Engine: %s (Red's view, Red wins %d%%), depth %d: %s"), sc,
                 (ui_review_win_permille(bar_score) + 5) / 10, rs->pa_depth, ln);
        pst.analysis[k++] = an0;
    } else if (eval_here(rs, &bar_score)) {
        /* The game's analysis (A) only: its score after this move, and the bar's chance. */
        char sc[16];
        ct_annotate_score_text(bar_score, true, sc, sizeof sc);
        snprintf(an0, sizeof an0, _("Evaluation: %s (Red's view), Red wins %d%%"), sc,
                 (ui_review_win_permille(bar_score) + 5) / 10);
        pst.analysis[k++] = an0;
    }
    const ct_move_annotation *a = annotation(rs, rs->g.node);
    if (a && a->nag) {
        ct_record_position(rec(rs), ct_record_parent(rec(rs), rs->g.node), &rs->walk);
        char best[CT_MOVE_TEXT_MAX];
        ctl_move_text(c, &rs->walk, a->best, best, sizeof best);
        /* The mark comes from the win chance lost (annotate.h), so that is what is shown. */
        snprintf(an1, sizeof an1, _("%s loses %d%% of the win chance (best was %s)"),
                 ct_annotate_mark(a->nag), (a->win_loss + 5) / 10, best);
        pst.analysis[k++] = an1;
    }
    if (rs->ann && rs->ann_game == rs->cur && rs->nann > 0) {
        /* The worst moves of each side, written out with the win chance each lost, the
         * measure the marks come from: "Red 5. R9.8? (-14%)". */
        ct_pos *sp = &rs->scratch;
        ct_record_start_position(rec(rs), sp);
        ct_record_main_line(rec(rs), rs->line, CT_MAX_HISTORY);
        size_t used = (size_t)snprintf(an2, sizeof an2, "%s", _("Worst:"));
        for (int side = CT_RED; side <= CT_BLACK; side++) {
            int worst[3];
            int nw = ct_annotate_worst(rs->ann, rs->nann, sp->side, side, 3, worst);
            used += (size_t)snprintf(an2 + used, sizeof an2 - used, " %s", side == CT_RED ? _("Red") : _("Black"));
            if (nw == 0)
                used += (size_t)snprintf(an2 + used, sizeof an2 - used, " -");
            for (int j = 0; j < nw && used < sizeof an2 - 40; j++) {
                rs->walk = *sp;
                for (int i = 0; i < worst[j]; i++)
                    ct_pos_make(&rs->walk, rs->line[i]);
                char t[CT_MOVE_TEXT_MAX];
                ctl_move_text(c, &rs->walk, rs->line[worst[j]], t, sizeof t);
                used += (size_t)snprintf(an2 + used, sizeof an2 - used, " %d.%s%s%s (-%d%%)",
                                         rs->walk.fullmove, rs->walk.side == CT_BLACK ? ".." : "", t,
                                         ct_annotate_mark(rs->ann[worst[j]].nag),
                                         (rs->ann[worst[j]].win_loss + 5) / 10);
            }
        }
        pst.analysis[k++] = an2;
        int *ev2 = xmalloc(sizeof(int) * (size_t)rs->nann);
        if (ev2) {
            for (int i = 0; i < rs->nann; i++)
                ev2[i] = rs->ann[i].eval_red;
            int width = lo->panel.w - 2;
            if (width > 0) {
                ct_annotate_chart(ev2, rs->nann, 500, width, 4, c->set.ascii, rs->chart, sizeof rs->chart);
                pst.chart = rs->chart;
            }
            free(ev2);
        }
    }
    ui_review_hits hits = {rs->row_node, 0};
    ui_review_panel_draw(stdscr, &lo->panel, &pst, &hits);
    rs->row_split = hits.split;
    if (pst.aside && rs->masters_at.h > 0)
        tui_masters_draw(&rs->masters, &rs->masters_at);
}

/* ---------------------------------------------------------------- the engine */
/* What a cờ úp record cannot do here, said: the engine, the explorer, the editor and
 * copying know the standard game only, and the record is shown as it was played. */
static bool coup_refused(ctl *c, const review_state *rs, const char *what)
{
    if (!rs->coup)
        return false;
    ctl_status(c, UI_ERROR, "%s", what);
    return true;
}

static void analyse_position(ctl *c, review_state *rs)
{
    if (coup_refused(c, rs, _("Cờ úp: the engine analyses cờ tướng only; it cannot analyse this game.")))
        return;
    if (!ct_has_legal_move(rs->g.pos)) {
        ctl_status(c, UI_STATUS, "%s", _("No legal move: the game is over here."));
        return;
    }
    if (!rs->engine) {
        sys_player_spec spec = {.kind = SYS_PLAYER_AI, .level = 10,
                                .threads = c->defaults.setup.threads};
        rs->engine = game_seat_open(&spec, c->book, NULL, 0);
    }
    if (!rs->engine || game_seat_busy(rs->engine))
        return;
    ct_limits lim;
    ct_limits_init(&lim);
    lim.movetime_ms = c->defaults.analysis_ms;
    rs->pa_node = rs->g.node;
    rs->have_pa = false;
    game_seat_start(rs->engine, rs->g.pos, &lim);
    ctl_status(c, UI_STATUS, "%s", _("The engine is thinking... (Esc stops)"));
}

static void analyse_game(ctl *c, review_state *rs)
{
    if (coup_refused(c, rs, _("Cờ úp: the engine analyses cờ tướng only; it cannot analyse this game.")))
        return;
    if (!rs->annotator)
        rs->annotator = game_annotator_new(c->defaults.setup.threads);
    if (!rs->annotator || game_seat_busy(rs->annotator))
        return;
    ct_limits lim;
    ct_limits_init(&lim);
    lim.movetime_ms = c->defaults.analysis_ms / 4 > 50 ? c->defaults.analysis_ms / 4 : 50;
    rs->ann_game = rs->cur;
    game_annotator_start(rs->annotator, rec(rs), &lim);
    ctl_status(c, UI_STATUS, "%s", _("Analysing the game... (Esc stops)"));
}

/* Collects what the engines found; the progress is redrawn a few times a second. */
static void engines_tick(ctl *c, review_state *rs)
{
    game_seat_result res;
    int64_t now = sys_now_ms();
    if (rs->engine && game_seat_poll(rs->engine, &res)) {
        game_seat_progress p;
        game_seat_progress_get(rs->engine, &p);
        rs->have_pa = rs->pa_node == rs->g.node;
        rs->pa_score = p.depth ? p.score : res.score;
        rs->pa_depth = p.depth;
        rs->pa_len = p.pv_len;
        memcpy(rs->pa_pv, p.pv, sizeof rs->pa_pv);
        if (!rs->pa_len && res.move) {
            rs->pa_pv[0] = res.move;
            rs->pa_len = 1;
        }
        ctl_status(c, UI_STATUS, "%s", "");
        c->dirty = true;
    }
    if (rs->annotator && game_seat_poll(rs->annotator, &res)) {
        const ct_move_annotation *ann;
        int n = game_annotator_result(rs->annotator, &ann);
        free(rs->ann);
        rs->ann = xmalloc(sizeof *rs->ann * (size_t)(n + 1));
        rs->nann = rs->ann ? n : 0;
        if (rs->ann)
            memcpy(rs->ann, ann, sizeof *rs->ann * (size_t)n);
        /* Marks on the moves without one of their own. They are the engine's reading, not
         * the user's change: the file stays unchanged (no "(modified)", no question on
         * leaving, nothing kept in the resume file), and S still writes them. */
        int marks[3] = {0, 0, 0}, nodes[CT_MAX_HISTORY];
        bool was_modified = rs->g.modified;
        ct_record_main_line_nodes(rec(rs), nodes, CT_MAX_HISTORY);
        rs->g.quiet++;
        for (int i = 0; i < rs->nann; i++) {
            if (!rs->ann[i].nag)
                continue;
            marks[rs->ann[i].nag == CT_NAG_INACCURACY ? 0 : rs->ann[i].nag == CT_NAG_MISTAKE ? 1 : 2]++;
            if (!ct_record_nag(rec(rs), nodes[i]))
                game_set_nag(&rs->g, nodes[i], rs->ann[i].nag);
        }
        rs->g.quiet--;
        rs->g.modified = was_modified;
        ctl_status(c, UI_STATUS, _("Analysed %d moves: %d ?!, %d ?, %d ?? (win chance lost from %d/%d/%d%%)."),
                   n, marks[0], marks[1], marks[2], CT_ANN_INACCURACY_PM / 10, CT_ANN_MISTAKE_PM / 10,
                   CT_ANN_BLUNDER_PM / 10);
        c->dirty = true;
    }
    bool busy = (rs->engine && game_seat_busy(rs->engine)) || (rs->annotator && game_seat_busy(rs->annotator));
    if (busy && now - rs->last_draw >= 100) {
        rs->last_draw = now;
        if (rs->annotator && game_seat_busy(rs->annotator)) {
            game_seat_progress p;
            game_seat_progress_get(rs->annotator, &p);
            ctl_status_live(c, UI_STATUS, _("Analysing the game: %d/%d moves (Esc stops)"), p.done, p.total);
        }
        c->dirty = true;
    }
}

static bool stop_engines(review_state *rs)
{
    bool any = false;
    if (rs->engine && game_seat_busy(rs->engine)) {
        game_seat_stop(rs->engine);
        any = true;
    }
    if (rs->annotator && game_seat_busy(rs->annotator)) {
        game_seat_stop(rs->annotator);
        any = true;
    }
    return any;
}

/* ---------------------------------------------------------------- actions */
static void play_on(ctl *c, review_state *rs, ct_move mv)
{
    game_report rep;
    if (coup_refused(c, rs, _("Cờ úp: the record is shown as it was played; no move can be added.")))
        return;
    if (game_play(&rs->g, mv, sys_now_ms(), &rep) != GAME_OK) {
        if (rep.status == GAME_ILLEGAL)
            ctl_status(c, UI_ERROR, _("Illegal: %s."), ctl_why_text(rep.why));
        else
            ctl_status(c, UI_ERROR, "%s", _("That move is not legal here."));
        return;
    }
    tui_board_clear(&rs->b);
    ctl_status(c, UI_STATUS, "%s", ct_record_on_main_line(rec(rs), rs->g.node)
                                       ? _("On the main line.")
                                       : _("A new variation (S saves it)."));
}

static void set_ai_replies(ctl *c, review_state *rs, bool on)
{
    rs->ai_replies = on;
    game_close_seats(&rs->g);
    if (on) {
        /* The AI takes the side that answers the next move played. */
        sys_player_spec spec = {.kind = SYS_PLAYER_AI, .level = c->defaults.level};
        game_set_seat(&rs->g, !game_side(&rs->g), game_seat_open(&spec, c->book, NULL, 0), NULL);
    }
}

static const ct_pos *board_position(void *owner)
{
    return ((review_state *)owner)->g.pos;
}

static void board_move(ctl *c, void *owner, ct_move mv)
{
    play_on(c, owner, mv);
}

/* A cờ úp record: the referee's position with every face-down piece shown as dealt when
 * the record gave the deal (the game is over: nothing is secret), else a watcher's view. */
static const ct_coup_pos *board_coup_view(void *owner)
{
    review_state *rs = owner;
    if (!rs->coup)
        return NULL;
    ct_coup_pos *v = rs->coup_view;
    if (!rs->coup_deal_shown) {
        game_coup_view(&rs->g, CT_COUP_WATCHER, v);
        return v;
    }
    *v = *rs->g.coup;
    for (int sq = 0; sq < CT_BOARD_SIZE; sq++)
        if (v->board[sq] != CT_OFFBOARD && (v->board[sq] & CT_COUP_DOWN) && CT_COUP_TYPE(v->board[sq]))
            v->board[sq] &= (uint8_t)~CT_COUP_DOWN;
    return v;
}

static bool board_may_move(ctl *c, void *owner)
{
    return !coup_refused(c, owner, _("Cờ úp: the record is shown as it was played; no move can be added."));
}

static const tui_board_ops board_ops = {.position = board_position, .play = board_move,
                                        .may_move = board_may_move, .coup_view = board_coup_view};

static void on_comment(ctl *c, void *st, const char *text)
{
    review_state *rs = st;
    game_set_comment(&rs->g, rs->g.node, text);
    ctl_status(c, UI_STATUS, "%s", text && *text ? _("Comment set (S saves it).") : _("Comment removed."));
}

static void write_file(ctl *c, review_state *rs, const char *path)
{
    char err[1200], clean[1200];
    const ct_record **all = xmalloc(sizeof *all * (size_t)rs->ngames);
    if (!all)
        return;
    for (int i = 0; i < rs->ngames; i++)
        all[i] = game_at(rs, i);
    int r = gamefile_save_many(path, all, rs->ngames, CT_NOTATION_ICCS, err, sizeof err);
    free(all);
    if (r != 0) {
        sanitize_text(clean, sizeof clean, err, strlen(err), 0);
        ctl_status(c, UI_ERROR, _("Not saved: %s"), clean);
        return;
    }
    if (path != rs->path)
        snprintf(rs->path, sizeof rs->path, "%s", path);
    memset(rs->changed, 0, (size_t)rs->ngames * sizeof *rs->changed);
    game_mark_saved(&rs->g, rs->path);
    game_autosave_attach(&c->saver, &rs->g, rs->path, rs->cur);
    game_autosave_write(&c->saver, sys_now_ms(), NULL); /* nothing left to resume here */
    char *p = sanitize_dup(path, 0);
    ctl_status(c, UI_STATUS, _("Saved %d game(s) to %s"), rs->ngames, p);
    free(p);
}

static void write_to(ctl *c, void *st, const char *path)
{
    write_file(c, st, path);
}

static void on_save_path(ctl *c, void *st, const char *text)
{
    review_state *rs = st;
    session_save_as(c, rs, text, rs->path, write_to);
}

static void leave(ctl *c, review_state *rs)
{
    rs->autoplay = false;
    if (rs->quit_on_exit || c->n_frames <= 1)
        c->quit = true;
    else
        ctl_pop(c); /* back to what was below: the game in progress, or the menu */
}

static void on_leave_answer(ctl *c, void *st, bool yes)
{
    if (yes)
        leave(c, st);
}

static void on_delete_answer(ctl *c, void *st, bool yes)
{
    review_state *rs = st;
    if (yes && game_delete(&rs->g, rs->g.node)) {
        drop_analysis(rs);
        ctl_status(c, UI_STATUS, "%s", _("Deleted (S saves the change)."));
    }
}

static void list_key(ctl *c, review_state *rs, const ui_event *event)
{
    if (event->req == REQ_WARNINGS && rs->warn.count > 0) {
        rs->warn_open = true;
        rs->warn_sel = 0;
        return;
    }
    ui_event e = *event, *ev = &e;
    ui_event_regroup(ev, UI_KEYS_MENU); /* the list takes the keys of menus and lists */
    switch (ev->req) {
    case REQ_UP: if (rs->list_sel > 0) rs->list_sel--; break;
    case REQ_DOWN: if (rs->list_sel + 1 < rs->ngames) rs->list_sel++; break;
    case REQ_PAGE_UP: rs->list_sel = rs->list_sel > 10 ? rs->list_sel - 10 : 0; break;
    case REQ_PAGE_DOWN: rs->list_sel = rs->list_sel + 10 < rs->ngames ? rs->list_sel + 10 : rs->ngames - 1; break;
    case REQ_TOP: rs->list_sel = 0; break;
    case REQ_BOTTOM: rs->list_sel = rs->ngames - 1; break;
    case REQ_SELECT:
        select_game(c, rs, rs->list_sel);
        rs->list_open = false;
        break;
    case REQ_MOUSE:
        if (ev->press && ev->y >= 0 && ev->y < MAX_ROWS && rs->row_game[ev->y] >= 0) {
            rs->list_sel = rs->row_game[ev->y];
            select_game(c, rs, rs->list_sel);
            rs->list_open = false;
        }
        break;
    case REQ_CANCEL: rs->list_open = false; break;
    case REQ_QUIT: leave(c, rs); break;
    default: break;
    }
}

/* The list of warnings: Enter (or a click) opens the game a warning is about. */
static void warnings_key(ctl *c, review_state *rs, const ui_event *event)
{
    ui_event e = *event, *ev = &e;
    ui_event_regroup(ev, UI_KEYS_MENU);
    int which = -1;
    switch (ev->req) {
    case REQ_UP: if (rs->warn_sel > 0) rs->warn_sel--; break;
    case REQ_DOWN: if (rs->warn_sel + 1 < rs->warn.n) rs->warn_sel++; break;
    case REQ_SELECT: which = rs->warn.at[rs->warn_sel].game; break;
    case REQ_MOUSE:
        if (ev->press && ev->y >= 0 && ev->y < MAX_ROWS && rs->row_game[ev->y] >= 0 &&
            rs->row_game[ev->y] < rs->warn.n) {
            rs->warn_sel = rs->row_game[ev->y];
            which = rs->warn.at[rs->warn_sel].game;
        }
        break;
    case REQ_CANCEL:
    case REQ_QUIT: rs->warn_open = false; break;
    default: break;
    }
    if (which == -1)
        return;
    rs->warn_open = false;
    if (which >= 1 && which <= rs->ngames) {
        rs->list_open = false;
        select_game(c, rs, which - 1);
    }
}

static void review_key(ctl *c, void *st, const ui_event *ev)
{
    review_state *rs = st;
    if (rs->warn_open) {
        warnings_key(c, rs, ev);
        return;
    }
    if (rs->list_open) {
        list_key(c, rs, ev);
        return;
    }
    game *g = &rs->g;
    bool moved = false;
    if (rs->coup) {
        switch (ev->req) {
        case REQ_COMMENT: case REQ_DELETE_MOVE: case REQ_PROMOTE: case REQ_PLAY_ON_AI:
        case REQ_EDIT_POSITION: case REQ_COPY_GAME: case REQ_COPY_POS: case REQ_EXPLORER:
        case REQ_MASTER_PLAY: case REQ_SAVE:
            ctl_status(c, UI_ERROR, "%s", _("Not offered for a cờ úp record: it is shown as it was played."));
            return;
        default: break;
        }
    }
    if (tui_board_key(c, &rs->b, ev))
        return;
    switch (ev->req) {
    case REQ_FORWARD: moved = game_forward(g); break;
    case REQ_BACK: moved = game_back(g); break;
    case REQ_FIRST: moved = game_first(g); break;
    case REQ_LAST: moved = game_last(g); break;
    case REQ_NEXT_ALT: moved = game_next_variation(g); break;
    case REQ_PREV_ALT: moved = game_prev_variation(g); break;
    case REQ_ENTER_VAR: moved = game_enter_variation(g, 1); break;
    case REQ_VARIATION:
        /* The digit pressed; a key bound in the settings enters the first. */
        moved = game_enter_variation(g, ev->key >= '1' && ev->key <= '9' ? ev->key - '0' : 1);
        break;
    case REQ_LEAVE_VAR: moved = game_leave_variation(g); break;
    case REQ_EXPLORER: tui_masters_toggle(c); break;
    case REQ_EDIT_POSITION: {
        char fen[128];
        ct_fen_write(g->pos, fen, sizeof fen);
        ctl_push(c, CTL_MODE_EDIT, fen);
        break;
    }
    case REQ_MASTER_NEXT: rs->masters.selected++; break; /* kept in range when drawn */
    case REQ_MASTER_PREV: rs->masters.selected -= rs->masters.selected > 0; break;
    case REQ_MASTER_PLAY:
        if (c->set.explorer && rs->masters.selected >= 0 && rs->masters.selected < rs->masters.st.n_rows)
            play_on(c, rs, rs->masters.moves[rs->masters.selected]);
        else
            ctl_status(c, UI_STATUS, "%s", _("Choose a master move first: M shows them, [ and ] choose."));
        break;
    case REQ_NOTATION:
        c->set.notation = (ct_notation)((c->set.notation + 1) % CT_NOTATION_AUTO);
        ctl_status(c, UI_STATUS, _("Notation: %s"), ct_notation_name(c->set.notation));
        session_setting_changed(c, "notation");
        break;
    case REQ_SAVE: ctl_prompt_file(c, rs, _("Save all games to:"), rs->path, on_save_path); break;
    case REQ_OPEN: session_open_prompt(c); break;
    case REQ_PREV_GAME: moved = select_game(c, rs, rs->cur - 1); break;
    case REQ_NEXT_GAME: moved = select_game(c, rs, rs->cur + 1); break;
    case REQ_GAME_LIST:
        if (rs->ngames > 1) {
            rs->list_open = true;
            rs->list_sel = rs->cur;
        }
        break;
    case REQ_HELP: ctl_push(c, CTL_MODE_HELP, NULL); break;
    case REQ_CANCEL:
        if (stop_engines(rs)) {
            ctl_status(c, UI_STATUS, "%s", _("Stopped."));
            break;
        }
        if (rs->b.selected != CT_NO_SQ || rs->autoplay) {
            tui_board_clear(&rs->b);
            rs->autoplay = false;
            break;
        }
        /* fall through */
    case REQ_QUIT:
        if (modified(rs))
            ctl_prompt_yesno(c, rs, _("The changes are not saved. Leave anyway? (y/n)"), on_leave_answer);
        else
            leave(c, rs);
        break;
    case REQ_MOUSE: {
        if (!ev->press)
            break;
        if (ev->y >= c->layout.panel.y && ev->y < c->layout.panel.y + c->layout.panel.h &&
            ev->x >= c->layout.panel.x && ev->y - c->layout.panel.y < MAX_ROWS) {
            const int *pair = rs->row_node[ev->y - c->layout.panel.y];
            int node = rs->row_split && ev->x >= rs->row_split ? pair[1] : pair[0];
            if (node < 0)
                node = pair[0] >= 0 ? pair[0] : pair[1];
            ct_move mv = c->set.explorer ? tui_masters_at(&rs->masters, ev->y, ev->x) : CT_NO_MOVE;
            if (node >= 0)
                moved = game_goto(g, node);
            else if (mv)
                play_on(c, rs, mv);
        }
        break;
    }
    case REQ_DELETE_MOVE:
        if (g->node != CT_ROOT)
            ctl_prompt_yesno(c, rs, _("Delete this move and what follows? (y/n)"), on_delete_answer);
        break;
    case REQ_AUTOPLAY:
        rs->autoplay = !rs->autoplay;
        rs->next_step = sys_now_ms() + c->defaults.autoplay_ms;
        if (rs->autoplay)
            ctl_status(c, UI_STATUS, _("Auto-play: one move every %.1f s (+/- speed, p stops)."),
                       c->defaults.autoplay_ms / 1000.0);
        else
            ctl_status(c, UI_STATUS, "%s", _("Auto-play stopped."));
        break;
    case REQ_FASTER:
        c->defaults.autoplay_ms = c->defaults.autoplay_ms > 200 ? c->defaults.autoplay_ms / 2 : 100;
        ctl_status(c, UI_STATUS, _("Auto-play: one move every %.1f s."), c->defaults.autoplay_ms / 1000.0);
        break;
    case REQ_SLOWER:
        c->defaults.autoplay_ms = c->defaults.autoplay_ms < 30000 ? c->defaults.autoplay_ms * 2 : 60000;
        ctl_status(c, UI_STATUS, _("Auto-play: one move every %.1f s."), c->defaults.autoplay_ms / 1000.0);
        break;
    case REQ_ANALYSE: analyse_position(c, rs); break;
    case REQ_ANALYSE_GAME: analyse_game(c, rs); break;
    case REQ_PLAY_ON_AI:
        set_ai_replies(c, rs, !rs->ai_replies);
        ctl_status(c, UI_STATUS, "%s", rs->ai_replies ? _("Play on against the AI: it answers your moves (P: hot-seat).")
                                                      : _("Play on hot-seat: you play both sides (P: against the AI)."));
        break;
    case REQ_COMMENT: {
        /* The old comment, neutralised, is the starting text of the prompt. */
        char *cm = sanitize_dup(ct_record_comment(rec(rs), g->node), 0);
        ctl_prompt_text(c, rs, _("Comment:"), cm, on_comment);
        free(cm);
        break;
    }
    case REQ_COPY_GAME: session_copy(c, rec(rs), g->pos, true); break;
    case REQ_COPY_POS: session_copy(c, rec(rs), g->pos, false); break;
    case REQ_WARNINGS:
        if (rs->warn.count > 0) {
            rs->warn_open = true;
            rs->warn_sel = 0;
        } else {
            ctl_status(c, UI_STATUS, "%s", _("The file read without a warning."));
        }
        break;
    case REQ_PROMOTE:
        game_promote(g, g->node);
        drop_analysis(rs);
        ctl_status(c, UI_STATUS, "%s", _("This line is now the main line."));
        break;
    default: break;
    }
    if (moved) {
        tui_board_clear(&rs->b);
        if (ev->req != REQ_MOUSE && c->status_role != UI_ERROR)
            c->status[0] = '\0';
    }
}

static void review_tick(ctl *c, void *st)
{
    review_state *rs = st;
    engines_tick(c, rs);
    /* Play on against the AI: its answers come through the model like any seat's. */
    game_tick_event ev = game_tick(&rs->g, sys_now_ms());
    if (ev.kind == GAME_TICK_MOVED) {
        ctl_status(c, UI_STATUS, "%s", _("The AI answered."));
        c->dirty = true;
    }
    if (!rs->autoplay)
        return;
    int64_t now = sys_now_ms();
    if (now < rs->next_step)
        return;
    if (!game_forward(&rs->g)) {
        rs->autoplay = false;
        ctl_status(c, UI_STATUS, "%s", _("Auto-play: the end of the line."));
    }
    rs->next_step = now + c->defaults.autoplay_ms;
    c->dirty = true;
}

/* ---------------------------------------------------------------- open and close */
static void *review_open(ctl *c, const void *arg)
{
    const ctl_review_arg *a = arg;
    char raw[1200], err[1200];
    review_state *rs = xcalloc(1, sizeof *rs);
    if (!rs)
        return NULL;
    rs->list_lines = xcalloc(LIST_MAX, sizeof *rs->list_lines);
    if (!rs->list_lines) {
        free(rs);
        return NULL;
    }
    game_init(&rs->g);
    tui_board_init(&rs->b, &board_ops, rs, _("Play on (a move):"), 4, 0);
    rs->b.hide_cursor = true;
    rs->quit_on_exit = a->quit_on_exit;
    snprintf(rs->path, sizeof rs->path, "%s", a->path ? a->path : "");
    int at = 0;
    char *coup_text = NULL;
    size_t coup_len = 0;
    bool failed = false; /* raw says why */
    if (!a->games && !a->resume && a->path && session_coup_file(a->path, &coup_text, &coup_len)) {
        /* A cờ úp record: read (and checked against its deal) by the model. */
        int64_t now = sys_now_ms();
        bool ok = game_coup_open(&rs->g, coup_text, coup_len, true, NULL, (uint64_t)now * 0x9E3779B97F4A7C15ULL,
                                 now, raw, sizeof raw);
        free(coup_text);
        if (!ok) {
            snprintf(err, sizeof err, "%.300s: %.800s", a->path, raw);
            snprintf(raw, sizeof raw, "%s", err);
            failed = true;
        } else {
            rs->coup = true;
            rs->coup_deal_shown = ct_record_tag(&rs->g.rec, "CoupDeal") || ct_record_tag(&rs->g.rec, "CoupSeed");
            rs->coup_view = xmalloc(sizeof *rs->coup_view);
            rs->coup_walk = xmalloc(sizeof *rs->coup_walk);
            rs->games = xcalloc(1, sizeof *rs->games); /* the shown game lives in g */
            ct_record_init(&rs->games[0]);
            rs->ngames = 1;
        }
    } else if (a->games) {
        rs->games = a->games;
        rs->ngames = a->ngames;
        if (a->warnings)
            rs->warn = *a->warnings;
    } else if (a->path && gamefile_load(a->path, &rs->games, &rs->ngames, &rs->warn, raw,
                                        sizeof raw) == 0) {
        /* loaded */
    } else if (!a->resume) {
        failed = true;
    }
    if (failed) {
        sanitize_text(err, sizeof err, raw, strlen(raw), 0);
        ctl_status(c, UI_ERROR, "%s", err);
        game_free(&rs->g);
        free(rs->list_lines);
        free(rs);
        return NULL;
    }
    int *placed = NULL, nplaced = 0;
    if (a->resume) {
        /* A review with changes from the resume file: each changed game in its place in the
         * file when the file still has it, else after the file's games (or alone). */
        if (!rs->games && !a->path)
            rs->path[0] = '\0';
        nplaced = 1 + a->nmore;
        placed = xmalloc((size_t)nplaced * sizeof *placed);
        rs->games = xrealloc(rs->games, (size_t)(rs->ngames + nplaced) * sizeof *rs->games);
        int end = rs->ngames;
        for (int k = 0; k < nplaced; k++) {
            ct_record *r = k == 0 ? a->resume : &a->more[k - 1];
            const char *v = ct_record_tag(r, "SourceGame");
            int i = v ? atoi(v) : -1;
            if (i < 0 || i >= rs->ngames)
                i = end++;
            else
                ct_record_free(&rs->games[i]);
            placed[k] = i;
            if (k == 0) {
                /* shown: show_game restores it from a->resume; the slot owns nothing */
                memset(&rs->games[i], 0, sizeof rs->games[i]);
            } else {
                rs->games[i] = *r; /* moved: the caller frees an empty record */
                memset(r, 0, sizeof *r);
                game_strip_resume_tags(&rs->games[i]);
            }
        }
        rs->ngames = end;
        at = placed[0];
    }
    rs->changed = xcalloc((size_t)(rs->ngames ? rs->ngames : 1), sizeof *rs->changed);
    for (int k = 1; k < nplaced; k++) /* the one shown: its model says (show_game) */
        rs->changed[placed[k]] = true;
    free(placed);
    rs->list_open = rs->ngames > 1 && !a->resume;
    rs->cur = at;
    show_game(c, rs, at, a->resume);
    char *p = sanitize_dup(rs->path, 0);
    if (a->resume)
        ctl_status(c, UI_STATUS, _("Resumed the review of %s with its changes."), p[0] ? p : "?");
    else
        ctl_status(c, UI_STATUS, _("Opened %s: %d game(s)."), p, rs->ngames);
    free(p);
    warnings_status(c, rs);
    return rs;
}

static bool review_unsaved(const ctl *c, const void *st)
{
    (void)c;
    return modified(st);
}

static void review_close(ctl *c, void *st)
{
    review_state *rs = st;
    game_seat_free(rs->engine);
    game_seat_free(rs->annotator);
    game_autosave_detach(&c->saver, &rs->g);
    game_free(&rs->g);
    gamefile_free(rs->games, rs->ngames);
    free(rs->changed);
    free(rs->ann);
    free(rs->list_lines);
    free(rs->coup_view);
    free(rs->coup_walk);
    free(rs);
    /* The review's changes leave the resume file with it (they were not wanted). */
    if (!c->quit)
        game_autosave_write(&c->saver, sys_now_ms(), NULL);
}

const ctl_mode ctl_mode_review = {
    .name = "review",
    .keys = UI_KEYS_REVIEW,
    .open = review_open,
    .close = review_close,
    .draw = review_draw,
    .key = review_key,
    .tick = review_tick,
    .unsaved = review_unsaved,
    .full_screen = true,
};
