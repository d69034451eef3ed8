/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — cờ úp positions from a short text, for the cờ úp suites (check_coup.c,
 * check_coup_search.c). Tokens "e0=K" (Red face up; lower case Black), "d0=X" (Red face
 * down, identity unknown), "d0=X/R" (face down, really a rook); "x" for Black's face-down
 * pieces. The pools hold each side's set minus its face-up pieces (as if the rest were
 * captured while face down). Include after testlib.h. */
#ifndef COTUONG_TESTS_COUP_BUILD_H
#define COTUONG_TESTS_COUP_BUILD_H

#include <stdio.h>
#include <string.h>

#include "cotuong/coup.h"
#include "cotuong/coup_pgn.h"

static void coup_build(ct_coup_pos *p, int side, const char *spec)
{
    static const int set[CT_PIECE_TYPES] = {0, 0, 2, 2, 2, 2, 2, 5};
    char buf[512];
    snprintf(buf, sizeof buf, "%s", spec);
    ct_coup_clear(p);
    for (int sd = 0; sd < 2; sd++)
        for (int t = 0; t < CT_PIECE_TYPES; t++)
            p->pool[sd][t] = (uint8_t)set[t];
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        ct_sq sq = (ct_sq)CT_SQ(tok[0] - 'a', tok[1] - '0');
        char l = tok[3];
        int sd = (l >= 'a') ? CT_BLACK : CT_RED, cell;
        if (l == 'X' || l == 'x') {
            cell = CT_SIDE_FLAG(sd) | CT_COUP_DOWN |
                   (tok[4] == '/' ? ct_coup_letter_type(tok[5]) : 0);
        } else {
            cell = CT_SIDE_FLAG(sd) | ct_coup_letter_type(l);
            if (ct_coup_letter_type(l) != CT_KING)
                p->pool[sd][ct_coup_letter_type(l)]--;
        }
        ct_coup_put(p, sq, cell);
    }
    ct_coup_set_side(p, side);
    ck_assert_msg(ct_coup_pos_ok(p), "bad test position %s", spec);
}

#endif
