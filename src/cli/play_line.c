/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — play in plain lines: the game model with its seats (the AI or an engine think
 * off this thread), moves and commands read a line at a time from standard input, every
 * move told in words in the interface language, nothing but printable text and newlines
 * written (what a screen reader or a braille display reads well, and what a pipe keeps). */
#include "cli/play_line.h"

#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/diagram.h"
#include "cli/line_input.h"
#include "game/autosave.h"
#include "sys/i18n.h"
#include "sys/player.h"
#include "sys/resume.h"
#include "sys/sanitize.h"
#include "sys/savefile.h"
#include "sys/signals.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "tui/controller.h"
#include "tui/session.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/pgn.h"

/* ------------------------------------------------------------------ state */
typedef struct {
    game g;
    ctl *frame;          /* the TUI's helpers this module shares (see read_move, save) */
    ct_book *book;
    play_line_options opt;
    ct_pos *before;      /* scratch: the position a move was made in */
    ct_coup_pos *cbefore; /* scratch, cờ úp: the VIEW a move was made in */
    line_input in;       /* a line waits here while the computer is to move */
    char line[1024];     /* a line read and not handled yet */
    bool has_line;
    bool hint_asked;     /* a hint is being looked for */
    bool quit;
    bool interactive;    /* the input is a terminal */
    bool asking_replace; /* "FILE exists. Replace it?" waits for the next line */
    char replace_path[1024];
} line_play;

/* Every line goes out through here: sanitized (no control character, transliterated to
 * ASCII when the locale is not UTF-8), one line, flushed at once for a reader waiting. */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char *t = sanitize_screen_dup(buf, SANITIZE_KEEP_NEWLINE);
    fputs(t, stdout);
    fputc('\n', stdout);
    fflush(stdout);
    free(t);
}

static const char *side_name(int side)
{
    return side == CT_RED ? _("Red") : _("Black");
}

/* ------------------------------------------------------------------ moves in words */
/* Piece names (WXF letters K A E H R C P), and the markers of two to five pieces of one
 * kind on a file, from the front. */
static const char *const piece_word[CT_PIECE_TYPES] = {
    "", N_("King"), N_("Advisor"), N_("Elephant"), N_("Horse"), N_("Rook"), N_("Cannon"), N_("Pawn")};
static const char *const marker_word[6][5] = {
    [2] = {N_("front"), N_("rear")},
    [3] = {N_("front"), N_("middle"), N_("rear")},
    [4] = {N_("foremost"), N_("front"), N_("rear"), N_("rearmost")},
    [5] = {N_("foremost"), N_("front"), N_("middle"), N_("rear"), N_("rearmost")},
};

/* The legal move mv of pos in words: in the Vietnamese interface the Vietnamese long
 * notation ("Mã 8 tiến 7"), elsewhere the same description in the interface language
 * ("Horse 8 advances to 7"). */
static void desc_words(const ct_move_desc *dp, char *buf, size_t size)
{
    ct_move_desc d = *dp;
    if (i18n_is_vietnamese()) {
        ct_move_desc_render(&d, CT_NOTATION_VI_LONG, buf, size);
        return;
    }
    char who[96];
    const char *piece = _(piece_word[d.type]);
    if (!d.tandem)
        snprintf(who, sizeof who, "%s %d", piece, d.file);
    else if (d.two_files)
        snprintf(who, sizeof who, "%s %s %d", _(marker_word[d.tandem][d.index]), piece, d.file);
    else
        snprintf(who, sizeof who, "%s %s", _(marker_word[d.tandem][d.index]), piece);
    /* The number is a count of points for a piece going straight, a file for one going
     * diagonally (advisor, elephant, horse) or sideways. */
    bool diagonal = d.type == CT_ADVISOR || d.type == CT_ELEPHANT || d.type == CT_HORSE;
    const char *fmt = d.dir == CT_DIR_SIDEWAYS ? _("%s traverses to %d")
                      : d.dir == CT_DIR_FORWARD ? (diagonal ? _("%s advances to %d") : _("%s advances %d"))
                                                : (diagonal ? _("%s retreats to %d") : _("%s retreats %d"));
    snprintf(buf, size, fmt, who, d.number);
}

