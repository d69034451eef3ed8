/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — players: the one player type (sys_player_spec: who sits at a side, parsed from
 * and written as one spec text) and the thinking object behind a non-human seat
 * (sys_player: the built-in AI at a level, or an external engine) with one blocking
 * "give me a move for this position" call. `cotuong match` uses sys_player directly; the
 * game runs it off the UI thread through game/seat.h. */
#ifndef COTUONG_SYS_PLAYER_H
#define COTUONG_SYS_PLAYER_H

#include <stddef.h>
#include <stdint.h>

#include "sys/engine_proc.h"
#include "cotuong/book.h"
#include "cotuong/search.h"

/* ------------------------------------------------------------------ who plays a side */
typedef enum {
    SYS_PLAYER_HUMAN = 0, /* "human" */
    SYS_PLAYER_AI,        /* "ai", "ai:LEVEL", "ai:LEVEL:SEED": the built-in search */
    SYS_PLAYER_ENGINE,    /* "uci:CMD", "ucci:CMD", "xboard:CMD": an external engine */
    SYS_PLAYER_REMOTE,    /* "remote:ADDRESS": a player over the network (a seat kind of its
                             own, see game/seat.h; not a sys_player) */
} sys_player_kind;

/* Plain "ai" is the built-in AI at full strength, as `match` and `uci` have always read it
 * (cotuong(6), PLAYING). */
#define SYS_PLAYER_AI_LEVEL 10

typedef struct {
    sys_player_kind kind;
    int level;         /* AI: 1..10; engine: a Skill Level 1..10 to set, 0 = the engine's own */
    uint64_t seed;     /* AI: the seed of the weaker levels' choices */
    int threads;       /* AI: search threads (0 or 1 = one) */
    char command[256]; /* engine: "uci:fairy-stockfish"; remote: "remote:ADDRESS" */
} sys_player_spec;

/* A human. */
void sys_player_spec_human(sys_player_spec *p);
/* Parses a spec (above). False with the reason in err (may be NULL) when it is none of
 * them; *p is then untouched. */
bool sys_player_spec_parse(const char *text, sys_player_spec *p, char *err, size_t errlen);
/* The spec text that parses back to *p ("human", "ai:3", "ai:3:7", "uci:CMD"). */
void sys_player_spec_format(const sys_player_spec *p, char *buf, size_t size);
/* A short name for tags and file names: "human", "ai-level-3", or the engine command's
 * program name ("fairy-stockfish"). */
void sys_player_spec_name(const sys_player_spec *p, char *buf, size_t size);

/* ------------------------------------------------------------------ the thinking object */
typedef struct sys_player sys_player;

typedef enum {
    SYS_PLAYER_MOVE = 0,  /* res.move is legal */
    SYS_PLAYER_NO_MOVE,   /* the side to move has no legal move (it has lost) */
    SYS_PLAYER_TIMEOUT,   /* forfeit: an engine did not answer in time */
    SYS_PLAYER_CRASH,     /* forfeit: the engine died */
    SYS_PLAYER_ILLEGAL,   /* forfeit: the engine answered an illegal move */
    SYS_PLAYER_RESIGN,    /* the engine resigned */
} sys_player_status;

typedef struct {
    sys_player_status status;
    ct_move move;
    int score;           /* side-to-move view, when known (else 0) */
    int depth;           /* the last completed depth; 0 when an engine reported none */
    int time_ms;         /* wall time the player took */
    char detail[160];    /* why, for forfeits */
} sys_player_result;

/* Starts the AI or engine of spec (SYS_PLAYER_AI or SYS_PLAYER_ENGINE; a level on an
 * engine is set when it offers one). book may be NULL (not owned). NULL with a reason in
 * err for any other kind or when the engine cannot be started. */
sys_player *sys_player_open(const sys_player_spec *spec, const ct_book *book, char *err,
                            size_t errlen);
/* The same from spec text (sys_player_spec_parse, then sys_player_open). */
sys_player *sys_player_new(const char *spec, const ct_book *book, char *err, size_t errlen);
void sys_player_free(sys_player *p);
const char *sys_player_name(const sys_player *p);
/* An external engine's option (sys_engine_set_option); false with the reason in err when
 * the player is the built-in AI, or the engine offers no such option. */
bool sys_player_set_option(sys_player *p, const char *name, const char *value, char *err,
                           size_t errlen);
void sys_player_new_game(sys_player *p);
/* Thinks on pos (history included) within lim; blocks. progress and user go to the search
 * or the engine (called on the thinking thread; true stops it). For the built-in AI
 * sys_player_stop works from the callback or another thread; for an engine it only wakes
 * the think to ask progress, which must then say stop (sys_engine_think: the engine is told
 * to move now, and killed if it does not within 1 s). */
void sys_player_think(sys_player *p, const ct_pos *pos, const ct_limits *lim,
                      ct_progress_fn progress, void *user, sys_player_result *res);
void sys_player_stop(sys_player *p);
bool sys_player_is_engine(const sys_player *p);
/* Cờ úp (Jieqi): true for a UCI engine (sys_engine_think_coup speaks the Jieqi dialect);
 * the built-in AI plays cờ úp through game/coup_seat.h instead. */
bool sys_player_speaks_coup(const sys_player *p);
/* Thinks on a player's view (ct_coup_view of the side to move; nothing else is sent) like
 * sys_player_think; an engine only (the AI: SYS_PLAYER_CRASH with the reason). */
void sys_player_think_coup(sys_player *p, const ct_coup_pos *view, const ct_limits *lim,
                           ct_progress_fn progress, void *user, sys_player_result *res);

/* Loads the opening book from path (a text book or the master-games index), or when path is
 * NULL from $COTUONG_BOOK or book.txt where sys_data_find finds it. Returns NULL when there
 * is none; a path that is missing, binary or holds no book line is said on stderr. */
ct_book *sys_player_load_book(const char *path);

#endif
