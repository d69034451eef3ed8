/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the key tables: which key makes which request in each group (play, review,
 * menus, text prompts, questions, help), the user's bindings from the settings file, and
 * the lookups the input reader, the help screen and the manual test use. */
#include <curses.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ui/requests.h"

#define CTRL(c) ((c) & 0x1f)
#define G(name) (1u << UI_KEYS_##name)
#define PLAY G(PLAY)
#define REVIEW G(REVIEW)
#define MENU G(MENU)
#define TRAIN G(TRAIN)
#define EDIT G(EDIT)
#define YESNO G(YESNO)
#define HELP G(HELP)
#define SETUP G(SETUP)
#define ALL ((1u << UI_KEYS_COUNT) - 1)

static const char *const req_help[] = {
    [REQ_NONE] = NULL,
#define UI_REQ_HELP(name, help) [REQ_##name] = help,
    UI_REQUESTS(UI_REQ_HELP)
#undef UI_REQ_HELP
};

static const char *const req_name[] = {
    [REQ_NONE] = "NONE",
#define UI_REQ_NAME(name, help) [REQ_##name] = #name,
    UI_REQUESTS(UI_REQ_NAME)
#undef UI_REQ_NAME
};

static const char *const group_title[] = {
#define UI_GROUP_TITLE(name, title) [UI_KEYS_##name] = title,
    UI_KEYGROUPS(UI_GROUP_TITLE)
#undef UI_GROUP_TITLE
};

/* The key tables: the only place keys are bound. Several keys may share a request; the help
 * screen and the manual list them on one line in this order. A row without a name is an
 * alias the terminal may send for a listed key, or the mouse wheel (described in prose: it
 * scrolls in a game and the help, steps in review, moves the choice in lists). */
