/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — opening names: ECCO codes (A00-E99), their names in Chinese, Vietnamese and
 * English, and the classification of a game from its moves through the master-games index
 * (learnt from the codes the source gave the master games, which follow the move order
 * of the first plies). */
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

/* The code of a game from the standard start given its main line (the first moves are
 * enough; later ones are ignored), decided by the master games that share the longest
 * prefix of its moves (see ecco.c). CT_ECCO_NONE when no game of the index has a code. */
int ct_ecco_classify(const ct_explorer *x, const ct_move *moves, int nmoves);

#endif
