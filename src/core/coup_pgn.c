/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — cờ úp records (coup_pgn.h): moves with their reveals as text and in the players'
 * notations (from a view), the deal as text,
 * a line checked against a deal or against what could be hidden, and the PGN writer and
 * reader of [Variant "Jieqi"] games with our CoupSeed/CoupDeal tags. */
#include "cotuong/coup_pgn.h"
#include "board_internal.h"
#include "textbuf.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char type_letters[CT_PIECE_TYPES] = {'?', 'K', 'A', 'B', 'N', 'R', 'C', 'P'};
static const uint8_t set_count[CT_PIECE_TYPES] = {0, 1, 2, 2, 2, 2, 2, 5};

char ct_coup_type_letter(int type)
{
    return type > 0 && type < CT_PIECE_TYPES ? type_letters[type] : '?';
}

int ct_coup_letter_type(char c)
{
    return bd_letter_type(c); /* the FEN readers' letters: one table for the core */
}

void ct_coup_move_text(ct_move mv, int reveal, char out[CT_COUP_MOVE_TEXT])
{
    char coord[5];
    ct_move_coord(mv, coord);
    if (reveal > 0 && reveal < CT_PIECE_TYPES)
        snprintf(out, CT_COUP_MOVE_TEXT, "%.4s=%c", coord, type_letters[reveal]);
    else
        snprintf(out, CT_COUP_MOVE_TEXT, "%.4s", coord);
}

ct_status ct_coup_move_read(const char *text, ct_move *mv, int *reveal)
{
    size_t n = strlen(text);
    if (n != 4 && !(n == 6 && text[4] == '='))
        return CT_ERR_SYNTAX;
    for (int i = 0; i < 4; i += 2)
        if (text[i] < 'a' || text[i] > 'i' || text[i + 1] < '0' || text[i + 1] > '9')
            return CT_ERR_SYNTAX;
    *mv = CT_MOVE(CT_SQ(text[0] - 'a', text[1] - '0'), CT_SQ(text[2] - 'a', text[3] - '0'));
    *reveal = 0;
    if (n == 6) {
        int t = ct_coup_letter_type(text[5]);
        if (t == CT_NO_TYPE || t == CT_KING)
            return CT_ERR_SYNTAX;
        *reveal = t;
    }
    return CT_OK;
}

/* ------------------------------------------------------------------ moves in notations */
/* The neutral description of a move in a view: a face-down piece is named by the piece it
 * moves as (its square's), the way players call it ("Pháo 2 bình 5, lật Xe"). */
ct_status ct_coup_move_describe(const ct_coup_pos *v, ct_move mv, ct_move_desc *d)
{
    ct_sq from = CT_FROM(mv), to = CT_TO(mv);
    int side = ct_coup_side_at(v, from);
    if (side < 0)
        return CT_ERR_ILLEGAL;
    int type = ct_coup_acting_type(v, from);
    memset(d, 0, sizeof *d);
    d->side = side;
    d->type = type;
    d->from = from;
    d->to = to;
    int ff = CT_SQ_FILE(from), fr = CT_SQ_RANK(from), tf = CT_SQ_FILE(to), tr = CT_SQ_RANK(to);
    d->file = side == CT_RED ? 9 - ff : ff + 1;
    int dest = side == CT_RED ? 9 - tf : tf + 1, fwd = side == CT_RED ? tr - fr : fr - tr;
    d->dir = fwd > 0 ? CT_DIR_FORWARD : fwd < 0 ? CT_DIR_BACKWARD : CT_DIR_SIDEWAYS;
    bool diagonal = type == CT_ADVISOR || type == CT_ELEPHANT || type == CT_HORSE;
    d->number = diagonal || d->dir == CT_DIR_SIDEWAYS ? dest : (fwd < 0 ? -fwd : fwd);
    if (type == CT_ROOK || type == CT_HORSE || type == CT_CANNON || type == CT_PAWN) {
        int count = 0, ahead = 0, files = 0;
        for (int r = 0; r < CT_RANKS; r++) {
            ct_sq sq = (ct_sq)CT_SQ(ff, r);
            if (ct_coup_side_at(v, sq) == side && ct_coup_acting_type(v, sq) == type) {
                count++;
                ahead += side == CT_RED ? r > fr : r < fr;
            }
        }
        for (int f = 0; type == CT_PAWN && f < CT_FILES; f++) {
            int n = 0;
            for (int r = 0; r < CT_RANKS; r++) {
                ct_sq sq = (ct_sq)CT_SQ(f, r);
                n += ct_coup_side_at(v, sq) == side && ct_coup_acting_type(v, sq) == CT_PAWN;
            }
            files += n >= 2;
        }
        if (count >= 2 && count <= 5) {
            d->tandem = count;
            d->index = ahead;
            d->two_files = files >= 2;
        }
    }
    return CT_OK;
}

