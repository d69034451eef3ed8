/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — a game played with someone on this machine (or over SSH): the hosting side,
 * which serves its game in the lobby to one guest and its watchers and is the referee and
 * clock keeper, and the joining side (a guest or a watcher), which follows the host's game
 * and checks every move with its own core. Both speak game/proto.h; no curses.
 *
 * The owner (the program's loop) polls the descriptors of remote_fds(), then calls
 * remote_step(), which does all the reading and writing without ever blocking, and reads
 * the events it produced with remote_next_event(). The game itself lives in a game model
 * (game/game.h) that the owner keeps: after every change it calls remote_publish(), which
 * sends what changed (new moves with the clocks, a takeback, the result). The other side's
 * moves come into the game through a seat (remote_seat_new): its think waits for the move
 * from the link, and the game's referee then plays it. A peer that breaks the protocol, is
 * too fast, too slow to read or silent in its greeting is disconnected; nothing it sends
 * can crash, block or confuse this side.
 *
 * Threads: every function is called by the owner thread, except the seat's think, which
 * only waits on the link's lock. */
#ifndef COTUONG_GAME_REMOTE_H
#define COTUONG_GAME_REMOTE_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/game.h"
#include "game/proto.h"
#include "game/seat.h"
#include "sys/lobby.h"
#include "cotuong/coup.h"

typedef struct remote remote;

#define REMOTE_MAX_CONNS 34  /* the guest, watchers and listings at once */
#define REMOTE_GREET_MS 5000 /* a peer must say hello within this */
#define REMOTE_NAME_MAX 33

typedef enum {
    REMOTE_EV_NONE = 0,
    REMOTE_EV_JOINED,   /* host: the guest (name) took the free seat, or came back */
    REMOTE_EV_AWAY,     /* host: the guest's link dropped; joiner: the opponent is away */
    REMOTE_EV_BACK,     /* joiner: the opponent is back */
    REMOTE_EV_SYNCED,   /* joiner: the snapshot is in (remote_game_* give it): build the game */
    REMOTE_EV_TAKEBACK, /* joiner: the host took the game back to ply plies */
    REMOTE_EV_RESULT,   /* joiner: the game ended (result, reason; adjourned) */
    REMOTE_EV_CLOCK,    /* joiner: new clock times (remote_clock_left) */
    REMOTE_EV_DRAW,     /* the other player offers (arg PROTO_OFFER), accepts or declines */
    REMOTE_EV_UNDO,     /* the other player asks (PROTO_ASK, ply) or answers an undo */
    REMOTE_EV_RESIGN,   /* host: the guest resigns */
    REMOTE_EV_CHAT,     /* text (sanitized) from name */
    REMOTE_EV_WATCHERS, /* count changed */
    REMOTE_EV_REFUSED,  /* host: someone (name) was turned away; text says why */
    REMOTE_EV_CLOSED,   /* joiner: the link is gone (text: why); host: never */
    REMOTE_EV_DISAGREE, /* joiner: the host's game differs from what our core allows (text) */
    REMOTE_EV_BAD,      /* host: the guest (name) sent what it may not know (text: what);
                           its link is closed, the game kept */
    REMOTE_EV_DISCLOSED, /* joiner, cờ úp: the host disclosed its deal (remote_coup_*) */
} remote_event_kind;

typedef struct {
    remote_event_kind kind;
    int arg;   /* draw / undo word */
    int ply;   /* undo, takeback */
    int count; /* watchers */
    ct_result result;
    ct_end_reason reason;
    bool adjourned;
    char name[REMOTE_NAME_MAX];
    char text[PROTO_TEXT_MAX * 3 + 1];
} remote_event;

/* ------------------------------------------------------------------ hosting */
typedef struct {
    const char *lobby;         /* NULL: lobby_dir(NULL) */
    lobby_allow allow;         /* --for (n == 0: everyone) */
    bool no_watchers;
    int host_side;             /* CT_RED or CT_BLACK */
    ct_rules rules;
    ct_time_control tc;
    const char *fen;           /* NULL or "": the standard start */
    const char *guest_user;    /* resuming: only this user may take the seat (NULL: anyone) */
    const char *id;            /* resuming: the game's id again when it is free (NULL: new) */
    int grace_s;               /* an away guest's seat waits this long, then the game is
                                  adjourned (0: NETGAME_GRACE_S); used by game/netgame.h */
    bool coup;                 /* cờ úp (the deal: game/netgame.h commits to it) */
    uint64_t coup_seed;        /* cờ úp: the deal's seed (0: from the OS) */
} remote_host_config;

/* Listens in the lobby. NULL with the reason in err. */
remote *remote_host_new(const remote_host_config *cfg, char *err, size_t errsize);
/* The game's id in the lobby ("" for a joiner over relay that was not given one) and the
 * code the host's own account must give to play. */
const char *remote_id(const remote *r);
const char *remote_code(const remote *r);
/* Whether a guest holds the seat and is connected now; its name ("" before anyone came). */
bool remote_guest_here(const remote *r);
const char *remote_guest_name(const remote *r);
/* This process's account name (the kernel's). */
const char *remote_my_name(const remote *r);

/* ------------------------------------------------------------------ joining */
/* Connects to the game (an id, the host's user name, or a game code of one's own account)
 * in the lobby as a player or a watcher and greets it. NULL with the reason in err. */
remote *remote_join(const char *lobby, const char *which, bool watch, char *err, size_t errsize);
/* The same over two descriptors already connected to `cotuong relay` (SSH's streams); id
 * names the game for this side's files when known (NULL otherwise). */
remote *remote_join_fds(int rfd, int wfd, const char *code, const char *id, bool watch, char *err,
                        size_t errsize);
/* After REMOTE_EV_SYNCED: the game's setup, its moves and the names. my_side is CT_RED,
 * CT_BLACK or PROTO_SEAT_WATCHER. */
void remote_game_setup(const remote *r, ct_rules *rules, ct_time_control *tc, char *fen,
                       size_t fensize);
int remote_game_moves(const remote *r, ct_move *out, int max);
int remote_my_side(const remote *r);
const char *remote_side_name(const remote *r, int side);
/* The host's clock at now: main time left of side (ms, -1 none), interpolated from the
 * last clock message; *running gets the side whose clock runs (PROTO_STOPPED none). */
int64_t remote_clock_left(const remote *r, int side, int64_t now, int *running);

/* One game of the lobby as `cotuong games` shows it. The host's name is the kernel's word
 * (the listening process's credentials); the rest is what the host says. */
typedef struct {
    char id[LOBBY_ID_LEN + 1];
    char host[REMOTE_NAME_MAX];
    uid_t host_uid;
    char guest[REMOTE_NAME_MAX]; /* "-" before anyone joined */
    ct_rules rules;
    ct_time_control tc;
    int ply;
    int watchers;
    int state; /* proto_state */
    bool coup; /* cờ úp */
} remote_listing;

/* The games of the lobby dir that this user may see (a host tells nothing to a user not on
 * its --for list), sorted by id; returns how many (at most max), -1 with err when the lobby
 * is unsafe or unreadable. Each game is asked with a one-second limit. */
int remote_list(const char *dir, remote_listing *out, int max, char *err, size_t errsize);

/* Which game of the lobby `which` names (see remote_join; NULL or "": the only one open to
 * this user); its id into id (LOBBY_ID_LEN + 1 bytes). -1 with err when none or several. */
int remote_find(const char *dir, const char *which, bool watch, char *id, char *err,
                size_t errsize);

/* ------------------------------------------------------------------ both */
void remote_free(remote *r);
bool remote_is_host(const remote *r);
int remote_watchers(const remote *r);
/* Descriptors to poll (at most REMOTE_MAX_CONNS + 1); returns how many were written. */
int remote_fds(const remote *r, struct pollfd *fds, int max);
/* Reads and writes what it can, accepts and greets; never blocks. */
void remote_step(remote *r, int64_t now);
/* The next event, false when there is none. */
bool remote_next_event(remote *r, remote_event *ev);
/* Sends what changed in g since the last call: new moves (the host adds the clocks after
 * each), a takeback, the result. The joiner sends only its own new move. */
void remote_publish(remote *r, const game *g, int64_t now);
/* Messages to the other player (and, for chat from the host, to the watchers too). */
void remote_send_draw(remote *r, proto_draw what);
void remote_send_undo(remote *r, proto_undo what, int ply);
void remote_send_resign(remote *r);
void remote_send_chat(remote *r, const char *text);
/* Says goodbye to everyone (bye REASON) and flushes what it can within a short time. */
void remote_close(remote *r, const char *reason);

/* A seat for the other side of the board: its think waits for that side's move from the
 * link (the seat does not own r; free the seat before r). */
game_seat *remote_seat_new(remote *r);

/* Sets the game's end as the host reported it (joiner: the referee's own state is moved to
 * that result, so the record and the saved game carry it). */
void remote_apply_result(game *g, ct_result result, ct_end_reason reason, int64_t now);

/* ------------------------------------------------------------------ cờ úp */
/* The fair game (cotuong/coup_commit.h): the host commits to deal under salt_hex before the
 * first move, sends each move's reveal to everyone and what a face-down capture took to the
 * guest alone when the guest took it, and discloses deal and salt after the result. The
 * joiner keeps what it was told; it sends its own move with remote_send_move and the game
 * plays it when the host's echo says what it revealed. */
bool remote_is_coup(const remote *r);
void remote_coup_set(remote *r, const ct_coup_deal *deal, const char *salt_hex);
/* The commitment ("" before the host's snapshot). */
const char *remote_coup_commitment(const remote *r);
/* The moves as told to this side: reveals[i], taken[i] (0: none or not told). */
int remote_coup_line(const remote *r, ct_move *moves, uint8_t *reveals, uint8_t *taken, int max);
/* The disclosure once it came: false before. */
bool remote_coup_disclosure(const remote *r, char deal[32], char salt[65]);
/* The ply the other side's seat waits for (the game's plies + 1): the owner sets it every
 * turn, the cờ úp game's ct_pos does not move. */
void remote_coup_expect(remote *r, int ply);
/* Joiner: sends this side's move at ply; false when it is not this side's turn or a move
 * already waits for its echo. remote_sent_ply: that ply (0 none). */
bool remote_send_move(remote *r, int ply, ct_move mv);
int remote_sent_ply(const remote *r);
/* Joiner: stops the link because the host's game cannot be right (text says why). */
void remote_disagree(remote *r, const char *text);

#endif
