/* cotuong — gettext set-up. Message catalogues are looked for in $COTUONG_LOCALEDIR, then
 * the installed LOCALEDIR, then the build tree (build/locale/LANG/LC_MESSAGES/cotuong.mo,
 * which the Makefile makes next to build/po/LANG.mo) so `make run` speaks Vietnamese. */
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/i18n.h"
#include "config.h"

#ifndef LOCALEDIR
#define LOCALEDIR "/usr/local/share/locale"
#endif

static bool vietnamese;

static bool has_catalogue(const char *dir, const char *lang)
{
    char path[PATH_MAX];
    int n = snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/cotuong.mo", dir, lang);
    return n > 0 && n < (int)sizeof path && access(path, R_OK) == 0;
}

/* The build tree's locale directory, found from the program's own path
 * (/proc/self/exe = .../build/cotuong -> .../build/locale). */
static bool build_tree_dir(char *out, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return false;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = 0;
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

void i18n_init(const char *lang)
{
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
    bind_textdomain_codeset("cotuong", "UTF-8");
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
}

bool i18n_is_vietnamese(void)
{
    return vietnamese;
}
