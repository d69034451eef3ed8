/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — libFuzzer target: the cờ úp FEN reader on arbitrary bytes. A refusal must say
 * why; an accepted FEN must give a consistent position whose FEN reads back to itself. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/coup.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 512)
        return 0; /* a FEN is a line: longer inputs only slow the search down */
    char text[513];
    memcpy(text, data, size);
    text[size] = '\0';
    ct_coup_pos *pos = malloc(2 * sizeof *pos);
    if (!pos)
        return 0;
    ct_coup_fen_error err;
    if (ct_coup_fen_read(&pos[0], text, &err) != CT_OK) {
        if (err.message[0] == '\0')
            abort();
        free(pos);
        return 0;
    }
    if (!ct_coup_pos_ok(&pos[0]))
        abort();
    char out[256], again[256];
    int n = ct_coup_fen_write(&pos[0], out, sizeof out);
    if (n <= 0 || (size_t)n >= sizeof out)
        abort();
    if (ct_coup_fen_read(&pos[1], out, &err) != CT_OK)
        abort();
    ct_coup_fen_write(&pos[1], again, sizeof again);
    if (strcmp(out, again) != 0)
        abort();
    /* Every legal move of what was read can be generated and played back. */
    ct_move moves[CT_MAX_MOVES];
    int nm = ct_coup_gen_legal(&pos[0], moves);
    for (int i = 0; i < nm; i++)
        if (!ct_coup_is_legal(&pos[0], moves[i]))
            abort();
    free(pos);
    return 0;
}
