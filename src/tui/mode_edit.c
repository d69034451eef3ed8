/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the board editor: a position set up piece by piece (keys at the cursor, or the
 * mouse with the palette), the side to move, flip, clear, the start position, a FEN typed
 * or pasted (a bracketed paste straight into the board is read as a FEN) and copied; the
 * core's FEN reader judges the position (a piece where it cannot stand, a missing king, the
 * side not to move in check) and says what is wrong before it is played (hot-seat or
 * against the AI), analysed (a review of the position) or saved as a PGN with [FEN]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "sys/i18n.h"
#include "sys/sanitize.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "tui/board.h"
#include "tui/controller.h"
#include "tui/session.h"
#include "cotuong/movegen.h"
#include "ui/editor_view.h"
#include "ui/input.h"
#include "ui/views.h"

#define PASTE_MAX 512

typedef struct {
    ct_pos pos;                    /* the position being set up (no history) */
    tui_board b;                   /* the cursor and the mouse: squares, not moves */
    int hand_side, hand_type;      /* the piece in hand: type -1 none, 0 the eraser */
    bool hand_keep;                /* chosen from the palette or a letter: stays in hand */
    bool pasting;                  /* inside a bracketed paste */
    char paste[PASTE_MAX];
    size_t paste_len;
    ui_editor_cell cells[UI_EDITOR_CELLS];
    int ncells;
    bool pending_ai;               /* the game asked about: against the AI */
    game g;                        /* the game that is saved */
    ct_pos check;                  /* scratch for the check */
} edit_state;

static const char *const type_names[CT_PIECE_TYPES] = {
    "", N_("king"), N_("advisor"), N_("elephant"), N_("horse"), N_("rook"), N_("cannon"), N_("pawn")};

/* The piece letters of FEN (and the keys): side and type, false for another key. */
static bool letter_piece(int key, int *side, int *type)
{
    static const char *const letters = "KABNRCPEH";
    static const int types[] = {CT_KING, CT_ADVISOR, CT_ELEPHANT, CT_HORSE, CT_ROOK,
                                CT_CANNON, CT_PAWN, CT_ELEPHANT, CT_HORSE};
    if (key <= 0 || key > 127)
        return false;
    int up = key >= 'a' && key <= 'z' ? key - 'a' + 'A' : key;
    const char *p = strchr(letters, up);
    if (!p || !*p)
        return false;
    *side = up == key ? CT_RED : CT_BLACK;
    *type = types[p - letters];
    return true;
}

/* The FEN of the position (counters reset: a set-up position starts a game). */
static void fen_of(const edit_state *es, char *buf, size_t size)
{
    ct_fen_write(&es->pos, buf, size);
}

/* What the core's FEN reader found wrong, in the interface language: the core gives a code
 * and its parameters (its own words are English, for the command line). */