static void move_words(const ct_pos *pos, ct_move mv, char *buf, size_t size)
{
    ct_move_desc d;
    if (ct_move_describe(pos, mv, &d) != CT_OK) {
        snprintf(buf, size, "?");
        return;
    }
    desc_words(&d, buf, size);
}

/* ------------------------------------------------------------------ the TUI's helpers */
/* A typed move read as every screen reads it (ctl_read_move: the chosen notation, then
 * any notation, then coordinates). CT_NO_MOVE with the reason in msg. */
static ct_move read_move(line_play *p, const char *text, char *msg, size_t size)
{
    return ctl_read_move(p->frame, p->g.pos, text, msg, size);
}

/* Plays a human's move through the model, which checks it once and reports the reason of
 * a refusal (the one call). */
static game_status play_move(line_play *p, ct_move mv, ct_illegal_reason *why, game_report *rep)
{
    game_status st = game_play(&p->g, mv, sys_now_ms(), rep);
    *why = rep->why;
    return st;
}

/* Writes the game as PGN to path the way the game screen saves it; says what happened. */
static void save_to(line_play *p, const char *path)
{
    if (game_is_coup(&p->g)) {
        /* The deal goes in only once the game is over (game_coup_save). */
        char err[700];
        if (game_coup_save(&p->g, path, err, sizeof err) != 0) {
            say(_("Cannot save: %s"), err);
            return;
        }
        game_mark_saved(&p->g, path);
        say(_("Saved to %s"), path);
        return;
    }
    session_save_game(p->frame, &p->g, path);
    say("%s", p->frame->status);
}

/* ------------------------------------------------------------------ telling */
static void say_result(line_play *p)
{
    char res[200];
    ctl_result_text(p->g.match.result, p->g.match.reason, res, sizeof res);
    say("%s", res);
}

/* Who is to move, when it is a person (the computer's move is told when it comes). */
static void say_turn(line_play *p)
{
    game *g = &p->g;
    if (game_over(g)) {
        say_result(p);
        return;
    }
    if (!game_human_turn(g))
        return;
    say("%s.", game_side(g) == CT_RED ? _("Red to move") : _("Black to move"));
}

/* The autosave's news: a finished game saved in the games folder, a write that failed. */
static void say_news(line_play *p)
{
    game_autosave *a = &p->frame->saver;
    if (a->error[0]) {
        say(_("Cannot write the resume file: %s"), a->error);
        a->error[0] = '\0';
    }
    if (a->saved[0]) {
        say(_("Saved to %s"), a->saved);
        a->saved[0] = '\0';
    }
}

/* "Black: Horse 8 advances to 7, takes Pawn, check." and then the result or the turn.
 * before: the position the move was made in. */
static void say_move(line_play *p, int side, const ct_pos *before, ct_move mv)
{
    char words[160], line[400];
    move_words(before, mv, words, sizeof words);
    int n = snprintf(line, sizeof line, "%s: %s", side_name(side), words);
    int taken = ct_pos_type_at(before, CT_TO(mv));
    if (taken && n > 0 && (size_t)n < sizeof line)
        n += snprintf(line + n, sizeof line - (size_t)n, _(", takes %s"), _(piece_word[taken]));
    if ((p->g.verdict.flags & CT_ADJ_CHECK) && !game_over(&p->g) && n > 0 && (size_t)n < sizeof line)
        snprintf(line + n, sizeof line - (size_t)n, "%s", _(", check"));
    say("%s.", line);
    if (!game_over(&p->g) && (p->g.verdict.flags & CT_ADJ_CLAIM_MOVE_LIMIT))
        say("%s", _("A draw may be claimed (move limit)."));
    say_turn(p);
}

/* ------------------------------------------------------------------ cờ úp */
/* Everything of a cờ úp game told here comes from a VIEW (game_coup_view): the one human's,
 * or a watcher's when two humans share the screen or two computers play. */
static void coup_view(const line_play *p, ct_coup_pos *out)
{
    game_coup_view(&p->g, game_coup_viewer(&p->g), out);
}

static void coup_words(const ct_coup_pos *v, ct_move mv, char *buf, size_t size)
{
    ct_move_desc d;
    if (ct_coup_move_describe(v, mv, &d) != CT_OK)
        snprintf(buf, size, "?");
    else
        desc_words(&d, buf, size);
}

