/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — opening names: ECCO codes (A00-E99), their names in Chinese, Vietnamese and
 * English, and the classification of a game from its moves by the decision tree the
 * master-games index carries (learnt from the codes the source gave the master games). */
#ifndef COTUONG_ECCO_H
#define COTUONG_ECCO_H

#include "cotuong/explorer.h"

/* "C45" -> 245; anything else (NULL, "", "C4", "F00") -> CT_ECCO_NONE. */
int ct_ecco_parse(const char *text);
/* 245 -> "C45"; "" for CT_ECCO_NONE or out of range. */
void ct_ecco_format(int code, char out[4]);

typedef enum { CT_ECCO_ZH = 0, CT_ECCO_VI, CT_ECCO_EN } ct_ecco_lang;
/* The name of the opening group code belongs to, UTF-8 ("中炮對屏風馬" / "Pháo đầu đối
 * bình phong mã" / "Central Cannon vs Screen Horses"); "" for CT_ECCO_NONE. */
const char *ct_ecco_name(int code, ct_ecco_lang lang);
/* The name of the narrowest group that holds every code from lo to hi; "" when none does
 * (or for CT_ECCO_NONE). */
const char *ct_ecco_range_name(int lo, int hi, ct_ecco_lang lang);

/* The code of a whole game from the standard start, from its moves (its first 20 plies
 * decide; a move it does not have was never played, an illegal move ends the line).
 * CT_ECCO_NONE when the index has no classifier (none of its games carries a code). */
int ct_ecco_classify(const ct_explorer *x, const ct_move *moves, int nmoves);
/* The same for a game that may go on: the code once every way of going on gives the same
 * one, else CT_ECCO_NONE; *lo and *hi get the smallest and the largest code still possible
 * (both CT_ECCO_NONE without a classifier). */
int ct_ecco_classify_so_far(const ct_explorer *x, const ct_move *moves, int nmoves, int *lo,
                            int *hi);

#endif
