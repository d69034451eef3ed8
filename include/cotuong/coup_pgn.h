/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — cờ úp records: a move with what it revealed ("h2e2=R"), the deal as text, the
 * check of a line of moves against a deal (or against what the players could know), and
 * PGN with [Variant "Jieqi"] (man/cotuong.6, CỜ ÚP, says what the tags mean).
 *
 * Tags of our own (DECISION): [CoupSeed "n"] the seed the deal was drawn from
 * (ct_coup_deal_random), [CoupDeal "RNBAABNRCCPPPPP/rnbaabnrccppppp"] the dealt identities,
 * Red's 15 then Black's, in ct_coup_deal_square() order. Both are written only into files
 * meant for the referee or for after the game; a file for one player carries neither, and
 * its reveals (public) are all it says of the identities.
 *
 * Movetext: coordinate moves, a reveal as "=" and the letter of what the piece turned out to
 * be (A advisor, B elephant, N horse, R rook, C cannon, P pawn; upper case for both sides).
 * Only the main line is written; a reader skips variations.
 *
 * Nothing here allocates but ct_coup_pgn_write's text (the caller frees it) and the record
 * that ct_coup_pgn_read fills. */
#ifndef COTUONG_COUP_PGN_H
#define COTUONG_COUP_PGN_H

#include <stddef.h>
#include <stdint.h>

#include "cotuong/coup.h"
#include "cotuong/notation.h"
#include "cotuong/record.h"

#define CT_COUP_VARIANT "Jieqi" /* the value of the Variant tag */
#define CT_COUP_MOVE_TEXT 8     /* "h2e2=R" and its NUL */
#define CT_COUP_FEN_TAG "CoupFEN" /* a FEN start in a record (ct_record keeps "FEN" for the
                                     standard game's): written and read as [FEN] */

/* A piece type's letter (A B N R C P, K for the king), '?' for none. */
char ct_coup_type_letter(int type);
/* The type of a letter (either case; E and H read as B and N, as the FEN readers do),
 * CT_NO_TYPE when it is none. */
int ct_coup_letter_type(char c);

/* The neutral description of mv in a view v (notation.h), for ct_move_desc_render in any
 * notation: a face-down piece is named by the piece it moves as, the piece of its square
 * ("Pháo 2 bình 5", then the reveal is the caller's to add: ", lật Xe"). Markers (front,
 * rear) count the pieces of a side that move alike on the file. CT_ERR_ILLEGAL when no
 * piece stands on the from-square (legality is not checked). */
ct_status ct_coup_move_describe(const ct_coup_pos *v, ct_move mv, ct_move_desc *d);
/* A typed move in a view: coordinates (h2e2, H2-E2), or the text of exactly one legal move
 * in a notation that names pieces (P2-5, C2.5, Pháo 2 bình 5, 炮二平五; blanks and ASCII
 * case ignored). CT_OK, CT_ERR_NOT_FOUND, or CT_ERR_AMBIGUOUS (several moves read so). */
ct_status ct_coup_move_parse(const ct_coup_pos *v, const char *text, ct_move *out);

/* "h2e2", or "h2e2=R" when reveal is a type. */
void ct_coup_move_text(ct_move mv, int reveal, char out[CT_COUP_MOVE_TEXT]);
/* Reads one such token (the whole string): CT_OK, or CT_ERR_SYNTAX. *reveal gets 0 when the
 * token has no "=". */
ct_status ct_coup_move_read(const char *text, ct_move *mv, int *reveal);

/* The deal as 31 characters "RNBAABNRCCPPPPP/rnbaabnrccppppp" ('?' for an identity not
 * known, a 0 entry); size >= 32. */
void ct_coup_deal_text(const ct_coup_deal *deal, char *out, size_t size);
/* Reads a complete deal written so: CT_ERR_SYNTAX, or CT_ERR_INVALID when a side's pieces
 * are not the set. */
ct_status ct_coup_deal_read(const char *text, ct_coup_deal *deal);
/* Fills the entries that are 0 with what the set leaves for that side, shuffled from seed
 * (for a game resumed from a player's file: the pieces nobody has seen are dealt again,
 * which no player can tell from the first deal). */
void ct_coup_deal_complete(ct_coup_deal *deal, uint64_t seed);

