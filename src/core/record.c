/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the game record: a tree of moves stored in one array of nodes linked by index,
 * tags as a list of name/value pairs, and the helpers that walk the tree and replay it. */
#include <stdlib.h>
#include <string.h>

#include "cotuong/movegen.h"
#include "cotuong/record.h"

#define DEAD (-2) /* parent value of a deleted node */

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

static void set_root(ct_record *r)
{
    ct_node *root = &r->nodes[0];
    root->move = CT_NO_MOVE;
    root->parent = CT_NO_NODE;
    root->first_child = CT_NO_NODE;
    root->next_sibling = CT_NO_NODE;
    root->nag = 0;
    root->comment = NULL;
    r->nnodes = 1;
}

void ct_record_init(ct_record *r)
{
    memset(r, 0, sizeof *r);
    /* The root lives in a small static-size first allocation; failure leaves nodes NULL and
     * every later call reports CT_ERR_FULL or treats the record as empty. */
    r->nodes = malloc(16 * sizeof *r->nodes);
    if (r->nodes) {
        r->nodes_cap = 16;
        set_root(r);
    }
}

static void free_nodes(ct_record *r)
{
    for (int i = 0; i < r->nnodes; i++)
        free(r->nodes[i].comment);
}

static void free_tags(ct_record *r)
{
    for (int i = 0; i < r->ntags; i++) {
        free(r->tags[i].name);
        free(r->tags[i].value);
    }
    free(r->tags);
    r->tags = NULL;
    r->ntags = r->tags_cap = 0;
}

void ct_record_free(ct_record *r)
{
    if (!r)
        return;
    free_nodes(r);
    free(r->nodes);
    free_tags(r);
    memset(r, 0, sizeof *r);
}

void ct_record_clear(ct_record *r)
{
    ct_record_free(r);
    ct_record_init(r);
}

ct_status ct_record_copy(ct_record *dst, const ct_record *src)
{
    memset(dst, 0, sizeof *dst);
    memcpy(dst->start_fen, src->start_fen, sizeof dst->start_fen);
    dst->has_fen = src->has_fen;
    dst->result = src->result;
    dst->termination = src->termination;
    int cap = src->nnodes > 16 ? src->nnodes : 16;
    dst->nodes = malloc((size_t)cap * sizeof *dst->nodes);
    if (!dst->nodes)
        return CT_ERR_FULL;
    dst->nodes_cap = cap;
    for (int i = 0; i < src->nnodes; i++) {
        dst->nodes[i] = src->nodes[i];
        dst->nodes[i].comment = NULL;
        dst->nnodes = i + 1;
        if (src->nodes[i].comment && !(dst->nodes[i].comment = dup_str(src->nodes[i].comment)))
            goto fail;
    }
    if (src->nnodes == 0)
        set_root(dst);
    for (int i = 0; i < src->ntags; i++)
        if (ct_record_set_tag(dst, src->tags[i].name, src->tags[i].value) != CT_OK)
            goto fail;
    return CT_OK;
fail:
    ct_record_free(dst);
    ct_record_init(dst);
    return CT_ERR_FULL;
}

/* ------------------------------------------------------------------ start position */

ct_status ct_record_set_start(ct_record *r, const char *fen, ct_fen_error *err)
{
    ct_pos *pos = malloc(sizeof *pos);
    if (!pos)
        return CT_ERR_FULL;
    ct_status st = CT_OK;
    char buf[128];
    if (fen) {
        st = ct_fen_read(pos, fen, err);
        if (st != CT_OK) {
            free(pos);
            return CT_ERR_INVALID;
        }
        ct_fen_write(pos, buf, sizeof buf);
    }
    free(pos);
    /* Drop every move. */
    if (!r->nodes) {
        ct_record_init(r);
        if (!r->nodes)
            return CT_ERR_FULL;
    }
    free_nodes(r);
    set_root(r);
    if (!fen || !strcmp(buf, CT_START_FEN)) {
        r->has_fen = false;
        r->start_fen[0] = '\0';
    } else {
        r->has_fen = true;
        memcpy(r->start_fen, buf, sizeof r->start_fen);
    }
    return st;
}

void ct_record_start_position(const ct_record *r, ct_pos *pos)
{
    if (!r->has_fen || ct_fen_read(pos, r->start_fen, NULL) != CT_OK)
        ct_pos_start(pos);
}