/* A typed move in a view (ct_coup_move_parse): CT_NO_MOVE with the reason in msg. */
static ct_move coup_read_move(const ct_coup_pos *v, const char *text, char *msg, size_t size)
{
    ct_move mv;
    ct_status st = ct_coup_move_parse(v, text, &mv);
    if (st == CT_OK)
        return mv;
    snprintf(msg, size, st == CT_ERR_AMBIGUOUS ? _("\"%s\" could be several moves: type its squares (h2e2).")
                                              : _("No move \"%s\" here (type its squares, e.g. h2e2)."),
             text);
    return CT_NO_MOVE;
}

/* "Red: Cannon 2 traverses to 5, reveals Rook, takes Horse, check." A face-down piece taken
 * is named only when the mover is a person (the capturer learns it; the computer's capture
 * of your face-down piece stays "a face-down piece" to you). */
static void coup_say_move(line_play *p, const ct_coup_pos *before, const game_report *rep)
{
    char words[160], line[400];
    coup_words(before, rep->move, words, sizeof words);
    int n = snprintf(line, sizeof line, "%s: %s", side_name(rep->mover), words);
    if (rep->reveal > 0 && n > 0 && (size_t)n < sizeof line)
        n += snprintf(line + n, sizeof line - (size_t)n, _(", reveals %s"), _(piece_word[rep->reveal]));
    if (rep->captured != CT_NO_TYPE && n > 0 && (size_t)n < sizeof line) {
        if (rep->captured_down && p->g.seats[rep->mover])
            n += snprintf(line + n, sizeof line - (size_t)n, "%s", _(", takes a face-down piece"));
        else
            n += snprintf(line + n, sizeof line - (size_t)n, _(", takes %s"), _(piece_word[rep->captured]));
    }
    if (rep->check && !game_over(&p->g) && n > 0 && (size_t)n < sizeof line)
        snprintf(line + n, sizeof line - (size_t)n, "%s", _(", check"));
    say("%s.", line);
    say_turn(p);
}

/* The board of a view: X / x a face-down piece (Red / Black), letters as on the ASCII board
 * for the pieces face up; then what each side has taken, "?" for a piece taken face down
 * whose identity the viewer may not know. */
static void coup_board(line_play *p)
{
    ct_coup_pos *v = xmalloc(sizeof *v);
    coup_view(p, v);
    static const char letters[CT_PIECE_TYPES] = {'.', 'K', 'A', 'E', 'H', 'R', 'C', 'P'};
    say("  a b c d e f g h i");
    for (int r = CT_RANKS - 1; r >= 0; r--) {
        char row[64];
        int k = snprintf(row, sizeof row, "%d", r);
        for (int f = 0; f < CT_FILES; f++) {
            ct_sq sq = (ct_sq)CT_SQ(f, r);
            int side = ct_coup_side_at(v, sq);
            char c = side < 0 ? '.' : ct_coup_is_down(v, sq) ? 'X' : letters[CT_COUP_TYPE(v->board[sq])];
            if (side == CT_BLACK)
                c = (char)(c - 'A' + 'a');
            k += snprintf(row + k, sizeof row - (size_t)k, " %c", c);
        }
        say("%s", row);
    }
    say("%s", _("X, x: a face-down piece of Red, of Black; it moves as the piece of its square."));
    /* The view's FEN as the Jieqi tools write it (X/x and the pool of unseen pieces). */
    char fen[200];
    ct_coup_fen_write(v, fen, sizeof fen);
    say(_("FEN of what you see: %s"), fen);
    for (int taker = 0; taker < 2; taker++) {
        int lost = !taker, n = v->ntaken[lost];
        char list[400] = "";
        size_t k = 0;
        for (int i = 0; i < n && k < sizeof list; i++) {
            int t = CT_COUP_TYPE(v->taken[lost][i]);
            k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", i ? ", " : "", t ? _(piece_word[t]) : "?");
        }
        if (n == 0)
            say(_("%s has taken nothing."), side_name(taker));
        else
            say(_("%s has taken: %s."), side_name(taker), list);
    }
    if (!game_over(&p->g))
        say("%s%s.", game_side(&p->g) == CT_RED ? _("Red to move") : _("Black to move"),
            ct_coup_in_check(v, v->side) ? _(", check") : "");
    else
        say_result(p);
    free(v);
}

