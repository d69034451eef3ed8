/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the lobby's cờ úp commitment (coup_commit.h): the hash of the deal and its salt,
 * what one viewer may learn from the host's moves (refusing what it may not be told), and
 * the check of the disclosure against the commitment and against every reveal seen. */
#include "cotuong/coup_commit.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/coup_pgn.h"

static const uint8_t set_count[CT_PIECE_TYPES] = {0, 1, 2, 2, 2, 2, 2, 5};

void ct_coup_commit(const ct_coup_deal *deal, const char *salt_hex, char out[CT_SHA256_HEX])
{
    char deal_text[40];
    ct_coup_deal_text(deal, deal_text, sizeof deal_text);
    ct_sha256 s;
    uint8_t d[CT_SHA256_LEN];
    ct_sha256_init(&s);
    ct_sha256_update(&s, deal_text, strlen(deal_text));
    ct_sha256_update(&s, ":", 1);
    ct_sha256_update(&s, salt_hex, strlen(salt_hex));
    ct_sha256_final(&s, d);
    ct_hex_encode(d, sizeof d, out);
}

static const char *const type_word[CT_PIECE_TYPES] = {"nothing", "king", "advisor", "elephant",
                                                      "horse", "rook", "cannon", "pawn"};

static const char *word(int type)
{
    return type >= 0 && type < CT_PIECE_TYPES ? type_word[type] : "?";
}

static ct_status problem(ct_coup_check_error *err, ct_coup_check_problem code, int ply,
                         ct_move mv, int reveal, int type, int seen, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));

static ct_status problem(ct_coup_check_error *err, ct_coup_check_problem code, int ply,
                         ct_move mv, int reveal, int type, int seen, const char *fmt, ...)
{
    if (!err)
        return CT_ERR_INVALID;
    err->code = code;
    err->ply = ply;
    err->type = type;
    err->seen = seen;
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (ply > 0) {
        char t[CT_COUP_MOVE_TEXT];
        ct_coup_move_text(mv, reveal, t);
        snprintf(err->message, sizeof err->message, "move %d (%s): %s", ply, t, what);
    } else {
        snprintf(err->message, sizeof err->message, "%s", what);
    }
    return CT_ERR_INVALID;
}

/* The index (0..14) of a side's dealt square sq, -1 when it is none. */
static int deal_index(int side, ct_sq sq)
{
    for (int i = 0; i < CT_COUP_DEALT; i++)
        if (ct_coup_deal_square(side, i) == sq)
            return i;
    return -1;
}

ct_status ct_coup_line_known(const ct_move *moves, const uint8_t *reveals, const uint8_t *taken,
                             int n, int viewer, ct_coup_deal *known, ct_coup_check_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
    memset(known, 0, sizeof *known);
    ct_coup_pos *v = malloc(sizeof *v);
    if (!v)
        return CT_ERR_FULL; /* out of memory */
    ct_coup_start(v, NULL);
    ct_status st = CT_OK;
    for (int i = 0; i < n && st == CT_OK; i++) {
        ct_move mv = moves[i];
        int rv = reveals[i], tk = taken ? taken[i] : 0, ply = i + 1;
        int side = v->side;
        /* 1. The move itself, and whether it had to say what it turned up. */
        if (v->ply >= CT_MAX_HISTORY - 1 || !ct_coup_is_legal(v, mv)) {
            st = problem(err, CT_COUP_CHECK_ILLEGAL, ply, mv, rv, 0, 0, "%s", "not a legal move there");
            break;
        }
        bool down = ct_coup_is_reveal(v, mv);
        if (down && !rv) {
            st = problem(err, CT_COUP_CHECK_MISSING, ply, mv, rv, 0, 0, "%s",
                         "a face-down piece moved without saying what it is");
            break;
        }
        if (!down && rv) {
            st = problem(err, CT_COUP_CHECK_NOT_DOWN, ply, mv, rv, 0, rv,
                         "claims to reveal a %s, but the piece moved was face up", word(rv));
            break;
        }
        if (rv && (rv <= CT_KING || rv > CT_PAWN || v->pool[side][rv] == 0)) {
            st = problem(err, CT_COUP_CHECK_IMPOSSIBLE, ply, mv, rv, rv, rv,
                         "reveals a %s, but no hidden piece of that side can be one", word(rv));
            break;
        }
        /* 2. A captured identity: only for the capturer, only of a face-down piece. */
        int cap = v->board[CT_TO(mv)];
        if (tk) {
            if (viewer != side) {
                st = problem(err, CT_COUP_CHECK_NOT_YOURS, ply, mv, rv, tk, tk,
                             "tells what the captured piece was (a %s), which only its capturer "
                             "may know",
                             word(tk));
                break;
            }
            if (!cap || !(cap & CT_COUP_DOWN)) {
                st = problem(err, CT_COUP_CHECK_TAKEN_UP, ply, mv, rv, tk, tk,
                             "tells a captured identity (a %s), but it took no face-down piece",
                             word(tk));
                break;
            }
            if (tk <= CT_KING || tk > CT_PAWN || v->pool[side ^ 1][tk] == 0) {
                st = problem(err, CT_COUP_CHECK_IMPOSSIBLE, ply, mv, rv, tk, tk,
                             "says it took a %s, but no hidden piece of that side can be one",
                             word(tk));
                break;
            }
            known->type[side ^ 1][deal_index(side ^ 1, (ct_sq)CT_TO(mv))] = (uint8_t)tk;
        }
        if (rv)
            known->type[side][deal_index(side, (ct_sq)CT_FROM(mv))] = (uint8_t)rv;
        if (ct_coup_make(v, mv, rv) < 0) {
            st = problem(err, CT_COUP_CHECK_IMPOSSIBLE, ply, mv, rv, rv, rv, "%s",
                         "its reveal does not fit the pieces still hidden");
            break;
        }
        /* 3. No more of a type known than a set has (captured identities are not in the
         *    view's pool, so this is where too many of them show). */
        for (int sd = 0; sd < 2 && st == CT_OK; sd++) {
            int count[CT_PIECE_TYPES] = {0};
            for (int k = 0; k < CT_COUP_DEALT; k++)
                count[known->type[sd][k]]++;
            for (int t = CT_ADVISOR; t <= CT_PAWN && st == CT_OK; t++)
                if (count[t] > set_count[t])
                    st = problem(err, CT_COUP_CHECK_IMPOSSIBLE, ply, mv, rv, t, t,
                                 "makes more than %d %ss of one side", set_count[t], word(t));
        }
    }
    free(v);
    return st;
}

