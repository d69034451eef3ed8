/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the resume file through the core's PGN writer and reader (see resume.h): the
 * games, an end mark, and the checks that refuse a file that is not whole. */
#include "sys/resume.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/sanitize.h"
#include "sys/savefile.h"
#include "sys/xmalloc.h"
#include "cotuong/pgn.h"

#define END_MARK "; end of the cotuong resume file\n"

char *resume_format(ct_record *recs, int n, size_t *len)
{
    size_t total = 0;
    char *all = NULL;
    for (int i = 0; i < n; i++) {
        char num[16], *text;
        size_t tl;
        snprintf(num, sizeof num, "%d", ct_record_depth(&recs[i], ct_record_main_end(&recs[i])));
        ct_record_set_tag(&recs[i], "PlyCount", num);
        if (ct_pgn_write(&recs[i], CT_NOTATION_ICCS, &text, &tl) != CT_OK) {
            free(all);
            return NULL;
        }
        all = xrealloc(all, total + tl + 2);
        memcpy(all + total, text, tl);
        total += tl;
        all[total++] = '\n';
        free(text);
    }
    all = xrealloc(all, total + sizeof END_MARK);
    memcpy(all + total, END_MARK, sizeof END_MARK);
    total += sizeof END_MARK - 1;
    *len = total;
    return all;
}

int resume_parse(const char *text, size_t len, ct_record **recs, int *n, char *err,
                 size_t errsize)
{
    size_t mark = sizeof END_MARK - 1;
    /* 1. Whole: the end mark closes the file (its final newline may be missing). */
    if (len >= mark - 1 && !memcmp(text + len - (mark - 1), END_MARK, mark - 1))
        len -= mark - 1;
    else if (len >= mark && !memcmp(text + len - mark, END_MARK, mark))
        len -= mark;
    else {
        snprintf(err, errsize, "the file does not end with the end mark: it is not complete");
        return -1;
    }
    long bin = savefile_binary_offset(text, len);
    if (bin >= 0) {
        snprintf(err, errsize, "binary data (byte 0x%02X at offset %ld): not a resume file",
                 (unsigned char)text[bin], bin);
        return -1;
    }
    /* 2. The games, by the core. */
    ct_pgn_error pe;
    ct_record *games = NULL;
    int ng = 0;
    if (ct_pgn_read(text, len, CT_ENC_UTF8, &games, &ng, NULL, &pe) != CT_OK) {
        char raw[400];
        snprintf(raw, sizeof raw, "game %d, line %d: %s%s%s%s", pe.game, pe.line, pe.message,
                 pe.token[0] ? " '" : "", pe.token, pe.token[0] ? "'" : "");
        sanitize_text(err, errsize, raw, strlen(raw), 0);
        return -1;
    }
    /* 3. Each game as long as it says. */
    for (int i = 0; i < ng; i++) {
        const char *pc = ct_record_tag(&games[i], "PlyCount");
        int have = ct_record_depth(&games[i], ct_record_main_end(&games[i]));
        char *end;
        long want = pc ? strtol(pc, &end, 10) : -1;
        if (!pc || *end || want != have) {
            snprintf(err, errsize, "game %d: PlyCount says %s moves but the file has %d", i + 1,
                     pc ? "a different number of" : "no number of", have);
            ct_pgn_free_games(games, ng);
            return -1;
        }
    }
    *recs = games;
    *n = ng;
    return 0;
}

int resume_save(ct_record *recs, int n, char *err, size_t errsize)
{
    char path[4096];
    if (savefile_resume_path(path, sizeof path) != 0) {
        snprintf(err, errsize, "cannot find the state directory: set HOME or XDG_STATE_HOME");
        return -1;
    }
    size_t len;
    char *text = resume_format(recs, n, &len);
    if (!text) {
        snprintf(err, errsize, "the game holds an illegal move; the resume file is not written");
        return -1;
    }
    int r = savefile_write_atomic(path, text, len, err, errsize);
    free(text);
    return r;
}

int resume_load(ct_record **recs, int *n, char *err, size_t errsize)
{
    char path[4096], msg[512];
    if (savefile_resume_path(path, sizeof path) != 0)
        return 0;
    savefile_clean_temps(path);
    FILE *probe = fopen(path, "r");
    if (!probe)
        return 0; /* no resume file: nothing was interrupted */
    fclose(probe);
    char *data;
    size_t len;
    if (savefile_read(path, SAVEFILE_MAX_BYTES, &data, &len, err, errsize) != 0)
        return -1;
    int r = resume_parse(data, len, recs, n, msg, sizeof msg);
    free(data);
    if (r != 0) {
        char *p = sanitize_dup(path, 0);
        snprintf(err, errsize, "%s: %s", p, msg);
        free(p);
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