/* The moves so far with their reveals, "1. h2e2=C h9g7=N". */
static void coup_moves(line_play *p)
{
    int plies = game_plies(&p->g);
    ct_move *line = xmalloc((size_t)(plies + 1) * sizeof *line);
    uint8_t *rev = xcalloc(CT_MAX_HISTORY, 1);
    plies = ct_record_line_to(&p->g.rec, p->g.node, line, plies);
    game_coup_reveals(&p->g, rev, CT_MAX_HISTORY);
    char out[200] = "";
    for (int i = 0; i < plies; i++) {
        char t[CT_COUP_MOVE_TEXT];
        ct_coup_move_text(line[i], rev[i], t);
        size_t n = strlen(out);
        if (i % 2 == 0)
            snprintf(out, sizeof out, "%d. %s", i / 2 + 1, t);
        else
            snprintf(out + n, sizeof out - n, " %s", t);
        if (i % 2 == 1 || i == plies - 1)
            say("%s", out);
    }
    free(rev);
    free(line);
}

/* ------------------------------------------------------------------ commands */
/* The side a person plays: the one to move, or the other when the computer is to move. */
static int human_side(const line_play *p)
{
    int side = game_side(&p->g);
    if (!game_human_turn(&p->g) && !p->g.seats[!side])
        side = !side;
    return side;
}

static bool over_said(line_play *p)
{
    if (!game_over(&p->g))
        return false;
    say("%s", _("The game is over: 'undo', 'save' or 'quit'."));
    return true;
}

static void cmd_help(line_play *p, const char *arg);

static void cmd_board(line_play *p, const char *arg)
{
    (void)arg;
    if (game_is_coup(&p->g)) {
        coup_board(p);
        return;
    }
    char board[4096];
    diagram_board(p->g.pos, p->opt.ascii, true, board, sizeof board);
    size_t len = strlen(board);
    if (len && board[len - 1] == '\n')
        board[len - 1] = '\0';
    say("%s", board);
    if (!game_over(&p->g))
        say("%s%s.", game_side(&p->g) == CT_RED ? _("Red to move") : _("Black to move"),
            ct_in_check(p->g.pos, p->g.pos->side) ? _(", check") : "");
    else
        say_result(p);
}

/* The moves so far, a numbered line per move (Red's and Black's), in the chosen notation. */
static void cmd_moves(line_play *p, const char *arg)
{
    (void)arg;
    int plies = game_plies(&p->g);
    if (plies == 0) {
        say("%s", _("No move yet."));
        return;
    }
    if (game_is_coup(&p->g)) {
        coup_moves(p);
        return;
    }
    ct_move *line = xmalloc((size_t)plies * sizeof *line);
    plies = ct_record_line_to(&p->g.rec, p->g.node, line, plies);
    ct_pos *pos = p->before;
    ct_record_start_position(&p->g.rec, pos);
    char out[200] = "";
    int number = 1;
    size_t n = 0;
    if (pos->side == CT_BLACK)
        n = (size_t)snprintf(out, sizeof out, "1. ...");
    for (int i = 0; i < plies; i++) {
        char mv[CT_MOVE_TEXT_MAX];
        if (ct_move_render(pos, line[i], sanitize_notation(p->opt.notation), mv, sizeof mv) < 0)
            snprintf(mv, sizeof mv, "?");
        if (pos->side == CT_RED)
            n = (size_t)snprintf(out, sizeof out, "%d. %s", number, mv);
        else if (n < sizeof out)
            snprintf(out + n, sizeof out - n, " %s", mv);
        if (pos->side == CT_BLACK || i == plies - 1) {
            say("%s", out);
            number++;
            n = 0;
        }
        ct_pos_make(pos, line[i]);
    }
    free(line);
}

static void cmd_undo(line_play *p, const char *arg)
{
    (void)arg;
    game *g = &p->g;
    int64_t now = sys_now_ms();
    if (game_undo(g, now) != GAME_OK) {
        say("%s", _("Nothing to undo."));
        return;
    }
    /* Against the computer take back a full turn: back to a person's move. */
    while (!game_human_turn(g) && game_undo(g, now) == GAME_OK)
        ;
    p->hint_asked = false;
    say("%s", _("Move taken back."));
    say_turn(p);
}