static void fen_problem_text(const ct_fen_error *e, char *buf, size_t size)
{
    const char *side = e->side == CT_RED ? _("Red") : _("Black");
    const char *type = e->type > 0 && e->type < CT_PIECE_TYPES ? _(type_names[e->type]) : "?";
    char sq[3] = "??";
    if (e->file >= 0 && e->file < CT_FILES && e->rank >= 0 && e->rank < CT_RANKS)
        ct_sq_name((ct_sq)CT_SQ(e->file, e->rank), sq);
    /* The letter came from the text typed or pasted: only a printable ASCII one is shown. */
    char letter = e->letter > ' ' && e->letter < 127 ? e->letter : '?';
    switch (e->code) {
    case CT_FEN_EMPTY: snprintf(buf, size, "%s", _("empty FEN")); break;
    case CT_FEN_TOO_MANY_FIELDS: snprintf(buf, size, "%s", _("too many fields (at most 6)")); break;
    case CT_FEN_FIELD_COUNT: snprintf(buf, size, _("%d fields; expected 2, 4 or 6"), e->count); break;
    case CT_FEN_RANK_POINTS:
        snprintf(buf, size, _("rank %d has %d points, not 9"), e->rank, e->count);
        break;
    case CT_FEN_TOO_MANY_RANKS: snprintf(buf, size, "%s", _("more than 10 ranks")); break;
    case CT_FEN_RANK_LONG: snprintf(buf, size, _("rank %d has more than 9 points"), e->rank); break;
    case CT_FEN_LETTER:
        snprintf(buf, size, _("unknown piece letter '%c' on rank %d"), letter, e->rank);
        break;
    case CT_FEN_RANK_COUNT: snprintf(buf, size, _("%d ranks, not 10"), e->count); break;
    /* TRANSLATORS: colour, piece, square ("Red elephant cannot stand on g5"). */
    case CT_FEN_PLACEMENT: snprintf(buf, size, _("%s %s cannot stand on %s"), side, type, sq); break;
    /* TRANSLATORS: colour, piece; English adds an s ("too many Red kings"). */
    case CT_FEN_TOO_MANY: snprintf(buf, size, _("too many %s %ss"), side, type); break;
    case CT_FEN_NO_KING:
        snprintf(buf, size, "%s", e->side == CT_RED ? _("no Red king") : _("no Black king"));
        break;
    case CT_FEN_SIDE: snprintf(buf, size, "%s", _("side to move must be 'w' (or 'r') or 'b'")); break;
    case CT_FEN_PLACEHOLDER:
        snprintf(buf, size, "%s", _("expected '-' (no castling or en passant in xiangqi)"));
        break;
    case CT_FEN_HALFMOVE:
        snprintf(buf, size, "%s", _("half-move clock must be a number of plies"));
        break;
    case CT_FEN_FULLMOVE: snprintf(buf, size, "%s", _("move number must be a positive number")); break;
    case CT_FEN_IN_CHECK:
        snprintf(buf, size, _("the side not to move (%s) is in check"), side);
        break;
    default: snprintf(buf, size, "%s", _("not a position")); break;
    }
}

/* The core's judgement of the position: NULL when it can be played, else why not. */
static const char *problem(edit_state *es, char *buf, size_t size)
{
    char fen[128];
    ct_fen_error err;
    fen_of(es, fen, sizeof fen);
    if (ct_fen_read(&es->check, fen, &err) != CT_OK) {
        fen_problem_text(&err, buf, size);
        return buf;
    }
    return NULL;
}

static void set_pos(edit_state *es, const ct_pos *p)
{
    ct_pos_clear(&es->pos);
    memcpy(&es->pos, p, offsetof(ct_pos, hist));
    es->pos.ply = 0;
    es->pos.halfmove = 0;
    es->pos.fullmove = 1;
}

static void put_piece(ctl *c, edit_state *es, int side, int type, int file, int rank)
{
    ct_sq sq = (ct_sq)CT_SQ(file, rank);
    if (ct_pos_side_at(&es->pos, sq) == side && ct_pos_type_at(&es->pos, sq) == type)
        return;
    ct_pos_remove(&es->pos, sq);
    if (ct_pos_put(&es->pos, side, type, sq) != CT_OK)
        ctl_status(c, UI_ERROR, _("%s has all its %ss already: remove one first."),
                   side == CT_RED ? _("Red") : _("Black"), _(type_names[type]));
    else
        ctl_status(c, UI_STATUS, "%s", "");
}

/* Enter or a click on the board: the piece in hand goes there; with nothing in hand the
 * piece there is picked up (to be put down with the next Enter or click). */
static void on_square(ctl *c, void *owner, int file, int rank)
{
    edit_state *es = owner;
    ct_sq sq = (ct_sq)CT_SQ(file, rank);
    if (es->hand_type == 0) {
        ct_pos_remove(&es->pos, sq);
    } else if (es->hand_type > 0) {
        put_piece(c, es, es->hand_side, es->hand_type, file, rank);
        if (!es->hand_keep)
            es->hand_type = -1;
    } else if (ct_pos_side_at(&es->pos, sq) >= 0) {
        es->hand_side = ct_pos_side_at(&es->pos, sq);
        es->hand_type = ct_pos_type_at(&es->pos, sq);
        es->hand_keep = false;
        ct_pos_remove(&es->pos, sq);
    }
}

