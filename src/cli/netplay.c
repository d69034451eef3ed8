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
#include "cli/line_input.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/notation.h"
#include "cotuong/pgn.h"
#include "sys/sanitize.h"
#include "sys/signals.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"

typedef struct {
    netgame n;
    game g;
    netplay_options opt;
    line_input in;
    bool quit;
    bool hinted; /* the watcher's commands were shown */
} np;

static const char *side_word(int side)
{
    return side == CT_RED ? "Red" : "Black";
}

static const char *name_of(const np *p, int side)
{
    const char *s = netgame_name(&p->n, side);
    return s[0] ? s : "(free)";
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

/* Cờ úp: the board as this side may know it (game_coup_view: the host's view too, never
 * the deal; stepped back, as it could know it then), X/x for a face-down piece, what each
 * side has taken ('?' where this side may not know), the last move with what it revealed.
 * Returns the ply shown. */
static int coup_show(np *p, char *last, size_t size)
{
    ct_coup_pos *v = xmalloc(sizeof *v);
    if (!netgame_view_coup(&p->n, v))
        game_coup_view(&p->g, p->n.me, v);
    static const char letters[] = "?KABNRCP";
    for (int rank = 9; rank >= 0; rank--) {
        printf("%d ", rank);
        for (int file = 0; file < 9; file++) {
            ct_sq sq = (ct_sq)CT_SQ(file, rank);
            int side = ct_coup_side_at(v, sq);
            char c = side < 0 ? '.' : ct_coup_is_down(v, sq) ? 'X' : letters[CT_COUP_TYPE(v->board[sq])];
            if (side == CT_BLACK)
                c = (char)(c == '?' ? '?' : c - 'A' + 'a');
            printf("%c%s", c, file < 8 ? " " : "\n");
        }
    }
    printf("  a b c d e f g h i\n");
    for (int taker = 0; taker < 2; taker++) {
        printf("%s has taken:", side_word(taker));
        if (v->ntaken[!taker] == 0)
            printf(" -");
        for (int i = 0; i < v->ntaken[!taker]; i++) {
            int t = CT_COUP_TYPE(v->taken[!taker][i]);
            printf(" %c", t ? ct_coup_type_letter(t) : '?');
        }
        printf("\n");
    }
    last[0] = 0;
    if (v->ply > 0) {
        const ct_coup_undo *u = &v->hist[v->ply - 1];
        ct_move mv = u->move;
        int reveal = (u->moved & CT_COUP_DOWN) ? CT_COUP_TYPE(v->board[CT_TO(mv)]) : 0;
        char t[CT_COUP_MOVE_TEXT];
        ct_coup_move_text(mv, reveal, t);
        int taken = u->captured;
        snprintf(last, size, "%s%s%c", t, taken ? ", takes " : "",
                 !taken ? '\0' : CT_COUP_TYPE(taken) ? ct_coup_type_letter(CT_COUP_TYPE(taken)) : '?');
    }
    int shown = v->ply;
    free(v);
    return shown;
}

/* The board as it is (or, for a watcher stepping back, as it was), with who, clocks and
 * the last move. */
static void show(np *p)
{
    if (!p->n.built)
        return;
    if (game_is_coup(&p->g)) {
        int64_t now = sys_now_ms();
        char tc[32], last[64], red[32], black[32];
        ct_tc_format(&p->g.tc, tc, sizeof tc);
        printf("\n== cờ úp: %s (Red) vs %s (Black) | rules %s | clock %s | watchers %d\n",
               name_of(p, CT_RED), name_of(p, CT_BLACK), ct_rules_name(p->g.setup.rules), tc,
               p->n.watchers);
        int plies = game_plies(&p->g), shown = coup_show(p, last, sizeof last);
        fmt_clock(netgame_clock(&p->n, CT_RED, now), red, sizeof red);
        fmt_clock(netgame_clock(&p->n, CT_BLACK, now), black, sizeof black);
        printf("Red %s  Black %s  | ply %d%s%s\n", red, black, shown,
               last[0] ? " | last " : "", last);
        if (shown != plies)
            printf("(move %d of %d: 'back', 'fwd', 'live')\n", shown, plies);
        if (game_over(&p->g)) {
            char res[96];
            result_line(&p->g, res, sizeof res);
            printf("Game over: %s\n", res);
        } else {
            int side = game_side(&p->g);
            printf("%s to move: %s\n", side_word(side), side == p->n.me ? "your move" : name_of(p, side));
        }
        fflush(stdout);
        return;
    }
    int64_t now = sys_now_ms();
    const ct_pos *pos = p->g.pos;
    ct_pos *view = xmalloc(sizeof *view);
    int plies = game_plies(&p->g);
    int shown = plies;
    if (netgame_view_pos(&p->n, view)) {
        pos = view;
        shown = p->n.view;
    }
    char tc[32];
    ct_tc_format(&p->g.tc, tc, sizeof tc);
    printf("\n== %s (Red) vs %s (Black) | rules %s | clock %s | watchers %d\n",
           name_of(p, CT_RED), name_of(p, CT_BLACK), ct_rules_name(p->g.setup.rules), tc,
           p->n.watchers);
    char board[4096];
    diagram_render(pos, p->opt.ascii, board, sizeof board);
    fputs(board, stdout);
    char red[32], black[32];
    fmt_clock(netgame_clock(&p->n, CT_RED, now), red, sizeof red);
    fmt_clock(netgame_clock(&p->n, CT_BLACK, now), black, sizeof black);
    printf("Red %s  Black %s  | ply %d", red, black, shown);
    if (shown > 0) {
        ct_move line[PROTO_PLY_MAX];
        ct_record_line_to(&p->g.rec, p->g.node, line, PROTO_PLY_MAX);
        ct_pos *before = xmalloc(sizeof *before);
        ct_record_start_position(&p->g.rec, before);
        for (int i = 0; i < shown - 1; i++)
            ct_pos_make(before, line[i]);
        char mv[CT_MOVE_TEXT_MAX];
        if (ct_move_render(before, line[shown - 1], p->opt.notation, mv, sizeof mv) < 0)
            mv[0] = 0;
        printf(" | last %s", mv);
        free(before);
    }
    printf("\n");
    if (pos == view)
        printf("(move %d of %d: 'back', 'fwd', 'live')\n", shown, plies);
    free(view);
    if (game_over(&p->g)) {
        char res[96];
        result_line(&p->g, res, sizeof res);
        printf("Game over: %s\n", res);
    } else {
        int side = game_side(&p->g);
        if (side == p->n.me)
            printf("%s to move: your move\n", side_word(side));
        else
            printf("%s to move: %s\n", side_word(side), name_of(p, side));
    }
    fflush(stdout);
}

static void say(const char *text)
{
    /* Notes are sanitized by netgame; the user's own words too, once more, here. */
    char *t = sanitize_dup(text, 0);
    printf("%s\n", t);
    free(t);
    fflush(stdout);
}

static void notes(np *p)
{
    netgame_note nt;
    while (netgame_next_note(&p->n, &nt)) {
        switch (nt.kind) {
        case NETGAME_NOTE_OVER:
            show(p);
            printf("The game is over: 'quit' to leave.\n");
            fflush(stdout);
            break;
        case NETGAME_NOTE_BOARD:
            say(nt.text);
            if (p->n.me == PROTO_SEAT_WATCHER && !p->hinted)
                say("'back', 'fwd', 'live', 'quit'.");
            p->hinted = true;
            show(p);
            break;
        case NETGAME_NOTE_ASK:
            say(nt.text);
            say(p->n.draw_to_me ? "'accept' or 'decline'." : "'yes' or 'no'.");
            break;
        default: say(nt.text); break;
        }
    }
}

/* ------------------------------------------------------------------ commands */
static void command(np *p, char *line)
{
    int64_t now = sys_now_ms();
    netgame *n = &p->n;
    char msg[1400] = "";
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\r'))
        line[--len] = 0;
    while (*line == ' ')
        line++;
    bool watcher = n->me == PROTO_SEAT_WATCHER;
    if (!strcmp(line, "quit") || !strcmp(line, "q")) {
        p->quit = true;
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
    if (!n->built) {
        printf("Waiting for the host's game...\n");
        return;
    }
    if (!strcmp(line, "back") || !strcmp(line, "fwd") || !strcmp(line, "first") ||
        !strcmp(line, "live")) {
        /* Stepping through the game here changes nothing at the host's. */
        netgame_view_step(n, line[0] == 'b' ? -1 : line[0] == 'f' && line[1] == 'w' ? 1 : 0,
                          !strcmp(line, "first"));
        show(p);
        return;
    }
    if (!strncmp(line, "say ", 4) || !strncmp(line, "chat ", 5)) {
        netgame_chat(n, strchr(line, ' ') + 1, msg, sizeof msg);
    } else if (watcher) {
        snprintf(msg, sizeof msg, "You are watching: 'back', 'fwd', 'live', 'quit'.");
    } else if (game_over(&p->g)) {
        snprintf(msg, sizeof msg, "The game is over: 'quit' to leave.");
    } else if (!strcmp(line, "resign")) {
        netgame_resign(n, now, msg, sizeof msg);
    } else if (!strcmp(line, "draw")) {
        netgame_offer_draw(n, msg, sizeof msg);
    } else if (!strcmp(line, "accept") || !strcmp(line, "decline")) {
        netgame_answer_draw(n, line[0] == 'a', now, msg, sizeof msg);
    } else if (!strcmp(line, "undo")) {
        netgame_ask_undo(n, msg, sizeof msg);
    } else if (!strcmp(line, "yes") || !strcmp(line, "no")) {
        if (netgame_answer_undo(n, line[0] == 'y', now, msg, sizeof msg) && line[0] == 'y' && n->host)
            show(p);
    } else {
        /* A move, in any notation. */
        const char *why;
        if (!netgame_may_move(n, &why)) {
            snprintf(msg, sizeof msg, "%s", why);
        } else if (game_is_coup(&p->g)) {
            /* Read in this side's view; a joiner's move goes to the referee first. */
            ct_coup_pos *v = xmalloc(sizeof *v);
            game_coup_view(&p->g, n->me, v);
            ct_move mv;
            if (ct_coup_move_parse(v, line, &mv) != CT_OK) {
                snprintf(msg, sizeof msg, "Not a move here: %s", line);
            } else {
                n->view = -1; /* a move ends stepping back, as in cờ tướng */
                if (netgame_send_move(n, mv, msg, sizeof msg)) {
                    if (!msg[0])
                        snprintf(msg, sizeof msg, "Sent; the host's program says what it reveals.");
                    netgame_step(n, now);
                } else {
                    game_status st = game_play(&p->g, mv, now, NULL);
                    if (st != GAME_OK)
                        snprintf(msg, sizeof msg, "%s",
                                 st == GAME_FLAGGED ? "Your time ran out." : "That move is not allowed.");
                    netgame_step(n, now);
                    if (st == GAME_OK)
                        show(p);
                }
            }
            free(v);
        } else {
            ct_move mv;
            ct_parse_error err;
            if (ct_move_parse(p->g.pos, line, CT_NOTATION_AUTO, &mv, &err) != CT_OK) {
                snprintf(msg, sizeof msg, "Not a move here: %s (%s)", line, err.message);
            } else {
                game_status st = game_play(&p->g, mv, now, NULL);
                if (st != GAME_OK)
                    snprintf(msg, sizeof msg, "%s",
                             st == GAME_FLAGGED ? "Your time ran out." : "That move is not allowed.");
                n->view = -1;
                netgame_step(n, now); /* sent at once */
                if (st == GAME_OK)
                    show(p);
            }
        }
    }
    if (msg[0])
        say(msg);
    notes(p);
}

static void read_stdin(np *p)
{
    char line[1024];
    line_input_fill(&p->in);
    while (!p->quit && line_input_take(&p->in, line, sizeof line))
        command(p, line);
}

/* ------------------------------------------------------------------ the loop */
int netplay_run(remote *r, const game_setup *setup, const ct_record *resumed,
                const netplay_options *opt)
{
    np *p = xcalloc(1, sizeof *p); /* large (the game's positions): not on the stack */
    p->opt = *opt;
    line_input_init(&p->in);
    game_init(&p->g);
    int64_t now = sys_now_ms();
    sys_signals_install();
    if (remote_is_host(r)) {
        netgame_host(&p->n, r, &p->g, setup, resumed, now);
        printf("Offered game %s in the lobby: you play %s. Waiting for an opponent...\n"
               "Another session of your own account joins with: cotuong join %s\n",
               remote_id(r), side_word(p->n.me), remote_code(r));
        show(p);
    } else {
        netgame_join(&p->n, r, &p->g);
        printf("Connected; waiting for the host's game...\n");
        fflush(stdout);
    }
    if (opt->save_as)
        snprintf(p->n.save_as, sizeof p->n.save_as, "%s", opt->save_as);
    if (opt->grace_s > 0)
        p->n.grace_ms = (int64_t)opt->grace_s * 1000;
    while (!p->quit && !p->n.stop && !sys_signal_pending()) {
        struct pollfd fds[REMOTE_MAX_CONNS * 2 + 2];
        int nf = 0;
        if (p->in.open)
            fds[nf++] = (struct pollfd){.fd = 0, .events = POLLIN};
        nf += remote_fds(r, fds + nf, (int)(sizeof fds / sizeof fds[0]) - nf);
        if (poll(fds, (nfds_t)nf, 50) < 0 && errno != EINTR)
            break;
        if (p->in.open && nf > 0 && fds[0].fd == 0 && (fds[0].revents & (POLLIN | POLLHUP)))
            read_stdin(p);
        now = sys_now_ms();
        netgame_step(&p->n, now);
        game_report echo;
        if (netgame_echo(&p->n, &echo))
            show(p); /* cờ úp: our own move, back from the referee with what it revealed */
        if (!p->n.stop && p->n.built) {
            game_tick_event t = game_tick(&p->g, now);
            netgame_tick_event(&p->n, &t);
            if (t.kind == GAME_TICK_MOVED) {
                netgame_step(&p->n, now); /* the host: to everyone; both: into the resume file */
                show(p);
            }
        }
        notes(p);
    }
    int sig = sys_signal_pending();
    if (sig)
        say("Signal received: saving and leaving.");
    netgame_end(&p->n);
    notes(p);
    game_free(&p->g);
    int status = sig ? 128 + sig : p->n.status;
    free(p);
    return status;
}

int netplay_common_option(const char *cmd, int key, const char *arg, const char **lobby,
                          netplay_options *opt)
{
    switch (key) {
    case NETPLAY_OPT_LOBBY: *lobby = arg; return 1;
    case NETPLAY_OPT_NOTATION: {
        bool ok;
        opt->notation = ct_notation_from_name(arg, &ok);
        opt->notation_name = arg;
        if (!ok) {
            fprintf(stderr, "cotuong %s: unknown notation '%s'\n", cmd, arg);
            return -1;
        }
        return 1;
    }
    case NETPLAY_OPT_PGN: opt->save_as = arg; return 1;
    case NETPLAY_OPT_ASCII: opt->ascii = opt->ascii_given = true; return 1;
    case NETPLAY_OPT_LINE: opt->line = true; return 1;
    default: return 0;
    }
}

bool netplay_full_screen(const netplay_options *opt)
{
    return !opt->line && isatty(0) && isatty(1);
}
