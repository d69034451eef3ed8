/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — writes and reads the resume file (the game in progress as PGN with ICCS moves
 * and tags for rules, clocks, players and notation); see resume.h for the tags. */
#include "sys/resume.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sys/sanitize.h"
#include "sys/savefile.h"
#include "cotuong/movegen.h"

void resume_game_init(resume_game *g)
{
    memset(g, 0, sizeof *g);
    strcpy(g->result, "*");
    strcpy(g->rules, "online");
    strcpy(g->time_control, "-");
    g->clock_ms[0] = g->clock_ms[1] = -1;
    strcpy(g->player[0], "human");
    strcpy(g->player[1], "human");
    strcpy(g->notation, "vi");
}

/* ---------------------------------------------------------------- writing */

typedef struct {
    char *p;
    size_t len, cap;
} sbuf;

static void sb_add(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            return;
        if (b->p && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->len + (size_t)n + 1)
            cap *= 2;
        char *np = realloc(b->p, cap);
        if (!np) {
            fputs("cotuong: out of memory\n", stderr);
            abort();
        }
        b->p = np;
        b->cap = cap;
    }
}

/* A tag line; quotes and backslashes escaped, control characters dropped. */
static void sb_tag(sbuf *b, const char *name, const char *value)
{
    sb_add(b, "[%s \"", name);
    for (const char *s = value; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7F)
            continue;
        if (c == '"' || c == '\\')
            sb_add(b, "\\%c", c);
        else
            sb_add(b, "%c", c);
    }
    sb_add(b, "\"]\n");
}

char *resume_format(const resume_game *g, size_t *len)
{
    sbuf b = {0};
    char date[16], num[32];
    if (g->date[0]) {
        memcpy(date, g->date, sizeof date);
        date[sizeof date - 1] = '\0';
    } else {
        time_t t = time(NULL);
        struct tm tm;
        localtime_r(&t, &tm);
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    }
    sb_tag(&b, "Game", "Chinese Chess");
    sb_tag(&b, "Event", "cotuong");
    sb_tag(&b, "Date", date);
    sb_tag(&b, "Red", g->red[0] ? g->red : "?");
    sb_tag(&b, "Black", g->black[0] ? g->black : "?");
    sb_tag(&b, "Result", g->result[0] ? g->result : "*");
    if (g->fen[0])
        sb_tag(&b, "FEN", g->fen);
    sb_tag(&b, "Format", "ICCS");
    sb_tag(&b, "Rules", g->rules);
    sb_tag(&b, "TimeControl", g->time_control[0] ? g->time_control : "-");
    if (g->clock_ms[CT_RED] >= 0) {
        snprintf(num, sizeof num, "%ld", g->clock_ms[CT_RED]);
        sb_tag(&b, "RedClockMs", num);
    }
    if (g->clock_ms[CT_BLACK] >= 0) {
        snprintf(num, sizeof num, "%ld", g->clock_ms[CT_BLACK]);
        sb_tag(&b, "BlackClockMs", num);
    }
    sb_tag(&b, "RedPlayer", g->player[CT_RED]);
    sb_tag(&b, "BlackPlayer", g->player[CT_BLACK]);
    sb_tag(&b, "Notation", g->notation);
    snprintf(num, sizeof num, "%d", g->nmoves);
    sb_tag(&b, "PlyCount", num);
    sb_add(&b, "\n");

    /* Movetext: numbered from the FEN's side to move and move number. */
    int side = CT_RED, number = 1;
    if (g->fen[0]) {
        static ct_pos pos;
        if (ct_fen_read(&pos, g->fen, NULL) == CT_OK) {
            side = pos.side;
            number = pos.fullmove > 0 ? pos.fullmove : 1;
        }
    }
    int col = 0;
    for (int i = 0; i < g->nmoves; i++) {
        char c[5];
        ct_move_coord(g->moves[i], c);
        char tok[32];
        if (side == CT_RED)
            snprintf(tok, sizeof tok, "%d. %c%c-%c%c", number, toupper((unsigned char)c[0]),
                     c[1], toupper((unsigned char)c[2]), c[3]);
        else if (i == 0)
            snprintf(tok, sizeof tok, "%d... %c%c-%c%c", number, toupper((unsigned char)c[0]),
                     c[1], toupper((unsigned char)c[2]), c[3]);
        else
            snprintf(tok, sizeof tok, "%c%c-%c%c", toupper((unsigned char)c[0]), c[1],
                     toupper((unsigned char)c[2]), c[3]);
        if (side == CT_RED && i > 0) {
            sb_add(&b, "\n");
            col = 0;
        } else if (col > 0) {
            sb_add(&b, " ");
        }
        sb_add(&b, "%s", tok);
        col += (int)strlen(tok) + 1;
        if (side == CT_BLACK)
            number++;
        side ^= 1;
    }
    sb_add(&b, "%s%s\n", g->nmoves ? "\n" : "", g->result[0] ? g->result : "*");
    *len = b.len;
    return b.p;
}

