/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — XQF import (spec §5.2): header (start squares, result, GBK strings), the move
 * records in pre-order (a move, its continuation, then its alternative), the version ≥ 11
 * obfuscation, and replay of every move for legality. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/movegen.h"
#include "cotuong/pgn.h"
#include "cotuong/xqf.h"

#define XQF_HEADER 1024
#define XQF_MAX_PLIES (CT_MAX_HISTORY - 48)

typedef struct {
    const uint8_t *b;
    size_t len, off;
    bool obfuscated;
    uint8_t key[32];
    int ki; /* next key stream byte */
    int version;
    int o1, o2, o3;   /* square, from and to offsets */
    int32_t comment_off;
} xqf_reader;

static void xerr(ct_xqf_error *err, size_t off, int ply, const char *fmt, ...)
{
    if (!err)
        return;
    err->offset = off;
    err->ply = ply;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

bool ct_xqf_detect(const void *buf, size_t len)
{
    const uint8_t *b = buf;
    return len >= 2 && b[0] == 'X' && b[1] == 'Q';
}

/* Next n bytes after the header, decoded. false when the file ends first. */
static bool take(xqf_reader *x, uint8_t *out, size_t n)
{
    if (x->len - x->off < n)
        return false;
    for (size_t i = 0; i < n; i++) {
        uint8_t c = x->b[x->off++];
        if (x->obfuscated) {
            c = (uint8_t)(c - x->key[x->ki]);
            x->ki = (x->ki + 1) & 31;
        }
        out[i] = c;
    }
    return true;
}

/* GBK bytes to a new UTF-8 string; bytes that do not decode become '?'. */
static char *gbk_text(const uint8_t *s, size_t n)
{
    char *out = NULL;
    size_t ol;
    if (ct_encoding_to_utf8((const char *)s, n, CT_ENC_GBK, &out, &ol) == CT_OK)
        return out;
    /* A damaged or truncated string: keep ASCII, mark the rest. */
    out = malloc(n + 1);
    if (!out)
        return NULL;
    for (size_t i = 0; i < n; i++)
        out[i] = (s[i] >= 0x20 && s[i] < 0x7F) ? (char)s[i] : '?';
    out[n] = '\0';
    return out;
}

static ct_status header_tags(const uint8_t *h, ct_record *r)
{
    static const struct {
        int off, size;
        const char *tag;
    } slots[] = {
        {0x50, 128, "Title"},      {0xD0, 64, "Event"},     {0x110, 16, "Date"},
        {0x120, 16, "Site"},       {0x130, 16, "Red"},      {0x140, 16, "Black"},
        {0x150, 64, "TimeControl"}, {0x190, 16, "RedTime"}, {0x1A0, 16, "BlackTime"},
        {0x1D0, 16, "Annotator"},  {0x1E0, 16, "Author"},
    };
    for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++) {
        int n = h[slots[i].off];
        if (n > slots[i].size - 1)
            n = slots[i].size - 1;
        /* trim blanks and NULs */
        const uint8_t *s = h + slots[i].off + 1;
        while (n > 0 && (s[n - 1] == 0 || s[n - 1] == ' '))
            n--;
        if (n == 0 || memchr(s, 0, (size_t)n))
            continue;
        char *v = gbk_text(s, (size_t)n);
        if (!v)
            return CT_ERR_FULL;
        ct_status st = *v ? ct_record_set_tag(r, slots[i].tag, v) : CT_OK;
        free(v);
        if (st != CT_OK)
            return st;
    }
    switch (h[0x33]) {
    case 1: r->result = CT_RESULT_RED_WINS; break;
    case 2: r->result = CT_RESULT_BLACK_WINS; break;
    case 3: r->result = CT_RESULT_DRAW; break;
    default: r->result = CT_RESULT_NONE; break;
    }
    return CT_OK;
}

static int f_key(int k)
{
    return (54 * k * k + 221) & 255;
}

static void setup_keys(xqf_reader *x, const uint8_t *h)
{
    static const char mask[] = "[(C) Copyright Mr. Dong Shiwei.]";
    x->o1 = (f_key(h[13]) * h[13]) & 255;
    x->o2 = (f_key(h[14]) * x->o1) & 255;
    x->o3 = (f_key(h[15]) * x->o2) & 255;
    x->comment_off = (int32_t)((h[12] * 256 + h[13]) % 32000 + 767);
    for (int i = 0; i < 32; i++)
        x->key[i] = (uint8_t)((h[8 + i % 4] | (h[12 + i % 4] & h[3])) & (uint8_t)mask[i]);
    x->ki = 0;
}

