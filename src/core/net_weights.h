/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the correction network's weights (net.h). None trained yet: every weight is
 * zero, so the network adds nothing; `make net` (tools/nettrain.c) writes trained ones. */
enum { NET_HIDDEN = 16, NET_QA = 127, NET_QB = 64 };
static const int16_t net_w1[CT_NET_INPUTS][NET_HIDDEN] = {{0}};
static const int16_t net_b1[NET_HIDDEN] = {0};
static const int16_t net_w2[2][NET_HIDDEN] = {{0}};
static const int32_t net_b2 = 0;