/* ---------------------------------------------------------------- reading */

typedef struct {
    const char *s;
    size_t len, i;
    int line, col;
} cursor;

static int peek(const cursor *c)
{
    return c->i < c->len ? (unsigned char)c->s[c->i] : -1;
}

static void advance(cursor *c)
{
    if (c->i >= c->len)
        return;
    if (c->s[c->i] == '\n') {
        c->line++;
        c->col = 1;
    } else if (((unsigned char)c->s[c->i] & 0xC0) != 0x80) {
        c->col++;
    }
    c->i++;
}

static int perr(char *err, size_t errsize, const cursor *c, const char *fmt, ...)
{
    if (err && errsize) {
        int n = snprintf(err, errsize, "line %d, column %d: ", c->line, c->col);
        if (n > 0 && (size_t)n < errsize) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err + n, errsize - (size_t)n, fmt, ap);
            va_end(ap);
        }
        /* The message quotes text from the file: neutralise it before anyone prints it. */
        char *clean = sanitize_dup(err, 0);
        snprintf(err, errsize, "%s", clean);
        free(clean);
    }
    return -1;
}

static void skip_space(cursor *c)
{
    for (;;) {
        int ch = peek(c);
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f') {
            advance(c);
        } else if (ch == ';' || (ch == '%' && c->col == 1)) { /* rest-of-line comment */
            while (peek(c) != -1 && peek(c) != '\n')
                advance(c);
        } else {
            return;
        }
    }
}

/* Copies v into dst, truncating at a UTF-8 character boundary. */
static void copy_value(char *dst, size_t size, const char *v)
{
    size_t n = strlen(v);
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)v[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(dst, v, n);
    dst[n] = '\0';
}

static long parse_long(const char *v, long dflt)
{
    char *end;
    long n = strtol(v, &end, 10);
    return (end == v || *end || n < 0) ? dflt : n;
}

static void apply_tag(resume_game *g, const char *name, const char *v)
{
    if (!strcmp(name, "Red"))
        copy_value(g->red, sizeof g->red, v);
    else if (!strcmp(name, "Black"))
        copy_value(g->black, sizeof g->black, v);
    else if (!strcmp(name, "Result"))
        copy_value(g->result, sizeof g->result, v);
    else if (!strcmp(name, "FEN"))
        copy_value(g->fen, sizeof g->fen, v);
    else if (!strcmp(name, "Rules"))
        copy_value(g->rules, sizeof g->rules, v);
    else if (!strcmp(name, "TimeControl"))
        copy_value(g->time_control, sizeof g->time_control, v);
    else if (!strcmp(name, "RedClockMs"))
        g->clock_ms[CT_RED] = parse_long(v, -1);
    else if (!strcmp(name, "BlackClockMs"))
        g->clock_ms[CT_BLACK] = parse_long(v, -1);
    else if (!strcmp(name, "RedPlayer"))
        copy_value(g->player[CT_RED], sizeof g->player[CT_RED], v);
    else if (!strcmp(name, "BlackPlayer"))
        copy_value(g->player[CT_BLACK], sizeof g->player[CT_BLACK], v);
    else if (!strcmp(name, "Notation"))
        copy_value(g->notation, sizeof g->notation, v);
    else if (!strcmp(name, "Date"))
        copy_value(g->date, sizeof g->date, v);
}

