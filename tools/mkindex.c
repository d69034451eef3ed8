/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — builds assets/ccpd-masters.idx, the master-games index, from the CCPD archive
 * (`make index`; see man/cotuong.6, FILES, and assets/README).
 *
 *   mkindex DATASET_DIR OUT          write the index of every master game
 *   mkindex --holdout K [--fold F] [--misses] DATASET_DIR
 *                                    index all but the games whose move-list hash is F
 *                                    modulo K (F = 0 by default; tune rules on another
 *                                    fold than the one reported), classify the held-out
 *                                    games, print the ECCO match rate (with --misses also
 *                                    each game classified wrongly, to study the rule)
 *
 * DATASET_DIR is the archive's ccpd/Dataset folder; the games are the PGN files under
 * 對局/大師對局 that start from the standard position, read in sorted path order so the same
 * archive always gives the same bytes. Files the reader refuses are skipped and counted. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cotuong/ecco.h"
#include "cotuong/explorer.h"
#include "cotuong/pgn.h"

#include "pgnfiles.h"

/* The year of a date or event text: the first run of digits that starts with 19 or 20 and
 * is four (1995), six (199504) or eight (19950407) digits long; else 0. */
static int year_of(const char *s)
{
    while (s && *s) {
        if (*s < '0' || *s > '9') {
            s++;
            continue;
        }
        size_t n = strspn(s, "0123456789");
        if ((n == 4 || n == 6 || n == 8) && (!strncmp(s, "19", 2) || !strncmp(s, "20", 2)))
            return (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
        s += n;
    }
    return 0;
}

typedef struct {
    ct_explorer_input in;
    ct_move *all; /* the whole main line */
    int nall;
    const char *path; /* the file it came from (the first, for a game filed twice) */
} game;

/* Everything the games hold, so the sanitizer build's leak check has nothing to report. */
static void free_games(game *g, int n)
{
    for (int i = 0; i < n; i++) {
        free(g[i].all);
        free((void *)g[i].in.red);
        free((void *)g[i].in.black);
        free((void *)g[i].in.event);
    }
    free(g);
}

static uint64_t line_hash(const ct_move *mv, int n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < n; i++)
        h = (h ^ mv[i]) * 0x100000001b3ULL;
    return h;
}

