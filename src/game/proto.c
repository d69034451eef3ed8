/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the hosted game's line protocol: formatting, the validating parser and the line
 * reader with its length and rate limits (see proto.h for the grammar). Whatever a peer
 * sends is either a well-formed message within range or a refusal with a reason; texts are
 * sanitized here so that nothing a peer sends can reach a terminal as control bytes. */
#include "game/proto.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/coup_pgn.h"
#include "cotuong/position.h"
#include "cotuong/record.h"
#include "sys/sanitize.h"
#include "sys/xmalloc.h"

static const char *const type_names[PROTO_TYPE_COUNT] = {
    "hello", "info",     "seat",  "game",     "move",     "clock",  "sync", "draw",
    "resign", "undo",    "takeback", "chat",  "watchers", "result", "peer", "bye",
    "commit", "disclose",
};
static const char *const role_names[] = {"host", "player", "watcher", "list"};
static const char *const seat_names[] = {"red", "black", "watcher"};
static const char *const clock_names[] = {"red", "black", "stopped"};
static const char *const draw_names[] = {"offer", "accept", "decline"};
static const char *const undo_names[] = {"ask", "yes", "no"};
static const char *const state_names[] = {"open", "playing", "away", "over"};
static const char *const peer_names[] = {"away", "back"};
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define CLOCK_MAX_MS (1000LL * 3600 * 24 * 30) /* 30 days: more is nonsense */
#define MAX_FIELDS 10

void proto_msg_init(proto_msg *m, proto_type t)
{
    memset(m, 0, sizeof *m);
    m->type = t;
    m->version = PROTO_VERSION;
    m->clock_ms[0] = m->clock_ms[1] = -1;
    m->side = CT_RED;
    snprintf(m->name[0], sizeof m->name[0], "-");
    snprintf(m->name[1], sizeof m->name[1], "-");
}

/* True for a user name the protocol carries: 1..32 bytes of [A-Za-z0-9._@-], or "-". */
static bool proto_name_valid(const char *s)
{
    size_t n = strlen(s);
    if (n < 1 || n > PROTO_NAME_MAX)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '_' || c == '-' || c == '@'))
            return false;
    }
    return true;
}

static bool code_valid(const char *s)
{
    if (strlen(s) != PROTO_CODE_LEN)
        return false;
    for (int i = 0; i < PROTO_CODE_LEN; i++)
        if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '2' && s[i] <= '9')))
            return false;
    return true;
}

static bool word_valid(const char *s)
{
    size_t n = strlen(s);
    if (n < 1 || n > 16)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
            return false;
    return true;
}

/* FEN: the characters a FEN may hold, then the core's reader. */
static bool fen_valid(const char *s)
{
    size_t n = strlen(s);
    if (n < 1 || n >= 128)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!strchr("rnbakcpheRNBAKCPHE0123456789/ w-", s[i]))
            return false;
    ct_pos *pos = xmalloc(sizeof *pos);
    bool ok = ct_fen_read(pos, s, NULL) == CT_OK;
    free(pos);
    return ok;
}

/* ------------------------------------------------------------------ fields */
static int find_name(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], s))
            return i;
    return -1;
}

/* A decimal integer without sign, leading zeros or excess digits, in [0, max]. */
static bool parse_uint(const char *s, int64_t max, int64_t *out)
{
    size_t n = strlen(s);
    if (n < 1 || n > 15 || (n > 1 && s[0] == '0'))
        return false;
    int64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    if (v > max)
        return false;
    *out = v;
    return true;
}

static bool parse_int(const char *s, int64_t max, int *out)
{
    int64_t v;
    if (!parse_uint(s, max, &v))
        return false;
    *out = (int)v;
    return true;
}

/* Clock milliseconds: 0..CLOCK_MAX_MS or -1 (none). */
static bool parse_ms(const char *s, int64_t *out)
{
    if (!strcmp(s, "-1")) {
        *out = -1;
        return true;
    }
    return parse_uint(s, CLOCK_MAX_MS, out);
}

static bool ms_valid(int64_t v)
{
    return v == -1 || (v >= 0 && v <= CLOCK_MAX_MS);
}

