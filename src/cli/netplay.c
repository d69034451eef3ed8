/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the line-by-line game of `cotuong host`, `join` and `watch`: the game model
 * (the host's is the referee with the clocks; a joiner's checks every move of the host with
 * its own core), the other side's seat remote, events of the link turned into lines, the
 * user's lines into moves, offers, answers and chat. */
#include "cli/netplay.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/diagram.h"
#include "cotuong/notation.h"
#include "cotuong/pgn.h"
#include "sys/sanitize.h"
#include "sys/savefile.h"
#include "sys/systime.h"

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
    got_signal = sig;
}

typedef struct {
    remote *r;
    game g;
    netplay_options opt;
    bool host;
    int me;              /* CT_RED, CT_BLACK or PROTO_SEAT_WATCHER */
    bool built;          /* joiner: the game is built from the host's snapshot */
    bool draw_to_me;     /* the other player offers a draw */
    int undo_to_me;      /* the other player asks to take back to this ply, -1 none */
    int undo_mine;       /* we asked for this ply, -1 none */
    int view;            /* watcher: ply shown, -1 = the live position */
    bool over_shown;
    bool stop;
    int status;
    bool saved;
    char in[1024];
    size_t in_len;
    bool stdin_open;
    bool autosave_failed;
} np;

static const char *side_word(int side)
{
    return side == CT_RED ? "Red" : "Black";
}

static const char *name_of(const np *p, int side)
{
    if (p->host)
        return side == p->me ? "you" : remote_guest_name(p->r)[0] ? remote_guest_name(p->r) : "(free)";
    if (side == p->me)
        return "you";
    return remote_side_name(p->r, side);
}

static void fmt_clock(int64_t ms, char *buf, size_t size)
{
    if (ms < 0) {
        snprintf(buf, size, "--:--");
        return;
    }
    long s = (long)((ms + 999) / 1000) % (100 * 3600);
    if (s >= 3600)
        snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, size, "%02ld:%02ld", s / 60, s % 60);
}

static int64_t clock_left(const np *p, int side, int64_t now)
{
    if (p->host)
        return ct_tc_timed(&p->g.tc) ? game_time_left(&p->g, side, now) : -1;
    return remote_clock_left(p->r, side, now, NULL);
}

static void result_line(const game *g, char *buf, size_t size)
{
    const ct_match *m = &g->match;
    const char *who = m->result == CT_RESULT_RED_WINS    ? "Red wins"
                      : m->result == CT_RESULT_BLACK_WINS ? "Black wins"
                      : m->result == CT_RESULT_DRAW       ? "Draw"
                                                          : "No result";
    snprintf(buf, size, "%s (%s), %s", who, ct_end_reason_name(m->reason),
             ct_result_string(m->result));
}

/* The board as it is (or, for a watcher stepping back, as it was), with who, clocks and
 * the last move. */
