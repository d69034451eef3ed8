/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — libFuzzer target: the cờ úp PGN reader on arbitrary bytes. A refusal must say
 * why; an accepted record must write as PGN that reads back to the same text. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/coup_pgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *reveals = malloc(2 * CT_MAX_HISTORY);
    if (!reveals)
        return 0;
    ct_record rec;
    ct_coup_deal deal;
    bool dealt;
    ct_coup_line_error err;
    if (ct_coup_pgn_read((const char *)data, size, 7, &rec, reveals, &deal, &dealt, &err) != CT_OK) {
        if (err.message[0] == '\0')
            abort();
        ct_record_free(&rec); /* initialised even when refused (coup_pgn.h) */
        free(reveals);
        return 0;
    }
    if (!ct_coup_deal_ok(&deal))
        abort();
    char *text = NULL, *again = NULL;
    size_t len = 0, len2 = 0;
    if (ct_coup_pgn_write(&rec, reveals, &text, &len) != CT_OK)
        abort();
    ct_record back;
    if (ct_coup_pgn_read(text, len, 7, &back, reveals + CT_MAX_HISTORY, &deal, &dealt, &err) != CT_OK)
        abort();
    if (ct_coup_pgn_write(&back, reveals + CT_MAX_HISTORY, &again, &len2) != CT_OK)
        abort();
    if (len != len2 || memcmp(text, again, len) != 0)
        abort();
    free(text);
    free(again);
    ct_record_free(&back);
    ct_record_free(&rec);
    free(reveals);
    return 0;
}
