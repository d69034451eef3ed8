/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — libFuzzer target: the parser of an external engine's output (UCI/UCCI info and
 * bestmove, xboard move and thinking lines). Every line of the input is read in each
 * protocol; a score and a depth stay in their ranges; a move it names is decoded in both
 * rank conventions and must be a real move or CT_NO_MOVE; the sanitized detail text must hold no control byte. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cotuong/movegen.h"
#include "sys/engine_proc.h"
#include "sys/sanitize.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ct_pos pos;
    ct_pos_start(&pos);
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        for (int proto = SYS_PROTO_UCI; proto <= SYS_PROTO_XBOARD; proto++) {
            int score = 0, depth = 0;
            const char *mv = NULL;
            sys_engine_line_kind k = sys_engine_parse_line((sys_engine_proto)proto, line, &score, &depth, &mv);
            if (k == SYS_ENGINE_LINE_SCORE && (score > 1000000 + CT_SCORE_MATE || score < -1000000 - CT_SCORE_MATE))
                abort();
            if (depth < -1 || depth > ENGINE_MAX_DEPTH || (k != SYS_ENGINE_LINE_SCORE && depth != -1))
                abort();
            if (k != SYS_ENGINE_LINE_MOVE)
                continue;
            if (!mv || mv < line || mv > line + strlen(line))
                abort();
            for (int ranks1 = 0; ranks1 < 2; ranks1++) {
                ct_move m = sys_engine_move_in(ranks1, mv);
                if (m != CT_NO_MOVE && (!ct_sq_on_board(CT_FROM(m)) || !ct_sq_on_board(CT_TO(m))))
                    abort();
                (void)ct_is_legal(&pos, m);
            }
            char shown[24];
            sanitize_text(shown, sizeof shown, mv, strlen(mv), SANITIZE_ASCII);
            for (const char *p = shown; *p; p++)
                if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7F)
                    abort();
        }
    }
    free(text);
    return 0;
}
