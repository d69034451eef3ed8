/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — prompts over the current screen: a line of text (a comment, a file name, a FEN)
 * edited with the line editor (ui/lineedit.c: cursor keys, Home/End, Ctrl-A/E/U/W/K,
 * history, Tab completion of file names), or a yes/no question: every question of the
 * program, drawn by one view (ui_dialog_draw) centred over the screen that asked, the text
 * typed wrapped in it whole. A move typed on the board is the same line on the screen's own
 * prompt row instead, so the board stays in view. Enter or y/n answer, Esc cancels. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/controller.h"
#include "sys/i18n.h"
#include "sys/xmalloc.h"
#include "ui/draw.h"
#include "ui/views.h"

/* The prompt's own state, from its push to its pop. */
typedef struct {
    char *title;
    bool yesno;
    bool move_line;    /* a move typed on the board (ctl_prompt_move) */
    ui_lineedit le;    /* the text being typed (no length cap) */
    char msg[512];     /* what Tab listed, shown on the top row */
    ctl_text_fn text_done;
    ctl_yesno_fn yesno_done;
    void *owner;       /* the state of the mode that asked */
} prompt_state;

/* What the cursor stands on at the end of the text: a no-break space (a wrap never breaks
 * there); a plain one without UTF-8 (the no-break one would be transliterated to "<?>"). */
static const char *end_mark(void)
{
    return ui_locale_is_utf8() ? "\xc2\xa0" : " ";
}

/* The prompt as drawn: the title, then the part of the text that fits with the cursor mark
 * in it. room: the columns the line gets on screen. */
static void prompt_line(const prompt_state *p, int room, bool two_rows, char *line, size_t size)
{
    if (p->yesno) {
        snprintf(line, size, "%s", p->title);
        return;
    }
    const ui_lineedit *le = &p->le;
    int tw = ui_strwidth(p->title) + 1;
    /* On one row after the title when it fits there, else on a row of its own. */
    bool own_row = two_rows && tw + ui_strwidth(le->buf) + 1 > room;
    int width = own_row ? room : room - tw;
    if (width < 8)
        width = 8;
    size_t start;
    int col;
    ui_le_view(le, width, &start, &col);
    /* The end of the window: as many characters as fit after the start. */
    size_t end = start;
    int used = 0;
    while (end < le->len) {
        char one[8];
        size_t n = 1;
        while (end + n < le->len && ((unsigned char)le->buf[end + n] & 0xC0) == 0x80)
            n++;
        snprintf(one, sizeof one, "%.*s", (int)n, le->buf + end);
        int w = ui_strwidth(one);
        /* Up to the cursor everything fits (ui_le_view saw to it); after it, what fits
         * with one column kept for the cursor at the end. */
        if (end >= le->cur && used + w > width - 1)
            break;
        used += w;
        end += n;
    }
    snprintf(line, size, "%s%s%.*s%s%.*s%s", p->title, own_row ? "\n" : " ",
             (int)(le->cur - start), le->buf + start, UI_CURSOR_MARK, (int)(end - le->cur),
             le->buf + le->cur, le->cur == le->len ? end_mark() : "");
}

/* The dialog's text for a question that takes text: the question, the answer with the
 * cursor mark, what Tab listed, the keys. Freed by the caller. */
static char *entry_text(const prompt_state *p)
{
    const ui_lineedit *le = &p->le;
    const char *keys = le->complete_files ? _("Enter accepts, Tab completes the name, Esc cancels.")
                                          : _("Enter accepts, Esc cancels.");
    size_t size = strlen(p->title) + le->len + strlen(p->msg) + strlen(keys) + 32;
    char *t = xmalloc(size);
    snprintf(t, size, "%s\n%.*s%s%s%s\n%s%s%s", p->title, (int)le->cur, le->buf, UI_CURSOR_MARK,
             le->buf + le->cur, le->cur == le->len ? end_mark() : "", p->msg, p->msg[0] ? "\n" : "",
             keys);
    return t;
}

