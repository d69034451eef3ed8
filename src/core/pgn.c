/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — xiangqi PGN (spec §5.1): a lexer over UTF-8 text, a game parser that builds the
 * record tree while replaying the moves (each move token goes through the notation parser),
 * encoding detection for GBK / Big5 files, and the writer. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/movegen.h"
#include "cotuong/pgn.h"
#include "textbuf.h"

#define MAX_NESTING 64               /* variations inside variations */
#define MAX_PLIES (CT_MAX_HISTORY - 48) /* longest line we replay */
#define MAX_WORDS_PER_MOVE 5         /* Vietnamese long form: "Tốt 7 trước bình 6" */

/* ------------------------------------------------------------------ errors */

static void set_err(ct_pgn_error *err, int game, int line, const char *tok, size_t toklen,
                    const char *fmt, ...)
{
    if (!err)
        return;
    /* the warnings met so far stay */
    err->move_number = 0;
    err->black = false;
    err->token[0] = '\0';
    err->game = game;
    err->line = line;
    if (tok) {
        if (toklen > sizeof err->token - 1)
            toklen = sizeof err->token - 1;
        /* Cut on a UTF-8 character boundary. */
        while (toklen > 0 && toklen < strlen(tok) && ((unsigned char)tok[toklen] & 0xC0) == 0x80)
            toklen--;
        memcpy(err->token, tok, toklen);
        err->token[toklen] = '\0';
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

const char *ct_pgn_warning_text(int kind)
{
    static const char *const text[CT_PGN_WARN_COUNT] = {
        "tag value with unescaped or missing quotes (read up to the last '\"' before ']')",
        "stray character skipped",
        "no result (neither a Result tag nor one after the moves): read as '*'",
        "bytes invalid in the file's encoding (or mixed encodings): replaced by U+FFFD",
        "text after the last game that is no game: ignored",
        "comment or tag not closed at the end of the text",
        "control characters in a tag value or comment: replaced by spaces",
    };
    return kind >= 0 && kind < CT_PGN_WARN_COUNT ? text[kind] : "warning";
}

static void warn(ct_pgn_error *err, int kind, int game, int line)
{
    if (!err)
        return;
    if (err->nwarnings < CT_PGN_MAX_WARNINGS) {
        err->warning[err->nwarnings].kind = kind;
        err->warning[err->nwarnings].game = game;
        err->warning[err->nwarnings].line = line;
    }
    err->nwarnings++;
}

/* ------------------------------------------------------------------ lexer */

typedef enum { T_TAG, T_COMMENT, T_LPAREN, T_RPAREN, T_NAG, T_WORD } tok_type;

typedef struct {
    tok_type type;
    int line;
    const char *s; /* name (tag), text (comment, word) */
    size_t n;
    const char *v; /* tag value, raw (escapes kept) */
    size_t vn;
    int nag;
} token;

typedef struct {
    token *t;
    int n, cap;
} token_list;

static bool push_tok(token_list *l, token t)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 256;
        token *p = realloc(l->t, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        l->t = p;
        l->cap = cap;
    }
    l->t[l->n++] = t;
    return true;
}

static bool is_space_at(const char *p, const char *end, size_t *w)
{
    unsigned char c = (unsigned char)*p;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        *w = 1;
        return true;
    }
    /* U+3000 ideographic space and U+00A0 no-break space, common in Chinese files. */
    if (end - p >= 3 && c == 0xE3 && (unsigned char)p[1] == 0x80 && (unsigned char)p[2] == 0x80) {
        *w = 3;
        return true;
    }
    /* U+FFFD stands for bytes that could not be decoded: outside comments and tags it
     * separates words like a blank (the decoder already warned). */
    if (end - p >= 3 && c == 0xEF && (unsigned char)p[1] == 0xBF && (unsigned char)p[2] == 0xBD) {
        *w = 3;
        return true;
    }
    if (end - p >= 2 && c == 0xC2 && (unsigned char)p[1] == 0xA0) {
        *w = 2;
        return true;
    }
    return false;
}

static bool is_delim(char c)
{
    return c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' || c == ';' ||
           c == '"' || (unsigned char)c < 0x20 || c == 0x7F;
}

/* The value of a tag, *p just after its opening quote. Exact for a well-formed tag; for the
 * damage seen in real files, forgiving: unescaped quotes inside the value (the value runs
 * to the last '"' that is followed by ']'), a missing closing quote (up to the ']'), a
 * missing ']' (up to the end of the line). Each repair is a warning. Leaves *p after the
 * tag. */
static void lex_tag_value(const char **p, const char *end, token *t, bool quoted,
                          ct_pgn_error *err)
{
    const char *vs = *p, *eol = vs;
    while (eol < end && *eol != '\n')
        eol++;
    const char *close = NULL, *after = NULL; /* the closing quote, the byte after ']' */
    bool inner_quote = false;
    for (const char *q = vs; q < eol; q++) {
        if (*q == '\\' && q + 1 < eol) {
            q++;
            continue;
        }
        if (*q != '"')
            continue;
        const char *k = q + 1;
        while (k < eol && (*k == ' ' || *k == '\t'))
            k++;
        if (k < eol && *k == ']') {
            close = q;
            after = k + 1;
            break;
        }
        inner_quote = true;
    }
    if (close) {
        if (inner_quote)
            warn(err, CT_PGN_WARN_QUOTE_IN_TAG, 0, t->line);
    } else {
        /* no '"' before a ']': the value ends at the first ']' of the line, or the line */
        close = vs;
        while (close < eol && *close != ']')
            close++;
        after = close < eol ? close + 1 : eol;
        while (close > vs && (close[-1] == ' ' || close[-1] == '\t' || close[-1] == '\r'))
            close--;
        if (close > vs && close[-1] == '"')
            close--;
        if (quoted || close == eol)
            warn(err, CT_PGN_WARN_UNCLOSED, 0, t->line);
    }
    t->v = vs;
    t->vn = (size_t)(close - vs);
    *p = after;
}

static bool name_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* The lexer walks the text one token at a time, so memory holds one game's tokens, never
 * the whole file's. Damage never stops it: what it cannot read is skipped with a warning. */
typedef struct {
    const char *p, *end;
    int line;
    bool line_start;
    ct_pgn_error *err;
} lexer;

