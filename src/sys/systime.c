/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the monotonic clock: milliseconds for the game, microseconds for benches. */
#include "sys/systime.h"

#include <time.h>

int64_t sys_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t sys_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}
