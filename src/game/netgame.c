/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — a lobby game bound to its link (see netgame.h): the host's game is the referee
 * with the clocks; a joiner's copy is built from the host's snapshot and checks every move
 * with its own core. Events become changes of the game and notes; every change is kept in
 * this side's lobby resume file as it happens. */
#include "game/netgame.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cotuong/coup_commit.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/pgn.h"
#include "sys/lobby.h"
#include "sys/xmalloc.h"
#include "sys/i18n.h"
#include "sys/sanitize.h"
#include "sys/savefile.h"
#include "sys/systime.h"

static void note(netgame *n, netgame_note_kind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void note(netgame *n, netgame_note_kind kind, const char *fmt, ...)
{
    if (n->note_n == NETGAME_NOTES) { /* the oldest goes */
        n->note_head = (n->note_head + 1) % NETGAME_NOTES;
        n->note_n--;
    }
    netgame_note *o = &n->notes[(n->note_head + n->note_n++) % NETGAME_NOTES];
    o->kind = kind;
    char raw[NETGAME_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    /* Names and texts may come from the peer: sanitized once more here. */
    sanitize_text(o->text, sizeof o->text, raw, strlen(raw), 0);
}

bool netgame_next_note(netgame *n, netgame_note *out)
{
    if (n->note_n == 0)
        return false;
    *out = n->notes[n->note_head];
    n->note_head = (n->note_head + 1) % NETGAME_NOTES;
    n->note_n--;
    return true;
}

static void chat_line(netgame *n, const char *text)
{
    if (n->nchat == NETGAME_CHAT_LINES) {
        memmove(n->chat[0], n->chat[1], sizeof n->chat[0] * (NETGAME_CHAT_LINES - 1));
        n->nchat--;
    }
    sanitize_text(n->chat[n->nchat], sizeof n->chat[0], text, strlen(text), 0);
    n->nchat++;
}

/* The grace time as people say it: "10 min", "90 s". */
static void grace_text(const netgame *n, char *buf, size_t size)
{
    int64_t s = n->grace_ms / 1000;
    if (s >= 60 && s % 60 == 0)
        snprintf(buf, size, _("%d min"), (int)(s / 60));
    else
        snprintf(buf, size, _("%d s"), (int)s);
}

static const char *side_word(int side)
{
    return side == CT_RED ? _("Red") : _("Black");
}

/* A ply of the game as a player counts it: "Red's move 2" (ply 3), "the start" (ply 0). */
static const char *ply_words(int ply, char *buf, size_t size)
{
    if (ply <= 0)
        snprintf(buf, size, "%s", _("the start of the game"));
    else if (ply % 2)
        snprintf(buf, size, _("Red's move %d"), (ply + 1) / 2);
    else
        snprintf(buf, size, _("Black's move %d"), ply / 2);
    return buf;
}

const char *netgame_name(const netgame *n, int side)
{
    if (side == n->me)
        return _("you");
    if (n->host)
        return remote_guest_name(n->r);
    const char *s = remote_side_name(n->r, side);
    return strcmp(s, "-") ? s : "";
}

int64_t netgame_clock(const netgame *n, int side, int64_t now)
{
    if (n->host)
        return ct_tc_timed(&n->g->tc) ? game_time_left(n->g, side, now) : -1;
    return remote_clock_left(n->r, side, now, NULL);
}

int netgame_clock_side(const netgame *n, int64_t now)
{
    if (n->host)
        return n->g->clock.running ? n->g->clock.side : PROTO_STOPPED;
    int running = PROTO_STOPPED;
    remote_clock_left(n->r, CT_RED, now, &running);
    return running;
}

/* ------------------------------------------------------------------ files */
/* The lobby resume file of a game: $XDG_STATE_HOME/cotuong/lobby-host-ID.pgn or
 * lobby-guest-ID.pgn. -1 without a state directory. */
static int netgame_resume_path(bool host, const char *id, char *buf, size_t size)
{
    char dir[1024];
    if (savefile_state_dir(dir, sizeof dir) != 0)
        return -1;
    int len = snprintf(buf, size, "%s/lobby-%s-%s.pgn", dir, host ? "host" : "guest",
                       id && id[0] ? id : "game");
    return len > 0 && (size_t)len < size ? 0 : -1;
}

/* The players' account names and what a resumed host needs, as tags. */
static void lobby_tags(netgame *n)
{
    ct_record *r = &n->g->rec;
    char buf[64];
    for (int side = 0; side < 2; side++) {
        const char *who = n->host ? (side == n->me ? remote_my_name(n->r) : remote_guest_name(n->r))
                                  : remote_side_name(n->r, side);
        if (who && who[0] && strcmp(who, "-")) {
            /* the record's names, and game_fill_tags' (game_coup_pgn writes them) */
            snprintf(n->g->setup.names[side], sizeof n->g->setup.names[side], "%s", who);
            ct_record_set_tag(r, side == CT_RED ? "Red" : "Black", who);
        }
    }
    if (n->coup) {
        /* The commitment is public; the salt is the host's secret until the end. */
        ct_record_set_tag(r, "CoupCommit", remote_coup_commitment(n->r)[0] ? remote_coup_commitment(n->r)
                                                                           : NULL);
        if (n->host)
            ct_record_set_tag(r, "CoupSalt", n->coup_salt);
    }
    if (n->host) {
        ct_record_set_tag(r, "LobbyHostSide", n->me == CT_RED ? "red" : "black");
        ct_record_set_tag(r, "LobbyGuest", remote_guest_name(n->r)[0] ? remote_guest_name(n->r) : NULL);
        ct_record_set_tag(r, "LobbyId", remote_id(n->r));
        int64_t now = sys_now_ms();
        for (int side = 0; side < 2; side++) {
            int64_t left = netgame_clock(n, side, now);
            snprintf(buf, sizeof buf, "%lld", (long long)left);
            ct_record_set_tag(r, side == CT_RED ? "RedClockMs" : "BlackClockMs",
                              left >= 0 ? buf : NULL);
        }
    }
}

static const char *const private_tags[] = {"RedPlayer", "BlackPlayer", "LobbyHostSide",
                                           "LobbyGuest", "LobbyId", "RedClockMs",
                                           "BlackClockMs", "CoupSalt", NULL};

/* A cờ úp game's text (game_coup_pgn: the moves with their reveals), with the tags the
 * record has now (the lobby's names), this side's bookkeeping only when `own`, and the deal
 * only when `deal` (the host's own file; anyone's once the game is over and the deal
 * public; a joiner's deal is dealt, so its seed never goes in). */
static ct_status coup_text(netgame *n, bool own, bool deal, char **out, size_t *len)
{
    return game_coup_pgn(n->g, deal, own ? NULL : private_tags, out, len);
}

/* The game as it stands in this side's lobby resume file, written atomically. */
static void keep(netgame *n)
{
    if (!n->built || n->me == PROTO_SEAT_WATCHER || !n->resume_path[0])
        return;
    char err[1200];
    game_fill_tags(n->g, NULL);
    lobby_tags(n);
    char *text = NULL;
    size_t len = 0;
    /* Cờ úp: the record with its reveals; the deal only in the host's own file (its
     * program knows it anyway), never in a joiner's, whose game holds guessed pieces. */
    if (n->coup ? coup_text(n, true, n->host, &text, &len) != CT_OK
                : ct_pgn_write(&n->g->rec, CT_NOTATION_ICCS, &text, &len) != CT_OK)
        return;
    if (savefile_write_atomic(n->resume_path, text, len, err, sizeof err) != 0 && !n->autosave_failed) {
        n->autosave_failed = true;
        note(n, NETGAME_NOTE_ERROR, _("Cannot keep the game: %s"), err);
    }
    free(text);
    n->kept_node = n->g->node;
    n->kept_plies = game_plies(n->g);
    n->kept_result = n->g->match.result;
    n->kept_paused = n->g->paused;
    n->kept_once = true;
}

int netgame_save(netgame *n, const char *path, char *msg, size_t size)
{
    msg[0] = 0;
    if (!n->built)
        return -1;
    game_fill_tags(n->g, NULL);
    lobby_tags(n);
    /* The game itself, the same file on both sides: without what only one side knows
     * (how each side's program saw the players, the resume bookkeeping). */
    char *text = NULL;
    size_t len = 0;
    ct_status st;
    if (n->coup) {
        /* The deal goes in once it is public: the host's at the end, a joiner's once the
         * disclosure agreed with everything it saw (its own deal is partly guessed). */
        st = coup_text(n, false, n->host ? game_over(n->g) : n->coup_verified, &text, &len);
    } else {
        ct_record copy;
        if (ct_record_copy(&copy, &n->g->rec) != CT_OK)
            return -1;
        for (const char *const *t = private_tags; *t; t++)
            ct_record_set_tag(&copy, *t, NULL);
        st = ct_pgn_write(&copy, CT_NOTATION_ICCS, &text, &len);
        ct_record_free(&copy);
    }
    if (st != CT_OK) {
        snprintf(msg, size, "%s", _("Cannot write the game."));
        return -1;
    }
    char err[1200];
    int rc = savefile_write_atomic(path, text, len, err, sizeof err);
    free(text);
    if (rc != 0) {
        snprintf(msg, size, "%s", err);
        return -1;
    }
    snprintf(msg, size, _("Saved the game to %s"), path);
    n->saved = game_over(n->g);
    return 0;
}

static void save_as(netgame *n)
{
    if (n->saved || !n->save_as[0] || !n->built || n->me == PROTO_SEAT_WATCHER)
        return;
    char msg[1300];
    int rc = netgame_save(n, n->save_as, msg, sizeof msg);
    note(n, rc == 0 ? NETGAME_NOTE_INFO : NETGAME_NOTE_ERROR, "%s", msg);
}

/* ------------------------------------------------------------------ setting up */
static void common_init(netgame *n, remote *r, game *g)
{
    memset(n, 0, sizeof *n);
    n->r = r;
    n->g = g;
    n->host = remote_is_host(r);
    n->undo_to_me = n->undo_mine = n->view = -1;
}

void netgame_host(netgame *n, remote *r, game *g, const game_setup *setup,
                  const ct_record *resumed, int64_t now)
{
    common_init(n, r, g);
    n->me = setup->players[CT_RED].kind == SYS_PLAYER_REMOTE ? CT_BLACK : CT_RED;
    n->coup = setup->variant == GAME_VARIANT_COUP;
    game_setup cs = *setup;
    const char *salt = NULL;
    if (n->coup && resumed) {
        /* The same deal and salt again: the commitment the guest saw still holds. */
        const char *v = ct_record_tag(resumed, "CoupDeal");
        cs.coup_dealt = v && ct_coup_deal_read(v, &cs.coup_deal) == CT_OK;
        salt = ct_record_tag(resumed, "CoupSalt");
    }
    setup = &cs;
    if (n->coup) {
        uint8_t raw[CT_COUP_SALT_LEN];
        if (salt && strlen(salt) == 64 && ct_hex_decode(salt, raw, sizeof raw) == 0) {
            ct_hex_encode(raw, sizeof raw, n->coup_salt);
        } else if (lobby_random(raw, sizeof raw) == 0) {
            ct_hex_encode(raw, sizeof raw, n->coup_salt);
        } else {
            /* No random source at all: a salt anyone could guess is said so. */
            note(n, NETGAME_NOTE_ERROR, "%s", _("No random source: the deal's commitment is weak."));
            uint64_t x = (uint64_t)now * 0x9E3779B97F4A7C15ULL ^ (uint64_t)getpid();
            for (size_t i = 0; i < sizeof raw; i++)
                raw[i] = (uint8_t)(ct_coup_rand(&x) >> 11);
            ct_hex_encode(raw, sizeof raw, n->coup_salt);
        }
    }
    if (resumed) {
        ct_record copy;
        ct_record_copy(&copy, resumed);
        game_load(g, &copy, ct_record_main_end(&copy), setup, now);
        /* The clocks as they were when the game stopped. */
        const char *tags[2] = {"RedClockMs", "BlackClockMs"};
        for (int side = 0; side < 2; side++) {
            const char *v = ct_record_tag(&g->rec, tags[side]);
            if (v && ct_tc_timed(&g->tc) && g->tc.base_ms > 0)
                g->clock.remaining[side] = strtoll(v, NULL, 10);
        }
    } else {
        game_new(g, setup, now);
    }
    if (n->coup)
        remote_coup_set(r, &g->coup_deal, n->coup_salt);
    game_set_seat(g, !n->me, remote_seat_new(r), &setup->players[!n->me]);
    game_pause(g, true, now); /* until the guest is here */
    n->grace_ms = NETGAME_GRACE_S * 1000;
    n->built = true;
    netgame_resume_path(true, remote_id(r), n->resume_path, sizeof n->resume_path);
    remote_publish(r, g, now);
    keep(n);
}

void netgame_join(netgame *n, remote *r, game *g)
{
    common_init(n, r, g);
    n->me = PROTO_SEAT_WATCHER;
}

/* ------------------------------------------------------------------ cờ úp */
/* Joiner: the deal as far as the host's line shows it to this side, the rest dealt at
 * random (nobody can tell); false (the link stopped, a note says why) when the line tells
 * what this side may not know or cannot be. */
static bool coup_known_deal(netgame *n, ct_coup_deal *deal)
{
    ct_move *moves = xmalloc(PROTO_PLY_MAX * sizeof *moves);
    uint8_t *rev = xmalloc(PROTO_PLY_MAX), *tk = xmalloc(PROTO_PLY_MAX);
    int nm = remote_coup_line(n->r, moves, rev, tk, PROTO_PLY_MAX);
    ct_coup_check_error e;
    bool ok = ct_coup_line_known(moves, rev, tk, nm, n->me, deal, &e) == CT_OK;
    free(moves);
    free(rev);
    free(tk);
    if (!ok) {
        char why[300];
        snprintf(why, sizeof why, "the host's %s", e.message);
        note(n, NETGAME_NOTE_ERROR, _("Stopped: %s"), why);
        remote_disagree(n->r, why);
        n->stop = true;
        n->status = 3;
        return false;
    }
    ct_coup_deal_complete(deal, ct_coup_rand(&n->coup_rng));
    return true;
}

/* The disclosure, once it came: checked against the commitment and every reveal seen. */
static void coup_check_disclosure(netgame *n)
{
    char deal_text[32], salt[65];
    if (n->coup_checked || !remote_coup_disclosure(n->r, deal_text, salt))
        return;
    n->coup_checked = true;
    ct_move *moves = xmalloc(PROTO_PLY_MAX * sizeof *moves);
    uint8_t *rev = xmalloc(PROTO_PLY_MAX), *tk = xmalloc(PROTO_PLY_MAX);
    int nm = remote_coup_line(n->r, moves, rev, tk, PROTO_PLY_MAX);
    ct_coup_check_error e;
    n->coup_verified = ct_coup_commit_verify(remote_coup_commitment(n->r), deal_text, salt, moves,
                                             rev, tk, nm, &e) == CT_OK;
    free(moves);
    free(rev);
    free(tk);
    if (n->coup_verified) {
        /* The deal is public now and agrees with everything seen: the record may hold it. */
        ct_coup_deal d;
        if (ct_coup_deal_read(deal_text, &d) == CT_OK) {
            n->g->coup_deal = d;
            n->g->setup.coup_deal = d;
        }
        note(n, NETGAME_NOTE_INFO, "%s",
             _("The deal was verified: every reveal matched the host's commitment."));
    } else {
        note(n, NETGAME_NOTE_ERROR, _("The deal does NOT match the host's commitment: %s."),
             e.message);
    }
}

/* Joiner, coming back to an unfinished game: the host must still be committed to the deal
 * it committed to when this side last played it (this side's lobby file keeps that). */
static void coup_check_kept_commitment(netgame *n)
{
    char *text = NULL, e[600];
    size_t len = 0;
    const char *now = remote_coup_commitment(n->r);
    if (!n->resume_path[0] || !now[0] ||
        savefile_read(n->resume_path, 16u << 20, &text, &len, e, sizeof e) != 0)
        return;
    const char *k = strstr(text, "[CoupCommit \"");
    if (k && strstr(text, "[Result \"*\"]") && strncmp(k + 13, now, 64) != 0)
        note(n, NETGAME_NOTE_ERROR, "%s",
             _("The host's commitment is not the one it made when you last played this game: "
               "it may have changed the deal."));
    free(text);
}

/* Joiner, every turn: new reveals into the deal (before the game plays the host's move),
 * this side's own move played once its echo came. */
static void coup_sync(netgame *n, int64_t now)
{
    game *g = n->g;
    int plies = game_plies(g);
    ct_move *moves = xmalloc(PROTO_PLY_MAX * sizeof *moves);
    uint8_t *rev = xmalloc(PROTO_PLY_MAX), *tk = xmalloc(PROTO_PLY_MAX);
    int nm = remote_coup_line(n->r, moves, rev, tk, PROTO_PLY_MAX);
    if (nm > plies) {
        ct_coup_deal known;
        if (!coup_known_deal(n, &known))
            goto done;
        /* known is complete now; only the entries the host has shown must hold. */
        ct_coup_deal seen;
        ct_coup_check_error e;
        ct_coup_line_known(moves, rev, tk, nm, n->me, &seen, &e);
        bool same = true;
        for (int sd = 0; sd < 2; sd++)
            for (int i = 0; i < CT_COUP_DEALT; i++)
                if (seen.type[sd][i] && seen.type[sd][i] != g->coup_deal.type[sd][i])
                    same = false;
        if (!same) {
            /* Keep the guesses that still fit; deal again only what must change. */
            for (int sd = 0; sd < 2; sd++)
                for (int i = 0; i < CT_COUP_DEALT; i++)
                    known.type[sd][i] = seen.type[sd][i];
            ct_coup_deal_complete(&known, ct_coup_rand(&n->coup_rng));
            game_coup_set_deal(g, &known);
        }
        /* This side's own move, back from the referee. */
        if (n->me != PROTO_SEAT_WATCHER && game_side(g) == n->me) {
            game_report rep;
            if (game_play(g, moves[plies], now, &rep) == GAME_OK) {
                n->coup_echoed = true;
                n->coup_report = rep;
            } else {
                note(n, NETGAME_NOTE_ERROR, "%s",
                     _("Stopped: the host's answer to your move is not legal here."));
                remote_disagree(n->r, "the echo of this side's move is not legal here");
                n->stop = true;
                n->status = 3;
            }
        }
    }
done:
    free(moves);
    free(rev);
    free(tk);
    remote_coup_expect(n->r, game_plies(g) + 1);
}

bool netgame_send_move(netgame *n, ct_move mv, char *msg, size_t size)
{
    msg[0] = 0;
    if (!n->coup || n->host || !n->r || !n->built || n->me == PROTO_SEAT_WATCHER)
        return false;
    if (!ct_coup_is_legal(n->g->coup, mv))
        return false; /* the game refuses it, with its reason */
    if (!remote_send_move(n->r, game_plies(n->g) + 1, mv)) {
        snprintf(msg, size, "%s", _("Waiting for the host's referee to answer your move..."));
        return true;
    }
    return true;
}

bool netgame_echo(netgame *n, game_report *rep)
{
    if (!n->coup_echoed)
        return false;
    n->coup_echoed = false;
    *rep = n->coup_report;
    return true;
}

/* Joiner: the game from the host's snapshot, each move checked by this side's core. */
static bool build_from_snapshot(netgame *n)
{
    game *g = n->g;
    game_setup s;
    game_setup_default(&s);
    ct_time_control tc;
    remote_game_setup(n->r, &s.rules, &tc, s.fen, sizeof s.fen);
    /* The host keeps the time: this side's copy has no clock of its own to run out. */
    memset(&s.tc, 0, sizeof s.tc);
    n->me = remote_my_side(n->r);
    for (int side = 0; side < 2; side++) {
        s.players[side].kind = side == n->me ? SYS_PLAYER_HUMAN : SYS_PLAYER_REMOTE;
        snprintf(s.players[side].command, sizeof s.players[side].command, "remote:%s",
                 remote_side_name(n->r, side));
    }
    int64_t now = sys_now_ms();
    n->coup = remote_is_coup(n->r);
    if (n->coup) {
        /* What the host has revealed (and told this side it took), the rest guessed. */
        s.variant = GAME_VARIANT_COUP;
        s.coup_dealt = true;
        n->coup_rng = (uint64_t)now * 0x9E3779B97F4A7C15ULL ^ (uint64_t)getpid();
        if (!coup_known_deal(n, &s.coup_deal))
            return false;
    }
    if (game_new(g, &s, now) != CT_OK) {
        note(n, NETGAME_NOTE_ERROR, "%s", _("Stopped: the host's start position is not valid here."));
        return false;
    }
    g->tc = tc; /* shown, never run */
    ct_move moves[PROTO_PLY_MAX];
    int nm = remote_game_moves(n->r, moves, PROTO_PLY_MAX);
    for (int i = 0; i < nm; i++) {
        if (game_play(g, moves[i], now, NULL) != GAME_OK) {
            note(n, NETGAME_NOTE_ERROR,
                 _("Stopped: the host's move at ply %d is illegal by this side's rules."), i + 1);
            return false;
        }
    }
    for (int side = 0; side < 2; side++)
        if (side != n->me)
            game_set_seat(g, side, remote_seat_new(n->r), &s.players[side]);
    n->built = true;
    n->over_noted = game_over(g);
    if (n->me != PROTO_SEAT_WATCHER)
        netgame_resume_path(false, remote_id(n->r), n->resume_path, sizeof n->resume_path);
    if (n->coup) {
        coup_check_kept_commitment(n);
        coup_check_disclosure(n); /* a game that was over before this side came */
    }
    return true;
}

/* ------------------------------------------------------------------ events */
/* Cờ úp: taking back a move that turned a piece up or took one face down would let the
 * players see the deal and choose again; the host refuses such a takeback too. */
static bool coup_undo_hides(const netgame *n, int target)
{
    const ct_coup_pos *p = n->g->coup;
    if (!n->coup || !p)
        return false;
    for (int k = target < 0 ? 0 : target; k < p->ply; k++)
        if ((p->hist[k].moved & CT_COUP_DOWN) || (p->hist[k].captured & CT_COUP_DOWN))
            return true;
    return false;
}

static void undo_to(netgame *n, int ply)
{
    int64_t now = sys_now_ms();
    while (game_plies(n->g) > ply)
        if (game_undo(n->g, now) != GAME_OK)
            break;
    n->over_noted = game_over(n->g);
    n->view = -1;
}

static void on_event(netgame *n, const remote_event *e, int64_t now)
{
    game *g = n->g;
    char w[80];
    switch (e->kind) {
    case REMOTE_EV_JOINED:
        note(n, NETGAME_NOTE_INFO, _("%s joined and plays %s."), e->name, side_word(!n->me));
        game_pause(g, false, now);
        n->away_since = 0;
        break;
    case REMOTE_EV_AWAY:
        if (n->host) {
            char grace[32];
            grace_text(n, grace, sizeof grace);
            note(n, NETGAME_NOTE_INFO,
                 _("%s's link dropped: the clocks stop until %s joins again (adjourned after %s)."),
                 e->name, e->name, grace);
            game_pause(g, true, now);
            n->away_since = now;
        } else {
            note(n, NETGAME_NOTE_INFO, "%s",
                 _("The opponent's link dropped: the clocks stop until they are back."));
        }
        break;
    case REMOTE_EV_BACK: note(n, NETGAME_NOTE_INFO, "%s", _("The opponent is back.")); break;
    case REMOTE_EV_SYNCED:
        if (!build_from_snapshot(n)) {
            n->stop = true;
            n->status = 3;
            break;
        }
        if (n->me == PROTO_SEAT_WATCHER)
            note(n, NETGAME_NOTE_BOARD, _("Watching %s (Red) against %s (Black)."),
                 remote_side_name(n->r, CT_RED), remote_side_name(n->r, CT_BLACK));
        else
            note(n, NETGAME_NOTE_BOARD, _("You play %s against %s."), side_word(n->me),
                 remote_side_name(n->r, !n->me));
        break;
    case REMOTE_EV_TAKEBACK:
        if (n->built) {
            undo_to(n, e->ply);
            note(n, NETGAME_NOTE_BOARD, _("The moves after %s are taken back."),
                 ply_words(e->ply, w, sizeof w));
        }
        break;
    case REMOTE_EV_RESULT:
        if (e->adjourned) {
            n->adjourned = true;
            note(n, NETGAME_NOTE_ERROR, "%s",
                 _("The host stopped: the game is adjourned (join again when it is offered)."));
            save_as(n);
        } else if (n->built) {
            remote_apply_result(g, e->result, e->reason, now);
        }
        break;
    case REMOTE_EV_CLOCK: break;
    case REMOTE_EV_DRAW:
        if (e->arg == PROTO_OFFER) {
            n->draw_to_me = true;
            note(n, NETGAME_NOTE_ASK, "%s", _("Your opponent offers a draw."));
        } else if (e->arg == PROTO_ACCEPT && n->host && !game_over(g)) {
            game_offer_draw(g, n->me);
            game_accept_draw(g, !n->me, now);
        } else if (e->arg == PROTO_DECLINE) {
            game_decline_draw(g);
            note(n, NETGAME_NOTE_INFO, "%s", _("Your draw offer was declined."));
        }
        break;
    case REMOTE_EV_UNDO:
        if (e->arg == PROTO_ASK) {
            if (e->ply >= game_plies(g) || game_over(g) || coup_undo_hides(n, e->ply)) {
                remote_send_undo(n->r, PROTO_NO, e->ply);
                break;
            }
            n->undo_to_me = e->ply;
            note(n, NETGAME_NOTE_ASK, _("Your opponent asks to take back the moves after %s."),
                 ply_words(e->ply, w, sizeof w));
        } else if (e->arg == PROTO_YES && n->host && e->ply == n->undo_mine) {
            undo_to(n, e->ply);
            note(n, NETGAME_NOTE_BOARD, _("The moves after %s are taken back."),
                 ply_words(e->ply, w, sizeof w));
            n->undo_mine = -1;
        } else if (e->arg == PROTO_NO) {
            note(n, NETGAME_NOTE_INFO, "%s", _("Your opponent does not agree to take back."));
            n->undo_mine = -1;
        }
        break;
    case REMOTE_EV_RESIGN:
        if (n->host && !game_over(g))
            game_resign(g, !n->me, now);
        break;
    case REMOTE_EV_CHAT: {
        /* A player hears the other player; a watcher gets "NAME: text" from the host. */
        char line[NETGAME_TEXT_MAX];
        if (n->me == PROTO_SEAT_WATCHER)
            snprintf(line, sizeof line, "%s", e->text);
        else
            snprintf(line, sizeof line, "<%s> %s",
                     n->host ? remote_guest_name(n->r) : remote_side_name(n->r, !n->me), e->text);
        chat_line(n, line);
        note(n, NETGAME_NOTE_CHAT, "%s", line);
        break;
    }
    case REMOTE_EV_WATCHERS:
        n->watchers = e->count;
        note(n, NETGAME_NOTE_INFO, _("Watchers: %d"), e->count);
        break;
    case REMOTE_EV_REFUSED: note(n, NETGAME_NOTE_INFO, _("Turned away %s: %s"), e->name, e->text); break;
    case REMOTE_EV_CLOSED:
        note(n, NETGAME_NOTE_ERROR, _("The link ended: %s"), e->text);
        save_as(n);
        n->stop = true;
        if (!(n->built && game_over(g)) && n->status == 0)
            n->status = 1;
        break;
    case REMOTE_EV_DISAGREE:
        note(n, NETGAME_NOTE_ERROR, _("Stopped: %s"), e->text);
        n->stop = true;
        n->status = 3;
        break;
    case REMOTE_EV_BAD:
        note(n, NETGAME_NOTE_ERROR, _("Refused %s: %s. The game is kept."), e->name, e->text);
        break;
    case REMOTE_EV_DISCLOSED: break; /* checked after the result is noted (netgame_step) */
    case REMOTE_EV_NONE: break;
    }
}

void netgame_step(netgame *n, int64_t now)
{
    if (!n->r)
        return;
    remote_step(n->r, now);
    remote_event e;
    while (!n->stop && remote_next_event(n->r, &e))
        on_event(n, &e, now);
    if (!n->built || n->stop)
        return;
    if (n->coup && !n->host)
        coup_sync(n, now);
    else if (n->coup)
        remote_coup_expect(n->r, game_plies(n->g) + 1);
    if (n->stop)
        return;
    /* What changed goes out (remote_publish sends only the difference) and into the file. */
    remote_publish(n->r, n->g, now);
    game *g = n->g;
    if (!n->kept_once || g->node != n->kept_node || game_plies(g) != n->kept_plies ||
        g->match.result != n->kept_result || g->paused != n->kept_paused)
        keep(n);
    if (n->host && n->away_since && !game_over(g) && now - n->away_since >= n->grace_ms) {
        /* Abandoned past the grace time: adjourned, never lost; both files have it. */
        char grace[32];
        grace_text(n, grace, sizeof grace);
        note(n, NETGAME_NOTE_ERROR,
             _("The opponent stayed away %s: the game is adjourned (cotuong host --resume "
               "offers it again)."),
             grace);
        n->adjourned = true;
        n->stop = true;
        n->status = 4;
        return;
    }
    if (game_over(g) && !n->over_noted) {
        n->over_noted = true;
        note(n, NETGAME_NOTE_OVER, "%s", "");
    }
    if (n->coup && !n->host)
        coup_check_disclosure(n); /* once it came: after the result, before the file */
    /* The finished game into --pgn's file once (a joiner of cờ úp: once the deal was checked,
     * so that a verified deal goes in). */
    if (game_over(g) && n->over_noted && !n->over_saved &&
        (n->host || !n->coup || n->coup_checked)) {
        n->over_saved = true;
        save_as(n);
    }
}

void netgame_tick_event(netgame *n, const game_tick_event *t)
{
    if (t->kind == GAME_TICK_FORFEIT && !n->host && !n->stop && n->built &&
        strcmp(t->detail, "stopped") != 0) {
        note(n, NETGAME_NOTE_ERROR, _("Stopped: the host's move is illegal by this side's rules (%s)"),
             t->detail);
        n->stop = true;
        n->status = 3;
    }
}

/* ------------------------------------------------------------------ the user's actions */
static bool player_now(const netgame *n, char *msg, size_t size)
{
    if (n->me == PROTO_SEAT_WATCHER) {
        snprintf(msg, size, "%s", _("You are watching: the players are not disturbed."));
        return false;
    }
    if (!n->built) {
        snprintf(msg, size, "%s", _("Waiting for the host's game..."));
        return false;
    }
    if (game_over(n->g)) {
        snprintf(msg, size, "%s", _("The game is over."));
        return false;
    }
    return true;
}

bool netgame_may_move(const netgame *n, const char **why)
{
    char msg[200];
    if (!player_now(n, msg, sizeof msg)) {
        *why = n->me == PROTO_SEAT_WATCHER ? _("You are watching: the players are not disturbed.")
               : !n->built                 ? _("Waiting for the host's game...")
                                           : _("The game is over.");
        return false;
    }
    if (game_side(n->g) != n->me) {
        *why = _("Not your move: your opponent is to move.");
        return false;
    }
    if (n->host && !remote_guest_here(n->r)) {
        *why = _("Wait for your opponent (the clocks stand).");
        return false;
    }
    if (n->coup && !n->host && remote_sent_ply(n->r)) {
        *why = _("Waiting for the host's referee to answer your move...");
        return false;
    }
    return true;
}

bool netgame_resign(netgame *n, int64_t now, char *msg, size_t size)
{
    msg[0] = 0;
    if (!player_now(n, msg, size))
        return false;
    if (n->host)
        game_resign(n->g, n->me, now);
    else
        remote_send_resign(n->r);
    return true;
}

bool netgame_offer_draw(netgame *n, char *msg, size_t size)
{
    if (!player_now(n, msg, size))
        return false;
    if (n->host)
        game_offer_draw(n->g, n->me);
    remote_send_draw(n->r, PROTO_OFFER);
    snprintf(msg, size, "%s", _("Draw offered."));
    return true;
}

bool netgame_answer_draw(netgame *n, bool yes, int64_t now, char *msg, size_t size)
{
    msg[0] = 0;
    if (!player_now(n, msg, size))
        return false;
    if (!n->draw_to_me) {
        snprintf(msg, size, "%s", _("No draw is offered."));
        return false;
    }
    n->draw_to_me = false;
    if (n->host && yes) {
        game_offer_draw(n->g, !n->me);
        game_accept_draw(n->g, n->me, now);
    }
    remote_send_draw(n->r, yes ? PROTO_ACCEPT : PROTO_DECLINE);
    if (!yes)
        snprintf(msg, size, "%s", _("Draw declined."));
    return true;
}

bool netgame_ask_undo(netgame *n, char *msg, size_t size)
{
    char w[80];
    if (!player_now(n, msg, size))
        return false;
    /* Back to before this side's last move. */
    int plies = game_plies(n->g);
    int target = game_side(n->g) == n->me ? plies - 2 : plies - 1;
    if (target < 0) {
        snprintf(msg, size, "%s", _("Nothing of yours to take back."));
        return false;
    }
    if (coup_undo_hides(n, target)) {
        snprintf(msg, size, "%s",
                 _("Cờ úp: a move that turned a piece up or took a face-down piece is not taken back."));
        return false;
    }
    n->undo_mine = target;
    remote_send_undo(n->r, PROTO_ASK, target);
    snprintf(msg, size, _("Asked to take back the moves after %s."), ply_words(target, w, sizeof w));
    return true;
}

bool netgame_answer_undo(netgame *n, bool yes, int64_t now, char *msg, size_t size)
{
    char w[80];
    (void)now;
    msg[0] = 0;
    if (!player_now(n, msg, size))
        return false;
    if (n->undo_to_me < 0) {
        snprintf(msg, size, "%s", _("Nobody asked."));
        return false;
    }
    int ply = n->undo_to_me;
    n->undo_to_me = -1;
    if (n->host && yes) {
        undo_to(n, ply);
        snprintf(msg, size, _("The moves after %s are taken back."), ply_words(ply, w, sizeof w));
    } else {
        remote_send_undo(n->r, yes ? PROTO_YES : PROTO_NO, ply);
    }
    return true;
}

bool netgame_chat(netgame *n, const char *text, char *msg, size_t size)
{
    msg[0] = 0;
    if (n->me == PROTO_SEAT_WATCHER) {
        snprintf(msg, size, "%s", _("Watchers do not talk to the players."));
        return false;
    }
    while (*text == ' ')
        text++;
    if (!*text)
        return false;
    remote_send_chat(n->r, text);
    char line[NETGAME_TEXT_MAX];
    snprintf(line, sizeof line, "<%s> %s", n->host ? remote_my_name(n->r) : remote_side_name(n->r, n->me),
             text);
    chat_line(n, line);
    return true;
}

/* ------------------------------------------------------------------ the watcher's view */
void netgame_view_step(netgame *n, int delta, bool first)
{
    int plies = game_plies(n->g);
    int v = n->view < 0 ? plies : n->view;
    if (first)
        v = 0;
    else if (delta == 0)
        v = plies;
    else
        v += delta;
    if (v < 0)
        v = 0;
    n->view = v >= plies ? -1 : v;
}

bool netgame_view_pos(const netgame *n, ct_pos *pos)
{
    int plies = game_plies(n->g);
    if (n->coup || n->view < 0 || n->view >= plies)
        return false;
    ct_move line[PROTO_PLY_MAX];
    int nm = ct_record_line_to(&n->g->rec, n->g->node, line, PROTO_PLY_MAX);
    ct_record_start_position(&n->g->rec, pos);
    for (int i = 0; i < n->view && i < nm; i++)
        ct_pos_make(pos, line[i]);
    return true;
}

bool netgame_view_coup(const netgame *n, ct_coup_pos *out)
{
    if (!n->coup || n->view < 0 || n->view >= game_plies(n->g))
        return false;
    game_coup_view_at(n->g, n->me, n->view, out);
    return true;
}

/* ------------------------------------------------------------------ leaving */
void netgame_end(netgame *n)
{
    if (!n->r)
        return;
    if (n->host && !remote_guest_name(n->r)[0] && game_plies(n->g) == 0) {
        /* Nobody came and nothing was played: there is nothing to adjourn or resume. */
        if (n->resume_path[0])
            unlink(n->resume_path);
        n->resume_path[0] = 0;
    } else if (n->built) {
        keep(n); /* with the clocks as they are now */
    }
    if (n->host && !game_over(n->g))
        remote_close(n->r, "adjourned");
    else
        remote_close(n->r, "quit");
    save_as(n);
    game_close_seats(n->g); /* the seats wait on the link: they go first */
    remote_free(n->r);
    n->r = NULL;
}

/* ------------------------------------------------------------------ resuming */
int netgame_find_resumable(ct_record **out, char *path, size_t pathsize, char *err,
                           size_t errsize)
{
    char dir[1024];
    err[0] = 0;
    *out = NULL;
    if (savefile_state_dir(dir, sizeof dir) != 0) {
        snprintf(err, errsize, "%s", _("no state directory (HOME or XDG_STATE_HOME)"));
        return -1;
    }
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *de;
    /* The newest by the file's time to the nanosecond: two games stopped within one second
     * (a test, a quick adjournment) are still told apart. */
    struct timespec best = {0, 0};
    bool have = false;
    char cand[1300];
    while ((de = readdir(d)) != NULL) {
        size_t len = strlen(de->d_name);
        if (strncmp(de->d_name, "lobby-host", 10) != 0 || len < 14 ||
            strcmp(de->d_name + len - 4, ".pgn") != 0)
            continue;
        snprintf(cand, sizeof cand, "%s/%s", dir, de->d_name);
        struct stat st;
        if (stat(cand, &st) != 0 || !S_ISREG(st.st_mode) || (have && (st.st_mtim.tv_sec < best.tv_sec ||
                                                     (st.st_mtim.tv_sec == best.tv_sec &&
                                                      st.st_mtim.tv_nsec <= best.tv_nsec))))
            continue;
        char *text = NULL, e[600];
        size_t tlen = 0;
        if (savefile_read(cand, 16u << 20, &text, &tlen, e, sizeof e) != 0)
            continue;
        ct_record *games = NULL;
        int ng = 0;
        ct_pgn_error perr;
        ct_status stt;
        if (strstr(text, "[Variant \"" CT_COUP_VARIANT "\"]")) {
            /* A cờ úp game: its moves with their reveals, the deal in the host's file. */
            uint8_t *rev = xcalloc(CT_MAX_HISTORY, 1);
            ct_coup_deal deal;
            bool dealt;
            ct_coup_line_error le;
            games = xcalloc(1, sizeof *games);
            stt = ct_coup_pgn_read(text, tlen, 1, games, rev, &deal, &dealt, &le);
            free(rev);
            if (stt == CT_OK && dealt) {
                ng = 1;
                ct_record_set_tag(games, "Variant", CT_COUP_VARIANT);
            }
            else {
                ct_record_free(games);
                free(games);
                games = NULL;
                stt = CT_ERR_INVALID;
            }
        } else {
            stt = ct_pgn_read(text, tlen, CT_ENC_UTF8, &games, &ng, NULL, &perr);
        }
        free(text);
        if (stt != CT_OK || ng < 1 || games[0].result != CT_RESULT_NONE) {
            if (stt == CT_OK)
                ct_pgn_free_games(games, ng);
            continue;
        }
        if (*out)
            ct_pgn_free_games(*out, 1);
        if (ng > 1) { /* keep the first only */
            ct_record *one = games;
            for (int i = 1; i < ng; i++)
                ct_record_free(&games[i]);
            games = one;
        }
        *out = games;
        best = st.st_mtim;
        have = true;
        snprintf(path, pathsize, "%s", cand);
    }
    closedir(d);
    return *out ? 0 : -1;
}

void netgame_setup_of(const remote_host_config *cfg, game_setup *setup)
{
    game_setup_default(setup);
    setup->rules = cfg->rules;
    setup->tc = cfg->tc;
    if (cfg->fen)
        snprintf(setup->fen, sizeof setup->fen, "%s", cfg->fen);
    if (cfg->coup) {
        setup->variant = GAME_VARIANT_COUP;
        setup->coup_seed = cfg->coup_seed;
        setup->fen[0] = 0;
    }
    sys_player_spec_human(&setup->players[cfg->host_side]);
    sys_player_spec *o = &setup->players[!cfg->host_side];
    memset(o, 0, sizeof *o);
    o->kind = SYS_PLAYER_REMOTE;
    snprintf(o->command, sizeof o->command, "remote:guest");
}

void netgame_config_of(const ct_record *rec, remote_host_config *cfg)
{
    const char *v;
    if ((v = ct_record_tag(rec, "Rules")))
        ct_rules_from_name(v, &cfg->rules);
    if ((v = ct_record_tag(rec, "TimeControl")))
        ct_tc_parse(v, &cfg->tc);
    if ((v = ct_record_tag(rec, "LobbyHostSide")))
        cfg->host_side = !strcmp(v, "black") ? CT_BLACK : CT_RED;
    cfg->guest_user = ct_record_tag(rec, "LobbyGuest");
    cfg->id = ct_record_tag(rec, "LobbyId");
    if (rec->has_fen)
        cfg->fen = rec->start_fen;
    if ((v = ct_record_tag(rec, "Variant")) && !strcmp(v, CT_COUP_VARIANT))
        cfg->coup = true;
}
