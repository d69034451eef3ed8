/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the lobby's fair cờ úp: the host's commitment to its deal, what a player or a
 * watcher learns from the host's moves, and the check of the host's disclosure at the end.
 * Pure: no I/O, no randomness (the caller brings the salt from the OS).
 *
 * The commitment (documented in man/cotuong.6, CỜ ÚP): the SHA-256 (sha256.h), as 64
 * lower-case hex digits, of the ASCII text
 *     DEAL ":" SALT
 * where DEAL is ct_coup_deal_text() ("RNBAABNRCCPPPPP/rnbaabnrccppppp": Red's 15 then
 * Black's, in ct_coup_deal_square() order) and SALT the 64 lower-case hex digits of 32 random
 * bytes. The host sends it before the first move and discloses DEAL and SALT after the end,
 * so anyone can check it by hand: printf '%s:%s' DEAL SALT | sha256sum.
 *
 * A lobby line: moves[i], reveals[i] (the type the i-th move turned face up, 0 none: public)
 * and taken[i] (the type of a face-down piece the i-th move captured, 0 when not told: only
 * its capturer is told). */
#ifndef COTUONG_COUP_COMMIT_H
#define COTUONG_COUP_COMMIT_H

#include <stddef.h>
#include <stdint.h>

#include "cotuong/coup.h"
#include "cotuong/sha256.h"

#define CT_COUP_SALT_LEN 32                     /* bytes of the salt */
#define CT_COUP_SALT_HEX (2 * CT_COUP_SALT_LEN + 1) /* its hex digits and a NUL */

/* The commitment of deal under salt_hex (64 hex digits) into out. */
void ct_coup_commit(const ct_coup_deal *deal, const char *salt_hex, char out[CT_SHA256_HEX]);

typedef enum {
    CT_COUP_CHECK_OK = 0,
    CT_COUP_CHECK_ILLEGAL,     /* a move is not legal there */
    CT_COUP_CHECK_MISSING,     /* a face-down piece moved and the host did not say what it was */
    CT_COUP_CHECK_NOT_DOWN,    /* a reveal is claimed for a piece that was face up */
    CT_COUP_CHECK_IMPOSSIBLE,  /* a reveal or a captured identity no hidden piece of that side
                                  can still be (type) */
    CT_COUP_CHECK_NOT_YOURS,   /* the identity of a captured piece told to someone who did not
                                  capture it (its owner or a watcher must not learn it) */
    CT_COUP_CHECK_TAKEN_UP,    /* a captured identity for a move that took no face-down piece */
    CT_COUP_CHECK_DEAL,        /* the disclosed deal or salt is not one (syntax, not the set) */
    CT_COUP_CHECK_HASH,        /* the disclosed deal and salt do not give the commitment */
    CT_COUP_CHECK_CONTRADICTS, /* a reveal or a captured identity seen is not what the
                                  disclosed deal has there (type: the deal's, seen: told) */
} ct_coup_check_problem;

typedef struct {
    ct_coup_check_problem code;
    int ply;            /* the 1-based move concerned, 0 for none */
    int type, seen;     /* see the codes */
    char message[200];  /* English, naming the move ("move 7 (h2e2=R): ..."), for logs */
} ct_coup_check_error;

/* What viewer (CT_RED, CT_BLACK, CT_COUP_WATCHER) learns of the deal from n moves of the
 * host: each entry of known is the identity of that dealt square's piece once a reveal (or,
 * for the viewer's own capture, a captured identity) has shown it, 0 elsewhere. Refuses
 * (CT_ERR_INVALID, err says which move and why) a line that is not legal, a face-down
 * piece moved without its reveal, a reveal of a face-up piece, an identity no hidden piece
 * can have, or a captured identity the viewer may not know. */
ct_status ct_coup_line_known(const ct_move *moves, const uint8_t *reveals, const uint8_t *taken,
                             int n, int viewer, ct_coup_deal *known, ct_coup_check_error *err);

/* The disclosure at the end: deal_text and salt_hex must hash to commit_hex, and every
 * reveal and captured identity of the line (as one viewer saw it) must be the deal's.
 * CT_OK, or CT_ERR_INVALID with err naming the first problem. */
ct_status ct_coup_commit_verify(const char *commit_hex, const char *deal_text,
                                const char *salt_hex, const ct_move *moves,
                                const uint8_t *reveals, const uint8_t *taken, int n,
                                ct_coup_check_error *err);

#endif
