/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — opens PGN/XQF game files with errors that name the file and the position
 * (all text from the file sanitized), and saves games as PGN with an atomic write. */
#include "sys/gamefile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sys/i18n.h"
#include "sys/masters.h"
#include "sys/pgnreport.h"
#include "sys/sanitize.h"
#include "sys/savefile.h"
#include "sys/xmalloc.h"
#include "cotuong/pgn.h"
#include "cotuong/xqf.h"


const char *gamefile_warning_text(int kind)
{
    static const char *const text[CT_PGN_WARN_COUNT] = {
        [CT_PGN_WARN_QUOTE_IN_TAG] = N_("quotes inside a tag value (read up to the last one)"),
        [CT_PGN_WARN_STRAY] = N_("a stray character skipped"),
        [CT_PGN_WARN_NO_RESULT] = N_("no result: read as '*'"),
        [CT_PGN_WARN_ENCODING] = N_("bytes invalid in the file's encoding replaced by U+FFFD"),
        [CT_PGN_WARN_TRAILING] = N_("text after the last game ignored"),
        [CT_PGN_WARN_UNCLOSED] = N_("a comment or tag not closed at the end of the file"),
        [CT_PGN_WARN_CONTROL] = N_("control characters replaced by spaces"),
    };
    return kind >= 0 && kind < CT_PGN_WARN_COUNT && text[kind] ? _(text[kind]) : _("damage repaired");
}

static void keep_warnings(const ct_pgn_error *pe, gamefile_warnings *warn)
{
    if (!warn)
        return;
    warn->count = pe->nwarnings;
    warn->n = 0;
    for (int k = 0; k < pe->nwarnings && k < CT_PGN_MAX_WARNINGS && k < GAMEFILE_MAX_WARNINGS; k++) {
        warn->at[k].kind = pe->warning[k].kind;
        warn->at[k].game = pe->warning[k].game;
        warn->at[k].line = pe->warning[k].line;
        warn->n++;
    }
}

int gamefile_load(const char *path, ct_record **games, int *ngames, gamefile_warnings *warn,
                  char *err, size_t errsize)
{
    char *data, msg[600];
    size_t len;
    *games = NULL;
    *ngames = 0;
    if (warn)
        memset(warn, 0, sizeof *warn);
    char *spath = sanitize_dup(path, 0);
    if (savefile_read(path, SAVEFILE_MAX_BYTES, &data, &len, msg, sizeof msg) != 0) {
        char *m = sanitize_dup(msg, 0);
        snprintf(err, errsize, "%s", m);
        free(m);
        free(spath);
        return -1;
    }
    int r = 0;
    if (ct_xqf_detect(data, len)) {
        ct_record *rec = xcalloc(1, sizeof *rec);
        ct_xqf_error xe;
        memset(&xe, 0, sizeof xe);
        if (ct_xqf_read(data, len, rec, &xe) != CT_OK) {
            char *m = sanitize_dup(xe.message, 0);
            snprintf(err, errsize, "%s: byte %zu%s: %s", spath, xe.offset,
                     xe.ply > 0 ? " (a move record)" : "", m);
            free(m);
            ct_record_free(rec);
            free(rec);
            r = -1;
        } else {
            *games = rec;
            *ngames = 1;
        }
    } else {
        ct_pgn_error pe;
        memset(&pe, 0, sizeof pe);
        char why[128];
        bool bin = pgnreport_binary(data, len, why, sizeof why);
        ct_status st = bin ? CT_ERR_SYNTAX
                           : ct_pgn_read(data, len, CT_ENC_AUTO, games, ngames, NULL, &pe);
        if (bin) {
            snprintf(err, errsize, "%s: %s", spath, why);
            r = -1;
        } else if (st == CT_ERR_NOT_FOUND) {
            snprintf(err, errsize, "%s: %s", spath, PGNREPORT_NO_GAME);
            r = -1;
        } else if (st != CT_OK) {
            char *m = sanitize_dup(pe.message, 0), *t = sanitize_dup(pe.token, 0);
            char where[160] = "";
            int n = 0;
            if (pe.game > 0)
                n += snprintf(where + n, sizeof where - (size_t)n, ", game %d", pe.game);
            if (pe.line > 0)
                n += snprintf(where + n, sizeof where - (size_t)n, ", line %d", pe.line);
            if (pe.move_number > 0)
                n += snprintf(where + n, sizeof where - (size_t)n, ", move %d%s",
                              pe.move_number, pe.black ? "..." : ".");
            if (t[0])
                snprintf(where + n, sizeof where - (size_t)n, " '%.40s'", t);
            snprintf(err, errsize, "%s%s: %s", spath, where, m);
            free(m);
            free(t);
            r = -1;
        } else {
            keep_warnings(&pe, warn);
        }
    }
    free(data);
    free(spath);
    return r;
}

