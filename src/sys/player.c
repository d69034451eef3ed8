/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — players: the one spec parser and writer ("human", "ai:LEVEL[:SEED]", engines,
 * remote players), and the thinking object of a non-human seat (a search context with a
 * level, or an external engine through engine_proc) behind one "think" call. Also loads
 * the opening book. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <limits.h>

#include "sys/datafile.h"
#include "sys/player.h"
#include "sys/readall.h"
#include "sys/savefile.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"
#include "cotuong/movegen.h"


/* ------------------------------------------------------------------ specs */
void sys_player_spec_human(sys_player_spec *p)
{
    memset(p, 0, sizeof *p);
}

static void set_err(char *err, size_t errlen, const char *fmt, const char *arg)
{
    if (err && errlen)
        snprintf(err, errlen, fmt, arg);
}

bool sys_player_spec_parse(const char *text, sys_player_spec *out, char *err, size_t errlen)
{
    static const char *const prefixes[] = {"uci:", "ucci:", "xboard:", "remote:"};
    sys_player_spec p;
    memset(&p, 0, sizeof p);
    if (!text)
        text = "";
    if (!strcmp(text, "human")) {
        *out = p;
        return true;
    }
    if (!strcmp(text, "ai") || !strncmp(text, "ai:", 3)) {
        p.kind = SYS_PLAYER_AI;
        p.level = SYS_PLAYER_AI_LEVEL;
        if (text[2] == ':') {
            char *end;
            errno = 0;
            long lv = strtol(text + 3, &end, 10);
            if (end == text + 3 || lv < 1 || lv > 10 || errno) {
                set_err(err, errlen, "bad AI player '%s' (ai, ai:LEVEL or ai:LEVEL:SEED, level 1-10)", text);
                return false;
            }
            p.level = (int)lv;
            if (*end == ':') {
                const char *s = end + 1;
                unsigned long long seed = strtoull(s, &end, 10);
                if (end == s || *s == '-' || errno) {
                    set_err(err, errlen, "bad AI player '%s' (ai, ai:LEVEL or ai:LEVEL:SEED, level 1-10)", text);
                    return false;
                }
                p.seed = seed;
            }
            if (*end) {
                set_err(err, errlen, "bad AI player '%s' (ai, ai:LEVEL or ai:LEVEL:SEED, level 1-10)", text);
                return false;
            }
        }
        *out = p;
        return true;
    }
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        size_t n = strlen(prefixes[i]);
        if (strncmp(text, prefixes[i], n) != 0)
            continue;
        if (!text[n] || strlen(text) >= sizeof p.command) {
            set_err(err, errlen, "bad player '%s': the command is empty or too long", text);
            return false;
        }
        p.kind = i == 3 ? SYS_PLAYER_REMOTE : SYS_PLAYER_ENGINE;
        snprintf(p.command, sizeof p.command, "%s", text);
        *out = p;
        return true;
    }
    set_err(err, errlen, "unknown player '%s' (human, ai, ai:LEVEL, uci:CMD, ucci:CMD, xboard:CMD)", text);
    return false;
}

void sys_player_spec_format(const sys_player_spec *p, char *buf, size_t size)
{
    switch (p->kind) {
    case SYS_PLAYER_AI:
        if (p->seed)
            snprintf(buf, size, "ai:%d:%llu", p->level, (unsigned long long)p->seed);
        else
            snprintf(buf, size, "ai:%d", p->level);
        break;
    case SYS_PLAYER_ENGINE:
    case SYS_PLAYER_REMOTE: snprintf(buf, size, "%s", p->command); break;
    default: snprintf(buf, size, "human"); break;
    }
}

void sys_player_spec_name(const sys_player_spec *p, char *buf, size_t size)
{
    if (p->kind == SYS_PLAYER_AI) {
        snprintf(buf, size, "ai-level-%d", p->level);
    } else if (p->kind == SYS_PLAYER_ENGINE || p->kind == SYS_PLAYER_REMOTE) {
        /* The program's name: after the protocol, the first word, without its folder. */
        const char *cmd = strchr(p->command, ':');
        cmd = cmd ? cmd + 1 : p->command;
        size_t n = strcspn(cmd, " \t");
        const char *base = cmd;
        for (size_t i = 0; i < n; i++)
            if (cmd[i] == '/')
                base = cmd + i + 1;
        int len = (int)(n - (size_t)(base - cmd));
        snprintf(buf, size, "%.*s", len > 0 ? len : 1, len > 0 ? base : "?");
    } else {
        snprintf(buf, size, "human");
    }
}