static void cmd_hint(line_play *p, const char *arg)
{
    (void)arg;
    if (over_said(p))
        return;
    if (game_hint(&p->g)) {
        p->hint_asked = true;
        say("%s", _("Looking for a good move..."));
    } else {
        say("%s", _("A hint is for your own turn."));
    }
}

static void cmd_draw(line_play *p, const char *arg)
{
    (void)arg;
    game *g = &p->g;
    if (over_said(p))
        return;
    int side = human_side(p);
    if (game_offer_draw(g, side) != GAME_OK) {
        say("%s", _("A draw cannot be offered now."));
        return;
    }
    game_seat *opp = g->seats[!side];
    if (!opp) {
        say(_("%s offers a draw: %s answers 'accept' or 'decline' (a move declines)."),
            side_name(side), side_name(!side));
        return;
    }
    /* The computer accepts only when its last look at the game said it is losing. */
    game_seat_progress pr;
    game_seat_progress_get(opp, &pr);
    if (pr.depth > 0 && pr.score < -150) {
        game_accept_draw(g, !side, sys_now_ms());
        say_result(p);
    } else {
        game_decline_draw(g);
        say("%s", _("The AI declines the draw."));
    }
}

static void cmd_accept(line_play *p, const char *arg)
{
    (void)arg;
    game *g = &p->g;
    if (over_said(p))
        return;
    if (g->match.offer_side < 0 || game_accept_draw(g, !g->match.offer_side, sys_now_ms()) != GAME_OK) {
        say("%s", _("No draw is offered."));
        return;
    }
    say_result(p);
}

static void cmd_decline(line_play *p, const char *arg)
{
    (void)arg;
    if (p->g.match.offer_side < 0) {
        say("%s", _("No draw is offered."));
        return;
    }
    game_decline_draw(&p->g);
    say("%s", _("The draw offer was declined."));
}

static void cmd_claim(line_play *p, const char *arg)
{
    (void)arg;
    if (over_said(p))
        return;
    if (game_claim_draw(&p->g, sys_now_ms()) != GAME_OK) {
        say("%s", _("There is no draw to claim."));
        return;
    }
    say_result(p);
}

static void cmd_resign(line_play *p, const char *arg)
{
    (void)arg;
    if (over_said(p))
        return;
    game_resign(&p->g, human_side(p), sys_now_ms());
    say_result(p);
}

static void clock_text(int64_t ms, char *buf, size_t size)
{
    long s = ms <= 0 ? 0 : (long)((ms + 999) / 1000);
    if (s >= 3600)
        snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
}

static void cmd_time(line_play *p, const char *arg)
{
    (void)arg;
    if (!ct_tc_timed(&p->g.tc)) {
        say("%s", _("This game has no clock."));
        return;
    }
    int64_t now = sys_now_ms();
    char red[32], black[32];
    clock_text(game_time_left(&p->g, CT_RED, now), red, sizeof red);
    clock_text(game_time_left(&p->g, CT_BLACK, now), black, sizeof black);
    say(_("Time left: Red %s, Black %s."), red, black);
}

static void cmd_save(line_play *p, const char *arg)
{
    char path[1024];
    if (arg[0])
        snprintf(path, sizeof path, "%s", arg);
    else if (p->g.path[0])
        snprintf(path, sizeof path, "%s", p->g.path);
    else
        session_new_game_path(&p->g, path, sizeof path);
    if (!path[0]) {
        say("%s", _("Not saved."));
        return;
    }
    if (strcmp(path, p->g.path) != 0 && session_file_exists(path)) {
        snprintf(p->replace_path, sizeof p->replace_path, "%s", path);
        p->asking_replace = true;
        say(_("%s exists. Replace it? (y/n)"), path);
        return;
    }
    save_to(p, path);
}

static void cmd_quit(line_play *p, const char *arg)
{
    (void)arg;
    p->quit = true;
    if (!game_over(&p->g) && game_plies(&p->g) > 0) {
        game_autosave_write(&p->frame->saver, sys_now_ms(), "quit");
        say("%s", _("The game is kept: 'cotuong play --resume' goes on with it."));
    }
}

/* The commands, with the help they print (the help is made from this table). */
typedef struct {
    const char *name, *alias;
    void (*run)(line_play *p, const char *arg);
    const char *help;
} line_command;

