/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — move notations, input side: folds the text (case, Vietnamese diacritics, dashes,
 * full-width forms), reads it into a query (piece, file or marker, direction, number) with
 * one small parser per notation, then resolves the query against the legal moves (spec §4.6).
 * "auto" accepts a text only when exactly one notation reads it as one legal move. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "notation_internal.h"

#define MAX_TEXT 96 /* longer inputs are refused */

/* ---------------------------------------------------------------------------------------
 * UTF-8 and folding */

/* Decodes one code point from s (n > 0 bytes left); returns the bytes used (>= 1).
 * Malformed sequences decode as U+FFFD, one byte at a time. */
static int utf8_next(const unsigned char *s, size_t n, unsigned *cp)
{
    unsigned c = s[0];
    int len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || (size_t)len > n) {
        *cp = 0xFFFD;
        return 1;
    }
    unsigned v = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *cp = 0xFFFD;
            return 1;
        }
        v = (v << 6) | (s[i] & 0x3F);
    }
    static const unsigned min_of_len[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (v < min_of_len[len] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
        *cp = 0xFFFD;
        return 1;
    }
    *cp = v;
    return len;
}

/* Vietnamese letters with diacritics, grouped by base letter (lower and upper case). */
static const struct {
    char base;
    const char *letters;
} vi_letters[] = {
    {'a', "àáảãạăằắẳẵặâầấẩẫậÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬ"},
    {'e', "èéẻẽẹêềếểễệÈÉẺẼẸÊỀẾỂỄỆ"},
    {'i', "ìíỉĩịÌÍỈĨỊ"},
    {'o', "òóỏõọôồốổỗộơờớởỡợÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢ"},
    {'u', "ùúủũụưừứửữựÙÚỦŨỤƯỪỨỬỮỰ"},
    {'y', "ỳýỷỹỵỲÝỶỸỴ"},
    {'d', "đĐ"},
};

#define FOLD_DROP 0     /* combining mark: vanishes */
#define FOLD_UNKNOWN 1  /* a character no notation uses */

/* Folds one code point to lower-case ASCII: letters lose case and diacritics, dashes become
 * '-', full-width digits/letters/signs become ASCII, blanks become ' '. */
static int fold_cp(unsigned cp)
{
    if (cp < 0x80) {
        if (cp >= 'A' && cp <= 'Z')
            return (int)(cp - 'A' + 'a');
        if (cp == '\t' || cp == '\n' || cp == '\r')
            return ' ';
        return cp >= 0x20 && cp < 0x7F ? (int)cp : FOLD_UNKNOWN;
    }
    if (cp >= 0x300 && cp <= 0x36F)
        return FOLD_DROP;
    if (cp == 0xA0 || cp == 0x3000 || (cp >= 0x2000 && cp <= 0x200A))
        return ' ';
    if ((cp >= 0x2010 && cp <= 0x2015) || cp == 0x2212 || cp == 0xFF0D || cp == 0xFE63)
        return '-';
    if (cp >= 0xFF10 && cp <= 0xFF19)
        return (int)('0' + cp - 0xFF10);
    if (cp >= 0xFF21 && cp <= 0xFF3A)
        return (int)('a' + cp - 0xFF21);
    if (cp >= 0xFF41 && cp <= 0xFF5A)
        return (int)('a' + cp - 0xFF41);
    switch (cp) {
    case 0xFF0B:
        return '+';
    case 0xFF0E:
        return '.';
    case 0xFF1D:
        return '=';
    case 0xFF0F:
        return '/';
    default:
        break;
    }
    /* Every letter of vi_letters lies in Latin-1/Extended-A/B or Latin Extended Additional;
     * Hán characters (most of a Chinese file) skip the table walk. */
    if (!((cp >= 0xC0 && cp <= 0x1B0) || (cp >= 0x1EA0 && cp <= 0x1EF9)))
        return FOLD_UNKNOWN;
    for (size_t g = 0; g < sizeof vi_letters / sizeof vi_letters[0]; g++) {
        const unsigned char *p = (const unsigned char *)vi_letters[g].letters;
        size_t left = strlen((const char *)p);
        while (left) {
            unsigned v;
            int k = utf8_next(p, left, &v);
            if (v == cp)
                return vi_letters[g].base;
            p += k;
            left -= (size_t)k;
        }
    }
    return FOLD_UNKNOWN;
}

/* The folded text: one ASCII byte per kept character, with the code point it came from. */
typedef struct {
    char s[MAX_TEXT + 1];
    unsigned orig[MAX_TEXT + 1];
    int len;
} folded;

/* Returns false when the text is too long. */
static bool fold_text(const char *text, folded *f)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t left = strlen(text);
    f->len = 0;
    while (left) {
        unsigned cp;
        int k = utf8_next(p, left, &cp);
        p += k;
        left -= (size_t)k;
        int c = fold_cp(cp);
        if (c == FOLD_DROP)
            continue;
        if (f->len >= MAX_TEXT)
            return false;
        f->orig[f->len] = cp;
        f->s[f->len++] = (char)c;
    }
    f->s[f->len] = 0;
    /* Trim blanks at both ends. */
    int a = 0, b = f->len;
    while (a < b && f->s[a] == ' ')
        a++;
    while (b > a && f->s[b - 1] == ' ')
        b--;
    memmove(f->s, f->s + a, (size_t)(b - a));
    memmove(f->orig, f->orig + a, (size_t)(b - a) * sizeof f->orig[0]);
    f->len = b - a;
    f->s[f->len] = 0;
    return true;
}

/* ---------------------------------------------------------------------------------------
 * Errors */

