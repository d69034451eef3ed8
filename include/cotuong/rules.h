/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the referee: how every game ends (spec §6).
 *
 * Four rule sets (spec §6.4, DECISION), selected by name: `online` (default), `asian`,
 * `vn2004`, `casual`. One call, ct_rules_play(), adjudicates a move and answers with a set
 * of CT_ADJ_* flags the UI maps to words; ct_match records the game-level result (board
 * verdicts, resignation, draw offers, loss on time). The search calls
 * ct_rules_quick_repetition() instead, which agrees with the referee on repetition draws,
 * perpetual checks and perpetual chases, and is cheap when nothing repeats.
 *
 * Conventions:
 *   - After every move a caller makes outside ct_rules_play() (search, replay), set
 *       pos->hist[pos->ply - 1].in_check = ct_in_check(pos, pos->side);
 *     ct_rules_play() does it itself. The repetition rules read that flag; a move whose
 *     flag was never set counts as "no check". ct_rules_judge() recomputes it anyway.
 *   - Piece indices 16..47 are identities for life, so a chase names the chasing and the
 *     chased piece by index (ct_piece_type(), pos->sq_of[] give type and square).
 */
#ifndef COTUONG_RULES_H
#define COTUONG_RULES_H

#include "cotuong/movegen.h"
#include "cotuong/position.h"

/* ------------------------------------------------------------------ rule sets */
typedef enum {
    CT_RULES_ONLINE = 0, /* default: seed 001; 3-fold ends, perpetual check/chase loses, 120 plies */
    CT_RULES_ASIAN,      /* AXF/WXF: as online, 120 plies with a side's checks beyond 10 not counted */
    CT_RULES_VN2004,     /* Luật 2004 (seed 004): perpetual check/chase lose, 100-ply draw is a claim */
    CT_RULES_CASUAL,     /* 3rd occurrence is a draw, nothing else, no move limit */
    CT_RULES_COUNT,
} ct_rules;

#define CT_RULES_DEFAULT CT_RULES_ONLINE

/* Name -> rule set ("online", "asian", "vn2004", "casual"; ASCII case ignored).
 * CT_ERR_NOT_FOUND for any other name (out untouched). */
ct_status ct_rules_from_name(const char *name, ct_rules *out);
/* The canonical name ("online", ...), as written in `--rules` and `[Rules "…"]`;
 * "?" for an out-of-range value. */
const char *ct_rules_name(ct_rules rules);
/* Plies without capture after which the move limit applies (120, 120, 100); 0 = none. */
int ct_rules_move_limit(ct_rules rules);
/* True when reaching the move limit only lets a player claim the draw (vn2004). */
bool ct_rules_limit_is_claim(ct_rules rules);

/* ------------------------------------------------------------------ results */
typedef enum {
    CT_RESULT_NONE = 0, /* "*": game goes on / unfinished / aborted */
    CT_RESULT_RED_WINS, /* "1-0" */
    CT_RESULT_BLACK_WINS, /* "0-1" */
    CT_RESULT_DRAW,     /* "1/2-1/2" */
} ct_result;

typedef enum {
    CT_END_NONE = 0,
    CT_END_CHECKMATE,       /* "checkmate" */
    CT_END_STALEMATE,       /* "stalemate": no legal move, not in check (a loss) */
    CT_END_REPETITION,      /* "repetition": 3rd occurrence, nobody forbidden (draw) */
    CT_END_PERPETUAL_CHECK, /* "perpetual-check": the checking side loses */
    CT_END_PERPETUAL_CHASE, /* "perpetual-chase": the chasing side loses */
    CT_END_MOVE_LIMIT,      /* "move-limit": draw (automatic or claimed) */
    CT_END_MATERIAL,        /* "material": nobody has a rook, horse, cannon or pawn (draw) */
    CT_END_RESIGNATION,     /* "resignation" */
    CT_END_AGREEMENT,       /* "agreement": draw offer accepted */
    CT_END_TIME,            /* "time": loss on time (flag fell or per-move limit exceeded) */
    CT_END_ABORTED,         /* "aborted": online: time ran out before that side's first move */
} ct_end_reason;

/* "1-0", "0-1", "1/2-1/2", "*". */
const char *ct_result_string(ct_result result);
/* Parses those four strings; CT_ERR_SYNTAX otherwise. */
ct_status ct_result_parse(const char *text, ct_result *out);
/* Lower-case ASCII keyword of a reason (see the comments above; "unfinished" for NONE). */
const char *ct_end_reason_name(ct_end_reason reason);
/* The result in which `side` loses. */
static inline ct_result ct_result_loss_of(int side)
{
    return side == CT_RED ? CT_RESULT_BLACK_WINS : CT_RESULT_RED_WINS;
}

