/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — game analysis over the search: per-move loss against the engine's best move,
 * annotation marks from fixed thresholds on the mover's win chance (checked by a deeper
 * search, masters' moves only for a proven loss, none in a decided game), worst moves per side and an evaluation chart as text. Pure: the caller
 * owns the search context and prints the results. */
#include "cotuong/annotate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/movegen.h"

static int clamp_score(int score, int clamp)
{
    return score > clamp ? clamp : score < -clamp ? -clamp : score;
}

int ct_annotate_loss(int best_score, int played_score, bool played_is_best)
{
    if (played_is_best)
        return 0;
    int loss = clamp_score(best_score, CT_ANN_CLAMP_CP) - clamp_score(played_score, CT_ANN_CLAMP_CP);
    return loss > 0 ? loss : 0;
}

int ct_annotate_win_permille(int score, int scale)
{
    if (ct_score_is_mate(score))
        return score > 0 ? 1000 : 0;
    if (scale <= 0)
        scale = CT_ANN_WIN_SCALE_CP;
    return (int)lround(1000.0 / (1.0 + exp(-(double)score / scale)));
}

int ct_annotate_win_loss(int best_score, int played_score, bool played_is_best, int scale)
{
    if (played_is_best)
        return 0;
    int loss = ct_annotate_win_permille(best_score, scale) -
               ct_annotate_win_permille(played_score, scale);
    return loss > 0 ? loss : 0;
}

bool ct_annotate_decided(int best_score, int played_score, int scale)
{
    int b = ct_annotate_win_permille(best_score, scale);
    int p = ct_annotate_win_permille(played_score, scale);
    return (b >= CT_ANN_DECIDED_PM && p >= CT_ANN_DECIDED_PM) ||
           (b <= 1000 - CT_ANN_DECIDED_PM && p <= 1000 - CT_ANN_DECIDED_PM);
}

int ct_annotate_nag(int win_loss)
{
    if (win_loss >= CT_ANN_BLUNDER_PM)
        return CT_NAG_BLUNDER;
    if (win_loss >= CT_ANN_MISTAKE_PM)
        return CT_NAG_MISTAKE;
    if (win_loss >= CT_ANN_INACCURACY_PM)
        return CT_NAG_INACCURACY;
    return 0;
}

int ct_annotate_judge(int best_score, int played_score, bool played_is_best, int scale,
                      unsigned masters)
{
    int loss = ct_annotate_win_loss(best_score, played_score, played_is_best, scale);
    if (ct_annotate_decided(best_score, played_score, scale))
        return 0;
    if (masters && loss < CT_ANN_MASTERS_PM)
        return 0;
    return ct_annotate_nag(loss);
}

const char *ct_annotate_mark(int nag)
{
    static const char *const marks[] = {"", "!", "?", "!!", "??", "!?", "?!"};
    return nag >= 0 && nag <= 6 ? marks[nag] : "";
}

void ct_annotate_score_text(int score, bool pawns, char *buf, size_t size)
{
    if (ct_score_is_mate(score)) {
        int moves = ct_score_mate_moves(score);
        /* the sign comes from the score: a side lost now has 0 moves left and no minus */
        snprintf(buf, size, score < 0 ? "#-%d" : "#%d", abs(moves));
    } else if (pawns) {
        snprintf(buf, size, "%+.2f", score / 100.0);
    } else {
        snprintf(buf, size, "%d", score);
    }
}

/* One search of pos by the built-in engine (a ct_annotate_search_fn; user is the ct_search):
 * fills score/best/pv. A search limited by time or nodes that ended shallower than
 * CT_ANN_MIN_DEPTH (a loaded machine, a short time) is continued to that depth, so that no
 * mark rests on a horizon a few plies away. A stop asked of the search ends the analysis. */
static ct_ann_search_status builtin_search(void *user, const ct_pos *pos, const ct_limits *lim,
                                ct_search_result *res)
{
    ct_search *s = user;
    ct_search_run(s, pos, lim, NULL, NULL, res);
    if (lim->depth == 0 && res->depth < CT_ANN_MIN_DEPTH && !ct_score_is_mate(res->score) &&
        !ct_search_stop_requested(s)) {
        ct_limits deeper = *lim;
        deeper.movetime_ms = 0;
        deeper.nodes = 0;
        deeper.depth = CT_ANN_MIN_DEPTH;
        ct_search_run(s, pos, &deeper, NULL, NULL, res);
    }
    return ct_search_stop_requested(s) ? CT_ANN_SEARCH_STOPPED : CT_ANN_SEARCH_OK;
}

/* One search of pos through fn. A position with no legal move is lost for the side to move
 * (mate or stalemate): scored as a mate at ply 0 without asking. */
static ct_ann_search_status analyse_position(ct_annotate_search_fn fn, void *user, const ct_pos *pos,
                                  const ct_limits *lim, ct_search_result *res)
{
    memset(res, 0, sizeof *res);
    if (!ct_has_legal_move(pos)) {
        res->score = -CT_SCORE_MATE;
        return CT_ANN_SEARCH_OK;
    }
    return fn(user, pos, lim, res);
}

