/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — a player seat: the built-in AI at a level, or an external engine; "give me a
 * move for this position (with its game history) within these limits". Used by
 * `cotuong match` and by the UI to seat the AI or an engine. */
#ifndef COTUONG_APP_PLAYER_H
#define COTUONG_APP_PLAYER_H

#include <stddef.h>

#include "sys/engine_proc.h"
#include "cotuong/book.h"
#include "cotuong/search.h"

typedef struct ct_player ct_player;

typedef enum {
    CT_PLAYER_MOVE = 0,  /* res.move is legal */
    CT_PLAYER_NO_MOVE,   /* the side to move has no legal move (it has lost) */
    CT_PLAYER_TIMEOUT,   /* forfeit: an engine did not answer in time */
    CT_PLAYER_CRASH,     /* forfeit: the engine died */
    CT_PLAYER_ILLEGAL,   /* forfeit: the engine answered an illegal move */
    CT_PLAYER_RESIGN,    /* the engine resigned */
} ct_player_status;

typedef struct {
    ct_player_status status;
    ct_move move;
    int score;           /* side-to-move view, when known (else 0) */
    int depth;           /* built-in AI only */
    int time_ms;         /* wall time the player took */
    char detail[160];    /* why, for forfeits */
} ct_player_result;

/* Specs: "ai" or "ai:LEVEL" or "ai:LEVEL:SEED" (built-in, level 1..10, default 10);
 * "uci:COMMAND", "ucci:COMMAND", "xboard:COMMAND" (external engines; "uci:fairy-stockfish:5"
 * is not parsed: give levels with ct_player_set_level). book may be NULL (not owned).
 * Returns NULL with a reason in err. */
ct_player *ct_player_new(const char *spec, const ct_book *book, char *err, size_t errlen);
void ct_player_free(ct_player *p);
const char *ct_player_name(const ct_player *p);
/* Level 1..10 for the AI, or an engine's Skill Level when it offers one. */
bool ct_player_set_level(ct_player *p, int level);
void ct_player_new_game(ct_player *p);
/* Thinks on pos (history included) within lim; blocks. For the built-in AI, progress and
 * user go to the search (the UI polls keys there); ct_player_stop works from the callback
 * or another thread. */
void ct_player_think(ct_player *p, const ct_pos *pos, const ct_limits *lim, ct_progress_fn progress,
                     void *user, ct_player_result *res);
void ct_player_stop(ct_player *p);
bool ct_player_is_engine(const ct_player *p);

/* Loads the opening book from path, or when path is NULL from $COTUONG_BOOK, DATADIR/book.txt
 * or ./assets/book.txt (first found). Returns NULL when there is none. */
ct_book *ct_player_load_book(const char *path);

#endif
