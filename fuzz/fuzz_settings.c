/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — libFuzzer target: the config file reader. Any bytes give a config whose
 * values stay inside their documented ranges, and messages that are terminated and hold
 * no control byte (they are shown on the screen). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sys/settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static app_config cfg;
    config_defaults(&cfg);
    config_parse(&cfg, "fuzz.conf", (const char *)data, size);
    if (cfg.ai_level < 1 || cfg.ai_level > 10 || cfg.nkeys < 0 || cfg.nkeys > CONFIG_MAX_KEYS ||
        cfg.autoplay_ms < 100 || cfg.autoplay_ms > 60000 || cfg.analysis_ms < 100 ||
        cfg.analysis_ms > 600000 || (unsigned)cfg.notation > CT_NOTATION_AUTO)
        abort();
    int shown = cfg.nproblems < CONFIG_MAX_MESSAGES ? cfg.nproblems : CONFIG_MAX_MESSAGES;
    for (int i = 0; i < shown; i++) {
        if (!memchr(cfg.messages[i], '\0', sizeof cfg.messages[i]))
            abort();
        for (const char *p = cfg.messages[i]; *p; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7F)
                abort();
    }
    return 0;
}
