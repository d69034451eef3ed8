/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — differential test against fairy-stockfish, an independent engine: for
 * several hundred positions reached by seeded random playouts (from the start, from the spec's
 * test positions, and at the ends of games that finish in mate or stalemate) the legal move
 * set and the perft(3) count of every root move must equal fairy-stockfish's `go perft 3`.
 * Fairy-Stockfish numbers ranks 1-10 in UCI mode (spec §1.2); we convert. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "spec_positions.h"
#include "testlib.h"

typedef struct {
    pid_t pid;
    FILE *in;  /* we write commands here */
    int out;   /* we read its answers here */
    char buf[1 << 16];
    size_t len;
} engine;

static engine fs;

static const char *find_engine(void)
{
    const char *env = getenv("FAIRY_STOCKFISH");
    if (env && *env && access(env, X_OK) == 0)
        return env;
    static const char *const places[] = {"/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish",
                                         "/usr/local/bin/fairy-stockfish"};
    for (size_t i = 0; i < sizeof places / sizeof *places; i++)
        if (access(places[i], X_OK) == 0)
            return places[i];
    return NULL;
}

static bool engine_start(engine *e, const char *path)
{
    int to_child[2], from_child[2];
    if (pipe(to_child) || pipe(from_child))
        return false;
    e->pid = fork();
    if (e->pid < 0)
        return false;
    if (e->pid == 0) {
        dup2(to_child[0], 0);
        dup2(from_child[1], 1);
        close(to_child[1]);
        close(from_child[0]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    e->in = fdopen(to_child[1], "w");
    e->out = from_child[0];
    e->len = 0;
    return e->in != NULL;
}

/* Reads one line (without the newline) into line; false on timeout or end of file. */
static bool engine_line(engine *e, char *line, size_t size)
{
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            size_t copy = n < size - 1 ? n : size - 1;
            memcpy(line, e->buf, copy);
            line[copy] = '\0';
            if (copy && line[copy - 1] == '\r')
                line[copy - 1] = '\0';
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            return true;
        }
        struct pollfd p = {e->out, POLLIN, 0};
        if (poll(&p, 1, 60000) <= 0)
            return false;
        ssize_t r = read(e->out, e->buf + e->len, sizeof e->buf - e->len);
        if (r <= 0)
            return false;
        e->len += (size_t)r;
    }
}

static void engine_send(engine *e, const char *fmt, const char *arg)
{
    fprintf(e->in, fmt, arg);
    fflush(e->in);
}

/* "h3e3" / "c9c10" in Fairy-Stockfish's 1-10 ranks → our move. */
static ct_move fs_move(const char *s, size_t len)
{
    char c[8];
    int f1, r1, f2, r2;
    if (len >= sizeof c)
        return CT_NO_MOVE;
    memcpy(c, s, len);
    c[len] = '\0';
    char a, b;
    if (sscanf(c, "%c%d%c%d", &a, &r1, &b, &r2) != 4)
        return CT_NO_MOVE;
    f1 = a - 'a';
    f2 = b - 'a';
    if (f1 < 0 || f1 > 8 || f2 < 0 || f2 > 8 || r1 < 1 || r1 > 10 || r2 < 1 || r2 > 10)
        return CT_NO_MOVE;
    return CT_MOVE(CT_SQ(f1, r1 - 1), CT_SQ(f2, r2 - 1));
}

typedef struct {
    ct_move move;
    uint64_t count;
} root_count;

/* Fairy-Stockfish's divide at depth 3: fills out[], returns the number of root moves and the
 * total in *nodes. */
static int fs_divide(const char *fen, root_count *out, uint64_t *nodes)
{
    char line[512];
    int n = 0;
    engine_send(&fs, "position fen %s\ngo perft 3\n", fen);
    for (;;) {
        ck_assert_msg(engine_line(&fs, line, sizeof line), "fairy-stockfish stopped on %s", fen);
        if (!strncmp(line, "Nodes searched:", 15)) {
            *nodes = strtoull(line + 15, NULL, 10);
            return n;
        }
        char *colon = strchr(line, ':');
        if (!colon || n >= CT_MAX_MOVES)
            continue;
        ct_move mv = fs_move(line, (size_t)(colon - line));
        ck_assert_msg(mv != CT_NO_MOVE, "unreadable fairy-stockfish line '%s'", line);
        out[n].move = mv;
        out[n].count = strtoull(colon + 1, NULL, 10);
        n++;
    }
}

/* ------------------------------------------------------------------ positions */
static ct_pos pos;
static char fens[600][128];
static int nfens;

static void add_current(void)
{
    if (nfens < (int)(sizeof fens / sizeof *fens))
        ct_fen_write(&pos, fens[nfens++], sizeof fens[0]);
}

