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

void game_autosave_init(game_autosave *a)
{
    memset(a, 0, sizeof *a);
}

void game_autosave_attach(game_autosave *a, game *g, const char *source, int index)
{
    int i = 0;
    while (i < a->n && a->games[i] != g)
        i++;
    if (i == a->n) {
        if (a->n >= GAME_AUTOSAVE_MAX)
            return;
        a->n++;
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
        a->n--;
        return;
    }
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
    if (gamefile_save(path, &g->rec, CT_NOTATION_ICCS, err, sizeof err) != 0) {
        snprintf(a->error, sizeof a->error, "%s", err);
        return;
    }
    game_mark_saved(g, path);
    snprintf(a->saved, sizeof a->saved, "%s", path);
}

int game_autosave_write(game_autosave *a, int64_t now, const char *interrupted)
{
    ct_record recs[GAME_AUTOSAVE_MAX];
    int n = 0;
    a->error[0] = '\0';
    for (int i = 0; i < a->n; i++) {
        game *g = a->games[i];
        save_finished(a, g);
        /* A finished game stays too (with its result) until a new game starts: what was
         * acknowledged is never only elsewhere; nobody is offered to resume it. */
        bool keep = g->review ? g->modified : ct_record_count_moves(&g->rec) > 0;
        if (!keep)
            continue;
        game_resume_info info = {
            .mode = g->review ? "review" : "play",
            .source = a->source[i][0] ? a->source[i] : NULL,
            .source_game = a->index[i],
            .notation = a->notation[0] ? a->notation : NULL,
            .interrupted = interrupted,
        };
        game_snapshot(g, now, &info, &recs[n++]);
    }
    int rc = 0;
    if (n == 0) {
        resume_discard();
    } else {
        rc = resume_save(recs, n, a->error, sizeof a->error);
    }
    for (int i = 0; i < n; i++)
        ct_record_free(&recs[i]);
    return rc;
}

void game_autosave_sink(void *user, const game *g, game_change what)
{
    (void)g;
    (void)what;
    game_autosave *a = user;
    if (!a->off)
        game_autosave_write(a, sys_now_ms(), NULL);
}