/* ------------------------------------------------------------------ tags */

static int tag_index(const ct_record *r, const char *name)
{
    for (int i = 0; i < r->ntags; i++)
        if (!strcmp(r->tags[i].name, name))
            return i;
    return -1;
}

const char *ct_record_tag(const ct_record *r, const char *name)
{
    int i = tag_index(r, name);
    return i < 0 ? NULL : r->tags[i].value;
}

ct_status ct_record_set_tag(ct_record *r, const char *name, const char *value)
{
    if (!name || !*name || !strcmp(name, "Result") || !strcmp(name, "FEN") ||
        !strcmp(name, "Format"))
        return CT_ERR_INVALID;
    int i = tag_index(r, name);
    if (!value) {
        if (i >= 0) {
            free(r->tags[i].name);
            free(r->tags[i].value);
            memmove(&r->tags[i], &r->tags[i + 1], (size_t)(r->ntags - i - 1) * sizeof *r->tags);
            r->ntags--;
        }
        return CT_OK;
    }
    char *v = dup_str(value);
    if (!v)
        return CT_ERR_FULL;
    ct_text_clean(v, false); /* control characters cannot be written in a PGN tag */
    if (i >= 0) {
        free(r->tags[i].value);
        r->tags[i].value = v;
        return CT_OK;
    }
    if (r->ntags == r->tags_cap) {
        int cap = r->tags_cap ? r->tags_cap * 2 : 16;
        ct_tag *t = realloc(r->tags, (size_t)cap * sizeof *t);
        if (!t) {
            free(v);
            return CT_ERR_FULL;
        }
        r->tags = t;
        r->tags_cap = cap;
    }
    char *n = dup_str(name);
    if (!n) {
        free(v);
        return CT_ERR_FULL;
    }
    r->tags[r->ntags].name = n;
    r->tags[r->ntags].value = v;
    r->ntags++;
    return CT_OK;
}

static const char *const tag_order[] = {
    "Game",   "Event",     "Round", "Date",     "Site",   "RedTeam", "Red",
    "RedElo", "BlackTeam", "Black", "BlackElo", "Result", "ECCO",    "Opening",
    "Variation", "FEN",    "Format", "Termination",
};

const char *ct_record_tag_order(int i)
{
    return i >= 0 && i < (int)(sizeof tag_order / sizeof tag_order[0]) ? tag_order[i] : NULL;
}

void ct_record_sort_tags(ct_record *r)
{
    if (r->ntags < 2)
        return;
    ct_tag *t = malloc((size_t)r->ntags * sizeof *t);
    bool *used = calloc((size_t)r->ntags, sizeof *used);
    if (!t || !used) {
        free(t);
        free(used);
        return;
    }
    int k = 0;
    for (int o = 0; ct_record_tag_order(o); o++)
        for (int i = 0; i < r->ntags; i++)
            if (!used[i] && !strcmp(r->tags[i].name, tag_order[o])) {
                t[k++] = r->tags[i];
                used[i] = true;
            }
    for (int i = 0; i < r->ntags; i++)
        if (!used[i])
            t[k++] = r->tags[i];
    memcpy(r->tags, t, (size_t)r->ntags * sizeof *t);
    free(t);
    free(used);
}

/* ------------------------------------------------------------------ tree */

bool ct_record_valid_node(const ct_record *r, int node)
{
    return r->nodes && node >= 0 && node < r->nnodes && r->nodes[node].parent != DEAD;
}

ct_status ct_record_add_move_unchecked(ct_record *r, int parent, ct_move mv, int *child)
{
    if (!ct_record_valid_node(r, parent) || mv == CT_NO_MOVE)
        return r->nodes ? CT_ERR_INVALID : CT_ERR_FULL;
    int last = CT_NO_NODE;
    for (int c = r->nodes[parent].first_child; c != CT_NO_NODE; c = r->nodes[c].next_sibling) {
        if (r->nodes[c].move == mv) {
            if (child)
                *child = c;
            return CT_OK;
        }
        last = c;
    }
    if (r->nnodes == r->nodes_cap) {
        int cap = r->nodes_cap * 2;
        ct_node *n = realloc(r->nodes, (size_t)cap * sizeof *n);
        if (!n)
            return CT_ERR_FULL;
        r->nodes = n;
        r->nodes_cap = cap;
    }
    int id = r->nnodes++;
    ct_node *nd = &r->nodes[id];
    nd->move = mv;
    nd->parent = parent;
    nd->first_child = CT_NO_NODE;
    nd->next_sibling = CT_NO_NODE;
    nd->nag = 0;
    nd->comment = NULL;
    if (last == CT_NO_NODE)
        r->nodes[parent].first_child = id;
    else
        r->nodes[last].next_sibling = id;
    if (child)
        *child = id;
    return CT_OK;
}

