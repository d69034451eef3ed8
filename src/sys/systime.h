/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the one monotonic clock of the layers above the core (the core's clocks take
 * the time as an argument), and the fresh seeds drawn from the clocks. */
#ifndef COTUONG_SYS_SYSTIME_H
#define COTUONG_SYS_SYSTIME_H

#include <stdint.h>

/* Milliseconds of CLOCK_MONOTONIC. */
int64_t sys_now_ms(void);
/* Microseconds of the same clock (bench figures, where milliseconds are too coarse). */
int64_t sys_now_us(void);
/* A seed for what a new game draws (a cờ úp deal, the weaker levels' choices): different
 * from one call to the next and from one run to the next, never 0; not for secrets. */
uint64_t sys_fresh_seed(void);

#endif