/* [Name "value"] with \" and \\ escapes. */
static int parse_tag(cursor *c, resume_game *g, long *plycount, char *err, size_t errsize)
{
    char name[32], value[256];
    size_t n = 0, v = 0;
    advance(c); /* '[' */
    skip_space(c);
    while (peek(c) != -1 && (isalnum(peek(c)) || peek(c) == '_')) {
        if (n + 1 < sizeof name)
            name[n++] = (char)peek(c);
        advance(c);
    }
    name[n] = '\0';
    if (n == 0)
        return perr(err, errsize, c, "a tag name is missing after '['");
    skip_space(c);
    if (peek(c) != '"')
        return perr(err, errsize, c, "the value of tag %s must be in double quotes", name);
    advance(c);
    for (;;) {
        int ch = peek(c);
        if (ch == -1 || ch == '\n')
            return perr(err, errsize, c, "the value of tag %s is not closed", name);
        if (ch == '"')
            break;
        if (ch == '\\') {
            advance(c);
            ch = peek(c);
            if (ch == -1)
                return perr(err, errsize, c, "the value of tag %s is not closed", name);
        }
        if (v + 1 < sizeof value)
            value[v++] = (char)ch;
        advance(c);
    }
    value[v] = '\0';
    advance(c); /* '"' */
    skip_space(c);
    if (peek(c) != ']')
        return perr(err, errsize, c, "']' expected after the value of tag %s", name);
    advance(c);
    if (!strcmp(name, "PlyCount"))
        *plycount = parse_long(value, -2);
    apply_tag(g, name, value);
    return 0;
}

/* Skips {comment} or (variation ...) with nesting; c is on the opening character. */
static int skip_group(cursor *c, char *err, size_t errsize)
{
    cursor start = *c;
    if (peek(c) == '{') {
        while (peek(c) != -1 && peek(c) != '}')
            advance(c);
        if (peek(c) == -1)
            return perr(err, errsize, &start, "comment '{' is never closed");
        advance(c);
        return 0;
    }
    int depth = 0;
    do {
        int ch = peek(c);
        if (ch == -1)
            return perr(err, errsize, &start, "variation '(' is never closed");
        if (ch == '{') {
            if (skip_group(c, err, errsize) != 0)
                return -1;
            continue;
        }
        if (ch == '(')
            depth++;
        else if (ch == ')')
            depth--;
        advance(c);
    } while (depth > 0);
    return 0;
}

static int is_result(const char *t)
{
    return !strcmp(t, "*") || !strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2");
}

/* "H2-E2", "h2e2", "H2E2" -> move; CT_NO_MOVE when it is not such a token. */
static ct_move iccs_token(const char *t)
{
    char coord[5];
    size_t n = strlen(t);
    if (n == 5 && t[2] == '-') {
        coord[0] = t[0], coord[1] = t[1], coord[2] = t[3], coord[3] = t[4];
    } else if (n == 4) {
        memcpy(coord, t, 4);
    } else {
        return CT_NO_MOVE;
    }
    coord[4] = '\0';
    for (int i = 0; i < 4; i++)
        coord[i] = (char)tolower((unsigned char)coord[i]);
    return ct_move_parse_coord(coord);
}

