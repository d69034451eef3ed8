/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — the perft table of spec §7 (counts computed by fairy-stockfish 11.1 and
 * cross-checked with Sjaak II 1.4.1), shared by every test that needs well-known positions. */
#ifndef COTUONG_SPEC_POSITIONS_H
#define COTUONG_SPEC_POSITIONS_H

#include <stdint.h>

typedef struct {
    const char *id, *fen;
    uint64_t nodes[6]; /* perft(1) .. perft(5); [5] = perft(6), 0 when not given */
} spec_position;

static const spec_position spec_positions[] = {
    {"start", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     {44, 1920, 79666, 3290240, 133312995, 5392831844ULL}},
    {"T1", "r3k4/9/1c7/9/4N4/p8/9/9/9/3AK4 w - - 0 1", {3, 86, 821, 20213, 179168, 0}},
    {"T2", "1r3k3/9/1n2c4/9/4p4/9/4P4/1C2C4/9/1N2K4 w - - 0 1",
     {23, 540, 14164, 379211, 10879961, 0}},
    {"T3", "4k4/9/9/9/4p4/3RN4/9/4n4/4A4/5K3 w - - 0 1", {18, 136, 2955, 26130, 572591, 0}},
    {"T4", "3k5/5n3/4b4/9/6b2/2B6/3N5/9/5C3/4K1B2 w - - 0 1", {28, 269, 7033, 73013, 1873196, 0}},
    {"T5", "P3k4/9/9/2P3p2/4P4/p3p4/6P2/9/9/3K5 w - - 0 1", {10, 83, 841, 7218, 73006, 0}},
    {"B2", "4k4/9/9/9/4p4/2p3P2/9/9/6p2/3K4p b - - 0 1", {10, 30, 318, 1279, 13563, 0}},
    {"T6", "5k3/9/R3c4/9/9/9/4P4/2N6/9/r1C1K4 w - - 0 1", {3, 59, 1278, 26529, 658052, 0}},
    {"T7", "R3k4/1R7/9/9/9/9/p8/9/9/3K5 b - - 0 1", {0, 0, 0, 0, 0, 0}},
    {"T8", "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1", {0, 0, 0, 0, 0, 0}},
    {"T9", "3k5/2P6/9/9/9/9/9/9/9/4K4 w - - 0 1", {5, 4, 15, 28, 112, 0}},
    {"M1", "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
     {35, 1419, 51045, 2061348, 75952655, 0}},
    {"B1", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
     {45, 1564, 66333, 2379130, 98347250, 0}},
    {"M2", "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
     {49, 2265, 100326, 4485547, 193684305, 0}},
    {"M3", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", {13, 272, 3707, 92741, 1452406, 0}},
};
#define SPEC_POSITIONS ((int)(sizeof spec_positions / sizeof spec_positions[0]))

#endif