/* ------------------------------------------------------------------ adjudicating a move */
enum {
    CT_ADJ_ILLEGAL = 1u << 0,          /* move refused; `why` says why; position unchanged */
    CT_ADJ_CHECK = 1u << 1,            /* the move gives check */
    CT_ADJ_CAPTURE = 1u << 2,          /* the move captures (`captured` = piece index) */
    CT_ADJ_CHECKMATE = 1u << 3,        /* opponent has no legal move and is in check: mover wins */
    CT_ADJ_STALEMATE = 1u << 4,        /* opponent has no legal move, not in check: mover wins */
    CT_ADJ_DRAW_REPETITION = 1u << 5,  /* 3rd occurrence, nobody forbidden: draw */
    CT_ADJ_PERPETUAL_CHECK = 1u << 6,  /* 3rd occurrence; `loser` checked on every move: loses */
    CT_ADJ_PERPETUAL_CHASE = 1u << 7,  /* 3rd occurrence; `loser` chased `chased` with `chaser` */
    CT_ADJ_MUTUAL = 1u << 8,           /* with DRAW_REPETITION: both sides checked (or chased)
                                          perpetually, so neither loses */
    CT_ADJ_MOVE_LIMIT = 1u << 9,       /* automatic draw by the move limit */
    CT_ADJ_MATERIAL = 1u << 10,        /* draw: no rook, horse, cannon or pawn left on the board */
    CT_ADJ_CLAIM_MOVE_LIMIT = 1u << 11, /* a draw may now be claimed (vn2004 100 plies) */
    CT_ADJ_REPEATED = 1u << 12,        /* the position occurred before (see `occurrences`) */
    CT_ADJ_GAME_OVER = 1u << 13,       /* the board ended the game: `result`, `reason` set */
};

typedef struct {
    uint32_t flags;         /* CT_ADJ_* */
    ct_illegal_reason why;  /* with CT_ADJ_ILLEGAL */
    ct_result result;       /* with CT_ADJ_GAME_OVER, else CT_RESULT_NONE */
    ct_end_reason reason;   /* with CT_ADJ_GAME_OVER, else CT_END_NONE */
    int loser;              /* side that lost (CT_RED/CT_BLACK), -1 for a draw or no end */
    int mover;              /* side that made the move judged (-1: none, e.g. a bare FEN) */
    uint8_t captured;       /* piece index captured, 0 if none */
    uint8_t chaser;         /* with CT_ADJ_PERPETUAL_CHASE: a piece index of the chasing side */
    uint8_t chased;         /* with CT_ADJ_PERPETUAL_CHASE: the chased piece index */
    int occurrences;        /* times the current position has occurred (1 = first time),
                               counted since the last capture, same board and side to move */
    int limit_plies;        /* plies counted toward the move limit (asian: checks beyond
                               a side's 10th and the replies to them are not counted) */
} ct_verdict;

/* Adjudicates mv for the side to move. Illegal (or history full): flags = CT_ADJ_ILLEGAL,
 * why set (CT_WHY_LEGAL when only the history was full), pos unchanged. Legal: plays it
 * (recording hist[].in_check) and returns ct_rules_judge() of the new position plus
 * CHECK/CAPTURE. Perpetual rules are judged when the position occurs for the 3rd time. */
ct_verdict ct_rules_play(ct_pos *pos, ct_rules rules, ct_move mv);
/* The same for a move the caller has already found legal (ct_why_illegal() said
 * CT_WHY_LEGAL) with room in the history (pos->ply < CT_MAX_HISTORY): plays and judges it
 * without checking it again (the game model checks a typed move once, then plays it). */
ct_verdict ct_rules_apply(ct_pos *pos, ct_rules rules, ct_move mv);

/* Judges the current position (as reached by pos->hist): mate, stalemate, repetition,
 * move limit, material, claims. pos is used as scratch and restored before return
 * (bit-identical except hist[].in_check, which is recomputed for the plies it reads). */
ct_verdict ct_rules_judge(ct_pos *pos, ct_rules rules);

/* Enemy pieces that the side `by` "chases" in pos (spec §6.2/§6.5), written as piece
 * indices into out[] (at most 16); returns the count. A piece counts when a non-king,
 * non-pawn piece of `by` can legally capture it and the target is not a king or an
 * uncrossed pawn, and: it is a rook attacked by a horse or cannon; or a rook/horse/cannon
 * attacked by an advisor or elephant; or nothing of its side could legally recapture
 * (for an attack between two pieces of one type: also only when the target could not
 * legally take the attacker first). Legality is judged as if `by` were to move, so a
 * pinned attacker only counts against its pinner. If attacker is not NULL, attacker[i]
 * receives one attacking piece of out[i]. pos is restored. */