static const line_command commands[] = {
    {"board", "b", cmd_board, N_("the board, a line per rank, and who is to move")},
    {"moves", NULL, cmd_moves, N_("the moves played so far")},
    {"undo", "u", cmd_undo, N_("take back a move (a whole turn against the computer)")},
    {"hint", NULL, cmd_hint, N_("the computer suggests a move")},
    {"draw", NULL, cmd_draw, N_("offer a draw")},
    {"accept", NULL, cmd_accept, N_("accept the draw offered")},
    {"decline", NULL, cmd_decline, N_("decline the draw offered")},
    {"claim", NULL, cmd_claim, N_("claim a draw the rules allow (move limit)")},
    {"resign", NULL, cmd_resign, N_("resign the game")},
    {"time", NULL, cmd_time, N_("the time left on the clocks")},
    {"save", NULL, cmd_save, N_("save the game as PGN (save FILE: to that file)")},
    {"help", "?", cmd_help, N_("this list")},
    {"quit", "q", cmd_quit, N_("leave; an unfinished game can be resumed")},
};

static void cmd_help(line_play *p, const char *arg)
{
    (void)p;
    (void)arg;
    say("%s", _("Type a move in any notation (h2e2, H2-E2, C2.5, P2-5, 炮二平五), or a command:"));
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        say("%s: %s.", commands[i].name, _(commands[i].help));
}

/* The command a line names, or NULL (then it is a move); *arg: what follows the name. */
static const line_command *find_command(const char *line, const char **arg)
{
    size_t n = strcspn(line, " \t");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        const line_command *c = &commands[i];
        if ((strlen(c->name) == n && !strncmp(line, c->name, n)) ||
            (c->alias && strlen(c->alias) == n && !strncmp(line, c->alias, n))) {
            const char *a = line + n;
            while (*a == ' ' || *a == '\t')
                a++;
            *arg = a;
            return c;
        }
    }
    return NULL;
}

static void human_move(line_play *p, const char *text)
{
    game *g = &p->g;
    if (over_said(p))
        return;
    if (!game_human_turn(g)) {
        say("%s", _("Wait: the computer is to move."));
        return;
    }
    char msg[CTL_STATUS_MAX];
    bool coup = game_is_coup(g);
    if (coup)
        coup_view(p, p->cbefore);
    ct_move mv = coup ? coup_read_move(p->cbefore, text, msg, sizeof msg) : read_move(p, text, msg, sizeof msg);
    if (!mv) {
        say("%s", msg);
        return;
    }
    int mover = game_side(g);
    *p->before = *g->pos;
    game_report rep;
    ct_illegal_reason why = CT_WHY_LEGAL;
    switch (play_move(p, mv, &why, &rep)) {
    case GAME_OK:
        p->hint_asked = false;
        game_cancel_hint(g);
        if (coup)
            coup_say_move(p, p->cbefore, &rep);
        else
            say_move(p, mover, p->before, mv);
        break;
    case GAME_ILLEGAL: say(_("Illegal: %s."), ctl_why_text(why)); break;
    case GAME_OVER: over_said(p); break;
    case GAME_FLAGGED: say_result(p); break;
    default: say("%s", _("The game is too long.")); break;
    }
    say_news(p);
}

static void handle_line(line_play *p, char *line)
{
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
        line[--len] = '\0';
    while (*line == ' ' || *line == '\t')
        line++;
    if (p->asking_replace) {
        p->asking_replace = false;
        if (!strcmp(line, "y") || !strcmp(line, "yes"))
            save_to(p, p->replace_path);
        else
            say("%s", _("Not saved."));
        return;
    }
    if (!line[0]) { /* an empty line: where the game stands */
        say_turn(p);
        return;
    }
    const char *arg = "";
    const line_command *c = find_command(line, &arg);
    if (c)
        c->run(p, arg);
    else
        human_move(p, line);
}

