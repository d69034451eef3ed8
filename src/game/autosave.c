/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the autosave sink: the resume file after every change, a finished game saved
 * once in the games folder. */
#include "game/autosave.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sys/gamefile.h"
#include "sys/resume.h"
#include "sys/systime.h"
#include "sys/xmalloc.h"

static void game_autosave_sink(void *user, const game *g, game_change what);

void game_autosave_init(game_autosave *a)
{
    memset(a, 0, sizeof *a);
}

void game_autosave_attach(game_autosave *a, game *g, const char *source, int index)
{
    int i = 0;
    while (i < a->n && a->games[i] != g)
        i++;
    a->owns = true;
    if (i == a->n) {
        if (a->n >= GAME_AUTOSAVE_MAX)
            return;
        a->n++;
        a->file_games[i] = NULL;
        a->file_changed[i] = NULL;
        a->nfile_games[i] = 0;
    }
    a->games[i] = g;
    snprintf(a->source[i], sizeof a->source[i], "%s", source ? source : "");
    a->index[i] = index;
    game_set_sink(g, game_autosave_sink, a);
}

void game_autosave_detach(game_autosave *a, game *g)
{
    for (int i = 0; i < a->n; i++) {
        if (a->games[i] != g)
            continue;
        game_set_sink(g, NULL, NULL);
        memmove(&a->games[i], &a->games[i + 1], (size_t)(a->n - i - 1) * sizeof a->games[0]);
        memmove(a->source[i], a->source[i + 1], (size_t)(a->n - i - 1) * sizeof a->source[0]);
        memmove(&a->index[i], &a->index[i + 1], (size_t)(a->n - i - 1) * sizeof a->index[0]);
        memmove(&a->file_games[i], &a->file_games[i + 1],
                (size_t)(a->n - i - 1) * sizeof a->file_games[0]);
        memmove(&a->file_changed[i], &a->file_changed[i + 1],
                (size_t)(a->n - i - 1) * sizeof a->file_changed[0]);
        memmove(&a->nfile_games[i], &a->nfile_games[i + 1],
                (size_t)(a->n - i - 1) * sizeof a->nfile_games[0]);
        a->n--;
        return;
    }
}

void game_autosave_set_file(game_autosave *a, game *g, const ct_record *games,
                            const bool *changed, int n)
{
    for (int i = 0; i < a->n; i++)
        if (a->games[i] == g) {
            a->file_games[i] = games;
            a->file_changed[i] = changed;
            a->nfile_games[i] = n;
        }
}

/* The changed games of slot i's file other than the one shown. */
static bool other_changed(const game_autosave *a, int i, int j)
{
    return a->file_changed[i] && j != a->index[i] && a->file_changed[i][j];
}

/* A game of play that has just ended goes to the games folder, once. */
static void save_finished(game_autosave *a, game *g)
{
    if (g->review || !game_over(g) || game_plies(g) == 0 || (g->path[0] && !g->modified))
        return;
    char path[1024], red[64], black[64], date[16], err[600];
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    game_fill_tags(g, date);
    if (g->path[0]) {
        snprintf(path, sizeof path, "%s", g->path);
    } else {
        sys_player_spec_name(&g->setup.players[CT_RED], red, sizeof red);
        sys_player_spec_name(&g->setup.players[CT_BLACK], black, sizeof black);
        if (gamefile_new_path(red, black, path, sizeof path) != 0)
            return;
    }
    if ((game_is_coup(g) ? game_coup_save(g, path, err, sizeof err)
                         : gamefile_save(path, &g->rec, CT_NOTATION_ICCS, err, sizeof err)) != 0) {
        snprintf(a->error, sizeof a->error, "%s", err);
        return;
    }
    game_mark_saved(g, path);
    snprintf(a->saved, sizeof a->saved, "%s", path);
}

int game_autosave_write(game_autosave *a, int64_t now, const char *interrupted)
{
    int cap = 0;
    for (int i = 0; i < a->n; i++)
        cap += 1 + a->nfile_games[i];
    ct_record *recs = xcalloc((size_t)(cap ? cap : 1), sizeof *recs);
    int n = 0;
    a->error[0] = '\0';
    for (int i = 0; i < a->n; i++) {
        game *g = a->games[i];
        save_finished(a, g);
        /* A review stays while any of its file's games has changes (the one shown or
         * another); a game played stays once it has a move. A finished game stays too
         * (with its result) until a new game starts: what was acknowledged is never only
         * elsewhere; nobody is offered to resume it. */
        bool others = false;
        for (int j = 0; j < a->nfile_games[i]; j++)
            others |= other_changed(a, i, j);
        bool keep = g->review ? g->modified || others : ct_record_count_moves(&g->rec) > 0;
        if (!keep)
            continue;
        game_resume_info info = {
            .mode = g->review ? "review" : "play",
            .source = a->source[i][0] ? a->source[i] : NULL,
            .source_game = a->index[i],
            .notation = a->notation[0] ? a->notation : NULL,
            .interrupted = interrupted,
        };
        game_snapshot(g, now, &info, &recs[n]);
        if (g->review && !g->modified) /* kept for the others: resumed, it is not changed */
            ct_record_set_tag(&recs[n], "Unchanged", "yes");
        n++;
        /* Then the file's other changed games, each with its place in the file. */
        for (int j = 0; g->review && j < a->nfile_games[i]; j++) {
            if (!other_changed(a, i, j))
                continue;
            ct_record *r = &recs[n++];
            if (ct_record_copy(r, &a->file_games[i][j]) != CT_OK) {
                fputs("cotuong: out of memory\n", stderr);
                abort();
            }
            char at[16];
            snprintf(at, sizeof at, "%d", j);
            ct_record_set_tag(r, "Mode", "review-game");
            ct_record_set_tag(r, "Source", info.source);
            ct_record_set_tag(r, "SourceGame", info.source ? at : NULL);
        }
    }
    int rc = 0;
    if (n == 0) {
        /* Nothing of this run to keep: empty the file only if this run wrote it. A menu
         * left (or a SIGHUP) before any game began keeps the game an earlier run left. */
        if (a->owns)
            resume_discard();
    } else {
        rc = resume_save(recs, n, a->error, sizeof a->error);
    }
    for (int i = 0; i < n; i++)
        ct_record_free(&recs[i]);
    free(recs);
    return rc;
}

/* The sink itself (user = the game_autosave): calls game_autosave_write(now). */
static void game_autosave_sink(void *user, const game *g, game_change what)
{
    (void)g;
    (void)what;
    game_autosave *a = user;
    if (!a->off)
        game_autosave_write(a, sys_now_ms(), NULL);
}
