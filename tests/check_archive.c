/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — reads every file of the shared CCPD archive (../shared/data/ccpd, 56,877 real
 * Big5 PGN files) in-process through the core reader, straight from the tar stream (xz -dc),
 * writes each game back and reads it again, and prints files/s, warnings and refusals by
 * reason. It fails when a refusal is not for a true reason (an illegal move or an impossible
 * position) or when their number moves from the count measured; skipped (77) without it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cotuong/pgn.h"

/* Measured on the archive (commit 368a47a of the dataset): 8 files hold an impossible
 * start position (no king, a piece where it can never stand); everything else reads. */
#define EXPECTED_FILES 56877
#define EXPECTED_REFUSED 8

/* The sanitizer build is some 5 times slower: it reads every 8th file (the counts are then
 * not compared, every other rule holds). */
#if defined(__SANITIZE_ADDRESS__)
#define STRIDE 8
#else
#define STRIDE 1
#endif
static long long members;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char *find_archive(void)
{
    static char path[4096];
    const char *env = getenv("CCPD_ARCHIVE");
    if (env && *env)
        return access(env, R_OK) == 0 ? env : NULL;
    /* The shared folder sits beside the clone (CI) or beside the folder of worktrees. */
    static const char *const rel[] = {"/../../../shared", "/../../../../shared"};
    for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
        snprintf(path, sizeof path, "%s%s/data/ccpd/ccpd-games.tar.xz", TEST_DATA_DIR, rel[i]);
        if (access(path, R_OK) == 0)
            return path;
    }
    return NULL;
}

/* Refusal reasons, counted by message (the part before the first ':'). */
typedef struct {
    char reason[80];
    int count;
} reason_count;

static reason_count reasons[64];
static int nreasons;

static void count_reason(const char *msg)
{
    char r[80];
    size_t n = strcspn(msg, ":");
    if (n >= sizeof r)
        n = sizeof r - 1;
    memcpy(r, msg, n);
    r[n] = '\0';
    for (int i = 0; i < nreasons; i++)
        if (!strcmp(reasons[i].reason, r)) {
            reasons[i].count++;
            return;
        }
    if (nreasons < 64) {
        snprintf(reasons[nreasons].reason, sizeof reasons[nreasons].reason, "%s", r);
        reasons[nreasons++].count = 1;
    }
}

static int warn_counts[CT_PGN_WARN_COUNT];

static long long files, games_read, moves_read, comments_read, refused, untrue, roundtrip_bad;
static long long bytes_total;

static bool true_reason(ct_status st)
{
    /* An illegal move, an impossible start position: the file itself is broken. */
    return st == CT_ERR_ILLEGAL || st == CT_ERR_INVALID;
}

static void check_one(const char *name, const char *buf, size_t len)
{
    ct_record *games = NULL;
    int n = 0;
    ct_pgn_error err;
    ct_status st = ct_pgn_read(buf, len, CT_ENC_AUTO, &games, &n, NULL, &err);
    files++;
    bytes_total += (long long)len;
    for (int k = 0; k < err.nwarnings && k < CT_PGN_MAX_WARNINGS; k++)
        warn_counts[err.warning[k].kind]++;
    if (st != CT_OK) {
        refused++;
        count_reason(err.message);
        if (!true_reason(st))
            untrue++;
        printf("refused: %s: game %d, line %d, move %d%s '%s': %s%s\n", name, err.game,
               err.line, err.move_number, err.black ? " (Black)" : "", err.token, err.message,
               true_reason(st) ? "" : "  [NOT A TRUE REASON]");
        return;
    }
    for (int g = 0; g < n; g++) {
        games_read++;
        moves_read += ct_record_count_moves(&games[g]);
        for (int i = 0; i < games[g].nnodes; i++)
            comments_read += games[g].nodes[i].comment != NULL;
        /* Exact: what we write reads back to the same record. */
        char *text = NULL;
        size_t tl = 0;
        ct_record *again = NULL;
        int n2 = 0;
        ct_pgn_error e2;
        if (ct_pgn_write(&games[g], CT_NOTATION_ICCS, &text, &tl) != CT_OK ||
            ct_pgn_read(text, tl, CT_ENC_UTF8, &again, &n2, NULL, &e2) != CT_OK || n2 != 1 ||
            !ct_record_equal(&games[g], &again[0])) {
            roundtrip_bad++;
            printf("round trip differs: %s game %d\n", name, g + 1);
        }
        if (again)
            ct_pgn_free_games(again, n2);
        free(text);
    }
    ct_pgn_free_games(games, n);
}

/* Octal field of a tar header. */
static size_t octal(const char *p, size_t n)
{
    size_t v = 0;
    for (size_t i = 0; i < n && p[i] >= '0' && p[i] <= '7'; i++)
        v = v * 8 + (size_t)(p[i] - '0');
    return v;
}