/* ICCS "H2-E2", upper case, two distinct squares on the board. */
static bool parse_iccs(const char *s, ct_move *out)
{
    if (strlen(s) != 5 || s[2] != '-' || s[0] < 'A' || s[0] > 'I' || s[3] < 'A' || s[3] > 'I' ||
        s[1] < '0' || s[1] > '9' || s[4] < '0' || s[4] > '9')
        return false;
    ct_sq from = (ct_sq)CT_SQ(s[0] - 'A', s[1] - '0');
    ct_sq to = (ct_sq)CT_SQ(s[3] - 'A', s[4] - '0');
    if (from == to)
        return false;
    *out = CT_MOVE(from, to);
    return true;
}

/* Cờ úp's additions to a move: "=L" (what it turned up) and "xL" (what it took face down),
 * L one of A B N R C P. */
static bool parse_coup_move(const char *s, ct_move *out, int *reveal, int *taken)
{
    char iccs[6];
    size_t n = strlen(s);
    if (n < 5)
        return false;
    memcpy(iccs, s, 5);
    iccs[5] = 0;
    if (!parse_iccs(iccs, out))
        return false;
    s += 5;
    *reveal = *taken = 0;
    if (s[0] == '=') {
        *reveal = ct_coup_letter_type(s[1]);
        if (!s[1] || (s[1] < 'A' || s[1] > 'Z') || *reveal <= CT_KING || *reveal > CT_PAWN)
            return false;
        s += 2;
    }
    if (s[0] == 'x') {
        *taken = ct_coup_letter_type(s[1]);
        if (!s[1] || (s[1] < 'A' || s[1] > 'Z') || *taken <= CT_KING || *taken > CT_PAWN)
            return false;
        s += 2;
    }
    return *s == 0;
}

