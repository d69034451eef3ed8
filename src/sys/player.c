/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — player seats: the built-in AI (a search context with a level) or an external
 * engine (engine_proc), behind one "think on this position" call. Also loads the book. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sys/player.h"
#include "sys/readall.h"
#include "cotuong/movegen.h"

#ifndef DATADIR
#define DATADIR "/usr/local/share/cotuong"
#endif

struct ct_player {
    ct_search *search;  /* built-in AI */
    ct_engine *engine;  /* or an external engine */
    char name[160];
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

ct_player *ct_player_new(const char *spec, const ct_book *book, char *err, size_t errlen)
{
    ct_player *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    ct_engine_proto proto;
    const char *command;
    if (!strcmp(spec, "ai") || !strncmp(spec, "ai:", 3)) {
        int level = 10;
        unsigned long long seed = 0;
        if (spec[2] == ':') {
            char *end;
            level = (int)strtol(spec + 3, &end, 10);
            if (*end == ':')
                seed = strtoull(end + 1, &end, 10);
            if (*end || level < 1 || level > 10) {
                snprintf(err, errlen, "bad AI spec '%s' (ai:LEVEL[:SEED], level 1-10)", spec);
                free(p);
                return NULL;
            }
        }
        p->search = ct_search_new(16);
        if (!p->search) {
            snprintf(err, errlen, "out of memory");
            free(p);
            return NULL;
        }
        ct_search_set_level(p->search, level, seed);
        ct_search_set_book(p->search, book);
        snprintf(p->name, sizeof p->name, "cotuong level %d", level);
        return p;
    }
    if (ct_engine_parse_spec(spec, &proto, &command)) {
        p->engine = ct_engine_start(proto, command, err, errlen);
        if (!p->engine) {
            free(p);
            return NULL;
        }
        snprintf(p->name, sizeof p->name, "%s", ct_engine_name(p->engine));
        return p;
    }
    snprintf(err, errlen, "unknown player '%s' (ai:LEVEL, uci:CMD, ucci:CMD, xboard:CMD)", spec);
    free(p);
    return NULL;
}

void ct_player_free(ct_player *p)
{
    if (!p)
        return;
    ct_search_free(p->search);
    ct_engine_free(p->engine);
    free(p);
}

const char *ct_player_name(const ct_player *p)
{
    return p->name;
}

bool ct_player_is_engine(const ct_player *p)
{
    return p->engine != NULL;
}

bool ct_player_set_level(ct_player *p, int level)
{
    if (p->search) {
        ct_search_set_level(p->search, level, 0);
        snprintf(p->name, sizeof p->name, "cotuong level %d", ct_search_level(p->search));
        return true;
    }
    return ct_engine_set_level(p->engine, level);
}

void ct_player_new_game(ct_player *p)
{
    if (p->search)
        ct_search_clear(p->search);
    else
        ct_engine_new_game(p->engine);
}

void ct_player_stop(ct_player *p)
{
    if (p->search)
        ct_search_stop(p->search);
}

void ct_player_think(ct_player *p, const ct_pos *pos, const ct_limits *lim, ct_progress_fn progress,
                     void *user, ct_player_result *res)
{
    memset(res, 0, sizeof *res);
    int64_t t0 = now_ms();
    if (!ct_has_legal_move(pos)) {
        res->status = CT_PLAYER_NO_MOVE;
        return;
    }
    if (p->search) {
        ct_search_result sr;
        ct_search_run(p->search, pos, lim, progress, user, &sr);
        res->move = sr.best;
        res->score = sr.score;
        res->depth = sr.depth;
        res->status = sr.best != CT_NO_MOVE ? CT_PLAYER_MOVE : CT_PLAYER_NO_MOVE;
    } else {
        ct_move mv;
        int score = 0;
        ct_engine_outcome o = ct_engine_go(p->engine, pos, lim, 0, &mv, &score, res->detail, sizeof res->detail);
        res->move = mv;
        res->score = score;
        switch (o) {
        case CT_ENGINE_MOVE: res->status = CT_PLAYER_MOVE; break;
        case CT_ENGINE_TIMEOUT: res->status = CT_PLAYER_TIMEOUT; break;
        case CT_ENGINE_CRASH: res->status = CT_PLAYER_CRASH; break;
        case CT_ENGINE_ILLEGAL: res->status = CT_PLAYER_ILLEGAL; break;
        case CT_ENGINE_RESIGN: res->status = CT_PLAYER_RESIGN; break;
        }
    }
    res->time_ms = (int)(now_ms() - t0);
}


ct_book *ct_player_load_book(const char *path)
{
    const char *candidates[3] = {NULL, DATADIR "/book.txt", "assets/book.txt"};
    candidates[0] = path ? path : getenv("COTUONG_BOOK");
    for (int i = path ? 0 : 0; i < (path ? 1 : 3); i++) {
        if (!candidates[i])
            continue;
        size_t len;
        char *text = readall_path(candidates[i], READALL_MAX_BYTES, &len);
        if (!text) {
            if (path)
                fprintf(stderr, "cotuong: %s: %s\n", path, strerror(errno));
            continue;
        }
        ct_book *b = ct_book_new(text, len, NULL);
        free(text);
        if (b)
            return b;
    }
    return NULL;
}