static const char *const why_text[] = {
    [CT_WHY_LEGAL] = "legal",
    [CT_WHY_NO_PIECE] = "there is no piece on the starting point",
    [CT_WHY_NOT_YOURS] = "the piece belongs to the other side",
    [CT_WHY_OWN_PIECE] = "the destination holds one of the mover's own pieces",
    [CT_WHY_PIECE_RULE] = "the piece does not move that way",
    [CT_WHY_HORSE_LEG] = "the horse's leg is blocked",
    [CT_WHY_ELEPHANT_EYE] = "the elephant's eye is blocked",
    [CT_WHY_RIVER] = "the river forbids it",
    [CT_WHY_PALACE] = "the piece may not leave the palace",
    [CT_WHY_BLOCKED] = "the path is blocked",
    [CT_WHY_CANNON_SCREEN] = "a cannon captures only over exactly one screen",
    [CT_WHY_PAWN_BACKWARD] = "a pawn never moves backwards",
    [CT_WHY_KING_IN_CHECK] = "it leaves the king in check",
    [CT_WHY_KINGS_FACING] = "it leaves the two kings facing each other",
};

static const char *const type_name[CT_PIECE_TYPES] = {"piece",  "king", "advisor", "elephant",
                                                      "horse",  "rook", "cannon",  "pawn"};
static const char *const type_plural[CT_PIECE_TYPES] = {"pieces", "kings", "advisors", "elephants",
                                                        "horses", "rooks", "cannons", "pawns"};

