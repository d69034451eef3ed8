/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — cờ úp FEN as the Jieqi tools (JieqiBox, Pikafish's jieqi branch) write it: X/x for
 * face-down pieces and a pool field of letter+count. Reads both of JieqiBox's field orders,
 * writes the older one the spec quotes; refuses what no cờ úp game can hold. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cotuong/coup.h"

#include "board_internal.h"

enum { MAX_FIELDS = 8 };

static ct_status fail(ct_coup_fen_error *err, int field, ct_coup_fen_problem code, int side,
                      int type, int file, int rank, int count, char letter, const char *fmt, ...)
{
    if (!err)
        return CT_ERR_INVALID;
    memset(err, 0, sizeof *err);
    err->field = field;
    err->code = code;
    err->side = side;
    err->type = type;
    err->file = file;
    err->rank = rank;
    err->count = count;
    err->letter = letter;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return code == CT_COUP_FEN_LETTER || code == CT_COUP_FEN_POOL_SYNTAX ||
                   code == CT_COUP_FEN_FIELD_COUNT || code == CT_COUP_FEN_EMPTY
               ? CT_ERR_SYNTAX
               : CT_ERR_INVALID;
}

static const char type_letter[CT_PIECE_TYPES] = {'?', 'K', 'A', 'B', 'N', 'R', 'C', 'P'};
static const char *const side_name[2] = {"Red", "Black"};
static const uint8_t set_count[CT_PIECE_TYPES] = {0, 1, 2, 2, 2, 2, 2, 5};

static bool parse_number(const char *s, int *out)
{
    long v = 0;
    if (!*s)
        return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > 100000000)
            return false;
        v = v * 10 + (*s - '0');
    }
    *out = (int)v;
    return true;
}

static ct_status read_board(ct_coup_pos *p, const char *s, ct_coup_fen_error *err)
{
    int rank = 9, file = 0;
    for (;; s++) {
        char c = *s;
        if (c == '/' || c == 0) {
            if (file != 9)
                return fail(err, 1, CT_COUP_FEN_RANK_POINTS, 0, 0, 0, rank, file, 0,
                            "rank %d has %d points, not 9", rank, file);
            if (c == 0)
                break;
            if (--rank < 0)
                return fail(err, 1, CT_COUP_FEN_RANK_COUNT, 0, 0, 0, 0, 11, 0,
                            "more than 10 ranks");
            file = 0;
            continue;
        }
        if (c >= '1' && c <= '9') {
            file += c - '0';
            if (file > 9)
                return fail(err, 1, CT_COUP_FEN_RANK_POINTS, 0, 0, 0, rank, file, 0,
                            "rank %d has %d points, not 9", rank, file);
            continue;
        }
        int side = (c >= 'a' && c <= 'z') ? CT_BLACK : CT_RED;
        int cell;
        if (c == 'X' || c == 'x') {
            cell = CT_SIDE_FLAG(side) | CT_COUP_DOWN;
        } else if (bd_letter_type(c) != CT_NO_TYPE) {
            cell = CT_SIDE_FLAG(side) | bd_letter_type(c);
        } else {
            return fail(err, 1, CT_COUP_FEN_LETTER, 0, 0, file, rank, 0, c,
                        "'%c' is no piece letter (rank %d)", c, rank);
        }
        if (file >= 9)
            return fail(err, 1, CT_COUP_FEN_RANK_POINTS, 0, 0, 0, rank, file + 1, 0,
                        "rank %d has more than 9 points", rank);
        ct_coup_put(p, (ct_sq)CT_SQ(file, rank), cell);
        file++;
    }
    if (rank != 0)
        return fail(err, 1, CT_COUP_FEN_RANK_COUNT, 0, 0, 0, 0, 10 - rank, 0,
                    "%d ranks, not 10", 10 - rank);
    return CT_OK;
}