/* Typed text without blanks, ASCII letters in lower case: how typed moves are compared. */
static void squeeze(const char *in, char *out, size_t size)
{
    size_t k = 0;
    for (; *in && k + 1 < size; in++)
        if (*in != ' ' && *in != '\t')
            out[k++] = (char)(*in >= 'A' && *in <= 'Z' ? *in - 'A' + 'a' : *in);
    out[k] = '\0';
}

ct_status ct_coup_move_parse(const ct_coup_pos *v, const char *text, ct_move *out)
{
    char typed[128], coord[16];
    squeeze(text, typed, sizeof typed);
    size_t k = 0;
    for (const char *t = typed; *t && k + 1 < sizeof coord; t++)
        if (*t != '-')
            coord[k++] = *t;
    coord[k] = '\0';
    ct_move mv = strlen(coord) == 4 ? ct_move_parse_coord(coord) : CT_NO_MOVE;
    if (mv != CT_NO_MOVE) {
        *out = mv;
        return CT_OK;
    }
    /* Else the text of one legal move, in any notation that names pieces. */
    static const ct_notation forms[] = {CT_NOTATION_VI, CT_NOTATION_VI_LONG, CT_NOTATION_WXF,
                                        CT_NOTATION_ZH, CT_NOTATION_ZH_HANT};
    ct_move moves[CT_MAX_MOVES], found = CT_NO_MOVE;
    int n = ct_coup_gen_legal(v, moves), hits = 0;
    for (int i = 0; i < n; i++) {
        ct_move_desc d;
        if (ct_coup_move_describe(v, moves[i], &d) != CT_OK)
            continue;
        for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
            char rtext[CT_MOVE_TEXT_MAX], rs[CT_MOVE_TEXT_MAX];
            if (ct_move_desc_render(&d, forms[f], rtext, sizeof rtext) < 0)
                continue;
            squeeze(rtext, rs, sizeof rs);
            if (!strcmp(rs, typed)) {
                if (found != moves[i])
                    hits++;
                found = moves[i];
                break;
            }
        }
    }
    if (hits > 1)
        return CT_ERR_AMBIGUOUS;
    if (hits == 0)
        return CT_ERR_NOT_FOUND;
    *out = found;
    return CT_OK;
}

/* ------------------------------------------------------------------ the deal as text */
void ct_coup_deal_text(const ct_coup_deal *deal, char *out, size_t size)
{
    char buf[32];
    int k = 0;
    for (int sd = 0; sd < 2; sd++) {
        if (sd)
            buf[k++] = '/';
        for (int i = 0; i < CT_COUP_DEALT; i++) {
            char c = ct_coup_type_letter(deal->type[sd][i]);
            buf[k++] = (char)(sd == CT_BLACK && c != '?' ? c - 'A' + 'a' : c);
        }
    }
    buf[k] = '\0';
    snprintf(out, size, "%s", buf);
}