static const ct_status kind_status[] = {
    [CT_PARSE_OK] = CT_OK,
    [CT_PARSE_EMPTY] = CT_ERR_SYNTAX,
    [CT_PARSE_SYNTAX] = CT_ERR_SYNTAX,
    [CT_PARSE_UNKNOWN_PIECE] = CT_ERR_SYNTAX,
    [CT_PARSE_NO_PIECE] = CT_ERR_NOT_FOUND,
    [CT_PARSE_BAD_MARKER] = CT_ERR_NOT_FOUND,
    [CT_PARSE_NO_MOVE] = CT_ERR_ILLEGAL,
    [CT_PARSE_ILLEGAL] = CT_ERR_ILLEGAL,
    [CT_PARSE_WRONG_SIDE] = CT_ERR_ILLEGAL,
    [CT_PARSE_AMBIGUOUS] = CT_ERR_AMBIGUOUS,
    [CT_PARSE_CLASH] = CT_ERR_AMBIGUOUS,
    [CT_PARSE_BAD_NOTATION] = CT_ERR_INVALID,
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static ct_status fail(ct_parse_error *err, ct_parse_kind kind, const char *fmt, ...)
{
    err->kind = kind;
    err->code = kind_status[kind];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return err->code;
}

static void clear_error(ct_parse_error *err, ct_notation n)
{
    memset(err, 0, sizeof *err);
    err->notation = n;
}

/* ---------------------------------------------------------------------------------------
 * Queries and their resolution */

enum { MK_NONE, MK_FRONT2, MK_FRONT, MK_MIDDLE, MK_REAR, MK_REAR2, MK_ORD };
/* How markers count: STD = Vietnamese/WXF (tt t g s ss, ++ + . - --), WXF adds "the file
 * digit names the middle pawn of three or five", ZH = 前 first, 后 last, 中 middle,
 * 二三四五 ordinals. */
enum { CONV_STD, CONV_WXF, CONV_ZH };

typedef struct {
    unsigned types; /* bit (1 << type) for each piece type the text can mean */
    int file;       /* 1..9, or 0 when not written */
    int mark, ord;  /* MK_*, ord 1..5 for MK_ORD */
    int dir;        /* ct_move_dir */
    int number;     /* 1..9 */
    int conv;
} query;

static int mark_of_vi(const char *m)
{
    if (!strcmp(m, "tt"))
        return MK_FRONT2;
    if (!strcmp(m, "t"))
        return MK_FRONT;
    if (!strcmp(m, "g"))
        return MK_MIDDLE;
    if (!strcmp(m, "s"))
        return MK_REAR;
    if (!strcmp(m, "ss"))
        return MK_REAR2;
    return MK_NONE;
}

/* Index from the front named by a marker among `count` pieces on a file, or -1. */
static int marker_index(const query *q, int count)
{
    if (q->mark == MK_ORD)
        return q->ord <= count ? q->ord - 1 : -1;
    if (q->conv == CONV_ZH) {
        switch (q->mark) {
        case MK_FRONT:
            return 0;
        case MK_REAR:
            return count - 1;
        case MK_MIDDLE:
            return count % 2 ? count / 2 : -1;
        default:
            return -1;
        }
    }
    for (int i = 0; i < count && count <= 5; i++)
        if (mark_of_vi(nt_vi_marker[count][i]) == q->mark)
            return i;
    return -1;
}

/* Destination of the piece on `from` for the query's direction and number, or CT_NO_SQ. */
static ct_sq destination(int side, int type, ct_sq from, const query *q)
{
    int x = CT_SQ_FILE(from), r = CT_SQ_RANK(from), fwd = side == CT_RED ? 1 : -1;
    int tx = x, tr = r;
    bool straight = type == CT_KING || type == CT_ROOK || type == CT_CANNON || type == CT_PAWN;
    if (q->dir == CT_DIR_SIDEWAYS) {
        if (!straight)
            return CT_NO_SQ;
        tx = nt_file_x(side, q->number);
        if (tx == x)
            return CT_NO_SQ;
    } else {
        int sign = q->dir == CT_DIR_FORWARD ? fwd : -fwd;
        if (straight) {
            tr = r + sign * q->number;
        } else {
            tx = nt_file_x(side, q->number);
            int adx = tx > x ? tx - x : x - tx, ady;
            if (type == CT_HORSE && (adx == 1 || adx == 2))
                ady = 3 - adx;
            else if (type == CT_ADVISOR && adx == 1)
                ady = 1;
            else if (type == CT_ELEPHANT && adx == 2)
                ady = 2;
            else
                return CT_NO_SQ;
            tr = r + sign * ady;
        }
    }
    if (tx < 0 || tx >= CT_FILES || tr < 0 || tr >= CT_RANKS)
        return CT_NO_SQ;
    return (ct_sq)CT_SQ(tx, tr);
}

static const char *side_name(int side)
{
    return side == CT_RED ? "Red" : "Black";
}

/* Finds the one legal move the query names. */
static ct_status resolve(const ct_pos *pos, const query *q, ct_move *out, ct_parse_error *err)
{
    int side = pos->side;
    ct_sq cand[16];
    int ncand = 0;
    bool bad_marker = false, any_type_piece = false;
    for (int type = CT_KING; type <= CT_PAWN; type++) {
        if (!(q->types & (1u << type)))
            continue;
        /* Ordinals across two files with tandem pawns (ElephantEye/xqbase): number all of
         * them by file from the mover's right, then front to back. */
        if (q->mark == MK_ORD && q->file == 0 && nt_tandem_files(pos, side, type) >= 2) {
            int k = 0;
            for (int num = 1; num <= 9; num++) {
                nt_file_pieces fp;
                nt_file_survey(pos, side, type, nt_file_x(side, num), &fp);
                any_type_piece |= fp.count > 0;
                for (int i = 0; fp.count >= 2 && i < fp.count; i++)
                    if (++k == q->ord && ncand < 16)
                        cand[ncand++] = fp.sq[i];
            }
            if (k < q->ord)
                bad_marker = true;
            continue;
        }
        for (int x = 0; x < CT_FILES; x++) {
            if (q->file && x != nt_file_x(side, q->file))
                continue;
            nt_file_pieces fp;
            nt_file_survey(pos, side, type, x, &fp);
            if (fp.count == 0)
                continue;
            any_type_piece = true;
            if (q->mark == MK_NONE) {
                if (q->conv == CONV_WXF && type == CT_PAWN && (fp.count == 3 || fp.count == 5)) {
                    if (ncand < 16)
                        cand[ncand++] = fp.sq[fp.count / 2];
                    continue;
                }
                for (int i = 0; i < fp.count && ncand < 16; i++)
                    cand[ncand++] = fp.sq[i];
                continue;
            }
            int idx = fp.count >= 2 ? marker_index(q, fp.count) : -1;
            if (idx < 0) {
                bad_marker = true;
                continue;
            }
            if (ncand < 16)
                cand[ncand++] = fp.sq[idx];
        }
    }
    int first_type = CT_KING;
    while (first_type < CT_PAWN && !(q->types & (1u << first_type)))
        first_type++;
    if (ncand == 0) {
        if (bad_marker)
            return fail(err, CT_PARSE_BAD_MARKER,
                        "the front/middle/rear marker does not fit the %s %s there",
                        side_name(side), type_plural[first_type]);
        if (q->file)
            return fail(err, CT_PARSE_NO_PIECE, "no %s %s on file %d", side_name(side),
                        type_name[first_type], q->file);
        return fail(err, CT_PARSE_NO_PIECE, "no %s %s %s", side_name(side),
                    type_plural[first_type],
                    any_type_piece ? "share a file" : "on the board");
    }
    ct_move legal[16];
    int nlegal = 0, ngeom = 0;
    ct_move first_bad = CT_NO_MOVE;
    for (int i = 0; i < ncand; i++) {
        int type = ct_pos_type_at(pos, cand[i]);
        ct_sq to = destination(side, type, cand[i], q);
        if (to == CT_NO_SQ)
            continue;
        ngeom++;
        ct_move mv = CT_MOVE(cand[i], to);
        if (ct_is_legal(pos, mv))
            legal[nlegal++] = mv;
        else if (first_bad == CT_NO_MOVE)
            first_bad = mv;
    }
    if (nlegal == 1) {
        *out = legal[0];
        err->kind = CT_PARSE_OK;
        err->code = CT_OK;
        return CT_OK;
    }
    if (nlegal > 1) {
        char list[64] = "";
        size_t len = 0;
        err->nsquares = 0;
        for (int i = 0; i < nlegal && err->nsquares < 5; i++) {
            char name[3];
            ct_sq_name(CT_FROM(legal[i]), name);
            err->squares[err->nsquares++] = CT_FROM(legal[i]);
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                                    i == 0 ? "" : i == nlegal - 1 ? " and " : ", ", name);
            if (len >= sizeof list)
                break;
        }
        int type = ct_pos_type_at(pos, CT_FROM(legal[0]));
        return fail(err, CT_PARSE_AMBIGUOUS, "ambiguous: the %s on %s can each make this move",
                    type_plural[type], list);
    }
    if (ngeom == 0) {
        int type = ct_pos_type_at(pos, cand[0]);
        return fail(err, CT_PARSE_NO_MOVE, "the %s cannot move %s %d",
                    type_name[type],
                    q->dir == CT_DIR_FORWARD    ? "forward"
                    : q->dir == CT_DIR_BACKWARD ? "backward"
                                                : "sideways to file",
                    q->number);
    }
    char a[3], b[3];
    ct_sq_name(CT_FROM(first_bad), a);
    ct_sq_name(CT_TO(first_bad), b);
    err->reason = ct_why_illegal(pos, first_bad);
    return fail(err, CT_PARSE_ILLEGAL, "illegal move %s%s: %s", a, b, why_text[err->reason]);
}

/* ---------------------------------------------------------------------------------------
 * Coordinates and ICCS */

static bool is_file(char c)
{
    return c >= 'a' && c <= 'i';
}
static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Matches "h2e2" (coord) or "h2-e2" (ICCS) in folded text; returns the move or 0. */
static ct_move coord_form(const folded *f, bool iccs)
{
    const char *s = f->s;
    int k; /* where the to-square starts */
    if (iccs && f->len == 5 && s[2] == '-')
        k = 3;
    else if (f->len == 4)
        k = 2; /* ICCS without its hyphen reads like coordinates */
    else
        return CT_NO_MOVE;
    if (!is_file(s[0]) || !is_digit(s[1]) || !is_file(s[k]) || !is_digit(s[k + 1]))
        return CT_NO_MOVE;
    return CT_MOVE(CT_SQ(s[0] - 'a', s[1] - '0'), CT_SQ(s[k] - 'a', s[k + 1] - '0'));
}

