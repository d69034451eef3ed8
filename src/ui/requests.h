/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the requests a user can make, as one X-macro list with their help strings, and
 * the key groups (one per kind of screen) whose tables map keys to them. The help screen of
 * each mode and the KEYS section of cotuong(6) are generated from these tables
 * (tests/check_keys.c compares the manual with them). */
#ifndef COTUONG_UI_REQUESTS_H
#define COTUONG_UI_REQUESTS_H

#include <stdbool.h>
#include <stddef.h>

/* X(NAME, help text): the help text is an English msgid (N_ marks it for xgettext),
 * translated when shown. The config names a request in lower case (`key.undo = z`). */
#ifndef N_
#define N_(s) (s)
#endif
#define UI_REQUESTS(X)                                                                       \
    X(UP, N_("move the cursor up"))                                                          \
    X(DOWN, N_("move the cursor down"))                                                      \
    X(LEFT, N_("move the cursor left"))                                                      \
    X(RIGHT, N_("move the cursor right"))                                                    \
    X(SELECT, N_("select: a piece, then the point it goes to; a menu item"))                 \
    X(CANCEL, N_("cancel the selection, the prompt or the AI's hint"))                       \
    X(MOVE_LINE, N_("type a move in any notation (or a coordinate move like h2e2)"))         \
    X(UNDO, N_("take back a move (a full turn against the AI)"))                             \
    X(REDO, N_("replay a move taken back"))                                                  \
    X(HINT, N_("ask the AI for a move and show it on the board"))                            \
    X(MOVE_NOW, N_("make the AI move now with its best move so far"))                        \
    X(RESIGN, N_("resign the game"))                                                         \
    X(DRAW, N_("offer a draw"))                                                              \
    X(CHAT, N_("say something to your opponent (a game with someone on this computer)"))     \
    X(NEW_GAME, N_("start a new game (back to the start menu)"))                             \
    X(PAUSE, N_("pause or go on (the AI playing itself)"))                                   \
    X(PACE_FASTER, N_("the AI playing itself: less time shown per move"))                    \
    X(PACE_SLOWER, N_("the AI playing itself: more time shown per move"))                    \
    X(FORWARD, N_("one move forward along the current line"))                                \
    X(BACK, N_("one move back"))                                                             \
    X(FIRST, N_("to the start of the game"))                                                 \
    X(LAST, N_("to the end of the current line"))                                            \
    X(NEXT_ALT, N_("the next alternative to the current move"))                              \
    X(PREV_ALT, N_("the previous alternative to the current move"))                          \
    X(ENTER_VAR, N_("into the first variation that starts here"))                            \
    X(VARIATION, N_("into the N-th variation that starts here"))                             \
    X(LEAVE_VAR, N_("out of the variation, back to the move it replaces"))                   \
    X(PLAY_ON_AI, N_("play on against the AI (it answers your moves) or hot-seat"))          \
    X(AUTOPLAY, N_("auto-play on or off"))                                                   \
    X(FASTER, N_("auto-play faster"))                                                        \
    X(SLOWER, N_("auto-play slower"))                                                        \
    X(ANALYSE, N_("the engine's view of this position: score, depth and best line"))         \
    X(ANALYSE_GAME, N_("analyse the whole game: marks ?! ? ?? and a chart (Esc stops)"))    \
    X(COMMENT, N_("write or change the comment of the current move"))                        \
    X(DELETE_MOVE, N_("delete the current move and what follows (asks first)"))              \
    X(PROMOTE, N_("make the current line the main line"))                                    \
    X(PREV_GAME, N_("the previous game of the file"))                                        \
    X(NEXT_GAME, N_("the next game of the file"))                                            \
    X(GAME_LIST, N_("the list of the games of the file"))                                    \
    X(WARNINGS, N_("what the reader repaired in the file (its warnings), and where"))        \
    X(SAVE, N_("save the game (in review: all the games of the file)"))                      \
    X(OPEN, N_("open a saved game"))                                                         \
    X(COPY_GAME, N_("copy the game (PGN) to the clipboard (OSC 52)"))                        \
    X(COPY_POS, N_("copy the position (FEN) to the clipboard (OSC 52)"))                     \
    X(EXPLORER, N_("show or hide the masters' moves here (opening explorer)"))               \
    X(MASTER_NEXT, N_("the explorer: choose the next master move"))                          \
    X(MASTER_PREV, N_("the explorer: choose the previous master move"))                      \
    X(MASTER_PLAY, N_("the explorer: play the chosen master move (a variation)"))            \
    X(EDIT_POSITION, N_("set up a position from this one (the board editor)"))               \
    X(PIECE, N_("put a piece at the cursor: KABNRCP Red, kabnrcp Black (E H e h too)"))      \
    X(REMOVE, N_("remove the piece at the cursor"))                                          \
    X(SIDE, N_("change the side to move"))                                                   \
    X(CLEAR, N_("clear the board"))                                                          \
    X(START_POS, N_("the start position"))                                                   \
    X(PASTE_FEN, N_("type or paste a FEN (a paste into the board works too)"))               \
    X(PLAY_HOTSEAT, N_("play from this position, hot-seat"))                                 \
    X(PLAY_AI, N_("play from this position against the AI (it takes the other side)"))       \
    X(NOTATION, N_("change the notation of the move history"))                               \
    X(FLIP, N_("turn the board around"))                                                     \
    X(COORDS, N_("show or hide the coordinates a-i, 0-9"))                                   \
    X(GLYPHS, N_("change the piece glyphs (Han, letters, ASCII)"))                           \
    X(SCROLL_UP, N_("scroll back (the move history, this help)"))                            \
    X(SCROLL_DOWN, N_("scroll forward (the move history, this help)"))                       \
    X(PAGE_UP, N_("one page up"))                                                            \
    X(PAGE_DOWN, N_("one page down"))                                                        \
    X(TOP, N_("to the top"))                                                                 \
    X(BOTTOM, N_("to the bottom"))                                                           \
    X(ACCEPT, N_("accept the text"))                                                         \
    X(YES, N_("yes (c: có)"))                                                                \
    X(NO, N_("no (k: không)"))                                                               \
    X(EDIT_LEFT, N_("cursor one character left"))                                            \
    X(EDIT_RIGHT, N_("cursor one character right"))                                          \
    X(EDIT_HOME, N_("cursor to the start of the line"))                                      \
    X(EDIT_END, N_("cursor to the end of the line"))                                         \
    X(EDIT_BACKSPACE, N_("delete the character before the cursor"))                          \
    X(EDIT_DELETE, N_("delete the character under the cursor"))                              \
    X(EDIT_KILL_START, N_("delete from the start of the line to the cursor"))                \
    X(EDIT_KILL_WORD, N_("delete the word before the cursor"))                               \
    X(EDIT_KILL_END, N_("delete from the cursor to the end of the line"))                    \
    X(HISTORY_PREV, N_("the previous text entered at this prompt"))                          \
    X(HISTORY_NEXT, N_("the next text entered at this prompt"))                              \
    X(COMPLETE, N_("complete the file name (twice: list the choices)"))                      \
    X(RETRY, N_("trainer: try the exercise again from its start"))                           \
    X(SOLUTION, N_("trainer: show the solution, a move at a time (Left, Right)"))            \
    X(NEXT_EXERCISE, N_("trainer: the next exercise (of the filter)"))                       \
    X(PREV_EXERCISE, N_("trainer: the previous exercise (of the filter)"))                   \
    X(FILTER_KIND, N_("trainer: only exercises of the next kind (all, mate, endgame...)"))   \
    X(FILTER_DIFFICULTY, N_("trainer: only exercises of the next difficulty (all, 1-5)"))    \
    X(HELP, N_("show the keys of this screen"))                                              \
    X(MESSAGES, N_("the last messages of the status line, whole"))                           \
    X(REDRAW, N_("redraw the screen"))                                                       \
    X(QUIT, N_("quit or go back (asks first when something is not saved)"))