/* The next token into *t; false at the end of the text. */
static bool lex_next(lexer *lx, token *t)
{
    const char *p = lx->p, *end = lx->end;
    ct_pgn_error *err = lx->err;
    bool found = false;
    while (p < end && !found) {
        size_t w;
        if (*p == '\n') {
            lx->line++;
            lx->line_start = true;
            p++;
            continue;
        }
        if (is_space_at(p, end, &w)) {
            p += w;
            continue;
        }
        bool at_line_start = lx->line_start;
        lx->line_start = false;
        memset(t, 0, sizeof *t);
        t->line = lx->line;
        char c = *p;
        found = true;
        if (c == '%' && at_line_start) { /* escape line */
            while (p < end && *p != '\n')
                p++;
            found = false;
        } else if (c == ';') {
            const char *s0 = ++p;
            while (p < end && *p != '\n')
                p++;
            t->type = T_COMMENT;
            t->s = s0;
            t->n = (size_t)(p - s0);
        } else if (c == '{') {
            const char *s0 = ++p;
            while (p < end && *p != '}') {
                if (*p == '\n')
                    lx->line++;
                p++;
            }
            t->type = T_COMMENT;
            t->s = s0;
            t->n = (size_t)(p - s0);
            if (p == end) /* the comment runs to the end: keep it */
                warn(err, CT_PGN_WARN_UNCLOSED, 0, t->line);
            else
                p++;
        } else if (c == '(' || c == ')') {
            t->type = c == '(' ? T_LPAREN : T_RPAREN;
            t->s = p++;
            t->n = 1;
        } else if (c == '[') {
            p++;
            while (p < end && (*p == ' ' || *p == '\t'))
                p++;
            const char *ns = p;
            while (p < end && name_char(*p))
                p++;
            t->s = ns;
            t->n = (size_t)(p - ns);
            while (p < end && (*p == ' ' || *p == '\t'))
                p++;
            if (t->n == 0) {
                /* "[" that opens no tag: skipped to its ']' (or the end of the line) */
                warn(err, CT_PGN_WARN_STRAY, 0, t->line);
                while (p < end && *p != '\n' && *p != ']')
                    p++;
                if (p < end && *p == ']')
                    p++;
                found = false;
            } else {
                bool quoted = p < end && *p == '"';
                if (quoted)
                    p++;
                else /* [Name value]: the value without its quotes */
                    warn(err, CT_PGN_WARN_QUOTE_IN_TAG, 0, t->line);
                lex_tag_value(&p, end, t, quoted, err);
                t->type = T_TAG;
            }
        } else if (c == '$') {
            const char *s0 = p++;
            int v = 0;
            while (p < end && *p >= '0' && *p <= '9' && v < 1000)
                v = v * 10 + (*p++ - '0');
            if (p == s0 + 1 || v > 255) { /* not a glyph: skipped */
                warn(err, CT_PGN_WARN_STRAY, 0, t->line);
                found = false;
            } else {
                t->type = T_NAG;
                t->s = s0;
                t->n = (size_t)(p - s0);
                t->nag = v;
            }
        } else if (c == '}' || c == ']' || c == '"' || (unsigned char)c < 0x20 || c == 0x7F) {
            warn(err, CT_PGN_WARN_STRAY, 0, t->line);
            p++;
            found = false;
        } else {
            const char *s0 = p;
            while (p < end && !is_delim(*p) && !is_space_at(p, end, &w))
                p++;
            t->type = T_WORD;
            t->s = s0;
            t->n = (size_t)(p - s0);
        }
    }
    lx->p = p;
    return found;
}

/* ------------------------------------------------------------------ small helpers */

static bool word_is(const token *t, const char *s)
{
    return t->type == T_WORD && t->n == strlen(s) && !memcmp(t->s, s, t->n);
}

static bool result_word(const token *t, ct_result *res)
{
    if (word_is(t, "1-0"))
        *res = CT_RESULT_RED_WINS;
    else if (word_is(t, "0-1"))
        *res = CT_RESULT_BLACK_WINS;
    else if (word_is(t, "1/2-1/2") || word_is(t, "½-½"))
        *res = CT_RESULT_DRAW;
    else if (word_is(t, "*"))
        *res = CT_RESULT_NONE;
    else
        return false;
    return true;
}

static bool ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z')
            x += 32;
        if (y >= 'A' && y <= 'Z')
            y += 32;
        if (x != y)
            return false;
    }
    return !*a && !*b;
}

/* "12." or "12..." */
static bool number_word(const token *t)
{
    size_t k = 0;
    while (k < t->n && t->s[k] >= '0' && t->s[k] <= '9')
        k++;
    return k > 0 && k < t->n && t->s[k] == '.';
}

/* Annotation marks: "!" 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6; 0 if not one. */
static int mark_nag(const char *s, size_t n)
{
    static const char *const marks[] = {"", "!", "?", "!!", "??", "!?", "?!"};
    for (int i = 1; i < 7; i++)
        if (n == strlen(marks[i]) && !memcmp(s, marks[i], n))
            return i;
    return 0;
}

/* Unescaped copy of a tag value or trimmed copy of a comment (NULL on memory failure). */
static char *tag_value(const token *t)
{
    char *v = malloc(t->vn + 1), *o = v;
    if (!v)
        return NULL;
    for (size_t i = 0; i < t->vn; i++) {
        if (t->v[i] == '\\' && i + 1 < t->vn)
            i++;
        /* control characters become spaces, as the record stores them */
        *o++ = ((unsigned char)t->v[i] < 0x20 || t->v[i] == 0x7F) ? ' ' : t->v[i];
    }
    *o = '\0';
    return v;
}

static char *trimmed(const char *s, size_t n)
{
    while (n > 0 && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')) {
        s++;
        n--;
    }
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        n--;
    char *c = malloc(n + 1);
    if (c) {
        /* a NUL inside a comment must not cut the rest of it off */
        for (size_t i = 0; i < n; i++)
            c[i] = s[i] ? s[i] : ' ';
        c[n] = '\0';
    }
    return c;
}

/* ------------------------------------------------------------------ moves */

