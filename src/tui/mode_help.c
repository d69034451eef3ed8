/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the help screen, generated from the request list and the key table of the screen
 * it was opened from (play, review or the menu): one line per request with all its keys, in
 * the order of the list, then the keys of text prompts and questions, then the rules of cờ
 * úp in short. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/controller.h"
#include "sys/i18n.h"
#include "sys/xmalloc.h"
#include "ui/draw.h"

/* The help's own state: the first line shown. */
typedef struct {
    int scroll;
} help_state;

/* Key names in the interface language ("Up" is "Lên" in Vietnamese). */
static const char *key_tr(const char *name)
{
    return _(name);
}

/* The key group of the mode the help was opened from. */
static ui_keygroup below_keys(const ctl *c)
{
    return ctl_below_keys(c);
}

/* The help as entries: a group title (keys == NULL), a paragraph (keys == PARAGRAPH) or a
 * request with its keys, each on as many rows as its text needs at this width (wrapped,
 * never cut). Calls line() for each with its first row; returns the number of rows. */
typedef void (*help_line_fn)(ctl *c, const help_state *h, int n, const char *keys,
                            const char *text);
static int entry_rows(const ctl *c, const char *keys, const char *text);

static const char PARAGRAPH[] = "";

/* Cờ úp in short (the man page's CỜ ÚP has it whole): set-up, how a face-down piece moves,
 * the reveal, what a capture tells whom, what stays as in cờ tướng. */
static const char *const coup_rules[] = {
    N_("The two kings stand face up. Each side's other 15 pieces are dealt face down at random "
       "onto its 15 starting squares."),
    N_("A face-down piece (?R, ?h...) moves as the piece whose starting square it stands on, "
       "with that piece's limits: on an advisor's square it stays in the palace, on an "
       "elephant's it does not cross the river, on a pawn's it steps forward. It checks and "
       "screens as that piece."),
    N_("Its first move turns it face up: from then on it moves as what it is, and face-up "
       "advisors and elephants may go anywhere (the elephant's eye still counts)."),
    N_("When a face-down piece is taken, its taker learns what it was; its owner does not (it "
       "shows as ?)."),
    N_("Check, mate, stalemate (a loss), the flying general and repetition are as in cờ tướng. "
       "Undo cannot take back a move that turned a piece up or took a face-down piece."),
};

static int help_lines(ctl *c, const help_state *h, help_line_fn line)
{
    ui_keygroup groups[3] = {below_keys(c), UI_KEYS_EDIT, UI_KEYS_YESNO};
    int n = 0;
    for (int gi = 0; gi < 3; gi++) {
        if (gi > 0)
            n++; /* a blank row between groups */
        const char *title = _(ui_keygroup_title(groups[gi]));
        if (line)
            line(c, h, n, NULL, title);
        n += entry_rows(c, NULL, title);
        for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
            char keys[128];
            if (!ui_keys_of_tr(groups[gi], (ui_req)r, keys, sizeof keys, key_tr))
                continue;
            const char *text = _(ui_req_help((ui_req)r));
            if (line)
                line(c, h, n, keys, text);
            n += entry_rows(c, keys, text);
        }
        if (groups[gi] == UI_KEYS_PLAY || groups[gi] == UI_KEYS_REVIEW) {
            const char *notes[2] = {
                groups[gi] == UI_KEYS_REVIEW
                    ? _("Mouse: a click on a move goes there; the wheel steps through the moves.")
                    : _("Mouse: click a piece, then the point it goes to; the wheel scrolls the history."),
                _("Typed moves: Vietnamese P2-5, WXF C2.5, Chinese 炮二平五, coordinates h2e2.")};
            for (int k = 0; k < 2; k++) {
                if (line)
                    line(c, h, n, NULL, notes[k]);
                n += entry_rows(c, NULL, notes[k]);
            }
        }
    }
    n++;
    const char *title = _("Cờ úp (Jieqi, face-down xiangqi): the rules in short");
    if (line)
        line(c, h, n, NULL, title);
    n += entry_rows(c, NULL, title);
    for (size_t k = 0; k < sizeof coup_rules / sizeof *coup_rules; k++) {
        const char *text = _(coup_rules[k]);
        if (line)
            line(c, h, n, PARAGRAPH, text);
        n += entry_rows(c, PARAGRAPH, text);
    }
    return n;
}

/* Rows of the screen the lines go on: 2 .. rows - 3. */
static int visible_rows(const ctl *c)
{
    int v = c->layout.rows - 4;
    return v > 1 ? v : 1;
}

static int max_scroll(ctl *c)
{
    int m = help_lines(c, NULL, NULL) - visible_rows(c);
    return m > 0 ? m : 0;
}

