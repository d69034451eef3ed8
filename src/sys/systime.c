/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the monotonic clock: milliseconds for the game, microseconds for benches; and
 * fresh seeds. */
#include "sys/systime.h"

#include <time.h>
#include <unistd.h>

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

uint64_t sys_fresh_seed(void)
{
    struct timespec wall, mono;
    clock_gettime(CLOCK_REALTIME, &wall);
    clock_gettime(CLOCK_MONOTONIC, &mono);
    /* The wall clock's nanoseconds tell runs apart, the process id two at once, the
     * monotonic clock two calls apart (weighted unequally, so that the two clocks moving
     * on together never cancel); splitmix64's finaliser spreads every bit. */
    uint64_t wall_ns = (uint64_t)wall.tv_sec * 1000000000ULL + (uint64_t)wall.tv_nsec;
    uint64_t mono_ns = (uint64_t)mono.tv_sec * 1000000000ULL + (uint64_t)mono.tv_nsec;
    uint64_t z = wall_ns * 0x9E3779B97F4A7C15ULL + mono_ns + ((uint64_t)getpid() << 32);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return z ? z : 1;
}