static const ct_pos *board_position(void *owner)
{
    return &((edit_state *)owner)->pos;
}

static const tui_board_ops board_ops = {.position = board_position, .square = on_square};

static void load_fen(ctl *c, edit_state *es, const char *text)
{
    ct_pos p;
    ct_fen_error err;
    while (*text == ' ')
        text++;
    if (ct_fen_read(&p, text, &err) != CT_OK) {
        char why[200];
        fen_problem_text(&err, why, sizeof why);
        ctl_status(c, UI_ERROR, _("Not a position (FEN field %d): %s."), err.field, why);
        return;
    }
    set_pos(es, &p);
    ctl_status(c, UI_STATUS, "%s", _("Position read from the FEN."));
}

static void on_fen(ctl *c, void *st, const char *text)
{
    load_fen(c, st, text);
}

/* ------------------------------------------------------------------ leaving */
/* True when the position can be played; else the status says why. */
static bool ready(ctl *c, edit_state *es, bool to_play)
{
    char why[200];
    if (problem(es, why, sizeof why)) {
        ctl_status(c, UI_ERROR, _("Not a legal position: %s."), why);
        return false;
    }
    if (to_play && !ct_has_legal_move(&es->check)) {
        ctl_status(c, UI_ERROR, "%s", _("The side to move has no legal move: the game would be over."));
        return false;
    }
    return true;
}

static void start_play(ctl *c, edit_state *es, bool against_ai)
{
    game_setup s = c->defaults.setup;
    fen_of(es, s.fen, sizeof s.fen);
    sys_player_spec_human(&s.players[CT_RED]);
    sys_player_spec_human(&s.players[CT_BLACK]);
    if (against_ai) {
        /* The human plays the side to move; the AI answers. */
        sys_player_spec *p = &s.players[!es->pos.side];
        memset(p, 0, sizeof *p);
        p->kind = SYS_PLAYER_AI;
        p->level = c->defaults.level;
    }
    ctl_play_arg arg = {.setup = &s, .status = _("Playing from the set-up position.")};
    ctl_replace_all(c, CTL_MODE_PLAY, &arg);
}

static void on_abandon_answer(ctl *c, void *st, bool yes)
{
    edit_state *es = st;
    if (yes)
        start_play(c, es, es->pending_ai);
    else
        ctl_status(c, UI_STATUS, "%s", _("The game below is kept; Esc goes back to it."));
}

/* A game from the set-up position replaces what is open below: it asks first when that
 * holds a game in progress or changes not saved (opened from review). */
static void play_from(ctl *c, edit_state *es, bool against_ai)
{
    if (!ready(c, es, true))
        return;
    if (ctl_work_below(c)) {
        es->pending_ai = against_ai;
        ctl_prompt_yesno(c, es, _("The game or changes below are not saved. Play from here anyway? (y/n)"),
                         on_abandon_answer);
        return;
    }
    start_play(c, es, against_ai);
}

static void analyse(ctl *c, edit_state *es)
{
    if (!ready(c, es, false))
        return;
    char fen[128];
    fen_of(es, fen, sizeof fen);
    ct_record *r = xcalloc(1, sizeof *r);
    if (!r)
        return;
    ct_record_init(r);
    ct_record_set_start(r, fen, NULL);
    ct_record_set_tag(r, "Event", _("Set-up position"));
    ctl_review_arg arg = {.games = r, .ngames = 1};
    ctl_pop(c); /* the editor gives way to the review of its position */
    if (ctl_push(c, CTL_MODE_REVIEW, &arg))
        ctl_status(c, UI_STATUS, "%s", _("The set-up position: a asks the engine, : plays a move."));
}