static ct_status read_pool(ct_coup_pos *p, const char *s, int field, ct_coup_fen_error *err)
{
    if (!strcmp(s, "-"))
        return CT_OK;
    while (*s) {
        char c = *s++;
        int t = bd_letter_type(c);
        if (t == CT_NO_TYPE || t == CT_KING || *s < '0' || *s > '9')
            return fail(err, field, CT_COUP_FEN_POOL_SYNTAX, 0, 0, 0, 0, 0, c,
                        "the pool is not letter+count pairs (at '%c')", c);
        int n = 0;
        while (*s >= '0' && *s <= '9' && n < 100)
            n = n * 10 + (*s++ - '0');
        int side = (c >= 'a' && c <= 'z') ? CT_BLACK : CT_RED;
        int total = p->pool[side][t] + n;
        if (total > set_count[t])
            return fail(err, field, CT_COUP_FEN_TOO_MANY, side, t, 0, 0, total, 0,
                        "%s has %d %c in the pool, more than a set", side_name[side], total,
                        type_letter[t]);
        p->pool[side][t] = (uint8_t)total;
    }
    return CT_OK;
}

/* Everything a cờ úp position must satisfy beyond the syntax. */
static ct_status validate(const ct_coup_pos *p, ct_coup_fen_error *err, int pool_field)
{
    int kings[2] = {0}, down[2] = {0}, up[2][CT_PIECE_TYPES] = {{0}};
    for (int r = 0; r < CT_RANKS; r++)
        for (int f = 0; f < CT_FILES; f++) {
            ct_sq sq = (ct_sq)CT_SQ(f, r);
            int c = p->board[sq];
            if (!c)
                continue;
            int side = (c >> 5) & 1;
            if (c & CT_COUP_DOWN) {
                if (ct_coup_home_side(sq) != side || ct_coup_home_type(sq) == CT_KING)
                    return fail(err, 1, CT_COUP_FEN_DOWN_PLACE, side, 0, f, r, 0, 0,
                                "a face-down %s piece on %c%d, not one of its starting squares",
                                side_name[side], 'a' + f, r);
                down[side]++;
            } else if (CT_COUP_TYPE(c) == CT_KING) {
                kings[side]++;
                bool palace = f >= 3 && f <= 5 && (side == CT_RED ? r <= 2 : r >= 7);
                if (!palace)
                    return fail(err, 1, CT_COUP_FEN_KING_PLACE, side, CT_KING, f, r, 0, 0,
                                "the %s king on %c%d is outside its palace", side_name[side],
                                'a' + f, r);
            } else {
                up[side][CT_COUP_TYPE(c)]++;
            }
        }
    for (int side = 0; side < 2; side++) {
        if (kings[side] != 1)
            return fail(err, 1, CT_COUP_FEN_NO_KING, side, CT_KING, 0, 0, kings[side], 0,
                        "%s has %d kings", side_name[side], kings[side]);
        int pool = ct_coup_pool_count(p, side);
        if (pool < down[side])
            return fail(err, pool_field, CT_COUP_FEN_POOL_SHORT, side, 0, 0, 0, down[side], 0,
                        "%s has %d face-down pieces but only %d in the pool", side_name[side],
                        down[side], pool);
        for (int t = CT_ADVISOR; t <= CT_PAWN; t++)
            if (up[side][t] + p->pool[side][t] > set_count[t])
                return fail(err, pool_field, CT_COUP_FEN_TOO_MANY, side, t, 0, 0,
                            up[side][t] + p->pool[side][t], 0,
                            "%s has %d %c face up and in the pool, more than a set",
                            side_name[side], up[side][t] + p->pool[side][t], type_letter[t]);
    }
    return CT_OK;
}

