/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the review model: navigation over a game's move tree (main line and
 * variations), playing on as new variations, comments and marks, engine marks for the main
 * line, and saving every game of the file. */
#include "game/review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/gamefile.h"
#include "sys/savefile.h"
#include "cotuong/movegen.h"
#include "cotuong/pgn.h"

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) {
        fputs("cotuong: out of memory\n", stderr);
        abort();
    }
    return p;
}

static ct_record *cur(const review_state *rs)
{
    return &rs->games[rs->game];
}

/* Recomputes the position at the current node (replaying from the start). */
static void sync_pos(review_state *rs)
{
    if (ct_record_position(cur(rs), rs->node, rs->pos) != CT_OK) {
        rs->node = CT_ROOT;
        ct_record_start_position(cur(rs), rs->pos);
    }
}

static void drop_analysis(review_state *rs)
{
    free(rs->ann);
    rs->ann = NULL;
    rs->nann = 0;
}

void review_adopt(review_state *rs, ct_record *games, int n, const char *path)
{
    review_close(rs);
    rs->games = games;
    rs->ngames = n;
    rs->game = 0;
    rs->node = CT_ROOT;
    rs->pos = xcalloc(1, sizeof *rs->pos);
    snprintf(rs->path, sizeof rs->path, "%s", path ? path : "");
    sync_pos(rs);
}

int review_open(review_state *rs, const char *path, char *err, size_t errsize)
{
    ct_record *games;
    int n;
    if (gamefile_load(path, &games, &n, err, errsize) != 0)
        return -1;
    review_adopt(rs, games, n, path);
    return 0;
}

void review_close(review_state *rs)
{
    if (rs->games)
        gamefile_free(rs->games, rs->ngames);
    free(rs->pos);
    free(rs->ann);
    memset(rs, 0, sizeof *rs);
}

bool review_select_game(review_state *rs, int game)
{
    if (game < 0 || game >= rs->ngames || game == rs->game)
        return false;
    rs->game = game;
    rs->node = CT_ROOT;
    drop_analysis(rs);
    sync_pos(rs);
    return true;
}

bool review_goto(review_state *rs, int node)
{
    if (!ct_record_valid_node(cur(rs), node) || node == rs->node)
        return false;
    rs->node = node;
    sync_pos(rs);
    return true;
}

bool review_forward(review_state *rs)
{
    int child = ct_record_first_child(cur(rs), rs->node);
    if (child == CT_NO_NODE)
        return false;
    /* One step: make the move on the position instead of replaying the game. */
    ct_pos_make(rs->pos, ct_record_move(cur(rs), child));
    rs->node = child;
    return true;
}

bool review_back(review_state *rs)
{
    if (rs->node == CT_ROOT)
        return false;
    rs->node = ct_record_parent(cur(rs), rs->node);
    if (rs->pos->ply > 0)
        ct_pos_unmake(rs->pos);
    else
        sync_pos(rs);
    return true;
}

bool review_first(review_state *rs)
{
    return review_goto(rs, CT_ROOT);
}

bool review_last(review_state *rs)
{
    bool moved = false;
    while (review_forward(rs))
        moved = true;
    return moved;
}

/* Siblings of the current node in order: the parent's children. */
static bool step_sibling(review_state *rs, int dir)
{
    if (rs->node == CT_ROOT)
        return false;
    const ct_record *r = cur(rs);
    int parent = ct_record_parent(r, rs->node), n = ct_record_child_count(r, parent), idx = -1;
    for (int i = 0; i < n; i++)
        if (ct_record_child(r, parent, i) == rs->node)
            idx = i;
    int want = idx + dir;
    if (idx < 0 || want < 0 || want >= n)
        return false;
    return review_goto(rs, ct_record_child(r, parent, want));
}

bool review_next_variation(review_state *rs)
{
    return step_sibling(rs, +1);
}

bool review_prev_variation(review_state *rs)
{
    return step_sibling(rs, -1);
}

bool review_enter_variation(review_state *rs, int i)
{
    int child = ct_record_child(cur(rs), rs->node, i);
    if (i < 1 || child == CT_NO_NODE)
        return false;
    return review_goto(rs, child);
}

bool review_leave_variation(review_state *rs)
{
    const ct_record *r = cur(rs);
    /* Walk up to the first node that is not its parent's first child: the move that
     * starts the variation; its first sibling is the move it replaces. */
    int node = rs->node;
    while (node != CT_ROOT) {
        int parent = ct_record_parent(r, node);
        if (ct_record_first_child(r, parent) != node)
            return review_goto(rs, ct_record_first_child(r, parent));
        node = parent;
    }
    return false;
}

ct_status review_play(review_state *rs, ct_move mv)
{
    if (!ct_is_legal(rs->pos, mv))
        return CT_ERR_ILLEGAL;
    int existing = ct_record_find_child(cur(rs), rs->node, mv), child;
    ct_status st = ct_record_add_move(cur(rs), rs->node, mv, &child);
    if (st != CT_OK)
        return st;
    if (existing == CT_NO_NODE)
        rs->modified = true;
    ct_pos_make(rs->pos, mv);
    rs->node = child;
    return CT_OK;
}