static void show(np *p)
{
    int64_t now = sys_now_ms();
    const ct_pos *pos = p->g.pos;
    ct_pos *view = NULL;
    int plies = game_plies(&p->g);
    int shown = plies;
    if (p->view >= 0 && p->view < plies) {
        ct_move line[PROTO_PLY_MAX];
        int n = ct_record_line_to(&p->g.rec, p->g.node, line, PROTO_PLY_MAX);
        view = malloc(sizeof *view);
        if (view) {
            ct_record_start_position(&p->g.rec, view);
            for (int i = 0; i < p->view && i < n; i++)
                ct_pos_make(view, line[i]);
            pos = view;
            shown = p->view;
        }
    }
    char tc[32];
    ct_tc_format(&p->g.tc, tc, sizeof tc);
    if (!p->host && !p->built)
        return;
    printf("\n== %s (Red) vs %s (Black) | rules %s | clock %s | watchers %d\n",
           name_of(p, CT_RED), name_of(p, CT_BLACK), ct_rules_name(p->g.setup.rules),
           p->host ? tc : tc, remote_watchers(p->r));
    char board[4096];
    diagram_render(pos, p->opt.ascii, board, sizeof board);
    fputs(board, stdout);
    char red[32], black[32];
    fmt_clock(clock_left(p, CT_RED, now), red, sizeof red);
    fmt_clock(clock_left(p, CT_BLACK, now), black, sizeof black);
    printf("Red %s  Black %s  | ply %d", red, black, shown);
    if (shown > 0) {
        ct_move line[PROTO_PLY_MAX];
        ct_record_line_to(&p->g.rec, p->g.node, line, PROTO_PLY_MAX);
        ct_pos *before = malloc(sizeof *before);
        if (before) {
            ct_record_start_position(&p->g.rec, before);
            for (int i = 0; i < shown - 1; i++)
                ct_pos_make(before, line[i]);
            char mv[CT_MOVE_TEXT_MAX];
            if (ct_move_render(before, line[shown - 1], p->opt.notation, mv, sizeof mv) < 0)
                mv[0] = 0;
            printf(" | last %s", mv);
            free(before);
        }
    }
    printf("\n");
    if (view) {
        printf("(move %d of %d: 'back', 'fwd', 'live')\n", shown, plies);
        free(view);
    }
    if (game_over(&p->g)) {
        char res[96];
        result_line(&p->g, res, sizeof res);
        printf("Game over: %s\n", res);
    } else {
        int side = game_side(&p->g);
        if (side == p->me)
            printf("%s to move: your move\n", side_word(side));
        else
            printf("%s to move: %s\n", side_word(side), name_of(p, side));
    }
    fflush(stdout);
}

static void say(const char *fmt, const char *a, const char *b)
{
    /* a and b may come from the peer: sanitized here, once more, at the terminal. */
    char sa[PROTO_TEXT_MAX * 3 + 1], sb[PROTO_TEXT_MAX * 3 + 1];
    sanitize_text(sa, sizeof sa, a ? a : "", strlen(a ? a : ""), 0);
    sanitize_text(sb, sizeof sb, b ? b : "", strlen(b ? b : ""), 0);
    printf(fmt, sa, sb);
    printf("\n");
    fflush(stdout);
}

/* The players' account names and what a resumed host needs, as tags. */
static void lobby_tags(np *p)
{
    ct_record *r = &p->g.rec;
    char buf[64];
    for (int side = 0; side < 2; side++) {
        const char *who = p->host ? (side == p->me ? remote_my_name(p->r) : remote_guest_name(p->r))
                                  : remote_side_name(p->r, side);
        if (who && who[0] && strcmp(who, "-"))
            ct_record_set_tag(r, side == CT_RED ? "Red" : "Black", who);
    }
    if (p->host) {
        ct_record_set_tag(r, "LobbyHostSide", p->me == CT_RED ? "red" : "black");
        ct_record_set_tag(r, "LobbyGuest", remote_guest_name(p->r)[0] ? remote_guest_name(p->r) : NULL);
        int64_t now = sys_now_ms();
        for (int side = 0; side < 2; side++) {
            int64_t left = clock_left(p, side, now);
            snprintf(buf, sizeof buf, "%lld", (long long)left);
            ct_record_set_tag(r, side == CT_RED ? "RedClockMs" : "BlackClockMs",
                              left >= 0 ? buf : NULL);
        }
    }
}

/* The game as it stands, after every change, in this side's lobby resume file
 * ($XDG_STATE_HOME/cotuong/lobby-host.pgn or lobby-guest.pgn), written atomically. */