void gamefile_free(ct_record *games, int ngames)
{
    if (!games)
        return;
    ct_pgn_free_games(games, ngames);
}

/* The record to write: r itself, or a copy of it in *tmp with the opening's [ECCO] and
 * [Opening] tags when r lacks them and the master-games index is installed (*m loaded on
 * first need, so several games share one load). Without the index the game is saved as it
 * is: a missing index never stops a save. */
static const ct_record *with_opening_tags(const ct_record *r, sys_masters **m, bool *tried,
                                          ct_record *tmp)
{
    const char *code = ct_record_tag(r, "ECCO"), *name = ct_record_tag(r, "Opening");
    if (r->has_fen || ct_record_first_child(r, CT_ROOT) == CT_NO_NODE ||
        (code && *code && name && *name))
        return r;
    if (!*tried) {
        char e[64 + 4096];
        *m = sys_masters_load(NULL, e, sizeof e);
        *tried = true;
    }
    if (!*m || ct_record_copy(tmp, r) != CT_OK)
        return r;
    if (sys_masters_tag_opening(*m, tmp) <= 0) {
        ct_record_free(tmp);
        return r;
    }
    return tmp;
}

int gamefile_save(const char *path, const ct_record *r, ct_notation n, char *err,
                       size_t errsize)
{
    char *text;
    size_t len;
    sys_masters *m = NULL;
    bool tried = false;
    ct_record tmp;
    const ct_record *out = with_opening_tags(r, &m, &tried, &tmp);
    ct_status st = ct_pgn_write(out, n, &text, &len);
    if (out != r)
        ct_record_free(&tmp);
    sys_masters_free(m);
    if (st != CT_OK) {
        char *p = sanitize_dup(path, 0);
        snprintf(err, errsize, "%s: %s", p,
                 st == CT_ERR_FULL ? "out of memory" : "the game holds an illegal move");
        free(p);
        return -1;
    }
    int rc = savefile_write_atomic(path, text, len, err, errsize);
    free(text);
    return rc;
}

int gamefile_save_many(const char *path, const ct_record *const *recs, int n, ct_notation nt,
                       char *err, size_t errsize)
{
    size_t total = 0;
    char *all = NULL;
    sys_masters *m = NULL;
    bool tried = false;
    for (int g = 0; g < n; g++) {
        char *text;
        size_t len;
        ct_record tmp;
        const ct_record *out = with_opening_tags(recs[g], &m, &tried, &tmp);
        ct_status st = ct_pgn_write(out, nt, &text, &len);
        if (out != recs[g])
            ct_record_free(&tmp);
        if (st != CT_OK) {
            snprintf(err, errsize, "game %d holds an illegal move; not saved", g + 1);
            free(all);
            sys_masters_free(m);
            return -1;
        }
        all = xrealloc(all, total + len + 2);
        memcpy(all + total, text, len);
        total += len;
        if (g + 1 < n)
            all[total++] = '\n';
        free(text);
    }
    sys_masters_free(m);
    int rc = savefile_write_atomic(path, all ? all : "", total, err, errsize);
    free(all);
    return rc;
}

/* Keeps letters (any script), digits, '-' and '_' of a player name for a file name. */
static void file_word(const char *in, char *out, size_t size)
{
    size_t n = 0;
    for (const unsigned char *s = (const unsigned char *)in; *s && n + 1 < size; s++) {
        if (*s >= 0x80 || (*s >= '0' && *s <= '9') || (*s >= 'A' && *s <= 'Z') ||
            (*s >= 'a' && *s <= 'z') || *s == '-' || *s == '_')
            out[n++] = (char)*s;
        else if (*s == ' ' && n > 0 && out[n - 1] != '_')
            out[n++] = '_';
    }
    /* Do not end in the middle of a UTF-8 character. */
    while (n > 0 && ((unsigned char)out[n - 1] & 0xC0) == 0x80) {
        size_t k = n;
        while (k > 0 && ((unsigned char)out[k - 1] & 0xC0) == 0x80)
            k--;
        unsigned char lead = k > 0 ? (unsigned char)out[k - 1] : 0;
        size_t want = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (k > 0 && n - (k - 1) == want)
            break;
        n = k > 0 ? k - 1 : 0;
    }
    out[n] = '\0';
    if (!n)
        snprintf(out, size, "player");
}

int gamefile_new_path(const char *red, const char *black, char *buf, size_t size)
{
    char dir[4096], r[64], b[64], stamp[32];
    if (savefile_games_dir(dir, sizeof dir) != 0)
        return -1;
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
    file_word(red ? red : "", r, sizeof r);
    file_word(black ? black : "", b, sizeof b);
    int n = snprintf(buf, size, "%s/%s-%s-vs-%s.pgn", dir, stamp, r, b);
    return (n < 0 || (size_t)n >= size) ? -1 : 0;
}
