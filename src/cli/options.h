/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the options of a command as one table that both drives getopt_long and writes
 * the command's --help, so the two cannot drift apart. */
#ifndef COTUONG_CLI_OPTIONS_H
#define COTUONG_CLI_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#define CMD_MAX_OPTIONS 40

/* Keys of options without a short letter start here (getopt_long's val). */
#define CMD_OPT_LONG 256
/* The key cmd_parse_next returns for an operand (a FILE, a DEPTH, a GAME). */
#define CMD_OPERAND 1

/* One option. The table ends with an entry whose name is NULL. */
typedef struct {
    const char *name; /* the long spelling, without "--" */
    int key;          /* what cmd_parse_next returns: a letter is also the short option
                       * (-h), other options use CMD_OPT_LONG + n */
    const char *meta; /* the argument's name in the help ("FILE"); NULL: takes none */
    const char *help; /* one help entry; '\n' starts a continuation line. NULL: not shown
                       * (a second spelling of an option listed under its first) */
} cmd_option;

/* A command's usage: the help is written from it and its table. Texts are English; with
 * translated they are msgids (marked N_()) shown through _(), else printed as they are. */
typedef struct {
    const char *name;     /* "perft" (the help says "cotuong perft") */
    const char *synopsis; /* what follows the name on the Usage line */
    const char *about;    /* lines after the Usage line (each ending in '\n'), or NULL */
    const char *after;    /* lines after the options, or NULL */
    const cmd_option *options;
    bool translated;
    bool numbers; /* an operand may be a negative number ("-1" is not an option) */
} cmd_usage;

/* Writes the help: "Usage: cotuong NAME SYNOPSIS", about, "Options:", one entry per
 * option (help column 22, longer spellings push it to the next line), after. */
void cmd_help(FILE *out, const cmd_usage *u);
/* Only the "Options:" part (for a help written around it). */
void cmd_help_options(FILE *out, const cmd_usage *u);

/* The width the help keeps to, so that it fits an 80-column terminal. */
enum { CMD_HELP_WIDTH = 79 };
/* Writes s[0..len) (one line, no '\n') from column indent, the cursor being at column col
 * (col <= indent), broken at spaces onto lines starting at indent so that none passes
 * CMD_HELP_WIDTH; a word longer than the room, or a bracketed "[--fen FEN]", stays whole.
 * For a translation, or a long English entry. */
void cmd_help_wrap(FILE *out, int col, int indent, const char *s, size_t len);

/* Parsing with getopt_long, argv in order (options and operands may mix; --name=value
 * works; an unambiguous prefix of a long name is accepted; "--" ends the options). */
typedef struct {
    const cmd_usage *u;
    int argc;
    char **argv;
    struct option longs[CMD_MAX_OPTIONS + 1];
    char shorts[CMD_MAX_OPTIONS * 2 + 4];
    const char *arg; /* the value of the option, or the operand, cmd_parse_next returned */
    int rest;        /* after "--": the next operand, else 0 */
    bool boundary;   /* getopt_long is between two elements of argv */
    bool silent;     /* set after cmd_parse_begin: errors return -1 without a word */
} cmd_parser;

/* argv[0] is the command's name; argv is not reordered. */
void cmd_parse_begin(cmd_parser *p, const cmd_usage *u, int argc, char **argv);
/* The key of the next option (its value in p->arg), CMD_OPERAND for an operand (in
 * p->arg), 0 at the end; -1 after printing "cotuong NAME: ..." and "Try 'cotuong NAME
 * --help'..." on stderr for an unknown option, a missing value or a value given to a flag. */
int cmd_parse_next(cmd_parser *p);

/* The value of --variant, as every command that takes it reads it (play's words):
 * "standard" -> *coup false; "coup", "jieqi" or "cờ úp" -> true; false for anything else. */
bool cmd_parse_variant(const char *text, bool *coup);

#endif