/* The limits of a verification search: more of what lim gives. */
static ct_limits verify_limits(const ct_limits *lim)
{
    ct_limits v = *lim;
    if (v.depth > 0)
        v.depth += CT_ANN_VERIFY_PLIES;
    v.movetime_ms *= CT_ANN_VERIFY_FACTOR;
    v.nodes *= CT_ANN_VERIFY_FACTOR;
    if (v.depth == 0 && v.movetime_ms == 0 && v.nodes == 0)
        v.depth = CT_ANN_MIN_DEPTH + CT_ANN_VERIFY_PLIES;
    return v;
}

/* Working state of one analysis, on the heap (a ct_pos is about 33 KB). */
typedef struct {
    ct_pos pos;
    ct_search_result before, played, after, deep_best, deep_played;
    ct_explorer_move masters[CT_MAX_MOVES];
} annotate_work;

/* Games of the index that played mv in pos (0 without an index or when none did). */
static unsigned masters_games(annotate_work *w, const ct_explorer *x, ct_move mv)
{
    if (!x)
        return 0;
    int k = ct_explorer_lookup(x, &w->pos, w->masters, CT_MAX_MOVES);
    for (int i = 0; i < k; i++)
        if (w->masters[i].move == mv)
            return w->masters[i].games;
    return 0;
}

static void set_best(ct_move_annotation *a, const ct_search_result *r)
{
    a->best = r->best;
    a->best_score = r->score;
    a->depth = r->depth;
    a->pv_len = r->pv_len < CT_ANN_PV_MAX ? r->pv_len : CT_ANN_PV_MAX;
    memcpy(a->pv, r->pv, sizeof(ct_move) * (size_t)a->pv_len);
}

/* Fills a's two losses and whether the game was decided, from its scores. */
static void judge(ct_move_annotation *a, int scale)
{
    bool is_best = a->played == a->best;
    a->loss = ct_annotate_loss(a->best_score, a->played_score, is_best);
    a->win_loss = ct_annotate_win_loss(a->best_score, a->played_score, is_best, scale);
    a->decided = ct_annotate_decided(a->best_score, a->played_score, scale);
}

int ct_annotate_line_with(ct_annotate_search_fn fn, void *fn_user, int scale, const ct_pos *start,
                          const ct_move *moves, int n, const ct_limits *lim,
                          const ct_explorer *masters, ct_annotate_progress_fn progress,
                          void *user, ct_move_annotation *out, ct_status *status)
{
    if (status)
        *status = CT_OK;
    if (n <= 0)
        return 0;
    if (scale <= 0)
        scale = CT_ANN_WIN_SCALE_CP;
    annotate_work *w = malloc(sizeof *w);
    if (!w) {
        if (status)
            *status = CT_ERR_FULL;
        return 0;
    }
    memcpy(&w->pos, start, sizeof w->pos);
    /* 1. The search before the first move; afterwards each "after" search doubles as the
     *    "before" search of the next move, so a line of n moves costs n searches, plus
     *    one for each move that is not the engine's choice. */
    ct_ann_search_status st = analyse_position(fn, fn_user, &w->pos, lim, &w->before);
    int done = 0;
    while (done < n && st == CT_ANN_SEARCH_OK) {
        ct_move_annotation *a = &out[done];
        memset(a, 0, sizeof *a);
        if (!ct_is_legal(&w->pos, moves[done])) {
            if (status)
                *status = CT_ERR_ILLEGAL;
            break;
        }
        int mover = w->pos.side;
        a->played = moves[done];
        set_best(a, &w->before);
        a->masters = masters_games(w, masters, a->played);
        /* 2. The move played is scored from the same position by the same search with
         *    the root restricted to it, so that both moves are judged at one horizon (the
         *    position after it searched on its own ends a ply deeper, and at a fixed depth
         *    the side moving last in a search gains a tempo's worth of score). */
        if (a->played == a->best) {
            a->played_score = a->best_score;
        } else {
            ct_limits one = *lim;
            one.only_move = a->played;
            if ((st = analyse_position(fn, fn_user, &w->pos, &one, &w->played)) != CT_ANN_SEARCH_OK)
                break;
            a->played_score = w->played.score;
        }
        judge(a, scale);
        /* 3. A move these searches would mark (masters' or not) is searched again, deeper,
         *    the best move and the move played alike: the mark is the deeper searches'
         *    word. */
        if (ct_annotate_judge(a->best_score, a->played_score, a->played == a->best, scale, 0)) {
            ct_limits deep = verify_limits(lim);
            if ((st = analyse_position(fn, fn_user, &w->pos, &deep, &w->deep_best)) != CT_ANN_SEARCH_OK)
                break;
            set_best(a, &w->deep_best);
            if (a->best == a->played) {
                a->played_score = a->best_score;
            } else {
                deep.only_move = a->played;
                if ((st = analyse_position(fn, fn_user, &w->pos, &deep, &w->deep_played)) !=
                    CT_ANN_SEARCH_OK)
                    break;
                a->played_score = w->deep_played.score;
            }
            judge(a, scale);
            a->verified = true;
        }
        /* 4. The mark: none in a decided game, a masters' move only for a proven loss of
         *    CT_ANN_MASTERS_PM or more. */
        a->nag = ct_annotate_judge(a->best_score, a->played_score, a->played == a->best, scale,
                                   a->masters);
        int red = mover == CT_RED ? a->played_score : -a->played_score;
        a->eval_red = clamp_score(red, CT_ANN_CLAMP_CP);
        /* 5. The position after the move, searched from the opponent's side: the next
         *    move's "before" search. */
        ct_pos_make(&w->pos, moves[done]);
        done++;
        if (progress && progress(user, done, n))
            break;
        if (done < n) {
            st = analyse_position(fn, fn_user, &w->pos, lim, &w->after);
            w->before = w->after;
        }
    }
    /* A stop asked of the search is not an error; a failed search is. */
    if (status && st == CT_ANN_SEARCH_FAILED)
        *status = CT_ERR_IO;
    free(w);
    return done;
}