typedef enum {
    REQ_NONE = 0,
#define UI_REQ_ENUM(name, help) REQ_##name,
    UI_REQUESTS(UI_REQ_ENUM)
#undef UI_REQ_ENUM
    REQ_MOUSE,  /* a mouse click: the event carries the cell */
    REQ_TEXT,   /* a printable character for a text prompt */
    REQ_RESIZE, /* the terminal changed size */
    REQ_PASTE_BEGIN, /* a bracketed paste starts: the characters pasted come as keys */
    REQ_PASTE_END,   /* ... and ends */
    REQ_COUNT
} ui_req;

/* Key groups: each kind of screen has its own key table. X(NAME, title for the help screen
 * and the manual's subsection). */
#define UI_KEYGROUPS(X)                                                                      \
    X(PLAY, N_("Playing"))                                                                   \
    X(REVIEW, N_("Reviewing a game"))                                                        \
    X(TRAIN, N_("The trainer"))                                                              \
    X(MENU, N_("Menus and lists"))                                                           \
    X(EDIT, N_("Text prompts"))                                                              \
    X(SETUP, N_("Setting up a position"))                                                    \
    X(YESNO, N_("Questions"))                                                                \
    X(HELP, N_("This help"))

typedef enum {
#define UI_KEYGROUP_ENUM(name, title) UI_KEYS_##name,
    UI_KEYGROUPS(UI_KEYGROUP_ENUM)
#undef UI_KEYGROUP_ENUM
    UI_KEYS_COUNT
} ui_keygroup;

