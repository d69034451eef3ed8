/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — interface language: gettext set-up (LOCALEDIR, the build tree's po/ as a
 * fallback, COTUONG_LOCALEDIR to override) and `--lang` forcing a language. */
#ifndef COTUONG_APP_I18N_H
#define COTUONG_APP_I18N_H

#include <libintl.h>
#include <stdbool.h>

#define _(s) i18n_text(s)
#define N_(s) (s)

/* Binds the text domain. lang: "vi", "en" or NULL (from the locale: LANGUAGE, LC_ALL,
 * LC_MESSAGES, LANG). Call after setlocale(LC_ALL, ""). */
void i18n_init(const char *lang);
/* The translation of msgid; on a terminal without UTF-8, transliterated to ASCII ("Đỏ đi"
 * -> "Do di"). The text lives as long as the program. */
const char *i18n_text(const char *msgid);
/* True when the interface speaks Vietnamese (the translation is found and in use). */
bool i18n_is_vietnamese(void);

#endif