static ct_status check_coord_move(const ct_pos *pos, ct_move mv, ct_move *out,
                                  ct_parse_error *err)
{
    if (ct_is_legal(pos, mv)) {
        *out = mv;
        return CT_OK;
    }
    char a[3], b[3];
    ct_sq_name(CT_FROM(mv), a);
    ct_sq_name(CT_TO(mv), b);
    err->reason = ct_why_illegal(pos, mv);
    if (err->reason == CT_WHY_NO_PIECE)
        return fail(err, CT_PARSE_NO_PIECE, "no piece on %s", a);
    return fail(err, CT_PARSE_ILLEGAL, "illegal move %s%s: %s", a, b, why_text[err->reason]);
}

static ct_status parse_coord(const ct_pos *pos, const folded *f, bool iccs, ct_move *out,
                             ct_parse_error *err)
{
    ct_move mv = coord_form(f, iccs);
    if (mv == CT_NO_MOVE)
        return fail(err, CT_PARSE_SYNTAX,
                    iccs ? "expected a move like H2-E2 (file A-I, rank 0-9)"
                         : "expected a move like h2e2 (file a-i, rank 0-9)");
    return check_coord_move(pos, mv, out, err);
}

/* ---------------------------------------------------------------------------------------
 * Vietnamese: compact P2-5 / Xt.1 / B7t-6 and long "Pháo 2 bình 5" */

typedef struct {
    char kind; /* 'w' word, 'n' number, 's' symbol */
    char text[24];
    int at;    /* offset in the folded text */
    int len;
} token;

/* Splits folded text into words, numbers and single symbols; false on a stray character. */
static int tokenize(const folded *f, token *t, int max, int *bad_at)
{
    int n = 0;
    for (int i = 0; i < f->len;) {
        char c = f->s[i];
        if (c == ' ') {
            i++;
            continue;
        }
        if (n >= max)
            return -1;
        token *k = &t[n];
        k->at = i;
        int j = i;
        if (c >= 'a' && c <= 'z') {
            k->kind = 'w';
            while (j < f->len && f->s[j] >= 'a' && f->s[j] <= 'z')
                j++;
        } else if (is_digit(c)) {
            k->kind = 'n';
            while (j < f->len && is_digit(f->s[j]))
                j++;
        } else if (c == '.' || c == '/' || c == '-' || c == '+' || c == '=') {
            k->kind = 's';
            j = i + 1;
        } else {
            *bad_at = i;
            return -2;
        }
        k->len = j - i;
        if (k->len >= (int)sizeof k->text)
            return -1;
        memcpy(k->text, f->s + i, (size_t)k->len);
        k->text[k->len] = 0;
        n++;
        i = j;
    }
    return n;
}

#define TYPE_BIT(t) (1u << (t))

/* Full Vietnamese piece names, folded. "tuong" is either until the tone says which. */
static unsigned vi_piece_word(const char *w)
{
    static const struct {
        const char *word;
        unsigned types;
    } names[] = {
        {"tuong", TYPE_BIT(CT_KING) | TYPE_BIT(CT_ELEPHANT)},
        {"soai", TYPE_BIT(CT_KING)},   {"si", TYPE_BIT(CT_ADVISOR)},
        {"sy", TYPE_BIT(CT_ADVISOR)},  {"voi", TYPE_BIT(CT_ELEPHANT)},
        {"ma", TYPE_BIT(CT_HORSE)},    {"xe", TYPE_BIT(CT_ROOK)},
        {"xa", TYPE_BIT(CT_ROOK)},     {"phao", TYPE_BIT(CT_CANNON)},
        {"tot", TYPE_BIT(CT_PAWN)},    {"binh", TYPE_BIT(CT_PAWN)},
        {"chot", TYPE_BIT(CT_PAWN)},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(w, names[i].word))
            return names[i].types;
    return 0;
}

static int vi_dir_word(const token *t)
{
    if (t->kind == 's')
        return t->text[0] == '.' ? CT_DIR_FORWARD
               : t->text[0] == '/' ? CT_DIR_BACKWARD
               : t->text[0] == '-' ? CT_DIR_SIDEWAYS
                                   : -1;
    if (!strcmp(t->text, "tien") || !strcmp(t->text, "tan"))
        return CT_DIR_FORWARD;
    if (!strcmp(t->text, "thoai") || !strcmp(t->text, "lui"))
        return CT_DIR_BACKWARD;
    if (!strcmp(t->text, "binh"))
        return CT_DIR_SIDEWAYS;
    return -1;
}

/* Marker word at t[i] (consuming "nhat" after truoc/sau); returns MK_* and the tokens used. */
static int vi_marker_word(const token *t, int n, int i, int *used)
{
    const char *w = t[i].text;
    bool nhat = i + 1 < n && !strcmp(t[i + 1].text, "nhat");
    *used = 1;
    if (t[i].kind != 'w')
        return MK_NONE;
    if (!strcmp(w, "truoc") || !strcmp(w, "sau")) {
        bool front = w[0] == 't';
        if (nhat || (i + 1 < n && !strcmp(t[i + 1].text, w))) {
            *used = 2; /* "trước nhất" or "trước trước" */
            return front ? MK_FRONT2 : MK_REAR2;
        }
        return front ? MK_FRONT : MK_REAR;
    }
    if (!strcmp(w, "giua"))
        return MK_MIDDLE;
    return mark_of_vi(w);
}

