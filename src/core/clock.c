/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — chess clocks: parsing time controls, charging each move, loss on time and
 * undo. Pure arithmetic on the monotonic milliseconds the caller passes in. */
#include <stdio.h>
#include <string.h>

#include "cotuong/clock.h"

/* ------------------------------------------------------------------ time controls */

/* Reads a non-negative decimal number with an optional fraction, scaled by `unit` ms.
 * Advances *s; false when there is no digit or the value is absurd. */
static bool read_amount(const char **s, int64_t unit, int64_t *out)
{
    const char *p = *s;
    int64_t whole = 0;
    int digits = 0;
    while (*p >= '0' && *p <= '9') {
        whole = whole * 10 + (*p++ - '0');
        if (++digits > 6)
            return false;
    }
    int64_t frac = 0, scale = 1;
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9') {
            if (scale < 1000) {
                frac = frac * 10 + (*p - '0');
                scale *= 10;
            }
            p++;
            digits++;
        }
    }
    if (digits == 0)
        return false;
    *out = whole * unit + frac * unit / scale;
    *s = p;
    return true;
}

ct_status ct_tc_parse(const char *text, ct_time_control *tc)
{
    if (!text)
        return CT_ERR_SYNTAX;
    ct_time_control t = {0, 0, 0};
    if (strcmp(text, "none") == 0 || strcmp(text, "-") == 0 || strcmp(text, "0") == 0) {
        *tc = t;
        return CT_OK;
    }
    const char *p = text;
    if (*p != '/') {
        if (!read_amount(&p, 60000, &t.base_ms) || t.base_ms <= 0)
            return CT_ERR_SYNTAX;
        if (*p == '+') {
            p++;
            if (!read_amount(&p, 1000, &t.increment_ms))
                return CT_ERR_SYNTAX;
        }
    }
    if (*p == '/') {
        p++;
        if (!read_amount(&p, 1000, &t.per_move_ms) || t.per_move_ms <= 0)
            return CT_ERR_SYNTAX;
    }
    if (*p != '\0')
        return CT_ERR_SYNTAX;
    *tc = t;
    return CT_OK;
}

/* Formats ms in `unit` ms as an integer or with up to three decimals, no trailing zeros. */
static void amount(char *buf, size_t size, int64_t ms, int64_t unit)
{
    long long whole = (long long)(ms / unit);
    int64_t rest = ms % unit;
    if (rest == 0) {
        snprintf(buf, size, "%lld", whole);
        return;
    }
    long long frac = (long long)(rest * 1000 / unit);
    int width = 3;
    while (frac % 10 == 0) {
        frac /= 10;
        width--;
    }
    snprintf(buf, size, "%lld.%0*lld", whole, width, frac);
}

int ct_tc_format(const ct_time_control *tc, char *buf, size_t size)
{
    if (!ct_tc_timed(tc))
        return snprintf(buf, size, "none");
    char a[32] = "", b[32] = "", c[32] = "";
    if (tc->base_ms > 0) {
        amount(a, sizeof a, tc->base_ms, 60000);
        if (tc->increment_ms > 0) {
            b[0] = '+';
            amount(b + 1, sizeof b - 1, tc->increment_ms, 1000);
        }
    }
    if (tc->per_move_ms > 0) {
        c[0] = '/';
        amount(c + 1, sizeof c - 1, tc->per_move_ms, 1000);
    }
    return snprintf(buf, size, "%s%s%s", a, b, c);
}

/* ------------------------------------------------------------------ the clock */
void ct_clock_init(ct_clock *c, const ct_time_control *tc, int side)
{
    memset(c, 0, sizeof *c);
    c->tc = *tc;
    c->remaining[0] = c->remaining[1] = tc->base_ms;
    c->side = side;
    c->flagged = -1;
}

/* Time used by the side to move in the current turn at now_ms. */
static int64_t used(const ct_clock *c, int64_t now_ms)
{
    int64_t u = c->turn_used;
    if (c->running && now_ms > c->turn_start)
        u += now_ms - c->turn_start;
    return u;
}

void ct_clock_start(ct_clock *c, int64_t now_ms)
{
    if (c->running || c->flagged >= 0)
        return;
    c->running = 1;
    c->turn_start = now_ms;
}

void ct_clock_pause(ct_clock *c, int64_t now_ms)
{
    if (!c->running)
        return;
    c->turn_used = used(c, now_ms);
    c->running = 0;
}

/* Out of time with `u` ms used in this turn? */
static bool out_of_time(const ct_clock *c, int64_t u)
{
    if (c->tc.base_ms > 0 && c->remaining[c->side] - u <= 0)
        return true;
    if (c->tc.per_move_ms > 0 && u > c->tc.per_move_ms)
        return true;
    return false;
}

ct_status ct_clock_press(ct_clock *c, int64_t now_ms)
{
    if (c->flagged >= 0)
        return CT_ERR_INVALID;
    int64_t u = used(c, now_ms);
    if (ct_tc_timed(&c->tc) && out_of_time(c, u)) {
        ct_clock_pause(c, now_ms);
        c->flagged = c->side;
        return CT_ERR_INVALID;
    }
    if (c->presses < CT_CLOCK_HISTORY) {
        c->hist[c->presses][0] = c->remaining[0];
        c->hist[c->presses][1] = c->remaining[1];
        c->presses++;
    }
    if (c->tc.base_ms > 0)
        c->remaining[c->side] += c->tc.increment_ms - u;
    c->side ^= 1;
    c->turn_used = 0;
    c->turn_start = now_ms;
    return CT_OK;
}

ct_status ct_clock_undo(ct_clock *c, int64_t now_ms)
{
    if (c->presses == 0)
        return CT_ERR_INVALID;
    c->presses--;
    c->remaining[0] = c->hist[c->presses][0];
    c->remaining[1] = c->hist[c->presses][1];
    c->side ^= 1;
    c->turn_used = 0;
    c->turn_start = now_ms;
    c->flagged = -1;
    return CT_OK;
}

int64_t ct_clock_remaining(const ct_clock *c, int side, int64_t now_ms)
{
    if (side != c->side)
        return c->remaining[side];
    return c->remaining[side] - (c->tc.base_ms > 0 ? used(c, now_ms) : 0);
}

int64_t ct_clock_move_remaining(const ct_clock *c, int64_t now_ms)
{
    if (c->tc.per_move_ms <= 0)
        return 0;
    return c->tc.per_move_ms - used(c, now_ms);
}

int ct_clock_check_flag(ct_clock *c, int64_t now_ms)
{
    if (c->flagged >= 0)
        return c->flagged;
    if (!ct_tc_timed(&c->tc) || !out_of_time(c, used(c, now_ms)))
        return -1;
    ct_clock_pause(c, now_ms);
    c->flagged = c->side;
    return c->flagged;
}

int64_t ct_clock_ms_to_flag(const ct_clock *c, int64_t now_ms)
{
    if (!ct_tc_timed(&c->tc) || !c->running || c->flagged >= 0)
        return -1;
    int64_t u = used(c, now_ms);
    int64_t left = -1;
    if (c->tc.base_ms > 0)
        left = c->remaining[c->side] - u;
    if (c->tc.per_move_ms > 0) {
        int64_t m = c->tc.per_move_ms - u + 1; /* the limit is exceeded strictly after */
        if (left < 0 || m < left)
            left = m;
    }
    return left < 0 ? 0 : left;
}