/* ICCS ("H2-E2") and coordinates ("h2e2") are read here, both forms for either notation. */
static ct_status parse_coord_move(const ct_pos *pos, const char *text, ct_move *mv, char *why,
                                  size_t whysize)
{
    char c[8];
    size_t k = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '-' && k == 2)
            continue;
        if (k >= 4) {
            k = 5;
            break;
        }
        char ch = *p;
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch + 32);
        c[k++] = ch;
    }
    c[k < 5 ? k : 4] = '\0';
    ct_move m = k == 4 ? ct_move_parse_coord(c) : CT_NO_MOVE;
    if (m == CT_NO_MOVE) {
        snprintf(why, whysize, "not a move in coordinate/ICCS form");
        return CT_ERR_SYNTAX;
    }
    if (!ct_is_legal(pos, m)) {
        static const char *const reasons[] = {
            "legal", "no piece on the from-square", "not the mover's piece",
            "own piece on the to-square", "the piece cannot move so", "the horse's leg is blocked",
            "the elephant's eye is blocked", "across the river", "out of the palace",
            "the path is blocked", "cannon capture needs exactly one screen",
            "pawn moving backwards", "leaves the king in check", "leaves the kings facing",
        };
        unsigned r = (unsigned)ct_why_illegal(pos, m);
        snprintf(why, whysize, "illegal move: %s",
                 r < sizeof reasons / sizeof reasons[0] ? reasons[r] : "rule");
        return CT_ERR_ILLEGAL;
    }
    *mv = m;
    return CT_OK;
}

static ct_status parse_one(const ct_pos *pos, const char *text, ct_notation n, ct_move *mv,
                           char *why, size_t whysize)
{
    if (n == CT_NOTATION_ICCS || n == CT_NOTATION_COORD)
        return parse_coord_move(pos, text, mv, why, whysize);
    ct_parse_error pe;
    memset(&pe, 0, sizeof pe);
    ct_status st = ct_move_parse(pos, text, n, mv, &pe);
    if (st != CT_OK && pe.kind == CT_PARSE_WRONG_SIDE && pe.move != CT_NO_MOVE) {
        /* Files are read leniently: some writers put ASCII digits in Red's moves too. */
        *mv = pe.move;
        return CT_OK;
    }
    if (st != CT_OK) {
        snprintf(why, whysize, "%s", pe.message[0] ? pe.message : ct_parse_kind_name(pe.kind));
        return st == CT_ERR_SYNTAX ? CT_ERR_SYNTAX : CT_ERR_ILLEGAL;
    }
    return CT_OK;
}

/* ------------------------------------------------------------------ tags */

static bool format_notation(const char *v, ct_notation *n)
{
    static const struct {
        const char *name;
        ct_notation n;
    } f[] = {
        {"ICCS", CT_NOTATION_ICCS},        {"UCCI", CT_NOTATION_COORD},
        {"Coord", CT_NOTATION_COORD},      {"Coordinates", CT_NOTATION_COORD},
        {"WXF", CT_NOTATION_WXF},          {"Vietnamese", CT_NOTATION_VI},
        {"VI", CT_NOTATION_VI},            {"vi-long", CT_NOTATION_VI_LONG},
        {"Chinese", CT_NOTATION_ZH},       {"ZH", CT_NOTATION_ZH},
        {"zh-hant", CT_NOTATION_ZH_HANT},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (ieq(v, f[i].name)) {
            *n = f[i].n;
            return true;
        }
    return false;
}

/* ------------------------------------------------------------------ one game */

typedef struct {
    const token *t;
    int start, end;  /* token range of the game (tags and movetext) */
    int game;        /* 1-based */
    ct_pos *pos;     /* scratch position */
} game_src;

typedef struct {
    int cur, last;
} frame;

/* True when s holds a control character (C0 but tab and newline, DEL, C1 as UTF-8). */
static bool has_control(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F ||
            (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 &&
             (unsigned char)s[i + 1] <= 0x9F))
            return true;
    }
    return false;
}

static ct_status append_comment(ct_record *r, int node, const token *tk)
{
    char *c = trimmed(tk->s, tk->n);
    if (!c)
        return CT_ERR_FULL;
    ct_status st = CT_OK;
    if (*c) {
        const char *old = ct_record_comment(r, node);
        if (old) {
            size_t a = strlen(old), b = strlen(c);
            char *j = malloc(a + b + 2);
            if (!j) {
                free(c);
                return CT_ERR_FULL;
            }
            memcpy(j, old, a);
            j[a] = ' ';
            memcpy(j + a + 1, c, b + 1);
            st = ct_record_set_comment(r, node, j);
            free(j);
        } else {
            st = ct_record_set_comment(r, node, c);
        }
    }
    free(c);
    return st;
}

/* Does the game say it is cờ úp ([Variant "Jieqi"], wherever among its tags)? Its FEN is then
 * the cờ úp reader's (coup_pgn.h), not one to refuse here. */
static bool tagged_coup(const game_src *g)
{
    for (int i = g->start; i < g->end && g->t[i].type == T_TAG; i++) {
        const token *tk = &g->t[i];
        if (tk->n != 7 || memcmp(tk->s, "Variant", 7))
            continue;
        char *v = tag_value(tk);
        bool yes = v && ieq(v, CT_PGN_COUP_VARIANT);
        free(v);
        if (yes)
            return true;
    }
    return false;
}

/* Reads the tags of a game into r; returns the index of the first movetext token.
 * *fmt_known says whether a Format tag fixed the notation (*fmt). */