static void autosave(np *p)
{
    if ((!p->host && !p->built) || p->me == PROTO_SEAT_WATCHER)
        return;
    char dir[1024], path[1100], err[1200];
    if (savefile_state_dir(dir, sizeof dir) != 0)
        return;
    snprintf(path, sizeof path, "%s/lobby-%s.pgn", dir, p->host ? "host" : "guest");
    game_fill_tags(&p->g, NULL);
    lobby_tags(p);
    char *text = NULL;
    size_t len = 0;
    if (ct_pgn_write(&p->g.rec, CT_NOTATION_ICCS, &text, &len) != CT_OK)
        return;
    if (savefile_write_atomic(path, text, len, err, sizeof err) != 0 && !p->autosave_failed) {
        p->autosave_failed = true;
        say("Cannot keep the game: %s%s", err, "");
    }
    free(text);
}

static void save_game(np *p)
{
    if (p->saved || !p->opt.save_as || !p->opt.save_as[0] || (!p->host && !p->built))
        return;
    game_fill_tags(&p->g, NULL);
    lobby_tags(p);
    /* The game itself, the same file on both sides: without what only one side knows
     * (how each side's program saw the players, the resume bookkeeping). */
    ct_record copy;
    if (ct_record_copy(&copy, &p->g.rec) != CT_OK)
        return;
    static const char *const private_tags[] = {"RedPlayer", "BlackPlayer", "LobbyHostSide",
                                               "LobbyGuest", "RedClockMs", "BlackClockMs"};
    for (size_t i = 0; i < sizeof private_tags / sizeof private_tags[0]; i++)
        ct_record_set_tag(&copy, private_tags[i], NULL);
    char *text = NULL;
    size_t len = 0;
    ct_status st = ct_pgn_write(&copy, CT_NOTATION_ICCS, &text, &len);
    ct_record_free(&copy);
    if (st != CT_OK) {
        fprintf(stderr, "cotuong: cannot write the game\n");
        return;
    }
    FILE *fp = fopen(p->opt.save_as, "w");
    if (!fp || fwrite(text, 1, len, fp) != len || fclose(fp) != 0) {
        fprintf(stderr, "cotuong: %s: %s\n", p->opt.save_as, strerror(errno));
    } else {
        printf("Saved the game to %s\n", p->opt.save_as);
        p->saved = game_over(&p->g);
    }
    free(text);
}

static void publish(np *p)
{
    remote_publish(p->r, &p->g, sys_now_ms());
    autosave(p);
}

static void check_over(np *p)
{
    if (game_over(&p->g) && !p->over_shown) {
        p->over_shown = true;
        show(p);
        save_game(p);
        printf("The game is over: 'quit' to leave.\n");
        fflush(stdout);
    }
}

/* ------------------------------------------------------------------ joiner: the snapshot */
static bool build_from_snapshot(np *p)
{
    game_setup s;
    game_setup_default(&s);
    ct_time_control tc;
    remote_game_setup(p->r, &s.rules, &tc, s.fen, sizeof s.fen);
    /* The host keeps the time: this side's copy has no clock of its own to run out. */
    memset(&s.tc, 0, sizeof s.tc);
    p->me = remote_my_side(p->r);
    int64_t now = sys_now_ms();
    if (game_new(&p->g, &s, now) != CT_OK) {
        say("Stopped: the host's start position is not valid here%s%s", "", "");
        return false;
    }
    p->g.tc = tc; /* shown, never run */
    ct_move moves[PROTO_PLY_MAX];
    int n = remote_game_moves(p->r, moves, PROTO_PLY_MAX);
    for (int i = 0; i < n; i++) {
        ct_illegal_reason why;
        if (game_play(&p->g, moves[i], now, &why) != GAME_OK) {
            char ply[16];
            snprintf(ply, sizeof ply, "%d", i + 1);
            say("Stopped: the host's move at ply %s is illegal by this side's rules%s", ply, "");
            return false;
        }
    }
    sys_player_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.kind = SYS_PLAYER_REMOTE;
    for (int side = 0; side < 2; side++) {
        if (side == p->me)
            continue;
        snprintf(spec.command, sizeof spec.command, "remote:%s", remote_side_name(p->r, side));
        game_set_seat(&p->g, side, remote_seat_new(p->r), &spec);
    }
    p->built = true;
    p->over_shown = false;
    return true;
}

