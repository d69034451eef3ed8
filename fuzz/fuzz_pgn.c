/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — libFuzzer target: PGN reading in every encoding, then writing each game in
 * every notation and reading it back (the round trip must give the same record). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/pgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void must(int cond)
{
    if (!cond)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The first byte picks the forced encoding (or detection). */
    ct_encoding enc = CT_ENC_AUTO;
    if (size > 0 && data[0] < 4) {
        enc = (ct_encoding)data[0];
        data++;
        size--;
    }
    ct_record *games = NULL;
    int n = 0;
    ct_pgn_error err;
    ct_status st = ct_pgn_read((const char *)data, size, enc, &games, &n, NULL, &err);
    if (st != CT_OK) {
        must(games == NULL && n == 0 && err.message[0] != '\0');
        return 0;
    }
    static const ct_notation notations[] = {CT_NOTATION_ICCS, CT_NOTATION_VI,
                                            CT_NOTATION_VI_LONG, CT_NOTATION_WXF,
                                            CT_NOTATION_ZH};
    for (int g = 0; g < n && g < 4; g++) {
        for (size_t k = 0; k < sizeof notations / sizeof notations[0]; k++) {
            char *text = NULL;
            size_t len = 0;
            must(ct_pgn_write(&games[g], notations[k], &text, &len) == CT_OK);
            ct_record *back = NULL;
            int nb = 0;
            st = ct_pgn_read(text, len, CT_ENC_UTF8, &back, &nb, NULL, &err);
            must(st == CT_OK && nb == 1);
            must(ct_record_equal(&games[g], &back[0]));
            ct_pgn_free_games(back, nb);
            free(text);
        }
    }
    ct_pgn_free_games(games, n);
    return 0;
}