/* A game from a FEN position (ct_coup_fen_read: its face-down pieces have no identity).
 * ct_coup_fen_deal: the deal that gives each face-down piece of start an identity drawn at
 * random from seed out of its side's pool (less what `known`, may be NULL, already puts on
 * face-down squares: kept). A pool larger than the face-down pieces leaves the rest out of
 * play (pieces taken face down before the position, still unknown to both sides). The
 * other entries get what the set leaves, so that the deal is whole (ct_coup_deal_ok).
 * ct_coup_start_from: the referee's start, start with each face-down piece given the
 * identity deal puts on its square; CT_ERR_INVALID (pos unchanged) when those identities do
 * not fit the side's pool. */
void ct_coup_fen_deal(const ct_coup_pos *start, const ct_coup_deal *known, uint64_t seed,
                      ct_coup_deal *deal);
ct_status ct_coup_start_from(ct_coup_pos *pos, const ct_coup_pos *start, const ct_coup_deal *deal);

/* Why a line or a record was refused: ply is the 1-based move (0: not a move), message in
 * English naming the move ("move 7 (h2e2=R): ..."); callers may word the code themselves. */
typedef enum {
    CT_COUP_LINE_OK = 0,
    CT_COUP_LINE_ILLEGAL,     /* the move is not legal there */
    CT_COUP_LINE_CONTRADICTS, /* its reveal is not what the deal put there (type = the deal's) */
    CT_COUP_LINE_IMPOSSIBLE,  /* its reveal is no piece still hidden of that side */
    CT_COUP_LINE_MISSING,     /* it moves a face-down piece and says not what it was */
    CT_COUP_LINE_NOT_DOWN,    /* it says a reveal but moves a face-up piece */
    CT_COUP_LINE_SYNTAX,      /* the text is no record (message says where) */
    CT_COUP_LINE_VARIANT,     /* no [Variant "Jieqi"], a bad FEN, CoupDeal or CoupSeed */
} ct_coup_line_problem;

typedef struct {
    ct_coup_line_problem code;
    int ply;
    int type;
    char message[200];
} ct_coup_line_error;

/* Replays moves[0..n) with reveals[0..n) from the start of deal (NULL: a deal nobody knows,
 * each reveal must then be possible from the pool). With a deal a reveal of 0 is filled in
 * from it. known (may be NULL) gets the deal as far as the reveals show it: the identity of
 * each dealt square's piece once revealed, 0 where the line does not show it. CT_OK, or
 * CT_ERR_ILLEGAL / CT_ERR_INVALID with err filled and the first bad move's ply. */
ct_status ct_coup_line_check(const ct_coup_deal *deal, const ct_move *moves, uint8_t *reveals,
                             int n, ct_coup_deal *known, ct_coup_line_error *err);
/* The same from a FEN position start (ct_coup_fen_read's; NULL: the standard start). */
ct_status ct_coup_line_check_from(const ct_coup_pos *start, const ct_coup_deal *deal,
                                  const ct_move *moves, uint8_t *reveals, int n,
                                  ct_coup_deal *known, ct_coup_line_error *err);

/* The PGN of a cờ úp game: [Game "Chinese Chess"], [Variant "Jieqi"], a FEN start (rec's
 * CT_COUP_FEN_TAG) as [SetUp "1"] and [FEN], rec's tags (sorted;
 * include CoupSeed/CoupDeal only in a file meant for the referee), its main line with
 * reveals[i] for the i-th move, its comments and annotation marks, the result. *out is
 * allocated (NUL-terminated, *len without it). */
ct_status ct_coup_pgn_write(const ct_record *rec, const uint8_t *reveals, char **out,
                            size_t *len);
/* Reads the first game of a cờ úp PGN into rec (initialised here; free with
 * ct_record_free): tags (CoupSeed, CoupDeal, a FEN start as CT_COUP_FEN_TAG), the main line,
 * comments, marks, the result. reveals (CT_MAX_HISTORY entries) gets each move's reveal.
 * The deal: from CoupDeal, else from CoupSeed (with a FEN: ct_coup_fen_deal of it), else
 * (a player's file) what the reveals show, completed from redeal_seed; *dealt says whether
 * the record gave it. A FEN tag that ct_coup_fen_read refuses refuses the record. A move that is not
 * legal or whose reveal contradicts the deal refuses the record (err names the move). */
ct_status ct_coup_pgn_read(const char *buf, size_t len, uint64_t redeal_seed, ct_record *rec,
                           uint8_t *reveals, ct_coup_deal *deal, bool *dealt,
                           ct_coup_line_error *err);

#endif