/* ------------------------------------------------------------------ events */
static void undo_to(np *p, int ply)
{
    int64_t now = sys_now_ms();
    while (game_plies(&p->g) > ply)
        if (game_undo(&p->g, now) != GAME_OK)
            break;
    /* The undone moves are not to be replayed: the redo line goes with the next move. */
    p->over_shown = game_over(&p->g);
}

static void on_event(np *p, const remote_event *e)
{
    int64_t now = sys_now_ms();
    char num[32];
    switch (e->kind) {
    case REMOTE_EV_JOINED:
        say("%s joined and plays %s.", e->name, side_word(!p->me));
        game_pause(&p->g, false, now);
        publish(p);
        show(p);
        break;
    case REMOTE_EV_AWAY:
        if (p->host) {
            say("%s's link dropped: the clocks stop until %s joins again.", e->name, e->name);
            game_pause(&p->g, true, now);
            publish(p);
        } else {
            say("The opponent's link dropped: the clocks stop until they are back.%s%s", "", "");
        }
        break;
    case REMOTE_EV_BACK:
        say("The opponent is back.%s%s", "", "");
        break;
    case REMOTE_EV_SYNCED:
        if (!build_from_snapshot(p)) {
            p->stop = true;
            p->status = 3;
            break;
        }
        if (p->me == PROTO_SEAT_WATCHER)
            say("Watching %s (Red) against %s (Black): 'back', 'fwd', 'live', 'quit'.",
                remote_side_name(p->r, CT_RED), remote_side_name(p->r, CT_BLACK));
        else
            say("You play %s against %s.", side_word(p->me), remote_side_name(p->r, !p->me));
        if (p->me != PROTO_SEAT_WATCHER)
            autosave(p);
        show(p);
        break;
    case REMOTE_EV_TAKEBACK:
        if (p->built) {
            undo_to(p, e->ply);
            autosave(p);
            snprintf(num, sizeof num, "%d", e->ply);
            say("Taken back to ply %s.%s", num, "");
            show(p);
        }
        break;
    case REMOTE_EV_RESULT:
        if (e->adjourned) {
            say("The host stopped: the game is adjourned (join again when it is offered).%s%s",
                "", "");
            save_game(p);
        } else if (p->built) {
            remote_apply_result(&p->g, e->result, e->reason, now);
            autosave(p);
            check_over(p);
        }
        break;
    case REMOTE_EV_CLOCK:
        break;
    case REMOTE_EV_DRAW:
        if (e->arg == PROTO_OFFER) {
            p->draw_to_me = true;
            say("Your opponent offers a draw: 'accept' or 'decline'.%s%s", "", "");
        } else if (e->arg == PROTO_ACCEPT && p->host && !game_over(&p->g)) {
            game_offer_draw(&p->g, p->me);
            game_accept_draw(&p->g, !p->me, now);
            publish(p);
            check_over(p);
        } else if (e->arg == PROTO_DECLINE) {
            game_decline_draw(&p->g);
            say("Your draw offer was declined.%s%s", "", "");
        }
        break;
    case REMOTE_EV_UNDO:
        snprintf(num, sizeof num, "%d", e->ply);
        if (e->arg == PROTO_ASK) {
            if (e->ply >= game_plies(&p->g)) {
                remote_send_undo(p->r, PROTO_NO, e->ply);
                break;
            }
            p->undo_to_me = e->ply;
            say("Your opponent asks to take back to ply %s: 'yes' or 'no'.%s", num, "");
        } else if (e->arg == PROTO_YES && p->host && e->ply == p->undo_mine) {
            undo_to(p, e->ply);
            publish(p);
            say("Taken back to ply %s.%s", num, "");
            show(p);
            p->undo_mine = -1;
        } else if (e->arg == PROTO_NO) {
            say("Your opponent does not agree to take back.%s%s", "", "");
            p->undo_mine = -1;
        }
        break;
    case REMOTE_EV_RESIGN:
        if (p->host && !game_over(&p->g)) {
            game_resign(&p->g, !p->me, now);
            publish(p);
            check_over(p);
        }
        break;
    case REMOTE_EV_CHAT:
        /* A player hears the other player; a watcher gets "NAME: text" from the host. */
        if (p->me == PROTO_SEAT_WATCHER)
            say("%s%s", e->text, "");
        else
            say("<%s> %s", p->host ? remote_guest_name(p->r) : remote_side_name(p->r, !p->me),
                e->text);
        break;
    case REMOTE_EV_WATCHERS:
        snprintf(num, sizeof num, "%d", e->count);
        say("Watchers: %s%s", num, "");
        break;
    case REMOTE_EV_REFUSED:
        say("Turned away %s: %s", e->name, e->text);
        break;
    case REMOTE_EV_CLOSED:
        say("The link ended: %s%s", e->text, "");
        save_game(p);
        p->stop = true;
        if (!game_over(&p->g) && p->status == 0)
            p->status = 1;
        break;
    case REMOTE_EV_DISAGREE:
        say("Stopped: %s%s", e->text, "");
        p->stop = true;
        p->status = 3;
        break;
    case REMOTE_EV_NONE:
        break;
    }
}