ct_status ct_coup_deal_read(const char *text, ct_coup_deal *deal)
{
    if (strlen(text) != 2 * CT_COUP_DEALT + 1 || text[CT_COUP_DEALT] != '/')
        return CT_ERR_SYNTAX;
    ct_coup_deal d;
    for (int sd = 0; sd < 2; sd++)
        for (int i = 0; i < CT_COUP_DEALT; i++) {
            char c = text[sd * (CT_COUP_DEALT + 1) + i];
            bool upper = c >= 'A' && c <= 'Z';
            int t = ct_coup_letter_type(c);
            if (t == CT_NO_TYPE || t == CT_KING || upper != (sd == CT_RED))
                return CT_ERR_SYNTAX;
            d.type[sd][i] = (uint8_t)t;
        }
    if (!ct_coup_deal_ok(&d))
        return CT_ERR_INVALID;
    *deal = d;
    return CT_OK;
}

/* The pieces left[] counts, one entry each, shuffled (Fisher-Yates) from *st into bag (at
 * most CT_COUP_DEALT); returns how many. */
static int shuffled_bag(const int left[CT_PIECE_TYPES], uint8_t bag[CT_COUP_DEALT], uint64_t *st)
{
    int n = 0;
    for (int t = CT_ADVISOR; t < CT_PIECE_TYPES; t++)
        for (int k = 0; k < left[t] && n < CT_COUP_DEALT; k++)
            bag[n++] = (uint8_t)t;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(ct_coup_rand(st) % (uint64_t)(i + 1));
        uint8_t t = bag[i];
        bag[i] = bag[j];
        bag[j] = t;
    }
    return n;
}

void ct_coup_deal_complete(ct_coup_deal *deal, uint64_t seed)
{
    uint64_t st = seed;
    for (int sd = 0; sd < 2; sd++) {
        int left[CT_PIECE_TYPES];
        for (int t = 0; t < CT_PIECE_TYPES; t++)
            left[t] = t == CT_KING ? 0 : set_count[t];
        for (int i = 0; i < CT_COUP_DEALT; i++)
            if (deal->type[sd][i] > 0 && deal->type[sd][i] < CT_PIECE_TYPES)
                left[deal->type[sd][i]]--;
        uint8_t bag[CT_COUP_DEALT];
        int n = shuffled_bag(left, bag, &st);
        int k = 0;
        for (int i = 0; i < CT_COUP_DEALT && k < n; i++)
            if (deal->type[sd][i] == 0)
                deal->type[sd][i] = bag[k++];
    }
}

/* ------------------------------------------------------------------ a FEN start */
void ct_coup_fen_deal(const ct_coup_pos *start, const ct_coup_deal *known, uint64_t seed,
                      ct_coup_deal *deal)
{
    uint64_t st = seed;
    ct_coup_deal d;
    memset(&d, 0, sizeof d);
    for (int sd = 0; sd < 2; sd++) {
        /* 1. The bag: the side's pool, less what is known to stand face down already. */
        int left[CT_PIECE_TYPES];
        for (int t = 0; t < CT_PIECE_TYPES; t++)
            left[t] = t == CT_KING || t == 0 ? 0 : start->pool[sd][t];
        int open[CT_COUP_DEALT] = {0}, nopen = 0;
        for (int i = 0; i < CT_COUP_DEALT; i++) {
            ct_sq sq = ct_coup_deal_square(sd, i);
            if (!ct_coup_is_down(start, sq) || ct_coup_side_at(start, sq) != sd)
                continue;
            int t = known ? known->type[sd][i] : 0;
            if (t > CT_KING && t < CT_PIECE_TYPES && left[t] > 0) {
                d.type[sd][i] = (uint8_t)t;
                left[t]--;
            } else {
                open[nopen++] = i;
            }
        }
        /* 2. Shuffled, then onto the face-down squares in the deal's order; what is left of
         *    the bag stays out of play. */
        uint8_t bag[CT_COUP_DEALT];
        int n = shuffled_bag(left, bag, &st);
        for (int k = 0; k < nopen && k < n; k++)
            d.type[sd][open[k]] = bag[k];
    }
    /* 3. The squares with no face-down piece: what the set leaves (never read). */
    ct_coup_deal_complete(&d, ct_coup_rand(&st));
    *deal = d;
}

