/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the SPRT arithmetic of `cotuong match` (see sprt.h). Per game the score is 1,
 * 1/2 or 0; H0 and H1 put its mean at the logistic scores of elo0 and elo1; with the
 * variance measured from the games, the log-likelihood ratio of the two normal models is
 * n (s1 - s0) (2 m - s0 - s1) / (2 var). */
#include <math.h>
#include <stdlib.h>

#include "cli/sprt.h"

static double score_of(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

bool sprt_parse(const char *text, sprt_test *t)
{
    double v[4] = {0, 0, 0.05, 0.05};
    const char *p = text;
    int n = 0;
    while (n < 4) {
        char *end;
        v[n] = strtod(p, &end);
        if (end == p)
            return false;
        n++;
        if (*end == 0)
            break;
        if (*end != ',')
            return false;
        p = end + 1;
    }
    if ((n != 2 && n != 4) || !(v[1] > v[0]) || !(v[2] > 0 && v[2] < 0.5) || !(v[3] > 0 && v[3] < 0.5))
        return false;
    t->elo0 = v[0];
    t->elo1 = v[1];
    t->alpha = v[2];
    t->beta = v[3];
    return true;
}

double sprt_llr(const sprt_test *t, int w, int d, int l)
{
    int n = w + d + l;
    if (n < 2)
        return 0.0;
    double m = (w + 0.5 * d) / n;
    double var = (w * (1 - m) * (1 - m) + d * (0.5 - m) * (0.5 - m) + l * m * m) / n;
    if (var <= 0 && d == n)
        return 0.0; /* draws only: nothing says which way */
    if (var <= 0) {
        /* Wins only (or losses only), common between unequal players (cờ úp levels): the
         * spread is measured as if one draw had been played too, so that a run of wins
         * decides instead of reading as no evidence at all. */
        double mp = (w + 0.5) / (n + 1.0);
        var = (w * (1 - mp) * (1 - mp) + (0.5 - mp) * (0.5 - mp) + l * mp * mp) / (n + 1.0);
    }
    double s0 = score_of(t->elo0), s1 = score_of(t->elo1);
    return n * (s1 - s0) * (2 * m - s0 - s1) / (2 * var);
}

double sprt_lower(const sprt_test *t)
{
    return log(t->beta / (1 - t->alpha));
}

double sprt_upper(const sprt_test *t)
{
    return log((1 - t->beta) / t->alpha);
}