ct_status ct_coup_commit_verify(const char *commit_hex, const char *deal_text,
                                const char *salt_hex, const ct_move *moves,
                                const uint8_t *reveals, const uint8_t *taken, int n,
                                ct_coup_check_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
    /* 1. The disclosure is a deal and a salt. */
    ct_coup_deal deal;
    uint8_t salt[CT_COUP_SALT_LEN];
    if (ct_coup_deal_read(deal_text, &deal) != CT_OK || ct_hex_decode(salt_hex, salt, sizeof salt) != 0)
        return problem(err, CT_COUP_CHECK_DEAL, 0, 0, 0, 0, 0, "%s",
                       "the disclosed deal or salt is not one");
    /* 2. They give the commitment made before the first move. */
    char lower[CT_COUP_SALT_HEX];
    ct_hex_encode(salt, sizeof salt, lower);
    char hash[CT_SHA256_HEX];
    ct_coup_commit(&deal, lower, hash);
    if (strlen(commit_hex) != CT_SHA256_HEX - 1 || strcmp(hash, commit_hex) != 0)
        return problem(err, CT_COUP_CHECK_HASH, 0, 0, 0, 0, 0, "%s",
                       "the disclosed deal and salt do not give the commitment made at the start");
    /* 3. Every reveal and captured identity seen is the deal's. */
    ct_coup_pos *p = malloc(sizeof *p);
    if (!p)
        return CT_ERR_FULL; /* out of memory */
    ct_coup_start(p, &deal);
    ct_status st = CT_OK;
    for (int i = 0; i < n && st == CT_OK; i++) {
        ct_move mv = moves[i];
        if (!ct_coup_is_legal(p, mv)) {
            st = problem(err, CT_COUP_CHECK_ILLEGAL, i + 1, mv, reveals[i], 0, 0, "%s",
                         "not a legal move there");
            break;
        }
        int cap = p->board[CT_TO(mv)];
        if (taken && taken[i] && (cap & CT_COUP_DOWN) && CT_COUP_TYPE(cap) != taken[i]) {
            st = problem(err, CT_COUP_CHECK_CONTRADICTS, i + 1, mv, reveals[i], CT_COUP_TYPE(cap),
                         taken[i], "took a %s, but the disclosed deal has a %s there",
                         word(taken[i]), word(CT_COUP_TYPE(cap)));
            break;
        }
        int r = ct_coup_make(p, mv, 0);
        if (reveals[i] && r != reveals[i]) {
            st = problem(err, CT_COUP_CHECK_CONTRADICTS, i + 1, mv, reveals[i], r, reveals[i],
                         "revealed a %s, but the disclosed deal has a %s there", word(reveals[i]),
                         word(r));
            break;
        }
    }
    free(p);
    return st;
}