/* Pseudo key codes for the mouse wheel (beyond curses' KEY_MAX and Unicode), so the wheel
 * goes through the key tables like any key. */
#define UI_KEY_WHEEL_UP 0x200001
#define UI_KEY_WHEEL_DOWN 0x200002

/* One row of a key table. */
typedef struct {
    unsigned groups;  /* bit (1u << ui_keygroup) for each group the binding is in */
    int key;          /* curses key code, character or UI_KEY_WHEEL_* */
    ui_req req;
    const char *name; /* how the help screen and the manual write the key; NULL: not listed */
} ui_keybinding;

/* An input event: a request, plus the cell of a mouse click or the character typed. */
typedef struct {
    ui_req req;
    int key;    /* the raw key: a character (Unicode) or, with fkey, a curses KEY_ code */
    bool fkey;  /* key is a curses function key code (or a wheel code), not a character */
    int y, x;   /* screen cell of a mouse event */
    bool press; /* mouse: button 1 pressed (false: released or other) */
} ui_event;

/* The help text of a request (English msgid), or NULL; its enum name ("UNDO"); the request
 * named in lower or upper case ("undo"), REQ_NONE if none. */
const char *ui_req_help(ui_req req);
const char *ui_req_name(ui_req req);
ui_req ui_req_from_name(const char *name);
/* The title of a key group (English msgid). */
const char *ui_keygroup_title(ui_keygroup g);
/* The built-in key table and its length. */
const ui_keybinding *ui_keymap(int *count);
/* The request a key makes in a group, REQ_NONE if none (user bindings first). */
ui_req ui_key_request(ui_keygroup g, int key);
/* Sets ev->req for group g from its raw key (mouse and resize events are kept). */
void ui_event_regroup(ui_event *ev, ui_keygroup g);
/* Binds a key to a request at run time (from the settings file), before the table's own
 * binding of that key, in every group where the table binds the request. Returns false when
 * the user table is full or req is not a request with keys. */
bool ui_key_bind(int key, ui_req req);
/* Forgets the user bindings (tests). */
void ui_key_unbind_all(void);
/* The keys of a request in a group joined with ", " ("Up, k"), the user's bindings last.
 * Returns the length. */
int ui_keys_of(ui_keygroup g, ui_req req, char *buf, int size);
/* The same with the key names passed through tr (the help screen translates them; the
 * manual keeps the English names). */
int ui_keys_of_tr(ui_keygroup g, ui_req req, char *buf, int size,
                  const char *(*tr)(const char *));
/* The key code of a key name in the settings file: "x", "C-x", "Up", "Down", "Left",
 * "Right", "Enter", "Space", "Tab", "Esc", "Backspace", "Home", "End", "PgUp", "PgDn",
 * "Insert", "Delete", "F1".."F12" (names in any case); -1 if none. */
int ui_key_code(const char *name);

#endif