static ct_status parse_vi(const ct_pos *pos, const folded *f, ct_move *out, ct_parse_error *err)
{
    token t[12];
    int bad_at = 0;
    int n = tokenize(f, t, 12, &bad_at);
    if (n == -2)
        return fail(err, CT_PARSE_SYNTAX, "unexpected character '%c' in a Vietnamese move",
                    f->s[bad_at] == FOLD_UNKNOWN ? '?' : f->s[bad_at]);
    if (n < 0)
        return fail(err, CT_PARSE_SYNTAX, "too long for a Vietnamese move");
    if (n == 0)
        return fail(err, CT_PARSE_EMPTY, "no move given");
    query q = {0, 0, MK_NONE, 0, 0, 0, CONV_STD};
    if (t[0].kind != 'w')
        return fail(err, CT_PARSE_UNKNOWN_PIECE, "a move starts with a piece (X M T S Tg P B)");
    /* 1. The piece: a full name, or a letter (Tg S T X P M B; K V C aliases) with an
     *    optional marker glued to it (Xt, Bg, Btt). */
    q.types = vi_piece_word(t[0].text);
    if (q.types == (TYPE_BIT(CT_KING) | TYPE_BIT(CT_ELEPHANT))) {
        /* Tướng (ớ, rising tone) is the king, Tượng (ợ, heavy tone) the elephant. */
        unsigned tone = f->orig[t[0].at + 2];
        if (tone == 0x1EDB || tone == 0x1EDA)
            q.types = TYPE_BIT(CT_KING);
        else if (tone == 0x1EE3 || tone == 0x1EE2)
            q.types = TYPE_BIT(CT_ELEPHANT);
    }
    if (!q.types) {
        const char *w = t[0].text, *rest;
        if (w[0] == 't' && w[1] == 'g') {
            q.types = TYPE_BIT(CT_KING);
            rest = w + 2;
        } else {
            static const char letters[] = "kstvxpmbc";
            static const int types[] = {CT_KING, CT_ADVISOR, CT_ELEPHANT, CT_ELEPHANT, CT_ROOK,
                                        CT_CANNON, CT_HORSE, CT_PAWN, CT_PAWN};
            const char *p = strchr(letters, w[0]);
            if (!p)
                return fail(err, CT_PARSE_UNKNOWN_PIECE, "unknown piece '%s'", w);
            q.types = TYPE_BIT(types[p - letters]);
            rest = w + 1;
        }
        if (*rest) {
            q.mark = mark_of_vi(rest);
            if (q.mark == MK_NONE)
                return fail(err, CT_PARSE_UNKNOWN_PIECE, "unknown piece '%s'", w);
        }
    }
    /* 2. File and/or marker, in either order. */
    int i = 1;
    while (i < n) {
        if (t[i].kind == 'n' && q.file == 0 && i + 1 < n) {
            if (t[i].len != 1 || t[i].text[0] == '0')
                return fail(err, CT_PARSE_SYNTAX, "a file number is 1 to 9");
            q.file = t[i].text[0] - '0';
            i++;
            continue;
        }
        int used;
        int mk = q.mark == MK_NONE && vi_dir_word(&t[i]) < 0 ? vi_marker_word(t, n, i, &used)
                                                              : MK_NONE;
        if (mk != MK_NONE) {
            q.mark = mk;
            i += used;
            continue;
        }
        break;
    }
    if (q.file == 0 && q.mark == MK_NONE)
        return fail(err, CT_PARSE_SYNTAX, "the piece needs a file number or a marker (t, g, s)");
    /* 3. Direction and number. */
    if (i >= n || vi_dir_word(&t[i]) < 0)
        return fail(err, CT_PARSE_SYNTAX,
                    "expected a direction: . (tiến), / (thoái) or - (bình)");
    q.dir = vi_dir_word(&t[i++]);
    if (i >= n || t[i].kind != 'n' || t[i].len != 1 || t[i].text[0] == '0')
        return fail(err, CT_PARSE_SYNTAX, "expected a number 1 to 9 after the direction");
    q.number = t[i++].text[0] - '0';
    if (i != n)
        return fail(err, CT_PARSE_SYNTAX, "unexpected '%s' after the move", t[i].text);
    return resolve(pos, &q, out, err);
}

/* ---------------------------------------------------------------------------------------
 * WXF: C2.5 H2+3 R+.3 +R+1 C--1 P3.4 ++.4 7+.6 77.6, ElephantEye Pa.4 P..4 */

static int wxf_letter_type(char c)
{
    switch (c) {
    case 'k':
        return CT_KING;
    case 'a':
        return CT_ADVISOR;
    case 'e':
    case 'b':
        return CT_ELEPHANT;
    case 'h':
    case 'n':
        return CT_HORSE;
    case 'r':
        return CT_ROOK;
    case 'c':
        return CT_CANNON;
    case 'p':
        return CT_PAWN;
    default:
        return CT_NO_TYPE;
    }
}

static bool wxf_sym(char c)
{
    return c == '+' || c == '-' || c == '.' || c == '=';
}

static int wxf_dir(char c)
{
    return c == '+' ? CT_DIR_FORWARD : c == '-' ? CT_DIR_BACKWARD : CT_DIR_SIDEWAYS;
}

/* A marker written with n (1 or 2) symbols starting at s; MK_NONE if not a marker. */
static int wxf_marker(const char *s, int n)
{
    if (n == 1)
        return s[0] == '+' ? MK_FRONT : s[0] == '-' ? MK_REAR : MK_MIDDLE;
    if (n == 2 && s[0] == s[1] && (s[0] == '+' || s[0] == '-'))
        return s[0] == '+' ? MK_FRONT2 : MK_REAR2;
    return MK_NONE;
}