ct_status ct_record_add_move(ct_record *r, int parent, ct_move mv, int *child)
{
    ct_pos *pos = malloc(sizeof *pos);
    if (!pos)
        return CT_ERR_FULL;
    ct_status st = ct_record_position(r, parent, pos);
    if (st == CT_OK && !ct_is_legal(pos, mv))
        st = CT_ERR_ILLEGAL;
    free(pos);
    if (st != CT_OK)
        return st;
    return ct_record_add_move_unchecked(r, parent, mv, child);
}

ct_move ct_record_move(const ct_record *r, int node)
{
    return ct_record_valid_node(r, node) ? r->nodes[node].move : CT_NO_MOVE;
}

int ct_record_parent(const ct_record *r, int node)
{
    return ct_record_valid_node(r, node) ? r->nodes[node].parent : CT_NO_NODE;
}

int ct_record_first_child(const ct_record *r, int node)
{
    return ct_record_valid_node(r, node) ? r->nodes[node].first_child : CT_NO_NODE;
}

int ct_record_next_sibling(const ct_record *r, int node)
{
    return ct_record_valid_node(r, node) ? r->nodes[node].next_sibling : CT_NO_NODE;
}

int ct_record_child_count(const ct_record *r, int node)
{
    int n = 0;
    for (int c = ct_record_first_child(r, node); c != CT_NO_NODE; c = r->nodes[c].next_sibling)
        n++;
    return n;
}

int ct_record_child(const ct_record *r, int node, int i)
{
    if (i < 0)
        return CT_NO_NODE;
    int c = ct_record_first_child(r, node);
    for (; c != CT_NO_NODE && i > 0; i--)
        c = r->nodes[c].next_sibling;
    return c;
}

int ct_record_find_child(const ct_record *r, int node, ct_move mv)
{
    for (int c = ct_record_first_child(r, node); c != CT_NO_NODE; c = r->nodes[c].next_sibling)
        if (r->nodes[c].move == mv)
            return c;
    return CT_NO_NODE;
}

int ct_record_depth(const ct_record *r, int node)
{
    if (!ct_record_valid_node(r, node))
        return 0;
    int d = 0;
    while (r->nodes[node].parent != CT_NO_NODE) {
        node = r->nodes[node].parent;
        d++;
    }
    return d;
}

bool ct_record_on_main_line(const ct_record *r, int node)
{
    if (!ct_record_valid_node(r, node))
        return false;
    while (r->nodes[node].parent != CT_NO_NODE) {
        int p = r->nodes[node].parent;
        if (r->nodes[p].first_child != node)
            return false;
        node = p;
    }
    return true;
}

int ct_record_main_end(const ct_record *r)
{
    if (!r->nodes)
        return CT_ROOT;
    int n = CT_ROOT;
    while (r->nodes[n].first_child != CT_NO_NODE)
        n = r->nodes[n].first_child;
    return n;
}

int ct_record_main_line_nodes(const ct_record *r, int *out, int max)
{
    if (!r->nodes)
        return 0;
    int count = 0;
    for (int n = r->nodes[CT_ROOT].first_child; n != CT_NO_NODE; n = r->nodes[n].first_child) {
        if (count < max && out)
            out[count] = n;
        count++;
    }
    return count;
}

int ct_record_main_line(const ct_record *r, ct_move *out, int max)
{
    if (!r->nodes)
        return 0;
    int count = 0;
    for (int n = r->nodes[CT_ROOT].first_child; n != CT_NO_NODE; n = r->nodes[n].first_child) {
        if (count < max && out)
            out[count] = r->nodes[n].move;
        count++;
    }
    return count;
}

