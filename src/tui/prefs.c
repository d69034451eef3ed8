/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — writes the settings a player changes on screen to the settings file through
 * sys_settings_set (atomic, comments and unknown lines kept). */
#include <stdio.h>
#include <string.h>

#include "cotuong/rules.h"
#include "sys/i18n.h"
#include "sys/settings.h"
#include "tui/prefs.h"

void tui_prefs_save(ctl *c, const char *name)
{
    char value[32], err[600];
    if (!strcmp(name, "notation"))
        snprintf(value, sizeof value, "%s", ct_notation_name(c->set.notation));
    else if (!strcmp(name, "glyphs"))
        snprintf(value, sizeof value, "%s", c->set.ascii ? "ascii" : ui_glyphs_name(c->set.glyphs));
    else if (!strcmp(name, "coords"))
        snprintf(value, sizeof value, "%s", c->set.coords ? "yes" : "no");
    else if (!strcmp(name, "ai_level"))
        snprintf(value, sizeof value, "%d", c->defaults.level);
    else if (!strcmp(name, "rules"))
        snprintf(value, sizeof value, "%s", ct_rules_name(c->defaults.setup.rules));
    else
        return;
    if (sys_settings_set(NULL, name, value, err, sizeof err) != 0)
        ctl_status(c, UI_ERROR, _("Setting not saved: %s"), err);
}