static ct_status parse_wxf(const ct_pos *pos, const folded *f, ct_move *out, ct_parse_error *err)
{
    char s[MAX_TEXT + 1];
    int n = 0;
    for (int i = 0; i < f->len; i++)
        if (f->s[i] != ' ')
            s[n++] = f->s[i];
    s[n] = 0;
    if (n == 0)
        return fail(err, CT_PARSE_EMPTY, "no move given");
    for (int i = 0; i < n; i++)
        if (!(s[i] >= 'a' && s[i] <= 'z') && !is_digit(s[i]) && !wxf_sym(s[i]))
            return fail(err, CT_PARSE_SYNTAX, "unexpected character '%c' in a WXF move",
                        s[i] == FOLD_UNKNOWN ? '?' : s[i]);
    query q = {0, 0, MK_NONE, 0, 0, 0, CONV_WXF};
    int i = 0;
    /* 1. A marker before the letter (+R+1, ++.4, --.4). */
    int pre = 0;
    while (pre < 2 && wxf_sym(s[pre]) && s[pre] != '.' && s[pre] != '=')
        pre++;
    if (pre) {
        q.mark = wxf_marker(s, pre);
        if (q.mark == MK_NONE)
            return fail(err, CT_PARSE_SYNTAX, "'%.*s' is not a WXF marker", pre, s);
        i = pre;
    }
    /* 2. The letter; or a file digit in its place (tandem pawns on two files); or nothing
     *    after ++ / -- (four or five pawns on a file). */
    if (s[i] >= 'a' && s[i] <= 'z') {
        int type = wxf_letter_type(s[i]);
        if (type == CT_NO_TYPE)
            return fail(err, CT_PARSE_UNKNOWN_PIECE, "unknown piece '%c' (WXF: K A E H R C P)",
                        s[i] - 'a' + 'A');
        q.types = TYPE_BIT(type);
        i++;
    } else if (is_digit(s[i]) && !pre && i + 1 < n && (is_digit(s[i + 1]) || wxf_sym(s[i + 1])) &&
               i + 2 < n && (wxf_sym(s[i + 2]) || is_digit(s[i + 2]))) {
        /* 7+.6, 7-.6, 77.6: file digit, then marker (or the digit again for the middle). */
        q.types = TYPE_BIT(CT_PAWN);
        if (s[i] == '0')
            return fail(err, CT_PARSE_SYNTAX, "a file number is 1 to 9");
        q.file = s[i] - '0';
        if (is_digit(s[i + 1])) {
            if (s[i + 1] != s[i])
                return fail(err, CT_PARSE_SYNTAX, "'%c%c': expected the same file digit twice",
                            s[i], s[i + 1]);
            q.mark = MK_MIDDLE;
        } else {
            q.mark = s[i + 1] == '+' ? MK_FRONT : s[i + 1] == '-' ? MK_REAR : MK_MIDDLE;
        }
        i += 2;
        goto direction;
    } else if (pre == 2) {
        q.types = TYPE_BIT(CT_PAWN);
        goto direction;
    } else {
        return fail(err, CT_PARSE_UNKNOWN_PIECE, "a WXF move starts with a piece letter");
    }
    /* 3. After the letter: a file digit, an ElephantEye ordinal a-e, or a marker. */
    if (is_digit(s[i])) {
        if (s[i] == '0')
            return fail(err, CT_PARSE_SYNTAX, "a file number is 1 to 9");
        q.file = s[i++] - '0';
        if (is_digit(s[i]) && i + 1 == n) { /* C25: traverse written without a symbol */
            q.dir = CT_DIR_SIDEWAYS;
            goto number;
        }
        int k = 0;
        while (wxf_sym(s[i + k]))
            k++;
        if (k >= 2 && !pre) { /* P7+.6: letter, file and marker (tandem pawns on two files) */
            q.mark = wxf_marker(s + i, k - 1);
            if (q.mark == MK_NONE)
                return fail(err, CT_PARSE_SYNTAX, "'%.*s' is not a WXF marker", k - 1, s + i);
            i += k - 1;
        }
    } else if (s[i] >= 'a' && s[i] <= 'e' && !pre) {
        q.mark = MK_ORD;
        q.ord = s[i++] - 'a' + 1;
    } else if (wxf_sym(s[i])) {
        int k = 0;
        while (wxf_sym(s[i + k]))
            k++;
        if (k >= 2 && !pre) {
            q.mark = wxf_marker(s + i, k - 1);
            if (q.mark == MK_NONE)
                return fail(err, CT_PARSE_SYNTAX, "'%.*s' is not a WXF marker", k - 1, s + i);
            i += k - 1;
        }
    }
    if (q.file == 0 && q.mark == MK_NONE)
        return fail(err, CT_PARSE_SYNTAX, "the piece needs a file digit or a marker (+ -)");
direction:
    if (!wxf_sym(s[i]))
        return fail(err, CT_PARSE_SYNTAX, "expected a direction: + (forward), - (backward) or ."
                                          " (traverse)");
    q.dir = wxf_dir(s[i++]);
number:
    if (!is_digit(s[i]) || s[i] == '0' || i + 1 != n)
        return fail(err, CT_PARSE_SYNTAX, "expected one number 1 to 9 at the end");
    q.number = s[i] - '0';
    return resolve(pos, &q, out, err);
}

/* ---------------------------------------------------------------------------------------
 * Chinese: 炮二平五 马８进７ 前车进三 中兵平四 二兵平四 前九平八 (simplified or traditional) */

enum { ZT_PIECE, ZT_DIR, ZT_MARK, ZT_NUM, ZT_OTHER };

typedef struct {
    int kind;
    int value; /* piece type, direction, MK_*, or 1..9 */
    bool numeral; /* a Chinese numeral (can be an ordinal) rather than a digit */
} zh_token;