int ct_record_line_to(const ct_record *r, int node, ct_move *out, int max)
{
    int depth = ct_record_depth(r, node);
    if (!ct_record_valid_node(r, node))
        return 0;
    for (int i = depth; node != CT_ROOT && node != CT_NO_NODE; i--) {
        if (out && i - 1 < max)
            out[i - 1] = r->nodes[node].move;
        node = r->nodes[node].parent;
    }
    return depth;
}

ct_status ct_record_position(const ct_record *r, int node, ct_pos *pos)
{
    if (!ct_record_valid_node(r, node))
        return CT_ERR_INVALID;
    int depth = ct_record_depth(r, node);
    ct_move *line = malloc((size_t)(depth + 1) * sizeof *line);
    if (!line)
        return CT_ERR_FULL;
    ct_record_line_to(r, node, line, depth);
    ct_record_start_position(r, pos);
    ct_status st = CT_OK;
    for (int i = 0; i < depth && st == CT_OK; i++) {
        if (pos->ply >= CT_MAX_HISTORY - 1)
            pos->ply = 0; /* forget old history rather than overflow (repetitions only) */
        if (!ct_is_legal(pos, line[i]))
            st = CT_ERR_ILLEGAL;
        else
            ct_pos_make(pos, line[i]);
    }
    free(line);
    return st;
}

/* ------------------------------------------------------------------ comments, NAGs */

const char *ct_record_comment(const ct_record *r, int node)
{
    return ct_record_valid_node(r, node) ? r->nodes[node].comment : NULL;
}

void ct_text_clean(char *s, bool keep_newline)
{
    char *o = s;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '\r' && p[1] == '\n')
            continue; /* CRLF is a newline */
        if ((*p == '\n' || *p == '\t') && keep_newline) {
            *o++ = (char)*p;
        } else if (*p < 0x20 || *p == 0x7F) {
            *o++ = ' ';
        } else if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) { /* C1 control in UTF-8 */
            *o++ = ' ';
            p++;
        } else {
            *o++ = (char)*p;
        }
    }
    *o = '\0';
}

ct_status ct_record_set_comment(ct_record *r, int node, const char *text)
{
    if (!ct_record_valid_node(r, node))
        return CT_ERR_INVALID;
    char *c = NULL;
    if (text) {
        /* Kept as PGN can hold it: controls as spaces (first, so that the trim below sees
         * them: found by fuzz_pgn), no blanks around, '}' (which would end it) as ')'. */
        size_t n = strlen(text);
        if (!(c = malloc(n + 1)))
            return CT_ERR_FULL;
        memcpy(c, text, n + 1);
        ct_text_clean(c, true);
        char *p = c;
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        n = strlen(p);
        while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\n' || p[n - 1] == '\r'))
            n--;
        for (size_t i = 0; i < n; i++)
            c[i] = p[i] == '}' ? ')' : p[i];
        c[n] = '\0';
        if (n == 0) {
            free(c);
            c = NULL;
        }
    }
    free(r->nodes[node].comment);
    r->nodes[node].comment = c;
    return CT_OK;
}

int ct_record_nag(const ct_record *r, int node)
{
    return ct_record_valid_node(r, node) ? r->nodes[node].nag : 0;
}

void ct_record_set_nag(ct_record *r, int node, int nag)
{
    if (ct_record_valid_node(r, node) && nag >= 0 && nag <= 255)
        r->nodes[node].nag = nag;
}

/* ------------------------------------------------------------------ editing */

static void kill_subtree(ct_record *r, int node)
{
    /* Iterative: walk down first children and across siblings using an explicit stack of
     * pending nodes stored in the next_sibling links themselves is fiddly; the tree may be
     * deep (thousands of plies), so use a heap array. */
    int cap = 64, top = 0;
    int *stack = malloc((size_t)cap * sizeof *stack);
    if (!stack) {
        /* Without memory just mark the node itself; its children become unreachable. */
        free(r->nodes[node].comment);
        r->nodes[node].comment = NULL;
        r->nodes[node].parent = DEAD;
        return;
    }
    stack[top++] = node;
    while (top > 0) {
        int n = stack[--top];
        for (int c = r->nodes[n].first_child; c != CT_NO_NODE; c = r->nodes[c].next_sibling) {
            if (top == cap) {
                int *s = realloc(stack, (size_t)cap * 2 * sizeof *s);
                if (!s)
                    break; /* the rest stays allocated until the record is freed */
                stack = s;
                cap *= 2;
            }
            stack[top++] = c;
        }
        free(r->nodes[n].comment);
        r->nodes[n].comment = NULL;
        r->nodes[n].parent = DEAD;
        r->nodes[n].first_child = CT_NO_NODE;
    }
    free(stack);
}

