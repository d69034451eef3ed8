/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — terminal set-up and teardown. Every way out (return from main, exit(), error,
 * SIGINT/SIGTERM/SIGHUP, crash) passes through ui_screen_close() or its signal-safe twin. */
#include <curses.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "sys/signals.h"
#include "ui/input.h"
#include "ui/screen.h"
#include "ui/theme.h"

static bool screen_open, have_termios, mouse_on;
static bool close_registered; /* ui_screen_close is registered with atexit */
static struct termios saved_termios;

/* Turns off what we turned on: mouse reports, the alternate screen, a hidden cursor. Only
 * write() here: it also runs from signal handlers. */
static void emergency_restore(void)
{
    static const char reset[] = "\033[?1006l\033[?1000l\033[0m\033[?25h\033[?1049l\r\n";
    if (have_termios)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
    if (write(STDOUT_FILENO, reset, sizeof reset - 1) < 0) {
        /* nothing more can be done */
    }
}

void ui_screen_close(void)
{
    if (!screen_open)
        return;
    if (mouse_on)
        ui_input_disable_mouse();
    ui_input_paste(false);
    curs_set(1);
    endwin();
    screen_open = false;
    sys_signals_set_restore(NULL);
    fflush(stdout);
}

/* Puts the terminal in non-canonical, no-echo, non-blocking-read mode for a query, keeping
 * the old settings in *saved; false when stdin or stdout is not a terminal or it refuses. */
static bool tty_raw_for_query(struct termios *saved)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO) || tcgetattr(STDIN_FILENO, saved) != 0)
        return false;
    struct termios raw = *saved;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    return tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;
}

/* Prints text at column 1 and asks the terminal where the cursor is (a cursor position
 * report); returns that column (1-based), or -1 when the terminal does not answer. */
static int probe_column(const char *text, int timeout_ms)
{
    struct termios old;
    if (!tty_raw_for_query(&old))
        return -1;
    char probe[64];
    int len = snprintf(probe, sizeof probe, "\r%s\033[6n", text);
    int result = -1;
    if (len > 0 && len < (int)sizeof probe && write(STDOUT_FILENO, probe, (size_t)len) == len) {
        char buf[32];
        size_t n = 0;
        struct pollfd pfd = {.fd = STDIN_FILENO, .events = POLLIN};
        while (n < sizeof buf - 1 && poll(&pfd, 1, timeout_ms) > 0) {
            ssize_t r = read(STDIN_FILENO, buf + n, 1);
            if (r <= 0)
                break;
            if (buf[n++] == 'R')
                break;
        }
        buf[n] = 0;
        const char *semi = strchr(buf, ';');
        if (n > 0 && buf[n - 1] == 'R' && semi)
            result = atoi(semi + 1);
    }
    static const char wipe[] = "\r\033[K";
    if (write(STDOUT_FILENO, wipe, sizeof wipe - 1) < 0) {
        /* nothing to do */
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &old);
    return result;
}

int ui_terminal_query(const char *query, char *reply, size_t size, int timeout_ms)
{
    struct termios old;
    if (size < 2 || !tty_raw_for_query(&old))
        return -1;
    /* The query, then Device Attributes, which every terminal answers: its reply ends the
     * wait at once on a terminal that ignores the query. */
    char probe[128];
    int len = snprintf(probe, sizeof probe, "%s\033[c", query);
    size_t n = 0;
    if (len > 0 && len < (int)sizeof probe && write(STDOUT_FILENO, probe, (size_t)len) == len) {
        char buf[256];
        size_t got = 0;
        struct pollfd pfd = {.fd = STDIN_FILENO, .events = POLLIN};
        while (got < sizeof buf - 1 && poll(&pfd, 1, timeout_ms) > 0) {
            ssize_t r = read(STDIN_FILENO, buf + got, 1);
            if (r <= 0)
                break;
            got++;
            buf[got] = 0;
            /* DA1: ESC [ ? ... c */
            char *d = strstr(buf, "\033[?");
            if (d && buf[got - 1] == 'c') {
                got = (size_t)(d - buf);
                break;
            }
        }
        buf[got] = 0;
        n = got < size - 1 ? got : size - 1;
        memcpy(reply, buf, n);
    }
    reply[n] = 0;
    tcsetattr(STDIN_FILENO, TCSANOW, &old);
    return (int)n;
}

static bool bell_on;

void ui_screen_bell_enable(bool on)
{
    bell_on = on;
}

void ui_screen_bell(void)
{
    if (bell_on && screen_open)
        beep(); /* the terminal's bell; a visual bell where the user set one */
}

int ui_probe_wide_glyphs(int timeout_ms)
{
    int col = probe_column("\xe5\xb8\xa5", timeout_ms); /* 帥 */
    return col < 0 ? -1 : col >= 3 ? 1 : 0;
}

int ui_probe_box_width(int timeout_ms)
{
    int col = probe_column("\xe2\x94\x80", timeout_ms); /* ─ */
    return col < 0 ? -1 : col - 1;
}

bool ui_screen_open(bool colour, bool mouse)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "cotuong: the game needs a terminal (stdin and stdout)\n");
        return false;
    }
    have_termios = tcgetattr(STDIN_FILENO, &saved_termios) == 0;
    /* The theme for this terminal's background, asked before curses takes the input. */
    if (colour && ui_theme_selected() == UI_THEME_AUTO)
        ui_theme_select(ui_theme_detect(100));
    const char *term = getenv("TERM");
    SCREEN *sc = newterm(NULL, stdout, stdin);
    if (!sc) {
        fprintf(stderr, "cotuong: cannot open the terminal '%s'\n", term ? term : "(unset)");
        return false;
    }
    set_term(sc);
    screen_open = true;
    if (!close_registered) {
        atexit(ui_screen_close);
        close_registered = true;
    }
    sys_signals_install();
    sys_signals_set_restore(emergency_restore);

    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    /* The cursor stays hidden, so there is no need to send it home after every update
     * (saves a cursor address on each refresh: issue 21's bytes per move). */
    leaveok(stdscr, TRUE);
    ui_theme_init(colour);
    flushinp(); /* a late answer to ui_probe_wide_glyphs() must not read as keys */
    mouse_on = mouse;
    if (mouse)
        ui_input_enable_mouse();
    return true;
}