static bool zh_lookup(unsigned cp, zh_token *t)
{
    static const struct {
        unsigned cp;
        int kind, value;
    } table[] = {
        {0x5E05, ZT_PIECE, CT_KING},     /* 帅 */
        {0x5E25, ZT_PIECE, CT_KING},     /* 帥 */
        {0x5C06, ZT_PIECE, CT_KING},     /* 将 */
        {0x5C07, ZT_PIECE, CT_KING},     /* 將 */
        {0x4ED5, ZT_PIECE, CT_ADVISOR},  /* 仕 */
        {0x58EB, ZT_PIECE, CT_ADVISOR},  /* 士 */
        {0x76F8, ZT_PIECE, CT_ELEPHANT}, /* 相 */
        {0x8C61, ZT_PIECE, CT_ELEPHANT}, /* 象 */
        {0x9A6C, ZT_PIECE, CT_HORSE},    /* 马 */
        {0x99AC, ZT_PIECE, CT_HORSE},    /* 馬 */
        {0x508C, ZT_PIECE, CT_HORSE},    /* 傌 */
        {0x8F66, ZT_PIECE, CT_ROOK},     /* 车 */
        {0x8ECA, ZT_PIECE, CT_ROOK},     /* 車 */
        {0x4FE5, ZT_PIECE, CT_ROOK},     /* 俥 */
        {0x70AE, ZT_PIECE, CT_CANNON},   /* 炮 */
        {0x7832, ZT_PIECE, CT_CANNON},   /* 砲 */
        {0x5305, ZT_PIECE, CT_CANNON},   /* 包 */
        {0x5175, ZT_PIECE, CT_PAWN},     /* 兵 */
        {0x5352, ZT_PIECE, CT_PAWN},     /* 卒 */
        {0x8FDB, ZT_DIR, CT_DIR_FORWARD},  /* 进 */
        {0x9032, ZT_DIR, CT_DIR_FORWARD},  /* 進 */
        {0x9000, ZT_DIR, CT_DIR_BACKWARD}, /* 退 */
        {0x5E73, ZT_DIR, CT_DIR_SIDEWAYS}, /* 平 */
        {0x524D, ZT_MARK, MK_FRONT},       /* 前 */
        {0x4E2D, ZT_MARK, MK_MIDDLE},      /* 中 */
        {0x540E, ZT_MARK, MK_REAR},        /* 后 */
        {0x5F8C, ZT_MARK, MK_REAR},        /* 後 */
        {0x4E00, ZT_NUM, 1},               /* 一 */
        {0x4E8C, ZT_NUM, 2},               /* 二 */
        {0x4E09, ZT_NUM, 3},               /* 三 */
        {0x56DB, ZT_NUM, 4},               /* 四 */
        {0x4E94, ZT_NUM, 5},               /* 五 */
        {0x516D, ZT_NUM, 6},               /* 六 */
        {0x4E03, ZT_NUM, 7},               /* 七 */
        {0x516B, ZT_NUM, 8},               /* 八 */
        {0x4E5D, ZT_NUM, 9},               /* 九 */
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].cp == cp) {
            t->kind = table[i].kind;
            t->value = table[i].value;
            t->numeral = table[i].kind == ZT_NUM;
            return true;
        }
    return false;
}

static ct_status parse_zh(const ct_pos *pos, const char *text, ct_move *out, ct_parse_error *err)
{
    zh_token t[12];
    int n = 0;
    const unsigned char *p = (const unsigned char *)text;
    size_t left = strlen(text);
    bool any_cjk = false;
    while (left) {
        unsigned cp;
        int k = utf8_next(p, left, &cp);
        p += k;
        left -= (size_t)k;
        zh_token tok = {ZT_OTHER, 0, false};
        if (!zh_lookup(cp, &tok)) {
            int c = fold_cp(cp);
            if (c == ' ' || c == FOLD_DROP)
                continue;
            if (c >= '1' && c <= '9')
                tok = (zh_token){ZT_NUM, c - '0', false};
            else
                tok.value = (int)cp;
        } else {
            any_cjk = true;
        }
        if (n >= 12)
            return fail(err, CT_PARSE_SYNTAX, "too long for a Chinese move");
        t[n++] = tok;
    }
    if (n == 0)
        return fail(err, CT_PARSE_EMPTY, "no move given");
    if (!any_cjk)
        return fail(err, CT_PARSE_SYNTAX, "not a Chinese move (expected e.g. 炮二平五)");
    query q = {0, 0, MK_NONE, 0, 0, 0, CONV_ZH};
    int i = 0;
    /* 1. A marker (前 中 后) or an ordinal (一 二 三 四 五) before the piece. */
    if (t[0].kind == ZT_MARK) {
        q.mark = t[0].value;
        i = 1;
    } else if (t[0].kind == ZT_NUM && n > 1 && t[1].kind == ZT_PIECE) {
        if (t[0].value > 5)
            return fail(err, CT_PARSE_BAD_MARKER, "at most five pieces share a file");
        q.mark = MK_ORD;
        q.ord = t[0].value;
        i = 1;
    }
    /* 2. The piece (left out in 前九平八: a pawn on one of two files). */
    if (i < n && t[i].kind == ZT_PIECE) {
        q.types = TYPE_BIT(t[i++].value);
    } else if (q.mark != MK_NONE && i + 1 < n && t[i].kind == ZT_NUM && t[i + 1].kind == ZT_DIR) {
        q.types = TYPE_BIT(CT_PAWN);
    } else if (i < n && t[i].kind == ZT_OTHER && t[i].value > 0x2E80) {
        return fail(err, CT_PARSE_UNKNOWN_PIECE, "unknown piece character");
    } else {
        return fail(err, CT_PARSE_SYNTAX, "expected a piece (车 马 相 仕 帅 炮 兵)");
    }
    /* 3. A marker after the piece (炮前平四), or the from-file. Files and numbers say whose
     *    move it is: Red writes numerals (二), Black digits (２ or 2) (spec §4.1). */
    int numerals = 0, digits = 0;
    if (i < n && t[i].kind == ZT_MARK && q.mark == MK_NONE)
        q.mark = t[i++].value;
    if (i + 1 < n && t[i].kind == ZT_NUM && t[i + 1].kind == ZT_DIR) {
        numerals += t[i].numeral;
        digits += !t[i].numeral;
        q.file = t[i++].value;
    }
    if (q.file == 0 && q.mark == MK_NONE)
        return fail(err, CT_PARSE_SYNTAX, "the piece needs a file number or 前/中/后");
    /* 4. Direction and number. */
    if (i >= n || t[i].kind != ZT_DIR)
        return fail(err, CT_PARSE_SYNTAX, "expected a direction: 进, 退 or 平");
    q.dir = t[i++].value;
    if (i >= n || t[i].kind != ZT_NUM)
        return fail(err, CT_PARSE_SYNTAX, "expected a number after the direction");
    numerals += t[i].numeral;
    digits += !t[i].numeral;
    q.number = t[i++].value;
    if (i != n)
        return fail(err, CT_PARSE_SYNTAX, "unexpected text after the move");
    /* 5. The other side's writing is refused, whatever the move would be (a reader of
     *    files may still take err->move). */
    if (pos->side == CT_RED ? digits > 0 : numerals > 0) {
        ct_parse_error e;
        clear_error(&e, err->notation);
        ct_move m = CT_NO_MOVE;
        err->move = resolve(pos, &q, &m, &e) == CT_OK ? m : CT_NO_MOVE;
        return fail(err, CT_PARSE_WRONG_SIDE, "written as %s writes (%s), but %s is to move",
                    side_name(pos->side ^ 1),
                    pos->side == CT_RED ? "digits" : "Chinese numerals", side_name(pos->side));
    }
    return resolve(pos, &q, out, err);
}