ct_status ct_record_delete(ct_record *r, int node)
{
    if (!ct_record_valid_node(r, node) || node == CT_ROOT)
        return CT_ERR_INVALID;
    int p = r->nodes[node].parent;
    if (r->nodes[p].first_child == node) {
        r->nodes[p].first_child = r->nodes[node].next_sibling;
    } else {
        int c = r->nodes[p].first_child;
        while (r->nodes[c].next_sibling != node)
            c = r->nodes[c].next_sibling;
        r->nodes[c].next_sibling = r->nodes[node].next_sibling;
    }
    r->nodes[node].next_sibling = CT_NO_NODE;
    kill_subtree(r, node);
    return CT_OK;
}

void ct_record_promote(ct_record *r, int node)
{
    if (!ct_record_valid_node(r, node))
        return;
    while (node != CT_ROOT) {
        int p = r->nodes[node].parent;
        if (r->nodes[p].first_child != node) {
            int c = r->nodes[p].first_child;
            while (r->nodes[c].next_sibling != node)
                c = r->nodes[c].next_sibling;
            r->nodes[c].next_sibling = r->nodes[node].next_sibling;
            r->nodes[node].next_sibling = r->nodes[p].first_child;
            r->nodes[p].first_child = node;
        }
        node = p;
    }
}

int ct_record_count_moves(const ct_record *r)
{
    int n = 0;
    for (int i = 1; i < r->nnodes; i++)
        if (r->nodes[i].parent != DEAD)
            n++;
    return n;
}

/* ------------------------------------------------------------------ names */

ct_status ct_termination_parse(const char *text, ct_end_reason *out)
{
    for (int i = CT_END_NONE + 1; i <= CT_END_ABORTED; i++)
        if (!strcmp(text, ct_end_reason_name((ct_end_reason)i))) {
            *out = (ct_end_reason)i;
            return CT_OK;
        }
    return CT_ERR_NOT_FOUND;
}

/* ------------------------------------------------------------------ equality */

static bool str_eq(const char *a, const char *b)
{
    if (!a || !*a)
        return !b || !*b;
    return b && !strcmp(a, b);
}

static bool subtree_equal(const ct_record *a, int na, const ct_record *b, int nb)
{
    /* Compare the children lists pairwise, iteratively over an explicit stack. */
    int cap = 64, top = 0;
    int *stack = malloc((size_t)cap * 2 * sizeof *stack);
    if (!stack)
        return false;
    bool eq = true;
    stack[top++] = na;
    stack[top++] = nb;
    while (eq && top > 0) {
        int y = stack[--top], x = stack[--top];
        const ct_node *p = &a->nodes[x], *q = &b->nodes[y];
        if (p->move != q->move || p->nag != q->nag || !str_eq(p->comment, q->comment)) {
            eq = false;
            break;
        }
        int cx = p->first_child, cy = q->first_child;
        while (cx != CT_NO_NODE && cy != CT_NO_NODE) {
            if (top + 2 > cap * 2) {
                int *s = realloc(stack, (size_t)cap * 4 * sizeof *s);
                if (!s) {
                    eq = false;
                    break;
                }
                stack = s;
                cap *= 2;
            }
            stack[top++] = cx;
            stack[top++] = cy;
            cx = a->nodes[cx].next_sibling;
            cy = b->nodes[cy].next_sibling;
        }
        if (cx != cy && (cx == CT_NO_NODE || cy == CT_NO_NODE))
            eq = false;
    }
    free(stack);
    return eq;
}

bool ct_record_equal(const ct_record *a, const ct_record *b)
{
    if (a->has_fen != b->has_fen || (a->has_fen && strcmp(a->start_fen, b->start_fen)))
        return false;
    if (a->result != b->result || a->termination != b->termination || a->ntags != b->ntags)
        return false;
    for (int i = 0; i < a->ntags; i++)
        if (strcmp(a->tags[i].name, b->tags[i].name) || strcmp(a->tags[i].value, b->tags[i].value))
            return false;
    if (!a->nodes || !b->nodes)
        return a->nodes == b->nodes;
    return subtree_equal(a, CT_ROOT, b, CT_ROOT);
}