static bool hex64_valid(const char *s)
{
    if (strlen(s) != 64)
        return false;
    for (int i = 0; i < 64; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return false;
    return true;
}

static bool deal_valid(const char *s)
{
    ct_coup_deal d;
    return strlen(s) == 31 && ct_coup_deal_read(s, &d) == CT_OK;
}

static bool format_iccs(ct_move mv, char out[6])
{
    ct_sq from = CT_FROM(mv), to = CT_TO(mv);
    if (!ct_sq_on_board(from) || !ct_sq_on_board(to) || from == to)
        return false;
    out[0] = (char)('A' + CT_SQ_FILE(from));
    out[1] = (char)('0' + CT_SQ_RANK(from));
    out[2] = '-';
    out[3] = (char)('A' + CT_SQ_FILE(to));
    out[4] = (char)('0' + CT_SQ_RANK(to));
    out[5] = 0;
    return true;
}

/* The time control as a field: the core's canonical text, which has no space. */
static bool parse_tc(const char *s, ct_time_control *tc)
{
    if (ct_tc_parse(s, tc) != CT_OK)
        return false;
    /* Only the canonical form, so that what is shown is what was meant. */
    char back[64];
    ct_tc_format(tc, back, sizeof back);
    return !strcmp(back, s);
}

static bool parse_result(const char *s, ct_result *r)
{
    return ct_result_parse(s, r) == CT_OK;
}

/* Texts: cut to PROTO_TEXT_MAX bytes at a character boundary, then sanitized (controls,
 * escapes, bidi overrides, malformed UTF-8 replaced). */
static void take_text(char *out, size_t size, const char *in, size_t len)
{
    if (len > PROTO_TEXT_MAX)
        len = PROTO_TEXT_MAX;
    sanitize_text(out, size, in, len, 0);
}

/* ------------------------------------------------------------------ parsing */
typedef struct {
    const char *f[MAX_FIELDS];
    char store[PROTO_LINE_MAX + 1];
    int n;
    const char *rest; /* the text after the fields asked for (NUL-terminated, in store) */
} fields;

/* Splits line (free of NUL and other control bytes) into at most `max` single-space-separated
 * words; the rest of the line after `max` words (if any) is left in rest. False on an empty
 * word (two spaces, a leading or trailing space). */
static bool split(const char *line, size_t len, int max, fields *fs)
{
    memcpy(fs->store, line, len);
    fs->store[len] = 0;
    fs->n = 0;
    fs->rest = NULL;
    char *p = fs->store;
    while (fs->n < max) {
        char *sp = strchr(p, ' ');
        if (sp == p || (!sp && !*p))
            return false;
        fs->f[fs->n++] = p;
        if (!sp)
            return true;
        *sp = 0;
        p = sp + 1;
        if (fs->n == max) {
            fs->rest = p;
            return true;
        }
    }
    return true;
}

static int fail(char *err, size_t size, const char *fmt, const char *arg)
{
    if (size) {
        char word[24];
        snprintf(word, sizeof word, "%s", arg ? arg : "");
        /* The word came from the peer: print only its safe bytes. */
        for (char *q = word; *q; q++)
            if ((unsigned char)*q < 0x21 || (unsigned char)*q > 0x7e)
                *q = '?';
        snprintf(err, size, fmt, word);
    }
    return -1;
}

int proto_parse(const char *line, size_t len, proto_msg *m, char *err, size_t errsize)
{
    if (errsize)
        err[0] = 0;
    if (len + 1 > PROTO_LINE_MAX)
        return fail(err, errsize, "line too long%s", "");
    /* Control bytes are never part of a message (texts are sanitized, the rest is ASCII). */
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c < 0x20 || c == 0x7f)
            return fail(err, errsize, "control character in a line%s", "");
    }
    fields fs;
    /* The first word decides how many fields follow; chat and bye keep a free text. */
    const char *sp = memchr(line, ' ', len);
    size_t wlen = sp ? (size_t)(sp - line) : len;
    char word[16];
    if (wlen == 0 || wlen >= sizeof word)
        return fail(err, errsize, "no message word%s", "");
    memcpy(word, line, wlen);
    word[wlen] = 0;
    int t = find_name(type_names, PROTO_TYPE_COUNT, word);
    if (t < 0)
        return fail(err, errsize, "unknown message '%s'", word);
    proto_msg_init(m, (proto_type)t);
    int max = MAX_FIELDS;
    if (t == PROTO_CHAT)
        max = 1;
    else if (t == PROTO_BYE)
        max = 2;
    else if (t == PROTO_GAME)
        max = 3; /* the FEN has spaces */
    if (!split(line, len, max, &fs))
        return fail(err, errsize, "empty field in '%s'", word);
    const char *const *f = fs.f;
    int n = fs.n;
    int64_t v;
    switch ((proto_type)t) {
    case PROTO_HELLO: {
        if (n < 3 || n > 4)
            break;
        if (!parse_int(f[1], 999, &m->version))
            return fail(err, errsize, "bad version '%s'", f[1]);
        int role = find_name(role_names, COUNT(role_names), f[2]);
        if (role < 0)
            return fail(err, errsize, "bad role '%s'", f[2]);
        m->role = (proto_role)role;
        if (n == 4) {
            if (!code_valid(f[3]))
                return fail(err, errsize, "bad game code '%s'", f[3]);
            memcpy(m->code, f[3], PROTO_CODE_LEN + 1);
        }
        return 0;
    }
    case PROTO_INFO: {
        if (n != 8 && !(n == 9 && !strcmp(f[8], "coup")))
            break;
        m->coup = n == 9;
        if (!proto_name_valid(f[1]) || !proto_name_valid(f[2]))
            return fail(err, errsize, "bad name in info%s", "");
        snprintf(m->name[0], sizeof m->name[0], "%s", f[1]);
        snprintf(m->name[1], sizeof m->name[1], "%s", f[2]);
        if (ct_rules_from_name(f[3], &m->rules) != CT_OK || strcmp(ct_rules_name(m->rules), f[3]))
            return fail(err, errsize, "bad rules '%s'", f[3]);
        if (!parse_tc(f[4], &m->tc))
            return fail(err, errsize, "bad time control '%s'", f[4]);
        if (!parse_int(f[5], PROTO_PLY_MAX, &m->ply) || !parse_int(f[6], PROTO_WATCHERS_MAX, &m->count))
            return fail(err, errsize, "bad number in info%s", "");
        if ((m->arg = find_name(state_names, COUNT(state_names), f[7])) < 0)
            return fail(err, errsize, "bad state '%s'", f[7]);
        return 0;
    }
    case PROTO_SEAT:
        if (n != 4)
            break;
        if ((m->side = find_name(seat_names, COUNT(seat_names), f[1])) < 0)
            return fail(err, errsize, "bad seat '%s'", f[1]);
        if (!proto_name_valid(f[2]) || !proto_name_valid(f[3]))
            return fail(err, errsize, "bad name in seat%s", "");
        snprintf(m->name[0], sizeof m->name[0], "%s", f[2]);
        snprintf(m->name[1], sizeof m->name[1], "%s", f[3]);
        return 0;
    case PROTO_GAME:
        if (n != 3 || !fs.rest)
            break;
        if (ct_rules_from_name(f[1], &m->rules) != CT_OK || strcmp(ct_rules_name(m->rules), f[1]))
            return fail(err, errsize, "bad rules '%s'", f[1]);
        if (!parse_tc(f[2], &m->tc))
            return fail(err, errsize, "bad time control '%s'", f[2]);
        if (!strcmp(fs.rest, "startpos")) {
            m->fen[0] = 0;
        } else if (!strcmp(fs.rest, "coup")) {
            m->fen[0] = 0;
            m->coup = true;
        } else {
            size_t rl = strlen(fs.rest);
            if (rl >= sizeof m->fen)
                return fail(err, errsize, "FEN too long%s", "");
            memcpy(m->fen, fs.rest, rl);
            m->fen[rl] = 0;
            if (!fen_valid(m->fen))
                return fail(err, errsize, "bad FEN%s", "");
        }
        return 0;
    case PROTO_MOVE:
        if (n != 3 && n != 5)
            break;
        if (!parse_int(f[1], PROTO_PLY_MAX, &m->ply) || m->ply < 1)
            return fail(err, errsize, "bad ply '%s'", f[1]);
        if (!parse_iccs(f[2], &m->move) && !parse_coup_move(f[2], &m->move, &m->reveal, &m->taken))
            return fail(err, errsize, "bad move '%s'", f[2]);
        if (n == 5) {
            if (!parse_ms(f[3], &m->clock_ms[0]) || !parse_ms(f[4], &m->clock_ms[1]))
                return fail(err, errsize, "bad clock in move%s", "");
            m->has_clock = true;
        }
        return 0;
    case PROTO_CLOCK:
        if (n != 4)
            break;
        if (!parse_ms(f[1], &m->clock_ms[0]) || !parse_ms(f[2], &m->clock_ms[1]))
            return fail(err, errsize, "bad clock%s", "");
        if ((m->side = find_name(clock_names, COUNT(clock_names), f[3])) < 0)
            return fail(err, errsize, "bad clock side '%s'", f[3]);
        m->has_clock = true;
        return 0;
    case PROTO_SYNC:
    case PROTO_TAKEBACK:
        if (n != 2)
            break;
        if (!parse_int(f[1], PROTO_PLY_MAX, &m->ply))
            return fail(err, errsize, "bad ply '%s'", f[1]);
        return 0;
    case PROTO_DRAW:
        if (n != 2)
            break;
        if ((m->arg = find_name(draw_names, COUNT(draw_names), f[1])) < 0)
            return fail(err, errsize, "bad draw word '%s'", f[1]);
        return 0;
    case PROTO_RESIGN:
        if (n != 1)
            break;
        return 0;
    case PROTO_UNDO:
        if (n != 3)
            break;
        if ((m->arg = find_name(undo_names, COUNT(undo_names), f[1])) < 0)
            return fail(err, errsize, "bad undo word '%s'", f[1]);
        if (!parse_int(f[2], PROTO_PLY_MAX, &m->ply))
            return fail(err, errsize, "bad ply '%s'", f[2]);
        return 0;
    case PROTO_CHAT: {
        if (!fs.rest)
            break;
        take_text(m->text, sizeof m->text, fs.rest, strlen(fs.rest));
        return 0;
    }
    case PROTO_WATCHERS:
        if (n != 2)
            break;
        if (!parse_uint(f[1], PROTO_WATCHERS_MAX, &v))
            return fail(err, errsize, "bad count '%s'", f[1]);
        m->count = (int)v;
        return 0;
    case PROTO_RESULT:
        if (n != 3)
            break;
        if (!parse_result(f[1], &m->result))
            return fail(err, errsize, "bad result '%s'", f[1]);
        if (!strcmp(f[2], "adjourned")) {
            m->adjourned = true;
            if (m->result != CT_RESULT_NONE)
                return fail(err, errsize, "adjourned with a result%s", "");
        } else if (ct_termination_parse(f[2], &m->reason) != CT_OK) {
            return fail(err, errsize, "bad reason '%s'", f[2]);
        } else if ((m->result == CT_RESULT_NONE) != (m->reason == CT_END_ABORTED)) {
            return fail(err, errsize, "result and reason disagree%s", "");
        }
        return 0;
    case PROTO_PEER:
        if (n != 2)
            break;
        if ((m->arg = find_name(peer_names, COUNT(peer_names), f[1])) < 0)
            return fail(err, errsize, "bad peer word '%s'", f[1]);
        return 0;
    case PROTO_BYE:
        if (n < 2)
            break;
        if (!word_valid(f[1]))
            return fail(err, errsize, "bad bye reason '%s'", f[1]);
        snprintf(m->word, sizeof m->word, "%s", f[1]);
        if (fs.rest)
            take_text(m->text, sizeof m->text, fs.rest, strlen(fs.rest));
        return 0;
    case PROTO_COMMIT:
        if (n != 2)
            break;
        if (!hex64_valid(f[1]))
            return fail(err, errsize, "bad commitment '%s'", f[1]);
        memcpy(m->commit, f[1], 65);
        return 0;
    case PROTO_DISCLOSE:
        if (n != 3)
            break;
        if (!deal_valid(f[1]))
            return fail(err, errsize, "bad deal '%s'", f[1]);
        if (!hex64_valid(f[2]))
            return fail(err, errsize, "bad salt '%s'", f[2]);
        memcpy(m->deal, f[1], 32);
        memcpy(m->salt, f[2], 65);
        return 0;
    case PROTO_TYPE_COUNT:
        break;
    }
    return fail(err, errsize, "wrong number of fields in '%s'", word);
}

