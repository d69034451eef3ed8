/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the table of modes: the one place that knows every mode (menu, play, review,
 * help, prompt), given to ctl_init(). */
#ifndef COTUONG_TUI_MODES_H
#define COTUONG_TUI_MODES_H

#include "tui/controller.h"

extern const ctl_mode *const tui_modes[CTL_MODE_COUNT];

#endif
