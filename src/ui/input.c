/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — turns keys and mouse events into requests through the key tables (keymap.c): one
 * reader that
 * understands curses keys, curses mouse events and raw SGR (1006) mouse reports, so clicks
 * work whatever the terminfo entry says (tmux and screen entries expect the old format). */
#include <curses.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/input.h"
#include "ui/requests.h"

/* The terminal's input state, one per process like the screen it belongs to: whether
 * bracketed paste is on (what was last sent to the terminal), and the debug key log
 * (COTUONG_DEBUG_INPUT), opened on the first event. */
static struct {
    bool pasting;
    bool log_tried;
    FILE *log;
} term;

void ui_input_enable_mouse(void)
{
    mouseinterval(0);
    mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED,
              NULL);
    /* Ask for SGR (1006) reports: coordinates beyond 223 and a format tmux passes through.
     * 1000 = report presses and releases. */
    putp("\033[?1000h\033[?1006h");
    fflush(stdout);
}

void ui_input_paste(bool on)
{
    if (on == term.pasting)
        return;
    term.pasting = on;
    putp(on ? "\033[?2004h" : "\033[?2004l");
    fflush(stdout);
}

void ui_input_disable_mouse(void)
{
    mousemask(0, NULL);
    putp("\033[?1006l\033[?1000l");
    fflush(stdout);
}

/* Reads one more byte of an escape sequence, waiting briefly: the rest of a sequence arrives
 * together with its ESC, a lone Esc key has nothing after it. */
static int next_byte(WINDOW *w)
{
    wtimeout(w, 30);
    wint_t wc;
    int rc = wget_wch(w, &wc);
    if (rc == ERR)
        return -1;
    if (rc == KEY_CODE_YES) {
        /* A key curses decoded itself (a mouse report when the terminfo entry knows SGR):
         * not part of our sequence; give it back for the next read. */
        ungetch((int)wc);
        return -2;
    }
    return (int)wc;
}

static int curses_next(void *ctx)
{
    return next_byte(ctx);
}

static void curses_unget(void *ctx, int c)
{
    (void)ctx;
    unget_wch((wchar_t)c);
}

/* After ESC '[' '<': "b;x;y" then 'M' (press) or 'm' (release). */
static bool parse_sgr_mouse(const ui_input_source *src, ui_keygroup g, ui_event *ev)
{
    int val[3] = {0, 0, 0}, n = 0, c;
    while ((c = src->next(src->ctx)) >= 0) {
        if (c >= '0' && c <= '9') {
            if (val[n] < 100000)
                val[n] = val[n] * 10 + (c - '0');
        } else if (c == ';') {
            if (++n > 2)
                return false;
        } else if (c == 'M' || c == 'm') {
            if (n != 2)
                return false;
            int button = val[0] & ~(4 | 8 | 16); /* drop shift/meta/ctrl bits */
            if (button == 64 || button == 65) { /* the wheel: a key of the tables */
                ev->key = button == 64 ? UI_KEY_WHEEL_UP : UI_KEY_WHEEL_DOWN;
                ev->fkey = true;
                ev->req = ui_key_request(g, ev->key);
                return true;
            }
            ev->req = REQ_MOUSE;
            ev->x = val[1] - 1;
            ev->y = val[2] - 1;
            ev->press = (c == 'M' && button == 0);
            return true;
        } else {
            return false;
        }
    }
    return false;
}

/* COTUONG_DEBUG_INPUT=FILE logs every event read (for diagnosing terminals and tests). */
static void log_event(const ui_event *ev)
{
    if (!term.log_tried) {
        term.log_tried = true;
        const char *path = getenv("COTUONG_DEBUG_INPUT");
        if (path && *path)
            term.log = fopen(path, "a");
    }
    FILE *f = term.log;
    if (f) {
        fprintf(f, "req=%s key=%d fkey=%d y=%d x=%d press=%d\n",
                ev->req == REQ_MOUSE ? "MOUSE" : ev->req == REQ_TEXT ? "TEXT" : ev->req == REQ_RESIZE ? "RESIZE" : ui_req_name(ev->req),
                ev->key, ev->fkey, ev->y, ev->x, ev->press);
        fflush(f);
    }
}

