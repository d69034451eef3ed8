/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `uci` subcommand: the built-in AI as a UCI engine (as Pikafish speaks it,
 * coordinates a0-i9) and, after `ucci`, as a UCCI engine. stdin is read on the main thread;
 * each `go` runs the search on a second thread so `stop` and `quit` work while it thinks.
 * Cờ úp (Jieqi) as the Jieqi GUIs speak it (../shared/spec/coup.md): chosen by UCI_Variant
 * jieqi or by a FEN with face-down pieces (x/X and the pool field); a reveal reaches the
 * engine as the next FEN (JieqiBox sends the position after the last reveal and the moves
 * since) or inline as "h2e2=R"; the search sees only that position, which carries no
 * identity of a face-down piece (ct_coup_search searches the side to move's view).
 * `go searchmoves m...` restricts the root: one move is the search's own only_move; several
 * are searched one by one within a share of the limits and the best answered (what
 * `cotuong analyse --engine "uci:cotuong uci"` needs is the one-move form). */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "sys/player.h"
#include "sys/sanitize.h"
#include "sys/systime.h"
#include "cotuong/book.h"
#include "cotuong/coup.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/movegen.h"
#include "cotuong/search.h"
#include "config.h"

typedef struct {
    ct_search *search;
    ct_book *book;
    ct_pos pos;         /* the position given by the last `position` */
    ct_pos search_pos;  /* the copy the search thread reads */
    ct_pos scratch;     /* the position a `position` command builds before it is taken */
    ct_limits lim;
    ct_move only[CT_MAX_MOVES]; /* `go searchmoves`: the root moves to search (n_only > 1) */
    int n_only;
    pthread_t thread;
    bool running;
    atomic_int stop_seen; /* `stop` or `quit` arrived during this go */
    bool ucci;
    int multipv;
    int skill;            /* 0..20 */
    uint64_t seed;
    bool own_book;
    bool dry;             /* read commands only, never search (the fuzz target) */
    pthread_mutex_t out_lock;
    bool jieqi;           /* UCI_Variant jieqi: startpos is cờ úp's, FENs are read as cờ úp */
    bool coup;            /* the position given is cờ úp (cpos, not pos) */
    ct_coup_pos cpos;     /* cờ úp: the position given (a player's view: no identities) */
    ct_coup_pos csearch;  /* the copy the search thread reads */
    ct_coup_pos cscratch;
    int64_t t0;           /* when this go began (cờ úp: its time budget) */
    long budget_ms;       /* cờ úp: the time this go may take, 0 = the limits alone */
} uci_state;

static uci_state st;

/* What we echo of the GUI's (or a user's) text, made harmless (ASCII, no controls). */
static const char *shown(const char *s, char *buf, size_t size)
{
    sanitize_text(buf, size, s, strlen(s), SANITIZE_ASCII);
    return buf;
}

static void out(const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&st.out_lock);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
    pthread_mutex_unlock(&st.out_lock);
}

static void format_score(int score, char *buf, size_t size)
{
    if (ct_score_is_mate(score))
        snprintf(buf, size, "mate %d", ct_score_mate_moves(score));
    else
        snprintf(buf, size, "cp %d", score);
}

static void append_pv(char *buf, size_t size, const ct_move *pv, int n)
{
    size_t len = strlen(buf);
    for (int i = 0; i < n && len + 6 < size; i++) {
        char mv[5];
        ct_move_coord(pv[i], mv);
        buf[len++] = ' ';
        memcpy(buf + len, mv, 4);
        len += 4;
        buf[len] = 0;
    }
}

