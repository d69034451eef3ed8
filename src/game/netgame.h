/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — one game with someone through the lobby, whatever shows it: the game model
 * bound to a link (game/remote.h), the other side's seat remote, the link's events turned
 * into the game's changes and into notes for the user, offers and answers (draw, undo only
 * when the other side agrees, resignation), chat, the watcher's own view of the moves, and
 * every change kept at once in this side's lobby resume file. Shared by the line mode of
 * `cotuong host/join/watch` (cli/netplay.c) and the full-screen play mode; no curses.
 *
 * The owner keeps the game (any game model, e.g. the play mode's own) and, every loop turn:
 * netgame_step() (never blocks), game_tick() on the game, netgame_tick_event() with what
 * the tick did, then netgame_next_note() until false. After a move of the user it calls
 * netgame_step() again or simply waits for the next turn: what changed is sent then. */
#ifndef COTUONG_GAME_NETGAME_H
#define COTUONG_GAME_NETGAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/game.h"
#include "game/remote.h"

#define NETGAME_NOTES 32
#define NETGAME_TEXT_MAX 800
#define NETGAME_CHAT_LINES 4
#define NETGAME_GRACE_S 600 /* an away guest's seat waits 10 minutes, then: adjourned */

typedef enum {
    NETGAME_NOTE_INFO = 0, /* something the user should read (joined, away, offers) */
    NETGAME_NOTE_CHAT,     /* "<name> text" from the other player (sanitized) */
    NETGAME_NOTE_ERROR,    /* the session stopped (link gone, disagreement) */
    NETGAME_NOTE_BOARD,    /* the board changed under the user (snapshot, takeback) */
    NETGAME_NOTE_OVER,     /* the game ended (the result is in the game) */
    NETGAME_NOTE_ASK,      /* the other player asks: a draw (ask_draw) or an undo (ask_undo) */
} netgame_note_kind;

typedef struct {
    netgame_note_kind kind;
    char text[NETGAME_TEXT_MAX];
} netgame_note;

typedef struct {
    remote *r;
    game *g;                /* the owner's game model */
    bool host;
    int me;                 /* CT_RED, CT_BLACK or PROTO_SEAT_WATCHER */
    bool built;             /* the game stands (joiner: from the host's snapshot) */
    bool draw_to_me;        /* the other player offers a draw */
    int undo_to_me;         /* the other player asks to take back to this ply, -1 none */
    int undo_mine;          /* we asked for this ply, -1 none */
    int view;               /* watcher: the ply shown, -1 = live */
    bool stop;              /* the session is over: the owner leaves */
    int status;             /* exit status (1 link lost, 3 disagreement) */
    bool over_noted;
    bool over_saved;        /* the finished game went to save_as (tried once) */
    bool saved;
    bool autosave_failed;
    char save_as[1024];     /* the PGN written when the game ends or stops ("" none) */
    char resume_path[1100]; /* this side's lobby resume file ("" none) */
    int watchers;
    int64_t grace_ms;       /* host: how long an away guest's seat waits (set after host) */
    int64_t away_since;     /* host: when the guest's link dropped, 0 while here */
    bool adjourned;         /* the game stopped unfinished (grace time, the host left) */
    /* what was last kept: a change of any is written at once */
    int kept_node, kept_plies;
    ct_result kept_result;
    bool kept_paused, kept_once;
    netgame_note notes[NETGAME_NOTES];
    int note_head, note_n;
    char chat[NETGAME_CHAT_LINES][NETGAME_TEXT_MAX]; /* the last lines, oldest first */
    int nchat;
    /* cờ úp (see the end of this header) */
    bool coup;
    char coup_salt[65];     /* host: the salt of its commitment (its own files only) */
    bool coup_checked;      /* joiner: the disclosure was checked ... */
    bool coup_verified;     /* ... and it agreed with the commitment and every reveal */
    bool coup_echoed;       /* joiner: its own move came back and was played */
    game_report coup_report;
    uint64_t coup_rng;
} netgame;

/* The host: the game g offered (resumed moves and clocks when resumed is not NULL, with its
 * tags), the guest's seat remote, clocks stopped until the guest is here. Takes r. */
void netgame_host(netgame *n, remote *r, game *g, const game_setup *setup,
                  const ct_record *resumed, int64_t now);
/* A guest or a watcher: the game is built when the host's snapshot comes. Takes r. */
void netgame_join(netgame *n, remote *r, game *g);

/* Reads and writes the link, handles its events, sends and keeps what changed. */
void netgame_step(netgame *n, int64_t now);
/* What game_tick() did, for a joiner: a host's move its own core refuses stops the game. */
void netgame_tick_event(netgame *n, const game_tick_event *t);
bool netgame_next_note(netgame *n, netgame_note *out);

/* The user's turn to move now (a player, the game built and running, its side to move,
 * the opponent here); false with why otherwise. */
bool netgame_may_move(const netgame *n, const char **why);
/* The name of a side's player ("you" for this side; "" unknown). */
const char *netgame_name(const netgame *n, int side);
/* A side's time left at now in ms (-1 without a clock). */
int64_t netgame_clock(const netgame *n, int side, int64_t now);
/* The side whose clock runs (PROTO_STOPPED none). */
int netgame_clock_side(const netgame *n, int64_t now);

/* The user's actions; each returns a note for the user in msg (may be ""). False when it
 * cannot be done now (msg says why). */
bool netgame_resign(netgame *n, int64_t now, char *msg, size_t size);
bool netgame_offer_draw(netgame *n, char *msg, size_t size);
bool netgame_answer_draw(netgame *n, bool yes, int64_t now, char *msg, size_t size);
bool netgame_ask_undo(netgame *n, char *msg, size_t size);
bool netgame_answer_undo(netgame *n, bool yes, int64_t now, char *msg, size_t size);
bool netgame_chat(netgame *n, const char *text, char *msg, size_t size);

/* A watcher steps through the moves played (delta -1 back, +1 forward, 0 live; first: to
 * the start); the players are not disturbed. The position shown into pos (false: live).
 * Cờ úp: netgame_view_coup gives it as this side could know it at that ply (the watcher's
 * or the player's view then, game_coup_view_at; never a later reveal or capture), and
 * netgame_view_pos is false. */
void netgame_view_step(netgame *n, int delta, bool first);
bool netgame_view_pos(const netgame *n, ct_pos *pos);
bool netgame_view_coup(const netgame *n, ct_coup_pos *out);

/* Writes the game as both sides save it (no side's bookkeeping tags) to path; the note
 * says where or why not. 0 or -1. */
int netgame_save(netgame *n, const char *path, char *msg, size_t size);

/* Cờ úp. The host's program deals, referees and commits to the deal (remote.h); a joiner's
 * game holds what the host revealed, the pieces nobody has seen dealt at random and dealt
 * again as reveals come (game_coup_set_deal): its screen, its files and its seat see only
 * views, and the host's moves are checked against what was revealed before. The joiner's
 * own move goes to the host first: netgame_send_move() is true when it took the move (the
 * caller plays nothing), and the game plays it when the host's echo says what it revealed;
 * netgame_echo() then gives it once (its report), for the screen to word. At the end the
 * disclosure is checked and a note says whether every reveal matched the commitment. */
bool netgame_send_move(netgame *n, ct_move mv, char *msg, size_t size);
bool netgame_echo(netgame *n, game_report *rep);

/* Leaves: keeps the game (the host adjourns an unfinished one; a game nobody joined and
 * nobody moved in leaves no file), says goodbye, writes save_as. Frees the link (not the
 * game). */
void netgame_end(netgame *n);

/* The newest unfinished hosted game kept in the state directory: its record into *out
 * (free with ct_pgn_free_games(out, 1)) and its path. 0, or -1 with err ("" none). */
int netgame_find_resumable(ct_record **out, char *path, size_t pathsize, char *err,
                           size_t errsize);

/* The game a host offers, from its configuration: the host's side human, the other
 * remote. */
void netgame_setup_of(const remote_host_config *cfg, game_setup *setup);
/* A host's configuration for an adjourned game (rules, clock, sides, guest, id from its
 * tags; strings point into rec). The rest of cfg is left as it was. */
void netgame_config_of(const ct_record *rec, remote_host_config *cfg);

#endif