/* The width of the keys column: the longest keys of the screen's groups, at most a third of
 * the screen. */
static int keys_width(const ctl *c)
{
    ui_keygroup groups[3] = {below_keys(c), UI_KEYS_EDIT, UI_KEYS_YESNO};
    int w = 8;
    for (int gi = 0; gi < 3; gi++)
        for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
            char keys[128];
            if (ui_keys_of_tr(groups[gi], (ui_req)r, keys, sizeof keys, key_tr) && ui_strwidth(keys) > w)
                w = ui_strwidth(keys);
        }
    return w < c->layout.cols / 3 ? w : c->layout.cols / 3;
}

static int entry_rows(const ctl *c, const char *keys, const char *text)
{
    int cols = c->layout.cols, keyw = keys_width(c);
    if (!keys || keys == PARAGRAPH)
        return *text ? ui_wrap_rows(text, cols - 4) : 1;
    int kr = ui_wrap_rows(keys, keyw), tr = ui_wrap_rows(text, cols - keyw - 5);
    return kr > tr ? kr : tr;
}

/* Draws an entry from its first row; rows outside the scrolled window are cleared after. */
static void draw_line(ctl *c, const help_state *h, int n, const char *keys, const char *text)
{
    int y = 2 + n - h->scroll, cols = c->layout.cols, keyw = keys_width(c);
    int rows = entry_rows(c, keys, text);
    if (y + rows <= 2 || y >= 2 + visible_rows(c))
        return;
    if (!keys || keys == PARAGRAPH) {
        ui_put_wrapped(stdscr, y, 2, cols - 4, rows, keys ? UI_NORMAL : UI_TITLE, text);
        return;
    }
    ui_put_wrapped(stdscr, y, 2, keyw, rows, UI_MENU_SEL, keys);
    ui_put_wrapped(stdscr, y, 2 + keyw + 1, cols - keyw - 5, rows, UI_NORMAL, text);
}

static void help_draw(ctl *c, void *st, const char *prompt)
{
    help_state *h = st;
    (void)prompt;
    int rows = c->layout.rows, cols = c->layout.cols;
    if (h->scroll > max_scroll(c)) /* the window grew */
        h->scroll = max_scroll(c);
    werase(stdscr);
    help_lines(c, h, draw_line);
    /* An entry scrolled half out of the window leaves rows above and below it. */
    ui_clear_rect(stdscr, 0, 0, 2, cols);
    ui_clear_rect(stdscr, 2 + visible_rows(c), 0, rows - 2 - visible_rows(c), cols);
    ui_put(stdscr, 0, 2, cols - 4, UI_TITLE, _("Cờ tướng — keys"));
    char foot[200];
    int total = help_lines(c, NULL, NULL), last = h->scroll + visible_rows(c);
    snprintf(foot, sizeof foot, _("Esc, q or ? to go back; Up/Down, PgUp/PgDn to scroll (%d-%d of %d)."),
             h->scroll + 1, last < total ? last : total, total);
    /* On the blank row above too when it is wider than the screen (Vietnamese at 65
     * columns: "... PgUp/PgDn de cuon (1..."). */
    ui_put_above(stdscr, rows - 1, 2, cols - 4, 2, UI_DIM, foot);
}

static void help_key(ctl *c, void *st, const ui_event *ev)
{
    help_state *h = st;
    int page = visible_rows(c) - 1, max = max_scroll(c);
    switch (ev->req) {
    case REQ_SCROLL_UP: h->scroll--; break;
    case REQ_SCROLL_DOWN: h->scroll++; break;
    case REQ_PAGE_UP: h->scroll -= page; break;
    case REQ_PAGE_DOWN: h->scroll += page; break;
    case REQ_TOP: h->scroll = 0; break;
    case REQ_BOTTOM: h->scroll = max; break;
    case REQ_QUIT:
    case REQ_CANCEL:
        ctl_pop(c);
        return;
    default: break;
    }
    /* Stop at both ends: no scrolling past the last line. */
    if (h->scroll > max)
        h->scroll = max;
    if (h->scroll < 0)
        h->scroll = 0;
}

static void *help_open(ctl *c, const void *arg)
{
    (void)c;
    (void)arg;
    return xcalloc(1, sizeof(help_state)); /* from the top */
}

static void help_close(ctl *c, void *st)
{
    (void)c;
    free(st);
}

const ctl_mode ctl_mode_help = {
    .name = "help",
    .open = help_open,
    .close = help_close,
    .draw = help_draw,
    .key = help_key,
    .keys = UI_KEYS_HELP,
};