static bool read_event(WINDOW *w, int timeout_ms, ui_keygroup g, ui_event *ev);

bool ui_input_read(WINDOW *w, int timeout_ms, ui_keygroup g, ui_event *ev)
{
    bool got = read_event(w, timeout_ms, g, ev);
    if (got)
        log_event(ev);
    return got;
}

static bool read_event(WINDOW *w, int timeout_ms, ui_keygroup g, ui_event *ev)
{
    *ev = (ui_event){.req = REQ_NONE};
    wtimeout(w, timeout_ms);
    wint_t wc;
    int rc = wget_wch(w, &wc);
    if (rc == ERR)
        return false;
    if (rc == KEY_CODE_YES) {
        int key = (int)wc;
        ev->key = key;
        ev->fkey = true;
        if (key == KEY_RESIZE) {
            ev->req = REQ_RESIZE;
        } else if (key == KEY_MOUSE) {
            MEVENT me;
            if (getmouse(&me) != OK)
                return true;
            if (me.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
                ev->key = (me.bstate & BUTTON4_PRESSED) ? UI_KEY_WHEEL_UP : UI_KEY_WHEEL_DOWN;
                ev->req = ui_key_request(g, ev->key);
                return true;
            }
            ev->req = REQ_MOUSE;
            ev->y = me.y;
            ev->x = me.x;
            ev->press = (me.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0;
        } else {
            ev->req = ui_key_request(g, key);
        }
        return true;
    }
    int ch = (int)wc;
    ev->key = ch;
    if (ch == 27) {
        ui_input_source src = {curses_next, curses_unget, w};
        ui_input_decode_escape(&src, g, ev);
        return true;
    }
    ev->req = ui_key_request(g, ch);
    if (ev->req == REQ_NONE && ch >= 32 && ch != 127)
        ev->req = REQ_TEXT;
    return true;
}

void ui_input_decode_escape(const ui_input_source *src, ui_keygroup g, ui_event *ev)
{
    ev->key = 27;
    /* A lone Esc, a mouse report ESC [ < ..., or a sequence curses does not know. */
    int c1 = src->next(src->ctx);
    if (c1 < 0) { /* nothing, or a decoded key after it: a lone Esc */
        ev->req = ui_key_request(g, 27);
        return;
    }
    if (c1 != '[') {
        /* Esc and then another key typed quickly (or Alt+key): Esc now, the key next. */
        src->unget(src->ctx, c1);
        ev->req = ui_key_request(g, 27);
        return;
    }
    int c2 = src->next(src->ctx);
    if (c2 == '<') {
        if (!parse_sgr_mouse(src, g, ev))
            ev->req = REQ_NONE;
        return;
    }
    /* Another CSI sequence: skip to its final byte so no part of it reads as keys.
     * Home and End as tmux and screen send them (ESC [ 1 ~, ESC [ 4 ~, also 7~/8~ and
     * ESC [ H / ESC [ F) are not in xterm's terminfo entry, so they are decoded here. */
    char body[40];
    int len = 0, final = -1;
    for (int c = c2, n = 0; c >= 0 && n < 32; c = src->next(src->ctx), n++) {
        if (c >= 0x40 && c <= 0x7E) {
            final = c;
            break;
        }
        if (len < (int)sizeof body - 1)
            body[len++] = (char)c;
    }
    body[len] = 0;
    /* A bracketed paste (ESC [ 200 ~ text ESC [ 201 ~, asked for with ui_input_paste):
     * the markers become requests, the text between comes as keys. */
    if (final == '~' && (!strcmp(body, "200") || !strcmp(body, "201"))) {
        ev->key = 0;
        ev->fkey = true;
        ev->req = body[2] == '0' ? REQ_PASTE_BEGIN : REQ_PASTE_END;
        return;
    }
    int key = 0;
    if ((final == '~' && (!strcmp(body, "1") || !strcmp(body, "7"))) || (final == 'H' && !len))
        key = KEY_HOME;
    else if ((final == '~' && (!strcmp(body, "4") || !strcmp(body, "8"))) || (final == 'F' && !len))
        key = KEY_END;
    ev->key = key;
    ev->fkey = key != 0;
    ev->req = key ? ui_key_request(g, key) : REQ_NONE;
}
