/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — libFuzzer target: the FEN reader on arbitrary text. A rejected FEN must say why and
 * leave the position untouched; an accepted one must satisfy every invariant, write back to a
 * FEN that reads as the same position, and give a move list whose moves are all legal. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static ct_pos pos, again;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[512];
    if (size >= sizeof text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';

    ct_pos_start(&pos);
    uint64_t start_key = pos.key;
    ct_fen_error err = {.field = -1};
    if (ct_fen_read(&pos, text, &err) != CT_OK) {
        if (err.message[0] == '\0' || err.field < 0 || err.field > 6)
            abort();
        if (pos.key != start_key || !ct_pos_ok(&pos))
            abort(); /* a rejected FEN changed the position */
        return 0;
    }
    if (!ct_pos_ok(&pos) || ct_in_check(&pos, pos.side ^ 1))
        abort();
    char out[256];
    int n = ct_fen_write(&pos, out, sizeof out);
    if (n <= 0 || (size_t)n >= sizeof out)
        abort();
    if (ct_fen_read(&again, out, NULL) != CT_OK || again.key != pos.key ||
        memcmp(again.board, pos.board, sizeof pos.board) != 0 || again.side != pos.side)
        abort();
    ct_move moves[CT_MAX_MOVES];
    int count = ct_gen_legal(&pos, moves);
    for (int i = 0; i < count; i++) {
        if (!ct_is_legal(&pos, moves[i]))
            abort();
        ct_pos_make(&pos, moves[i]);
        if (ct_in_check(&pos, pos.side ^ 1))
            abort();
        ct_pos_unmake(&pos);
    }
    if (!ct_pos_ok(&pos))
        abort();
    return 0;
}
