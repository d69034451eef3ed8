/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the bench position set, shared by `cotuong bench` and tests/check_search.c. */
#ifndef COTUONG_APP_BENCH_H
#define COTUONG_APP_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#include "cotuong/position.h"

/* Searches every bench position to depth with a fresh 16 MiB table on `threads` threads;
 * returns the total nodes of the main thread (with one thread: the search's signature). */
uint64_t cmd_bench_run(int depth, int threads, bool verbose, double *seconds);

#endif