int main(int argc, char **argv)
{
    int holdout = 0, fold = 0;
    bool misses = false;
    int a = 1;
    if (argc > 2 && !strcmp(argv[1], "--holdout")) {
        holdout = atoi(argv[2]);
        a = 3;
        if (argc > a + 1 && !strcmp(argv[a], "--fold")) {
            fold = atoi(argv[a + 1]);
            a += 2;
        }
        if (argc > a && !strcmp(argv[a], "--misses")) {
            misses = true;
            a++;
        }
    }
    if ((holdout && argc != a + 1) || (!holdout && argc != a + 2) || holdout < 0 || fold < 0 ||
        (holdout && fold >= holdout)) {
        fprintf(stderr,
                "usage: mkindex DATASET_DIR OUT | mkindex --holdout K [--fold F] [--misses] "
                "DATASET_DIR\n");
        return 2;
    }
    char root[4096];
    snprintf(root, sizeof root, "%s/對局/大師對局", argv[a]);
    tool_files files;
    if (tool_pgn_files(root, &files) != 0) {
        fprintf(stderr, "mkindex: %s: %s\n", root, strerror(errno));
        return 1;
    }
    char **paths = files.path;
    size_t npaths = files.n;

    game *games = calloc(npaths + 1, sizeof *games);
    game *held = calloc(npaths + 1, sizeof *held);
    int ng = 0, nheld = 0, failed = 0, other_start = 0, empty = 0;
    for (size_t i = 0; i < npaths; i++) {
        size_t len;
        char *buf = tool_slurp(paths[i], &len);
        ct_record *recs = NULL;
        int nrec = 0;
        ct_pgn_error err;
        if (!buf || ct_pgn_read(buf, len, CT_ENC_AUTO, &recs, &nrec, NULL, &err) != CT_OK) {
            failed++;
            free(buf);
            continue;
        }
        free(buf);
        for (int r = 0; r < nrec; r++) {
            ct_record *rec = &recs[r];
            if (rec->has_fen) {
                other_start++;
                continue;
            }
            int n = ct_record_main_line(rec, NULL, 0);
            if (n == 0) {
                empty++;
                continue;
            }
            game g = {0};
            g.all = malloc((size_t)n * sizeof *g.all);
            g.nall = ct_record_main_line(rec, g.all, n);
            g.in.moves = g.all;
            g.in.nmoves = g.nall;
            g.path = paths[i] + strlen(root) + 1;
            g.in.result = rec->result;
            g.in.ecco = ct_ecco_parse(ct_record_tag(rec, "ECCO"));
            const char *s;
            g.in.red = strdup((s = ct_record_tag(rec, "Red")) ? s : "");
            g.in.black = strdup((s = ct_record_tag(rec, "Black")) ? s : "");
            g.in.event = strdup((s = ct_record_tag(rec, "Event")) ? s : "");
            g.in.year = year_of(ct_record_tag(rec, "Date"));
            if (!g.in.year)
                g.in.year = year_of(g.in.event);
            if (holdout && line_hash(g.all, g.nall) % (uint64_t)holdout == (uint64_t)fold)
                held[nheld++] = g;
            else
                games[ng++] = g;
        }
        ct_pgn_free_games(recs, nrec);
    }

    ct_explorer_input *in = malloc(((size_t)ng + 1) * sizeof *in);
    for (int i = 0; i < ng; i++)
        in[i] = games[i].in;
    uint8_t *img;
    size_t len;
    int unique;
    ct_status st = ct_explorer_build(in, ng, &img, &len, &unique);
    free(in);
    if (st != CT_OK) {
        fprintf(stderr, "mkindex: building the index failed (status %d)\n", (int)st);
        return 1;
    }
    fprintf(stderr,
            "mkindex: %zu files, %d refused by the reader, %d from another start, %d without "
            "moves; %d games, %d unique; index %zu bytes\n",
            npaths, failed, other_start, empty, ng + nheld, unique, len);

    if (!holdout) {
        char tmp[4096];
        snprintf(tmp, sizeof tmp, "%s.tmp", argv[a + 1]);
        FILE *f = fopen(tmp, "wb");
        if (!f || fwrite(img, 1, len, f) != len || fclose(f) != 0 || rename(tmp, argv[a + 1])) {
            fprintf(stderr, "mkindex: %s: %s\n", argv[a + 1], strerror(errno));
            return 1;
        }
        free(img);
        free_games(games, ng);
        free_games(held, nheld);
        tool_files_free(&files);
        return 0;
    }

    /* Held-out measurement: classify each unique held-out game with a code from the moves
     * alone and compare with the code its source assigned. */
    ct_explorer *x;
    if (ct_explorer_open(img, len, &x) != CT_OK) {
        fprintf(stderr, "mkindex: the index just built does not open\n");
        return 1;
    }
    int tested = 0, exact = 0, family = 0, settled_at[41] = {0};
    clock_t spent = 0;
    for (int i = 0; i < nheld; i++) {
        bool dup = false;
        for (int j = 0; j < i && !dup; j++)
            dup = held[j].nall == held[i].nall &&
                  !memcmp(held[j].all, held[i].all, (size_t)held[i].nall * sizeof(ct_move));
        if (dup || held[i].in.ecco == CT_ECCO_NONE)
            continue;
        clock_t t0 = clock();
        int code = ct_ecco_classify(x, held[i].all, held[i].nall);
        spent += clock() - t0;
        tested++;
        /* The ply from which the code of the game so far is settled (play's header). */
        int lo, hi, ply = 0;
        while (ply < held[i].nall && ply < 40 &&
               ct_ecco_classify_so_far(x, held[i].all, ply, &lo, &hi) == CT_ECCO_NONE)
            ply++;
        settled_at[ply < 40 ? ply : 40]++;
        if (misses && code != held[i].in.ecco) {
            /* The source's code, ours, the file, the first 20 plies. */
            char src[4], ours[4], mv[5];
            ct_ecco_format(held[i].in.ecco, src);
            ct_ecco_format(code, ours);
            printf("miss %s ours %s %s", src, *ours ? ours : "-", held[i].path);
            for (int p = 0; p < held[i].nall && p < 20; p++) {
                ct_move_coord(held[i].all[p], mv);
                printf(" %s", mv);
            }
            printf("\n");
        }
        exact += code == held[i].in.ecco;
        family += code >= 0 && code / 10 == held[i].in.ecco / 10;
    }
    double us = tested ? 1e6 * (double)spent / CLOCKS_PER_SEC / tested : 0.0;
    printf("held out 1/%d (fold %d): %d unique games with an ECCO tag; exact code %d (%.2f%%), same "
           "ten-group %d (%.2f%%); %.0f us per game\n",
           holdout, fold, tested, exact, tested ? 100.0 * exact / tested : 0.0, family,
           tested ? 100.0 * family / tested : 0.0, us);
    /* quartiles of the settling ply */
    int q[3] = {-1, -1, -1}, seen = 0;
    for (int p = 0; p <= 40; p++) {
        seen += settled_at[p];
        for (int k = 0; k < 3; k++)
            if (q[k] < 0 && 4 * seen >= (k + 1) * tested)
                q[k] = p;
    }
    printf("the code of a game so far is settled at ply %d, %d, %d (quartiles)\n", q[0], q[1], q[2]);
    ct_explorer_free(x);
    free(img);
    free_games(games, ng);
    free_games(held, nheld);
    tool_files_free(&files);
    return 0;
}
