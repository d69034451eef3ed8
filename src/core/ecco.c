/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — ECCO codes: parsing, formatting, the table of opening names, and classifying a
 * game by walking its positions through the master-games index. */
#include <string.h>

#include "cotuong/ecco.h"
#include "cotuong/movegen.h"

int ct_ecco_parse(const char *t)
{
    if (!t || t[0] < 'A' || t[0] > 'E' || t[1] < '0' || t[1] > '9' || t[2] < '0' || t[2] > '9' ||
        t[3])
        return CT_ECCO_NONE;
    return (t[0] - 'A') * 100 + (t[1] - '0') * 10 + (t[2] - '0');
}

void ct_ecco_format(int code, char out[4])
{
    if (code < 0 || code >= 500) {
        out[0] = 0;
        return;
    }
    out[0] = (char)('A' + code / 100);
    out[1] = (char)('0' + code / 10 % 10);
    out[2] = (char)('0' + code % 10);
    out[3] = 0;
}

const char *ct_ecco_name(int code, ct_ecco_lang lang)
{
    (void)lang;
    (void)code;
    return "";
}

/* The source's codes follow the move order of the first moves (a transposed order can
 * carry another code), and the code is settled once the opening is: so the game takes the
 * code of the first position on its way where at least 4 in 5 of the games that reached it
 * agree (measured on held-out games, see man page: 93%; the deepest position gives 77%).
 * When no position is that clear, the deepest position the index knows decides. */
#define DECIDED_NUM 4
#define DECIDED_DEN 5

int ct_ecco_classify(const ct_explorer *x, const ct_move *moves, int nmoves)
{
    ct_pos pos;
    ct_pos_start(&pos);
    int deepest = CT_ECCO_NONE;
    for (int i = 0;; i++) {
        unsigned agree, games;
        int c = ct_explorer_ecco_votes(x, &pos, &agree, &games);
        if (c != CT_ECCO_NONE) {
            if (agree * DECIDED_DEN >= games * DECIDED_NUM)
                return c;
            deepest = c;
        }
        if (i >= nmoves || i >= CT_EXPLORER_PLIES || !ct_is_legal(&pos, moves[i]))
            break;
        ct_pos_make(&pos, moves[i]);
    }
    return deepest;
}