/* Start position from the 32 piece squares; side to move from the first move's piece. */
static ct_status start_position(xqf_reader *x, const uint8_t *h, ct_record *r, ct_pos *pos,
                                int first_side, ct_xqf_error *err)
{
    static const uint8_t types[16] = {CT_ROOK,     CT_HORSE,    CT_ELEPHANT, CT_ADVISOR,
                                      CT_KING,     CT_ADVISOR,  CT_ELEPHANT, CT_HORSE,
                                      CT_ROOK,     CT_CANNON,   CT_CANNON,   CT_PAWN,
                                      CT_PAWN,     CT_PAWN,     CT_PAWN,     CT_PAWN};
    uint8_t sq[32];
    for (int i = 0; i < 32; i++) {
        uint8_t v = h[0x10 + i];
        if (x->obfuscated) {
            v = (uint8_t)(v - x->o1);
            if (x->version >= 12)
                sq[(x->o1 + 1 + i) & 31] = v;
            else
                sq[i] = v;
        } else {
            sq[i] = v;
        }
    }
    ct_pos_clear(pos);
    for (int i = 0; i < 32; i++) {
        if (sq[i] >= 90)
            continue; /* 0xFF: not on the board */
        int file = sq[i] / 10, rank = sq[i] % 10;
        if (pos->board[CT_SQ(file, rank)] != 0 ||
            ct_pos_put(pos, i < 16 ? CT_RED : CT_BLACK, types[i & 15], CT_SQ(file, rank)) != CT_OK) {
            xerr(err, (size_t)(0x10 + i), 0, "damaged header: two pieces on one square or too many pieces");
            return CT_ERR_INVALID;
        }
    }
    ct_pos_set_side(pos, first_side);
    char fen[128];
    ct_fen_write(pos, fen, sizeof fen);
    ct_fen_error fe;
    memset(&fe, 0, sizeof fe);
    if (ct_record_set_start(r, fen, &fe) != CT_OK) {
        xerr(err, 0x10, 0, "impossible start position: %s", fe.message);
        return CT_ERR_INVALID;
    }
    ct_record_start_position(r, pos);
    return CT_OK;
}

typedef struct {
    ct_move mv;
    bool child, sibling;
    char *comment;
    size_t offset;
} xqf_move;

/* Reads one move record (and its comment). */
static ct_status read_record(xqf_reader *x, xqf_move *m, int ply, ct_xqf_error *err)
{
    uint8_t rec[4];
    m->offset = x->off;
    m->comment = NULL;
    if (!take(x, rec, 4)) {
        xerr(err, x->off, ply, "file ends inside move record %d (truncated)", ply);
        return CT_ERR_SYNTAX;
    }
    int from = rec[0] - 24, to = rec[1] - 32;
    if (x->obfuscated) {
        from = (from - x->o2) & 255;
        to = (to - x->o3) & 255;
        m->child = rec[2] & 0x80;
        m->sibling = rec[2] & 0x40;
    } else {
        from &= 255;
        to &= 255;
        m->child = rec[2] & 0xF0;
        m->sibling = rec[2] & 0x0F;
    }
    m->mv = CT_NO_MOVE;
    if (ply > 0) {
        if (from >= 90 || to >= 90) {
            xerr(err, m->offset, ply, "damaged move record %d: square out of the board", ply);
            return CT_ERR_SYNTAX;
        }
        m->mv = CT_MOVE(CT_SQ(from / 10, from % 10), CT_SQ(to / 10, to % 10));
    }
    bool has_comment = !x->obfuscated || (rec[2] & 0x20);
    if (!has_comment)
        return CT_OK;
    uint8_t lb[4];
    size_t loff = x->off;
    if (!take(x, lb, 4)) {
        xerr(err, loff, ply, "file ends inside the comment length of record %d (truncated)", ply);
        return CT_ERR_SYNTAX;
    }
    int64_t n = (int64_t)((uint32_t)lb[0] | (uint32_t)lb[1] << 8 | (uint32_t)lb[2] << 16 |
                          (uint32_t)lb[3] << 24);
    if (n >= 0x80000000LL)
        n -= 0x100000000LL;
    if (x->obfuscated)
        n -= x->comment_off;
    if (n < 0 || (uint64_t)n > x->len - x->off) {
        xerr(err, loff, ply, "damaged comment length %lld in record %d", (long long)n, ply);
        return CT_ERR_SYNTAX;
    }
    if (n == 0)
        return CT_OK;
    uint8_t *c = malloc((size_t)n);
    if (!c)
        return CT_ERR_FULL;
    take(x, c, (size_t)n);
    size_t k = (size_t)n;
    while (k > 0 && c[k - 1] == 0)
        k--;
    if (k > 0 && !memchr(c, 0, k)) {
        m->comment = gbk_text(c, k);
        if (!m->comment) {
            free(c);
            return CT_ERR_FULL;
        }
    }
    free(c);
    return CT_OK;
}

/* Sets the comment with CR LF turned into LF. */
static ct_status set_comment(ct_record *r, int node, char *c)
{
    if (!c)
        return CT_OK;
    char *o = c;
    for (char *p = c; *p; p++)
        if (!(*p == '\r' && p[1] == '\n'))
            *o++ = *p;
    *o = '\0';
    ct_status st = ct_record_set_comment(r, node, c);
    free(c);
    return st;
}

