/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the line protocol of a hosted game (version 1): one message per line, spoken
 * between the hosting process (the referee and clock keeper) and its guest, its watchers and
 * `cotuong games`, over a Unix domain socket or SSH's standard streams. This module formats
 * every message and parses with full validation; a reader frames lines with limits on line
 * length and rate. Pure: no I/O, no clock (callers pass the time), no curses.
 *
 * A line is ASCII words separated by one space, ending in '\n', at most PROTO_LINE_MAX bytes;
 * only chat and bye texts may hold UTF-8, and they are sanitized on reading. The lines, by
 * direction (H = host, G = guest or watcher):
 *   both  hello 1 ROLE [CODE]       ROLE host|player|watcher|list; CODE for the host's own
 *                                   account (6 characters A-Z2-9); a version other than 1 is
 *                                   answered with "bye version"
 *   H     info HOST GUEST RULES TC PLY WATCHERS STATE [coup]   for "list"; GUEST "-" when
 *                                   none, STATE open|playing|away|over, coup for cờ úp
 *   H     seat red|black|watcher RED_NAME BLACK_NAME    who plays which side ("-" = nobody)
 *   H     game RULES TC startpos|coup|FEN               opens a snapshot: start again from it
 *                                   (coup: cờ úp from its own deal, include/cotuong/coup.h)
 *   H     commit HEX                cờ úp: the host's commitment to the deal, right after
 *                                   game (64 hex digits, cotuong/coup_commit.h)
 *   both  move PLY ICCS [RED_MS BLACK_MS]   PLY = the ply the move makes (1 = the first);
 *                                   from the host with the clocks after it. Cờ úp, from the
 *                                   host only: ICCS=L when the move turned a face-down piece
 *                                   up as L (A B N R C P), and xL after it, to the capturer
 *                                   only, when it took a face-down piece that was an L
 *   H     clock RED_MS BLACK_MS red|black|stopped        time left; whose clock runs
 *   H     sync PLY                  the snapshot is complete with PLY plies
 *   both  draw offer|accept|decline
 *   G     resign
 *   both  undo ask|yes|no PLY       take back to PLY plies (needs the other side's yes)
 *   H     takeback PLY              the referee took the game back to PLY plies
 *   both  chat TEXT
 *   H     watchers N
 *   H     result 1-0|0-1|1/2-1/2|* REASON     REASON as ct_end_reason_name (or "adjourned")
 *   H     peer away|back            the opponent's link dropped / is back
 *   both  bye REASON [TEXT]         the sender closes; REASON a word [a-z0-9-]
 *   H     disclose DEAL SALT        cờ úp, after the result: the deal (31 characters,
 *                                   ct_coup_deal_text) and the salt (64 hex digits)
 * Clock times are milliseconds, -1 for none. */
#ifndef COTUONG_GAME_PROTO_H
#define COTUONG_GAME_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cotuong/clock.h"
#include "cotuong/rules.h"

#define PROTO_VERSION 1
#define PROTO_LINE_MAX 512 /* bytes of one line, '\n' included */
#define PROTO_NAME_MAX 32  /* bytes of a user name */
#define PROTO_TEXT_MAX 240 /* bytes of a chat or bye text as sent */
#define PROTO_CODE_LEN 6
#define PROTO_PLY_MAX 2048 /* CT_MAX_HISTORY */
#define PROTO_WATCHERS_MAX 9999

typedef enum {
    PROTO_HELLO = 0,
    PROTO_INFO,
    PROTO_SEAT,
    PROTO_GAME,
    PROTO_MOVE,
    PROTO_CLOCK,
    PROTO_SYNC,
    PROTO_DRAW,
    PROTO_RESIGN,
    PROTO_UNDO,
    PROTO_TAKEBACK,
    PROTO_CHAT,
    PROTO_WATCHERS,
    PROTO_RESULT,
    PROTO_PEER,
    PROTO_BYE,
    PROTO_COMMIT,
    PROTO_DISCLOSE,
    PROTO_TYPE_COUNT,
} proto_type;

typedef enum { PROTO_ROLE_HOST = 0, PROTO_ROLE_PLAYER, PROTO_ROLE_WATCHER, PROTO_ROLE_LIST } proto_role;
/* seat: the side of the receiver; PROTO_SEAT_WATCHER for a watcher */
enum { PROTO_SEAT_WATCHER = 2 };
/* draw */
typedef enum { PROTO_OFFER = 0, PROTO_ACCEPT, PROTO_DECLINE } proto_draw;
/* undo */
typedef enum { PROTO_ASK = 0, PROTO_YES, PROTO_NO } proto_undo;
/* info state */
typedef enum { PROTO_OPEN = 0, PROTO_PLAYING, PROTO_AWAY, PROTO_OVER } proto_state;
/* clock: which clock runs */
enum { PROTO_STOPPED = 2 };

typedef struct {
    proto_type type;
    int version;                      /* hello */
    proto_role role;                  /* hello */
    char code[PROTO_CODE_LEN + 1];    /* hello ("" = none) */
    int side;                         /* seat (CT_RED, CT_BLACK, PROTO_SEAT_WATCHER); clock
                                         (CT_RED, CT_BLACK, PROTO_STOPPED) */
    char name[2][PROTO_NAME_MAX + 1]; /* seat: red, black; info: host, guest ("-" = none) */
    ct_rules rules;                   /* info, game */
    ct_time_control tc;               /* info, game */
    char fen[128];                    /* game: "" = the standard start */
    bool coup;                        /* game, info: cờ úp */
    int reveal;                       /* move: cờ úp, the type turned up (0 none) */
    int taken;                        /* move: cờ úp, the face-down type taken (0 not told) */
    char commit[65];                  /* commit: 64 lower-case hex digits */
    char deal[32];                    /* disclose: the deal's 31 characters */
    char salt[65];                    /* disclose: 64 lower-case hex digits */
    int ply;                          /* move, sync, undo, takeback, info */
    ct_move move;                     /* move */
    bool has_clock;                   /* move: clocks given */
    int64_t clock_ms[2];              /* move, clock: red, black (-1 = none) */
    int arg;                          /* draw (proto_draw), undo (proto_undo), info
                                         (proto_state), peer (1 back, 0 away) */
    int count;                        /* watchers, info */
    ct_result result;                 /* result */
    ct_end_reason reason;             /* result */
    bool adjourned;                   /* result: REASON "adjourned" */
    char word[17];                    /* bye reason */
    char text[PROTO_TEXT_MAX * 3 + 1]; /* chat, bye: sanitized (may grow by U+FFFD) */
} proto_msg;

/* A zeroed message of type t (clocks -1, no code, no text). */
void proto_msg_init(proto_msg *m, proto_type t);

/* Parses one line (without its '\n'; len bytes, need not be NUL-terminated). Returns 0, or
 * -1 with an English reason in err (NUL-terminated, may be cut): unknown word, wrong number
 * of fields, a field out of range, a control byte. Never reads past len. */
int proto_parse(const char *line, size_t len, proto_msg *m, char *err, size_t errsize);

/* Formats m as one line ending in '\n' into buf (NUL-terminated). Returns its length, or -1
 * when a field is invalid or the line would exceed PROTO_LINE_MAX (nothing to send then).
 * Chat and bye texts are sanitized and cut (at a character) to PROTO_TEXT_MAX bytes. */
int proto_format(const proto_msg *m, char *buf, size_t size);

/* ------------------------------------------------------------------ the line reader */
/* Frames bytes into lines and parses them, with a token bucket on the number of lines:
 * `burst` lines at once, refilled at `per_sec` lines a second. A line longer than
 * PROTO_LINE_MAX, a malformed line or too many lines put the reader in a failed state for
 * good (the connection is to be closed; `why` says why). */
#define PROTO_READER_BUF 4096

typedef struct {
    char buf[PROTO_READER_BUF];
    size_t len;
    int burst, per_sec;
    int64_t tokens_milli; /* lines allowed now, times 1000 */
    int64_t last_ms;
    bool started;
    bool failed;
    char why[160];
} proto_reader;

void proto_reader_init(proto_reader *r, int burst, int per_sec);
/* Takes up to len bytes into the reader; returns how many it took (fewer when its buffer is
 * full: call proto_reader_next until it returns 0, then feed the rest). */
size_t proto_reader_feed(proto_reader *r, const char *data, size_t len);
/* The next complete line as a message: 1 when m was filled, 0 when no complete line is
 * buffered, -1 once the reader has failed (see r->why). now_ms is a monotonic time. */
int proto_reader_next(proto_reader *r, proto_msg *m, int64_t now_ms);

#endif
