/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the game controller: application state, the mode state machine (menu, play,
 * help, prompts, ...) and the main loop. Input arrives as requests (ui/requests.h); each
 * mode has its own _draw() and _key() in its own file, registered in CTL_MODES below.
 *
 * Adding a mode: write src/tui/mode_NAME.c defining `const ctl_mode ctl_mode_NAME`, add
 * X(NAME_UPPER, NAME) to CTL_MODES, and enter it with ctl_push_mode()/ctl_set_mode(). */
#ifndef COTUONG_APP_CONTROLLER_H
#define COTUONG_APP_CONTROLLER_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "cotuong/clock.h"
#include "cotuong/notation.h"
#include "cotuong/position.h"
#include "cotuong/rules.h"
#include "ui/layout.h"
#include "ui/lineedit.h"
#include "ui/requests.h"
#include "ui/theme.h"

/* ------------------------------------------------------------------ modes */
#define CTL_MODES(X)                                                                         \
    X(MENU, menu)                                                                            \
    X(PLAY, play)                                                                            \
    X(HELP, help)                                                                            \
    X(PROMPT, prompt)                                                                        \
    X(REVIEW, review)                                                                        \
    X(OPEN, open)

typedef enum {
#define CTL_MODE_ENUM(id, name) CTL_MODE_##id,
    CTL_MODES(CTL_MODE_ENUM)
#undef CTL_MODE_ENUM
    CTL_MODE_COUNT
} ctl_mode_id;

typedef struct ctl ctl;

typedef struct {
    const char *name;
    void (*enter)(ctl *c);                      /* may be NULL */
    void (*draw)(ctl *c);                       /* draws the whole screen (stdscr) */
    void (*key)(ctl *c, const ui_event *ev);    /* one input event */
    void (*tick)(ctl *c);                       /* called every loop turn; may be NULL */
    bool overlay;                               /* draws over the mode below it */
    ui_keygroup keys;                           /* the key table its events come through */
} ctl_mode;

#define CTL_MODE_DECL(id, name) extern const ctl_mode ctl_mode_##name;
CTL_MODES(CTL_MODE_DECL)
#undef CTL_MODE_DECL

/* ------------------------------------------------------------------ players */
typedef enum {
    CTL_HUMAN = 0,
    CTL_AI,     /* the built-in search, at `level` */
    CTL_ENGINE, /* an external engine: `command` ("uci:CMD", "ucci:CMD" or "xboard:CMD") */
} ctl_player_kind;

typedef struct {
    ctl_player_kind kind;
    int level;          /* 1..10 */
    char command[256];  /* for CTL_ENGINE: "uci:fairy-stockfish" */
} ctl_player;

/* Reads a player as the command line and saved games write it: "human", "ai" (level 5),
 * "ai:LEVEL" (1..10), "uci:CMD", "ucci:CMD" or "xboard:CMD". False when it is none of these. */
bool ctl_player_parse(const char *spec, ctl_player *p);

/* ------------------------------------------------------------------ the game */
typedef struct {
    ct_pos *pos;                     /* current position (heap) */
    char start_fen[128];
    ct_move moves[CT_MAX_HISTORY];   /* played moves [0, n_moves) then redo moves */
    int n_moves, n_redo;
    ct_rules rules;
    ct_match match;
    ct_time_control tc;
    ct_clock clock;
    ctl_player players[2];
    bool saved;                      /* nothing changed since the last save/open */
    char path[1024];                 /* file it was saved to / opened from, or "" */
} ctl_game;

/* ------------------------------------------------------------------ the AI thread */
typedef struct {
    pthread_t thread;
    pthread_mutex_t lock;
    bool running;          /* a thread exists (join it when done) */
    _Atomic bool done;     /* the thread finished; result below */
    bool for_hint;         /* the result is a hint, not a move to play */
    int side;              /* side it thinks for */
    uint64_t game_id;      /* game the search belongs to (a new game ignores old results) */
    ct_move best;
    int depth, score;      /* last completed iteration */
    uint64_t nodes;
    int pv_len;
    ct_move pv[32];
    ct_pos *pos;           /* private copy the search reads */
    struct sys_player *seats[2]; /* the AI or engine of each side (NULL for a human) */
    struct sys_player *hint_seat; /* the built-in AI that gives hints */
    struct sys_player *active;    /* the seat thinking now */
    struct ct_book *book;        /* opening book (may be NULL), shared by the seats */
    char error[200];             /* why a seat could not be started or forfeited */
    _Atomic bool stop;     /* asks the thread to stop */
    int64_t started_ms;
} ctl_ai;

/* ------------------------------------------------------------------ settings */
typedef struct {
    bool flip;            /* Black at the bottom */
    bool coords;          /* show a-i / 0-9 */
    ui_glyphs glyphs;
    bool ascii;           /* ASCII board (forced or no UTF-8) */
    bool ascii_lines;     /* ASCII grid lines with the chosen glyphs (box drawing is wide) */
    bool colour;
    bool mouse;
    ct_notation notation; /* history and typed moves */
    char lang[8];         /* "vi", "en" or "" (from the locale) */
} ctl_settings;

/* Prompt kinds for ctl_prompt_*. */
typedef void (*ctl_text_fn)(ctl *c, const char *text);
typedef void (*ctl_yesno_fn)(ctl *c, bool yes);