static ct_status read_tree(xqf_reader *x, const uint8_t *h, ct_record *r, ct_pos *pos,
                           ct_xqf_error *err)
{
    /* 1. The dummy root record: its comment is the game's opening comment. */
    xqf_move m;
    ct_status st = read_record(x, &m, 0, err);
    if (st != CT_OK)
        return st;
    char *root_comment = m.comment;
    bool root_child = m.child;

    /* 2. The side to move is the colour of the piece that makes the first move; peek at
     * the first record with a copy of the reader. */
    int first_side = CT_RED;
    if (root_child) {
        xqf_reader peek = *x;
        uint8_t rec[2];
        if (take(&peek, rec, 2)) {
            int from = rec[0] - 24;
            if (x->obfuscated)
                from = (from - x->o2) & 255;
            from &= 255;
            if (from < 90) {
                /* needs the board: decide after placing the pieces (below) */
                first_side = -1 - from;
            }
        }
    }
    int from_sq = first_side < 0 ? -1 - first_side : -1;
    st = start_position(x, h, r, pos, CT_RED, err);
    if (st != CT_OK) {
        free(root_comment);
        return st;
    }
    if (from_sq >= 0) {
        int side = ct_pos_side_at(pos, CT_SQ(from_sq / 10, from_sq % 10));
        if (side == CT_BLACK && (st = start_position(x, h, r, pos, CT_BLACK, err)) != CT_OK) {
            free(root_comment);
            return st;
        }
    }
    if ((st = set_comment(r, CT_ROOT, root_comment)) != CT_OK)
        return st;

    /* 3. Records in pre-order: a move, then its continuation, then its alternative. A
     * stack holds the parents whose next alternative is still to come. */
    int cap = 64, top = 0;
    int *pending = malloc((size_t)cap * sizeof *pending);
    if (!pending)
        return CT_ERR_FULL;
    int parent = root_child ? CT_ROOT : CT_NO_NODE;
    int pos_node = CT_ROOT; /* the node pos stands at */
    int ply = 0;
    while (st == CT_OK) {
        if (parent == CT_NO_NODE) {
            if (top == 0)
                break;
            parent = pending[--top];
        }
        ply++;
        if ((st = read_record(x, &m, ply, err)) != CT_OK)
            break;
        if (parent != pos_node) {
            if ((st = ct_record_position(r, parent, pos)) != CT_OK) {
                free(m.comment);
                break;
            }
            pos_node = parent;
        }
        if (pos->ply >= XQF_MAX_PLIES) {
            free(m.comment);
            xerr(err, m.offset, ply, "line longer than %d plies", XQF_MAX_PLIES);
            st = CT_ERR_SYNTAX;
            break;
        }
        if (!ct_is_legal(pos, m.mv)) {
            char c[5];
            ct_move_coord(m.mv, c);
            free(m.comment);
            xerr(err, m.offset, ply, "illegal move %s in record %d", c, ply);
            st = CT_ERR_ILLEGAL;
            break;
        }
        int node;
        if ((st = ct_record_add_move_unchecked(r, parent, m.mv, &node)) != CT_OK) {
            free(m.comment);
            break;
        }
        if ((st = set_comment(r, node, m.comment)) != CT_OK)
            break;
        if (m.sibling) {
            if (top == cap) {
                int *p = realloc(pending, (size_t)cap * 2 * sizeof *p);
                if (!p) {
                    st = CT_ERR_FULL;
                    break;
                }
                pending = p;
                cap *= 2;
            }
            pending[top++] = parent;
        }
        if (m.child) {
            ct_pos_make(pos, m.mv);
            pos_node = node;
            parent = node;
        } else {
            parent = CT_NO_NODE;
        }
    }
    free(pending);
    return st;
}

ct_status ct_xqf_read(const void *buf, size_t len, ct_record *r, ct_xqf_error *err)
{
    ct_record_init(r);
    if (err)
        memset(err, 0, sizeof *err);
    if (!r->nodes)
        return CT_ERR_FULL;
    const uint8_t *b = buf;
    if (!ct_xqf_detect(buf, len)) {
        xerr(err, 0, 0, "not an XQF file (no \"XQ\" signature)");
        return CT_ERR_SYNTAX;
    }
    if (len < XQF_HEADER) {
        xerr(err, len, 0, "file ends inside the %d-byte header (truncated)", XQF_HEADER);
        return CT_ERR_SYNTAX;
    }
    xqf_reader x;
    memset(&x, 0, sizeof x);
    x.b = b;
    x.len = len;
    x.off = XQF_HEADER;
    x.version = b[2];
    if (x.version == 0 || x.version > 31) {
        xerr(err, 2, 0, "unknown XQF version %d", x.version);
        return CT_ERR_UNSUPPORTED;
    }
    x.obfuscated = x.version >= 11;
    if (x.obfuscated)
        setup_keys(&x, b);
    ct_status st = header_tags(b, r);
    if (st != CT_OK)
        return st;
    ct_pos *pos = malloc(sizeof *pos);
    if (!pos)
        return CT_ERR_FULL;
    st = read_tree(&x, b, r, pos, err);
    free(pos);
    ct_record_sort_tags(r);
    if (st == CT_ERR_FULL && err && !err->message[0])
        xerr(err, x.off, 0, "out of memory");
    return st;
}
