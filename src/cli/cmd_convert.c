/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `convert` subcommand: reads PGN, XQF or a bare move list (from files or
 * standard input, detected by content) and writes PGN in the chosen notation. A cờ úp
 * record ([Variant "Jieqi"]) is read and checked by its own reader (coup_pgn.h: every
 * reveal against the deal, when the record has it) and written back in coordinates with
 * its reveals, whatever the notation asked. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "sys/pgnreport.h"
#include "sys/readall.h"
#include "sys/sanitize.h"
#include "sys/xmalloc.h"
#include "cotuong/coup_pgn.h"
#include "cotuong/pgn.h"
#include "cotuong/xqf.h"

enum { OPT_TO = CMD_OPT_LONG, OPT_ENCODING };

static const cmd_option convert_options[] = {
    {"to", OPT_TO, "NOTATION", "iccs (default), coord, vi, vi-long, wxf, zh, zh-hant"},
    {"encoding", OPT_ENCODING, "ENCODING", "utf-8, gbk or big5: the text encoding of the input\n"
                                           "(default: UTF-8 if valid, else GBK or Big5 by content)"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage convert_usage = {
    .name = "convert",
    .synopsis = "[--to NOTATION] [--encoding ENCODING] [FILE]...",
    .about = "Read games from PGN, XQF or a bare move list in any notation (standard input\n"
             "when no FILE is given, or for '-') and write them as PGN to standard output.\n",
    .options = convert_options,
};

static const char *status_text(ct_status st)
{
    switch (st) {
    case CT_ERR_FULL: return "out of memory or too large";
    case CT_ERR_UNSUPPORTED: return "unsupported";
    default: return "error";
    }
}

/* The games of a cờ úp text, one by one: each starts where a tag line follows movetext
 * (or at the start). Returns 0 or 1. */
static int convert_coup(const char *name, const char *buf, size_t len, bool *first)
{
    int status = 0, gno = 0;
    size_t at = 0;
    while (at < len) {
        /* this game: from `at` to the first tag line after a line that is no tag */
        size_t end = at;
        bool moves_seen = false;
        while (end < len) {
            size_t eol = end;
            while (eol < len && buf[eol] != '\n')
                eol++;
            bool tag = buf[end] == '[';
            if (tag && moves_seen)
                break;
            if (!tag && eol > end && buf[end] != '\r' && buf[end] != ';')
                moves_seen = true;
            end = eol < len ? eol + 1 : len;
        }
        gno++;
        ct_record rec;
        uint8_t *rev = xcalloc(CT_MAX_HISTORY, 1);
        ct_coup_deal deal;
        bool dealt;
        ct_coup_line_error ce;
        char *n = sanitize_dup(name, 0);
        ct_status st = ct_coup_pgn_read(buf + at, end - at, 1, &rec, rev, &deal, &dealt, &ce);
        if (st != CT_OK) {
            char *m = sanitize_dup(ce.message, 0);
            fprintf(stderr, "cotuong convert: %s: cờ úp game %d: %s\n", n, gno, m);
            free(m);
            status = 1;
        } else {
            char *text = NULL;
            size_t tl = 0;
            if (ct_coup_pgn_write(&rec, rev, &text, &tl) == CT_OK) {
                if (!*first)
                    fputc('\n', stdout);
                *first = false;
                fwrite(text, 1, tl, stdout);
            } else {
                fprintf(stderr, "cotuong convert: %s: cờ úp game %d: cannot write it\n", n, gno);
                status = 1;
            }
            free(text);
            ct_record_free(&rec);
        }
        free(n);
        free(rev);
        at = end;
        /* nothing but blank lines left: done */
        size_t k = at;
        while (k < len && (buf[k] == '\n' || buf[k] == '\r' || buf[k] == ' '))
            k++;
        if (k == len)
            break;
    }
    return status;
}

/* Converts one input; returns 0 or 1. *first tells whether a game was already written. */
static int convert_one(const char *name, const char *buf, size_t len, ct_notation to,
                       ct_encoding enc, bool *first)
{
    ct_record *games = NULL;
    int ngames = 0;
    ct_record one;
    bool xqf = ct_xqf_detect(buf, len);
    if (xqf) {
        ct_xqf_error xe;
        ct_status st = ct_xqf_read(buf, len, &one, &xe);
        if (st != CT_OK) {
            fprintf(stderr, "cotuong convert: %s: XQF, byte %zu", name, xe.offset);
            if (xe.ply > 0)
                fprintf(stderr, ", move record %d", xe.ply);
            fprintf(stderr, ": %s\n", xe.message[0] ? xe.message : status_text(st));
            ct_record_free(&one);
            return 1;
        }
        games = &one;
        ngames = 1;
    } else {
        char why[128];
        if (pgnreport_binary(buf, len, why, sizeof why)) {
            char *n = sanitize_dup(name, 0);
            fprintf(stderr, "cotuong convert: %s: %s\n", n, why);
            free(n);
            return 1;
        }
        ct_pgn_error pe;
        ct_status st = ct_pgn_read(buf, len, enc, &games, &ngames, NULL, &pe);
        if (st == CT_ERR_UNSUPPORTED && !strcmp(pe.message, CT_PGN_COUP_MESSAGE))
            return convert_coup(name, buf, len, first);
        pgnreport_warnings(stderr, "cotuong convert", name, &pe);
        if (st != CT_OK) {
            pgnreport_error(stderr, "cotuong convert", name, st, &pe);
            return 1;
        }
    }
    int status = 0;
    for (int g = 0; g < ngames; g++) {
        char *text = NULL;
        size_t tl = 0;
        ct_status st = ct_pgn_write(&games[g], to, &text, &tl);
        if (st != CT_OK) {
            fprintf(stderr, "cotuong convert: %s: game %d: cannot write it in %s notation (%s)\n",
                    name, g + 1, ct_notation_name(to),
                    st == CT_ERR_ILLEGAL ? "a move cannot be rendered" : status_text(st));
            status = 1;
            continue;
        }
        if (!*first)
            fputc('\n', stdout);
        *first = false;
        fwrite(text, 1, tl, stdout);
        free(text);
    }
    if (xqf)
        ct_record_free(&one);
    else
        ct_pgn_free_games(games, ngames);
    return status;
}

int cmd_convert(int argc, char **argv)
{
    ct_notation to = CT_NOTATION_ICCS;
    ct_encoding enc = CT_ENC_AUTO;
    int nfiles = 0;
    const char **files = xcalloc((size_t)argc + 1, sizeof *files);
    cmd_parser p;
    cmd_parse_begin(&p, &convert_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        bool ok = false;
        switch (k) {
        case CMD_OPERAND: files[nfiles++] = p.arg; break;
        case 'h':
            cmd_help(stdout, &convert_usage);
            free(files);
            return 0;
        case OPT_TO:
            to = ct_notation_from_name(p.arg, &ok);
            if (!ok || to == CT_NOTATION_AUTO) {
                fprintf(stderr, "cotuong convert: --to needs one of iccs, coord, vi, vi-long, "
                                "wxf, zh, zh-hant (not '%s')\n", p.arg);
                free(files);
                return 2;
            }
            break;
        case OPT_ENCODING:
            if (ct_encoding_parse(p.arg, &enc) != CT_OK) {
                fprintf(stderr, "cotuong convert: --encoding needs utf-8, gbk or big5 (not '%s')\n",
                        p.arg);
                free(files);
                return 2;
            }
            break;
        default: free(files); return 2;
        }
    }
    if (nfiles == 0)
        files[nfiles++] = "-";
    int status = 0;
    bool first = true;
    for (int i = 0; i < nfiles; i++) {
        bool is_stdin = !strcmp(files[i], "-");
        /* a file name is text from outside too (an archive from a stranger) */
        char *shown = sanitize_dup(is_stdin ? "(standard input)" : files[i], 0);
        const char *name = shown;
        FILE *f = is_stdin ? stdin : fopen(files[i], "rb");
        if (!f) {
            fprintf(stderr, "cotuong convert: %s: %s\n", name, strerror(errno));
            free(shown);
            status = 1;
            continue;
        }
        size_t len = 0;
        errno = 0;
        char *buf = readall_stream(f, READALL_MAX_BYTES, &len);
        int e = errno;
        if (!is_stdin)
            fclose(f);
        if (!buf) {
            readall_report(stderr, "cotuong convert", name, e);
            free(shown);
            status = 1;
            continue;
        }
        if (convert_one(name, buf, len, to, enc, &first))
            status = 1;
        free(buf);
        free(shown);
    }
    free(files);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "cotuong convert: standard output: %s\n", strerror(errno));
        status = 1;
    }
    return status;
}