static ct_status read_tags(const game_src *g, ct_record *r, int *first, ct_notation *fmt,
                           bool *fmt_known, bool *has_result_tag, int *coup_line,
                           ct_pgn_error *err)
{
    int i = g->start;
    *coup_line = 0;
    *fmt_known = false;
    *has_result_tag = false;
    for (; i < g->end && g->t[i].type == T_TAG; i++) {
        const token *tk = &g->t[i];
        char name[64];
        if (tk->n >= sizeof name) {
            set_err(err, g->game, tk->line, tk->s, tk->n, "tag name too long");
            return CT_ERR_SYNTAX;
        }
        memcpy(name, tk->s, tk->n);
        name[tk->n] = '\0';
        if (has_control(tk->v, tk->vn))
            warn(err, CT_PGN_WARN_CONTROL, g->game, tk->line);
        char *v = tag_value(tk);
        if (!v)
            return CT_ERR_FULL;
        ct_status st = CT_OK;
        if (!strcmp(name, "FEN")) {
            ct_fen_error fe;
            memset(&fe, 0, sizeof fe);
            if (ct_record_set_start(r, v, &fe) != CT_OK) {
                if (tagged_coup(g)) {
                    *coup_line = tk->line; /* a cờ úp position: read_game says so */
                } else {
                    set_err(err, g->game, tk->line, v, strlen(v), "bad FEN (field %d): %s", fe.field,
                            fe.message);
                    st = CT_ERR_INVALID;
                }
            }
        } else if (!strcmp(name, "Format")) {
            *fmt_known = format_notation(v, fmt);
        } else if (!strcmp(name, "Result")) {
            ct_result res;
            *has_result_tag = true;
            r->result = ct_result_parse(v, &res) == CT_OK ? res : CT_RESULT_NONE;
        } else if (!strcmp(name, "Termination")) {
            ct_end_reason te;
            /* the last Termination tag wins, whether it is a known reason or not */
            if (ct_termination_parse(v, &te) == CT_OK) {
                r->termination = te;
                st = ct_record_set_tag(r, name, NULL);
            } else {
                r->termination = CT_END_NONE;
                st = ct_record_set_tag(r, name, v);
            }
        } else if (!strcmp(name, "Variant") && ieq(v, CT_PGN_COUP_VARIANT)) {
            /* A cờ úp record (coup_pgn.h): kept as a tag; read_game refuses its moves */
            *coup_line = tk->line;
            st = ct_record_set_tag(r, name, v);
        } else if (!strcmp(name, "Game") && !strcmp(v, "Chinese Chess")) {
            /* the default, written first by the writer */
        } else {
            st = ct_record_set_tag(r, name, v);
        }
        free(v);
        if (st != CT_OK)
            return st;
    }
    ct_record_sort_tags(r);
    *first = i;
    return CT_OK;
}

/* Parses the movetext of one game in notation n. On a bad move, *plies scores how far it
 * got (to choose the best notation when the Format tag is absent). */
static ct_status read_moves(const game_src *g, int first, ct_notation n, bool has_result_tag,
                            ct_record *r, int *plies, ct_pgn_error *err)
{
    ct_pos *pos = g->pos;
    frame stack[MAX_NESTING];
    int depth = 0;
    int cur = CT_ROOT, last = CT_NO_NODE;
    ct_status st;
    char why[200];
    char text[256];

    *plies = 0;
    ct_record_start_position(r, pos);
    for (int i = first; i < g->end; i++) {
        const token *tk = &g->t[i];
        ct_result res;
        switch (tk->type) {
        case T_TAG:
            set_err(err, g->game, tk->line, tk->s, tk->n, "tag inside the movetext");
            return CT_ERR_SYNTAX;
        case T_COMMENT:
            if (has_control(tk->s, tk->n))
                warn(err, CT_PGN_WARN_CONTROL, g->game, tk->line);
            if ((st = append_comment(r, last != CT_NO_NODE ? last : cur, tk)) != CT_OK)
                return st;
            continue;
        case T_NAG:
            if (last != CT_NO_NODE)
                ct_record_set_nag(r, last, tk->nag);
            continue;
        case T_LPAREN:
            if (last == CT_NO_NODE) {
                set_err(err, g->game, tk->line, "(", 1, "variation before any move");
                return CT_ERR_SYNTAX;
            }
            if (depth == MAX_NESTING) {
                set_err(err, g->game, tk->line, "(", 1, "variations nested too deeply");
                return CT_ERR_SYNTAX;
            }
            stack[depth].cur = cur;
            stack[depth].last = last;
            depth++;
            cur = ct_record_parent(r, last);
            last = CT_NO_NODE;
            if ((st = ct_record_position(r, cur, pos)) != CT_OK)
                return st;
            continue;
        case T_RPAREN:
            if (depth == 0) {
                set_err(err, g->game, tk->line, ")", 1, "')' without a variation to close");
                return CT_ERR_SYNTAX;
            }
            depth--;
            cur = stack[depth].cur;
            last = stack[depth].last;
            if ((st = ct_record_position(r, cur, pos)) != CT_OK)
                return st;
            continue;
        case T_WORD:
            break;
        }
        /* Words: result, move number, annotation mark, or a move. */
        if (result_word(tk, &res)) {
            if (depth == 0 && !has_result_tag)
                r->result = res;
            continue;
        }
        size_t k = 0;
        while (k < tk->n && tk->s[k] >= '0' && tk->s[k] <= '9')
            k++;
        size_t dots = 0;
        while (k + dots < tk->n && tk->s[k + dots] == '.')
            dots++;
        if ((k > 0 && k + dots == tk->n) || word_is(tk, "...") || word_is(tk, "…"))
            continue; /* "12." "12..." "..." and a number without its dot: no move is that */
        int nag = mark_nag(tk->s, tk->n);
        if (nag) {
            if (last != CT_NO_NODE)
                ct_record_set_nag(r, last, nag);
            continue;
        }
        /* A move, maybe glued to its number ("1.h2e2") or followed by marks ("h2e2!?").
         * Try the word as it is first: WXF pawn moves such as "33.4" start with digits. */
        size_t skip = (k > 0 && dots > 0) ? k + dots : 0;
        if (tk->n >= sizeof text - 8) {
            set_err(err, g->game, tk->line, tk->s, tk->n, "word too long for a move");
            if (err) {
                err->move_number = pos->fullmove;
                err->black = pos->side == CT_BLACK;
            }
            return CT_ERR_ILLEGAL;
        }
        if (pos->ply >= MAX_PLIES) {
            set_err(err, g->game, tk->line, tk->s, tk->n, "line too long (over %d plies)",
                    MAX_PLIES);
            if (err) {
                err->move_number = pos->fullmove;
                err->black = pos->side == CT_BLACK;
            }
            return CT_ERR_FULL;
        }
        ct_move mv = CT_NO_MOVE;
        int used_words = 1;
        int mark = 0;
        st = CT_ERR_SYNTAX;
        for (int attempt = 0; attempt < 2 && st != CT_OK; attempt++) {
            size_t off = attempt == 0 ? 0 : skip;
            if (attempt == 1 && skip == 0)
                break;
            size_t len = tk->n - off;
            memcpy(text, tk->s + off, len);
            text[len] = '\0';
            /* trailing annotation marks ("h2e2!?") */
            mark = 0;
            size_t run = 0;
            while (run < len && (text[len - 1 - run] == '!' || text[len - 1 - run] == '?'))
                run++;
            if (run > 0 && run < len && (mark = mark_nag(text + len - run, run)) != 0)
                text[len - run] = '\0';
            ct_status s1 = parse_one(pos, text, n, &mv, why, sizeof why);
            if (s1 != CT_OK && (n == CT_NOTATION_VI || n == CT_NOTATION_VI_LONG)) {
                /* Long Vietnamese moves span several words. */
                size_t tl = strlen(text);
                char why2[200];
                for (int w = 1; w < MAX_WORDS_PER_MOVE && i + w < g->end; w++) {
                    const token *nx = &g->t[i + w];
                    ct_result r2;
                    if (nx->type != T_WORD || tl + 1 + nx->n >= sizeof text ||
                        result_word(nx, &r2) || number_word(nx))
                        break;
                    text[tl++] = ' ';
                    memcpy(text + tl, nx->s, nx->n);
                    tl += nx->n;
                    text[tl] = '\0';
                    ct_move m2;
                    ct_status s2 = parse_one(pos, text, n, &m2, why2, sizeof why2);
                    if (s2 == CT_OK) {
                        mv = m2;
                        s1 = CT_OK;
                        used_words = w + 1;
                        break;
                    }
                    if (s2 == CT_ERR_ILLEGAL && s1 == CT_ERR_SYNTAX) {
                        memcpy(why, why2, sizeof why);
                        s1 = s2;
                    }
                }
            }
            if (attempt == 0 || st == CT_ERR_SYNTAX)
                st = s1;
            else if (s1 == CT_OK)
                st = CT_OK;
        }
        if (st != CT_OK) {
            set_err(err, g->game, tk->line, tk->s, tk->n, "%s", why);
            if (err) {
                err->move_number = pos->fullmove;
                err->black = pos->side == CT_BLACK;
            }
            /* For choosing among notations: further is better, and at the same move a
             * token that is a move of this notation (but illegal) beats one that is not. */
            *plies = *plies * 2 + (st == CT_ERR_SYNTAX ? 0 : 1);
            return CT_ERR_ILLEGAL;
        }
        int child;
        if ((st = ct_record_add_move_unchecked(r, cur, mv, &child)) != CT_OK)
            return st;
        ct_pos_make(pos, mv);
        cur = last = child;
        if (mark)
            ct_record_set_nag(r, child, mark);
        i += used_words - 1;
        (*plies)++;
    }
    if (depth > 0) {
        set_err(err, g->game, g->t[g->end - 1].line, "(", 1, "variation not closed with ')'");
        return CT_ERR_SYNTAX;
    }
    return CT_OK;
}

