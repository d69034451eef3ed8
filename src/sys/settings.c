/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — reads the settings file: one `name = value` a line, '#' comments; every
 * unknown name or bad value becomes a "FILE:LINE: message" and is otherwise ignored. */
#include "sys/settings.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sys/sanitize.h"
#include "sys/savefile.h"
#include "sys/xmalloc.h"
#include "cotuong/rules.h"

/* The largest settings file read (a config is a few hundred bytes). */
#define CONFIG_MAX_BYTES ((size_t)1 << 20)

static bool one_of(const char *value, const char *const *words, char *dst, size_t size);

void config_defaults(app_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->notation = CT_NOTATION_DEFAULT;
    snprintf(cfg->rules, sizeof cfg->rules, "%s", ct_rules_name(CT_RULES_DEFAULT));
    cfg->ai_level = 5;
    strcpy(cfg->glyphs, "han");
    strcpy(cfg->theme, "auto");
    strcpy(cfg->language, "auto");
    strcpy(cfg->time_control, "-");
    cfg->autoplay_ms = 1000;
    cfg->analysis_ms = 1000;
    cfg->threads = 1;
    cfg->clipboard = true;
    cfg->coords = false;
    cfg->bell = false;
    cfg->mouse = true;
}

/* yes/no values: true, false, or -1 for neither. */
static int yes_no(const char *value)
{
    static const char *const yes[] = {"yes", "true", "on", "1", NULL};
    static const char *const no[] = {"no", "false", "off", "0", NULL};
    char scratch[8];
    if (one_of(value, yes, scratch, sizeof scratch))
        return 1;
    if (one_of(value, no, scratch, sizeof scratch))
        return 0;
    return -1;
}

static void problem(app_config *cfg, const char *file, int line, const char *fmt, ...)
{
    if (cfg->nproblems < CONFIG_MAX_MESSAGES) {
        char msg[200];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        char *f = sanitize_dup(file, 0);
        if (line > 0)
            snprintf(cfg->messages[cfg->nproblems], sizeof cfg->messages[0], "%.160s:%d: %s", f,
                     line, msg);
        else
            snprintf(cfg->messages[cfg->nproblems], sizeof cfg->messages[0], "%.160s: %s", f,
                     msg);
        free(f);
    }
    cfg->nproblems++;
}

/* Copies a value into a fixed field when it is one of the allowed words. */
static bool one_of(const char *value, const char *const *words, char *dst, size_t size)
{
    for (int i = 0; words[i]; i++) {
        if (!strcasecmp(value, words[i])) {
            snprintf(dst, size, "%s", words[i]);
            return true;
        }
    }
    return false;
}