static void prompt_draw(ctl *c, void *st, const char *prompt)
{
    prompt_state *p = st;
    (void)prompt;
    size_t size = p->le.len + strlen(p->title) + 1024;
    char *line = xmalloc(size);
    int panel_w = c->layout.panel.w - 2;
    /* The screen under it draws the prompt: the game and the review in their panel, the
     * menu on its second-last row; over other screens it goes on that row here. */
    ctl_mode_id below = ctl_below_id(c);
    if (p->yesno) {
        /* A question: the one dialog, over whatever screen asked it. */
        ctl_draw_below(c, NULL);
        ui_dialog_draw(stdscr, c->layout.rows, c->layout.cols, p->title);
    } else if (!p->move_line) {
        /* A question that takes text: the same dialog, the answer wrapped in it whole. */
        ctl_draw_below(c, NULL);
        char *t = entry_text(p);
        ui_dialog_draw_entry(stdscr, c->layout.rows, c->layout.cols, t);
        free(t);
        free(line);
        return;
    } else if (below == CTL_MODE_REVIEW || below == CTL_MODE_PLAY) {
        prompt_line(p, panel_w, below == CTL_MODE_PLAY, line, size);
        ctl_draw_below(c, line);
    } else if (below == CTL_MODE_MENU) {
        prompt_line(p, c->layout.cols - 4, false, line, size);
        ctl_draw_below(c, line);
    } else {
        ctl_draw_below(c, NULL);
        int rows = c->layout.rows, cols = c->layout.cols;
        prompt_line(p, cols - 4, false, line, size);
        ui_clear_rect(stdscr, rows - 2, 0, 1, cols);
        ui_put_centre(stdscr, rows - 2, 0, cols, UI_MENU_SEL, line);
    }
    if (p->msg[0]) /* what Tab listed, on the top row */
        ui_put_pad(stdscr, 0, 0, c->layout.cols, UI_STATUS, p->msg);
    free(line);
}

/* The answer goes to the asking mode after the prompt is gone (its callback may push
 * another prompt): what it needs is copied first. */
static void prompt_key(ctl *c, void *st, const ui_event *ev)
{
    prompt_state *p = st;
    void *owner = p->owner;
    if (p->yesno) {
        /* y/n in English, c/k ("có"/"không") in Vietnamese: the question's key table. */
        ui_event e = *ev;
        ui_event_regroup(&e, UI_KEYS_YESNO);
        if (e.req == REQ_CANCEL) {
            ctl_pop(c);
            return;
        }
        bool yes = e.req == REQ_YES, no = e.req == REQ_NO;
        if (!yes && !no)
            return;
        ctl_yesno_fn cb = p->yesno_done;
        ctl_pop(c);
        if (cb)
            cb(c, owner, yes);
        return;
    }
    p->msg[0] = 0;
    switch (ui_le_request(&p->le, ev->req, ev->key, p->msg, sizeof p->msg)) {
    case UI_LE_CANCEL:
        ctl_pop(c);
        return;
    case UI_LE_ACCEPT: {
        char *text = xstrdup(p->le.buf);
        if (p->le.hist)
            ui_history_add(p->le.hist, text);
        ctl_text_fn cb = p->text_done;
        ctl_pop(c);
        if (cb)
            cb(c, owner, text);
        free(text);
        return;
    }
    case UI_LE_MANY:
        snprintf(p->msg, sizeof p->msg, "%s", _("Several files match: Tab again lists them."));
        return;
    case UI_LE_NO_MATCH:
        snprintf(p->msg, sizeof p->msg, "%s", _("No file name starts so."));
        return;
    default: return;
    }
}

static void *prompt_open(ctl *c, const void *arg)
{
    (void)c;
    const ctl_prompt_arg *a = arg;
    prompt_state *p = xcalloc(1, sizeof *p);
    p->title = xstrdup(a->title);
    p->yesno = !a->text_done;
    p->move_line = a->move_line;
    if (!p->yesno) {
        ui_le_init(&p->le, a->initial ? a->initial : "", a->history);
        p->le.complete_files = a->files;
    }
    p->text_done = a->text_done;
    p->yesno_done = a->yesno_done;
    p->owner = a->owner;
    return p;
}

static void prompt_close(ctl *c, void *st)
{
    (void)c;
    prompt_state *p = st;
    if (!p->yesno)
        ui_le_free(&p->le);
    free(p->title);
    free(p);
}

const ctl_mode ctl_mode_prompt = {
    .name = "prompt",
    .open = prompt_open,
    .close = prompt_close,
    .draw = prompt_draw,
    .key = prompt_key,
    .keys = UI_KEYS_EDIT,
};