ct_status ct_coup_start_from(ct_coup_pos *pos, const ct_coup_pos *start, const ct_coup_deal *deal)
{
    int want[2][CT_PIECE_TYPES];
    memset(want, 0, sizeof want);
    ct_coup_pos *p = malloc(sizeof *p);
    if (!p)
        return CT_ERR_FULL;
    memcpy(p, start, offsetof(ct_coup_pos, hist));
    p->ply = 0;
    for (int sd = 0; sd < 2; sd++)
        for (int i = 0; i < CT_COUP_DEALT; i++) {
            ct_sq sq = ct_coup_deal_square(sd, i);
            if (!ct_coup_is_down(p, sq) || ct_coup_side_at(p, sq) != sd)
                continue;
            int t = deal->type[sd][i];
            if (t <= CT_KING || t >= CT_PIECE_TYPES || ++want[sd][t] > p->pool[sd][t]) {
                free(p);
                return CT_ERR_INVALID;
            }
            p->board[sq] = (uint8_t)((p->board[sq] & ~7) | t);
        }
    memcpy(pos, p, offsetof(ct_coup_pos, hist));
    pos->ply = 0;
    free(p);
    return CT_OK;
}

/* ------------------------------------------------------------------ a line checked */
static ct_status line_fail(ct_coup_line_error *err, ct_coup_line_problem code, int ply,
                           int type, ct_move mv, int reveal, ct_status st)
{
    if (!err)
        return st;
    static const char *const what[] = {
        [CT_COUP_LINE_ILLEGAL] = "the move is not legal there",
        [CT_COUP_LINE_CONTRADICTS] = "the deal puts another piece there",
        [CT_COUP_LINE_IMPOSSIBLE] = "no piece of that kind is still hidden",
        [CT_COUP_LINE_MISSING] = "it turns a face-down piece up and does not say what it was",
        [CT_COUP_LINE_NOT_DOWN] = "it says a reveal but moves a piece already face up",
    };
    char text[CT_COUP_MOVE_TEXT];
    ct_coup_move_text(mv, reveal, text);
    err->code = code;
    err->ply = ply;
    err->type = type;
    if (code == CT_COUP_LINE_CONTRADICTS)
        snprintf(err->message, sizeof err->message, "move %d (%s): the deal puts %c there",
                 ply, text, type_letters[type]);
    else
        snprintf(err->message, sizeof err->message, "move %d (%s): %s", ply, text, what[code]);
    return st;
}

ct_status ct_coup_line_check(const ct_coup_deal *deal, const ct_move *moves, uint8_t *reveals,
                             int n, ct_coup_deal *known, ct_coup_line_error *err)
{
    return ct_coup_line_check_from(NULL, deal, moves, reveals, n, known, err);
}

