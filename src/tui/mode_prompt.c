/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — prompts over the current screen: a line of text (the typed move, a file name)
 * or a yes/no question. Enter/y/n answer, Esc cancels. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tui/controller.h"
#include "sys/i18n.h"
#include "tui/review_mode.h"
#include "ui/draw.h"

static void prompt_draw(ctl *c)
{
    char line[300];
    if (c->prompt_yesno)
        snprintf(line, sizeof line, "%s", c->prompt_title);
    else
        snprintf(line, sizeof line, "%s %s_", c->prompt_title, c->prompt_buf);
    /* The board and panel of the game under it, with the prompt in the panel. */
    ctl_mode_id below = c->n_modes > 1 ? c->modes[c->n_modes - 2] : CTL_MODE_PLAY;
    if (below == CTL_MODE_REVIEW) {
        review_mode_draw_prompt(c, line);
    } else if (below == CTL_MODE_PLAY) {
        ctl_draw_board_and_panel(c, line);
    } else {
        /* Over the menu or help: that screen, with the prompt on its second-last row. */
        ctl_draw_below(c);
        int rows = c->layout.rows, cols = c->layout.cols;
        ui_clear_rect(stdscr, rows - 2, 0, 1, cols);
        ui_put_centre(stdscr, rows - 2, 0, cols, UI_MENU_SEL, line);
    }
}

/* Removes the last UTF-8 character of the buffer. */
static void backspace(char *buf)
{
    size_t n = strlen(buf);
    while (n > 0) {
        n--;
        if (((unsigned char)buf[n] & 0xC0) != 0x80)
            break;
    }
    buf[n] = 0;
}

static void prompt_key(ctl *c, const ui_event *ev)
{
    if (ev->req == REQ_CANCEL) {
        ctl_pop_mode(c);
        return;
    }
    if (c->prompt_yesno) {
        /* y/n in English, c/k ("có"/"không") in Vietnamese: the question's key table. */
        ui_event e = *ev;
        ui_event_regroup(&e, UI_KEYS_YESNO);
        bool yes = e.req == REQ_YES, no = e.req == REQ_NO;
        if (!yes && !no)
            return;
        ctl_yesno_fn cb = c->prompt_yesno_cb;
        ctl_pop_mode(c);
        if (cb)
            cb(c, yes);
        return;
    }
    int k = ev->key;
    if (ev->req == REQ_ACCEPT)
        goto submit;
    if (ev->req == REQ_EDIT_BACKSPACE) {
        backspace(c->prompt_buf);
        return;
    }
    /* Every printable key is text (":" "/" "." "-" appear in moves). */
    if (ev->req != REQ_TEXT || k < 32 || k > 0x10FFFF)
        return;
    char u[5] = {0};
    if (k < 0x80) {
        u[0] = (char)k;
    } else if (k < 0x800) {
        u[0] = (char)(0xC0 | (k >> 6));
        u[1] = (char)(0x80 | (k & 0x3F));
    } else if (k < 0x10000) {
        u[0] = (char)(0xE0 | (k >> 12));
        u[1] = (char)(0x80 | ((k >> 6) & 0x3F));
        u[2] = (char)(0x80 | (k & 0x3F));
    } else {
        u[0] = (char)(0xF0 | (k >> 18));
        u[1] = (char)(0x80 | ((k >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((k >> 6) & 0x3F));
        u[3] = (char)(0x80 | (k & 0x3F));
    }
    size_t n = strlen(c->prompt_buf);
    if (n + strlen(u) < sizeof c->prompt_buf)
        strcat(c->prompt_buf, u);
    return;
submit:;
    char text[sizeof c->prompt_buf];
    memcpy(text, c->prompt_buf, sizeof text);
    ctl_text_fn cb = c->prompt_text_cb;
    ctl_pop_mode(c);
    if (cb)
        cb(c, text);
}

const ctl_mode ctl_mode_prompt = {
    .name = "prompt",
    .draw = prompt_draw,
    .key = prompt_key,
    .overlay = false,
    .keys = UI_KEYS_EDIT,
};