static void write_to(ctl *c, void *st, const char *path)
{
    edit_state *es = st;
    game_setup s;
    game_setup_default(&s);
    fen_of(es, s.fen, sizeof s.fen);
    if (game_new(&es->g, &s, sys_now_ms()) != CT_OK) {
        ctl_status(c, UI_ERROR, "%s", _("The start position is not valid."));
        return;
    }
    game_set_tag(&es->g, "Event", _("Set-up position"));
    session_save_game(c, &es->g, path);
}

static void on_save_name(ctl *c, void *st, const char *text)
{
    session_save_as(c, st, text, NULL, write_to);
}

static void save(ctl *c, edit_state *es)
{
    if (!ready(c, es, false))
        return;
    char dir[1024], path[1200];
    session_games_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%ssetup.pgn", dir);
    ctl_prompt_file(c, es, _("Save the position to:"), path, on_save_name);
}

/* ------------------------------------------------------------------ drawing */
static void edit_draw(ctl *c, void *st, const char *prompt)
{
    edit_state *es = st;
    const ui_layout *lo = &c->layout;
    werase(stdscr);
    ui_board_state bs;
    tui_board_fill(c, &es->b, &es->pos, true, &bs);
    bs.coords = true; /* squares are named in the messages ("g5") */
    bs.check_sq = CT_NO_SQ;
    ui_board_draw(stdscr, lo, &bs);

    char turn[160], hand[200], check[400], why[200], fen[128];
    snprintf(turn, sizeof turn, _("%s to move (Tab changes)"), es->pos.side == CT_RED ? _("Red") : _("Black"));
    if (es->hand_type > 0)
        snprintf(hand, sizeof hand, _("In hand: %s %s"), es->hand_side == CT_RED ? _("Red") : _("Black"),
                 _(type_names[es->hand_type]));
    else if (es->hand_type == 0)
        snprintf(hand, sizeof hand, "%s", _("In hand: the eraser"));
    else
        snprintf(hand, sizeof hand, "%s", _("In hand: nothing"));
    bool legal = !problem(es, why, sizeof why);
    if (!legal) {
        snprintf(check, sizeof check, _("Not legal yet: %s."), why);
    } else {
        snprintf(check, sizeof check, "%s", _("Legal: 1 hot-seat, 2 against the AI, 3 analyse, 4 save."));
    }
    fen_of(es, fen, sizeof fen);
    ui_editor_panel pst = {
        .title = _("Set up a position"),
        .turn = turn,
        .turn_role = es->pos.side == CT_RED ? UI_RED : UI_BLACK,
        .hand = hand,
        .glyphs = bs.glyphs,
        .hand_side = es->hand_side,
        .hand_type = es->hand_type,
        .eraser = _("[x] remove"),
        .check = check,
        .check_role = legal ? UI_STATUS : UI_ERROR,
        .fen = fen,
        .status = c->status,
        .status_role = c->status_role,
        .prompt = prompt,
        .footer = _("? help  X clear  I start  F FEN"),
    };
    ui_editor_panel_draw(stdscr, &lo->panel, &pst, es->cells, &es->ncells);
}

/* ------------------------------------------------------------------ keys */
/* A click on the palette takes a piece in hand; true when it was there. */
static bool palette_click(edit_state *es, const ui_event *ev)
{
    for (int i = 0; i < es->ncells; i++) {
        const ui_editor_cell *cell = &es->cells[i];
        if (ev->y == cell->y && ev->x >= cell->x0 && ev->x <= cell->x1) {
            bool same = es->hand_type == cell->type && (cell->type == 0 || es->hand_side == cell->side);
            es->hand_type = same ? -1 : cell->type; /* a second click puts it back */
            es->hand_side = cell->side;
            es->hand_keep = true;
            return true;
        }
    }
    return false;
}