/* ------------------------------------------------------------------ formatting */
typedef struct {
    char *buf;
    size_t size, len;
    bool over;
} out_line;

static void put(out_line *o, const char *s)
{
    size_t n = strlen(s);
    if (o->len + n >= o->size || o->len + n + 1 > PROTO_LINE_MAX) {
        o->over = true;
        return;
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = 0;
}

static void put_field(out_line *o, const char *s)
{
    put(o, " ");
    put(o, s);
}

static void put_num(out_line *o, int64_t v)
{
    char num[24];
    snprintf(num, sizeof num, " %lld", (long long)v);
    put(o, num);
}

/* A text as the parser will read it back: sanitized and cut at PROTO_TEXT_MAX bytes
 * without splitting a character (the sanitizer cuts at boundaries). */
static void put_text(out_line *o, const char *text)
{
    char clean[PROTO_TEXT_MAX + 1];
    sanitize_text(clean, sizeof clean, text, strlen(text), 0);
    put_field(o, clean);
}

static bool tc_field(const ct_time_control *tc, char *buf, size_t size)
{
    if (tc->base_ms < 0 || tc->increment_ms < 0 || tc->per_move_ms < 0)
        return false;
    ct_tc_format(tc, buf, size);
    ct_time_control back;
    return parse_tc(buf, &back);
}

int proto_format(const proto_msg *m, char *buf, size_t size)
{
    if (size == 0)
        return -1;
    buf[0] = 0;
    out_line o = {buf, size, 0, false};
    char tmp[64];
    if ((unsigned)m->type >= PROTO_TYPE_COUNT)
        return -1;
    put(&o, type_names[m->type]);
    switch (m->type) {
    case PROTO_HELLO:
        if (m->version < 0 || m->version > 999 || (unsigned)m->role >= (unsigned)COUNT(role_names))
            return -1;
        put_num(&o, m->version);
        put_field(&o, role_names[m->role]);
        if (m->code[0]) {
            if (!code_valid(m->code))
                return -1;
            put_field(&o, m->code);
        }
        break;
    case PROTO_INFO:
        if (!proto_name_valid(m->name[0]) || !proto_name_valid(m->name[1]) ||
            (unsigned)m->rules >= CT_RULES_COUNT || !tc_field(&m->tc, tmp, sizeof tmp) ||
            m->ply < 0 || m->ply > PROTO_PLY_MAX || m->count < 0 || m->count > PROTO_WATCHERS_MAX ||
            m->arg < 0 || m->arg >= COUNT(state_names))
            return -1;
        put_field(&o, m->name[0]);
        put_field(&o, m->name[1]);
        put_field(&o, ct_rules_name(m->rules));
        put_field(&o, tmp);
        put_num(&o, m->ply);
        put_num(&o, m->count);
        put_field(&o, state_names[m->arg]);
        if (m->coup)
            put_field(&o, "coup");
        break;
    case PROTO_SEAT:
        if (m->side < 0 || m->side >= COUNT(seat_names) || !proto_name_valid(m->name[0]) ||
            !proto_name_valid(m->name[1]))
            return -1;
        put_field(&o, seat_names[m->side]);
        put_field(&o, m->name[0]);
        put_field(&o, m->name[1]);
        break;
    case PROTO_GAME:
        if ((unsigned)m->rules >= CT_RULES_COUNT || !tc_field(&m->tc, tmp, sizeof tmp))
            return -1;
        put_field(&o, ct_rules_name(m->rules));
        put_field(&o, tmp);
        if (m->coup) {
            put_field(&o, "coup");
        } else if (!m->fen[0]) {
            put_field(&o, "startpos");
        } else {
            if (!memchr(m->fen, 0, sizeof m->fen) || !fen_valid(m->fen))
                return -1;
            put_field(&o, m->fen);
        }
        break;
    case PROTO_MOVE: {
        char iccs[6];
        if (m->ply < 1 || m->ply > PROTO_PLY_MAX || !format_iccs(m->move, iccs))
            return -1;
        put_num(&o, m->ply);
        char tok[12];
        int k = snprintf(tok, sizeof tok, "%s", iccs);
        if (m->reveal) {
            if (m->reveal <= CT_KING || m->reveal > CT_PAWN)
                return -1;
            k += snprintf(tok + k, sizeof tok - (size_t)k, "=%c", ct_coup_type_letter(m->reveal));
        }
        if (m->taken) {
            if (m->taken <= CT_KING || m->taken > CT_PAWN)
                return -1;
            snprintf(tok + k, sizeof tok - (size_t)k, "x%c", ct_coup_type_letter(m->taken));
        }
        put_field(&o, tok);
        if (m->has_clock) {
            if (!ms_valid(m->clock_ms[0]) || !ms_valid(m->clock_ms[1]))
                return -1;
            put_num(&o, m->clock_ms[0]);
            put_num(&o, m->clock_ms[1]);
        }
        break;
    }
    case PROTO_CLOCK:
        if (!ms_valid(m->clock_ms[0]) || !ms_valid(m->clock_ms[1]) || m->side < 0 ||
            m->side >= COUNT(clock_names))
            return -1;
        put_num(&o, m->clock_ms[0]);
        put_num(&o, m->clock_ms[1]);
        put_field(&o, clock_names[m->side]);
        break;
    case PROTO_SYNC:
    case PROTO_TAKEBACK:
        if (m->ply < 0 || m->ply > PROTO_PLY_MAX)
            return -1;
        put_num(&o, m->ply);
        break;
    case PROTO_DRAW:
        if (m->arg < 0 || m->arg >= COUNT(draw_names))
            return -1;
        put_field(&o, draw_names[m->arg]);
        break;
    case PROTO_RESIGN:
        break;
    case PROTO_UNDO:
        if (m->arg < 0 || m->arg >= COUNT(undo_names) || m->ply < 0 || m->ply > PROTO_PLY_MAX)
            return -1;
        put_field(&o, undo_names[m->arg]);
        put_num(&o, m->ply);
        break;
    case PROTO_CHAT:
        if (!memchr(m->text, 0, sizeof m->text))
            return -1;
        put_text(&o, m->text);
        break;
    case PROTO_WATCHERS:
        if (m->count < 0 || m->count > PROTO_WATCHERS_MAX)
            return -1;
        put_num(&o, m->count);
        break;
    case PROTO_RESULT: {
        const char *r = ct_result_string(m->result);
        if ((unsigned)m->result > CT_RESULT_DRAW)
            return -1;
        put_field(&o, r);
        if (m->adjourned) {
            if (m->result != CT_RESULT_NONE)
                return -1;
            put_field(&o, "adjourned");
        } else {
            ct_end_reason back;
            const char *why = ct_end_reason_name(m->reason);
            if (ct_termination_parse(why, &back) != CT_OK || back != m->reason ||
                (m->result == CT_RESULT_NONE) != (m->reason == CT_END_ABORTED))
                return -1;
            put_field(&o, why);
        }
        break;
    }
    case PROTO_PEER:
        if (m->arg < 0 || m->arg >= COUNT(peer_names))
            return -1;
        put_field(&o, peer_names[m->arg]);
        break;
    case PROTO_BYE:
        if (!memchr(m->word, 0, sizeof m->word) || !word_valid(m->word) ||
            !memchr(m->text, 0, sizeof m->text))
            return -1;
        put_field(&o, m->word);
        if (m->text[0])
            put_text(&o, m->text);
        break;
    case PROTO_COMMIT:
        if (!memchr(m->commit, 0, sizeof m->commit) || !hex64_valid(m->commit))
            return -1;
        put_field(&o, m->commit);
        break;
    case PROTO_DISCLOSE:
        if (!memchr(m->deal, 0, sizeof m->deal) || !deal_valid(m->deal) ||
            !memchr(m->salt, 0, sizeof m->salt) || !hex64_valid(m->salt))
            return -1;
        put_field(&o, m->deal);
        put_field(&o, m->salt);
        break;
    case PROTO_TYPE_COUNT:
        return -1;
    }
    put(&o, "\n");
    if (o.over) {
        buf[0] = 0;
        return -1;
    }
    return (int)o.len;
}

/* ------------------------------------------------------------------ the reader */
void proto_reader_init(proto_reader *r, int burst, int per_sec)
{
    memset(r, 0, sizeof *r);
    r->burst = burst > 0 ? burst : 1;
    r->per_sec = per_sec > 0 ? per_sec : 1;
    r->tokens_milli = (int64_t)r->burst * 1000;
}

size_t proto_reader_feed(proto_reader *r, const char *data, size_t len)
{
    if (r->failed)
        return len; /* swallowed: the connection is being closed */
    size_t room = sizeof r->buf - r->len;
    size_t take = len < room ? len : room;
    memcpy(r->buf + r->len, data, take);
    r->len += take;
    return take;
}

static int reader_fail(proto_reader *r, const char *why)
{
    r->failed = true;
    snprintf(r->why, sizeof r->why, "%s", why);
    r->len = 0;
    return -1;
}

int proto_reader_next(proto_reader *r, proto_msg *m, int64_t now_ms)
{
    if (r->failed)
        return -1;
    char *nl = memchr(r->buf, '\n', r->len);
    if (!nl) {
        if (r->len >= PROTO_LINE_MAX)
            return reader_fail(r, "line too long");
        return 0;
    }
    size_t n = (size_t)(nl - r->buf);
    if (n + 1 > PROTO_LINE_MAX)
        return reader_fail(r, "line too long");
    /* 1. The rate: refill the bucket for the time passed, then take one line from it. */
    if (!r->started) {
        r->started = true;
        r->last_ms = now_ms;
    }
    if (now_ms > r->last_ms) {
        int64_t dt = now_ms - r->last_ms;
        int64_t add = (dt > 3600000 ? 3600000 : dt) * r->per_sec;
        int64_t cap = (int64_t)r->burst * 1000;
        r->tokens_milli = add > cap - r->tokens_milli ? cap : r->tokens_milli + add;
        r->last_ms = now_ms;
    }
    if (r->tokens_milli < 1000)
        return reader_fail(r, "too many messages");
    r->tokens_milli -= 1000;
    /* 2. The line. */
    char err[120];
    int rc = proto_parse(r->buf, n, m, err, sizeof err);
    memmove(r->buf, nl + 1, r->len - n - 1);
    r->len -= n + 1;
    if (rc != 0) {
        char why[160];
        snprintf(why, sizeof why, "protocol error: %s", err);
        return reader_fail(r, why);
    }
    return 1;
}