ct_status ct_coup_fen_read(ct_coup_pos *pos, const char *fen, ct_coup_fen_error *err)
{
    char buf[256];
    char *field[MAX_FIELDS + 1];
    int n = 0;
    if (!fen || strlen(fen) >= sizeof buf)
        return fail(err, 0, CT_COUP_FEN_FIELD_COUNT, 0, 0, 0, 0, 0, 0, "the FEN is too long");
    snprintf(buf, sizeof buf, "%s", fen);
    for (char *t = strtok(buf, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
        if (n == MAX_FIELDS)
            return fail(err, 0, CT_COUP_FEN_FIELD_COUNT, 0, 0, 0, 0, n + 1, 0,
                        "too many fields");
        field[n++] = t;
    }
    if (n == 0)
        return fail(err, 0, CT_COUP_FEN_EMPTY, 0, 0, 0, 0, 0, 0, "empty FEN");

    /* 1. Which order: JieqiBox's newer one puts the side second. */
    bool side_second = n >= 2 && strlen(field[1]) == 1 && strchr("wrb", field[1][0]);
    int pool_at = side_second ? 2 : 1, side_at = side_second ? 1 : 2;
    int half_at = side_second ? 4 : 5, dash_from = side_second ? 0 : 3;
    bool count_ok = side_second ? (n >= 2 && n <= 6) : (n == 2 || n == 3 || n == 5 || n == 7);
    if (!count_ok || n == 1)
        return fail(err, 0, CT_COUP_FEN_FIELD_COUNT, 0, 0, 0, 0, n, 0,
                    "%d fields: not board, pool, side, -, -, half-moves, move number", n);

    ct_coup_pos p; /* on the stack: the core keeps no state between calls */
    ct_coup_clear(&p);
    ct_status st = read_board(&p, field[0], err);
    if (st != CT_OK)
        return st;
    if (pool_at < n && (st = read_pool(&p, field[pool_at], pool_at + 1, err)) != CT_OK)
        return st;
    if (side_at < n) {
        const char *s = field[side_at];
        if (strlen(s) != 1 || !strchr("wrb", s[0]))
            return fail(err, side_at + 1, CT_COUP_FEN_SIDE, 0, 0, 0, 0, 0, s[0],
                        "the side to move '%s' is not w, r or b", s);
        ct_coup_set_side(&p, s[0] == 'b' ? CT_BLACK : CT_RED);
    }
    for (int i = dash_from; dash_from && i < dash_from + 2 && i < n; i++)
        if (strcmp(field[i], "-"))
            return fail(err, i + 1, CT_COUP_FEN_PLACEHOLDER, 0, 0, 0, 0, 0, field[i][0],
                        "field %d is '%s', not '-'", i + 1, field[i]);
    if (half_at < n && !parse_number(field[half_at], &p.halfmove))
        return fail(err, half_at + 1, CT_COUP_FEN_HALFMOVE, 0, 0, 0, 0, 0, 0,
                    "the half-move clock '%s' is not a number", field[half_at]);
    if (half_at + 1 < n && (!parse_number(field[half_at + 1], &p.fullmove) || p.fullmove < 1))
        return fail(err, half_at + 2, CT_COUP_FEN_FULLMOVE, 0, 0, 0, 0, 0, 0,
                    "the move number '%s' is not a number", field[half_at + 1]);
    if ((st = validate(&p, err, pool_at + 1)) != CT_OK)
        return st;
    if (ct_coup_in_check(&p, p.side ^ 1))
        return fail(err, 0, CT_COUP_FEN_IN_CHECK, p.side ^ 1, 0, 0, 0, 0, 0,
                    "%s is in check but it is not its move", side_name[p.side ^ 1]);
    memcpy(pos, &p, offsetof(ct_coup_pos, hist));
    return CT_OK;
}

int ct_coup_fen_write(const ct_coup_pos *pos, char *buf, size_t size)
{
    char out[256];
    int k = 0;
    for (int r = 9; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 9; f++) {
            int c = pos->board[CT_SQ(f, r)];
            if (!c) {
                empty++;
                continue;
            }
            if (empty)
                out[k++] = (char)('0' + empty);
            empty = 0;
            int side = (c >> 5) & 1;
            char l = (c & CT_COUP_DOWN) ? 'X' : type_letter[CT_COUP_TYPE(c)];
            out[k++] = side == CT_BLACK ? (char)(l + 32) : l;
        }
        if (empty)
            out[k++] = (char)('0' + empty);
        if (r)
            out[k++] = '/';
    }
    out[k++] = ' ';
    int before = k;
    static const uint8_t order[6] = {CT_ADVISOR, CT_ELEPHANT, CT_HORSE, CT_ROOK, CT_CANNON, CT_PAWN};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 6; i++)
            if (pos->pool[side][order[i]]) {
                char l = type_letter[order[i]];
                k += snprintf(out + k, sizeof out - (size_t)k, "%c%d",
                              side == CT_BLACK ? l + 32 : l, pos->pool[side][order[i]]);
            }
    if (k == before)
        out[k++] = '-';
    out[k] = 0;
    return snprintf(buf, size, "%s %c - - %d %d", out, pos->side == CT_BLACK ? 'b' : 'w',
                    pos->halfmove, pos->fullmove);
}
