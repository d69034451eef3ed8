/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the interactive program's frame: what every screen shares (view settings, the
 * layout, the status line, the history of what was typed at prompts, the autosave sink, the
 * options a new game starts with), a stack of modes, and the main loop. Each mode (menu, play, review, help,
 * prompt) lives in its own mode_NAME.c with its own state, created when it is pushed and
 * freed when it is popped; it talks to the others only through this header (push a mode by
 * id with an argument, pop, draw the mode below). The table of modes is given by
 * tui/modes.c, the only file that knows them all, so the controller depends on no mode and
 * no mode on another. */
#ifndef COTUONG_TUI_CONTROLLER_H
#define COTUONG_TUI_CONTROLLER_H

#include <stdbool.h>
#include <stdint.h>

#include "game/autosave.h"
#include "game/game.h"
#include "sys/gamefile.h"
#include "cotuong/notation.h"
#include "ui/layout.h"
#include "ui/lineedit.h"
#include "ui/requests.h"
#include "ui/theme.h"
#include "ui/views.h"

/* ------------------------------------------------------------------ modes */
typedef enum {
    CTL_MODE_MENU = 0, /* arg: NULL */
    CTL_MODE_PLAY,     /* arg: const ctl_play_arg * */
    CTL_MODE_REVIEW,   /* arg: const ctl_review_arg * */
    CTL_MODE_HELP,     /* arg: NULL */
    CTL_MODE_PROMPT,   /* arg: const ctl_prompt_arg * (ctl_prompt_text and friends) */
    CTL_MODE_OPEN,     /* arg: NULL: the saved games to open */
    CTL_MODE_LOBBY,    /* arg: NULL: the games of the lobby to join, watch, or host one */
    CTL_MODE_EDIT,     /* arg: const char *: the FEN to start from, or NULL (the start) */
    CTL_MODE_TRAIN,    /* arg: const ctl_train_arg * or NULL */
    CTL_MODE_MESSAGES, /* arg: NULL: the last messages of the status line, whole */
    CTL_MODE_SETTINGS, /* arg: NULL: every value of the settings file */
    CTL_MODE_COUNT
} ctl_mode_id;

typedef struct ctl ctl;

typedef struct {
    const char *name;
    ui_keygroup keys;                          /* the key table its events come through */
    /* Creates the mode's state from arg; NULL when it cannot open (status says why). */
    void *(*open)(ctl *c, const void *arg);
    void (*close)(ctl *c, void *st);
    /* Draws the whole screen; prompt: a line an overlay above wants shown, or NULL. */
    void (*draw)(ctl *c, void *st, const char *prompt);
    void (*key)(ctl *c, void *st, const ui_event *ev);
    /* Every loop turn, for every mode on the stack, bottom first (may be NULL). */
    void (*tick)(ctl *c, void *st);
    /* A full screen (menu, review) came above it (covered) or went (may be NULL). */
    void (*cover)(ctl *c, void *st, bool covered);
    /* Closing it now would lose the player's work: a game in progress, changes not saved
     * (may be NULL: nothing to lose). */
    bool (*unsaved)(const ctl *c, const void *st);
    bool full_screen;                          /* covers what is below (menu, review) */
} ctl_mode;

/* A new game (CTL_MODE_PLAY): from setup, or the game of a resume record, or a game with
 * someone through the lobby (tui/lobby_play.h). */
struct tui_lobby_arg;
typedef struct {
    const game_setup *setup;   /* NULL: from resume */
    ct_record *resume;         /* a resume record (ownership passes), or NULL */
    const char *status;        /* first status line, or NULL */
    const struct tui_lobby_arg *lobby; /* a lobby game (setup and resume unused), or NULL */
} ctl_play_arg;

/* A review (CTL_MODE_REVIEW): a file, or records (ownership passes). */
typedef struct {
    const char *path;
    ct_record *games;          /* NULL: read path */
    int ngames;
    ct_record *resume;         /* a resume record of a review with its changes, or NULL */
    ct_record *more;           /* with resume: the file's other changed games (Mode
                                * review-game, SourceGame their place); moved out */
    int nmore;
    bool quit_on_exit;         /* leaving the review ends the program (`cotuong review`) */
    const gamefile_warnings *warnings; /* with games read from path: what the
                                * reader repaired (copied), or NULL */
} ctl_review_arg;

