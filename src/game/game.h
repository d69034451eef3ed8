/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the game model: ONE game, played or reviewed, with no curses. It is the core's
 * record (tags, start, the move tree with variations, comments, marks, result and reason)
 * plus a current node and its position, the referee's ct_match, the chess clock, who sits
 * at each side (sys_player_spec) and their seats (game/seat.h, thinking off the UI thread).
 *
 * Lines. The main line of the record is the game. In play (g->review false) a move is made
 * at the current node and becomes the main line; moves undone stay after the current node
 * as the redo line until a different move replaces them. In review (g->review true) a new
 * move at a node that has a continuation is added as a variation and nothing is removed.
 *
 * Time. Every call that may run a clock takes `now` (monotonic ms, sys_now_ms()), so tests
 * drive the clocks by hand. Undo gives both sides the time they had before the move; redo
 * gives back the times they had after it (kept per node), so undo + redo changes nothing.
 *
 * Autosave. Every change (move, undo, redo, new game, result, comment, mark, variation,
 * deletion, promotion, tags) calls the one sink given to game_set_sink() once, after the
 * change; navigation alone (review stepping) does not. The sink writes the resume file.
 *
 * Seats. game_open_seats() starts the AI/engine of each non-human side; game_tick() plays
 * their moves (and handles loss on time); the UI calls it every loop turn. A remote player
 * is a seat of its own kind: game_set_seat() puts any seat at a side.
 *
 * Cờ úp (setup.variant GAME_VARIANT_COUP). The same model: the record holds the moves, the
 * clock and ct_match run as in cờ tướng, but the position is g->coup, the REFEREE's (it
 * knows the deal drawn from setup.coup_seed, or setup.coup_deal); g->pos stays at the
 * standard start and means nothing. Whatever goes to a player -- a screen, a seat, a file
 * -- comes from game_coup_view(g, viewer): the built-in AI seat (game/coup_seat.h) thinks
 * on its side's view, the resume snapshot holds only the moves and their reveals (public),
 * game_coup_pgn writes the deal only when asked for the referee. game_play reports the
 * reveal; its text is the coordinates with the reveal ("h2e2=R"): the UI words the move
 * from the view it showed. An external UCI engine plays cờ úp in the Jieqi dialect
 * (game_coup_engine_seat); a seat kind plays it when it takes a view (ops->coup_view). In the lobby a
 * joiner's game knows only what the host told it (game_coup_set_deal, game/netgame.h). */
#ifndef COTUONG_GAME_GAME_H
#define COTUONG_GAME_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/seat.h"
#include "sys/player.h"
#include "cotuong/clock.h"
#include "cotuong/coup.h"
#include "cotuong/notation.h"
#include "cotuong/record.h"
#include "cotuong/rules.h"

/* The game played: cờ tướng, or cờ úp (揭棋, Jieqi: the pieces but the kings dealt face
 * down, include/cotuong/coup.h). */
typedef enum {
    GAME_VARIANT_STANDARD = 0,
    GAME_VARIANT_COUP,
} game_variant;

/* How a game is set up: what `play` options and the start menu choose. */
typedef struct {
    game_variant variant;
    uint64_t coup_seed;            /* cờ úp: the deal is drawn from it (ct_coup_deal_random) */
    bool coup_dealt;               /* cờ úp: coup_deal is the deal (a resumed or read game),
                                      coup_seed is then not its seed */
    ct_coup_deal coup_deal;
    char fen[128];                 /* "" = the standard start (cờ úp: always its start) */
    ct_rules rules;
    ct_time_control tc;
    sys_player_spec players[2];    /* [CT_RED], [CT_BLACK] */
    char names[2][64];             /* the players' names for the record's Red and Black tags
                                      ("" = from players[]: "human", "ai-level-5", the
                                      engine's); the lobby puts the accounts here */
    int threads;                   /* search threads of the hint (0 = 1) */
} game_setup;

typedef enum {
    GAME_CHANGE_MOVE = 0, /* a move was played (by a human or a seat) */
    GAME_CHANGE_UNDO,
    GAME_CHANGE_REDO,
    GAME_CHANGE_NEW,      /* a new game, or a game loaded */
    GAME_CHANGE_END,      /* resignation, draw agreed or claimed, time, forfeit */
    GAME_CHANGE_EDIT,     /* comment, mark, deletion, promotion, tags */
} game_change;

typedef struct game game;
typedef void (*game_sink_fn)(void *user, const game *g, game_change what);