/* ------------------------------------------------------------------ the thinking object */
struct sys_player {
    ct_search *search;  /* built-in AI */
    sys_engine *engine;  /* or an external engine */
    char name[160];
};

sys_player *sys_player_open(const sys_player_spec *spec, const ct_book *book, char *err,
                            size_t errlen)
{
    if (spec->kind != SYS_PLAYER_AI && spec->kind != SYS_PLAYER_ENGINE) {
        set_err(err, errlen, "%s", spec->kind == SYS_PLAYER_HUMAN ? "a human has no engine"
                                                              : "remote players are not available here");
        return NULL;
    }
    sys_player *p = xcalloc(1, sizeof *p);
    if (spec->kind == SYS_PLAYER_AI) {
        p->search = ct_search_new(16);
        if (!p->search) {
            set_err(err, errlen, "%s", "out of memory");
            free(p);
            return NULL;
        }
        ct_search_set_level(p->search, spec->level, spec->seed);
        if (spec->threads > 1)
            ct_search_set_threads(p->search, spec->threads);
        ct_search_set_book(p->search, book);
        snprintf(p->name, sizeof p->name, "cotuong level %d", spec->level);
        return p;
    }
    sys_engine_proto proto;
    const char *command;
    if (!sys_engine_parse_spec(spec->command, &proto, &command)) {
        set_err(err, errlen, "not an engine: '%s'", spec->command);
        free(p);
        return NULL;
    }
    p->engine = sys_engine_start(proto, command, err, errlen);
    if (!p->engine) {
        free(p);
        return NULL;
    }
    if (spec->level > 0)
        sys_engine_set_level(p->engine, spec->level);
    snprintf(p->name, sizeof p->name, "%s", sys_engine_name(p->engine));
    return p;
}

sys_player *sys_player_new(const char *spec, const ct_book *book, char *err, size_t errlen)
{
    sys_player_spec s;
    if (!sys_player_spec_parse(spec, &s, err, errlen))
        return NULL;
    return sys_player_open(&s, book, err, errlen);
}

void sys_player_free(sys_player *p)
{
    if (!p)
        return;
    ct_search_free(p->search);
    sys_engine_free(p->engine);
    free(p);
}

const char *sys_player_name(const sys_player *p)
{
    return p->name;
}

bool sys_player_is_engine(const sys_player *p)
{
    return p->engine != NULL;
}

bool sys_player_set_option(sys_player *p, const char *name, const char *value, char *err,
                           size_t errlen)
{
    if (!p->engine) {
        set_err(err, errlen, "%s", "options are for external engines (the built-in AI has its level)");
        return false;
    }
    return sys_engine_set_option(p->engine, name, value, err, errlen);
}

void sys_player_new_game(sys_player *p)
{
    if (p->search)
        ct_search_clear(p->search);
    else
        sys_engine_new_game(p->engine);
}

void sys_player_stop(sys_player *p)
{
    if (p->search)
        ct_search_stop(p->search);
    else if (p->engine)
        sys_engine_wake(p->engine); /* its think asks the progress callback, which says stop */
}

/* What an engine's think came to, as a player's result. */
static void engine_answer(const sys_player *p, sys_engine_outcome o, ct_move mv, int score,
                          sys_player_result *res)
{
    res->move = mv;
    res->score = score;
    res->depth = sys_engine_depth(p->engine);
    switch (o) {
    case SYS_ENGINE_MOVE: res->status = SYS_PLAYER_MOVE; break;
    case SYS_ENGINE_TIMEOUT: res->status = SYS_PLAYER_TIMEOUT; break;
    case SYS_ENGINE_CRASH: res->status = SYS_PLAYER_CRASH; break;
    case SYS_ENGINE_ILLEGAL: res->status = SYS_PLAYER_ILLEGAL; break;
    case SYS_ENGINE_RESIGN: res->status = SYS_PLAYER_RESIGN; break;
    }
}

