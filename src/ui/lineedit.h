/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — a one-line text editor for prompts: a UTF-8 buffer of any length with a cursor,
 * the usual movement and deletion keys, a history, file-name completion, and the window of
 * the text that fits the room on screen (widths measured with libunistring). No curses:
 * tests/check_lineedit.c drives it directly. */
#ifndef COTUONG_UI_LINEEDIT_H
#define COTUONG_UI_LINEEDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/requests.h"

#define UI_HISTORY_MAX 50

/* Earlier entries of one prompt, oldest first (owned strings). */
typedef struct {
    char *items[UI_HISTORY_MAX];
    int n;
} ui_history;

typedef struct {
    char *buf;        /* the text, NUL-terminated */
    size_t len, cap;
    size_t cur;       /* the cursor: a byte offset at a character boundary */
    ui_history *hist; /* may be NULL */
    int hist_pos;     /* hist->n while editing the new line, else the entry shown */
    char *draft;      /* the new line, kept while the history is shown */
    bool complete_files; /* Tab completes file names */
    bool last_was_tab;   /* a second Tab in a row lists the choices */
} ui_lineedit;

/* Starts editing text (NULL: empty) with the cursor at its end. */
void ui_le_init(ui_lineedit *le, const char *text, ui_history *hist);
void ui_le_free(ui_lineedit *le);
/* Inserts UTF-8 text at the cursor (control characters are dropped). */
void ui_le_insert(ui_lineedit *le, const char *s);

/* The result of a request. */
typedef enum {
    UI_LE_NONE,     /* not an editing request */
    UI_LE_CHANGED,  /* the text or the cursor changed (or nothing could change) */
    UI_LE_ACCEPT,   /* Enter */
    UI_LE_CANCEL,   /* Esc */
    UI_LE_LISTED,   /* Tab twice: *msg holds the choices */
    UI_LE_MANY,     /* Tab: several names match (what they share was inserted) */
    UI_LE_NO_MATCH, /* Tab: no name matches */
} ui_le_result;

/* Applies an editing request (REQ_EDIT_*, REQ_HISTORY_*, REQ_COMPLETE, REQ_ACCEPT,
 * REQ_CANCEL) or REQ_TEXT with the character uc. msg (may be NULL) receives a message for
 * the player: the choices of a completion, "no file matches". */
ui_le_result ui_le_request(ui_lineedit *le, ui_req req, int uc, char *msg, size_t msgsize);

/* Adds an entry to a history (not a blank one, not the same as the last); frees all. */
void ui_history_add(ui_history *h, const char *text);
void ui_history_free(ui_history *h);

/* What to draw in `width` columns: the text from byte *start, with the cursor at column
 * *cursor_col of that window (the window scrolls so the cursor is always inside it). */
void ui_le_view(const ui_lineedit *le, int width, size_t *start, int *cursor_col);

/* Completes the path before the cursor ("~/" is the home folder): the longest
 * common continuation of the names that match, "/" after a folder. Returns how many names
 * matched; with list, their names go into msg. */
int ui_le_complete_path(ui_lineedit *le, bool list, char *msg, size_t msgsize);

#endif