static void edit_key(ctl *c, void *st, const ui_event *ev)
{
    edit_state *es = st;
    /* A bracketed paste: everything up to its end is the text of a FEN. */
    if (ev->req == REQ_PASTE_BEGIN) {
        es->pasting = true;
        es->paste_len = 0;
        return;
    }
    if (es->pasting) {
        if (ev->req == REQ_PASTE_END) {
            es->pasting = false;
            es->paste[es->paste_len] = '\0';
            load_fen(c, es, es->paste);
        } else if (!ev->fkey && ev->key > 0 && ev->key < 128 && es->paste_len + 1 < PASTE_MAX) {
            es->paste[es->paste_len++] = ev->key < ' ' ? ' ' : (char)ev->key;
        }
        return;
    }
    if (ev->req == REQ_MOUSE && ev->press && palette_click(es, ev))
        return;
    if (tui_board_key(c, &es->b, ev))
        return;
    int side, type;
    switch (ev->req) {
    case REQ_PIECE:
        if (letter_piece(ev->key, &side, &type)) {
            put_piece(c, es, side, type, es->b.file, es->b.rank);
            es->hand_side = side;
            es->hand_type = type;
            es->hand_keep = true;
        }
        break;
    case REQ_REMOVE: ct_pos_remove(&es->pos, (ct_sq)CT_SQ(es->b.file, es->b.rank)); break;
    case REQ_SIDE: ct_pos_set_side(&es->pos, !es->pos.side); break;
    case REQ_CLEAR: {
        ct_pos empty;
        ct_pos_clear(&empty);
        set_pos(es, &empty);
        ctl_status(c, UI_STATUS, "%s", _("The board is empty."));
        break;
    }
    case REQ_START_POS: {
        ct_pos start;
        ct_pos_start(&start);
        set_pos(es, &start);
        ctl_status(c, UI_STATUS, "%s", _("The start position."));
        break;
    }
    case REQ_PASTE_FEN: ctl_prompt_text(c, es, _("FEN (type or paste):"), "", on_fen); break;
    case REQ_COPY_POS: session_copy(c, NULL, &es->pos, false); break;
    case REQ_PLAY_HOTSEAT: play_from(c, es, false); break;
    case REQ_PLAY_AI: play_from(c, es, true); break;
    case REQ_ANALYSE: analyse(c, es); break;
    case REQ_SAVE: save(c, es); break;
    case REQ_CANCEL:
        if (es->hand_type >= 0) {
            es->hand_type = -1;
            break;
        }
        /* fall through */
    case REQ_QUIT:
        if (c->n_frames <= 1)
            c->quit = true;
        else
            ctl_pop(c);
        break;
    case REQ_HELP: ctl_push(c, CTL_MODE_HELP, NULL); break;
    default: break;
    }
}

/* ------------------------------------------------------------------ open and close */
static void *edit_open(ctl *c, const void *arg)
{
    const char *fen = arg;
    edit_state *es = xcalloc(1, sizeof *es);
    if (!es)
        return NULL;
    game_init(&es->g);
    ct_pos p;
    if (!fen || ct_fen_read(&p, fen, NULL) != CT_OK)
        ct_pos_start(&p);
    set_pos(es, &p);
    tui_board_init(&es->b, &board_ops, es, NULL, 4, 4);
    es->hand_type = -1;
    ui_input_paste(true);
    ctl_status(c, UI_STATUS, "%s", _("Set up a position: letters put pieces (K A B N R C P, Black in lower case); paste a FEN."));
    return es;
}

static void edit_close(ctl *c, void *st)
{
    (void)c;
    edit_state *es = st;
    ui_input_paste(false);
    game_free(&es->g);
    free(es);
}

static void edit_cover(ctl *c, void *st, bool covered)
{
    (void)c;
    (void)st;
    ui_input_paste(!covered);
}

const ctl_mode ctl_mode_edit = {
    .name = "edit",
    .keys = UI_KEYS_SETUP,
    .open = edit_open,
    .close = edit_close,
    .draw = edit_draw,
    .key = edit_key,
    .cover = edit_cover,
    .full_screen = true,
};