static bool on_progress(void *user, const ct_search_info *info)
{
    (void)user;
    if (info->kind != CT_PROGRESS_ITERATION)
        return false;
    char line[2048], sc[32];
    format_score(info->score, sc, sizeof sc);
    long long nps = info->time_ms > 0 ? (long long)(info->nodes * 1000 / (uint64_t)info->time_ms) : 0;
    snprintf(line, sizeof line,
             "info depth %d seldepth %d multipv %d score %s nodes %llu nps %lld hashfull %d time %d pv",
             info->depth, info->seldepth, info->multipv, sc, (unsigned long long)info->nodes, nps,
             info->hashfull, info->time_ms);
    append_pv(line, sizeof line, info->pv, info->pv_len);
    out("%s\n", line);
    return false;
}

/* `go searchmoves` with several moves: each searched alone (only_move) within its share of
 * the limits (nodes, move time and clock divided among them, the same depth), the best
 * score answered; an infinite go searches them depth by depth until `stop`. One info line
 * per round, for the best so far. */
static void search_several(ct_search_result *res)
{
    ct_search_result r;
    ct_limits lim = st.lim;
    int k = st.n_only;
    lim.multipv = 1;
    lim.infinite = false;
    if (lim.nodes)
        lim.nodes = lim.nodes / (uint64_t)k > 0 ? lim.nodes / (uint64_t)k : 1;
    if (lim.movetime_ms)
        lim.movetime_ms = lim.movetime_ms / k > 0 ? lim.movetime_ms / k : 1;
    lim.wtime /= k;
    lim.btime /= k;
    lim.winc /= k;
    lim.binc /= k;
    int64_t t0 = sys_now_ms();
    uint64_t nodes = 0;
    memset(res, 0, sizeof *res);
    res->best = CT_NO_MOVE;
    res->ponder = CT_NO_MOVE;
    for (int depth = st.lim.infinite ? 1 : 0; depth <= CT_MAX_PLY / 2; depth++) {
        if (st.lim.infinite)
            lim.depth = depth;
        ct_search_result best;
        best.best = CT_NO_MOVE;
        bool stopped = false;
        for (int i = 0; i < k; i++) {
            if (atomic_load(&st.stop_seen)) {
                stopped = true;
                break;
            }
            lim.only_move = st.only[i];
            ct_search_run(st.search, &st.search_pos, &lim, NULL, NULL, &r);
            nodes += r.nodes;
            if (ct_search_stop_requested(st.search)) {
                stopped = true;
                break;
            }
            if (best.best == CT_NO_MOVE || r.score > best.score)
                best = r;
        }
        /* A round cut short keeps the last whole one's answer (the first moves alone
         * would favour them). */
        if (best.best != CT_NO_MOVE && (!stopped || res->best == CT_NO_MOVE)) {
            *res = best;
            char line[2048], sc[32];
            int ms = (int)(sys_now_ms() - t0);
            format_score(best.score, sc, sizeof sc);
            snprintf(line, sizeof line, "info depth %d score %s nodes %llu time %d pv",
                     best.depth, sc, (unsigned long long)nodes, ms);
            append_pv(line, sizeof line, best.pv, best.pv_len);
            out("%s\n", line);
        }
        if (!st.lim.infinite || stopped)
            break;
    }
}

static void *search_thread(void *arg)
{
    (void)arg;
    ct_search_result res;
    if (st.n_only > 1)
        search_several(&res);
    else
        ct_search_run(st.search, &st.search_pos, &st.lim, on_progress, NULL, &res);
    /* In analysis mode the GUI expects bestmove only after `stop`. */
    while (st.lim.infinite && !atomic_load(&st.stop_seen)) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    if (res.best == CT_NO_MOVE) {
        out(st.ucci ? "nobestmove\n" : "bestmove (none)\n");
        return NULL;
    }
    char mv[5], pm[5];
    ct_move_coord(res.best, mv);
    if (res.ponder != CT_NO_MOVE) {
        ct_move_coord(res.ponder, pm);
        out("bestmove %s ponder %s\n", mv, pm);
    } else {
        out("bestmove %s\n", mv);
    }
    return NULL;
}

static int skill_to_level(int skill);

/* Cờ úp: the search polls this every 1024 nodes; true stops it (`stop`, `quit`, or the
 * time of this go spent). */
