/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the messages about reading a game file (see pgnreport.h). */
#include "sys/pgnreport.h"

#include <stdlib.h>

#include "sys/sanitize.h"
#include "sys/savefile.h"

static const char *status_text(ct_status st)
{
    switch (st) {
    case CT_ERR_FULL: return "out of memory or too large";
    case CT_ERR_UNSUPPORTED: return "unsupported encoding";
    case CT_ERR_NOT_FOUND: return PGNREPORT_NO_GAME;
    default: return "error";
    }
}

bool pgnreport_binary(const char *data, size_t len, char *why, size_t size)
{
    long bin = savefile_binary_offset(data, len);
    if (bin < 0)
        return false;
    int line = 1;
    for (long i = 0; i < bin; i++)
        line += data[i] == '\n';
    snprintf(why, size, "line %d (byte %ld): binary data, not a PGN or XQF file", line, bin);
    return true;
}

void pgnreport_error(FILE *f, const char *prog, const char *name, ct_status st,
                     const ct_pgn_error *e)
{
    char *n = sanitize_dup(name, 0);
    char *tok = sanitize_dup(e->token, 0);
    /* No game: the one wording, whatever the parser said. */
    const char *why = st == CT_ERR_NOT_FOUND || !e->message[0] ? status_text(st) : e->message;
    char *msg = sanitize_dup(why, 0);
    fprintf(f, "%s: %s", prog, n);
    if (e->game > 0)
        fprintf(f, ": game %d", e->game);
    if (e->move_number > 0)
        fprintf(f, ", move %d%s", e->move_number, e->black ? " (Black)" : " (Red)");
    if (tok[0])
        fprintf(f, ", '%s'", tok);
    if (e->line > 0)
        fprintf(f, " (line %d)", e->line);
    fprintf(f, ": %s\n", msg);
    free(n);
    free(tok);
    free(msg);
}

/* One warning line: "PROG: NAME[: game G][, line L]: warning: TEXT" (NAME sanitized). */
static void warning_line(FILE *f, const char *prog, const char *name, int game, int line,
                         const char *text)
{
    fprintf(f, "%s: %s", prog, name);
    if (game > 0)
        fprintf(f, ": game %d", game);
    if (line > 0)
        fprintf(f, "%s line %d", game > 0 ? "," : ":", line);
    fprintf(f, ": warning: %s\n", text);
}

void pgnreport_warnings(FILE *f, const char *prog, const char *name, const ct_pgn_error *e)
{
    if (e->nwarnings <= 0)
        return;
    char *n = sanitize_dup(name, 0);
    for (int k = 0; k < e->nwarnings && k < CT_PGN_MAX_WARNINGS; k++)
        warning_line(f, prog, n, e->warning[k].game, e->warning[k].line,
                     ct_pgn_warning_text(e->warning[k].kind));
    if (e->nwarnings > CT_PGN_MAX_WARNINGS)
        fprintf(f, "%s: %s: (and %d more warnings)\n", prog, n,
                e->nwarnings - CT_PGN_MAX_WARNINGS);
    free(n);
}

void pgnreport_gamefile_warnings(FILE *f, const char *prog, const char *name,
                                 const gamefile_warnings *w)
{
    if (w->count <= 0)
        return;
    char *n = sanitize_dup(name, 0);
    for (int k = 0; k < w->n; k++)
        warning_line(f, prog, n, w->at[k].game, w->at[k].line,
                     ct_pgn_warning_text(w->at[k].kind));
    if (w->count > w->n)
        fprintf(f, "%s: %s: (and %d more warnings)\n", prog, n, w->count - w->n);
    free(n);
}