int ct_annotate_line(ct_search *s, const ct_pos *start, const ct_move *moves, int n,
                     const ct_limits *lim, const ct_explorer *masters,
                     ct_annotate_progress_fn progress, void *user, ct_move_annotation *out,
                     ct_status *status)
{
    return ct_annotate_line_with(builtin_search, s, CT_ANN_WIN_SCALE_CP, start, moves, n, lim,
                                 masters, progress, user, out, status);
}

/* Whether a loses more than b: win chance first, then centipawns. */
static bool worse(const ct_move_annotation *a, const ct_move_annotation *b)
{
    return a->win_loss != b->win_loss ? a->win_loss > b->win_loss : a->loss > b->loss;
}

int ct_annotate_worst(const ct_move_annotation *ann, int n, int first_side, int side, int k,
                      int *out)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        int mover = (first_side + i) & 1;
        if (mover != side || (ann[i].win_loss <= 0 && ann[i].loss <= 0) || ann[i].decided ||
            (ann[i].masters && !ann[i].nag))
            continue;
        /* Insertion into the sorted top-k list (largest loss first, earlier move first). */
        int pos = count;
        while (pos > 0 && worse(&ann[i], &ann[out[pos - 1]]))
            pos--;
        if (pos >= k)
            continue;
        int last = count < k ? count : k - 1;
        for (int j = last; j > pos; j--)
            out[j] = out[j - 1];
        out[pos] = i;
        if (count < k)
            count++;
    }
    return count;
}

/* Appends s to out (snprintf-like accounting). */
static void emit(char *out, size_t size, int *len, const char *s)
{
    size_t n = strlen(s);
    if ((size_t)*len + n < size)
        memcpy(out + *len, s, n + 1);
    else if ((size_t)*len < size)
        out[*len] = '\0';
    *len += (int)n;
}

int ct_annotate_chart(const int *eval_red, int n, int clamp, int width, int height, bool ascii,
                      char *out, size_t size)
{
    static const char *const rising[9] = {" ", "\xE2\x96\x81", "\xE2\x96\x82", "\xE2\x96\x83",
                                          "\xE2\x96\x84", "\xE2\x96\x85", "\xE2\x96\x86",
                                          "\xE2\x96\x87", "\xE2\x96\x88"};
    const char *full = ascii ? "#" : rising[8];
    int len = 0;
    if (size)
        out[0] = '\0';
    if (n <= 0 || width <= 0 || height < 2 || clamp <= 0)
        return 0;
    int half = height / 2, cols = n < width ? n : width;
    if (cols > 512)
        cols = 512;
    /* 1. Column values in eighths of a cell: positive rises from the middle, negative falls. */
    int eighths[512];
    for (int c = 0; c < cols; c++) {
        int from = (int)((long)c * n / cols), to = (int)((long)(c + 1) * n / cols);
        long sum = 0;
        for (int i = from; i < to; i++)
            sum += clamp_score(eval_red[i], clamp);
        long avg = sum / (to - from);
        eighths[c] = (int)((avg * half * 8 + (avg >= 0 ? clamp / 2 : -clamp / 2)) / clamp);
    }
    /* 2. Rows from the top: row r (0-based) of the upper half covers eighths
     *    ((half-1-r)*8, (half-r)*8]; of the lower half, the mirror image. */
    for (int r = 0; r < half * 2; r++) {
        for (int c = 0; c < cols; c++) {
            int e = eighths[c];
            const char *cell = " ";
            if (r < half && e > 0) {
                int fill = e - (half - 1 - r) * 8;
                if (fill >= 8)
                    cell = full;
                else if (fill > 0)
                    cell = ascii ? (fill >= 4 ? "#" : ".") : rising[fill];
            } else if (r >= half && e < 0) {
                int fill = -e - (r - half) * 8;
                if (fill >= 8)
                    cell = full;
                else if (fill > 0)
                    cell = ascii ? (fill >= 4 ? "#" : "'") : (fill >= 4 ? "\xE2\x96\x80" : "\xE2\x96\x94");
            }
            emit(out, size, &len, cell);
        }
        emit(out, size, &len, "\n");
    }
    return len;
}