int resume_parse(const char *text, size_t len, resume_game *g, char *err, size_t errsize)
{
    static ct_pos pos;
    cursor c = {text, len, 0, 1, 1};
    long plycount = -1;
    resume_game_init(g);
    long bin = savefile_binary_offset(text, len);
    if (bin >= 0) {
        cursor b = {text, len, 0, 1, 1};
        while (b.i < (size_t)bin)
            advance(&b);
        return perr(err, errsize, &b, "binary data (byte 0x%02X at offset %ld): not a PGN file",
                    (unsigned char)text[bin], bin);
    }
    /* 1. Tags. */
    skip_space(&c);
    if (c.i + 3 <= len && !memcmp(text + c.i, "\xEF\xBB\xBF", 3)) { /* UTF-8 BOM */
        c.i += 3;
        skip_space(&c);
    }
    while (peek(&c) == '[') {
        if (parse_tag(&c, g, &plycount, err, errsize) != 0)
            return -1;
        skip_space(&c);
    }
    ct_fen_error fe;
    if (g->fen[0]) {
        if (ct_fen_read(&pos, g->fen, &fe) != CT_OK)
            return perr(err, errsize, &c, "bad FEN tag: %s", fe.message);
    } else {
        ct_pos_start(&pos);
    }
    /* 2. Movetext up to the result token. */
    bool ended = false;
    g->nmoves = 0;
    while (!ended) {
        skip_space(&c);
        int ch = peek(&c);
        if (ch == -1)
            break;
        if (ch == '{' || ch == '(') {
            if (skip_group(&c, err, errsize) != 0)
                return -1;
            continue;
        }
        if (ch == '[')
            return perr(err, errsize, &c, "a tag after the moves (a second game?)");
        cursor at = c;
        char tok[64];
        size_t n = 0;
        while (peek(&c) != -1 && !isspace(peek(&c)) && peek(&c) != '{' && peek(&c) != '(' &&
               peek(&c) != ')') {
            if (n + 1 < sizeof tok)
                tok[n++] = (char)peek(&c);
            advance(&c);
        }
        tok[n] = '\0';
        if (n == 0)
            return perr(err, errsize, &c, "unexpected ')'");
        if (is_result(tok)) {
            ended = true;
            continue;
        }
        if (tok[0] == '$')
            continue; /* NAG */
        /* Move numbers "12." "12..." possibly glued to the move ("12.H2-E2"). */
        char *t = tok;
        if (isdigit((unsigned char)*t)) {
            while (isdigit((unsigned char)*t))
                t++;
            if (*t != '.')
                return perr(err, errsize, &at, "'%s' is not a move", tok);
            while (*t == '.')
                t++;
            if (!*t)
                continue;
        }
        /* Annotation marks glued to the move. */
        size_t tl = strlen(t);
        while (tl > 0 && (t[tl - 1] == '!' || t[tl - 1] == '?' || t[tl - 1] == '+' ||
                          t[tl - 1] == '#'))
            t[--tl] = '\0';
        ct_move mv = iccs_token(t);
        if (mv == CT_NO_MOVE)
            return perr(err, errsize, &at, "'%s' is not an ICCS move such as H2-E2", t);
        if (!ct_is_legal(&pos, mv))
            return perr(err, errsize, &at, "move %d '%s' is not legal here", g->nmoves + 1, t);
        if (g->nmoves >= CT_MAX_HISTORY - 1)
            return perr(err, errsize, &at, "too many moves (the limit is %d)", CT_MAX_HISTORY - 1);
        ct_pos_make(&pos, mv);
        g->moves[g->nmoves++] = mv;
    }
    if (!ended)
        return perr(err, errsize, &c, "the file ends before the result (*, 1-0, 0-1 or "
                                      "1/2-1/2): it is truncated");
    if (plycount == -2 || (plycount >= 0 && plycount != g->nmoves))
        return perr(err, errsize, &c, "PlyCount says %ld moves but the file has %d", plycount,
                    g->nmoves);
    return 0;
}

/* ---------------------------------------------------------------- the resume file */

int resume_save(const resume_game *g, char *err, size_t errsize)
{
    char path[4096];
    if (savefile_resume_path(path, sizeof path) != 0) {
        snprintf(err, errsize, "cannot find the state directory: set HOME or XDG_STATE_HOME");
        return -1;
    }
    size_t len;
    char *text = resume_format(g, &len);
    int r = savefile_write_atomic(path, text, len, err, errsize);
    free(text);
    return r;
}

int resume_load(resume_game *g, char *err, size_t errsize)
{
    char path[4096], msg[256];
    if (savefile_resume_path(path, sizeof path) != 0)
        return 0;
    savefile_clean_temps(path);
    char *data;
    size_t len;
    if (savefile_read(path, SAVEFILE_MAX_BYTES, &data, &len, err, errsize) != 0) {
        FILE *probe = fopen(path, "r");
        if (!probe)
            return 0; /* no resume file: nothing was interrupted */
        fclose(probe);
        return -1;
    }
    int r = resume_parse(data, len, g, msg, sizeof msg);
    free(data);
    if (r != 0) {
        snprintf(err, errsize, "%s: %s", path, msg);
        return -1;
    }
    return 1;
}

void resume_discard(void)
{
    char path[4096];
    if (savefile_resume_path(path, sizeof path) == 0)
        remove(path);
}