/* Notations tried, in order, when no Format tag names one. */
static const ct_notation guess_order[] = {
    CT_NOTATION_ZH, CT_NOTATION_ICCS, CT_NOTATION_VI, CT_NOTATION_WXF,
};

/* "h2h9=B", "h2-h9=b", "+h2h9=B": a cờ úp move with its reveal (coup_pgn.h, and the
 * Python project's '+' the spec mentions). */
static bool coup_move_text(const char *t)
{
    if (*t == '+')
        t++;
    if (t[0] < 'a' || t[0] > 'i' || t[1] < '0' || t[1] > '9')
        return false;
    t += 2;
    if (*t == '-')
        t++;
    if (t[0] < 'a' || t[0] > 'i' || t[1] < '0' || t[1] > '9' || t[2] != '=')
        return false;
    return t[3] && strchr("ABNRCPabnrcp", t[3]) && !t[4];
}

static ct_status read_moves_guessing(const game_src *g, ct_record *r, int first,
                                     ct_notation fmt, bool fmt_known, bool has_result_tag,
                                     ct_pgn_error *err);

/* A game: its tags, then its moves. A cờ úp record ([Variant "Jieqi"]) with moves is
 * refused as such, whatever its moves (its reveals are no cờ tướng moves); one without
 * moves (the resume file of a cờ úp game keeps them in a tag of its own) reads. */
static ct_status read_game(const game_src *g, ct_record *r, ct_pgn_error *err)
{
    int first, coup_line;
    ct_notation fmt = CT_NOTATION_ZH;
    bool fmt_known, has_result_tag;
    ct_status st = read_tags(g, r, &first, &fmt, &fmt_known, &has_result_tag, &coup_line, err);
    if (st != CT_OK)
        return st;
    st = read_moves_guessing(g, r, first, fmt, fmt_known, has_result_tag, err);
    if (coup_line && (st != CT_OK || ct_record_first_child(r, CT_ROOT) != CT_NO_NODE)) {
        set_err(err, g->game, coup_line, CT_PGN_COUP_VARIANT, strlen(CT_PGN_COUP_VARIANT), "%s",
                CT_PGN_COUP_MESSAGE);
        return CT_ERR_UNSUPPORTED;
    }
    return st;
}

static ct_status read_moves_guessing(const game_src *g, ct_record *r, int first,
                                     ct_notation fmt, bool fmt_known, bool has_result_tag,
                                     ct_pgn_error *err)
{
    ct_status st;
    if (fmt_known) {
        int plies;
        return read_moves(g, first, fmt, has_result_tag, r, &plies, err);
    }
    /* No usable Format tag: try each notation on the whole game; keep the one that reads
     * everything, or report the error of the attempt that got furthest. */
    ct_record tags;
    if ((st = ct_record_copy(&tags, r)) != CT_OK)
        return st;
    int best = -1;
    /* each attempt starts from the warnings met so far */
    ct_pgn_error start_err;
    if (err)
        start_err = *err;
    else
        memset(&start_err, 0, sizeof start_err);
    ct_pgn_error best_err = start_err;
    ct_status best_st = CT_ERR_ILLEGAL;
    for (size_t k = 0; k < sizeof guess_order / sizeof guess_order[0]; k++) {
        ct_pgn_error e = start_err;
        int plies = 0;
        ct_record_free(r);
        if ((st = ct_record_copy(r, &tags)) != CT_OK)
            break;
        st = read_moves(g, first, guess_order[k], has_result_tag, r, &plies, &e);
        if (st == CT_OK) {
            if (err)
                *err = e; /* with the warnings of the movetext */
            break;
        }
        if (st != CT_ERR_ILLEGAL) { /* syntax errors do not depend on the notation */
            if (err)
                *err = e;
            break;
        }
        if (plies > best) {
            best = plies;
            best_err = e;
            best_st = st;
        }
    }
    ct_record_free(&tags);
    if (st == CT_OK)
        return CT_OK;
    if (st == CT_ERR_ILLEGAL) {
        st = best_st;
        if (err)
            *err = best_err;
        if (err && coup_move_text(err->token)) {
            /* No Variant tag, but a move with what it turned face up: cờ úp all the same. */
            snprintf(err->message, sizeof err->message, "%s", CT_PGN_COUP_MESSAGE);
            st = CT_ERR_UNSUPPORTED;
        }
    } else if (err && st == CT_ERR_FULL && !err->message[0]) {
        set_err(err, g->game, 0, NULL, 0, "out of memory");
    }
    return st;
}

