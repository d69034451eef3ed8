/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — texel-style tuning of the evaluation weights (docs/eval.md says how it is run;
 * `make tune` builds it, `make tune-masters` runs the master-games fit).
 *
 *   tune masters DATASET_DIR EVERY > pos.txt  the unique master games of the CCPD archive
 *                                            (DATASET_DIR = its ccpd/Dataset folder), one
 *                                            position in EVERY from ply 10 on, each replaced
 *                                            by the leaf of a capture search (a quiet
 *                                            position), with the game's result
 *   tune gen N NODES SEED [BOOK] > pos.txt  self-play N games, NODES nodes per move (from
 *                                            a random line of BOOK, then random plies),
 *                                            writing quiet positions with the game result
 *   tune fit positions.txt [ITER [LAMBDA [FIXED...]]]
 *                                            fits the weights of cotuong/eval.h to the results
 *                                            by gradient descent on the texel loss plus
 *                                            LAMBDA * sum(((w - w0) / max(|w0|, 10))^2);
 *                                            prints the loss before and after, the weights,
 *                                            and the TN_EVAL_WEIGHTS initialiser; the
 *                                            features named FIXED (as the fit prints them)
 *                                            keep their values
 *   tune pst FILE ITER LAMBDA HOLDOUT OUT.h [HELD...]
 *                                            learns the piece-square tables (opening and
 *                                            endgame) square by square (the other weights
 *                                            fixed), fitting on the file but its last
 *                                            HOLDOUT percent, and writes them to OUT.h
 *                                            (src/core/eval_pst.h) with the percent weights
 *                                            folded in (set those back to 100); the tables
 *                                            named HELD (opening_advisor, endgame_elephant,
 *                                            ...) keep their values
 */
#define _XOPEN_SOURCE 700
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/eval.h"
#include "cotuong/movegen.h"
#include "cotuong/notation.h"
#include "cotuong/pgn.h"
#include "cotuong/rules.h"
#include "cotuong/search.h"

#include "pgnfiles.h"

static ct_pos pos;

static uint64_t rng_state;
static uint64_t rnd(void)
{
    rng_state += 0x9e3779b97f4a7c15ULL;
    uint64_t x = rng_state;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Reads the book's lines (coordinate moves after "N: ") into lines[][]; returns how many. */
static int read_book(const char *path, char lines[][64], int max)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(1);
    }
    char buf[256];
    int n = 0;
    while (n < max && fgets(buf, sizeof buf, f)) {
        char *colon = strchr(buf, ':');
        if (buf[0] == '#' || !colon)
            continue;
        snprintf(lines[n++], sizeof lines[0], "%s", colon + 1);
    }
    fclose(f);
    return n;
}

/* Plays the coordinate moves of line on pos while they are legal. */
static void play_line(const char *line, ct_pos *p)
{
    char copy[64], *save = NULL;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *tok = strtok_r(copy, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save)) {
        ct_move mv;
        ct_parse_error err;
        if (ct_move_parse(p, tok, CT_NOTATION_COORD, &mv, &err) != CT_OK)
            return;
        ct_rules_play(p, CT_RULES_ONLINE, mv);
    }
}

static int quiesce(ct_pos *p, int alpha, int beta, int qply, ct_pos *leaf);

/* Self-play: each game starts from a random line of the book (when given) or the start,
 * then a few random legal plies for variety, and is played out at a node limit. A game is
 * adjudicated when the score has stood beyond +-GEN_WIN for GEN_WIN_PLIES plies (a win) or
 * within +-GEN_DRAW for GEN_DRAW_PLIES plies from ply GEN_DRAW_FROM (a draw). One position
 * in two from ply 10 on is written, replaced by the quiet leaf of a capture search as in
 * `masters`, with the game's result. */
enum { GEN_WIN = 700, GEN_WIN_PLIES = 6, GEN_DRAW = 15, GEN_DRAW_PLIES = 24, GEN_DRAW_FROM = 100 };