void sys_player_think(sys_player *p, const ct_pos *pos, const ct_limits *lim,
                      ct_progress_fn progress, void *user, sys_player_result *res)
{
    memset(res, 0, sizeof *res);
    int64_t t0 = sys_now_ms();
    if (!ct_has_legal_move(pos)) {
        res->status = SYS_PLAYER_NO_MOVE;
        return;
    }
    if (p->search) {
        ct_search_result sr;
        ct_search_run(p->search, pos, lim, progress, user, &sr);
        res->move = sr.best;
        res->score = sr.score;
        res->depth = sr.depth;
        res->status = sr.best != CT_NO_MOVE ? SYS_PLAYER_MOVE : SYS_PLAYER_NO_MOVE;
    } else {
        ct_move mv;
        int score = 0;
        sys_engine_outcome o = sys_engine_think(p->engine, pos, lim, 0, progress, user, &mv,
                                              &score, res->detail, sizeof res->detail);
        engine_answer(p, o, mv, score, res);
    }
    res->time_ms = (int)(sys_now_ms() - t0);
}

bool sys_player_speaks_coup(const sys_player *p)
{
    return p->engine && sys_engine_speaks_coup(p->engine);
}

void sys_player_think_coup(sys_player *p, const ct_coup_pos *view, const ct_limits *lim,
                           ct_progress_fn progress, void *user, sys_player_result *res)
{
    memset(res, 0, sizeof *res);
    int64_t t0 = sys_now_ms();
    ct_move moves[CT_MAX_MOVES];
    if (ct_coup_gen_legal(view, moves) == 0) {
        res->status = SYS_PLAYER_NO_MOVE;
        return;
    }
    if (!p->engine) {
        res->status = SYS_PLAYER_CRASH;
        snprintf(res->detail, sizeof res->detail, "%s",
                 "the built-in AI plays cờ úp through its own seat (game/coup_seat.h)");
        return;
    }
    ct_move mv;
    int score = 0;
    sys_engine_outcome o = sys_engine_think_coup(p->engine, view, lim, 0, progress, user, &mv,
                                                 &score, res->detail, sizeof res->detail);
    engine_answer(p, o, mv, score, res);
    res->time_ms = (int)(sys_now_ms() - t0);
}

ct_book *sys_player_load_book(const char *path)
{
    /* book.txt stays the default: the master book was not shown better (200 games at
     * 100 ms a move, both as UCI engines: 47.8%, Elo -16 +/- 34; man page, MASTER GAMES). */
    char found[PATH_MAX];
    const char *candidates[] = {path ? path : getenv("COTUONG_BOOK"),
                                sys_data_find("book.txt", found, sizeof found) ? found : NULL};
    int n = path ? 1 : (int)(sizeof candidates / sizeof candidates[0]);
    for (int i = 0; i < n; i++) {
        if (!candidates[i])
            continue;
        size_t len;
        char *text = readall_path(candidates[i], READALL_MAX_BYTES, &len);
        if (!text) {
            if (path)
                fprintf(stderr, "cotuong: %s: %s\n", path, strerror(errno));
            continue;
        }
        ct_book *b;
        bool index = len >= 4 && !memcmp(text, "CTMI", 4);
        if (!index && savefile_binary_offset(text, len) >= 0) {
            /* a named file that is neither a text book nor the index is refused aloud */
            if (path)
                fprintf(stderr, "cotuong: %s: binary data, not an opening book (a text book "
                        "or the master-games index)\n", path);
            free(text);
            continue;
        }
        if (index) {
            b = ct_book_new_masters(text, len); /* the master-games index; takes text */
            if (!b && path)
                fprintf(stderr, "cotuong: %s: a damaged master-games index\n", path);
        } else {
            b = ct_book_new(text, len, NULL);
            free(text);
            if (b && path && ct_book_entries(b) == 0) {
                fprintf(stderr, "cotuong: %s: no book line in this file\n", path);
                ct_book_free(b);
                b = NULL;
            }
        }
        if (b)
            return b;
    }
    return NULL;
}