/* ------------------------------------------------------------------ whole text */

/* Warnings the lexer gave before the game number was known belong to game `game` when they
 * lie on or before its last line. */
static void assign_warnings(ct_pgn_error *err, int game, int last_line)
{
    if (!err)
        return;
    for (int k = 0; k < err->nwarnings && k < CT_PGN_MAX_WARNINGS; k++)
        if (err->warning[k].game == 0 && err->warning[k].line <= last_line)
            err->warning[k].game = game;
}

static bool has_tag(const token_list *tl, const char *name)
{
    for (int k = 0; k < tl->n && tl->t[k].type == T_TAG; k++)
        if (tl->t[k].n == strlen(name) && !memcmp(tl->t[k].s, name, tl->t[k].n))
            return true;
    return false;
}

static ct_status read_text(const char *text, size_t len, ct_record **games, int *ngames,
                           ct_pgn_error *err)
{
    token_list tl = {0};
    lexer lx = {text, text + len, 1, true, err};
    ct_status st = CT_OK;
    ct_record *out = NULL;
    int n = 0, cap = 0;
    ct_pos *pos = malloc(sizeof *pos);
    if (!pos)
        st = CT_ERR_FULL;
    token t;
    bool have = lex_next(&lx, &t);
    while (st == CT_OK && have) {
        /* 1. A game: its tags, then movetext up to a result at the top level, the next
         *    tag, or the end. Only this game's tokens are held. */
        tl.n = 0;
        bool ended = false;
        while (have && t.type == T_TAG && st == CT_OK) {
            if (!push_tok(&tl, t))
                st = CT_ERR_FULL;
            have = lex_next(&lx, &t);
        }
        int level = 0;
        while (have && t.type != T_TAG && st == CT_OK) {
            ct_result res;
            if (!push_tok(&tl, t)) {
                st = CT_ERR_FULL;
                break;
            }
            if (t.type == T_LPAREN)
                level++;
            else if (t.type == T_RPAREN && level > 0)
                level--;
            else if (level == 0 && result_word(&t, &res))
                ended = true;
            have = lex_next(&lx, &t);
            if (ended)
                break;
        }
        if (st != CT_OK)
            break;
        /* 2. Comments alone (or nothing) do not make a game. */
        bool content = false;
        for (int k = 0; k < tl.n && !content; k++)
            content = tl.t[k].type != T_COMMENT;
        if (!content)
            continue;
        if (n == cap) {
            int c2 = cap ? cap * 2 : 4;
            ct_record *p = realloc(out, (size_t)c2 * sizeof *p);
            if (!p) {
                st = CT_ERR_FULL;
                break;
            }
            out = p;
            cap = c2;
        }
        ct_record_init(&out[n]);
        n++;
        int last_line = tl.t[tl.n - 1].line;
        game_src g = {tl.t, 0, tl.n, n, pos};
        ct_pgn_error ge;
        if (err)
            ge = *err;
        st = read_game(&g, &out[n - 1], err ? &ge : NULL);
        /* 3. Text without tags after a game that reads as no game is junk between or
         *    after games (a signature, a forum footer): dropped with a warning. */
        if (st != CT_OK && st != CT_ERR_FULL && n > 1 && tl.t[0].type != T_TAG) {
            ct_record_free(&out[--n]);
            warn(err, CT_PGN_WARN_TRAILING, n, tl.t[0].line);
            st = CT_OK;
            continue;
        }
        if (err)
            *err = ge;
        if (st != CT_OK)
            break;
        assign_warnings(err, n, last_line);
        if (!ended && !has_tag(&tl, "Result"))
            warn(err, CT_PGN_WARN_NO_RESULT, n, last_line);
    }
    free(pos);
    free(tl.t);
    if (st == CT_OK && n == 0) {
        set_err(err, 0, 0, NULL, 0, "no game found");
        st = CT_ERR_NOT_FOUND;
    }
    if (st != CT_OK) {
        if (st == CT_ERR_FULL && err && !err->message[0])
            set_err(err, n, 0, NULL, 0, "out of memory");
        ct_pgn_free_games(out, n);
        return st;
    }
    *games = out;
    *ngames = n;
    return CT_OK;
}

/* Characters frequent in game headers and comments, in both scripts: a tie-break between
 * GBK and Big5 when both decodings read legal moves (e.g. ICCS movetext). */
static int plausibility(const ct_record *g, int n)
{
    static const char *const common[] = {
        "的", "一", "是", "不", "人", "在", "有", "年", "月", "日", "象", "棋", "赛", "賽",
        "红", "紅", "黑", "先", "胜", "勝", "负", "負", "和", "局", "中", "国", "國", "杯",
        "第", "轮", "輪", "队", "隊", "马", "馬", "车", "車", "炮", "兵", "卒", "将", "將",
        "帅", "帥", "士", "相", "进", "進", "退", "平", "大", "师", "師", "全", "个", "個",
        "杨", "王", "李", "张", "張", "刘", "劉", "陈", "陳", "赵", "趙", "吕", "呂", "许", "許",
        "对", "對", "手", "着", "著", "走", "以", "这", "這", "为", "為", "上", "下", "了",
    };
    int score = 0;
    for (int k = 0; k < n; k++) {
        const ct_record *r = &g[k];
        for (int t = 0; t < r->ntags; t++)
            for (size_t c = 0; c < sizeof common / sizeof common[0]; c++)
                for (const char *p = r->tags[t].value; (p = strstr(p, common[c])); p++)
                    score++;
        for (int i = 0; i < r->nnodes; i++)
            if (r->nodes[i].comment)
                for (size_t c = 0; c < sizeof common / sizeof common[0]; c++)
                    for (const char *p = r->nodes[i].comment; (p = strstr(p, common[c])); p++)
                        score++;
    }
    return score;
}

