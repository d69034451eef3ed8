/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — libFuzzer target: XQF import of arbitrary bytes; an accepted file must write
 * as PGN and read back as the same record. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "cotuong/pgn.h"
#include "cotuong/xqf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ct_record r;
    ct_xqf_error err;
    ct_status st = ct_xqf_read(data, size, &r, &err);
    if (st != CT_OK) {
        if (err.message[0] == '\0' && st != CT_ERR_FULL)
            abort();
        ct_record_free(&r);
        return 0;
    }
    char *text = NULL;
    size_t len = 0;
    if (ct_pgn_write(&r, CT_NOTATION_ICCS, &text, &len) != CT_OK)
        abort();
    ct_record *back = NULL;
    int nb = 0;
    ct_pgn_error perr;
    if (ct_pgn_read(text, len, CT_ENC_UTF8, &back, &nb, NULL, &perr) != CT_OK || nb != 1 ||
        !ct_record_equal(&r, &back[0]))
        abort();
    ct_pgn_free_games(back, nb);
    free(text);
    ct_record_free(&r);
    return 0;
}