struct game {
    ct_record rec;                 /* the whole game: read it, change it through game_* */
    int node;                      /* current node */
    ct_pos *pos;                   /* position at node (history from the start); in cờ úp the
                                      standard start, unused: read the view instead */
    ct_coup_pos *coup;             /* cờ úp: the REFEREE's position at node (it knows the
                                      deal), NULL in cờ tướng. Never show it or hand it to a
                                      player: game_coup_view() */
    ct_coup_deal coup_deal;        /* cờ úp: the deal in force */
    ct_match match;                /* the referee's state on the line through node */
    ct_verdict verdict;            /* the verdict of the position at node */
    ct_time_control tc;
    ct_clock clock;
    game_setup setup;              /* as started (rules, tc and players are current) */
    bool review;                   /* new moves branch (review) or replace the redo line */
    bool modified;                 /* changed since game_mark_saved() */
    bool paused;                   /* no seat thinks, the clock stands */
    int pace_ms;                   /* a seat's move is played no sooner than this after the
                                      turn began (AI against AI), 0 = at once */
    char path[1024];               /* the file it was saved to or opened from, "" */
    ct_notation notation;          /* the notation of the reports' move texts (the UI keeps
                                      it to its setting; CT_NOTATION_DEFAULT at first) */
    /* private */
    int64_t (*clock_after)[2];     /* per node: both main times left after its move */
    int clock_cap;
    game_sink_fn sink;
    void *sink_user;
    int quiet;
    game_seat *seats[2];
    game_seat *hint;
    const ct_book *book;
    int64_t turn_began;
    bool hint_wanted;
};

/* Outcome of an action. */
typedef enum {
    GAME_OK = 0,
    GAME_ILLEGAL,   /* the move is not legal (see game_play's why) */
    GAME_OVER,      /* the game has ended: undo or start anew */
    GAME_FLAGGED,   /* the mover's time had run out: the move is refused, the game ends */
    GAME_FULL,      /* too many moves */
    GAME_NOTHING,   /* nothing to undo / redo / claim */
} game_status;

/* An empty game from the standard start, two humans, rules online, no clock. */
void game_init(game *g);
void game_free(game *g);
void game_setup_default(game_setup *s);
/* The sink that receives every change (NULL = none). */
void game_set_sink(game *g, game_sink_fn fn, void *user);

/* A new game (seats are closed: open them again). CT_ERR_INVALID for a bad FEN. */
ct_status game_new(game *g, const game_setup *setup, int64_t now);
/* Takes over rec (ownership passes; rec is left empty) as the game, at node (CT_ROOT or
 * any live node, e.g. the main line's end). The match is replayed through the referee up
 * to node; rules/tc/players come from setup. In review the clock does not run. */
void game_load(game *g, ct_record *rec, int node, const game_setup *setup, int64_t now);

/* ------------------------------------------------------------------ playing */
/* What game_play did with a move: the UI words it and never checks or formats the move
 * itself. */
typedef struct {
    game_status status;          /* GAME_OK: played; otherwise refused (or flagged) */
    ct_illegal_reason why;       /* with GAME_ILLEGAL: the core's reason (ctl_why_text words it) */
    ct_move move;
    int mover;                   /* the side that moved (or tried to) */
    char text[CT_MOVE_TEXT_MAX]; /* played: the move in g->notation, from the position
                                    before it (cờ úp: "h2e2=R"); "" otherwise */
    bool check;                  /* played: it gives check */
    int captured;                /* played: the piece taken (CT_ROOK, ...), CT_NO_TYPE if none;
                                    cờ úp: what it was (the referee's knowledge) */
    bool captured_down;          /* cờ úp: the piece taken was face down (only the mover may
                                    learn `captured`: its owner must not) */
    int reveal;                  /* cờ úp: the type the move turned face up, 0 none */
    bool over;                   /* the game has ended with it (played or flagged) */
    ct_result result;            /* with over: the result and why (g->match has them too) */
    ct_end_reason reason;
    ct_verdict verdict;          /* played: the referee's verdict (claims, repetitions) */
} game_report;

/* Plays mv at the current node for the side to move: checks its legality once (the
 * referee's reason when it is not legal), presses the clock, adds it to the record at the
 * current node without replaying the game, judges it. Returns the status and fills *rep
 * (may be NULL): GAME_ILLEGAL with rep->why; GAME_OVER; GAME_FULL; GAME_FLAGGED (the mover's
 * time had run out: the move is not played and the game ends on time); GAME_OK with the
 * move's text, check, capture and verdict (also in g->verdict). */