static bool read_full(FILE *f, char *buf, size_t n)
{
    return fread(buf, 1, n, f) == n;
}

/* Walks a ustar / GNU / pax tar stream and checks every regular *.pgn member. */
static int walk_tar(FILE *f)
{
    char hdr[512];
    char longname[4096] = "";
    size_t cap = 1 << 20;
    char *buf = malloc(cap + 1);
    if (!buf)
        return -1;
    while (read_full(f, hdr, sizeof hdr)) {
        if (hdr[0] == '\0')
            break; /* end-of-archive block */
        size_t size = octal(hdr + 124, 12);
        char type = hdr[156];
        size_t padded = (size + 511) / 512 * 512;
        if (padded > cap) {
            char *p = realloc(buf, padded + 1);
            if (!p)
                break;
            buf = p;
            cap = padded;
        }
        if (!read_full(f, buf, padded)) {
            fprintf(stderr, "check_archive: tar stream ends inside a member\n");
            free(buf);
            return -1;
        }
        buf[size] = '\0';
        if (type == 'L') { /* GNU long name for the next member */
            snprintf(longname, sizeof longname, "%s", buf);
            continue;
        }
        if (type == 'x') { /* pax header: look for path= */
            char *p = strstr(buf, " path=");
            if (p) {
                p += 6;
                char *e = strchr(p, '\n');
                if (e)
                    *e = '\0';
                snprintf(longname, sizeof longname, "%s", p);
            }
            continue;
        }
        char name[4096];
        if (longname[0]) {
            snprintf(name, sizeof name, "%s", longname);
            longname[0] = '\0';
        } else if (!memcmp(hdr + 257, "ustar", 5) && hdr[345]) {
            snprintf(name, sizeof name, "%.155s/%.100s", hdr + 345, hdr);
        } else {
            snprintf(name, sizeof name, "%.100s", hdr);
        }
        size_t nl = strlen(name);
        if ((type == '0' || type == '\0') && nl > 4 && !strcmp(name + nl - 4, ".pgn") &&
            members++ % STRIDE == 0)
            check_one(name, buf, size);
    }
    free(buf);
    return 0;
}

int main(void)
{
    const char *archive = find_archive();
    if (!archive) {
        printf("SKIPPED: the CCPD archive (../shared/data/ccpd/ccpd-games.tar.xz beside the "
               "source tree, or CCPD_ARCHIVE) is not there\n");
        return 77;
    }
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "xz -dc '%s'", archive);
    FILE *f = popen(cmd, "r");
    if (!f) {
        printf("check_archive: cannot run xz: %s\n", strerror(errno));
        return 1;
    }
    double t0 = now_s();
    int w = walk_tar(f);
    /* Read past the end-of-archive blocks to EOF: closing the pipe while xz still writes
     * the record's zero padding would kill it with SIGPIPE (status 141), a race that a
     * slow (sanitizer) build loses. */
    char sink[4096];
    while (fread(sink, 1, sizeof sink, f) > 0)
        ;
    int rc = pclose(f);
    double dt = now_s() - t0;
    if (w != 0 || rc != 0) {
        printf("check_archive: reading %s failed (xz status %d); is xz-utils installed?\n",
               archive, rc);
        return 1;
    }
    printf("archive: %s\n", archive);
    printf("files: %lld (%.1f MB) in %.2f s: %.0f files/s (with a write and re-read of each "
           "game)\n",
           files, (double)bytes_total / 1e6, dt, (double)files / dt);
    printf("games read: %lld, moves: %lld, comments: %lld\n", games_read, moves_read,
           comments_read);
    for (int k = 0; k < CT_PGN_WARN_COUNT; k++)
        if (warn_counts[k])
            printf("warning '%s': %d\n", ct_pgn_warning_text(k), warn_counts[k]);
    printf("refused: %lld\n", refused);
    for (int i = 0; i < nreasons; i++)
        printf("  %6d  %s\n", reasons[i].count, reasons[i].reason);
    int fail = 0;
    if (STRIDE > 1) {
        printf("(sanitizer build: every %dth file of %lld)\n", STRIDE, members);
    } else if (files != EXPECTED_FILES) {
        printf("FAIL: %lld files, expected %d\n", files, EXPECTED_FILES);
        fail = 1;
    }
    if (untrue) {
        printf("FAIL: %lld files refused for a reason that is not an illegal move or an "
               "impossible position\n",
               untrue);
        fail = 1;
    }
    if (STRIDE == 1 && refused != EXPECTED_REFUSED) {
        printf("FAIL: %lld files refused, %d expected\n", refused, EXPECTED_REFUSED);
        fail = 1;
    }
    if (roundtrip_bad) {
        printf("FAIL: %lld games do not survive a write and re-read\n", roundtrip_bad);
        fail = 1;
    }
    return fail;
}