static const ui_keybinding keymap[] = {
    /* Cursor and selection: the game and the menus. */
    {PLAY | MENU | SETUP, KEY_UP, REQ_UP, N_("Up")},
    {PLAY, 'k', REQ_UP, "k"},
    {MENU, UI_KEY_WHEEL_UP, REQ_UP, NULL},
    {PLAY | MENU | SETUP, KEY_DOWN, REQ_DOWN, N_("Down")},
    {PLAY, 'j', REQ_DOWN, "j"},
    {MENU, UI_KEY_WHEEL_DOWN, REQ_DOWN, NULL},
    {PLAY | MENU | SETUP, KEY_LEFT, REQ_LEFT, N_("Left")},
    {PLAY, 'h', REQ_LEFT, "h"},
    {PLAY | MENU | SETUP, KEY_RIGHT, REQ_RIGHT, N_("Right")},
    {PLAY, 'l', REQ_RIGHT, "l"},
    {PLAY | MENU | SETUP, '\n', REQ_SELECT, "Enter"},
    {PLAY | MENU | SETUP, '\r', REQ_SELECT, NULL},
    {PLAY | MENU | SETUP, KEY_ENTER, REQ_SELECT, NULL},
    {PLAY | MENU | SETUP, ' ', REQ_SELECT, N_("Space")},
    {PLAY | REVIEW | MENU | EDIT | YESNO | SETUP, 27, REQ_CANCEL, "Esc"},
    {PLAY | REVIEW, ':', REQ_MOVE_LINE, ":"},
    {PLAY | REVIEW, '/', REQ_MOVE_LINE, "/"},
    /* The game. */
    {PLAY, 'u', REQ_UNDO, "u"},
    {PLAY, 'r', REQ_REDO, "r"},
    {PLAY, CTRL('r'), REQ_REDO, NULL},
    {PLAY, 'i', REQ_HINT, "i"},
    {PLAY, 'm', REQ_MOVE_NOW, "m"},
    {PLAY, 'R', REQ_RESIGN, "R"},
    {PLAY, 'D', REQ_DRAW, "D"},
    {PLAY, 't', REQ_CHAT, "t"},
    {PLAY, 'N', REQ_NEW_GAME, "N"},
    {PLAY, 'p', REQ_PAUSE, "p"},
    {PLAY, '+', REQ_PACE_FASTER, "+"},
    {PLAY, '-', REQ_PACE_SLOWER, "-"},
    /* Moving through a game under review. */
    {REVIEW, KEY_RIGHT, REQ_FORWARD, N_("Right")},
    {REVIEW, 'l', REQ_FORWARD, "l"},
    {REVIEW, '\n', REQ_FORWARD, "Enter"},
    {REVIEW, '\r', REQ_FORWARD, NULL},
    {REVIEW, KEY_ENTER, REQ_FORWARD, NULL},
    {REVIEW, ' ', REQ_FORWARD, N_("Space")},
    {REVIEW, UI_KEY_WHEEL_DOWN, REQ_FORWARD, NULL},
    {REVIEW, KEY_LEFT, REQ_BACK, N_("Left")},
    {REVIEW, 'h', REQ_BACK, "h"},
    {REVIEW, UI_KEY_WHEEL_UP, REQ_BACK, NULL},
    {REVIEW, KEY_HOME, REQ_FIRST, "Home"},
    {REVIEW, '<', REQ_FIRST, "<"},
    {REVIEW, KEY_END, REQ_LAST, "End"},
    {REVIEW, 'G', REQ_LAST, "G"},
    {REVIEW, '>', REQ_LAST, ">"},
    {REVIEW, KEY_DOWN, REQ_NEXT_ALT, N_("Down")},
    {REVIEW, 'j', REQ_NEXT_ALT, "j"},
    {REVIEW, KEY_UP, REQ_PREV_ALT, N_("Up")},
    {REVIEW, 'k', REQ_PREV_ALT, "k"},
    {REVIEW, '\t', REQ_ENTER_VAR, "Tab"},
    {REVIEW, 'e', REQ_ENTER_VAR, "e"},
    {REVIEW, '1', REQ_VARIATION, "1-9"},
    {REVIEW, '2', REQ_VARIATION, NULL},
    {REVIEW, '3', REQ_VARIATION, NULL},
    {REVIEW, '4', REQ_VARIATION, NULL},
    {REVIEW, '5', REQ_VARIATION, NULL},
    {REVIEW, '6', REQ_VARIATION, NULL},
    {REVIEW, '7', REQ_VARIATION, NULL},
    {REVIEW, '8', REQ_VARIATION, NULL},
    {REVIEW, '9', REQ_VARIATION, NULL},
    {REVIEW, KEY_BACKSPACE, REQ_LEAVE_VAR, N_("Backspace")},
    {REVIEW, 127, REQ_LEAVE_VAR, NULL},
    {REVIEW, 8, REQ_LEAVE_VAR, NULL},
    {REVIEW, 'x', REQ_LEAVE_VAR, "x"},
    {REVIEW, 'P', REQ_PLAY_ON_AI, "P"},
    {REVIEW, 'p', REQ_AUTOPLAY, "p"},
    {REVIEW, '+', REQ_FASTER, "+"},
    {REVIEW, '-', REQ_SLOWER, "-"},
    {REVIEW, 'a', REQ_ANALYSE, "a"},
    {REVIEW, 'A', REQ_ANALYSE_GAME, "A"},
    {REVIEW, ';', REQ_COMMENT, ";"},
    {REVIEW, 'C', REQ_COMMENT, "C"},
    {REVIEW, KEY_DC, REQ_DELETE_MOVE, N_("Delete")},
    {REVIEW, 'V', REQ_PROMOTE, "V"},
    {REVIEW, KEY_PPAGE, REQ_PREV_GAME, "PgUp"},
    {REVIEW, KEY_NPAGE, REQ_NEXT_GAME, "PgDn"},
    {REVIEW, 'L', REQ_GAME_LIST, "L"},
    {REVIEW, 'W', REQ_WARNINGS, "W"},
    /* The masters' moves (the explorer). */
    {PLAY | REVIEW, 'M', REQ_EXPLORER, "M"},
    {REVIEW, ']', REQ_MASTER_NEXT, "]"},
    {REVIEW, '[', REQ_MASTER_PREV, "["},
    {REVIEW, 'm', REQ_MASTER_PLAY, "m"},
    {REVIEW, 'E', REQ_EDIT_POSITION, "E"},
    /* The board editor. */
    {SETUP, 'K', REQ_PIECE, "K"},
    {SETUP, 'A', REQ_PIECE, "A"},
    {SETUP, 'B', REQ_PIECE, "B"},
    {SETUP, 'E', REQ_PIECE, NULL},
    {SETUP, 'N', REQ_PIECE, "N"},
    {SETUP, 'H', REQ_PIECE, NULL},
    {SETUP, 'R', REQ_PIECE, "R"},
    {SETUP, 'C', REQ_PIECE, "C"},
    {SETUP, 'P', REQ_PIECE, "P"},
    {SETUP, 'k', REQ_PIECE, "k"},
    {SETUP, 'a', REQ_PIECE, "a"},
    {SETUP, 'b', REQ_PIECE, "b"},
    {SETUP, 'e', REQ_PIECE, NULL},
    {SETUP, 'n', REQ_PIECE, "n"},
    {SETUP, 'h', REQ_PIECE, NULL},
    {SETUP, 'r', REQ_PIECE, "r"},
    {SETUP, 'c', REQ_PIECE, "c"},
    {SETUP, 'p', REQ_PIECE, "p"},
    {SETUP, 'x', REQ_REMOVE, "x"},
    {SETUP, KEY_DC, REQ_REMOVE, N_("Delete")},
    {SETUP, KEY_BACKSPACE, REQ_REMOVE, N_("Backspace")},
    {SETUP, 127, REQ_REMOVE, NULL},
    {SETUP, 8, REQ_REMOVE, NULL},
    {SETUP, '\t', REQ_SIDE, "Tab"},
    {SETUP, 'X', REQ_CLEAR, "X"},
    {SETUP, 'I', REQ_START_POS, "I"},
    {SETUP, 'F', REQ_PASTE_FEN, "F"},
    {SETUP, 'v', REQ_PASTE_FEN, "v"},
    {SETUP, '1', REQ_PLAY_HOTSEAT, "1"},
    {SETUP, '2', REQ_PLAY_AI, "2"},
    {SETUP, '3', REQ_ANALYSE, "3"},
    {SETUP, '4', REQ_SAVE, "4"},
    {SETUP, 'S', REQ_SAVE, "S"},
    {SETUP, 'y', REQ_COPY_POS, "y"},
    {SETUP, 'Y', REQ_COPY_POS, NULL},
    {SETUP, 'f', REQ_FLIP, "f"},
    /* Files, views. */
    {PLAY | REVIEW, 'S', REQ_SAVE, "S"},
    {PLAY | REVIEW, 'O', REQ_OPEN, "O"},
    {PLAY | REVIEW, 'y', REQ_COPY_GAME, "y"},
    {PLAY | REVIEW, 'Y', REQ_COPY_POS, "Y"},
    {PLAY | REVIEW, 'n', REQ_NOTATION, "n"},
    {PLAY | REVIEW, 'f', REQ_FLIP, "f"},
    {PLAY | REVIEW, 'c', REQ_COORDS, "c"},
    {PLAY, 'g', REQ_GLYPHS, "g"},
    {PLAY, KEY_PPAGE, REQ_SCROLL_UP, "PgUp"},
    {HELP, KEY_UP, REQ_SCROLL_UP, N_("Up")},
    {HELP, 'k', REQ_SCROLL_UP, "k"},
    {PLAY | HELP, UI_KEY_WHEEL_UP, REQ_SCROLL_UP, NULL},
    {PLAY, KEY_NPAGE, REQ_SCROLL_DOWN, "PgDn"},
    {HELP, KEY_DOWN, REQ_SCROLL_DOWN, N_("Down")},
    {HELP, 'j', REQ_SCROLL_DOWN, "j"},
    {PLAY | HELP, UI_KEY_WHEEL_DOWN, REQ_SCROLL_DOWN, NULL},
    /* Lists and this help. */
    {MENU | HELP, KEY_PPAGE, REQ_PAGE_UP, "PgUp"},
    {MENU | HELP, KEY_NPAGE, REQ_PAGE_DOWN, "PgDn"},
    {MENU | HELP, KEY_HOME, REQ_TOP, "Home"},
    {MENU | HELP, KEY_END, REQ_BOTTOM, "End"},
    /* Text prompts: printable keys are text there, so only control keys are bound. */
    {EDIT, '\n', REQ_ACCEPT, "Enter"},
    {EDIT, '\r', REQ_ACCEPT, NULL},
    {EDIT, KEY_ENTER, REQ_ACCEPT, NULL},
    {EDIT, KEY_LEFT, REQ_EDIT_LEFT, N_("Left")},
    {EDIT, CTRL('b'), REQ_EDIT_LEFT, "Ctrl-B"},
    {EDIT, KEY_RIGHT, REQ_EDIT_RIGHT, N_("Right")},
    {EDIT, CTRL('f'), REQ_EDIT_RIGHT, "Ctrl-F"},
    {EDIT, KEY_HOME, REQ_EDIT_HOME, "Home"},
    {EDIT, CTRL('a'), REQ_EDIT_HOME, "Ctrl-A"},
    {EDIT, KEY_END, REQ_EDIT_END, "End"},
    {EDIT, CTRL('e'), REQ_EDIT_END, "Ctrl-E"},
    {EDIT, KEY_BACKSPACE, REQ_EDIT_BACKSPACE, N_("Backspace")},
    {EDIT, 127, REQ_EDIT_BACKSPACE, NULL},
    {EDIT, 8, REQ_EDIT_BACKSPACE, NULL},
    {EDIT, KEY_DC, REQ_EDIT_DELETE, N_("Delete")},
    {EDIT, CTRL('d'), REQ_EDIT_DELETE, "Ctrl-D"},
    {EDIT, CTRL('u'), REQ_EDIT_KILL_START, "Ctrl-U"},
    {EDIT, CTRL('w'), REQ_EDIT_KILL_WORD, "Ctrl-W"},
    {EDIT, CTRL('k'), REQ_EDIT_KILL_END, "Ctrl-K"},
    {EDIT, KEY_UP, REQ_HISTORY_PREV, N_("Up")},
    {EDIT, CTRL('p'), REQ_HISTORY_PREV, "Ctrl-P"},
    {EDIT, KEY_DOWN, REQ_HISTORY_NEXT, N_("Down")},
    {EDIT, CTRL('n'), REQ_HISTORY_NEXT, "Ctrl-N"},
    {EDIT, '\t', REQ_COMPLETE, "Tab"},
    /* The trainer (cursor, Enter, Esc, ':' and the view keys as in play). */
    {TRAIN, KEY_UP, REQ_UP, N_("Up")},
    {TRAIN, KEY_DOWN, REQ_DOWN, N_("Down")},
    {TRAIN, KEY_LEFT, REQ_LEFT, N_("Left")},
    {TRAIN, KEY_RIGHT, REQ_RIGHT, N_("Right")},
    {TRAIN, '\n', REQ_SELECT, "Enter"},
    {TRAIN, '\r', REQ_SELECT, NULL},
    {TRAIN, KEY_ENTER, REQ_SELECT, NULL},
    {TRAIN, ' ', REQ_SELECT, N_("Space")},
    {TRAIN, 27, REQ_CANCEL, "Esc"},
    {TRAIN, ':', REQ_MOVE_LINE, ":"},
    {TRAIN, '/', REQ_MOVE_LINE, "/"},
    {TRAIN, 'i', REQ_HINT, "i"},
    {TRAIN, 'r', REQ_RETRY, "r"},
    {TRAIN, 's', REQ_SOLUTION, "s"},
    {TRAIN, KEY_NPAGE, REQ_NEXT_EXERCISE, "PgDn"},
    {TRAIN, '.', REQ_NEXT_EXERCISE, "."},
    {TRAIN, KEY_PPAGE, REQ_PREV_EXERCISE, "PgUp"},
    {TRAIN, ',', REQ_PREV_EXERCISE, ","},
    {TRAIN, 'K', REQ_FILTER_KIND, "K"},
    {TRAIN, 'D', REQ_FILTER_DIFFICULTY, "D"},
    {TRAIN, 'n', REQ_NOTATION, "n"},
    {TRAIN, 'f', REQ_FLIP, "f"},
    {TRAIN, 'c', REQ_COORDS, "c"},
    {TRAIN, 'g', REQ_GLYPHS, "g"},
    {TRAIN, '?', REQ_HELP, "?"},
    {TRAIN, KEY_F(1), REQ_HELP, "F1"},
    {TRAIN, 'q', REQ_QUIT, "q"},
    /* Questions. */
    {YESNO, 'y', REQ_YES, "y"},
    {YESNO, 'Y', REQ_YES, NULL},
    {YESNO, 'c', REQ_YES, "c"},
    {YESNO, 'C', REQ_YES, NULL},
    {YESNO, 'n', REQ_NO, "n"},
    {YESNO, 'N', REQ_NO, NULL},
    {YESNO, 'k', REQ_NO, "k"},
    {YESNO, 'K', REQ_NO, NULL},
    /* Everywhere. */
    {PLAY | REVIEW | MENU | SETUP, '?', REQ_HELP, "?"},
    {PLAY | REVIEW | MENU | SETUP, KEY_F(1), REQ_HELP, "F1"},
    {PLAY | REVIEW | MENU | SETUP | TRAIN, '!', REQ_MESSAGES, "!"},
    {ALL, CTRL('l'), REQ_REDRAW, "Ctrl-L"},
    {PLAY | REVIEW | MENU | SETUP, 'q', REQ_QUIT, "q"},
    {HELP, 27, REQ_QUIT, "Esc"},
    {HELP, 'q', REQ_QUIT, "q"},
    {HELP, '?', REQ_QUIT, "?"},
    {HELP, KEY_F(1), REQ_QUIT, "F1"},
    {HELP, '\n', REQ_QUIT, "Enter"},
    {HELP, '\r', REQ_QUIT, NULL},
    {HELP, KEY_ENTER, REQ_QUIT, NULL},
};

