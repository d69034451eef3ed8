/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — one option table per command: it builds getopt_long's arrays and writes the
 * --help text, so a new option is added in one place. */
#include "cli/options.h"

#include <string.h>

#include "sys/i18n.h"

static const char *text(const cmd_usage *u, const char *s)
{
    return u->translated ? _(s) : s;
}

/* Columns of a UTF-8 string (the help's texts have no wide characters). */
static int columns(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

enum { HELP_COLUMN = 22 };

void cmd_help_wrap(FILE *out, int col, int indent, const char *s, size_t len)
{
    const int room = CMD_HELP_WIDTH - indent;
    for (;;) {
        size_t fit = 0;
        int w = 0, depth = 0;
        for (size_t i = 0; i <= len; i++) {
            if (i < len && (s[i] == '[' || s[i] == ']'))
                depth += s[i] == '[' ? 1 : -1;
            if (i == len || (s[i] == ' ' && depth <= 0)) {
                if (w > room) {
                    if (fit == 0)
                        fit = i;
                    break;
                }
                fit = i;
            }
            if (i < len)
                w += ((unsigned char)s[i] & 0xC0) != 0x80;
        }
        if (fit == 0)
            fit = len;
        fprintf(out, "%*s%.*s\n", indent - col, "", (int)fit, s);
        col = 0;
        while (fit < len && s[fit] == ' ')
            fit++;
        s += fit;
        len -= fit;
        if (len == 0)
            return;
    }
}

void cmd_help(FILE *out, const cmd_usage *u)
{
    fprintf(out, text(u, N_("Usage: cotuong %s %s\n")), u->name, text(u, u->synopsis));
    if (u->about)
        fputs(text(u, u->about), out);
    cmd_help_options(out, u);
    if (u->after)
        fputs(text(u, u->after), out);
}

void cmd_help_options(FILE *out, const cmd_usage *u)
{
    fputs(text(u, N_("\nOptions:\n")), out);
    for (const cmd_option *o = u->options; o->name; o++) {
        if (!o->help)
            continue;
        char head[96];
        int n = o->key > 0 && o->key < 128
                    ? snprintf(head, sizeof head, "  -%c, --%s", o->key, o->name)
                    : snprintf(head, sizeof head, "  --%s", o->name);
        if (o->meta)
            snprintf(head + n, sizeof head - (size_t)n, " %s", text(u, o->meta));
        fputs(head, out);
        int col = columns(head);
        const char *h = text(u, o->help);
        if (col + 2 > HELP_COLUMN) {
            fputc('\n', out);
            col = 0;
        }
        /* each line of the help at the help column */
        while (*h) {
            const char *nl = strchr(h, '\n');
            size_t len = nl ? (size_t)(nl - h) : strlen(h);
            cmd_help_wrap(out, col, HELP_COLUMN, h, len);
            col = 0;
            h += len + (nl != NULL);
        }
    }
}

void cmd_parse_begin(cmd_parser *p, const cmd_usage *u, int argc, char **argv)
{
    memset(p, 0, sizeof *p);
    p->u = u;
    p->argc = argc;
    p->argv = argv;
    /* '-': operands come back in order (argv is not permuted); ':': a missing value is
     * told apart from an unknown option */
    size_t ns = 0, nl = 0;
    p->shorts[ns++] = '-';
    p->shorts[ns++] = ':';
    for (const cmd_option *o = u->options; o->name && nl < CMD_MAX_OPTIONS; o++) {
        p->longs[nl++] = (struct option){o->name, o->meta ? required_argument : no_argument,
                                         NULL, o->key};
        if (o->key > 0 && o->key < 128 && !strchr(p->shorts, o->key)) {
            p->shorts[ns++] = (char)o->key;
            if (o->meta)
                p->shorts[ns++] = ':';
        }
    }
    p->boundary = true;
    optind = 0; /* GNU: start afresh (another command may have parsed before) */
    opterr = 0; /* the messages below name the command */
}

static const cmd_option *find_key(const cmd_usage *u, int key)
{
    for (const cmd_option *o = u->options; o->name; o++)
        if (o->key == key)
            return o;
    return NULL;
}

static bool negative_number(const char *s)
{
    return s[0] == '-' && s[1] >= '0' && s[1] <= '9';
}

int cmd_parse_next(cmd_parser *p)
{
    p->arg = NULL;
    if (p->rest) {
        /* after "--": everything is an operand */
        if (p->rest >= p->argc)
            return 0;
        p->arg = p->argv[p->rest++];
        return CMD_OPERAND;
    }
    int at = optind > 0 ? optind : 1;
    if (p->u->numbers && p->boundary && at < p->argc && negative_number(p->argv[at])) {
        /* between two elements (no short-option cluster half read): take it ourselves */
        optind = at + 1;
        p->arg = p->argv[at];
        return CMD_OPERAND;
    }
    int longindex = -1;
    int c = getopt_long(p->argc, p->argv, p->shorts, p->longs, &longindex);
    p->boundary = optind != at;
    p->arg = optarg;
    if (c == -1) {
        if (optind < p->argc) {
            p->rest = optind;
            return cmd_parse_next(p);
        }
        return 0;
    }
    if (c == 1)
        return CMD_OPERAND;
    if (c != '?' && c != ':')
        return c;
    if (p->silent)
        return -1;
    /* The option as typed: getopt_long has moved past it. */
    const char *typed = optind > 0 && optind <= p->argc ? p->argv[optind - 1] : "?";
    char shortopt[3] = {'-', (char)optopt, 0};
    const cmd_option *o = optopt ? find_key(p->u, optopt) : NULL;
    const cmd_usage *u = p->u;
    if (c == ':' && o)
        fprintf(stderr, text(u, N_("cotuong %s: option '--%s' needs an argument (%s)\n")), u->name,
                o->name, o->meta ? text(u, o->meta) : "");
    else if (c == '?' && o && !o->meta && strncmp(typed, "--", 2) == 0)
        fprintf(stderr, text(u, N_("cotuong %s: option '--%s' takes no argument\n")), u->name,
                o->name);
    else
        fprintf(stderr, text(u, N_("cotuong %s: unknown option '%s'\n")), u->name,
                optopt && optopt < 128 && strncmp(typed, "--", 2) != 0 ? shortopt : typed);
    fprintf(stderr, text(u, N_("Try 'cotuong %s --help' for more information.\n")), u->name);
    return -1;
}

bool cmd_parse_variant(const char *v, bool *coup)
{
    if (!strcmp(v, "coup") || !strcmp(v, "jieqi") || !strcmp(v, "cờ úp")) {
        *coup = true;
        return true;
    }
    if (!strcmp(v, "standard")) {
        *coup = false;
        return true;
    }
    return false;
}
