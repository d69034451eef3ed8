/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the review mode of the game (src/tui/mode_review.c): entry points for the
 * `review` command, the open hook and the prompt overlay. */
#ifndef COTUONG_APP_REVIEW_MODE_H
#define COTUONG_APP_REVIEW_MODE_H

#include <stdbool.h>
#include <stddef.h>

#include "tui/controller.h"

/* Opens path into the review and enters the review mode. On failure returns -1 with a
 * sanitized message (file and position) in err; whatever was shown before stays. */
int review_mode_open(ctl *c, const char *path, char *err, size_t errsize);
/* Leaving the review ends the program (for `cotuong review FILE`) instead of going back to
 * the start menu. */
void review_mode_quit_on_exit(bool quit);
/* Draws the review screen with a prompt line (the prompt overlay over the review). */
void review_mode_draw_prompt(ctl *c, const char *prompt);
/* Milliseconds per position for the engine analysis, ms per move for auto-play. */
void review_mode_set_times(int analysis_ms, int autoplay_ms);

#endif
