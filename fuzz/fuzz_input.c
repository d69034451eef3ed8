/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — libFuzzer target: the key and mouse byte decoder (lone Esc, Esc+key, SGR mouse
 * reports, other CSI sequences) on any byte stream. Each event must be a known request;
 * mouse cells come from the numbers in the report (any size, never a crash). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "ui/input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    const uint8_t *p;
    size_t n, i;
    int back; /* a byte given back, or -1 */
} bytes;

static int next(void *ctx)
{
    bytes *b = ctx;
    if (b->back >= 0) {
        int c = b->back;
        b->back = -1;
        return c;
    }
    return b->i < b->n ? b->p[b->i++] : -1;
}

static void unget(void *ctx, int c)
{
    ((bytes *)ctx)->back = c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bytes b = {data, size, 0, -1};
    ui_input_source src = {next, unget, &b};
    int c, guard = 0;
    while ((c = next(&b)) >= 0 && guard++ < 100000) {
        ui_event ev = {.req = REQ_NONE};
        ui_keygroup g = (ui_keygroup)(c % UI_KEYS_COUNT);
        if (c == 27)
            ui_input_decode_escape(&src, g, &ev);
        else
            ev.req = ui_key_request(g, c);
        if ((int)ev.req < 0)
            abort();
    }
    return 0;
}