game_status game_play(game *g, ct_move mv, int64_t now, game_report *rep);
/* One move back / forward on the current line, clocks restored (see the top). */
game_status game_undo(game *g, int64_t now);
game_status game_redo(game *g, int64_t now);
bool game_can_redo(const game *g);
/* The game is over on the current line. */
bool game_over(const game *g);
/* Resignation, draw offer / answer / claim at the current node. */
game_status game_resign(game *g, int side, int64_t now);
game_status game_offer_draw(game *g, int side);
game_status game_accept_draw(game *g, int side, int64_t now);
void game_decline_draw(game *g);
game_status game_claim_draw(game *g, int64_t now);
/* Checks the clock: when the side to move has run out, the game ends on time (or is
 * aborted, see ct_match_time_out). True when that happened now. */
bool game_check_time(game *g, int64_t now);
/* Stops / restarts the clock and the seats (a deliberate quit, a pause). */
void game_pause(game *g, bool paused, int64_t now);
/* Moves made on the current line (plies from the start position) and full moves
 * ("8 moves" = 15 or 16 plies from a Red start). */
int game_plies(const game *g);
int game_full_moves(const game *g);
/* The side to move / the side that started. */
int game_side(const game *g);
/* Main time left of side at now (the per-move time left for the side to move when the
 * control has no main time; the whole per-move allowance for the other side). */
int64_t game_time_left(const game *g, int side, int64_t now);

/* ------------------------------------------------------------------ cờ úp */
bool game_is_coup(const game *g);
/* What viewer (CT_RED, CT_BLACK, CT_COUP_WATCHER) may know of the position at the current
 * node (ct_coup_view of the referee's). Every screen, seat, file and peer of one player
 * gets the position from here. */
void game_coup_view(const game *g, int viewer, ct_coup_pos *out);
/* The same as viewer could know it after the first ply moves of the line (ply < 0 or past
 * the current node: now): the referee's position taken back to that ply, then viewed -- a
 * piece revealed or taken later is as hidden as it was then. For stepping back. */
void game_coup_view_at(const game *g, int viewer, int ply, ct_coup_pos *out);
/* Replaces the deal and replays the position to the current node (moves, clocks, seats
 * kept): a lobby joiner's game, whose deal is what the host has revealed so far plus
 * pieces nobody has seen dealt at random, learns each new reveal so. */
void game_coup_set_deal(game *g, const ct_coup_deal *deal);
/* Whom the one screen at this game shows: the one human side, else (two humans at one
 * screen, or two computers) a watcher. Hot-seat cannot hide a captured piece from its
 * owner's eyes at the same screen, so it shows what a watcher sees. */
int game_coup_viewer(const game *g);
/* The reveal of each move of the main line (out[i]: the type the i-th move turned up, 0
 * none): public, every player saw it. Returns the count (at most max). */
int game_coup_reveals(const game *g, uint8_t *out, int max);
/* The game as cờ úp PGN (coup_pgn.h), with the record's tags and game_fill_tags' (the
 * players' names as setup.names or their specs give them). referee: the deal's tags
 * (CoupSeed when the deal came from it, CoupDeal) go in -- only for a game that is over or a
 * file for the referee. omit: tags left out (NULL-ended list, or NULL). */
ct_status game_coup_pgn(game *g, bool referee, const char *const *omit, char **out, size_t *len);
/* Writes it to path atomically (the deal in it only once the game is over); 0, or -1 with
 * the reason in err. */
int game_coup_save(game *g, const char *path, char *err, size_t errsize);
/* Reads a cờ úp PGN (the first game of buf) as the game, at the end of its main line, in
 * review or in play (players from setup, may be NULL: two humans). A record without the deal
 * (a player's file) has its unseen pieces dealt from redeal_seed. False, nothing changed,
 * with the reader's message in err (it names the move whose reveal contradicts the deal). */
bool game_coup_open(game *g, const char *buf, size_t len, bool review, const game_setup *setup,
                    uint64_t redeal_seed, int64_t now, char *err, size_t errlen);

/* ------------------------------------------------------------------ seats */
/* Opens the seats of the non-human players (book may be NULL and must outlive the game).
 * A seat that cannot start is left to a human: false with the reason in err. */
bool game_open_seats(game *g, const ct_book *book, char *err, size_t errlen);
/* Puts seat (ownership passes; NULL = a human) at side, closing the one there. spec says
 * who it is (for tags and the resume file). */