/* True when some line holds a 3-byte UTF-8 character (Hán, Vietnamese) and is valid
 * UTF-8 as a whole: legacy-encoded lines practically never are. */
static bool has_utf8_line(const char *buf, size_t len)
{
    for (size_t i = 0; i < len;) {
        size_t e = i;
        bool wide = false;
        while (e < len && buf[e] != '\n') {
            wide |= ((unsigned char)buf[e] & 0xF0) == 0xE0;
            e++;
        }
        if (wide && ct_utf8_valid(buf + i, e - i))
            return true;
        i = e + 1;
    }
    return false;
}

ct_status ct_pgn_read(const char *buf, size_t len, ct_encoding enc, ct_record **games,
                      int *ngames, ct_encoding *used_enc, ct_pgn_error *err)
{
    *games = NULL;
    *ngames = 0;
    if (err)
        memset(err, 0, sizeof *err);
    /* UTF-8 byte order mark */
    if (len >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3) && enc != CT_ENC_GBK && enc != CT_ENC_BIG5) {
        buf += 3;
        len -= 3;
    }
    ct_encoding tries[2];
    int ntries = 0;
    bool mixed = enc == CT_ENC_AUTO && has_utf8_line(buf, len) && !ct_utf8_valid(buf, len);
    if (enc == CT_ENC_AUTO) {
        if (ct_utf8_valid(buf, len)) {
            tries[ntries++] = CT_ENC_UTF8;
        } else {
            tries[ntries++] = CT_ENC_GBK;
            tries[ntries++] = CT_ENC_BIG5;
        }
    } else {
        tries[ntries++] = enc;
    }
    ct_record *got[2] = {NULL, NULL};
    int ngot[2] = {0, 0};
    ct_status st[2] = {CT_ERR_SYNTAX, CT_ERR_SYNTAX};
    ct_pgn_error e[2];
    memset(e, 0, sizeof e);
    for (int k = 0; k < ntries; k++) {
        char *text = NULL;
        size_t tl = 0;
        /* UTF-8 lines beside legacy ones: a whole-file decoding would garble one kind */
        st[k] = mixed ? CT_ERR_SYNTAX : ct_encoding_to_utf8(buf, len, tries[k], &text, &tl);
        if (st[k] != CT_OK) {
            set_err(&e[k], 0, 0, NULL, 0,
                    st[k] == CT_ERR_UNSUPPORTED ? "encoding %s is not supported by iconv"
                                                : "the text is not valid %s",
                    ct_encoding_name(tries[k]));
            if (st[k] == CT_ERR_SYNTAX)
                st[k] = CT_ERR_UNSUPPORTED;
            continue;
        }
        st[k] = read_text(text, tl, &got[k], &ngot[k], &e[k]);
        free(text);
    }
    int pick = 0;
    if (ntries == 2 && st[0] == CT_ERR_UNSUPPORTED && st[1] == CT_ERR_UNSUPPORTED) {
        set_err(&e[0], 0, 0, NULL, 0, "the text is not valid UTF-8, GBK or Big5");
    } else if (ntries == 2) {
        if (st[0] != CT_OK && st[1] == CT_OK)
            pick = 1;
        else if (st[0] == CT_OK && st[1] == CT_OK)
            pick = plausibility(got[1], ngot[1]) > plausibility(got[0], ngot[0]) ? 1 : 0;
        else if (st[0] != CT_OK && st[1] != CT_OK) {
            /* Report the decoding that read further. */
            if (st[0] == CT_ERR_UNSUPPORTED ||
                (st[1] != CT_ERR_UNSUPPORTED &&
                 (e[1].game > e[0].game || (e[1].game == e[0].game && e[1].line > e[0].line))))
                pick = 1;
        }
    }
    for (int k = 0; k < ntries; k++)
        if (k != pick)
            ct_pgn_free_games(got[k], ngot[k]);
    /* Nothing read as a whole: a file that mixes encodings, or bytes invalid in all of
     * them. Decode line by line (UTF-8 lines as they are, the others from the legacy
     * encoding, bad bytes as U+FFFD) and keep the first decoding that reads. */
    for (int k = 0; k < ntries && st[pick] != CT_OK; k++) {
        if (tries[k] == CT_ENC_UTF8 && ct_utf8_valid(buf, len))
            continue; /* the same text again */
        char *text = NULL;
        size_t tl = 0, bad = 0;
        if (ct_encoding_to_utf8_lossy(buf, len, tries[k], &text, &tl, &bad) != CT_OK)
            break;
        ct_pgn_error le;
        memset(&le, 0, sizeof le);
        warn(&le, CT_PGN_WARN_ENCODING, 0, 0);
        ct_record *lg = NULL;
        int nl = 0;
        if (read_text(text, tl, &lg, &nl, &le) == CT_OK) {
            pick = k;
            st[k] = CT_OK;
            got[k] = lg;
            ngot[k] = nl;
            e[k] = le;
        }
        free(text);
    }
    if (used_enc)
        *used_enc = tries[pick];
    if (err)
        *err = e[pick];
    if (st[pick] != CT_OK)
        return st[pick];
    *games = got[pick];
    *ngames = ngot[pick];
    return CT_OK;
}

void ct_pgn_free_games(ct_record *games, int ngames)
{
    for (int i = 0; i < ngames; i++)
        ct_record_free(&games[i]);
    free(games);
}

/* ------------------------------------------------------------------ writer */

typedef ct_textbuf sbuf;

static void put(sbuf *b, const char *s, size_t n)
{
    ct_textbuf_put(b, s, n);
}

static void puts_(sbuf *b, const char *s)
{
    ct_textbuf_puts(b, s);
}

/* A separator before the next token: nothing at a line start. */
static void sep(sbuf *b)
{
    if (b->col > 0 && b->n > 0 && b->s[b->n - 1] != ' ' && b->s[b->n - 1] != '(')
        put(b, " ", 1);
}

static void put_comment(sbuf *b, const char *c)
{
    sep(b);
    put(b, "{", 1);
    for (const char *p = c; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        if ((ch < 0x20 && ch != '\n' && ch != '\t') || ch == 0x7F ||
            (ch == 0xC2 && (unsigned char)p[1] >= 0x80 && (unsigned char)p[1] <= 0x9F && p++))
            put(b, " ", 1); /* nothing that drives a terminal reaches a file */
        else
            put(b, ch == '}' ? ")" : p, 1);
    }
    put(b, "}", 1);
}