typedef struct ctl_prompt_arg ctl_prompt_arg;

/* The trainer (CTL_MODE_TRAIN); NULL: every exercise, the installed set. */
typedef struct {
    const char *exercises;     /* the set's file, NULL: the installed one */
    const char *id;            /* open this exercise, or NULL */
    int kind;                  /* filter: a ct_ex_kind, -1 all */
    int difficulty;            /* filter: 1..5, 0 all */
    int day;                   /* yyyymmdd of the puzzle of the day, 0: today */
    bool today;                /* open the puzzle of the day */
    bool quit_on_exit;         /* leaving the trainer ends the program (`cotuong train`) */
} ctl_train_arg;
/* ------------------------------------------------------------------ shared state */
typedef struct {
    bool flip;            /* Black at the bottom */
    bool coords;          /* show a-i / 0-9 */
    ui_glyphs glyphs;
    bool ascii;           /* ASCII board (forced or no UTF-8) */
    bool ascii_lines;     /* ASCII grid lines with the chosen glyphs (box drawing is wide) */
    bool colour;
    bool mouse;
    ct_notation notation; /* history and typed moves */
    bool explorer;        /* the masters' moves shown (M), in play and review */
} ctl_settings;

/* What a new game starts with: the `play` options, changed by the menu. */
typedef struct {
    game_setup setup;
    bool flip;            /* --flip */
    int level;            /* the AI level the menu offers first */
    int pace_ms;          /* AI against AI: at least this long per move */
    int analysis_ms, autoplay_ms; /* review: engine time per position, auto-play step */
} ctl_defaults;

typedef void (*ctl_text_fn)(ctl *c, void *st, const char *text);
typedef void (*ctl_yesno_fn)(ctl *c, void *st, bool yes);
/* Writes the asking mode's work to path (session_save_as). */
typedef void (*ctl_write_fn)(ctl *c, void *st, const char *path);

/* A prompt (CTL_MODE_PROMPT): a line of text, or a yes/no question when text_done is NULL,
 * answered to owner (the state of the mode that asked). */
struct ctl_prompt_arg {
    const char *title;
    const char *initial;       /* the text to start from (text prompts) */
    ui_history *history;       /* Up/Down go through it; NULL: none */
    bool files;                /* Tab completes file names */
    ctl_text_fn text_done;
    ctl_yesno_fn yesno_done;
    void *owner;
    bool move_line;            /* a move typed on the board: on the screen's own prompt row */
};

#define CTL_MODE_STACK 8
#define CTL_STATUS_MAX 512
#define CTL_LOG_MAX 32          /* messages kept for the messages screen (!) */

typedef struct {
    ctl_mode_id id;
    void *st;
} ctl_frame;

struct ctl {
    ctl_settings set;
    ctl_defaults defaults;
    game_autosave saver;        /* the one sink of every game model */
    const struct ct_book *book; /* the opening book of the AI seats (may be NULL) */
    struct sys_masters *masters; /* the master-games index, loaded on first use (tui/masters.h) */
    bool masters_tried;
    bool clipboard;             /* copying allowed (settings) */
    ui_layout layout;
    ctl_frame frames[CTL_MODE_STACK];
    int n_frames;
    const ctl_mode *const *modes; /* the table of tui/modes.c */
    bool quit;
    bool dirty;                 /* redraw needed */
    char status[CTL_STATUS_MAX];
    ui_role status_role;
    /* The last messages of the status line, oldest first from log_head (a ring): one cut
     * for room can be read whole on the messages screen. */
    char log[CTL_LOG_MAX][CTL_STATUS_MAX];
    int log_n, log_head;
    /* What was typed at earlier prompts: it outlives any one prompt. [0] moves and text,
     * [1] file names. */
    ui_history prompt_history[2];
    int wake_ms;                /* a mode's tick wants the loop back this soon (0: no wish) */
    /* A save waiting for the answer to "replace?" (session_save_as): where, by whom. */
    struct {
        char path[1024];
        ctl_write_fn write;
        void *st;
    } save_ask;
};

/* ------------------------------------------------------------------ API */
void ctl_init(ctl *c, const ctl_mode *const *modes);
void ctl_free(ctl *c);
/* Runs the main loop until quit; returns the exit status. */
int ctl_run(ctl *c);

