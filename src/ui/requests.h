/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the requests a user can make, as one X-macro list with their help strings, and
 * the key table that maps keys to them. The help screen and the KEYS section of cotuong(6)
 * are generated from / checked against these tables (tests/e2e_ui_man.sh). */
#ifndef COTUONG_UI_REQUESTS_H
#define COTUONG_UI_REQUESTS_H

#include <stdbool.h>

/* X(NAME, help text): the help text is an English msgid (N_ marks it for xgettext),
 * translated when shown. */
#ifndef N_
#define N_(s) (s)
#endif
#define UI_REQUESTS(X)                                                                       \
    X(UP, N_("move the cursor up"))                                                              \
    X(DOWN, N_("move the cursor down"))                                                          \
    X(LEFT, N_("move the cursor left"))                                                          \
    X(RIGHT, N_("move the cursor right"))                                                        \
    X(SELECT, N_("select a piece, move it to the cursor; choose a menu item"))                   \
    X(CANCEL, N_("cancel the selection, the prompt or the AI's hint"))                           \
    X(MOVE_LINE, N_("type a move in any notation (or a coordinate move like h2e2)"))             \
    X(UNDO, N_("take back a move (a full turn against the AI)"))                                 \
    X(REDO, N_("replay a move taken back"))                                                      \
    X(HINT, N_("ask the AI for a move and show it on the board"))                                \
    X(MOVE_NOW, N_("make the AI move now with its best move so far"))                            \
    X(RESIGN, N_("resign the game"))                                                             \
    X(DRAW, N_("offer a draw"))                                                                  \
    X(NEW_GAME, N_("start a new game (back to the start menu)"))                                 \
    X(SAVE, N_("save the game"))                                                                 \
    X(OPEN, N_("open a saved game"))                                                             \
    X(NOTATION, N_("change the notation of the move history"))                                   \
    X(FLIP, N_("turn the board around"))                                                         \
    X(COORDS, N_("show or hide the coordinates a-i, 0-9"))                                       \
    X(GLYPHS, N_("change the piece glyphs (Han, letters, ASCII)"))                               \
    X(SCROLL_UP, N_("scroll the move history back"))                                             \
    X(SCROLL_DOWN, N_("scroll the move history forward"))                                        \
    X(HELP, N_("show this help"))                                                                \
    X(REDRAW, N_("redraw the screen"))                                                           \
    X(QUIT, N_("quit (asks first when the game is not saved)"))

typedef enum {
    REQ_NONE = 0,
#define UI_REQ_ENUM(name, help) REQ_##name,
    UI_REQUESTS(UI_REQ_ENUM)
#undef UI_REQ_ENUM
    REQ_MOUSE,  /* a mouse click: the event carries the cell */
    REQ_TEXT,   /* a printable character for a text prompt */
    REQ_RESIZE, /* the terminal changed size */
    REQ_COUNT
} ui_req;

/* One row of the key table. */
typedef struct {
    int key;          /* curses key code or character */
    ui_req req;
    const char *name; /* how the help screen and the manual write the key */
} ui_keybinding;

/* An input event: a request, plus the cell of a mouse click or the character typed. */
typedef struct {
    ui_req req;
    int key;    /* the raw key: a character (Unicode) or, with fkey, a curses KEY_ code */
    bool fkey;  /* key is a curses function key code, not a character */
    int y, x;   /* screen cell of a mouse event */
    bool press; /* mouse: button 1 pressed (false: released or other) */
} ui_event;

/* The help text of a request (English msgid), or NULL; its enum name ("UNDO"). */
const char *ui_req_help(ui_req req);
const char *ui_req_name(ui_req req);
/* The key table and its length. */
const ui_keybinding *ui_keymap(int *count);
/* The request bound to a key, REQ_NONE if none (user bindings first). */
ui_req ui_key_request(int key);
/* Binds a key to a request at run time (from the settings file), before the table's own
 * binding of that key. Returns false when the user table is full or req is not a request. */
bool ui_key_bind(int key, ui_req req);
/* The user bindings made with ui_key_bind (names are NULL). */
const ui_keybinding *ui_keymap_user(int *count);

#endif