/* 1. Random playouts of random length: 150 from the start, 14 from each other spec position.
 * 2. Whole random games from every seed, keeping their last three positions, so mates and
 *    stalemates are well represented.
 * 3. Whole random games from the start, keeping the positions where the side to move is in
 *    check (up to 60). */
static void collect_positions(void)
{
    uint64_t rng = 20261129;
    for (int i = 0; i < 150; i++) {
        ct_pos_start(&pos);
        test_playout(&pos, &rng, (int)(test_rand(&rng) % 160));
        add_current();
    }
    for (int s = 1; s < SPEC_POSITIONS; s++)
        for (int i = 0; i < 14; i++) {
            ct_fen_read(&pos, spec_positions[s].fen, NULL);
            test_playout(&pos, &rng, (int)(test_rand(&rng) % 60));
            add_current();
        }
    for (int s = 0; s < SPEC_POSITIONS; s++)
        for (int i = 0; i < 4; i++) {
            ct_fen_read(&pos, spec_positions[s].fen, NULL);
            test_playout(&pos, &rng, 400);
            for (int back = 0; back < 3 && pos.ply > 0; back++) {
                add_current();
                ct_pos_unmake(&pos);
            }
        }
    ct_move moves[CT_MAX_MOVES];
    for (int checks = 0, game = 0; checks < 60 && game < 200; game++) {
        ct_pos_start(&pos);
        for (int n; checks < 60 && pos.ply < 400 && (n = ct_gen_legal(&pos, moves)) > 0;) {
            ct_pos_make(&pos, moves[test_rand(&rng) % (uint64_t)n]);
            if (ct_in_check(&pos, pos.side)) {
                add_current();
                checks++;
            }
        }
    }
}

START_TEST(test_against_fairy_stockfish)
{
    collect_positions();
    ck_assert_int_ge(nfens, 300);
    int no_move = 0, in_check = 0;
    for (int i = 0; i < nfens; i++) {
        ct_fen_error err;
        ck_assert_msg(ct_fen_read(&pos, fens[i], &err) == CT_OK, "%s: %s", fens[i], err.message);
        in_check += ct_in_check(&pos, pos.side);

        root_count theirs[CT_MAX_MOVES];
        uint64_t their_total;
        int nt = fs_divide(fens[i], theirs, &their_total);

        ct_move ours[CT_MAX_MOVES];
        int n = ct_gen_legal(&pos, ours);
        no_move += n == 0;
        ck_assert_msg(n == nt, "%s: %d legal moves, fairy-stockfish %d", fens[i], n, nt);
        uint64_t total = 0;
        for (int k = 0; k < n; k++) {
            ct_pos_make(&pos, ours[k]);
            uint64_t count = ct_perft(&pos, 2);
            ct_pos_unmake(&pos);
            total += count;
            char name[5];
            ct_move_coord(ours[k], name);
            int j = 0;
            while (j < nt && theirs[j].move != ours[k])
                j++;
            ck_assert_msg(j < nt, "%s: %s is not legal for fairy-stockfish", fens[i], name);
            ck_assert_msg(theirs[j].count == count, "%s: %s perft(2) %llu, fairy-stockfish %llu",
                          fens[i], name, (unsigned long long)count,
                          (unsigned long long)theirs[j].count);
        }
        ck_assert_msg(total == their_total, "%s: perft(3) %llu, fairy-stockfish %llu", fens[i],
                      (unsigned long long)total, (unsigned long long)their_total);
    }
    printf("differential: %d positions agree with fairy-stockfish (%d with no legal move, %d in "
           "check)\n",
           nfens, no_move, in_check);
    /* the sample must really contain the hard cases */
    ck_assert_int_ge(no_move, 10);
    ck_assert_int_ge(in_check, 30);
}
END_TEST

int main(void)
{
    const char *path = find_engine();
    if (!path) {
        fprintf(stderr, "\n*** SKIPPED: fairy-stockfish is not installed: the differential test of\n"
                        "*** the move generator did NOT run. Install it: scripts/install-deps "
                        "--tests\n\n");
        return 77;
    }
    signal(SIGPIPE, SIG_IGN);
    if (!engine_start(&fs, path)) {
        fprintf(stderr, "cannot start %s: %s\n", path, strerror(errno));
        return 1;
    }
    engine_send(&fs, "%s", "uci\nsetoption name UCI_Variant value xiangqi\nisready\n");
    char line[512];
    bool ready = false;
    while (!ready && engine_line(&fs, line, sizeof line))
        ready = !strcmp(line, "readyok");
    if (!ready) {
        fprintf(stderr, "%s did not answer the UCI handshake\n", path);
        return 1;
    }

    Suite *s = suite_create("differential");
    TCase *tc = tcase_create("fairy-stockfish");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, test_against_fairy_stockfish);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK); /* keep the one engine process across the test */
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    engine_send(&fs, "%s", "quit\n");
    fclose(fs.in);
    waitpid(fs.pid, NULL, 0);
    return failed ? 1 : 0;
}