ct_status ct_coup_line_check_from(const ct_coup_pos *start, const ct_coup_deal *deal,
                                  const ct_move *moves, uint8_t *reveals, int n,
                                  ct_coup_deal *known, ct_coup_line_error *err)
{
    ct_coup_pos *pos = malloc(sizeof *pos);
    if (!pos)
        return CT_ERR_FULL;
    /* origin[sq]: side * 16 + dealt index of the face-down piece on sq, -1 for none. */
    int origin[CT_BOARD_SIZE];
    for (int sq = 0; sq < CT_BOARD_SIZE; sq++)
        origin[sq] = -1;
    for (int sd = 0; sd < 2; sd++)
        for (int i = 0; i < CT_COUP_DEALT; i++)
            origin[ct_coup_deal_square(sd, i)] = sd * 16 + i;
    if (known)
        memset(known, 0, sizeof *known);
    ct_status st = CT_OK;
    if (!start) {
        ct_coup_start(pos, deal);
    } else if (!deal) {
        memcpy(pos, start, offsetof(ct_coup_pos, hist));
        pos->ply = 0;
    } else if (ct_coup_start_from(pos, start, deal) != CT_OK) {
        free(pos);
        if (err) {
            memset(err, 0, sizeof *err);
            err->code = CT_COUP_LINE_VARIANT;
            snprintf(err->message, sizeof err->message, "%s",
                     "the deal does not fit the pool of the FEN position");
        }
        return CT_ERR_INVALID;
    }
    for (int k = 0; k < n && k < CT_MAX_HISTORY - 1; k++) {
        ct_move mv = moves[k];
        int r = reveals[k], side = pos->side;
        if (!ct_coup_is_legal(pos, mv)) {
            st = line_fail(err, CT_COUP_LINE_ILLEGAL, k + 1, 0, mv, r, CT_ERR_ILLEGAL);
            break;
        }
        ct_sq from = CT_FROM(mv), to = CT_TO(mv);
        bool down = ct_coup_is_reveal(pos, mv);
        if (!down && r) {
            st = line_fail(err, CT_COUP_LINE_NOT_DOWN, k + 1, 0, mv, r, CT_ERR_INVALID);
            break;
        }
        if (down) {
            if (deal) {
                int t = CT_COUP_TYPE(pos->board[from]);
                if (r && r != t) {
                    st = line_fail(err, CT_COUP_LINE_CONTRADICTS, k + 1, t, mv, r, CT_ERR_INVALID);
                    break;
                }
                r = t;
                reveals[k] = (uint8_t)t;
            } else if (!r) {
                st = line_fail(err, CT_COUP_LINE_MISSING, k + 1, 0, mv, r, CT_ERR_INVALID);
                break;
            } else if (pos->pool[side][r] == 0) {
                st = line_fail(err, CT_COUP_LINE_IMPOSSIBLE, k + 1, r, mv, r, CT_ERR_INVALID);
                break;
            }
            if (known && origin[from] >= 0)
                known->type[origin[from] >> 4][origin[from] & 15] = (uint8_t)r;
        }
        if (ct_coup_make(pos, mv, r) < 0) {
            st = line_fail(err, CT_COUP_LINE_IMPOSSIBLE, k + 1, r, mv, r, CT_ERR_INVALID);
            break;
        }
        origin[to] = origin[from];
        origin[from] = -1;
    }
    free(pos);
    return st;
}

/* ------------------------------------------------------------------ the writer */
typedef ct_textbuf sbuf;

static void put(sbuf *b, const char *s, size_t n)
{
    ct_textbuf_put(b, s, n);
}

static void puts_(sbuf *b, const char *s)
{
    ct_textbuf_puts(b, s);
}

/* A movetext word, wrapped before 80 columns. */
static void word(sbuf *b, const char *w)
{
    size_t n = strlen(w);
    if (b->col > 0 && b->col + 1 + (int)n > 79)
        puts_(b, "\n");
    else if (b->col > 0)
        puts_(b, " ");
    put(b, w, n); /* the buffer counts the column */
}

static void comment(sbuf *b, const char *c)
{
    if (!c || !*c)
        return;
    size_t n = strlen(c);
    char *t = malloc(n + 3);
    if (!t) {
        b->oom = true;
        return;
    }
    t[0] = '{';
    for (size_t i = 0; i < n; i++)
        t[i + 1] = c[i] == '}'                                         ? ')'
                   : (unsigned char)c[i] < 0x20 || (unsigned char)c[i] == 0x7F ? ' '
                                                                             : c[i];
    t[n + 1] = '}';
    t[n + 2] = '\0';
    word(b, t);
    free(t);
}