static int gen(int games, long nodes, uint64_t seed, const char *book)
{
    rng_state = seed;
    ct_search *s = ct_search_new(16);
    ct_search_use_book(s, false);
    static char lines[1024][64];
    int nlines = book ? read_book(book, lines, 1024) : 0;
    static char fens[1024][128];
    for (int g = 0; g < games; g++) {
        ct_pos_start(&pos);
        ct_search_clear(s);
        /* 1. The opening: a book line, then random legal plies. */
        if (nlines)
            play_line(lines[rnd() % (uint64_t)nlines], &pos);
        int rplies = nlines ? 1 + (int)(rnd() % 3) : 2 + (int)(rnd() % 6);
        for (int i = 0; i < rplies; i++) {
            ct_move mv[CT_MAX_MOVES];
            int n = ct_gen_legal(&pos, mv);
            if (!n)
                break;
            ct_rules_play(&pos, CT_RULES_ONLINE, mv[rnd() % (uint64_t)n]);
        }
        /* 2. Play out with a node-limited search. */
        int nf = 0, win_run = 0, draw_run = 0, win_sign = 0;
        ct_result result = CT_RESULT_DRAW;
        for (int ply = 0; ply < 400; ply++) {
            if (pos.ply >= 10 && nf < 1024 && rnd() % 2 == 0) {
                ct_pos leaf;
                int v = quiesce(&pos, -30000, 30000, 0, &leaf);
                if (!ct_in_check(&leaf, leaf.side) && v > -29000 && v < 29000)
                    ct_fen_write(&leaf, fens[nf++], sizeof fens[0]);
            }
            ct_limits lim;
            ct_limits_init(&lim);
            lim.nodes = (uint64_t)nodes;
            ct_search_result r;
            ct_search_run(s, &pos, &lim, NULL, NULL, &r);
            if (r.best == CT_NO_MOVE) {
                result = ct_result_loss_of(pos.side);
                break;
            }
            int red = pos.side == CT_RED ? r.score : -r.score;
            int sign = red >= GEN_WIN ? 1 : red <= -GEN_WIN ? -1 : 0;
            win_run = sign && sign == win_sign ? win_run + 1 : sign ? 1 : 0;
            win_sign = sign;
            if (win_run >= GEN_WIN_PLIES) {
                result = sign > 0 ? CT_RESULT_RED_WINS : CT_RESULT_BLACK_WINS;
                break;
            }
            draw_run = pos.ply >= GEN_DRAW_FROM && abs(red) <= GEN_DRAW ? draw_run + 1 : 0;
            if (draw_run >= GEN_DRAW_PLIES)
                break;
            ct_verdict v = ct_rules_play(&pos, CT_RULES_ONLINE, r.best);
            if (v.flags & CT_ADJ_GAME_OVER) {
                result = v.result;
                break;
            }
        }
        const char *rs = result == CT_RESULT_RED_WINS ? "1.0" : result == CT_RESULT_BLACK_WINS ? "0.0" : "0.5";
        for (int i = 0; i < nf; i++)
            printf("%s;%s\n", fens[i], rs);
        fflush(stdout);
        fprintf(stderr, "game %d: %s, %d plies, %d positions\n", g + 1, rs, pos.ply, nf);
    }
    ct_search_free(s);
    return 0;
}

/* ---- master games ------------------------------------------------------------------- */

/* Capture search with the built-in evaluation (every evasion when in check); the quiet
 * leaf of its principal variation is left in *leaf. Captures are ordered most valuable
 * victim first; qply bounds the depth. */
static const int victim_value[8] = {0, 10000, 200, 200, 450, 1000, 450, 100};

