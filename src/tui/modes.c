/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the table of modes, indexed by ctl_mode_id. Each mode file exports one
 * ctl_mode; only this file names them. */
#include "tui/modes.h"

extern const ctl_mode ctl_mode_menu, ctl_mode_play, ctl_mode_review, ctl_mode_help,
    ctl_mode_prompt, ctl_mode_open, ctl_mode_lobby, ctl_mode_edit,
    ctl_mode_train, ctl_mode_messages, ctl_mode_settings;

const ctl_mode *const tui_modes[CTL_MODE_COUNT] = {
    [CTL_MODE_MENU] = &ctl_mode_menu,
    [CTL_MODE_PLAY] = &ctl_mode_play,
    [CTL_MODE_REVIEW] = &ctl_mode_review,
    [CTL_MODE_HELP] = &ctl_mode_help,
    [CTL_MODE_PROMPT] = &ctl_mode_prompt,
    [CTL_MODE_OPEN] = &ctl_mode_open,
    [CTL_MODE_LOBBY] = &ctl_mode_lobby,
    [CTL_MODE_EDIT] = &ctl_mode_edit,
    [CTL_MODE_TRAIN] = &ctl_mode_train,
    [CTL_MODE_MESSAGES] = &ctl_mode_messages,
    [CTL_MODE_SETTINGS] = &ctl_mode_settings,
};