/* ------------------------------------------------------------------ commands */
static bool my_turn(const np *p)
{
    return p->me != PROTO_SEAT_WATCHER && (p->host || p->built) && !game_over(&p->g) &&
           game_side(&p->g) == p->me;
}

static void command(np *p, char *line)
{
    int64_t now = sys_now_ms();
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\r'))
        line[--n] = 0;
    while (*line == ' ')
        line++;
    bool watcher = p->me == PROTO_SEAT_WATCHER;
    if (!strcmp(line, "quit") || !strcmp(line, "q")) {
        p->stop = true;
        return;
    }
    if (!line[0] || !strcmp(line, "board")) {
        show(p);
        return;
    }
    if (!strcmp(line, "help") || !strcmp(line, "?")) {
        printf("%s", watcher ? "Commands: back, fwd, first, live, board, quit\n"
                             : "Commands: a move (h2e2, H2-E2, P2-5, C2.5, 炮二平五), say TEXT, "
                               "draw, accept, decline, undo, yes, no, resign, board, quit\n");
        fflush(stdout);
        return;
    }
    if (!p->host && !p->built) {
        printf("Waiting for the host's game...\n");
        return;
    }
    int plies = game_plies(&p->g);
    if (!strcmp(line, "back") || !strcmp(line, "fwd") || !strcmp(line, "first") ||
        !strcmp(line, "live")) {
        /* Stepping through the game here changes nothing at the host's. */
        int v = p->view < 0 ? plies : p->view;
        if (!strcmp(line, "back"))
            v = v > 0 ? v - 1 : 0;
        else if (!strcmp(line, "fwd"))
            v = v + 1;
        else if (!strcmp(line, "first"))
            v = 0;
        else
            v = plies;
        p->view = v >= plies ? -1 : v;
        show(p);
        return;
    }
    if (!strncmp(line, "say ", 4) || !strncmp(line, "chat ", 5)) {
        if (watcher) {
            printf("Watchers do not talk to the players.\n");
            return;
        }
        remote_send_chat(p->r, strchr(line, ' ') + 1);
        return;
    }
    if (watcher) {
        printf("You are watching: 'back', 'fwd', 'live', 'quit'.\n");
        return;
    }
    if (game_over(&p->g)) {
        printf("The game is over: 'quit' to leave.\n");
        return;
    }
    if (!strcmp(line, "resign")) {
        if (p->host) {
            game_resign(&p->g, p->me, now);
            publish(p);
            check_over(p);
        } else {
            remote_send_resign(p->r);
        }
        return;
    }
    if (!strcmp(line, "draw")) {
        if (p->host)
            game_offer_draw(&p->g, p->me);
        remote_send_draw(p->r, PROTO_OFFER);
        printf("Draw offered.\n");
        return;
    }
    if (!strcmp(line, "accept") || !strcmp(line, "decline")) {
        if (!p->draw_to_me) {
            printf("No draw is offered.\n");
            return;
        }
        p->draw_to_me = false;
        bool yes = line[0] == 'a';
        if (p->host && yes) {
            game_offer_draw(&p->g, !p->me);
            game_accept_draw(&p->g, p->me, now);
            publish(p);
            check_over(p);
        }
        remote_send_draw(p->r, yes ? PROTO_ACCEPT : PROTO_DECLINE);
        return;
    }
    if (!strcmp(line, "undo")) {
        /* Back to before this side's last move. */
        int target = game_side(&p->g) == p->me ? plies - 2 : plies - 1;
        if (target < 0) {
            printf("Nothing of yours to take back.\n");
            return;
        }
        p->undo_mine = target;
        remote_send_undo(p->r, PROTO_ASK, target);
        printf("Asked to take back to ply %d.\n", target);
        return;
    }
    if (!strcmp(line, "yes") || !strcmp(line, "no")) {
        if (p->undo_to_me < 0) {
            printf("Nobody asked.\n");
            return;
        }
        int ply = p->undo_to_me;
        p->undo_to_me = -1;
        bool yes = line[0] == 'y';
        if (p->host && yes) {
            undo_to(p, ply);
            publish(p);
            show(p);
        } else {
            remote_send_undo(p->r, yes ? PROTO_YES : PROTO_NO, ply);
        }
        return;
    }
    /* A move, in any notation. */
    if (!my_turn(p)) {
        printf("Not your move.\n");
        return;
    }
    if (p->host && !remote_guest_here(p->r)) {
        printf("Wait for your opponent (the clocks stand).\n");
        return;
    }
    ct_move mv;
    ct_parse_error err;
    if (ct_move_parse(p->g.pos, line, CT_NOTATION_AUTO, &mv, &err) != CT_OK) {
        say("Not a move here: %s (%s)", line, err.message);
        return;
    }
    ct_illegal_reason why;
    game_status st = game_play(&p->g, mv, now, &why);
    if (st != GAME_OK) {
        printf("%s\n", st == GAME_FLAGGED ? "Your time ran out." : "That move is not allowed.");
        publish(p);
        check_over(p);
        return;
    }
    publish(p);
    p->view = -1;
    show(p);
    check_over(p);
}