int ct_rules_chased(ct_pos *pos, int by, uint8_t *out, uint8_t *attacker);

/* AXF ruling 19: true when the piece on sq is a rook held by an enemy horse (it stands on
 * the leg of a horse whose move over it would take the rook's king, so it cannot move except
 * to take that horse). Such a rook chases nothing, and it is chased by every move after which
 * it is under a chasing attack, even one it was under before the move: it cannot escape. */
bool ct_rules_rook_held(const ct_pos *pos, ct_sq sq);

/* True when neither side has a rook, horse, cannon or pawn (a dead draw). */
bool ct_rules_insufficient_material(const ct_pos *pos);

/* ------------------------------------------------------------------ for the search */
typedef enum {
    CT_REP_NONE = 0, /* no repetition */
    CT_REP_DRAW,     /* repetition, nobody (or both) checked or chased perpetually: a draw */
    CT_REP_WIN,      /* the side to move wins: its opponent checked (or chased) perpetually */
    CT_REP_LOSS,     /* the side to move loses: it checked (or chased) perpetually */
} ct_rep_status;

/* Repetition test for the search, consistent with the referee (ct_rules_judge). Scans
 * hist[] keys back two plies at a time, at most pos->halfmove plies (the last capture) and
 * never across a null move. A repetition is the same key (board + side to move) that
 * occurred inside the search (at an index >= search_ply_root, i.e. pos->ply at the root)
 * or, before the root, for the 2nd earlier time (the referee's 3rd occurrence).
 * The cycle judged runs from that earlier occurrence to now and reads hist[].in_check
 * (see the convention at the top). Under CT_RULES_CASUAL every repetition is a draw.
 * Perpetual check decides first (a one-sided checker loses, mutual checks draw); else a
 * side that chased one piece on every move of the cycle while the other did not loses,
 * judged exactly as the referee does by replaying the cycle (pos is scratch and restored;
 * only when a repetition is found). Costs O(halfmove/2) when nothing repeats.
 * The move limit is separate: compare pos->halfmove with ct_rules_move_limit(). */
ct_rep_status ct_rules_quick_repetition(ct_pos *pos, int search_ply_root, ct_rules rules);

/* ------------------------------------------------------------------ the game-level result */
typedef struct {
    ct_rules rules;
    ct_result result;     /* CT_RESULT_NONE while the game goes on */
    ct_end_reason reason; /* CT_END_NONE while the game goes on */
    int loser;            /* -1 for a draw / no end */
    int end_ply;          /* pos->ply at which the game ended, -1 while it goes on */
    int offer_side;       /* side whose draw offer is pending, -1 none */
    int offer_ply;        /* pos->ply when it was offered */
} ct_match;

void ct_match_init(ct_match *m, ct_rules rules);
/* True once the game has ended (a result or an abort). */
bool ct_match_over(const ct_match *m);
/* Records a verdict from ct_rules_play/judge made at ply (pos->ply after the move): ends
 * the game when it says CT_ADJ_GAME_OVER; a move by the side an offer was made to
 * cancels that offer (a move is a refusal). No effect once the game is over. */
void ct_match_apply(ct_match *m, const ct_verdict *v, int ply);
/* `side` resigns at ply. CT_ERR_INVALID when the game is already over. */
ct_status ct_match_resign(ct_match *m, int side, int ply);
/* `side` offers a draw at ply (on its turn, with or after its move; valid until the
 * opponent makes a move or declines). */
ct_status ct_match_offer_draw(ct_match *m, int side, int ply);
/* `side` accepts the opponent's pending offer: draw by agreement at ply. CT_ERR_INVALID
 * when no offer by the opponent is pending. */
ct_status ct_match_accept_draw(ct_match *m, int side, int ply);
void ct_match_decline_draw(ct_match *m);
/* The side to move claims a draw allowed by the verdict of the current position
 * (CT_ADJ_CLAIM_MOVE_LIMIT). CT_ERR_INVALID when there is nothing to claim. */
ct_status ct_match_claim(ct_match *m, const ct_verdict *v, int ply);
/* `side` ran out of time (see clock.h) at ply: it loses; under `online`, if that side has
 * not yet made a move in the game (plies_played_by_side == 0), the game is aborted instead
 * (result "*", reason CT_END_ABORTED; seed 001). */
ct_status ct_match_time_out(ct_match *m, int side, int ply, int plies_played_by_side);
/* Undo back to ply: forgets an end or offer made after ply (end_ply > ply, offer_ply > ply). */
void ct_match_undo(ct_match *m, int ply);

#endif