static int render(const ct_pos *pos, ct_move mv, ct_notation n, char *buf, size_t size)
{
    if (!ct_is_legal(pos, mv))
        return -1;
    if (n == CT_NOTATION_ICCS || n == CT_NOTATION_COORD) {
        char c[5];
        ct_move_coord(mv, c);
        if (n == CT_NOTATION_COORD)
            return snprintf(buf, size, "%s", c);
        return snprintf(buf, size, "%c%c-%c%c", c[0] - 32, c[1], c[2] - 32, c[3]);
    }
    return ct_move_render(pos, mv, n, buf, size);
}

typedef struct {
    const ct_record *r;
    ct_notation n;
    ct_pos *pos;
    sbuf *b;
} writer;

/* Writes the line that starts with node (and continues through first children). The
 * alternatives of a node are written after it, unless it is itself the start of a
 * variation (its siblings belong to the enclosing level). pos is at node's parent and is
 * restored on return. */
static ct_status write_line(writer *w, int node, int level, bool variation_start)
{
    const ct_record *r = w->r;
    ct_pos *pos = w->pos;
    sbuf *b = w->b;
    int made = 0;
    bool need_number = true;
    ct_status st = CT_OK;
    char text[CT_MOVE_TEXT_MAX + 16];
    for (int nd = node; nd != CT_NO_NODE && st == CT_OK; nd = r->nodes[nd].first_child) {
        const ct_node *x = &r->nodes[nd];
        if (pos->ply >= CT_MAX_HISTORY - 2) {
            st = CT_ERR_FULL;
            break;
        }
        if (render(pos, x->move, w->n, text, sizeof text) < 0) {
            st = CT_ERR_ILLEGAL;
            break;
        }
        char num[32];
        if (pos->side == CT_RED) {
            snprintf(num, sizeof num, "%d.", pos->fullmove);
            sep(b);
            puts_(b, num);
        } else if (need_number) {
            snprintf(num, sizeof num, "%d...", pos->fullmove);
            sep(b);
            puts_(b, num);
        }
        sep(b);
        puts_(b, text);
        if (x->nag) {
            snprintf(num, sizeof num, " $%d", x->nag);
            puts_(b, num);
        }
        need_number = false;
        if (x->comment) {
            put_comment(b, x->comment);
            need_number = true;
        }
        bool black_moved = pos->side == CT_BLACK;
        /* Alternatives to this move. */
        if (!(nd == node && variation_start) && x->next_sibling != CT_NO_NODE) {
            if (level + 1 > MAX_NESTING * 4) {
                st = CT_ERR_FULL;
                break;
            }
            for (int s = x->next_sibling; s != CT_NO_NODE && st == CT_OK;
                 s = r->nodes[s].next_sibling) {
                sep(b);
                put(b, "(", 1);
                st = write_line(w, s, level + 1, true);
                put(b, ")", 1);
            }
            need_number = true;
        }
        ct_pos_make(pos, x->move);
        made++;
        if (level == 0 && black_moved && x->first_child != CT_NO_NODE)
            put(b, "\n", 1);
    }
    while (made-- > 0)
        ct_pos_unmake(pos);
    return st;
}

ct_status ct_pgn_write(const ct_record *r, ct_notation n, char **out, size_t *out_len)
{
    *out = NULL;
    if (out_len)
        *out_len = 0;
    if (n == CT_NOTATION_AUTO || (unsigned)n >= CT_NOTATION_COUNT)
        n = CT_NOTATION_ICCS;
    if (!r->nodes)
        return CT_ERR_FULL;
    sbuf b = {0};
    writer w = {r, n, malloc(sizeof(ct_pos)), &b};
    if (!w.pos)
        return CT_ERR_FULL;
    /* 1. Tags in xqbase order, then the others. */
    const char *name;
    for (int o = 0; (name = ct_record_tag_order(o)); o++) {
        const char *v = ct_record_tag(r, name);
        if (!strcmp(name, "Game")) {
            ct_textbuf_tag(&b, name, v ? v : "Chinese Chess");
        } else if (!strcmp(name, "Result")) {
            ct_textbuf_tag(&b, name, ct_result_string(r->result));
        } else if (!strcmp(name, "FEN")) {
            if (r->has_fen)
                ct_textbuf_tag(&b, name, r->start_fen);
        } else if (!strcmp(name, "Format")) {
            static const char *const fmt[CT_NOTATION_COUNT] = {
                "UCCI", "ICCS", "Vietnamese", "Vietnamese", "WXF", NULL, NULL, NULL,
            };
            if (fmt[n])
                ct_textbuf_tag(&b, name, fmt[n]);
        } else if (!strcmp(name, "Termination")) {
            if (r->termination != CT_END_NONE)
                ct_textbuf_tag(&b, name, ct_end_reason_name(r->termination));
            else if (v)
                ct_textbuf_tag(&b, name, v);
        } else if (v) {
            ct_textbuf_tag(&b, name, v);
        }
    }
    for (int i = 0; i < r->ntags; i++) {
        bool known = false;
        for (int o = 0; (name = ct_record_tag_order(o)) && !known; o++)
            known = !strcmp(r->tags[i].name, name);
        if (!known)
            ct_textbuf_tag(&b, r->tags[i].name, r->tags[i].value);
    }
    put(&b, "\n", 1);
    /* 2. Movetext. */
    ct_record_start_position(r, w.pos);
    if (r->nodes[CT_ROOT].comment) {
        put_comment(&b, r->nodes[CT_ROOT].comment);
        put(&b, "\n", 1);
    }
    ct_status st = CT_OK;
    if (r->nodes[CT_ROOT].first_child != CT_NO_NODE)
        st = write_line(&w, r->nodes[CT_ROOT].first_child, 0, false);
    sep(&b);
    puts_(&b, ct_result_string(r->result));
    put(&b, "\n", 1);
    free(w.pos);
    if (st == CT_OK && b.oom)
        st = CT_ERR_FULL;
    if (st != CT_OK) {
        free(b.s);
        return st;
    }
    *out = b.s;
    if (out_len)
        *out_len = b.n;
    return CT_OK;
}
