/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — libFuzzer target: the `uci`/`ucci` command reader (position with FEN and
 * moves, go limits, setoption in both dialects, unknown commands echoed) on any lines,
 * without starting searches. Its answers go to /dev/null. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool quiet;
    if (!quiet) {
        quiet = freopen("/dev/null", "w", stdout) != NULL;
    }
    if (!cmd_uci_session_begin(NULL, true))
        return 0;
    char *text = malloc(size + 1);
    if (text) {
        memcpy(text, data, size);
        text[size] = '\0';
        for (char *line = text, *next; line; line = next) {
            next = strchr(line, '\n');
            if (next)
                *next++ = '\0';
            if (!cmd_uci_session_line(line))
                break;
        }
        free(text);
    }
    cmd_uci_session_end();
    return 0;
}