ct_status review_set_comment(review_state *rs, const char *text)
{
    ct_status st = ct_record_set_comment(cur(rs), rs->node, text);
    if (st == CT_OK)
        rs->modified = true;
    return st;
}

void review_set_nag(review_state *rs, int nag)
{
    if (rs->node == CT_ROOT)
        return;
    ct_record_set_nag(cur(rs), rs->node, nag);
    rs->modified = true;
}

bool review_delete(review_state *rs)
{
    if (rs->node == CT_ROOT)
        return false;
    int parent = ct_record_parent(cur(rs), rs->node);
    bool on_main = ct_record_on_main_line(cur(rs), rs->node);
    if (ct_record_delete(cur(rs), rs->node) != CT_OK)
        return false;
    if (on_main)
        drop_analysis(rs);
    rs->modified = true;
    rs->node = parent;
    sync_pos(rs);
    return true;
}

void review_promote(review_state *rs)
{
    ct_record_promote(cur(rs), rs->node);
    drop_analysis(rs);
    rs->modified = true;
}

int review_line(const review_state *rs, int *out, int max, int *cur_index)
{
    const ct_record *r = cur(rs);
    int depth = ct_record_depth(r, rs->node), n = 0;
    *cur_index = depth - 1;
    /* 1. From the current node back to the root, stored in reverse. */
    int tmp[CT_MAX_HISTORY], k = 0;
    for (int node = rs->node; node != CT_ROOT && k < CT_MAX_HISTORY; node = ct_record_parent(r, node))
        tmp[k++] = node;
    for (int i = k - 1; i >= 0 && n < max; i--)
        out[n++] = tmp[i];
    /* 2. Then on along first children. */
    for (int node = ct_record_first_child(r, rs->node); node != CT_NO_NODE && n < max;
         node = ct_record_first_child(r, node))
        out[n++] = node;
    return n;
}

int review_depth(const review_state *rs, int node)
{
    const ct_record *r = cur(rs);
    int depth = 0;
    while (ct_record_valid_node(r, node) && node != CT_ROOT) {
        int parent = ct_record_parent(r, node);
        if (ct_record_first_child(r, parent) != node)
            depth++;
        node = parent;
    }
    return depth;
}

int review_analyse_game(review_state *rs, ct_search *s, const ct_limits *lim,
                        ct_annotate_progress_fn progress, void *user)
{
    ct_record *r = cur(rs);
    static ct_move moves[CT_MAX_HISTORY];
    static int nodes[CT_MAX_HISTORY];
    static ct_pos start;
    int n = ct_record_main_line(r, moves, CT_MAX_HISTORY);
    if (n > CT_MAX_HISTORY)
        n = CT_MAX_HISTORY;
    ct_record_main_line_nodes(r, nodes, CT_MAX_HISTORY);
    ct_record_start_position(r, &start);
    drop_analysis(rs);
    rs->ann = xcalloc((size_t)n, sizeof *rs->ann);
    rs->nann = ct_annotate_line(s, &start, moves, n, lim, progress, user, rs->ann, NULL);
    rs->ann_game = rs->game;
    for (int i = 0; i < rs->nann; i++) {
        if (rs->ann[i].nag && !ct_record_nag(r, nodes[i])) {
            ct_record_set_nag(r, nodes[i], rs->ann[i].nag);
            rs->modified = true;
        }
    }
    return rs->nann;
}

const ct_move_annotation *review_annotation(const review_state *rs, int node)
{
    if (!rs->ann || rs->ann_game != rs->game || !ct_record_on_main_line(cur(rs), node))
        return NULL;
    int depth = ct_record_depth(cur(rs), node);
    return depth >= 1 && depth <= rs->nann ? &rs->ann[depth - 1] : NULL;
}

int review_save(review_state *rs, const char *path, ct_notation n, char *err, size_t errsize)
{
    if (!path || !*path)
        path = rs->path;
    if (!*path) {
        snprintf(err, errsize, "no file name to save to");
        return -1;
    }
    size_t total = 0;
    char *all = NULL;
    for (int g = 0; g < rs->ngames; g++) {
        char *text;
        size_t len;
        if (ct_pgn_write(&rs->games[g], n, &text, &len) != CT_OK) {
            snprintf(err, errsize, "game %d holds an illegal move; not saved", g + 1);
            free(all);
            return -1;
        }
        char *na = realloc(all, total + len + 2);
        if (!na) {
            free(text);
            free(all);
            snprintf(err, errsize, "out of memory");
            return -1;
        }
        all = na;
        memcpy(all + total, text, len);
        total += len;
        if (g + 1 < rs->ngames)
            all[total++] = '\n';
        free(text);
    }
    int r = savefile_write_atomic(path, all, total, err, errsize);
    free(all);
    if (r == 0) {
        rs->modified = false;
        if (path != rs->path)
            snprintf(rs->path, sizeof rs->path, "%s", path);
    }
    return r;
}
