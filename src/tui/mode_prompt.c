/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — prompts over the current screen: a line of text (a typed move, a comment, a file
 * name) edited with the line editor (ui/lineedit.c: cursor keys, Home/End, Ctrl-A/E/U/W/K,
 * history, Tab completion of file names), or a yes/no question. Enter or y/n answer, Esc
 * cancels. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/controller.h"
#include "sys/i18n.h"
#include "sys/xmalloc.h"
#include "ui/draw.h"

/* The prompt as drawn: the title, then the part of the text that fits with the cursor mark
 * in it. room: the columns the line gets on screen. */
static void prompt_line(ctl *c, int room, bool two_rows, char *line, size_t size)
{
    if (c->prompt_yesno) {
        snprintf(line, size, "%s", c->prompt_title);
        return;
    }
    const ui_lineedit *le = &c->prompt_le;
    int tw = ui_strwidth(c->prompt_title) + 1;
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
    /* A no-break space stands for the cursor at the end (a wrap never breaks there). */
    snprintf(line, size, "%s%s%.*s%s%.*s%s", c->prompt_title, own_row ? "\n" : " ",
             (int)(le->cur - start), le->buf + start, UI_CURSOR_MARK, (int)(end - le->cur),
             le->buf + le->cur, le->cur == le->len ? "\xc2\xa0" : "");
}

static void prompt_draw(ctl *c, void *st, const char *prompt)
{
    (void)st;
    (void)prompt;
    size_t size = c->prompt_le.len + 1024;
    char *line = xmalloc(size);
    int panel_w = c->layout.panel.w - 2;
    /* The screen under it draws the prompt: the game and the review in their panel, the
     * menu on its second-last row; over other screens it goes on that row here. */
    ctl_mode_id below = ctl_below_id(c);
    if (below == CTL_MODE_REVIEW || below == CTL_MODE_PLAY) {
        prompt_line(c, panel_w, below == CTL_MODE_PLAY, line, size);
        ctl_draw_below(c, line);
    } else if (below == CTL_MODE_MENU) {
        prompt_line(c, c->layout.cols - 4, false, line, size);
        ctl_draw_below(c, line);
    } else {
        ctl_draw_below(c, NULL);
        int rows = c->layout.rows, cols = c->layout.cols;
        prompt_line(c, cols - 4, false, line, size);
        ui_clear_rect(stdscr, rows - 2, 0, 1, cols);
        ui_put_centre(stdscr, rows - 2, 0, cols, UI_MENU_SEL, line);
    }
    if (c->prompt_msg[0]) /* what Tab listed, on the top row */
        ui_put_pad(stdscr, 0, 0, c->layout.cols, UI_STATUS, c->prompt_msg);
    free(line);
}

static void prompt_key(ctl *c, void *st, const ui_event *ev)
{
    (void)st;
    void *owner = c->prompt_owner;
    if (c->prompt_yesno) {
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
        ctl_yesno_fn cb = c->prompt_yesno_cb;
        ctl_pop(c);
        if (cb)
            cb(c, owner, yes);
        return;
    }
    c->prompt_msg[0] = 0;
    switch (ui_le_request(&c->prompt_le, ev->req, ev->key, c->prompt_msg, sizeof c->prompt_msg)) {
    case UI_LE_CANCEL:
        ctl_pop(c);
        return;
    case UI_LE_ACCEPT: {
        char *text = xstrdup(c->prompt_le.buf);
        ui_history_add(c->prompt_le.hist, text);
        ctl_text_fn cb = c->prompt_text_cb;
        ctl_pop(c);
        if (cb)
            cb(c, owner, text);
        free(text);
        return;
    }
    case UI_LE_MANY:
        snprintf(c->prompt_msg, sizeof c->prompt_msg, "%s", _("Several files match: Tab again lists them."));
        return;
    case UI_LE_NO_MATCH:
        snprintf(c->prompt_msg, sizeof c->prompt_msg, "%s", _("No file name starts so."));
        return;
    default: return;
    }
}

static void *prompt_open(ctl *c, const void *arg)
{
    (void)arg;
    return c; /* the prompt's text lives in ctl (ctl_prompt_text) */
}

const ctl_mode ctl_mode_prompt = {
    .name = "prompt",
    .open = prompt_open,
    .draw = prompt_draw,
    .key = prompt_key,
    .keys = UI_KEYS_EDIT,
};
