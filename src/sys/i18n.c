/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — gettext set-up. Message catalogues are looked for in $COTUONG_LOCALEDIR, then
 * the installed LOCALEDIR, then the build tree (build/locale/LANG/LC_MESSAGES/cotuong.mo,
 * which the Makefile makes next to build/po/LANG.mo) so `make run` speaks Vietnamese. */
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uninorm.h>
#include <unistr.h>

#include "sys/datafile.h"
#include "sys/i18n.h"
#include "sys/xmalloc.h"
#include "config.h"

#ifndef LOCALEDIR
#define LOCALEDIR "/usr/local/share/locale"
#endif

static bool vietnamese, ascii_only;

/* Transliterated messages, kept for the life of the program (a few hundred at most). */
typedef struct ascii_entry {
    const char *msgid;
    struct ascii_entry *next;
    char text[];
} ascii_entry;
static ascii_entry *ascii_cache;

/* UTF-8 -> ASCII: letters lose their diacritics (NFD, combining marks dropped), đ/Đ become
 * d/D, dashes "-", anything else "?". */
static char *to_ascii(const char *s)
{
    size_t len = 0;
    uint8_t *nfd = u8_normalize(UNINORM_NFD, (const uint8_t *)s, strlen(s), NULL, &len);
    const uint8_t *src = nfd ? nfd : (const uint8_t *)s;
    if (!nfd)
        len = strlen(s);
    char *out = xmalloc(len + 1);
    size_t o = 0, i = 0;
    while (i < len) {
        ucs4_t uc;
        int n = u8_mbtouc(&uc, src + i, len - i);
        i += n > 0 ? (size_t)n : 1;
        if (uc < 0x80)
            out[o++] = (char)uc;
        else if (uc >= 0x300 && uc <= 0x36F)
            continue; /* combining mark */
        else if (uc == 0x111 || uc == 0x110)
            out[o++] = uc == 0x111 ? 'd' : 'D';
        else if (uc == 0x2013 || uc == 0x2014)
            out[o++] = '-';
        else
            out[o++] = '?';
    }
    out[o] = 0;
    free(nfd);
    return out;
}

const char *i18n_text(const char *msgid)
{
    const char *t = gettext(msgid);
    if (!ascii_only)
        return t;
    for (ascii_entry *e = ascii_cache; e; e = e->next)
        if (e->msgid == msgid)
            return e->text;
    char *a = to_ascii(t);
    if (!a)
        return t;
    size_t n = strlen(a);
    ascii_entry *e = xmalloc(sizeof *e + n + 1);
    e->msgid = msgid;
    memcpy(e->text, a, n + 1);
    free(a);
    e->next = ascii_cache;
    ascii_cache = e;
    return e->text;
}

static bool has_catalogue(const char *dir, const char *lang)
{
    char path[PATH_MAX];
    int n = snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/cotuong.mo", dir, lang);
    return n > 0 && n < (int)sizeof path && access(path, R_OK) == 0;
}

/* The build tree's locale directory, beside the program (.../build/cotuong ->
 * .../build/locale). */
static bool build_tree_dir(char *out, size_t size)
{
    char exe[PATH_MAX];
    if (!sys_exe_dir(exe, sizeof exe))
        return false;
    int len = snprintf(out, size, "%s/locale", exe);
    return len > 0 && (size_t)len < size;
}

/* The language the user asked for, as a catalogue name ("vi"), or NULL for English. */
static const char *wanted_language(const char *lang)
{
    if (lang)
        return strncmp(lang, "vi", 2) == 0 ? "vi" : NULL;
    const char *vars[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return strncmp(v, "vi", 2) == 0 ? "vi" : NULL;
    }
    return NULL;
}

/* True when the environment asks for UTF-8 (LC_ALL, LC_CTYPE or LANG names it). */
static bool env_wants_utf8(void)
{
    const char *vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return strstr(v, "UTF-8") || strstr(v, "utf8") || strstr(v, "UTF8") || strstr(v, "utf-8");
    }
    return false;
}

void i18n_init(const char *lang)
{
    /* 1. LANG=vi_VN.UTF-8 on a machine without that locale leaves the C locale: keep the
     *    UTF-8 the user asked for with C.UTF-8 (glibc always has it). */
    const char *ctype = setlocale(LC_CTYPE, NULL);
    if (ctype && (!strcmp(ctype, "C") || !strcmp(ctype, "POSIX")) && env_wants_utf8()) {
        if (!setlocale(LC_CTYPE, "C.UTF-8"))
            setlocale(LC_CTYPE, "C.utf8");
    }
    const char *want = wanted_language(lang);
    if (lang) {
        /* --lang overrides the environment; LANGUAGE is read by gettext. */
        setenv("LANGUAGE", want ? want : "en", 1);
    }
    const char *dir = LOCALEDIR;
    char buf[PATH_MAX];
    const char *env = getenv("COTUONG_LOCALEDIR");
    if (env && *env)
        dir = env;
    else if (want && !has_catalogue(dir, want) && build_tree_dir(buf, sizeof buf) &&
             has_catalogue(buf, want))
        dir = buf;
    bindtextdomain("cotuong", dir);
    /* 2. Messages are UTF-8; on a terminal without UTF-8 i18n_text() drops diacritics. */
    const char *cs = nl_langinfo(CODESET);
    bool utf8 = cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
    bind_textdomain_codeset("cotuong", "UTF-8");
    ascii_only = !utf8;
    textdomain("cotuong");
    /* gettext ignores LANGUAGE in the C locale: use C.UTF-8 messages there so --lang vi and
     * LANGUAGE=vi work on machines without a vi_VN locale. */
    const char *msgs = setlocale(LC_MESSAGES, NULL);
    if (want && msgs && (!strcmp(msgs, "C") || !strcmp(msgs, "POSIX"))) {
        if (!setlocale(LC_MESSAGES, "C.UTF-8"))
            setlocale(LC_MESSAGES, "C.utf8");
        if (!getenv("LANGUAGE") || !*getenv("LANGUAGE"))
            setenv("LANGUAGE", want, 1);
    }
    /* A translation is in use when a known message comes back translated. */
    vietnamese = want && strcmp(gettext("Red to move"), "Red to move") != 0;
    /* 3. A language there is no catalogue for is said, not silently replaced by English. */
    if (lang && strncmp(lang, "vi", 2) != 0 && strncmp(lang, "en", 2) != 0 &&
        strcmp(lang, "auto") != 0 && strcmp(lang, "C") != 0)
        fprintf(stderr, i18n_text("cotuong: no language '%s' (the languages are: en, vi); "
                                  "using English\n"), lang);
    (void)ascii_cache;
}

bool i18n_is_vietnamese(void)
{
    return vietnamese;
}
