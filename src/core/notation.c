/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — move notations, output side: the neutral description of a legal move and its
 * rendering in every notation (spec §4.6), plus notation names and error-kind names.
 * Reading is in notation_parse.c. */
#include <stdio.h>
#include <string.h>

#include "notation_internal.h"

static const char *const notation_names[CT_NOTATION_COUNT] = {
    "coord", "iccs", "vi", "vi-long", "wxf", "zh", "zh-hant", "auto",
};

static int lower_ascii(int c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

ct_notation ct_notation_from_name(const char *name, bool *ok)
{
    for (int n = 0; name && n < CT_NOTATION_COUNT; n++) {
        const char *a = notation_names[n], *b = name;
        while (*a && (lower_ascii((unsigned char)*b) == *a || (*a == '-' && *b == '_'))) {
            a++;
            b++;
        }
        if (!*a && !*b) {
            if (ok)
                *ok = true;
            return (ct_notation)n;
        }
    }
    if (ok)
        *ok = false;
    return CT_NOTATION_DEFAULT;
}

const char *ct_notation_name(ct_notation n)
{
    return ((unsigned)n < CT_NOTATION_COUNT) ? notation_names[n] : "?";
}

const char *ct_parse_kind_name(ct_parse_kind kind)
{
    static const char *const names[] = {
        "ok",
        "empty move",
        "syntax error",
        "unknown piece",
        "no such piece on that file",
        "marker does not fit the pieces on the file",
        "the piece cannot move so",
        "illegal move",
        "the other side's notation",
        "ambiguous move",
        "notations disagree",
        "unknown notation",
    };
    return ((unsigned)kind < sizeof names / sizeof names[0]) ? names[kind] : "?";
}

/* ---------------------------------------------------------------------------------------
 * Survey of pieces on a file */

void nt_file_survey(const ct_pos *pos, int side, int type, int x, nt_file_pieces *out)
{
    out->count = 0;
    /* Front first: Red's front is the highest rank, Black's the lowest. */
    for (int i = 0; i < CT_RANKS; i++) {
        int rank = side == CT_RED ? CT_RANKS - 1 - i : i;
        ct_sq sq = (ct_sq)CT_SQ(x, rank);
        if (ct_pos_side_at(pos, sq) == side && ct_pos_type_at(pos, sq) == type &&
            out->count < 5)
            out->sq[out->count++] = sq;
    }
}

int nt_tandem_files(const ct_pos *pos, int side, int type)
{
    int files = 0;
    for (int x = 0; x < CT_FILES; x++) {
        nt_file_pieces fp;
        nt_file_survey(pos, side, type, x, &fp);
        files += fp.count >= 2;
    }
    return files;
}

/* ---------------------------------------------------------------------------------------
 * Description (spec §4.6 steps 1-3) */

/* The description of a move known to be legal in pos. */
static void describe_legal(const ct_pos *pos, ct_move mv, ct_move_desc *out)
{
    memset(out, 0, sizeof *out);
    ct_sq from = CT_FROM(mv), to = CT_TO(mv);
    int side = pos->side, type = ct_pos_type_at(pos, from);
    int fx = CT_SQ_FILE(from), tx = CT_SQ_FILE(to);
    int dr = CT_SQ_RANK(to) - CT_SQ_RANK(from);
    if (side == CT_BLACK)
        dr = -dr;
    out->side = side;
    out->type = type;
    out->file = nt_file_num(side, fx);
    out->from = from;
    out->to = to;
    /* 1. Direction. */
    out->dir = dr == 0 ? CT_DIR_SIDEWAYS : dr > 0 ? CT_DIR_FORWARD : CT_DIR_BACKWARD;
    /* 2. Number: destination file, or steps for pieces that stay on their file. */
    if (out->dir == CT_DIR_SIDEWAYS || type == CT_HORSE || type == CT_ADVISOR ||
        type == CT_ELEPHANT)
        out->number = nt_file_num(side, tx);
    else
        out->number = dr > 0 ? dr : -dr;
    /* 3. Markers for two or more rooks, horses, cannons or pawns on the from-file. */
    if (type == CT_ROOK || type == CT_HORSE || type == CT_CANNON || type == CT_PAWN) {
        nt_file_pieces fp;
        nt_file_survey(pos, side, type, fx, &fp);
        if (fp.count >= 2) {
            out->tandem = fp.count;
            for (int i = 0; i < fp.count; i++)
                if (fp.sq[i] == from)
                    out->index = i;
            out->two_files = type == CT_PAWN && nt_tandem_files(pos, side, type) >= 2;
        }
    }
}

ct_status ct_move_describe(const ct_pos *pos, ct_move mv, ct_move_desc *out)
{
    if (!ct_is_legal(pos, mv)) {
        memset(out, 0, sizeof *out);
        return CT_ERR_ILLEGAL;
    }
    describe_legal(pos, mv, out);
    return CT_OK;
}

/* ---------------------------------------------------------------------------------------
 * Word tables */

const char *const nt_vi_marker[6][5] = {
    [2] = {"t", "s"},
    [3] = {"t", "g", "s"},
    [4] = {"tt", "t", "s", "ss"},
    [5] = {"tt", "t", "g", "s", "ss"},
};
const char *const nt_wxf_marker[6][5] = {
    [2] = {"+", "-"},
    [3] = {"+", NULL, "-"},
    [4] = {"++", "+", "-", "--"},
    [5] = {"++", "+", NULL, "-", "--"},
};

/* Vietnamese long markers, same order as nt_vi_marker. */
static const char *vi_long_marker(const char *m)
{
    if (!strcmp(m, "t"))
        return "trước";
    if (!strcmp(m, "g"))
        return "giữa";
    if (!strcmp(m, "s"))
        return "sau";
    if (!strcmp(m, "tt"))
        return "trước nhất";
    return "sau nhất";
}

/* Indexed by piece type (CT_KING..CT_PAWN). */
static const char *const vi_letter[CT_PIECE_TYPES] = {"", "Tg", "S", "T", "M", "X", "P", "B"};
static const char *const vi_name[CT_PIECE_TYPES] = {"",   "Tướng", "Sĩ",   "Tượng",
                                                     "Mã", "Xe",    "Pháo", "Tốt"};
static const char vi_dir[3] = {'.', '/', '-'};
static const char *const vi_dir_word[3] = {"tiến", "thoái", "bình"};
static const char wxf_letter[CT_PIECE_TYPES] = {0, 'K', 'A', 'E', 'H', 'R', 'C', 'P'};
static const char wxf_dir[3] = {'+', '-', '.'};

/* Chinese pieces by script (0 simplified, 1 traditional), side and type. */
static const char *const zh_piece[2][2][CT_PIECE_TYPES] = {
    {{"", "帅", "仕", "相", "马", "车", "炮", "兵"}, {"", "将", "士", "象", "马", "车", "炮", "卒"}},
    {{"", "帥", "仕", "相", "傌", "俥", "炮", "兵"}, {"", "將", "士", "象", "馬", "車", "砲", "卒"}},
};
static const char *const zh_dir[2][3] = {{"进", "退", "平"}, {"進", "退", "平"}};
static const char *const zh_numeral[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
static const char *const zh_fullwidth[10] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
/* Chinese-practice markers (spec §4.3 DECISION): 前/后, 前/中/后, 前二三四, 前二三四五. */
static const char *zh_marker(int script, int tandem, int index)
{
    if (index == 0)
        return "前";
    if (tandem <= 3 && index == tandem - 1)
        return script ? "後" : "后";
    if (tandem == 3)
        return "中";
    return zh_numeral[index + 1];
}

/* ---------------------------------------------------------------------------------------
 * Rendering */

typedef struct {
    char *buf;
    size_t size;
    size_t len;
} out_text;

static void put(out_text *o, const char *s)
{
    size_t n = strlen(s);
    if (o->len < o->size) {
        size_t room = o->size - 1 - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
}
static void putc_(out_text *o, char c)
{
    char s[2] = {c, 0};
    put(o, s);
}

static void render_vi(const ct_move_desc *d, out_text *o, bool longform)
{
    const char *marker = d->tandem ? nt_vi_marker[d->tandem][d->index] : NULL;
    char file[2] = {(char)('0' + d->file), 0};
    char num[2] = {(char)('0' + d->number), 0};
    if (longform) {
        put(o, vi_name[d->type]);
        if (!marker || d->two_files) {
            put(o, " ");
            put(o, file);
        }
        if (marker) {
            put(o, " ");
            put(o, vi_long_marker(marker));
        }
        put(o, " ");
        put(o, vi_dir_word[d->dir]);
        put(o, " ");
        put(o, num);
        return;
    }
    put(o, vi_letter[d->type]);
    if (!marker || d->two_files)
        put(o, file);
    if (marker)
        put(o, marker);
    putc_(o, vi_dir[d->dir]);
    put(o, num);
}

static void render_wxf(const ct_move_desc *d, out_text *o)
{
    char file = (char)('0' + d->file);
    if (!d->tandem) {
        putc_(o, wxf_letter[d->type]);
        putc_(o, file);
    } else {
        const char *m = nt_wxf_marker[d->tandem][d->index];
        if (d->two_files) {
            putc_(o, file); /* the file digit replaces the letter: 7+.6, 77.6 */
            if (m)
                put(o, m);
            else
                putc_(o, file);
        } else if (m && strlen(m) == 2) {
            put(o, m); /* ++ and -- replace letter and file */
        } else {
            putc_(o, wxf_letter[d->type]);
            if (m)
                put(o, m);
            else
                putc_(o, file);
        }
    }
    putc_(o, wxf_dir[d->dir]);
    putc_(o, (char)('0' + d->number));
}

static void render_zh(const ct_move_desc *d, out_text *o, int script)
{
    const char *const *digits = d->side == CT_RED ? zh_numeral : zh_fullwidth;
    if (!d->tandem) {
        put(o, zh_piece[script][d->side][d->type]);
        put(o, digits[d->file]);
    } else if (d->two_files) {
        put(o, zh_marker(script, d->tandem, d->index)); /* 前九平八: piece left out */
        put(o, digits[d->file]);
    } else {
        put(o, zh_marker(script, d->tandem, d->index));
        put(o, zh_piece[script][d->side][d->type]);
    }
    put(o, zh_dir[script][d->dir]);
    put(o, digits[d->number]);
}

int ct_move_desc_render(const ct_move_desc *d, ct_notation n, char *buf, size_t size)
{
    out_text o = {buf, size, 0};
    if (size)
        buf[0] = 0;
    if (d->type < CT_KING || d->type > CT_PAWN || d->file < 1 || d->file > 9 ||
        d->number < 1 || d->number > 9 || (unsigned)d->dir > CT_DIR_SIDEWAYS ||
        (unsigned)d->side > 1 || (d->tandem && (d->tandem < 2 || d->tandem > 5)) ||
        (d->tandem && (d->index < 0 || d->index >= d->tandem)))
        return -1;
    switch (n) {
    case CT_NOTATION_COORD:
    case CT_NOTATION_ICCS: {
        char a[3], b[3];
        if (!ct_sq_on_board(d->from) || !ct_sq_on_board(d->to))
            return -1;
        ct_sq_name(d->from, a);
        ct_sq_name(d->to, b);
        if (n == CT_NOTATION_ICCS) {
            a[0] = (char)(a[0] - 'a' + 'A');
            b[0] = (char)(b[0] - 'a' + 'A');
            put(&o, a);
            put(&o, "-");
        } else {
            put(&o, a);
        }
        put(&o, b);
        break;
    }
    case CT_NOTATION_VI:
        render_vi(d, &o, false);
        break;
    case CT_NOTATION_VI_LONG:
        render_vi(d, &o, true);
        break;
    case CT_NOTATION_WXF:
        render_wxf(d, &o);
        break;
    case CT_NOTATION_ZH:
        render_zh(d, &o, 0);
        break;
    case CT_NOTATION_ZH_HANT:
        render_zh(d, &o, 1);
        break;
    default:
        return -1;
    }
    if (size)
        buf[o.len < size ? o.len : size - 1] = 0;
    return (int)o.len;
}

int ct_move_render(const ct_pos *pos, ct_move mv, ct_notation n, char *buf, size_t size)
{
    ct_move_desc d;
    if (size)
        buf[0] = 0;
    if (ct_move_describe(pos, mv, &d) != CT_OK)
        return -1;
    return ct_move_desc_render(&d, n, buf, size);
}

int ct_move_render_legal(const ct_pos *pos, ct_move mv, ct_notation n, char *buf, size_t size)
{
    ct_move_desc d;
    if (size)
        buf[0] = 0;
    describe_legal(pos, mv, &d);
    return ct_move_desc_render(&d, n, buf, size);
}