#define CTL_MODE_STACK 8
#define CTL_STATUS_MAX 256

struct ctl {
    ctl_settings set;
    ctl_game game;
    ctl_ai ai;
    uint64_t game_id;
    ui_layout layout;
    /* mode stack: [0] is the base mode */
    ctl_mode_id modes[CTL_MODE_STACK];
    int n_modes;
    bool quit;
    bool dirty;            /* redraw needed */
    /* play state */
    int cur_file, cur_rank;
    ct_sq selected;
    ct_move targets[CT_MAX_MOVES];
    int n_targets;
    ct_move hint;
    bool hint_pending;
    int history_scroll;
    char status[CTL_STATUS_MAX];
    ui_role status_role;
    /* prompt */
    char prompt_title[128];
    ui_lineedit prompt_le;         /* the text being typed (mode_prompt.c) */
    ui_history prompt_history[2];  /* [0] moves and text, [1] file names */
    char prompt_msg[512];          /* what Tab listed, shown under the prompt */
    bool prompt_yesno;
    ctl_text_fn prompt_text_cb;
    ctl_yesno_fn prompt_yesno_cb;
    /* menu state (mode_menu.c) */
    int menu_page, menu_item, menu_kind, menu_clock, menu_side;
    /* the Open list (mode_open.c) */
    struct tui_open *open_list;
    /* help scroll (mode_help.c) */
    int help_scroll;
    int64_t last_clock_draw;
};

/* Hooks the saved-games module fills (NULL = not available). Called on the main thread. */
typedef struct {
    /* Saves the game (to c->game.path, or asks); returns true on success. */
    bool (*save)(ctl *c);
    /* Opens a saved game into c->game (asks for the file); true on success. */
    bool (*open)(ctl *c);
    /* SIGINT/SIGTERM/SIGHUP arrived: save what can be saved before the program exits. */
    void (*emergency_save)(ctl *c, int sig);
    /* The game changed: a move, undo, redo, new game, resignation, draw, loss on time. */
    void (*game_changed)(ctl *c);
} ctl_hooks;
extern const ctl_hooks *ctl_save_hooks;

/* ------------------------------------------------------------------ API for modes */
void ctl_init(ctl *c);
void ctl_free(ctl *c);
/* Runs the main loop until quit; returns the exit status. */
int ctl_run(ctl *c);

void ctl_set_mode(ctl *c, ctl_mode_id m);  /* replaces the whole stack */
void ctl_push_mode(ctl *c, ctl_mode_id m);
void ctl_pop_mode(ctl *c);
ctl_mode_id ctl_current_mode(const ctl *c);
/* Draws the mode below the top one (for overlays). */
void ctl_draw_below(ctl *c);

/* Status line of the panel (printf-like). */
void ctl_status(ctl *c, ui_role role, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Asks for a line of text / a yes-no answer; the callback runs after Enter / y / n. */
void ctl_prompt_text(ctl *c, const char *title, const char *initial, ctl_text_fn done);
/* The same for a file name: Tab completes it, the history is that of file names. */
void ctl_prompt_file(ctl *c, const char *title, const char *initial, ctl_text_fn done);
void ctl_prompt_yesno(ctl *c, const char *question, ctl_yesno_fn done);

/* Game control (the play mode and others). */
void ctl_new_game(ctl *c);               /* from c->game.start_fen, players, rules, tc */
bool ctl_play_move(ctl *c, ct_move mv);  /* adjudicates and plays; false if illegal */
/* Why a move is illegal, in the interface language. */
const char *ctl_why_text(ct_illegal_reason why);
void ctl_undo(ctl *c);
void ctl_redo(ctl *c);
bool ctl_game_over(const ctl *c);
/* Tells the saved-games hook that the game changed (see ctl_hooks.game_changed). */
void ctl_game_changed(ctl *c);
bool ctl_is_human_turn(const ctl *c);
/* Monotonic milliseconds. */
int64_t ctl_now_ms(void);
/* A move in the current notation (falls back to coordinates). pos: before the move. */
void ctl_move_text(const ctl *c, const ct_pos *pos, ct_move mv, char *buf, size_t size);
/* The result message ("Red wins: checkmate") into buf. */
void ctl_result_text(const ctl *c, char *buf, size_t size);

/* AI (mode_play.c starts searches; ctl_run polls). */
void ctl_ai_start(ctl *c, bool for_hint);
/* (Re)creates the seats of the AI/engine players of c->game.players; false (with the reason
 * in the status line) when an engine cannot be started: that side is then played by a
 * human. */
bool ctl_ai_seat_players(ctl *c);
/* Stops a running search and waits for its thread; its result is thrown away. */
void ctl_ai_stop(ctl *c, bool discard);
/* Asks the search to finish now; its best move so far is played by ctl_ai_collect(). */
void ctl_ai_move_now(ctl *c);
bool ctl_ai_thinking(const ctl *c);
/* Stops the AI and frees the seats (engines are told to quit). */
void ctl_ai_free(ctl *c);
/* Collects a finished search: the move found for the current game and side, or
 * CT_NO_MOVE when none is ready; *hint says whether it was asked as a hint. */
ct_move ctl_ai_collect(ctl *c, bool *hint);

/* Drawing helpers shared by the modes. */
void ctl_draw_board_and_panel(ctl *c, const char *prompt);

#endif