#define NKEYS ((int)(sizeof keymap / sizeof keymap[0]))

const char *ui_req_help(ui_req req)
{
    return (req > REQ_NONE && req < REQ_MOUSE) ? req_help[req] : NULL;
}

const char *ui_req_name(ui_req req)
{
    return (req >= REQ_NONE && req < REQ_MOUSE) ? req_name[req] : "";
}

ui_req ui_req_from_name(const char *name)
{
    for (int r = REQ_NONE + 1; r < REQ_MOUSE; r++) {
        const char *n = req_name[r];
        size_t i = 0;
        for (; n[i] && name[i]; i++) {
            char c = name[i];
            if (c >= 'a' && c <= 'z')
                c = (char)(c - 'a' + 'A');
            if (c != n[i])
                break;
        }
        if (!n[i] && !name[i])
            return (ui_req)r;
    }
    return REQ_NONE;
}

const char *ui_keygroup_title(ui_keygroup g)
{
    return g < UI_KEYS_COUNT ? group_title[g] : "";
}

const ui_keybinding *ui_keymap(int *count)
{
    *count = NKEYS;
    return keymap;
}

int ui_key_code(const char *name)
{
    static const struct {
        const char *name;
        int code;
    } named[] = {
        {"Up", KEY_UP},       {"Down", KEY_DOWN},   {"Left", KEY_LEFT},  {"Right", KEY_RIGHT},
        {"Enter", '\n'},      {"Space", ' '},       {"Tab", '\t'},       {"Esc", 27},
        {"Backspace", KEY_BACKSPACE}, {"Home", KEY_HOME}, {"End", KEY_END}, {"PgUp", KEY_PPAGE},
        {"PgDn", KEY_NPAGE},  {"Insert", KEY_IC},   {"Delete", KEY_DC},
    };
    size_t len = strlen(name);
    if (len == 1 && (unsigned char)name[0] > 0x20 && (unsigned char)name[0] < 0x7F)
        return (unsigned char)name[0];
    if (len == 3 && (name[0] == 'C' || name[0] == 'c') && name[1] == '-' &&
        ((name[2] >= 'a' && name[2] <= 'z') || (name[2] >= 'A' && name[2] <= 'Z')))
        return name[2] & 0x1F;
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (!strcasecmp(name, named[i].name))
            return named[i].code;
    if ((name[0] == 'F' || name[0] == 'f') && (len == 2 || len == 3) && name[1] >= '1' &&
        name[1] <= '9') {
        int n = name[1] - '0';
        if (len == 3) {
            if (name[2] < '0' || name[2] > '9')
                return -1;
            n = n * 10 + (name[2] - '0');
        }
        if (n <= 12)
            return KEY_F(n);
    }
    return -1;
}

