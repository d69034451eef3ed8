/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — internals shared by the notation modules (notation.c renders, notation_parse.c
 * reads): side-relative files, the tandem-piece survey and the per-notation word tables. */
#ifndef COTUONG_NOTATION_INTERNAL_H
#define COTUONG_NOTATION_INTERNAL_H

#include "cotuong/notation.h"

/* Side-relative file number 1..9 of board file x (0 = a) (spec §1.4). */
static inline int nt_file_num(int side, int x)
{
    return side == CT_RED ? 9 - x : x + 1;
}
/* Board file x (0..8) of the mover's file number n (1..9). */
static inline int nt_file_x(int side, int n)
{
    return side == CT_RED ? 9 - n : n - 1;
}

/* The pieces of one type and side on one board file, front (nearest the opponent) first. */
typedef struct {
    int count;
    ct_sq sq[5];
} nt_file_pieces;

void nt_file_survey(const ct_pos *pos, int side, int type, int x, nt_file_pieces *out);
/* Number of files holding two or more pieces of this type and side. */
int nt_tandem_files(const ct_pos *pos, int side, int type);

/* Marker tables, by tandem count (2..5) and index from the front. */
extern const char *const nt_vi_marker[6][5];  /* "tt" "t" "g" "s" "ss" */
extern const char *const nt_wxf_marker[6][5]; /* "++" "+" "-" "--"; NULL = the file digit */

#endif