static void read_stdin(np *p)
{
    char buf[512];
    ssize_t n = read(0, buf, sizeof buf);
    if (n <= 0) {
        if (n == 0 || (errno != EINTR && errno != EAGAIN))
            p->stdin_open = false;
        return;
    }
    for (ssize_t i = 0; i < n; i++) {
        if (buf[i] == '\n') {
            p->in[p->in_len] = 0;
            command(p, p->in);
            p->in_len = 0;
        } else if (p->in_len + 1 < sizeof p->in) {
            p->in[p->in_len++] = buf[i];
        }
    }
}

/* ------------------------------------------------------------------ the loop */
int netplay_run(remote *r, const game_setup *setup, const ct_record *resumed,
                const netplay_options *opt)
{
    static np p; /* large (the game's positions): not on the stack */
    memset(&p, 0, sizeof p);
    p.r = r;
    p.opt = *opt;
    p.host = remote_is_host(r);
    p.undo_to_me = p.undo_mine = p.view = -1;
    p.stdin_open = true;
    game_init(&p.g);
    int64_t now = sys_now_ms();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    if (p.host) {
        p.me = setup->players[CT_RED].kind == SYS_PLAYER_REMOTE ? CT_BLACK : CT_RED;
        if (resumed) {
            ct_record copy;
            ct_record_copy(&copy, resumed);
            game_load(&p.g, &copy, ct_record_main_end(&copy), setup, now);
            /* The clocks as they were when the game stopped. */
            const char *tags[2] = {"RedClockMs", "BlackClockMs"};
            for (int side = 0; side < 2; side++) {
                const char *v = ct_record_tag(&p.g.rec, tags[side]);
                if (v && ct_tc_timed(&p.g.tc) && p.g.tc.base_ms > 0)
                    p.g.clock.remaining[side] = strtoll(v, NULL, 10);
            }
        } else {
            game_new(&p.g, setup, now);
        }
        game_set_seat(&p.g, !p.me, remote_seat_new(r), &setup->players[!p.me]);
        game_pause(&p.g, true, now); /* until the guest is here */
        publish(&p);
        printf("Offered game %s in the lobby: you play %s. Waiting for an opponent...\n"
               "Another session of your own account joins with: cotuong join %s\n",
               remote_id(r), side_word(p.me), remote_code(r));
        show(&p);
    } else {
        printf("Connected; waiting for the host's game...\n");
        fflush(stdout);
    }
    while (!p.stop && !got_signal) {
        struct pollfd fds[REMOTE_MAX_CONNS * 2 + 2];
        int n = 0;
        if (p.stdin_open)
            fds[n++] = (struct pollfd){.fd = 0, .events = POLLIN};
        n += remote_fds(r, fds + n, (int)(sizeof fds / sizeof fds[0]) - n);
        if (poll(fds, (nfds_t)n, 50) < 0 && errno != EINTR)
            break;
        if (p.stdin_open && n > 0 && fds[0].fd == 0 && (fds[0].revents & (POLLIN | POLLHUP)))
            read_stdin(&p);
        now = sys_now_ms();
        remote_step(r, now);
        remote_event e;
        while (!p.stop && remote_next_event(r, &e))
            on_event(&p, &e);
        if (p.stop || (!p.host && !p.built))
            continue;
        bool was_over = game_over(&p.g);
        game_tick_event t = game_tick(&p.g, now);
        if (t.kind == GAME_TICK_MOVED) {
            publish(&p); /* the host: to everyone; both: into the resume file */
            p.view = p.view >= 0 ? p.view : -1;
            show(&p);
        } else if (t.kind == GAME_TICK_FORFEIT && !p.host && !was_over) {
            say("Stopped: the host's move is illegal by this side's rules (%s)%s", t.detail, "");
            p.stop = true;
            p.status = 3;
        } else if (t.kind == GAME_TICK_FORFEIT || t.kind == GAME_TICK_TIME) {
            publish(&p);
        }
        check_over(&p);
    }
    if (got_signal)
        say("Signal received: saving and leaving.%s%s", "", "");
    autosave(&p); /* with the clocks as they are now */
    if (p.host && !game_over(&p.g)) {
        remote_close(r, "adjourned");
    } else {
        remote_close(r, "quit");
    }
    save_game(&p);
    game_free(&p.g);
    remote_free(r);
    return got_signal ? 128 + got_signal : p.status;
}

int netplay_common_option(int argc, char **argv, int i, const char **lobby,
                          netplay_options *opt)
{
    const char *a = argv[i];
    bool takes = !strcmp(a, "--lobby") || !strcmp(a, "--notation") || !strcmp(a, "--pgn");
    if (takes && i + 1 >= argc)
        return -1;
    if (!strcmp(a, "--lobby")) {
        *lobby = argv[i + 1];
        return 2;
    }
    if (!strcmp(a, "--notation")) {
        bool ok;
        opt->notation = ct_notation_from_name(argv[i + 1], &ok);
        return ok ? 2 : -1;
    }
    if (!strcmp(a, "--pgn")) {
        opt->save_as = argv[i + 1];
        return 2;
    }
    if (!strcmp(a, "--ascii")) {
        opt->ascii = true;
        return 1;
    }
    return 0;
}