/* The user's bindings. Part of the screen's state: set once from the settings before the
 * screen opens. */
#define USER_KEYS 64
static ui_keybinding user_keys[USER_KEYS];
static int n_user_keys;

bool ui_key_bind(int key, ui_req req)
{
    unsigned groups = 0;
    for (int i = 0; i < NKEYS; i++)
        if (keymap[i].req == req)
            groups |= keymap[i].groups;
    if (key < 0 || req <= REQ_NONE || req >= REQ_MOUSE || !groups)
        return false;
    for (int i = 0; i < n_user_keys; i++)
        if (user_keys[i].key == key && user_keys[i].groups == groups) {
            user_keys[i].req = req;
            return true;
        }
    if (n_user_keys >= USER_KEYS)
        return false;
    user_keys[n_user_keys++] = (ui_keybinding){groups, key, req, NULL};
    return true;
}

void ui_key_unbind_all(void)
{
    n_user_keys = 0;
}

ui_req ui_key_request(ui_keygroup g, int key)
{
    unsigned bit = 1u << g;
    for (int i = n_user_keys - 1; i >= 0; i--)
        if (user_keys[i].key == key && (user_keys[i].groups & bit))
            return user_keys[i].req;
    for (int i = 0; i < NKEYS; i++)
        if (keymap[i].key == key && (keymap[i].groups & bit))
            return keymap[i].req;
    return REQ_NONE;
}