static bool coup_poll(void *arg)
{
    (void)arg;
    if (atomic_load(&st.stop_seen))
        return true;
    return st.budget_ms > 0 && sys_now_ms() - st.t0 >= st.budget_ms;
}

static void *coup_search_thread(void *arg)
{
    (void)arg;
    ct_coup_result r;
    /* The position holds no identity of a face-down piece (a FEN cannot carry one, and
     * ct_coup_search searches the view of the side to move in any case). */
    ct_coup_search_poll(&st.csearch, skill_to_level(st.skill), st.lim.depth, st.lim.nodes,
                        st.seed + (uint64_t)st.csearch.ply, coup_poll, NULL, &r);
    if (r.move != CT_NO_MOVE) {
        char sc[32], mv[5];
        int a = r.score < 0 ? -r.score : r.score;
        if (a > CT_COUP_MATE - 200) { /* mate in N moves, as UCI counts them */
            int m = (CT_COUP_MATE - a + 1) / 2;
            snprintf(sc, sizeof sc, "mate %d", r.score > 0 ? m : -m);
        } else {
            snprintf(sc, sizeof sc, "cp %d", r.score);
        }
        int ms = (int)(sys_now_ms() - st.t0);
        ct_move_coord(r.move, mv);
        out("info depth %d score %s nodes %llu nps %lld time %d pv %s\n", r.depth, sc,
            (unsigned long long)r.nodes, ms > 0 ? (long long)(r.nodes * 1000 / (uint64_t)ms) : 0LL,
            ms, mv);
    }
    while (st.lim.infinite && !atomic_load(&st.stop_seen)) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    if (r.move == CT_NO_MOVE) {
        out("bestmove (none)\n");
        return NULL;
    }
    char mv[5];
    ct_move_coord(r.move, mv);
    out("bestmove %s\n", mv);
    return NULL;
}

static void stop_search(void)
{
    if (!st.running)
        return;
    atomic_store(&st.stop_seen, 1);
    ct_search_stop(st.search);
    pthread_join(st.thread, NULL);
    st.running = false;
}

/* Level from Skill Level 0..20 (20 = level 10): 1 + ceil(Skill * 9 / 20), the inverse of
 * floor(20 (level - 1) / 9), which is what a GUI that spreads levels 1-10 over 0..20 sends
 * (sys_engine_set_level does): the old 1 + floor(Skill * 9 / 20) turned level 5 (Skill 8)
 * into level 4. */
static int skill_to_level(int skill)
{
    if (skill < 0)
        skill = 0;
    if (skill > 20)
        skill = 20;
    return 1 + (skill * 9 + 19) / 20;
}

static void apply_options(void)
{
    ct_search_set_level(st.search, skill_to_level(st.skill), st.seed);
    ct_search_use_book(st.search, st.own_book && st.book);
}

/* Cờ úp moves after the position: "h2e2", or "h2e2=R" (also "+h2e2=R") when the move
 * turns a face-down piece up and says what it was. A move that reveals without saying what
 * is refused: a Jieqi GUI sends the position after a reveal as a new FEN instead. */