/* Pushes a mode (false when it could not open). */
bool ctl_push(ctl *c, ctl_mode_id id, const void *arg);
/* Pops the top mode (the last one stays). */
void ctl_pop(ctl *c);
/* Closes every mode, then opens id. */
/* What ctl_replace_all would lose: work in a mode below the top, down to the first menu
 * (what is below a menu, the player has already agreed to leave). */
bool ctl_work_below(const ctl *c);
bool ctl_replace_all(ctl *c, ctl_mode_id id, const void *arg);
ctl_mode_id ctl_current_mode(const ctl *c);
/* The state of the nearest mode id on the stack (from the top), or NULL. */
void *ctl_find(const ctl *c, ctl_mode_id id);
/* Draws the mode below the top one, with prompt (for overlays). */
void ctl_draw_below(ctl *c, const char *prompt);
/* The key group / the id of the mode below the top one (help shows its keys, a prompt
 * fits the screen under it). */
ui_keygroup ctl_below_keys(const ctl *c);
ctl_mode_id ctl_below_id(const ctl *c);

/* From a mode's tick: wait for a key at most ms this loop turn (a link to poll). */
void ctl_wake_within(ctl *c, int ms);

/* Status line of the panel (printf-like), kept in the log of messages. */
void ctl_status(ctl *c, ui_role role, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The same for progress that changes many times a second (not logged). */
void ctl_status_live(ctl *c, ui_role role, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The i-th message of the log, 0 the oldest kept; NULL past the end. */
const char *ctl_log_at(const ctl *c, int i);
/* Asks for a line of text / a yes-no answer in the one dialog over the screen (the text
 * wrapped whole, never cut); the callback runs with st (the asking mode's state) after
 * Enter / y / n. */
void ctl_prompt_text(ctl *c, void *st, const char *title, const char *initial, ctl_text_fn done);
/* A move typed on the board: the same line editor on the screen's own prompt row (the
 * panel's last rows), so the board stays in view. */
void ctl_prompt_move(ctl *c, void *st, const char *title, ctl_text_fn done);
/* The same for a file name: Tab completes it, the history is that of file names. */
void ctl_prompt_file(ctl *c, void *st, const char *title, const char *initial, ctl_text_fn done);
void ctl_prompt_yesno(ctl *c, void *st, const char *question, ctl_yesno_fn done);

/* The moves line[0..n) played from start as history rows, two moves a row ("12. P2-5  H8+7",
 * "1. ...  H8+7" when Black moved first), Red's column as wide as its widest move in
 * display columns (vi-long's "Pháo 2 bình 5", zh's glyphs) plus one; the row of the last
 * move is current; one move a row ("12... H8+7" for Black's) when two do not fit in width
 * columns. scratch: room for the replay (not start). Returns the rows filled. */
int ctl_history_rows(const ctl *c, const ct_pos *start, ct_pos *scratch, const ct_move *line, int n,
                     ui_history_line *rows, int max, int width);
/* A move in the current notation (falls back to coordinates). pos: before the move. */
void ctl_move_text(const ctl *c, const ct_pos *pos, ct_move mv, char *buf, size_t size);
/* A move typed at a prompt, read the same way on every screen: the current notation, then
 * any notation, then coordinates h2e2. Returns the move (a coordinate move may be illegal:
 * the model says why), or CT_NO_MOVE with the reason in msg: "Illegal: REASON." when a
 * notation read it but it cannot be played (the same words in every notation, and for the
 * other side's notation), "The move "TEXT" is ambiguous: …", or "Cannot read the move
 * "TEXT": REASON." only when no notation reads it (then the reason is the current
 * notation's: X9+1 in Vietnamese is a wrong direction, not WXF's unknown piece). */
ct_move ctl_read_move(const ctl *c, const ct_pos *pos, const char *text, char *msg, size_t size);
/* Why a move is illegal / how a game ended, in the interface language. */
const char *ctl_why_text(ct_illegal_reason why);
const char *ctl_reason_text(ct_end_reason r);
/* "Red wins (resignation)." for a result and reason. */
void ctl_result_text(ct_result result, ct_end_reason reason, char *buf, size_t size);
/* The autosave's news (a write error, a finished game saved) into the status line. */
void ctl_autosave_news(ctl *c);

#endif