/* ---------------------------------------------------------------------------------------
 * Entry point */

static ct_status parse_one(const ct_pos *pos, const char *text, const folded *f, ct_notation n,
                           ct_move *out, ct_parse_error *err)
{
    switch (n) {
    case CT_NOTATION_COORD:
        return parse_coord(pos, f, false, out, err);
    case CT_NOTATION_ICCS:
        return parse_coord(pos, f, true, out, err);
    case CT_NOTATION_VI:
    case CT_NOTATION_VI_LONG:
        return parse_vi(pos, f, out, err);
    case CT_NOTATION_WXF:
        return parse_wxf(pos, f, out, err);
    case CT_NOTATION_ZH:
    case CT_NOTATION_ZH_HANT:
        return parse_zh(pos, text, out, err);
    default:
        return fail(err, CT_PARSE_BAD_NOTATION, "unknown notation");
    }
}

/* Auto: coordinates and ICCS are recognised by their form; otherwise Vietnamese, WXF and
 * Chinese each try, and the text is accepted only when exactly one of them reads it as one
 * legal move and no other reads it as a legal (even ambiguous) move. */
static ct_status parse_auto(const ct_pos *pos, const char *text, const folded *f, ct_move *out,
                            ct_parse_error *err)
{
    ct_move mv = coord_form(f, false);
    if (mv != CT_NO_MOVE) {
        err->notation = CT_NOTATION_COORD;
        return check_coord_move(pos, mv, out, err);
    }
    mv = coord_form(f, true);
    if (mv != CT_NO_MOVE) {
        err->notation = CT_NOTATION_ICCS;
        return check_coord_move(pos, mv, out, err);
    }
    static const ct_notation tries[] = {CT_NOTATION_VI, CT_NOTATION_WXF, CT_NOTATION_ZH};
    ct_parse_error e[3];
    ct_move m[3];
    int ok = 0, readers = 0, best = -1;
    for (int k = 0; k < 3; k++) {
        clear_error(&e[k], tries[k]);
        m[k] = CT_NO_MOVE;
        ct_status st = parse_one(pos, text, f, tries[k], &m[k], &e[k]);
        if (st == CT_OK)
            ok++;
        if (st == CT_OK || e[k].kind == CT_PARSE_AMBIGUOUS)
            readers++;
        /* The most telling error: one that got past the syntax. */
        if (best < 0 || (e[best].kind <= CT_PARSE_UNKNOWN_PIECE && e[k].kind > e[best].kind))
            best = k;
    }
    if (ok == 1 && readers == 1) {
        for (int k = 0; k < 3; k++)
            if (m[k] != CT_NO_MOVE) {
                *err = e[k];
                *out = m[k];
                return CT_OK;
            }
    }
    if (readers >= 2) {
        char list[96] = "";
        size_t len = 0;
        for (int k = 0; k < 3; k++) {
            if (!(m[k] != CT_NO_MOVE || e[k].kind == CT_PARSE_AMBIGUOUS))
                continue;
            char name[5] = "?";
            if (m[k] != CT_NO_MOVE)
                ct_move_coord(m[k], name);
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s %s",
                                    len ? ", " : "", ct_notation_name(tries[k]),
                                    m[k] != CT_NO_MOVE ? name : "(ambiguous)");
            if (len >= sizeof list)
                break;
        }
        err->notation = CT_NOTATION_AUTO;
        return fail(err, CT_PARSE_CLASH,
                    "notations disagree (%s): choose the notation", list);
    }
    *err = e[best];
    return err->code;
}

ct_status ct_move_parse(const ct_pos *pos, const char *text, ct_notation n, ct_move *out,
                        ct_parse_error *err)
{
    ct_parse_error local;
    if (!err)
        err = &local;
    clear_error(err, n);
    *out = CT_NO_MOVE;
    if ((unsigned)n >= CT_NOTATION_COUNT)
        return fail(err, CT_PARSE_BAD_NOTATION, "unknown notation");
    if (!text)
        return fail(err, CT_PARSE_EMPTY, "no move given");
    folded f;
    if (!fold_text(text, &f))
        return fail(err, CT_PARSE_SYNTAX, "the text is too long for a move");
    if (f.len == 0)
        return fail(err, CT_PARSE_EMPTY, "no move given");
    ct_status st = n == CT_NOTATION_AUTO ? parse_auto(pos, text, &f, out, err)
                                         : parse_one(pos, text, &f, n, out, err);
    if (st != CT_OK)
        *out = CT_NO_MOVE;
    return st;
}