/* ------------------------------------------------------------------ the seats */
static void on_tick(line_play *p, const game_tick_event *ev)
{
    game *g = &p->g;
    switch (ev->kind) {
    case GAME_TICK_MOVED:
        if (game_is_coup(g)) {
            /* The position before it, from the referee's (which can step back), as a view. */
            ct_coup_pos *full = xmalloc(sizeof *full);
            *full = *g->coup;
            ct_coup_unmake(full);
            ct_coup_view(full, game_coup_viewer(g), p->cbefore);
            free(full);
            coup_say_move(p, p->cbefore, &ev->report);
            break;
        }
        *p->before = *g->pos;
        ct_pos_unmake(p->before);
        say_move(p, ev->side, p->before, ev->move);
        break;
    case GAME_TICK_HINT: {
        char words[160], mv[CT_MOVE_TEXT_MAX], text[240];
        p->hint_asked = false;
        if (game_is_coup(g)) {
            char coord[5];
            coup_view(p, p->cbefore);
            coup_words(p->cbefore, ev->move, words, sizeof words);
            ct_move_coord(ev->move, coord);
            snprintf(text, sizeof text, "%s (%.4s)", words, coord);
            say(_("Hint: %s."), text);
            break;
        }
        move_words(g->pos, ev->move, words, sizeof words);
        if (ct_move_render(g->pos, ev->move, sanitize_notation(p->opt.notation), mv, sizeof mv) < 0)
            mv[0] = '\0';
        snprintf(text, sizeof text, "%s (%s)", words, mv);
        say(_("Hint: %s."), text);
        break;
    }
    case GAME_TICK_TIME: say_result(p); break;
    case GAME_TICK_FORFEIT: {
        char res[200];
        ctl_result_text(g->match.result, g->match.reason, res, sizeof res);
        say(_("%s forfeits: %s. %s"), side_name(ev->side), ev->detail, res);
        break;
    }
    default: break;
    }
    if (ev->kind != GAME_TICK_NONE)
        say_news(p);
}

/* A line waits while the computer is to move against a person (so a piped game keeps its
 * order) or a hint is on its way; with the computer on both sides nothing waits. */
static bool must_wait(const line_play *p)
{
    const game *g = &p->g;
    if (game_over(g))
        return false;
    if (p->hint_asked)
        return true;
    bool person = !g->seats[CT_RED] || !g->seats[CT_BLACK];
    return person && (!game_human_turn(g) || game_thinking(g));
}

static bool computer_plays_on(const line_play *p)
{
    return !game_over(&p->g) && (!game_human_turn(&p->g) || p->hint_asked);
}

/* ------------------------------------------------------------------ start */
static void player_text(const sys_player_spec *s, char *buf, size_t size)
{
    if (s->kind == SYS_PLAYER_HUMAN)
        snprintf(buf, size, "%s", _("human"));
    else if (s->kind == SYS_PLAYER_AI)
        snprintf(buf, size, _("computer, level %d"), s->level);
    else
        sys_player_spec_name(s, buf, size);
}

/* The game of the resume file, or a new one; false (said why) when neither can start. */
static bool start(line_play *p, int64_t now)
{
    char err[700] = "";
    if (p->opt.resume) {
        ct_record *recs;
        int n;
        int got = resume_load(&recs, &n, err, sizeof err);
        bool ok = false;
        for (int i = 0; got == 1 && i < n && !ok; i++) {
            const char *mode = ct_record_tag(&recs[i], "Mode");
            if ((!mode || !strcmp(mode, "play")) && recs[i].result == CT_RESULT_NONE) {
                ok = game_restore(&p->g, &recs[i], false, now, err, sizeof err);
                if (!ok)
                    break;
            }
        }
        if (got == 1)
            ct_pgn_free_games(recs, n);
        if (!ok) {
            fprintf(stderr, _("cotuong: cannot resume: %s\n"), err[0] ? err : _("there is no interrupted game"));
            return false;
        }
        int moves = game_full_moves(&p->g); /* as players count: Red's and Black's */
        if (moves == 1)
            say("%s", _("Resumed the interrupted game (1 move)."));
        else
            say(_("Resumed the interrupted game (%d moves)."), moves);
    } else {
        if (game_new(&p->g, p->opt.setup, now) != CT_OK) {
            fprintf(stderr, "cotuong: %s\n", _("The start position is not valid."));
            return false;
        }
        say("%s", _("New game."));
    }
    if (game_is_coup(&p->g))
        say("%s", _("Cờ úp: every piece but the kings is face down; it moves as the piece of its "
                    "square, and its first move turns it up."));
    if (!game_open_seats(&p->g, p->book, err, sizeof err))
        say(_("Cannot start %s. A human plays that side."), err);
    char red[160], black[160];
    player_text(&p->g.setup.players[CT_RED], red, sizeof red);
    player_text(&p->g.setup.players[CT_BLACK], black, sizeof black);
    say(_("Red: %s. Black: %s."), p->g.seats[CT_RED] ? red : _("human"),
        p->g.seats[CT_BLACK] ? black : _("human"));
    say("%s", _("Type a move, or 'help' for the commands."));
    game_autosave *a = &p->frame->saver;
    snprintf(a->notation, sizeof a->notation, "%s", ct_notation_name(p->opt.notation));
    game_autosave_attach(a, &p->g, NULL, 0);
    game_autosave_write(a, now, NULL);
    say_turn(p);
    return true;
}