void game_set_seat(game *g, int side, game_seat *seat, const sys_player_spec *spec);
void game_close_seats(game *g);
game_seat *game_seat_of(const game *g, int side);
/* True when the side to move is a human (no seat). */
bool game_human_turn(const game *g);

typedef enum {
    GAME_TICK_NONE = 0,
    GAME_TICK_MOVED,     /* a seat played ev->move (g->verdict is its verdict) */
    GAME_TICK_HINT,      /* the hint asked with game_hint() is ev->move */
    GAME_TICK_TIME,      /* the side to move lost on time */
    GAME_TICK_FORFEIT,   /* a seat failed (ev->detail) or resigned: it lost */
} game_tick_kind;

typedef struct {
    game_tick_kind kind;
    int side;
    ct_move move;
    char detail[160];
    game_report report;  /* GAME_TICK_MOVED: what game_play reported for the seat's move */
} game_tick_event;

/* Advances the game at now: loss on time, a seat's finished think (played once the pace
 * allows), the next seat's think started. Call it every loop turn. */
game_tick_event game_tick(game *g, int64_t now);
/* The seat thinking now (for its progress), or NULL. */
game_seat *game_thinking(const game *g);
/* Asks the thinking seat to move now (best so far). */
void game_move_now(game *g);
/* Asks the built-in AI (level 8) for a hint for the side to move; it comes as
 * GAME_TICK_HINT. False when none can be given (not a human's turn, over). */
bool game_hint(game *g);
void game_cancel_hint(game *g);
/* Cancels every think (undo, new game, quit): results are thrown away. */
void game_cancel_thinking(game *g);

/* ------------------------------------------------------------------ the tree (review) */
bool game_goto(game *g, int node);
bool game_forward(game *g);        /* to the first child */
bool game_back(game *g);           /* to the parent (no clock: navigation) */
bool game_first(game *g);
bool game_last(game *g);           /* to the end of the current line */
bool game_next_variation(game *g); /* the next / previous alternative to the current move */
bool game_prev_variation(game *g);
bool game_enter_variation(game *g, int i); /* i-th alternative (1 = first) of the next move */
bool game_leave_variation(game *g);        /* back to the move the variation replaces */
/* Nodes of the current line from the first move to its end; *cur = index of the current
 * node (-1 at the root). Returns n (at most max). */
int game_line(const game *g, int *out, int max, int *cur);
/* 0 on the main line, 1 inside a variation, ... */
int game_variation_depth(const game *g, int node);

/* Comment of a node (the root: before the first move); no length limit; NULL/"" removes. */
ct_status game_set_comment(game *g, int node, const char *text);
void game_set_nag(game *g, int node, int nag);
/* Deletes node and what follows (not the root); the current node moves up if inside. */
bool game_delete(game *g, int node);
/* Makes node's line the main line. */
void game_promote(game *g, int node);
ct_status game_set_tag(game *g, const char *name, const char *value);

/* ------------------------------------------------------------------ saving */
/* The record with the tags a saved game carries (Event, Date, Red, Black from the players'
 * names, Rules, TimeControl, RedPlayer, BlackPlayer) brought up to date, result and
 * termination from the main line. */
void game_fill_tags(game *g, const char *date);
void game_mark_saved(game *g, const char *path);

/* ------------------------------------------------------------------ the resume file */
/* What the resume file says beside the game (sys/resume.h lists the tags). */
typedef struct {
    const char *mode;        /* "play" or "review" */
    const char *source;      /* review: the file it came from, or NULL */
    int source_game;         /* review: which game of that file (0-based) */
    const char *notation;    /* the notation shown, or NULL */
    const char *interrupted; /* "signal", "quit", or NULL while the program runs */
} game_resume_info;

/* Removes the tags only the resume file has (Mode, Source, SourceGame, Unchanged, Notation,
 * Interrupted, Ply, PlyCount, the clocks) from rec. */
void game_strip_resume_tags(ct_record *rec);

/* A copy of the game for the resume file (tags of game_fill_tags plus the resume tags; the
 * clocks as they are at now, the turn in progress charged). Free with ct_record_free. */
void game_snapshot(const game *g, int64_t now, const game_resume_info *info, ct_record *out);
/* Takes over a record written by game_snapshot (ownership passes): players, rules, time
 * control and clocks from its tags, the current node from Ply, the match replayed. In
 * play the clock starts at now with the times saved. False (nothing changed) with the
 * reason in err when a tag cannot be read. */
bool game_restore(game *g, ct_record *rec, bool review, int64_t now, char *err, size_t errlen);

#endif