static bool parse_int(const char *value, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(value, &end, 10);
    if (end == value || *end || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

/* "-" or "N" or "N+M" with N >= 1 seconds. */
static bool valid_time_control(const char *v)
{
    if (!strcmp(v, "-"))
        return true;
    char *end;
    long base = strtol(v, &end, 10);
    if (end == v || base < 1 || base > 360000)
        return false;
    if (*end == '+') {
        const char *inc = end + 1;
        long n = strtol(inc, &end, 10);
        if (end == inc || n < 0 || n > 3600)
            return false;
    }
    return *end == '\0';
}

static void set_key(app_config *cfg, const char *file, int line, const char *action,
                    const char *value)
{
    if (!action[0] || strlen(action) >= sizeof cfg->keys[0].action) {
        problem(cfg, file, line, "a key binding needs an action: key.ACTION = KEY");
        return;
    }
    const config_keyrules *rules = cfg->keyrules;
    if (rules && rules->action_known && !rules->action_known(action)) {
        char *a = sanitize_dup(action, 0);
        problem(cfg, file, line, "unknown action '%.40s' in key.%.40s", a, a);
        free(a);
        return;
    }
    if (!value[0] || strlen(value) >= sizeof cfg->keys[0].key ||
        (rules && rules->key_known && !rules->key_known(value))) {
        char *v = sanitize_dup(value, 0);
        problem(cfg, file, line, "bad key '%.40s' (a character, C-x, Up, Enter, F1, ...)", v);
        free(v);
        return;
    }
    for (int i = 0; i < cfg->nkeys; i++) {
        if (!strcasecmp(cfg->keys[i].action, action)) {
            snprintf(cfg->keys[i].key, sizeof cfg->keys[i].key, "%s", value); /* a later line wins */
            return;
        }
    }
    if (cfg->nkeys == CONFIG_MAX_KEYS) {
        problem(cfg, file, line, "too many key bindings (the limit is %d)", CONFIG_MAX_KEYS);
        return;
    }
    snprintf(cfg->keys[cfg->nkeys].action, sizeof cfg->keys[0].action, "%s", action);
    snprintf(cfg->keys[cfg->nkeys++].key, sizeof cfg->keys[0].key, "%s", value);
}

static void apply(app_config *cfg, const char *file, int line, const char *name,
                  const char *value)
{
    static const char *const glyphs[] = {"han", "vi", "wxf", "ascii", NULL};
    static const char *const themes[] = {"auto", "dark", "light", "mono", "colour", "color", NULL};
    static const char *const languages[] = {"auto", "vi", "en", NULL};
    static const char *const yes[] = {"yes", "true", "on", "1", NULL};
    static const char *const no[] = {"no", "false", "off", "0", NULL};
    char *v = sanitize_dup(value, 0); /* for messages */
    char scratch[16];
    bool ok = true;
    if (!strcmp(name, "notation")) {
        bool known = false;
        ct_notation n = ct_notation_from_name(value, &known);
        if (known && n != CT_NOTATION_AUTO)
            cfg->notation = n, cfg->notation_given = true;
        else
            problem(cfg, file, line,
                    "bad value '%.40s' for notation (vi, vi-long, wxf, zh, zh-hant, iccs, coord)",
                    v);
    } else if (!strcmp(name, "rules")) {
        ct_rules rules;
        if (ct_rules_from_name(value, &rules) == CT_OK)
            snprintf(cfg->rules, sizeof cfg->rules, "%s", ct_rules_name(rules)),
                cfg->rules_given = true;
        else
            problem(cfg, file, line, "bad value '%.40s' for rules (online, asian, vn2004, casual)",
                    v);
    } else if (!strcmp(name, "ai_level")) {
        if (!parse_int(value, 1, 10, &cfg->ai_level))
            problem(cfg, file, line, "bad value '%.40s' for ai_level (a number from 1 to 10)", v);
    } else if (!strcmp(name, "threads")) {
        if (!parse_int(value, 1, 64, &cfg->threads))
            problem(cfg, file, line, "bad value '%.40s' for threads (a number from 1 to 64)", v);
    } else if (!strcmp(name, "glyphs")) {
        ok = one_of(value, glyphs, cfg->glyphs, sizeof cfg->glyphs);
        cfg->glyphs_given |= ok;
        if (!ok)
            problem(cfg, file, line, "bad value '%.40s' for glyphs (han, vi, wxf, ascii)", v);
    } else if (!strcmp(name, "theme")) {
        ok = one_of(value, themes, cfg->theme, sizeof cfg->theme);
        if (!ok)
            problem(cfg, file, line, "bad value '%.40s' for theme (auto, dark, light, mono)",
                    v);
    } else if (!strcmp(name, "language")) {
        ok = one_of(value, languages, cfg->language, sizeof cfg->language);
        cfg->language_given |= ok;
        if (!ok)
            problem(cfg, file, line, "bad value '%.40s' for language (auto, vi, en)", v);
    } else if (!strcmp(name, "time_control")) {
        if (valid_time_control(value) && strlen(value) < sizeof cfg->time_control)
            snprintf(cfg->time_control, sizeof cfg->time_control, "%s", value);
        else
            problem(cfg, file, line,
                    "bad value '%.40s' for time_control (- or SECONDS or SECONDS+INCREMENT)", v);
    } else if (!strcmp(name, "review_speed")) {
        if (!parse_int(value, 100, 60000, &cfg->autoplay_ms))
            problem(cfg, file, line,
                    "bad value '%.40s' for review_speed (milliseconds, 100 to 60000)", v);
    } else if (!strcmp(name, "analysis_time")) {
        if (!parse_int(value, 100, 600000, &cfg->analysis_ms))
            problem(cfg, file, line,
                    "bad value '%.40s' for analysis_time (milliseconds, 100 to 600000)", v);
    } else if (!strcmp(name, "clipboard")) {
        if (one_of(value, yes, scratch, sizeof scratch))
            cfg->clipboard = true;
        else if (one_of(value, no, scratch, sizeof scratch))
            cfg->clipboard = false;
        else
            problem(cfg, file, line, "bad value '%.40s' for clipboard (yes or no)", v);
    } else if (!strcmp(name, "coords") || !strcmp(name, "bell") || !strcmp(name, "mouse")) {
        int yn = yes_no(value);
        if (yn < 0)
            problem(cfg, file, line, "bad value '%.40s' for %s (yes or no)", v, name);
        else if (name[0] == 'c')
            cfg->coords = yn, cfg->coords_given = true;
        else if (name[0] == 'm')
            cfg->mouse = yn;
        else
            cfg->bell = yn;
    } else if (!strncmp(name, "key.", 4)) {
        set_key(cfg, file, line, name + 4, value);
    } else {
        char *n = sanitize_dup(name, 0);
        problem(cfg, file, line, "unknown setting '%.40s'", n);
        free(n);
    }
    free(v);
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

int config_parse(app_config *cfg, const char *file, const char *text, size_t len)
{
    int before = cfg->nproblems;
    long bin = savefile_binary_offset(text, len);
    if (bin >= 0) {
        int line = 1;
        for (long i = 0; i < bin; i++)
            line += text[i] == '\n';
        problem(cfg, file, line, "binary data (byte 0x%02X at offset %ld): not a settings file",
                (unsigned char)text[bin], bin);
        return cfg->nproblems - before;
    }
    size_t i = 0;
    for (int line = 1; i < len; line++) {
        size_t end = i;
        while (end < len && text[end] != '\n')
            end++;
        char buf[512];
        size_t n = end - i;
        if (n >= sizeof buf) {
            problem(cfg, file, line, "line too long (more than %zu bytes)", sizeof buf - 1);
        } else {
            memcpy(buf, text + i, n);
            buf[n] = '\0';
            char *hash = strchr(buf, '#');
            if (hash)
                *hash = '\0';
            char *s = trim(buf);
            if (*s) {
                char *eq = strchr(s, '=');
                if (!eq) {
                    char *t = sanitize_dup(s, 0);
                    problem(cfg, file, line, "'%.40s' is not of the form name = value", t);
                    free(t);
                } else {
                    *eq = '\0';
                    char *name = trim(s), *value = trim(eq + 1);
                    if (!*name)
                        problem(cfg, file, line, "a setting name is missing before '='");
                    else if (!*value) {
                        /* the name is the file's text too (found by fuzz_settings) */
                        char *t = sanitize_dup(name, 0);
                        problem(cfg, file, line, "no value for '%.40s'", t);
                        free(t);
                    } else
                        apply(cfg, file, line, name, value);
                }
            }
        }
        i = end + 1;
    }
    return cfg->nproblems - before;
}

int config_load(app_config *cfg, const char *path)
{
    char def[4096], err[512];
    if (!path) {
        if (savefile_config_path(def, sizeof def) != 0)
            return 0;
        path = def;
    }
    FILE *probe = fopen(path, "r");
    if (!probe)
        return 0; /* no settings file: the defaults */
    fclose(probe);
    char *data;
    size_t len;
    if (savefile_read(path, CONFIG_MAX_BYTES, &data, &len, err, sizeof err) != 0) {
        int before = cfg->nproblems;
        /* err already starts with the path */
        if (cfg->nproblems < CONFIG_MAX_MESSAGES) {
            char *e = sanitize_dup(err, 0);
            snprintf(cfg->messages[cfg->nproblems], sizeof cfg->messages[0], "%s", e);
            free(e);
        }
        cfg->nproblems++;
        return cfg->nproblems - before;
    }
    int n = config_parse(cfg, path, data, len);
    free(data);
    return n;
}

/* ---------------------------------------------------------------- writing */

/* The name of a `name = value` line text[0..n) (comment and blanks removed) into buf; false
 * when the line sets nothing. commented: the line is "# name = value" instead. */
static bool line_name(const char *text, size_t n, bool commented, char *buf, size_t size)
{
    size_t i = 0;
    while (i < n && (text[i] == ' ' || text[i] == '\t'))
        i++;
    if (commented) {
        if (i >= n || text[i] != '#')
            return false;
        i++;
        while (i < n && (text[i] == ' ' || text[i] == '\t'))
            i++;
    }
    size_t start = i;
    while (i < n && text[i] != '=' && text[i] != '#' && text[i] != ' ' && text[i] != '\t')
        i++;
    size_t len = i - start;
    while (i < n && (text[i] == ' ' || text[i] == '\t'))
        i++;
    if (!len || len >= size || i >= n || text[i] != '=')
        return false;
    memcpy(buf, text + start, len);
    buf[len] = '\0';
    return true;
}

char *sys_settings_edit(const char *text, size_t len, const char *name, const char *value,
                        size_t *out_len)
{
    /* 1. Find the line that sets name (the last one: it wins when the file is read), else
     *    the last commented-out example of it ("#name = ..."), after which the new line goes. */
    size_t set_at = SIZE_MAX, set_end = 0, example_end = SIZE_MAX;
    for (size_t i = 0; i < len;) {
        size_t end = i;
        while (end < len && text[end] != '\n')
            end++;
        char nm[64];
        if (line_name(text + i, end - i, false, nm, sizeof nm) && !strcmp(nm, name))
            set_at = i, set_end = end;
        else if (line_name(text + i, end - i, true, nm, sizeof nm) && !strcmp(nm, name))
            example_end = end;
        i = end + 1;
    }
    /* 2. The new line keeps the old one's indentation and trailing comment. */
    char line[600];
    size_t indent = 0;
    const char *comment = "";
    size_t comment_len = 0;
    if (set_at != SIZE_MAX) {
        while (set_at + indent < set_end && (text[set_at + indent] == ' ' || text[set_at + indent] == '\t'))
            indent++;
        const char *hash = memchr(text + set_at, '#', set_end - set_at);
        if (hash) {
            const char *c0 = hash;
            while (c0 > text + set_at && (c0[-1] == ' ' || c0[-1] == '\t'))
                c0--;
            comment = c0;
            comment_len = (size_t)(text + set_end - c0);
        }
    }
    int ll = snprintf(line, sizeof line, "%.*s%s = %s%.*s", (int)indent,
                      set_at != SIZE_MAX ? text + set_at : "", name, value, (int)comment_len, comment);
    if (ll < 0 || (size_t)ll >= sizeof line)
        return NULL;
    /* 3. Splice: replace the line, or insert after the example, or append. */
    size_t cut_from, cut_to;
    bool newline_before = false, newline_after = false;
    if (set_at != SIZE_MAX) {
        cut_from = set_at, cut_to = set_end;
    } else if (example_end != SIZE_MAX) {
        cut_from = cut_to = example_end;
        newline_before = true;
    } else {
        cut_from = cut_to = len;
        newline_before = len > 0 && text[len - 1] != '\n';
        newline_after = true;
    }
    size_t n = cut_from + (newline_before ? 1 : 0) + (size_t)ll + (newline_after ? 1 : 0) +
               (len - cut_to);
    char *out = xmalloc(n + 1);
    size_t o = 0;
    memcpy(out, text, cut_from), o = cut_from;
    if (newline_before)
        out[o++] = '\n';
    memcpy(out + o, line, (size_t)ll), o += (size_t)ll;
    if (newline_after)
        out[o++] = '\n';
    memcpy(out + o, text + cut_to, len - cut_to), o += len - cut_to;
    out[o] = '\0';
    *out_len = o;
    return out;
}

int sys_settings_set(const char *path, const char *name, const char *value, char *err,
                     size_t errsize)
{
    char def[4096];
    if (!path) {
        if (savefile_config_path(def, sizeof def) != 0) {
            snprintf(err, errsize, "no settings folder (neither XDG_CONFIG_HOME nor HOME is set)");
            return -1;
        }
        path = def;
    }
    /* A value must stay one line that reads back as itself. */
    if (strpbrk(value, "\n\r#") || strpbrk(name, " \t=#\n\r") || !*name) {
        snprintf(err, errsize, "%s: bad setting", path);
        return -1;
    }
    char *data = NULL;
    size_t len = 0;
    FILE *probe = fopen(path, "r");
    if (probe) {
        fclose(probe);
        if (savefile_read(path, CONFIG_MAX_BYTES, &data, &len, err, errsize) != 0)
            return -1; /* unreadable: never replace what cannot be read */
        if (savefile_binary_offset(data, len) >= 0) {
            snprintf(err, errsize, "%s: not a settings file (binary data); left alone", path);
            free(data);
            return -1;
        }
    }
    size_t n;
    char *out = sys_settings_edit(data ? data : "", len, name, value, &n);
    free(data);
    if (!out) {
        snprintf(err, errsize, "%s: the setting is too long", path);
        return -1;
    }
    int rc = savefile_write_atomic(path, out, n, err, errsize);
    free(out);
    return rc;
}
