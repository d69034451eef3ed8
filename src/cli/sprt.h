/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the sequential probability ratio test of `cotuong match`: the log-likelihood
 * ratio of "player 1 is elo1 stronger" against "elo0 stronger" after W/D/L games. */
#ifndef COTUONG_CLI_SPRT_H
#define COTUONG_CLI_SPRT_H

#include <stdbool.h>

typedef struct {
    double elo0, elo1;  /* the two hypotheses, logistic Elo */
    double alpha, beta; /* false positive / false negative rates */
} sprt_test;

/* Parses "ELO0,ELO1[,ALPHA,BETA]" (alpha, beta default 0.05); false on bad text. */
bool sprt_parse(const char *text, sprt_test *t);
/* Log-likelihood ratio after w wins, d draws, l losses (generalised SPRT: the score's mean
 * and variance measured from the games, normal approximation); 0 for fewer than 2 games or
 * draws only; wins only (losses only) take their spread as if one draw had been played. */
double sprt_llr(const sprt_test *t, int w, int d, int l);
/* The bounds: stop with H0 (not better than elo0) at or below lower, H1 at or above upper. */
double sprt_lower(const sprt_test *t);
double sprt_upper(const sprt_test *t);

#endif
