/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — builds assets/ccpd-exercises.txt, the trainer's exercises, from the CCPD archive
 * (`make exercises`; see man/cotuong.6, TRAINER, and assets/README).
 *
 *   mkexercises [--max K] DATASET_DIR OUT
 *
 * Reads the PGN files of 殺局_殺法_練習題 (mating exercises, all of them) and the first K
 * (all when K is not given) of 殘局 (endgames), 全盤戰術 (whole-board tactics, games from
 * the start) and 中局 (middlegame positions), in sorted path order. Each decisive file gives at
 * most one exercise: the position where the winner is to move (the file's start, or after
 * its first move; for a tactic, near the game's end), kept only when the engine validates
 * it: a mate in N found by search and played out against the judge's best defence, else a
 * winning score kept for a few moves the same way. Everything runs on one thread with
 * fixed node budgets, so the same archive gives the same bytes. Statistics go to stderr. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cotuong/exercise.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"
#include "cotuong/record.h"

#include "pgnfiles.h"

#define ROOT_NODES 200000  /* the search that states the goal */
#define CHEAP_NODES 3000   /* the pre-filter of the moves that might keep the goal */
#define WIN_MOVES 3        /* a win goal: keep the winning score this many moves */
#define TACTIC_WINDOW 8    /* plies before the end where a mate is looked for */
#define WINDOW_NODES 60000 /* ... with this budget */
#define WINDOW_DEPTH 10    /* ... and depth (a mate in at most 4 needs 7 plies) */

typedef struct {
    int files, undecided, unreadable, rejected, accepted, mate, win, duplicate;
} stats;

/* The positions already taken (board and side to move: the FEN's first two fields), so a
 * file filed twice gives one exercise. */
static char (*taken)[128];
static int ntaken, cap_taken;

static void board_side(const char *fen, char out[128])
{
    snprintf(out, 128, "%s", fen);
    char *sp = strchr(out, ' ');
    if (sp && (sp = strchr(sp + 1, ' ')))
        *sp = '\0';
}

static bool is_taken(const char *fen)
{
    char k[128];
    board_side(fen, k);
    for (int i = 0; i < ntaken; i++)
        if (!strcmp(taken[i], k))
            return true;
    return false;
}

static void mark_taken(const char *fen)
{
    if (ntaken == cap_taken) {
        cap_taken = cap_taken ? cap_taken * 2 : 256;
        taken = realloc(taken, (size_t)cap_taken * sizeof *taken);
        if (!taken)
            abort();
    }
    board_side(fen, taken[ntaken++]);
}

/* Plays the goal out from ex->fen: the solver's move (the root search's, then the one the
 * judge's line expects, else a fresh search), the judge after it, the defence it found.
 * Fills ex->solution; true when the goal was reached within ex->moves. */
static bool play_out(ct_search *s, ct_exercise *ex, ct_move first)
{
    ct_pos pos;
    ct_fen_error fe;
    if (ct_fen_read(&pos, ex->fen, &fe) != CT_OK)
        return false;
    ex->nsolution = 0;
    ct_move mv = first;
    for (int i = 0; i < ex->moves; i++) {
        if (mv == CT_NO_MOVE || !ct_is_legal(&pos, mv)) {
            ct_search_clear(s);
            ct_limits lim;
            ct_limits_init(&lim);
            lim.nodes = CT_EX_JUDGE_NODES;
            ct_search_result res;
            if (ct_search_run(s, &pos, &lim, NULL, NULL, &res) != CT_OK || res.best == CT_NO_MOVE)
                return false;
            mv = res.best;
        }
        ct_pos_make(&pos, mv);
        ex->solution[ex->nsolution++] = mv;
        ct_move reply, next;
        ct_ex_verdict v = ct_ex_judge(s, &pos, ex->goal, ex->moves - i - 1, 0, &reply, &next);
        if (v == CT_EX_SOLVED)
            return true;
        if (v == CT_EX_LOST)
            return false;
        if (i + 1 == ex->moves) /* a win kept for all its moves */
            return ex->goal == CT_GOAL_WIN;
        if (ex->nsolution + 2 > CT_EX_MAX_SOLUTION)
            return false;
        ct_pos_make(&pos, reply);
        ex->solution[ex->nsolution++] = reply;
        mv = next;
    }
    return false;
}

/* How many of the position's legal moves keep the goal: a cheap search first, the judge
 * for the moves it does not rule out (the defender at least half a win down). A keeping
 * move the cheap search misses is not counted, so keep is a lower bound. */
static void count_keep(ct_search *s, ct_exercise *ex)
{
    ct_pos pos;
    ct_fen_error fe;
    ct_fen_read(&pos, ex->fen, &fe);
    ct_move mv[128];
    int n = ct_gen_legal(&pos, mv);
    ex->legal = n;
    ex->keep = 0;
    for (int i = 0; i < n; i++) {
        ct_pos_make(&pos, mv[i]);
        ct_move r, x;
        ct_ex_verdict v = CT_EX_LOST;
        if (!ct_has_legal_move(&pos)) {
            v = CT_EX_SOLVED;
        } else {
            ct_search_clear(s);
            ct_limits lim;
            ct_limits_init(&lim);
            lim.nodes = CHEAP_NODES;
            ct_search_result res;
            if (ct_search_run(s, &pos, &lim, NULL, NULL, &res) == CT_OK &&
                res.score <= -CT_EX_WIN_SCORE / 2)
                v = ct_ex_judge(s, &pos, ex->goal, ex->moves - 1, 0, &r, &x);
        }
        ct_pos_unmake(&pos);
        if (v != CT_EX_LOST)
            ex->keep++;
    }
    if (ex->keep == 0) /* the played-out first move keeps it by construction */
        ex->keep = 1;
}

/* Validates the position at (the winner to move) as an exercise: a mate in N found by a
 * search of `nodes` (at most `depth` plies when not 0) and played out, else, when allow_win,
 * a winning score kept for min(source_moves, WIN_MOVES) moves. True when kept. */
static bool validate(ct_search *s, const ct_pos *at, uint64_t nodes, int depth, bool allow_win,
                     int source_moves, ct_exercise *ex, stats *st)
{
    ct_fen_write(at, ex->fen, sizeof ex->fen);
    ct_pos pos;
    ct_fen_error fe;
    if (ct_fen_read(&pos, ex->fen, &fe) != CT_OK || !ct_has_legal_move(&pos))
        return false;
    ct_search_clear(s);
    ct_limits lim;
    ct_limits_init(&lim);
    lim.nodes = nodes;
    lim.depth = depth;
    ct_search_result res;
    if (ct_search_run(s, &pos, &lim, NULL, NULL, &res) != CT_OK || res.best == CT_NO_MOVE)
        return false;
    int m = ct_score_mate_moves(res.score);
    if (m > 0 && m <= CT_EX_MAX_MOVES) {
        ex->goal = CT_GOAL_MATE;
        ex->moves = m;
        if (play_out(s, ex, res.best)) {
            st->mate++;
            goto keep;
        }
    }
    if (!allow_win || res.score < CT_EX_WIN_SCORE)
        return false;
    ex->goal = CT_GOAL_WIN;
    ex->moves = source_moves < 1 ? 1 : source_moves > WIN_MOVES ? WIN_MOVES : source_moves;
    if (!play_out(s, ex, res.best))
        return false;
    st->win++;
keep:
    count_keep(s, ex);
    ex->difficulty = ct_ex_difficulty(ex->goal, ex->moves, ex->keep);
    return true;
}

static const struct {
    const char *dir;
    ct_ex_kind kind;
    char letter;
} folders[] = {
    {"殺局_殺法_練習題", CT_EX_MATE, 'm'},
    {"殘局", CT_EX_ENDGAME, 'e'},
    {"全盤戰術", CT_EX_TACTIC, 't'},
    {"中局", CT_EX_MIDDLEGAME, 'g'},
};

/* The exercise of one file, or false (counted in st). */
static bool from_file(ct_search *s, const char *path, ct_ex_kind kind, char letter,
                      ct_exercise *ex, stats *st)
{
    size_t len;
    char *buf = tool_slurp(path, &len);
    ct_record *recs = NULL;
    int nrec = 0;
    ct_pgn_error err;
    if (!buf || ct_pgn_read(buf, len, CT_ENC_AUTO, &recs, &nrec, NULL, &err) != CT_OK || nrec < 1) {
        free(buf);
        st->unreadable++;
        return false;
    }
    free(buf);
    ct_record *r = &recs[0];
    bool ok = false;
    int winner = r->result == CT_RESULT_RED_WINS ? CT_RED
                 : r->result == CT_RESULT_BLACK_WINS ? CT_BLACK : -1;
    ct_move line[1024];
    int n = ct_record_main_line(r, line, 1024);
    if (n > 1024)
        n = 1024;
    if (winner < 0) {
        st->undecided++;
        goto out;
    }
    memset(ex, 0, sizeof *ex);
    const char *base = strrchr(path, '/');
    snprintf(ex->id, sizeof ex->id, "%c%d", letter, atoi(base ? base + 1 : path));
    ex->kind = kind;
    const char *ev = ct_record_tag(r, "Event");
    snprintf(ex->title, sizeof ex->title, "%s", ev ? ev : "");
    /* Do not cut the title inside a UTF-8 character. */
    size_t tl = strlen(ex->title);
    while (tl > 0 && !ct_utf8_valid(ex->title, tl))
        ex->title[--tl] = '\0';
    /* The positions (as plies into the line) where the winner is to move: the file's start
     * (or one move in), then those of the last WINDOW plies, earliest first. A mate found at
     * the start is kept; else the earliest mate near the end (the end of the combination
     * the source plays); else a win at the start. A tactic (a game from the standard start)
     * (or any game from the standard start) has only the window, and its earliest position
     * stands for the start. */
    ct_pos start;
    ct_record_start_position(r, &start);
    bool whole = kind == CT_EX_TACTIC || !r->has_fen; /* a game from the standard start */
    int first = start.side == winner ? 0 : 1;
    int window[TACTIC_WINDOW], nwin = 0;
    for (int p = n - TACTIC_WINDOW < first ? first : n - TACTIC_WINDOW; p < n; p++)
        if (((start.side + p) & 1) == winner && (whole || p > first))
            window[nwin++] = p;
    int at_start = whole ? (nwin ? window[0] : -1) : first;
    if (at_start < 0 || at_start > n)
        goto rejected;
    ct_pos pos = start;
    for (int p = 0; p < at_start; p++) {
        if (!ct_is_legal(&pos, line[p]))
            goto rejected;
        ct_pos_make(&pos, line[p]);
    }
    int source_moves = (n - at_start + 1) / 2;
    ct_exercise win;
    stats dummy = {0};
    bool have_win = validate(s, &pos, ROOT_NODES, 0, true, source_moves, ex, &dummy);
    if (have_win && ex->goal == CT_GOAL_MATE) {
        st->mate++;
        ok = true;
        goto rejected;
    }
    if (have_win)
        win = *ex;
    if (kind != CT_EX_MIDDLEGAME) {
        int played = at_start;
        for (int w = 0; w < nwin && !ok; w++) {
            if (window[w] <= at_start)
                continue;
            for (; played < window[w]; played++) {
                if (!ct_is_legal(&pos, line[played]))
                    goto rejected;
                ct_pos_make(&pos, line[played]);
            }
            ok = validate(s, &pos, WINDOW_NODES, WINDOW_DEPTH, false, 0, ex, st);
        }
    }
    if (!ok && have_win) {
        *ex = win;
        st->win++;
        ok = true;
    }
rejected:
    if (!ok)
        st->rejected++;
out:
    ct_pgn_free_games(recs, nrec);
    return ok;
}

int main(int argc, char **argv)
{
    long max = -1;
    int a = 1;
    if (argc > 3 && !strcmp(argv[1], "--max")) {
        max = atol(argv[2]);
        a = 3;
    }
    if (argc != a + 2 || max < -1) {
        fprintf(stderr, "usage: mkexercises [--max K] DATASET_DIR OUT\n");
        return 2;
    }
    ct_search *s = ct_search_new(CT_EX_JUDGE_HASH_MB);
    if (!s)
        return 1;
    size_t cap = 4096, body_len = 0;
    char *body = malloc(cap);
    int total = 0;
    clock_t t0 = clock();
    for (size_t k = 0; k < sizeof folders / sizeof folders[0]; k++) {
        char root[4096];
        snprintf(root, sizeof root, "%s/%s", argv[a], folders[k].dir);
        tool_files files;
        if (tool_pgn_files(root, &files) != 0) {
            fprintf(stderr, "mkexercises: %s: %s\n", root, strerror(errno));
            return 1;
        }
        char **paths = files.path;
        size_t npaths = files.n;
        size_t take = npaths;
        if (folders[k].kind != CT_EX_MATE && max >= 0 && (size_t)max < take)
            take = (size_t)max;
        stats st = {0};
        clock_t tk = clock();
        for (size_t i = 0; i < npaths; i++) {
            if (i < take) {
                if (++st.files % 25 == 0)
                    fprintf(stderr, "%s: %d files, %d validated, %.0f s CPU\n",
                            ct_ex_kind_name(folders[k].kind), st.files, st.accepted,
                            (double)(clock() - tk) / CLOCKS_PER_SEC);
                ct_exercise ex;
                bool got = from_file(s, paths[i], folders[k].kind, folders[k].letter, &ex, &st);
                if (got && is_taken(ex.fen)) {
                    st.duplicate++;
                    got = false;
                }
                if (got) {
                    mark_taken(ex.fen);
                    char line[4096];
                    int ll = ct_exercise_format(&ex, line, sizeof line);
                    while (body_len + (size_t)ll + 2 > cap)
                        body = realloc(body, cap *= 2);
                    memcpy(body + body_len, line, (size_t)ll);
                    body_len += (size_t)ll;
                    body[body_len++] = '\n';
                    st.accepted++;
                    total++;
                }
            }
        }
        fprintf(stderr,
                "%-10s %4d of %4zu files: %4d validated (mate %d, win %d), %d not decisive, "
                "%d unreadable, %d not confirmed, %d duplicates; %.0f s CPU\n",
                ct_ex_kind_name(folders[k].kind), st.files, npaths, st.accepted, st.mate, st.win,
                st.undecided, st.unreadable, st.rejected, st.duplicate,
                (double)(clock() - tk) / CLOCKS_PER_SEC);
        tool_files_free(&files);
    }
    char head[128];
    ct_exset_header(total, body, body_len, head, sizeof head);
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", argv[a + 1]);
    FILE *f = fopen(tmp, "wb");
    if (!f || fputs(head, f) < 0 || fwrite(body, 1, body_len, f) != body_len || fclose(f) != 0 ||
        rename(tmp, argv[a + 1]) != 0) {
        fprintf(stderr, "mkexercises: %s: %s\n", argv[a + 1], strerror(errno));
        return 1;
    }
    fprintf(stderr, "%s: %d exercises, %zu bytes; %.0f s CPU\n", argv[a + 1], total,
            strlen(head) + body_len, (double)(clock() - t0) / CLOCKS_PER_SEC);
    free(body);
    ct_search_free(s);
    return 0;
}