static int quiesce(ct_pos *p, int alpha, int beta, int qply, ct_pos *leaf)
{
    bool check = ct_in_check(p, p->side);
    ct_move mv[CT_MAX_MOVES];
    int n;
    int best = -30000;
    *leaf = *p;
    if (!check) {
        best = ct_eval(p);
        if (best >= beta || qply >= 8)
            return best;
        if (best > alpha)
            alpha = best;
        n = ct_gen_captures(p, mv);
    } else {
        if (qply >= 12)
            return ct_eval(p);
        n = ct_gen_legal(p, mv);
        if (!n)
            return -30000 + qply;
    }
    int val[CT_MAX_MOVES];
    for (int i = 0; i < n; i++)
        val[i] = victim_value[ct_pos_type_at(p, CT_TO(mv[i]))];
    ct_pos child;
    for (int i = 0; i < n; i++) {
        int b = i;
        for (int j = i + 1; j < n; j++)
            if (val[j] > val[b])
                b = j;
        ct_move m = mv[b];
        mv[b] = mv[i];
        val[b] = val[i];
        if (!check && !ct_is_legal_pseudo(p, m))
            continue;
        ct_pos_make(p, m);
        int v = -quiesce(p, -beta, -alpha, qply + 1, &child);
        ct_pos_unmake(p);
        if (v > best) {
            best = v;
            *leaf = child;
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

typedef struct {
    uint64_t *slot;
    size_t mask;
} hashset;

static bool hashset_add(hashset *h, uint64_t key)
{
    key |= 1; /* 0 marks an empty slot */
    for (size_t i = key & h->mask;; i = (i + 1) & h->mask) {
        if (h->slot[i] == key)
            return false;
        if (!h->slot[i]) {
            h->slot[i] = key;
            return true;
        }
    }
}

static int masters(const char *dataset, int every)
{
    char root[4096];
    snprintf(root, sizeof root, "%s/對局/大師對局", dataset);
    tool_files files;
    if (tool_pgn_files(root, &files) != 0) {
        perror(root);
        return 1;
    }
    char **paths = files.path;
    size_t npaths = files.n;
    hashset seen = {calloc(1 << 17, sizeof(uint64_t)), (1 << 17) - 1};
    int games = 0, dups = 0, refused = 0, no_result = 0, illegal = 0;
    long written = 0, in_check = 0, mated = 0, wins[3] = {0};
    for (size_t i = 0; i < npaths; i++) {
        size_t len;
        char *buf = tool_slurp(paths[i], &len);
        ct_record *recs = NULL;
        int nrec = 0;
        ct_pgn_error err;
        if (!buf || ct_pgn_read(buf, len, CT_ENC_AUTO, &recs, &nrec, NULL, &err) != CT_OK) {
            refused++;
            free(buf);
            continue;
        }
        free(buf);
        for (int r = 0; r < nrec; r++) {
            const ct_record *rec = &recs[r];
            ct_move line[1024];
            int n = ct_record_main_line(rec, line, 1024);
            if (rec->has_fen || n < 20)
                continue;
            const char *rs = rec->result == CT_RESULT_RED_WINS     ? "1.0"
                             : rec->result == CT_RESULT_BLACK_WINS ? "0.0"
                             : rec->result == CT_RESULT_DRAW       ? "0.5"
                                                                   : NULL;
            if (!rs) {
                no_result++;
                continue;
            }
            uint64_t h = 0xcbf29ce484222325ULL;
            for (int k = 0; k < n; k++)
                h = (h ^ line[k]) * 0x100000001b3ULL;
            if (!hashset_add(&seen, h)) {
                dups++;
                continue;
            }
            games++;
            wins[rec->result == CT_RESULT_RED_WINS ? 0 : rec->result == CT_RESULT_DRAW ? 1 : 2]++;
            ct_pos_start(&pos);
            /* The sampled plies differ from game to game (offset from the line's hash). */
            int offset = (int)(h % (uint64_t)every);
            for (int k = 0; k < n; k++) {
                if (!ct_is_legal(&pos, line[k])) {
                    illegal++;
                    break;
                }
                ct_pos_make(&pos, line[k]);
                int ply = k + 1;
                if (ply < 10 || (ply + offset) % every)
                    continue;
                ct_pos leaf;
                int v = quiesce(&pos, -30000, 30000, 0, &leaf);
                if (ct_in_check(&leaf, leaf.side)) {
                    in_check++;
                    continue;
                }
                if (v <= -29000 || v >= 29000) {
                    mated++;
                    continue;
                }
                char fen[128];
                ct_fen_write(&leaf, fen, sizeof fen);
                printf("%s;%s\n", fen, rs);
                written++;
            }
        }
        ct_pgn_free_games(recs, nrec);
    }
    fprintf(stderr,
            "masters: %zu files (%d refused by the reader); %d unique games (red %ld, draw %ld, "
            "black %ld), %d repeats, %d without a result, %d with an illegal move (cut there); "
            "%ld positions (%ld leaves in check and %ld mates left out)\n",
            npaths, refused, games, wins[0], wins[1], wins[2], dups, no_result, illegal,
            written, in_check, mated);
    return 0;
}

/* ---- the fit ---------------------------------------------------------------------- */

/* Reads the next "FEN;result" line of f that parses into p (others are skipped); false at
 * the end of the file. Both fits read the positions file through it. */
static bool next_labelled(FILE *f, ct_pos *p, float *result)
{
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';');
        if (!semi)
            continue;
        *semi = 0;
        if (ct_fen_read(p, line, NULL) != CT_OK)
            continue;
        *result = (float)atof(semi + 1);
        return true;
    }
    return false;
}

/* The array a of elements of `size` bytes, with room for element n (doubling *cap). */
static void *room_for(void *a, size_t size, int n, int *cap)
{
    if (n < *cap)
        return a;
    *cap = *cap ? *cap * 2 : 1 << 16;
    a = realloc(a, size * (size_t)*cap);
    if (!a) {
        perror("tune");
        exit(1);
    }
    return a;
}

typedef struct {
    float f[CT_EVAL_NFEATURES];
    float result;
} sample;

static double sigmoid(double k, double e)
{
    return 1.0 / (1.0 + pow(10.0, -k * e / 400.0));
}

static double loss(const sample *sm, int n, const double *w, double k)
{
    double sum = 0;
    for (int i = 0; i < n; i++) {
        double e = 0;
        for (int j = 0; j < CT_EVAL_NFEATURES; j++)
            e += w[j] * sm[i].f[j];
        double d = sm[i].result - sigmoid(k, e);
        sum += d * d;
    }
    return sum / n;
}

static int fit(const char *path, int iters, double lambda, char **fixed, int nfixed)
{
    /* The pawn's material is the anchor; the features named in fixed stay as well. */
    bool hold[CT_EVAL_NFEATURES] = {[CT_F_MAT_PAWN] = true};
    for (int i = 0; i < nfixed; i++) {
        int j = 0;
        while (j < CT_EVAL_NFEATURES && strcmp(fixed[i], ct_eval_feature_name(j)))
            j++;
        if (j == CT_EVAL_NFEATURES) {
            fprintf(stderr, "tune: no feature named %s\n", fixed[i]);
            return 2;
        }
        hold[j] = true;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    int cap = 0, n = 0;
    sample *sm = NULL;
    float result;
    while (next_labelled(f, &pos, &result)) {
        sm = room_for(sm, sizeof *sm, n, &cap);
        int feat[CT_EVAL_NFEATURES];
        ct_eval_features(&pos, feat);
        for (int j = 0; j < CT_EVAL_NFEATURES; j++)
            sm[n].f[j] = (float)feat[j] / (float)ct_eval_divisor(j);
        sm[n].result = result;
        n++;
    }
    fclose(f);
    fprintf(stderr, "%d positions\n", n);
    const int *w0 = ct_eval_default_weights();
    double w[CT_EVAL_NFEATURES];
    for (int j = 0; j < CT_EVAL_NFEATURES; j++)
        w[j] = w0[j];
    /* 1. The scaling constant K that fits the current weights best. */
    double best_k = 1, best_l = 1e9;
    for (double k = 0.05; k <= 3.0; k += 0.01) {
        double l = loss(sm, n, w, k);
        if (l < best_l) {
            best_l = l;
            best_k = k;
        }
    }
    double k = best_k;
    printf("K = %.2f, loss with the starting weights %.6f\n", k, best_l);
    /* 2. Gradient descent (Adam) on the weights; material of the pawn is the anchor and is
     * kept fixed so the scale stays "a pawn = 100". */
    double m[CT_EVAL_NFEATURES] = {0}, v[CT_EVAL_NFEATURES] = {0};
    double lr = 2.0;
    for (int it = 1; it <= iters; it++) {
        double g[CT_EVAL_NFEATURES] = {0};
        for (int i = 0; i < n; i++) {
            double e = 0;
            for (int j = 0; j < CT_EVAL_NFEATURES; j++)
                e += w[j] * sm[i].f[j];
            double s = sigmoid(k, e);
            double d = (s - sm[i].result) * s * (1 - s) * k * log(10.0) / 400.0;
            for (int j = 0; j < CT_EVAL_NFEATURES; j++)
                g[j] += d * sm[i].f[j];
        }
        for (int j = 0; j < CT_EVAL_NFEATURES; j++) {
            if (hold[j])
                continue;
            double scale = abs(w0[j]) > 10 ? abs(w0[j]) : 10;
            g[j] = 2 * g[j] / n + 2 * lambda * (w[j] - w0[j]) / (scale * scale);
            m[j] = 0.9 * m[j] + 0.1 * g[j];
            v[j] = 0.999 * v[j] + 0.001 * g[j] * g[j];
            double mh = m[j] / (1 - pow(0.9, it)), vh = v[j] / (1 - pow(0.999, it));
            w[j] -= lr * mh / (sqrt(vh) + 1e-12);
        }
        if (it % 100 == 0 || it == iters)
            fprintf(stderr, "iter %d loss %.6f\n", it, loss(sm, n, w, k));
    }
    printf("loss after %d iterations %.6f (lambda %g)\n", iters, loss(sm, n, w, k), lambda);
    for (int j = 0; j < CT_EVAL_NFEATURES; j++)
        printf("%-20s %6d -> %6.0f\n", ct_eval_feature_name(j), w0[j], w[j]);
    printf("TN_EVAL_WEIGHTS={");
    for (int j = 0; j < CT_EVAL_NFEATURES; j++)
        printf("%s%.0f", j ? "," : "", w[j]);
    printf("}\n");
    free(sm);
    return 0;
}

/* ---- the piece-square tables, square by square ------------------------------------- */

/* One value per piece type and square in each of the two tables, left-right symmetric
 * (files a..e; f..i read e..a): PST_CLASSES per type, indexed type * PST_CLASSES +
 * rank-from-own-side * 5 + distance-from-the-edge file; the opening table's PST_NCLASS
 * classes first, then the endgame table's. */
enum {
    PST_CLASSES = 50,
    PST_NCLASS = CT_PIECE_TYPES * PST_CLASSES,
    PST_NPARAM = 2 * PST_NCLASS,
    PST_MAXREF = 32
};

typedef struct {
    float rest;   /* everything but the piece-square terms, Red's view, centipawns */
    float result;
    uint8_t n;
    uint8_t phase; /* ct_eval_phase: the opening table's share, in CT_EVAL_PHASE_MAX-ths */
    int16_t ref[PST_MAXREF]; /* class + 1, negated for Black's pieces */
} pst_sample;

static int pst_class(int pt, int side, int sq)
{
    int rr = side == CT_RED ? CT_SQ_RANK(sq) : 9 - CT_SQ_RANK(sq);
    int file = CT_SQ_FILE(sq);
    return pt * PST_CLASSES + rr * 5 + (file <= 4 ? file : 8 - file);
}

static double pst_eval(const pst_sample *s, const double *t)
{
    double opening = 0, endgame = 0;
    for (int i = 0; i < s->n; i++) {
        int c = s->ref[i] > 0 ? s->ref[i] - 1 : -s->ref[i] - 1;
        double sign = s->ref[i] > 0 ? 1 : -1;
        opening += sign * t[c];
        endgame += sign * t[PST_NCLASS + c];
    }
    return s->rest + (opening * s->phase + endgame * (CT_EVAL_PHASE_MAX - s->phase)) /
                         CT_EVAL_PHASE_MAX;
}

static double pst_loss(const pst_sample *sm, int n, const double *t, double k)
{
    double sum = 0;
    for (int i = 0; i < n; i++) {
        double d = sm[i].result - sigmoid(k, pst_eval(&sm[i], t));
        sum += d * d;
    }
    return n ? sum / n : 0;
}

static const char *const pst_piece_names[CT_PIECE_TYPES] = {
    "", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"};

/* A piece's name in capitals, as the enum CT_KING ... CT_PAWN spells it. */
static void put_piece_upper(FILE *o, int pt)
{
    for (const char *c = pst_piece_names[pt]; *c; c++)
        fputc(toupper((unsigned char)*c), o);
}

/* Marks in held[] the classes of the tables named TABLE_PIECE (opening_horse,
 * endgame_advisor, ...); false for a name that is not one. */
static bool pst_hold(const char *name, bool *held)
{
    static const char *const tables[2] = {"opening_", "endgame_"};
    for (int table = 0; table < 2; table++) {
        size_t len = strlen(tables[table]);
        if (strncmp(name, tables[table], len))
            continue;
        for (int pt = CT_KING; pt <= CT_PAWN; pt++)
            if (!strcmp(name + len, pst_piece_names[pt])) {
                for (int c = 0; c < PST_CLASSES; c++)
                    held[table * PST_NCLASS + pt * PST_CLASSES + c] = true;
                return true;
            }
    }
    return false;
}

/* Learns the tables but the held ones: gradient descent (Adam) on the texel loss of the
 * first positions of the file plus LAMBDA * sum(((t - t0) / 100)^2) over the classes of
 * both tables, from t0 = today's tables (the percent weight times the table / 100; the
 * opening table read at phase CT_EVAL_PHASE_MAX, the endgame table at 0); the other
 * weights stay as they are.
 * A position's pieces move the opening table by its phase's share and the endgame table
 * by the rest.
 * The last HOLDOUT percent of the file's lines (whole games, the file being in game
 * order) are only measured. Prints the losses and writes the tables as a C header to
 * OUT (src/core/eval_pst.h). */
static int pst_fit(const char *path, int iters, double lambda, int holdout, const char *out,
                   char **held_names, int nheld)
{
    static bool held[PST_NPARAM];
    for (int i = 0; i < nheld; i++)
        if (!pst_hold(held_names[i], held)) {
            fprintf(stderr, "tune: no table named %s (opening_PIECE or endgame_PIECE)\n",
                    held_names[i]);
            return 2;
        }
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    const int *w0 = ct_eval_default_weights();
    int cap = 0, n = 0;
    pst_sample *sm = NULL;
    float result;
    while (next_labelled(f, &pos, &result)) {
        sm = room_for(sm, sizeof *sm, n, &cap);
        int feat[CT_EVAL_NFEATURES];
        ct_eval_features(&pos, feat);
        double rest = 0;
        for (int j = 0; j < CT_EVAL_NFEATURES; j++)
            if (ct_eval_divisor(j) == 1)
                rest += (double)w0[j] * feat[j];
        pst_sample *s = &sm[n];
        s->rest = (float)rest;
        s->result = result;
        s->phase = (uint8_t)ct_eval_phase(&pos);
        s->n = 0;
        for (int side = 0; side < 2; side++)
            for (int slot = 0; slot < 16; slot++) {
                int sq = pos.sq_of[CT_SIDE_FLAG(side) + slot];
                if (!sq)
                    continue;
                int c = pst_class(ct_piece_type(CT_SIDE_FLAG(side) + slot), side, sq) + 1;
                s->ref[s->n++] = (int16_t)(side == CT_RED ? c : -c);
            }
        n++;
    }
    fclose(f);
    int ntrain = n - (int)((long)n * holdout / 100);
    fprintf(stderr, "%d positions, %d to fit, %d held out\n", n, ntrain, n - ntrain);
    /* Today's tables, read back from the evaluation one piece at a time. */
    double t0[PST_NPARAM] = {0}, t[PST_NPARAM];
    for (int table = 0; table < 2; table++)
        for (int pt = CT_KING; pt <= CT_PAWN; pt++)
            for (int rr = 0; rr < 10; rr++)
                for (int file = 0; file <= 4; file++)
                    t0[table * PST_NCLASS + pt * PST_CLASSES + rr * 5 + file] =
                        ct_eval_pst(pt, CT_SQ(file, rr), table ? 0 : CT_EVAL_PHASE_MAX) /
                        100.0 * w0[CT_F_PST_KING + pt - CT_KING];
    memcpy(t, t0, sizeof t);
    double best_k = 1, best_l = 1e9;
    for (double k = 0.05; k <= 3.0; k += 0.01) {
        double l = pst_loss(sm, ntrain, t, k);
        if (l < best_l) {
            best_l = l;
            best_k = k;
        }
    }
    double k = best_k;
    double held0 = pst_loss(sm + ntrain, n - ntrain, t, k);
    printf("K = %.2f; starting loss %.6f fitted, %.6f held out\n", k, best_l, held0);
    /* A class's count in a table: the positions that give that table a share. */
    long count[PST_NPARAM] = {0};
    for (int i = 0; i < ntrain; i++)
        for (int r = 0; r < sm[i].n; r++) {
            if (sm[i].phase > 0)
                count[abs(sm[i].ref[r]) - 1]++;
            if (sm[i].phase < CT_EVAL_PHASE_MAX)
                count[PST_NCLASS + abs(sm[i].ref[r]) - 1]++;
        }
    static double m[PST_NPARAM], v[PST_NPARAM], g[PST_NPARAM];
    double lr = 1.0;
    for (int it = 1; it <= iters; it++) {
        memset(g, 0, sizeof g);
        for (int i = 0; i < ntrain; i++) {
            double s = sigmoid(k, pst_eval(&sm[i], t));
            double d = (s - sm[i].result) * s * (1 - s) * k * log(10.0) / 400.0;
            double d_opening = d * sm[i].phase / CT_EVAL_PHASE_MAX, d_endgame = d - d_opening;
            for (int r = 0; r < sm[i].n; r++) {
                int c = sm[i].ref[r];
                if (c > 0) {
                    g[c - 1] += d_opening;
                    g[PST_NCLASS + c - 1] += d_endgame;
                } else {
                    g[-c - 1] -= d_opening;
                    g[PST_NCLASS - c - 1] -= d_endgame;
                }
            }
        }
        for (int j = 0; j < PST_NPARAM; j++) {
            if (!count[j] || held[j])
                continue;
            g[j] = 2 * g[j] / ntrain + 2 * lambda * (t[j] - t0[j]) / (100.0 * 100.0);
            m[j] = 0.9 * m[j] + 0.1 * g[j];
            v[j] = 0.999 * v[j] + 0.001 * g[j] * g[j];
            double mh = m[j] / (1 - pow(0.9, it)), vh = v[j] / (1 - pow(0.999, it));
            t[j] -= lr * mh / (sqrt(vh) + 1e-12);
        }
        if (it % 50 == 0 || it == iters)
            fprintf(stderr, "iter %d loss %.6f held out %.6f\n", it, pst_loss(sm, ntrain, t, k),
                    pst_loss(sm + ntrain, n - ntrain, t, k));
    }
    /* The tables as stored (rounded to centipawns) measured the same way. */
    for (int j = 0; j < PST_NPARAM; j++)
        t[j] = floor(t[j] + 0.5);
    printf("after %d iterations (lambda %g): loss %.6f fitted, %.6f held out\n", iters, lambda,
           pst_loss(sm, ntrain, t, k), pst_loss(sm + ntrain, n - ntrain, t, k));
    FILE *o = fopen(out, "w");
    if (!o) {
        perror(out);
        return 1;
    }
    /* The file's own name only: where it lay on the machine that ran the fit means nothing. */
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    fprintf(o, "/* SPDX-License-Identifier: GPL-3.0-or-later */\n"
               "/* cotuong — the piece-square tables of eval.c, in centipawns, written by\n"
               " *     tune pst %s %d %g %d OUT.h",
            base, iters, lambda, holdout);
    for (int i = 0; i < nheld; i++)
        fprintf(o, "%s%s", i % 4 ? " " : "\n *         ", held_names[i]);
    fprintf(o, "\n * (docs/eval.md): row 0 is the enemy's back rank, row 9 one's own; files\n"
               " * a..i. pst_opening counts at the start, pst_endgame with no rook, horse or\n"
               " * cannon left (ct_eval_phase blends them). Generated: edit by re-running the\n"
               " * tool. */\n");
    static const char *const tables[2] = {"pst_opening", "pst_endgame"};
    for (int table = 0; table < 2; table++) {
        fprintf(o, "%sstatic const int16_t %s[CT_PIECE_TYPES][10][9] = {\n", table ? "\n" : "",
                tables[table]);
        for (int pt = CT_KING; pt <= CT_PAWN; pt++) {
            fprintf(o, "    [CT_");
            put_piece_upper(o, pt);
            fprintf(o, "] = {\n");
            for (int row = 0; row < 10; row++) {
                fprintf(o, "        {");
                for (int file = 0; file < 9; file++) {
                    int c = table * PST_NCLASS + pt * PST_CLASSES + (9 - row) * 5 +
                            (file <= 4 ? file : 8 - file);
                    fprintf(o, "%s%d", file ? ", " : "", (int)t[c]);
                }
                fprintf(o, "},\n");
            }
            fprintf(o, "    },\n");
        }
        fprintf(o, "};\n");
    }
    fclose(o);
    for (int pt = CT_KING; pt <= CT_PAWN; pt++) {
        put_piece_upper(stdout, pt);
        printf(": class (rank from own side, file from edge): start -> opening table, "
               "endgame table (positions with a share in each)\n");
        for (int c = pt * PST_CLASSES; c < (pt + 1) * PST_CLASSES; c++)
            if (count[c] || count[PST_NCLASS + c])
                printf("  r%d f%d %5.0f -> %5.0f %5.0f (%ld %ld)\n", (c % PST_CLASSES) / 5,
                       c % 5, t0[c], t[c], t[PST_NCLASS + c], count[c], count[PST_NCLASS + c]);
    }
    free(sm);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "masters") && atoi(argv[3]) > 0)
        return masters(argv[2], atoi(argv[3]));
    if (argc >= 5 && !strcmp(argv[1], "gen"))
        return gen(atoi(argv[2]), atol(argv[3]), strtoull(argv[4], NULL, 10),
                   argc > 5 ? argv[5] : NULL);
    if (argc >= 3 && !strcmp(argv[1], "fit"))
        return fit(argv[2], argc > 3 ? atoi(argv[3]) : 1000, argc > 4 ? atof(argv[4]) : 0.0,
                   argv + 5, argc > 5 ? argc - 5 : 0);
    if (argc >= 7 && !strcmp(argv[1], "pst"))
        return pst_fit(argv[2], atoi(argv[3]), atof(argv[4]), atoi(argv[5]), argv[6], argv + 7,
                       argc - 7);
    fprintf(stderr, "usage: tune masters DATASET_DIR EVERY | tune gen N NODES SEED [BOOK] | "
                    "tune fit FILE [ITER [LAMBDA [FIXED...]]] | tune pst FILE ITER LAMBDA HOLDOUT OUT.h [HELD...]\n");
    return 2;
}