ct_status ct_coup_pgn_write(const ct_record *rec, const uint8_t *reveals, char **out,
                            size_t *len)
{
    ct_record copy;
    if (ct_record_copy(&copy, rec) != CT_OK)
        return CT_ERR_FULL;
    ct_record_sort_tags(&copy);
    sbuf b = {0};
    ct_textbuf_tag(&b, "Game", "Chinese Chess");
    ct_textbuf_tag(&b, "Variant", CT_COUP_VARIANT);
    const char *fen = ct_record_tag(&copy, CT_COUP_FEN_TAG);
    if (fen) { /* the start position, under the name every reader knows */
        ct_textbuf_tag(&b, "SetUp", "1");
        ct_textbuf_tag(&b, "FEN", fen);
    }
    for (int i = 0; i < copy.ntags; i++)
        if (strcmp(copy.tags[i].name, "Variant") && strcmp(copy.tags[i].name, "Game") &&
            strcmp(copy.tags[i].name, CT_COUP_FEN_TAG) && strcmp(copy.tags[i].name, "SetUp"))
            ct_textbuf_tag(&b, copy.tags[i].name, copy.tags[i].value);
    ct_textbuf_tag(&b, "Result", ct_result_string(copy.result));
    if (copy.termination != CT_END_NONE)
        ct_textbuf_tag(&b, "Termination", ct_end_reason_name(copy.termination));
    puts_(&b, "\n");
    comment(&b, ct_record_comment(&copy, CT_ROOT));
    int k = 0;
    for (int node = ct_record_first_child(&copy, CT_ROOT); node != CT_NO_NODE;
         node = ct_record_first_child(&copy, node), k++) {
        char num[16], text[CT_COUP_MOVE_TEXT];
        if (k % 2 == 0) {
            snprintf(num, sizeof num, "%d.", k / 2 + 1);
            word(&b, num);
        }
        ct_coup_move_text(ct_record_move(&copy, node), reveals ? reveals[k] : 0, text);
        word(&b, text);
        int nag = ct_record_nag(&copy, node);
        if (nag) {
            snprintf(num, sizeof num, "$%d", nag);
            word(&b, num);
        }
        comment(&b, ct_record_comment(&copy, node));
    }
    word(&b, ct_result_string(copy.result));
    puts_(&b, "\n");
    ct_record_free(&copy);
    if (b.oom) {
        free(b.s);
        return CT_ERR_FULL;
    }
    *out = b.s;
    *len = b.n;
    return CT_OK;
}

/* ------------------------------------------------------------------ the reader */
static ct_status syntax(ct_coup_line_error *err, ct_coup_line_problem code, const char *what)
{
    if (err) {
        memset(err, 0, sizeof *err);
        err->code = code;
        snprintf(err->message, sizeof err->message, "%s", what);
    }
    return code == CT_COUP_LINE_SYNTAX ? CT_ERR_SYNTAX : CT_ERR_INVALID;
}

static int mark_of(const char *s, size_t n)
{
    static const char *const marks[] = {"", "!", "?", "!!", "??", "!?", "?!"};
    for (int i = 1; i < 7; i++)
        if (strlen(marks[i]) == n && !memcmp(marks[i], s, n))
            return i;
    return 0;
}