bool play_line_wanted(bool asked)
{
    return asked || !isatty(0) || !isatty(1);
}

/* ------------------------------------------------------------------ the loop */
int play_line_run(const play_line_options *o)
{
    line_play *p = xcalloc(1, sizeof *p); /* large (positions with history) */
    p->opt = *o;
    line_input_init(&p->in);
    p->interactive = isatty(0);
    p->before = xmalloc(sizeof *p->before);
    p->cbefore = xmalloc(sizeof *p->cbefore);
    p->frame = xmalloc(sizeof *p->frame);
    ctl_init(p->frame, NULL);
    p->frame->set.notation = o->notation;
    p->book = sys_player_load_book(NULL);
    game_init(&p->g);
    sys_signals_install(); /* no screen: nothing to restore on a second signal */
    int status = 0, sig = 0;
    if (!start(p, sys_now_ms())) {
        status = 1;
        p->quit = true;
    }
    while (!p->quit) {
        /* 1. A signal: the game is in the resume file with the clocks as they are. */
        if ((sig = sys_signal_pending()) != 0) {
            game_autosave_write(&p->frame->saver, sys_now_ms(), "signal");
            say("%s", _("Signal received: the game is kept."));
            status = 128 + sig;
            break;
        }
        /* 2. The seats: a move played, a hint found, a flag fallen. */
        game_tick_event ev = game_tick(&p->g, sys_now_ms());
        on_tick(p, &ev);
        /* 3. The next line, unless it must wait for the computer ("quit" typed at a
         * terminal does not wait; from a pipe every line keeps its order). */
        if (!p->has_line)
            p->has_line = line_input_take(&p->in, p->line, sizeof p->line);
        bool wait = must_wait(p);
        if (p->has_line) {
            const char *arg;
            const line_command *c = find_command(p->line, &arg);
            if (!wait || (c && c->run == cmd_quit && p->interactive)) {
                p->has_line = false;
                handle_line(p, p->line);
                continue;
            }
        }
        /* 4. The end of the input: the computer finishes what it does, then the game is
         * kept for resuming. */
        if (!p->has_line && !p->in.open && !computer_plays_on(p)) {
            if (!game_over(&p->g)) {
                game_autosave_write(&p->frame->saver, sys_now_ms(), "quit");
                say("%s", game_plies(&p->g) > 0
                              ? _("End of input: the game is kept; 'cotuong play --resume' goes on with it.")
                              : _("End of input."));
                status = PLAY_LINE_EXIT_UNFINISHED;
            }
            break;
        }
        /* 5. Wait for input, a little while when the computer thinks or a clock runs. */
        int timeout = computer_plays_on(p) ? 20
                      : ct_tc_timed(&p->g.tc) && !game_over(&p->g) ? 200 : -1;
        struct pollfd fd = {.fd = 0, .events = POLLIN};
        bool read_more = !p->has_line && p->in.open;
        if (!read_more && timeout < 0)
            timeout = 20;
        if (poll(&fd, read_more ? 1 : 0, timeout) > 0 && (fd.revents & (POLLIN | POLLHUP | POLLERR)))
            line_input_fill(&p->in);
    }
    game_cancel_thinking(&p->g);
    game_close_seats(&p->g);
    game_autosave_detach(&p->frame->saver, &p->g);
    game_free(&p->g);
    ctl_free(p->frame);
    free(p->frame);
    ct_book_free(p->book);
    free(p->before);
    free(p->cbefore);
    free(p);
    if (sig)
        sys_signal_exit(sig);
    return status;
}
