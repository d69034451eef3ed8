/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — exercises: the strict reader and the writer of the set's text image, the judge
 * (one search after each of the solver's moves), the difficulty formula and the puzzle of
 * the day (see cotuong/exercise.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/exercise.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"

#define MAGIC "cotuong-exercises"
#define VERSION 1

static const char *const kind_names[CT_EX_KINDS] = {"mate", "endgame", "tactic", "middlegame"};

const char *ct_ex_kind_name(ct_ex_kind k)
{
    return (unsigned)k < CT_EX_KINDS ? kind_names[k] : "?";
}

int ct_ex_kind_parse(const char *name)
{
    for (int k = 0; name && k < CT_EX_KINDS; k++)
        if (!strcmp(name, kind_names[k]))
            return k;
    return -1;
}

static uint64_t fnv64(const char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 0x100000001b3ULL;
    return h;
}

int ct_ex_difficulty(ct_goal goal, int moves, int keep)
{
    int length = goal == CT_GOAL_MATE ? moves : moves + 1;
    int forcing = keep == 1 ? 2 : keep == 2 ? 1 : 0;
    int d = (length + forcing + 1) / 2;
    return d < 1 ? 1 : d > CT_EX_DIFFICULTIES ? CT_EX_DIFFICULTIES : d;
}

/* ---------------------------------------------------------------- writer */
int ct_exercise_format(const ct_exercise *ex, char *buf, size_t size)
{
    char sol[CT_EX_MAX_SOLUTION * 5 + 2] = "";
    size_t n = 0;
    for (int i = 0; i < ex->nsolution && i < CT_EX_MAX_SOLUTION; i++) {
        char c[5];
        ct_move_coord(ex->solution[i], c);
        n += (size_t)snprintf(sol + n, sizeof sol - n, "%s%s", i ? " " : "", c);
    }
    char title[sizeof ex->title];
    snprintf(title, sizeof title, "%s", ex->title);
    for (char *t = title; *t; t++)
        if (*t == '\t' || *t == '\n' || *t == '\r')
            *t = ' ';
    return snprintf(buf, size, "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s", ex->id,
                    ct_ex_kind_name(ex->kind), ex->goal == CT_GOAL_MATE ? "mate" : "win",
                    ex->moves, ex->keep, ex->legal, ex->difficulty, ex->fen,
                    n ? sol : "-", title);
}

int ct_exset_header(int n, const char *body, size_t len, char *buf, size_t size)
{
    return snprintf(buf, size, "%s %d %d %016llx\n", MAGIC, VERSION, n,
                    (unsigned long long)fnv64(body, len));
}

/* ---------------------------------------------------------------- reader */
/* Splits line (NUL-terminated, modified) at tabs into at most max fields. */
static int split_tabs(char *line, char **f, int max)
{
    int n = 0;
    f[n++] = line;
    for (char *p = line; *p && n < max; p++)
        if (*p == '\t') {
            *p = '\0';
            f[n++] = p + 1;
        }
    return n;
}

static bool parse_int(const char *s, int lo, int hi, int *out)
{
    if (!*s || strlen(s) > 4)
        return false;
    int v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        v = v * 10 + (*s - '0');
    }
    if (v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool parse_line(char *line, ct_exercise *ex)
{
    char *f[10];
    if (split_tabs(line, f, 10) != 10)
        return false;
    memset(ex, 0, sizeof *ex);
    size_t idlen = strlen(f[0]);
    if (idlen == 0 || idlen >= sizeof ex->id || strspn(f[0], "abcdefghijklmnopqrstuvwxyz0123456789") != idlen)
        return false;
    memcpy(ex->id, f[0], idlen + 1);
    int k = ct_ex_kind_parse(f[1]);
    if (k < 0)
        return false;
    ex->kind = (ct_ex_kind)k;
    if (!strcmp(f[2], "mate"))
        ex->goal = CT_GOAL_MATE;
    else if (!strcmp(f[2], "win"))
        ex->goal = CT_GOAL_WIN;
    else
        return false;
    if (!parse_int(f[3], 1, CT_EX_MAX_MOVES, &ex->moves) || !parse_int(f[4], 0, 200, &ex->keep) ||
        !parse_int(f[5], 1, 200, &ex->legal) ||
        !parse_int(f[6], 1, CT_EX_DIFFICULTIES, &ex->difficulty) || ex->keep > ex->legal)
        return false;
    if (strlen(f[7]) >= sizeof ex->fen)
        return false;
    ct_pos pos;
    ct_fen_error fe;
    if (ct_fen_read(&pos, f[7], &fe) != CT_OK)
        return false;
    memcpy(ex->fen, f[7], strlen(f[7]) + 1);
    if (strcmp(f[8], "-")) {
        for (char *t = f[8]; *t;) {
            if (ex->nsolution == CT_EX_MAX_SOLUTION || strlen(t) < 4 || (t[4] && t[4] != ' '))
                return false;
            char c[5];
            memcpy(c, t, 4);
            c[4] = '\0';
            ct_move mv = ct_move_parse_coord(c);
            if (mv == CT_NO_MOVE || !ct_is_legal(&pos, mv))
                return false;
            ct_pos_make(&pos, mv);
            ex->solution[ex->nsolution++] = mv;
            t += t[4] ? 5 : 4;
        }
    }
    size_t tl = strlen(f[9]);
    if (tl >= sizeof ex->title || !ct_utf8_valid(f[9], tl))
        return false;
    memcpy(ex->title, f[9], tl + 1);
    return true;
}

ct_status ct_exset_read(const char *buf, size_t len, ct_exset *out)
{
    out->n = 0;
    out->ex = NULL;
    const char *nl = buf ? memchr(buf, '\n', len) : NULL;
    if (!nl)
        return CT_ERR_INVALID;
    char head[96];
    size_t hl = (size_t)(nl - buf);
    if (hl >= sizeof head)
        return CT_ERR_INVALID;
    memcpy(head, buf, hl);
    head[hl] = '\0';
    const char *body = nl + 1;
    size_t blen = len - hl - 1;
    int version, n;
    unsigned long long sum;
    char magic[24], check[96];
    if (sscanf(head, "%23s %d %d %llx", magic, &version, &n, &sum) != 4 || strcmp(magic, MAGIC) ||
        version != VERSION || n < 0 || n > 100000)
        return CT_ERR_INVALID;
    ct_exset_header(n, body, blen, check, sizeof check);
    if (strlen(check) != hl + 1 || memcmp(check, head, hl))
        return CT_ERR_INVALID; /* the checksum (or the header's spelling) differs */
    ct_exercise *ex = calloc(n ? (size_t)n : 1, sizeof *ex);
    char *line = malloc(4096);
    if (!ex || !line) {
        free(ex);
        free(line);
        return CT_ERR_FULL;
    }
    int got = 0;
    const char *p = body, *end = body + blen;
    while (p < end) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        size_t ll = e ? (size_t)(e - p) : (size_t)(end - p);
        if (!e || ll >= 4096 || memchr(p, '\0', ll) || got == n)
            break;
        memcpy(line, p, ll);
        line[ll] = '\0';
        if (!parse_line(line, &ex[got]) || ct_exset_find(&(ct_exset){got, ex}, ex[got].id) >= 0)
            break;
        got++;
        p = e + 1;
    }
    free(line);
    if (got != n || p != end) {
        free(ex);
        return CT_ERR_INVALID;
    }
    out->n = n;
    out->ex = ex;
    return CT_OK;
}

void ct_exset_free(ct_exset *set)
{
    free(set->ex);
    set->ex = NULL;
    set->n = 0;
}

int ct_exset_find(const ct_exset *set, const char *id)
{
    for (int i = 0; id && i < set->n; i++)
        if (!strcmp(set->ex[i].id, id))
            return i;
    return -1;
}

/* ---------------------------------------------------------------- the judge */
ct_ex_verdict ct_ex_judge(ct_search *s, const ct_pos *pos, ct_goal goal, int left,
                          uint64_t nodes, ct_move *reply, ct_move *next)
{
    *reply = *next = CT_NO_MOVE;
    if (!ct_has_legal_move(pos))
        return CT_EX_SOLVED;
    if (goal == CT_GOAL_MATE && left <= 0)
        return CT_EX_LOST;
    /* 1. A cleared table and a fixed node budget: the same verdict every time. */
    ct_search_clear(s);
    ct_limits lim;
    ct_limits_init(&lim);
    lim.nodes = nodes ? nodes : CT_EX_JUDGE_NODES;
    /* 2. A mate in `left` is 2*left-1 plies from the defender's side: a few plies more
     * let the search see it with room, and end early when it is short. */
    if (goal == CT_GOAL_MATE)
        lim.depth = 2 * left + 2;
    ct_search_result res;
    if (ct_search_run(s, pos, &lim, NULL, NULL, &res) != CT_OK)
        return CT_EX_LOST;
    *reply = res.best;
    *next = res.pv_len > 1 && res.pv[0] == res.best ? res.pv[1] : CT_NO_MOVE;
    if (goal == CT_GOAL_MATE) {
        int m = ct_score_mate_moves(res.score); /* -k: the defender is mated in k */
        return m < 0 && -m <= left ? CT_EX_KEPT : CT_EX_LOST;
    }
    return res.score <= -CT_EX_WIN_SCORE ? CT_EX_KEPT : CT_EX_LOST;
}

/* ---------------------------------------------------------------- puzzle of the day */
static long days_from_civil(int y, int m, int d)
{
    /* Days since 1970-01-01 of the proleptic Gregorian date (the era-based formula). */
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

int ct_ex_of_day(int n, int year, int month, int day)
{
    if (n <= 0)
        return -1;
    uint64_t z = (uint64_t)days_from_civil(year, month, day) + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL; /* splitmix64's finaliser */
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return (int)(z % (uint64_t)n);
}