void ui_event_regroup(ui_event *ev, ui_keygroup g)
{
    if (ev->req == REQ_MOUSE || ev->req == REQ_RESIZE || ev->req == REQ_PASTE_BEGIN ||
        ev->req == REQ_PASTE_END)
        return;
    ev->req = ui_key_request(g, ev->key);
    if (ev->req == REQ_NONE && !ev->fkey && ev->key >= 32 && ev->key != 127 &&
        ev->key <= 0x10FFFF)
        ev->req = REQ_TEXT;
}

/* How the help screen writes a key ("Up", "Ctrl-X", "z"). */
static void ui_key_name(int key, char *buf, size_t size)
{
    for (int i = 0; i < NKEYS; i++)
        if (keymap[i].key == key && keymap[i].name) {
            snprintf(buf, size, "%s", keymap[i].name);
            return;
        }
    if (key > 0 && key < 32)
        snprintf(buf, size, "Ctrl-%c", key + '@');
    else if (key > 32 && key < 127)
        snprintf(buf, size, "%c", key);
    else if (key >= KEY_F(1) && key <= KEY_F(12))
        snprintf(buf, size, "F%d", key - KEY_F(0));
    else if (key == KEY_IC)
        snprintf(buf, size, "Insert");
    else {
        const char *n = keyname(key);
        snprintf(buf, size, "%s", n ? n : "?");
    }
}