static void coup_moves(ct_coup_pos *tmp, char *moves)
{
    char *save = NULL;
    for (char *t = strtok_r(moves, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        ct_move mv;
        int reveal;
        char b[64];
        if (ct_coup_move_read(*t == '+' ? t + 1 : t, &mv, &reveal) != CT_OK ||
            !ct_coup_is_legal(tmp, mv)) {
            out("info string illegal move %s\n", shown(t, b, sizeof b));
            return;
        }
        if (ct_coup_is_reveal(tmp, mv) && !reveal) {
            out("info string move %s turns a face-down piece up: send the position after it "
                "(fen) or the move with what it revealed (%s=R)\n",
                shown(t, b, sizeof b), shown(t, b, sizeof b));
            return;
        }
        if (ct_coup_play(tmp, mv, reveal) != CT_OK) {
            out("info string move %s reveals no piece still face down of its side\n",
                shown(t, b, sizeof b));
            return;
        }
    }
}

/* `position startpos|fen FEN... [moves m...]` (UCI and UCCI). */
static void cmd_position(char *args)
{
    ct_pos *tmp = &st.scratch;
    char *moves = strstr(args, " moves");
    if (moves)
        *moves = 0;
    while (*args == ' ')
        args++;
    bool coup = false;
    if (!strncmp(args, "startpos", 8)) {
        if (st.jieqi) {
            ct_coup_start(&st.cscratch, NULL);
            coup = true;
        } else {
            ct_pos_start(tmp);
        }
    } else if (!strncmp(args, "fen ", 4)) {
        /* Under UCI_Variant jieqi every FEN is cờ úp's; otherwise a FEN the standard reader
         * refuses is tried as cờ úp's (x/X and the pool), so that a Jieqi GUI that never
         * names the variant is understood too. */
        ct_coup_fen_error ce;
        if (!st.jieqi && ct_fen_read(tmp, args + 4, NULL) == CT_OK) {
            coup = false;
        } else if (ct_coup_fen_read(&st.cscratch, args + 4, &ce) == CT_OK) {
            coup = true;
        } else {
            char b[160];
            if (st.jieqi || strpbrk(args + 4, "xX"))
                out("info string bad jieqi fen: %s\n", shown(ce.message, b, sizeof b));
            else
                out("info string bad fen\n");
            return;
        }
    } else {
        out("info string bad position command\n");
        return;
    }
    if (coup) {
        if (moves)
            coup_moves(&st.cscratch, moves + 6);
        memcpy(&st.cpos, &st.cscratch, sizeof st.cscratch);
        st.coup = true;
        return;
    }
    if (moves) {
        char *save = NULL;
        for (char *t = strtok_r(moves + 6, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
            ct_move mv = ct_move_parse_coord(t);
            if (ct_pos_play(tmp, mv) != CT_OK) {
                char b[64];
                out("info string illegal move %s\n", shown(t, b, sizeof b));
                break;
            }
        }
    }
    memcpy(&st.pos, tmp, sizeof *tmp);
    st.coup = false;
}

static long next_num(char **save)
{
    char *t = strtok_r(NULL, " \t", save);
    return t ? strtol(t, NULL, 10) : 0;
}

/* The root moves of `go searchmoves`: those of the list legal in the position; all of them
 * (no restriction) when the list holds none or every legal move. Sets st.lim.only_move for
 * one move, st.only / st.n_only for several. */
static void set_searchmoves(const ct_move *list, int n)
{
    ct_move legal[CT_MAX_MOVES];
    int nlegal = ct_gen_legal(&st.pos, legal), k = 0;
    for (int i = 0; i < n; i++) {
        bool ok = false, dup = false;
        for (int j = 0; j < nlegal; j++)
            ok = ok || legal[j] == list[i];
        for (int j = 0; j < k; j++)
            dup = dup || st.only[j] == list[i];
        if (ok && !dup)
            st.only[k++] = list[i];
    }
    if (k == 0) {
        out("info string searchmoves: none of them is legal here; searching every move\n");
        return;
    }
    if (k == nlegal)
        return;
    if (k == 1)
        st.lim.only_move = st.only[0];
    else
        st.n_only = k;
}

static void cmd_go(char *args)
{
    stop_search();
    ct_limits_init(&st.lim);
    st.lim.multipv = st.multipv;
    st.n_only = 0;
    bool any = false, listing = false;
    ct_move listed[CT_MAX_MOVES];
    int nlisted = 0;
    char *save = NULL;
    int ucci_time = 0, ucci_inc = 0;
    for (char *t = strtok_r(args, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        /* The moves of `searchmoves` run to the next word that is not a move. */
        if (listing && strlen(t) == 4 && ct_move_parse_coord(t) != CT_NO_MOVE) {
            if (nlisted < CT_MAX_MOVES)
                listed[nlisted++] = ct_move_parse_coord(t);
            continue;
        }
        listing = false;
        if (!strcmp(t, "searchmoves")) {
            listing = true;
        } else if (!strcmp(t, "infinite")) {
            st.lim.infinite = true;
            any = true;
        } else if (!strcmp(t, "depth")) {
            st.lim.depth = (int)next_num(&save);
            any = true;
        } else if (!strcmp(t, "nodes")) {
            st.lim.nodes = (uint64_t)next_num(&save);
            any = true;
        } else if (!strcmp(t, "movetime")) {
            st.lim.movetime_ms = (int)next_num(&save);
            any = true;
        } else if (!strcmp(t, "wtime")) {
            st.lim.wtime = (int)next_num(&save);
            any = true;
        } else if (!strcmp(t, "btime")) {
            st.lim.btime = (int)next_num(&save);
            any = true;
        } else if (!strcmp(t, "winc")) {
            st.lim.winc = (int)next_num(&save);
        } else if (!strcmp(t, "binc")) {
            st.lim.binc = (int)next_num(&save);
        } else if (!strcmp(t, "movestogo")) {
            st.lim.movestogo = (int)next_num(&save);
        } else if (!strcmp(t, "time")) { /* UCCI: our remaining time */
            ucci_time = (int)next_num(&save);
            any = true;
        } else if (!strcmp(t, "increment")) {
            ucci_inc = (int)next_num(&save);
        } else if (!strcmp(t, "opptime") || !strcmp(t, "oppincrement") || !strcmp(t, "opptogo")) {
            next_num(&save);
        }
    }
    int side = st.coup ? st.cpos.side : st.pos.side;
    if (ucci_time > 0) {
        if (side == CT_RED) {
            st.lim.wtime = ucci_time;
            st.lim.winc = ucci_inc;
        } else {
            st.lim.btime = ucci_time;
            st.lim.binc = ucci_inc;
        }
    }
    if (!any)
        st.lim.infinite = true; /* bare `go` analyses, as in UCI GUIs */
    if (nlisted && !st.coup && !st.dry)
        set_searchmoves(listed, nlisted);
    if (st.dry)
        return;
    atomic_store(&st.stop_seen, 0);
    st.t0 = sys_now_ms();
    if (st.coup) {
        /* Cờ úp: the level bounds the work; a time limit bounds it too (the move time, or
         * a 20th of the clock left). */
        int left = side == CT_RED ? st.lim.wtime : st.lim.btime;
        st.budget_ms = st.lim.movetime_ms > 0 ? st.lim.movetime_ms
                       : left > 0             ? (left / 20 > 1 ? left / 20 : 1)
                                              : 0;
        memcpy(&st.csearch, &st.cpos, sizeof st.cpos);
        if (pthread_create(&st.thread, NULL, coup_search_thread, NULL) != 0) {
            out("info string cannot start the search thread\n");
            return;
        }
        st.running = true;
        return;
    }
    memcpy(&st.search_pos, &st.pos, sizeof st.pos);
    if (pthread_create(&st.thread, NULL, search_thread, NULL) != 0) {
        out("info string cannot start the search thread\n");
        return;
    }
    st.running = true;
}

static void print_id(void)
{
    out("id name cotuong %s\n", PACKAGE_VERSION);
    out("id author the cotuong authors\n");
    if (st.ucci) {
        out("option usemillisec type check default true\n");
        out("option hashsize type spin min 1 max %d default 16\n", CT_SEARCH_MAX_HASH_MB);
        out("option batch type check default false\n");
        out("ucciok\n");
    } else {
        out("option name Hash type spin default 16 min 1 max %d\n", CT_SEARCH_MAX_HASH_MB);
        out("option name MultiPV type spin default 1 min 1 max 8\n");
        out("option name Threads type spin default %d min 1 max %d\n", ct_search_threads(st.search),
            CT_SEARCH_MAX_THREADS);
        out("option name Skill Level type spin default 20 min 0 max 20\n");
        out("option name OwnBook type check default false\n");
        out("option name Seed type spin default 0 min 0 max 2147483647\n");
        out("option name UCI_Variant type combo default xiangqi var xiangqi var jieqi\n");
        out("uciok\n");
    }
}

/* `setoption name N value V` (UCI) or `setoption N V` (UCCI). */
static void cmd_setoption(char *args)
{
    char name[64] = "", value[256] = "";
    char *n = strstr(args, "name ");
    if (n) {
        n += 5;
        char *v = strstr(n, " value ");
        size_t nl = v ? (size_t)(v - n) : strlen(n);
        if (nl >= sizeof name)
            nl = sizeof name - 1;
        memcpy(name, n, nl);
        name[nl] = 0;
        if (v)
            snprintf(value, sizeof value, "%s", v + 7);
    } else {
        while (*args == ' ')
            args++;
        char *sp = strchr(args, ' ');
        size_t nl = sp ? (size_t)(sp - args) : strlen(args);
        if (nl >= sizeof name)
            nl = sizeof name - 1;
        memcpy(name, args, nl);
        name[nl] = 0;
        if (sp)
            snprintf(value, sizeof value, "%s", sp + 1);
    }
    for (char *p = name + strlen(name); p > name && p[-1] == ' ';)
        *--p = 0;
    if (!strcasecmp(name, "Hash") || !strcasecmp(name, "hashsize")) {
        long mb = strtol(value, NULL, 10);
        if (mb >= 1 && ct_search_set_hash(st.search, (size_t)mb) != CT_OK)
            out("info string not enough memory for Hash %ld\n", mb);
    } else if (!strcasecmp(name, "MultiPV")) {
        long k = strtol(value, NULL, 10);
        st.multipv = k < 1 ? 1 : k > 8 ? 8 : (int)k;
    } else if (!strcasecmp(name, "Threads")) {
        ct_search_set_threads(st.search, (int)strtol(value, NULL, 10));
    } else if (!strcasecmp(name, "Skill Level")) {
        st.skill = (int)strtol(value, NULL, 10);
    } else if (!strcasecmp(name, "OwnBook")) {
        st.own_book = !strcasecmp(value, "true");
    } else if (!strcasecmp(name, "Seed")) {
        st.seed = (uint64_t)strtoull(value, NULL, 10);
    } else if (!strcasecmp(name, "UCI_Variant")) {
        char b[64];
        if (!strcasecmp(value, "jieqi")) {
            st.jieqi = true;
        } else if (!strcasecmp(value, "xiangqi")) {
            st.jieqi = false;
        } else {
            out("info string unsupported variant %s\n", shown(value, b, sizeof b));
        }
    } else if (!strcasecmp(name, "usemillisec") || !strcasecmp(name, "batch") ||
               !strcasecmp(name, "Ponder")) {
        /* accepted, nothing to do */
    } else {
        char nb[96];
        out("info string unknown option %s\n", shown(name, nb, sizeof nb));
    }
    apply_options();
}

bool cmd_uci_session_begin(const char *book_path, bool dry)
{
    pthread_mutex_init(&st.out_lock, NULL);
    st.search = ct_search_new(dry ? 1 : 16);
    if (!st.search)
        return false;
    st.book = dry ? NULL : sys_player_load_book(book_path);
    st.dry = dry;
    st.ucci = false;
    st.running = false;
    st.multipv = 1;
    st.skill = 20;
    st.seed = 0;
    st.own_book = book_path != NULL; /* a book named on the command line is meant to be used */
    st.jieqi = st.coup = false;
    apply_options();
    ct_search_set_book(st.search, st.book);
    ct_pos_start(&st.pos);
    return true;
}

bool cmd_uci_session_line(char *line)
{
    line[strcspn(line, "\r\n")] = 0;
    char *cmd = line;
    while (*cmd == ' ' || *cmd == '\t')
        cmd++;
    char *args = cmd + strcspn(cmd, " \t");
    if (*args)
        *args++ = 0;
    if (!strcmp(cmd, "uci")) {
        st.ucci = false;
        print_id();
    } else if (!strcmp(cmd, "ucci")) {
        st.ucci = true;
        print_id();
    } else if (!strcmp(cmd, "isready")) {
        out("readyok\n");
    } else if (!strcmp(cmd, "setoption")) {
        cmd_setoption(args);
    } else if (!strcmp(cmd, "ucinewgame")) {
        stop_search();
        ct_search_clear(st.search);
    } else if (!strcmp(cmd, "position")) {
        stop_search();
        cmd_position(args);
    } else if (!strcmp(cmd, "go")) {
        cmd_go(args);
    } else if (!strcmp(cmd, "stop")) {
        stop_search();
    } else if (!strcmp(cmd, "ponderhit")) {
        /* we do not ponder: nothing to switch */
    } else if (!strcmp(cmd, "quit")) {
        stop_search();
        if (st.ucci)
            out("bye\n");
        return false;
    } else if (!strcmp(cmd, "d")) {
        char fen[160];
        if (st.coup)
            ct_coup_fen_write(&st.cpos, fen, sizeof fen);
        else
            ct_fen_write(&st.pos, fen, sizeof fen);
        out("Fen: %s\n", fen);
    } else if (*cmd) {
        char b[96];
        out("info string unknown command %s\n", shown(cmd, b, sizeof b));
    }
    return true;
}

void cmd_uci_session_end(void)
{
    stop_search();
    ct_search_free(st.search);
    ct_book_free(st.book);
    st.search = NULL;
    st.book = NULL;
    pthread_mutex_destroy(&st.out_lock);
}

enum { OPT_BOOK = CMD_OPT_LONG, OPT_THREADS };

static const cmd_option uci_options[] = {
    {"book", OPT_BOOK, "FILE", "the opening book (a text book or the master-games index);\n"
                               "a file that is no book is refused"},
    {"threads", OPT_THREADS, "N", "search on N threads (the option Threads; default 1)"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage uci_usage = {
    .name = "uci",
    .synopsis = "[--book FILE] [--threads N]",
    .about = "Speaks UCI (as Pikafish: moves a0-i9) on standard input and output;\n"
             "after the command 'ucci' it speaks UCCI instead. Jieqi (co up) as the\n"
             "Jieqi GUIs speak it: UCI_Variant jieqi, or a FEN with x/X face-down pieces\n"
             "and the pool (see cotuong(6), CO UP).\n",
    .options = uci_options,
};

int cmd_uci(int argc, char **argv)
{
    const char *book_path = NULL;
    int threads = 1;
    cmd_parser p;
    cmd_parse_begin(&p, &uci_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case 'h': cmd_help(stdout, &uci_usage); return 0;
        case OPT_BOOK: book_path = p.arg; break;
        case OPT_THREADS:
            threads = (int)strtol(p.arg, NULL, 10);
            if (threads < 1 || threads > CT_SEARCH_MAX_THREADS) {
                fprintf(stderr, "cotuong uci: --threads takes 1 to %d\n", CT_SEARCH_MAX_THREADS);
                return 2;
            }
            break;
        case CMD_OPERAND:
            fprintf(stderr, "cotuong uci: unexpected argument '%s'\n", p.arg);
            return 2;
        default: return 2;
        }
    }
    if (!cmd_uci_session_begin(book_path, false)) {
        fprintf(stderr, "cotuong uci: out of memory\n");
        return 1;
    }
    if (book_path && !st.book) {
        /* the book asked for is not there (the reason is on stderr): refuse to start */
        cmd_uci_session_end();
        fprintf(stderr, "cotuong uci: no opening book from %s\n", book_path);
        return 2;
    }
    ct_search_set_threads(st.search, threads);
    char line[65536];
    while (fgets(line, sizeof line, stdin) && cmd_uci_session_line(line))
        ;
    cmd_uci_session_end();
    return 0;
}
