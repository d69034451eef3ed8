/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong fuzz target — move-notation parser and renderer. The first byte picks a position
 * and a notation; the rest is the text. Any move the parser accepts must be legal, and must
 * render in every notation and read back to itself; descriptions built from raw bytes must
 * render without overrunning the buffer. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cotuong/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const fens[] = {
    CT_START_FEN,
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1",
    "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",
    "4k4/9/9/9/9/2p6/2p6/2p6/2p6/2p2K3 b - - 0 1",
    "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
};

static ct_pos pos;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 300)
        return 0;
    char text[301];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    int nfens = (int)(sizeof fens / sizeof fens[0]);
    if (ct_fen_read(&pos, fens[data[0] % nfens], NULL) != CT_OK)
        __builtin_trap();
    ct_notation n = (ct_notation)((data[0] / nfens) % CT_NOTATION_COUNT);

    ct_parse_error err;
    ct_move mv = 0xFFFF;
    ct_status st = ct_move_parse(&pos, text, n, &mv, &err);
    if (st != err.code || memchr(err.message, 0, sizeof err.message) == NULL)
        __builtin_trap();
    if (st == CT_OK) {
        if (!ct_is_legal(&pos, mv) || err.kind != CT_PARSE_OK)
            __builtin_trap();
        for (int k = CT_NOTATION_COORD; k <= CT_NOTATION_ZH_HANT; k++) {
            char out[CT_MOVE_TEXT_MAX];
            ct_move back;
            int len = ct_move_render(&pos, mv, (ct_notation)k, out, sizeof out);
            if (len <= 0 || len >= (int)sizeof out)
                __builtin_trap();
            if (ct_move_parse(&pos, out, (ct_notation)k, &back, NULL) != CT_OK || back != mv)
                __builtin_trap();
        }
    } else if (mv != CT_NO_MOVE || err.kind == CT_PARSE_OK) {
        __builtin_trap();
    }

    /* Descriptions from raw bytes: must be refused or rendered within the buffer. */
    if (size >= 9) {
        ct_move_desc d;
        memset(&d, 0, sizeof d);
        d.side = data[1] % 3;
        d.type = data[2] % 9;
        d.file = data[3] % 11;
        d.tandem = data[4] % 7;
        d.index = data[5] % 7;
        d.two_files = data[6] & 1;
        d.dir = (ct_move_dir)(data[7] % 4);
        d.number = data[8] % 11;
        d.from = data[1];
        d.to = data[2];
        char small[7];
        for (int k = 0; k < CT_NOTATION_COUNT; k++) {
            int len = ct_move_desc_render(&d, (ct_notation)k, small, sizeof small);
            if (len >= 0 && strlen(small) != (size_t)(len < 6 ? len : 6))
                __builtin_trap();
        }
    }
    return 0;
}