int ui_keys_of(ui_keygroup g, ui_req req, char *buf, int size)
{
    return ui_keys_of_tr(g, req, buf, size, NULL);
}

int ui_keys_of_tr(ui_keygroup g, ui_req req, char *buf, int size,
                  const char *(*tr)(const char *))
{
    unsigned bit = 1u << g;
    int len = 0;
    buf[0] = 0;
    for (int i = 0; i < NKEYS; i++) {
        const ui_keybinding *k = &keymap[i];
        /* A key the user bound to something else no longer makes this request. */
        if (k->req != req || !(k->groups & bit) || !k->name || ui_key_request(g, k->key) != req)
            continue;
        len += snprintf(buf + len, (size_t)(size - len), "%s%s", len ? ", " : "",
                        tr ? tr(k->name) : k->name);
        if (len >= size)
            return size - 1;
    }
    for (int i = 0; i < n_user_keys; i++) {
        const ui_keybinding *k = &user_keys[i];
        if (k->req != req || !(k->groups & bit) || ui_key_request(g, k->key) != req)
            continue;
        char name[32];
        ui_key_name(k->key, name, sizeof name);
        len += snprintf(buf + len, (size_t)(size - len), "%s%s", len ? ", " : "", name);
        if (len >= size)
            return size - 1;
    }
    return len;
}