/* Reads the tag pairs and movetext of the first game into rec and moves/reveals. */
static ct_status parse(const char *buf, size_t len, ct_record *rec, ct_move *moves,
                       uint8_t *reveals, int *nmoves, ct_coup_line_error *err)
{
    size_t i = 0;
    int node = CT_ROOT, n = 0;
    bool in_moves = false;
    char msg[200];
    while (i < len) {
        char c = buf[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            i++;
        } else if (c == '[') {
            if (in_moves)
                break; /* the next game */
            size_t s = ++i;
            while (i < len && buf[i] != ' ' && buf[i] != ']' && buf[i] != '\n')
                i++;
            size_t nl = i - s;
            while (i < len && buf[i] == ' ')
                i++;
            if (i >= len || buf[i] != '"' || nl == 0 || nl > 60)
                return syntax(err, CT_COUP_LINE_SYNTAX, "a tag line is not [Name \"value\"]");
            char name[64], *value = malloc(len - i + 1);
            size_t vl = 0;
            if (!value)
                return CT_ERR_FULL;
            memcpy(name, buf + s, nl);
            name[nl] = '\0';
            for (i++; i < len && buf[i] != '"' && buf[i] != '\n'; i++) {
                if (buf[i] == '\\' && i + 1 < len)
                    i++;
                value[vl++] = buf[i];
            }
            value[vl] = '\0';
            while (i < len && buf[i] != ']' && buf[i] != '\n')
                i++;
            if (i < len && buf[i] == ']')
                i++;
            ct_status st = CT_OK;
            if (!strcmp(name, "Result")) {
                if (ct_result_parse(value, &rec->result) != CT_OK)
                    rec->result = CT_RESULT_NONE;
            } else if (!strcmp(name, "Termination") &&
                       ct_termination_parse(value, &rec->termination) == CT_OK) {
            } else if (!strcmp(name, "Format") || !strcmp(name, "SetUp")) {
            } else if (!strcmp(name, "FEN")) { /* the record keeps FEN for its own start */
                st = ct_record_set_tag(rec, CT_COUP_FEN_TAG, value);
            } else if (strcmp(name, "Game")) {
                st = ct_record_set_tag(rec, name, value);
            }
            free(value);
            if (st == CT_ERR_FULL)
                return st;
        } else if (c == '{') {
            size_t s = ++i;
            while (i < len && buf[i] != '}')
                i++;
            char *t = malloc(i - s + 1);
            if (!t)
                return CT_ERR_FULL;
            memcpy(t, buf + s, i - s);
            t[i - s] = '\0';
            ct_text_clean(t, true);
            ct_record_set_comment(rec, node, t);
            free(t);
            i++;
            in_moves = true;
        } else if (c == ';') {
            while (i < len && buf[i] != '\n')
                i++;
        } else if (c == '(') {
            /* A variation: skipped (only the main line is kept). */
            int depth = 0;
            for (; i < len; i++) {
                if (buf[i] == '{')
                    while (i < len && buf[i] != '}')
                        i++;
                else if (buf[i] == '(')
                    depth++;
                else if (buf[i] == ')' && --depth == 0)
                    break;
            }
            i++;
        } else {
            size_t s = i;
            while (i < len && !strchr(" \t\r\n{}();[", buf[i]))
                i++;
            size_t tl = i - s;
            char tok[64];
            if (tl >= sizeof tok) {
                snprintf(msg, sizeof msg, "move %d: cannot read '%.20s...'", n + 1, buf + s);
                return syntax(err, CT_COUP_LINE_SYNTAX, msg);
            }
            memcpy(tok, buf + s, tl);
            tok[tl] = '\0';
            in_moves = true;
            ct_result res;
            if (ct_result_parse(tok, &res) == CT_OK) {
                if (res != CT_RESULT_NONE || rec->result == CT_RESULT_NONE)
                    rec->result = res;
                break;
            }
            if (tok[0] == '$') {
                ct_record_set_nag(rec, node, atoi(tok + 1));
                continue;
            }
            if (mark_of(tok, tl)) {
                ct_record_set_nag(rec, node, mark_of(tok, tl));
                continue;
            }
            char *m = tok;
            while (*m >= '0' && *m <= '9')
                m++;
            if (m != tok && *m == '.') {
                while (*m == '.')
                    m++;
                if (!*m)
                    continue;
            } else {
                m = tok;
            }
            ct_move mv;
            int r;
            if (ct_coup_move_read(m, &mv, &r) != CT_OK) {
                snprintf(msg, sizeof msg, "move %d: cannot read '%s' (a move is h2e2, a reveal h2e2=R)",
                         n + 1, m);
                return syntax(err, CT_COUP_LINE_SYNTAX, msg);
            }
            if (n >= CT_MAX_HISTORY - 1)
                return syntax(err, CT_COUP_LINE_SYNTAX, "too many moves");
            int child;
            if (ct_record_add_move_unchecked(rec, node, mv, &child) != CT_OK)
                return CT_ERR_FULL;
            node = child;
            moves[n] = mv;
            reveals[n] = (uint8_t)r;
            n++;
        }
    }
    *nmoves = n;
    return CT_OK;
}

