/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the full-screen play mode's game with someone through the lobby: what the play
 * mode asks of it (may the user move, the keys that differ from a local game, the panel's
 * extra lines, the watcher's position), the link polled from the mode's tick, never
 * waited for. The game itself is the play mode's; the logic is game/netgame.h. Also the
 * ways in: hosting, joining or watching from the command line, the start menu and the
 * resume offer. Not a mode: mode_play.c calls it. */
#ifndef COTUONG_TUI_LOBBY_PLAY_H
#define COTUONG_TUI_LOBBY_PLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "game/remote.h"
#include "tui/controller.h"
#include "ui/requests.h"

/* What the play mode opens with (ctl_play_arg.lobby). The remote passes to the mode. */
typedef struct tui_lobby_arg {
    remote *r;
    const game_setup *setup;  /* the host's game (NULL for a joiner) */
    const ct_record *resumed; /* the host's adjourned game, or NULL */
    const char *save_as;      /* --pgn FILE, or NULL: the games folder when it ends */
    int grace_s;              /* host: an away guest's seat waits so long (0: default) */
} tui_lobby_arg;

typedef struct tui_lobby tui_lobby;

/* Binds g to the link (the host: sets the game up; a joiner: waits for the snapshot).
 * NULL when it cannot (status says why). */
tui_lobby *tui_lobby_open(ctl *c, const tui_lobby_arg *a, game *g);
/* Adjourns (host, unfinished), saves, says goodbye and frees the link (not the game). */
void tui_lobby_close(ctl *c, tui_lobby *l);

/* Every loop turn before game_tick(): the link, its events, notes into the status line. */
void tui_lobby_tick(ctl *c, tui_lobby *l);
/* After game_tick(): what it did (a joiner stops on a move its core refuses). A cờ úp
 * joiner's own move, played when the host's program answered with what it revealed, comes
 * out here as a move (ev is filled when the tick did nothing else). */
void tui_lobby_tick_event(ctl *c, tui_lobby *l, game_tick_event *ev);
/* A cờ úp joiner's move goes to the host's program first: true when it took mv (the play
 * mode plays nothing; the status says so), false to play it as usual. */
bool tui_lobby_send_move(ctl *c, tui_lobby *l, ct_move mv);
/* The play mode's keys that mean something else here (undo asks, draw offers or answers,
 * chat, the watcher's stepping, quit adjourns); true when handled. */
bool tui_lobby_key(ctl *c, tui_lobby *l, const ui_event *ev);
/* May the user move now? When not, the status line says why. */
bool tui_lobby_may_move(ctl *c, tui_lobby *l);

/* What the panel shows beside a local game's: the players' names, the clocks, a line of
 * watchers and the last chat lines (ai lines, NULL-ended, at most 3), the footer. */
void tui_lobby_player(const tui_lobby *l, int side, char *buf, size_t size);
bool tui_lobby_clock(const tui_lobby *l, int side, char *buf, size_t size, bool *running);
int tui_lobby_lines(tui_lobby *l, const char *lines[3]);
const char *tui_lobby_footer(const tui_lobby *l);
/* The watcher's position when it has stepped back (NULL: the live board); in cờ úp the
 * view it could have then (netgame_view_coup), the board's, and tui_lobby_view is NULL. */
const ct_pos *tui_lobby_view(tui_lobby *l);
const ct_coup_pos *tui_lobby_coup_view(tui_lobby *l);
/* The user plays Black (the board is turned). */
bool tui_lobby_bottom_black(const tui_lobby *l);

/* The ways in (push the play mode on c; false with the reason in err). */
bool tui_lobby_host(ctl *c, const remote_host_config *cfg, const ct_record *resumed,
                    const char *save_as, char *err, size_t errsize);
bool tui_lobby_join(ctl *c, const char *lobby, const char *which, bool watch,
                    const char *save_as, char *err, size_t errsize);
/* The same over a link already made (join --via: SSH's streams); takes r. */
bool tui_lobby_attach(ctl *c, remote *r, const char *save_as, char *err, size_t errsize);
/* The newest adjourned hosted game: true with a question text for the resume offer. */
bool tui_lobby_resumable(char *question, size_t size);
/* Offers it again in the lobby (push the play mode); false with err. */
bool tui_lobby_resume(ctl *c, char *err, size_t errsize);

#endif
