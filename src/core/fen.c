/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — FEN reading with validation (spec §2) and writing.
 * Reads N/H for horses, B/E for elephants, w/r/b for the side; writes N/B and w/b. */
#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cotuong/movegen.h"
#include "cotuong/position.h"

#include "board_internal.h"

/* The parameters of a problem (see ct_fen_error), set before fail(). */
static void problem(ct_fen_error *err, int side, int type, int file, int rank, int count)
{
    if (err) {
        err->side = side;
        err->type = type;
        err->file = file;
        err->rank = rank;
        err->count = count;
    }
}

static ct_status fail(ct_fen_error *err, int field, ct_fen_problem code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->field = field;
        err->code = code;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return field == 0 ? CT_ERR_SYNTAX : CT_ERR_INVALID;
}

static const char *const type_name[CT_PIECE_TYPES] = {
    "", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"};

/* Where a piece may stand at all in a game that started from the usual set-up (spec §2). */
static bool placement_ok(int side, int type, int file, int rank)
{
    int r = side == CT_RED ? rank : 9 - rank; /* rank seen from the piece's own side */
    switch (type) {
    case CT_KING:
        return file >= 3 && file <= 5 && r <= 2;
    case CT_ADVISOR:
        return (r == 0 || r == 2) ? (file == 3 || file == 5) : (r == 1 && file == 4);
    case CT_ELEPHANT:
        return ((r == 0 || r == 4) && (file == 2 || file == 6)) ||
               (r == 2 && (file == 0 || file == 4 || file == 8));
    case CT_PAWN:
        return r >= 5 || ((r == 3 || r == 4) && file % 2 == 0);
    default:
        return true;
    }
}

static bool parse_uint(const char *s, size_t len, long *out)
{
    if (len == 0 || len > 6)
        return false;
    long v = 0;
    for (size_t i = 0; i < len; i++) {
        if (!isdigit((unsigned char)s[i]))
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

ct_status ct_fen_read(ct_pos *pos, const char *fen, ct_fen_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
    /* 1. Split into whitespace-separated fields. */
    const char *field[7];
    size_t flen[7];
    int nfields = 0;
    for (const char *p = fen;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (!*p)
            break;
        if (nfields == 6)
            return fail(err, 0, CT_FEN_TOO_MANY_FIELDS, "too many fields (at most 6)");
        field[nfields] = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
            p++;
        flen[nfields] = (size_t)(p - field[nfields]);
        nfields++;
    }
    if (nfields == 0)
        return fail(err, 0, CT_FEN_EMPTY, "empty FEN");
    if (nfields != 2 && nfields != 4 && nfields != 6) {
        problem(err, 0, 0, 0, 0, nfields);
        return fail(err, 0, CT_FEN_FIELD_COUNT, "%d fields; expected 2, 4 or 6", nfields);
    }

    ct_pos tmp;
    ct_pos_clear(&tmp);

    /* 2. Field 1: ten rows from rank 9 down to rank 0. The shape is checked in full before
     * any piece is placed, so a missing rank is reported as such, not as a misplaced piece. */
    struct {
        int side, type, file, rank;
    } pieces[CT_FILES * CT_RANKS];
    int npieces = 0;
    int rank = 9, file = 0;
    for (size_t i = 0; i < flen[0]; i++) {
        char c = field[0][i];
        if (c == '/') {
            if (file != CT_FILES) {
                problem(err, 0, 0, 0, rank, file);
                return fail(err, 1, CT_FEN_RANK_POINTS, "rank %d has %d points, not 9", rank, file);
            }
            if (--rank < 0)
                return fail(err, 1, CT_FEN_TOO_MANY_RANKS, "more than 10 ranks");
            file = 0;
        } else if (c >= '1' && c <= '9') {
            file += c - '0';
            if (file > CT_FILES) {
                problem(err, 0, 0, 0, rank, 0);
                return fail(err, 1, CT_FEN_RANK_LONG, "rank %d has more than 9 points", rank);
            }
        } else {
            int type = bd_letter_type(c);
            if (type == CT_NO_TYPE) {
                problem(err, 0, 0, 0, rank, 0);
                if (err)
                    err->letter = c;
                return fail(err, 1, CT_FEN_LETTER, "unknown piece letter '%c' on rank %d", c, rank);
            }
            if (file >= CT_FILES) {
                problem(err, 0, 0, 0, rank, 0);
                return fail(err, 1, CT_FEN_RANK_LONG, "rank %d has more than 9 points", rank);
            }
            pieces[npieces].side = isupper((unsigned char)c) ? CT_RED : CT_BLACK;
            pieces[npieces].type = type;
            pieces[npieces].file = file;
            pieces[npieces].rank = rank;
            npieces++;
            file++;
        }
    }
    if (rank != 0) {
        problem(err, 0, 0, 0, 0, 10 - rank);
        return fail(err, 1, CT_FEN_RANK_COUNT, "%d ranks, not 10", 10 - rank);
    }
    if (file != CT_FILES) {
        problem(err, 0, 0, 0, 0, file);
        return fail(err, 1, CT_FEN_RANK_POINTS, "rank 0 has %d points, not 9", file);
    }
    for (int i = 0; i < npieces; i++) {
        int side = pieces[i].side, type = pieces[i].type;
        const char *colour = side == CT_RED ? "Red" : "Black";
        if (!placement_ok(side, type, pieces[i].file, pieces[i].rank)) {
            problem(err, side, type, pieces[i].file, pieces[i].rank, 0);
            return fail(err, 1, CT_FEN_PLACEMENT, "%s %s cannot stand on %c%d", colour,
                        type_name[type], 'a' + pieces[i].file, pieces[i].rank);
        }
        if (ct_pos_put(&tmp, side, type, (ct_sq)CT_SQ(pieces[i].file, pieces[i].rank)) != CT_OK) {
            problem(err, side, type, 0, 0, 0);
            return fail(err, 1, CT_FEN_TOO_MANY, "too many %s %ss", colour, type_name[type]);
        }
    }
    for (int sd = 0; sd < 2; sd++)
        if (!ct_pos_king(&tmp, sd)) {
            problem(err, sd, CT_KING, 0, 0, 0);
            return fail(err, 1, CT_FEN_NO_KING, "no %s king", sd == CT_RED ? "Red" : "Black");
        }

    /* 3. Field 2: side to move. */
    if (flen[1] != 1 || (field[1][0] != 'w' && field[1][0] != 'r' && field[1][0] != 'b'))
        return fail(err, 2, CT_FEN_SIDE, "side to move must be 'w' (or 'r') or 'b'");
    ct_pos_set_side(&tmp, field[1][0] == 'b' ? CT_BLACK : CT_RED);

    /* 4. Fields 3-4 are placeholders ("- -"), or, in the 4-field form, the two counters. */
    int counters = -1;
    if (nfields == 6) {
        for (int f = 2; f < 4; f++)
            if (flen[f] != 1 || field[f][0] != '-')
                return fail(err, f + 1, CT_FEN_PLACEHOLDER,
                            "expected '-' (no castling or en passant in xiangqi)");
        counters = 4;
    } else if (nfields == 4) {
        if (flen[2] == 1 && field[2][0] == '-' && flen[3] == 1 && field[3][0] == '-')
            counters = -1;
        else
            counters = 2;
    }
    if (counters > 0) {
        long half, full;
        if (!parse_uint(field[counters], flen[counters], &half))
            return fail(err, counters + 1, CT_FEN_HALFMOVE,
                        "half-move clock must be a number of plies");
        if (!parse_uint(field[counters + 1], flen[counters + 1], &full))
            return fail(err, counters + 2, CT_FEN_FULLMOVE, "move number must be a positive number");
        tmp.halfmove = (int)half;
        tmp.fullmove = full == 0 ? 1 : (int)full;
    }

    /* 5. The side that just moved cannot have left its king attacked or the kings facing. */
    if (ct_in_check(&tmp, tmp.side ^ 1)) {
        problem(err, tmp.side ^ 1, 0, 0, 0, 0);
        return fail(err, 2, CT_FEN_IN_CHECK, "the side not to move (%s) is in check",
                    tmp.side == CT_RED ? "Black" : "Red");
    }

    memcpy(pos, &tmp, offsetof(ct_pos, hist));
    return CT_OK;
}

int ct_fen_write(const ct_pos *pos, char *buf, size_t size)
{
    static const char letters[CT_PIECE_TYPES] = {'?', 'K', 'A', 'B', 'N', 'R', 'C', 'P'};
    char out[128];
    size_t n = 0;
    for (int rank = 9; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < CT_FILES; file++) {
            ct_sq sq = (ct_sq)CT_SQ(file, rank);
            int type = ct_pos_type_at(pos, sq);
            if (type == CT_NO_TYPE) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty);
            empty = 0;
            char c = letters[type];
            out[n++] = ct_pos_side_at(pos, sq) == CT_RED ? c : (char)tolower((unsigned char)c);
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (rank)
            out[n++] = '/';
    }
    out[n] = '\0';
    return snprintf(buf, size, "%s %c - - %d %d", out, pos->side == CT_RED ? 'w' : 'b',
                    pos->halfmove, pos->fullmove);
}