ct_status ct_coup_pgn_read(const char *buf, size_t len, uint64_t redeal_seed, ct_record *rec,
                           uint8_t *reveals, ct_coup_deal *deal, bool *dealt,
                           ct_coup_line_error *err)
{
    ct_record_init(rec);
    ct_move *moves = malloc(CT_MAX_HISTORY * sizeof *moves);
    if (!moves)
        return CT_ERR_FULL;
    memset(reveals, 0, CT_MAX_HISTORY);
    int n = 0;
    ct_status st = parse(buf, len, rec, moves, reveals, &n, err);
    ct_coup_deal d, known;
    bool have = false;
    const char *v;
    ct_coup_pos *start = NULL; /* a FEN start, or NULL */
    if (st == CT_OK && (!(v = ct_record_tag(rec, "Variant")) || strcmp(v, CT_COUP_VARIANT)))
        st = syntax(err, CT_COUP_LINE_VARIANT, "not a cờ úp record: no [Variant \"Jieqi\"] tag");
    if (st == CT_OK && (v = ct_record_tag(rec, CT_COUP_FEN_TAG))) {
        ct_coup_fen_error fe;
        start = malloc(sizeof *start);
        if (!start) {
            st = CT_ERR_FULL;
        } else if (ct_coup_fen_read(start, v, &fe) != CT_OK) {
            char what[180];
            snprintf(what, sizeof what, "the FEN tag: %s", fe.message);
            st = syntax(err, CT_COUP_LINE_VARIANT, what);
        }
    }
    if (st == CT_OK && (v = ct_record_tag(rec, "CoupSeed"))) {
        char *end;
        unsigned long long seed = strtoull(v, &end, 10);
        if (end == v || *end)
            st = syntax(err, CT_COUP_LINE_VARIANT, "the CoupSeed tag is not a number");
        if (start)
            ct_coup_fen_deal(start, NULL, seed, &d);
        else
            ct_coup_deal_random(&d, seed);
        have = true;
    }
    if (st == CT_OK && (v = ct_record_tag(rec, "CoupDeal"))) {
        ct_coup_deal t;
        if (ct_coup_deal_read(v, &t) != CT_OK)
            st = syntax(err, CT_COUP_LINE_VARIANT,
                        "the CoupDeal tag is not 15 pieces of each side's set (RNBAABNRCCPPPPP/rnbaabnrccppppp)");
        else if (have && memcmp(&t, &d, sizeof t))
            st = syntax(err, CT_COUP_LINE_VARIANT, "the CoupDeal tag is not the deal of the CoupSeed tag");
        d = t;
        have = true;
    }
    if (st == CT_OK)
        st = ct_coup_line_check_from(start, have ? &d : NULL, moves, reveals, n, &known, err);
    free(moves);
    if (st != CT_OK) {
        free(start);
        ct_record_free(rec);
        ct_record_init(rec);
        return st;
    }
    if (!have) {
        d = known;
        if (start)
            ct_coup_fen_deal(start, &known, redeal_seed, &d);
        else
            ct_coup_deal_complete(&d, redeal_seed);
    }
    free(start);
    ct_record_set_tag(rec, "Variant", NULL);
    *deal = d;
    *dealt = have;
    return CT_OK;
}
