/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — libFuzzer target: the resume file reader. Any bytes are refused with a message
 * or give games that format and read back to the same records. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/pgn.h"
#include "sys/resume.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ct_record *recs = NULL, *back = NULL;
    int n = 0, nb = 0;
    char err[256];
    err[0] = '\0';
    if (resume_parse((const char *)data, size, &recs, &n, err, sizeof err) != 0) {
        if (!err[0])
            abort();
        return 0;
    }
    size_t len = 0;
    char *text = resume_format(recs, n, &len);
    if (!text)
        abort();
    if (resume_parse(text, len, &back, &nb, err, sizeof err) != 0 || nb != n)
        abort();
    for (int i = 0; i < n; i++)
        if (ct_record_count_moves(&recs[i]) != ct_record_count_moves(&back[i]))
            abort();
    free(text);
    ct_pgn_free_games(recs, n);
    ct_pgn_free_games(back, nb);
    return 0;
}
