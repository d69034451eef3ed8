/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — the `diagram` subcommand: prints a position as a plain-text board for chats
 * and forums, with Hán glyphs in a UTF-8 locale and ASCII letters otherwise (or forced). */
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/diagram.h"
#include "cli/options.h"
#include "sys/sanitize.h"
#include "sys/savefile.h"
#include "sys/xmalloc.h"
#include "cotuong/movegen.h"

/* Glyphs per side and type (index CT_KING..CT_PAWN); traditional forms, as on real sets. */
static const char *const han[2][8] = {
    {"", "帥", "仕", "相", "傌", "俥", "炮", "兵"},
    {"", "將", "士", "象", "馬", "車", "砲", "卒"},
};
/* The letters of the ASCII board (ui/theme.c, UI_GLYPHS_ASCII: WXF letters, Black in lower
 * case), so the diagram and the game's board read the same. */
static const char ascii_letters[2][9] = {" KAEHRCP", " kaehrcp"};
static const char *const red_numbers[9] = {"九", "八", "七", "六", "五", "四", "三", "二", "一"};
static const char *const black_numbers[9] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};

/* Appends to the diagram text. */
static void put(char **p, size_t *left, const char *s)
{
    size_t n = strlen(s);
    if (n >= *left)
        n = *left ? *left - 1 : 0;
    memcpy(*p, s, n);
    *p += n;
    *left -= n;
    **p = '\0';
}

size_t diagram_board(const ct_pos *pos, bool ascii, bool plain, char *out, size_t size)
{
    char *p = out;
    size_t left = size;
    char line[256];
    if (size)
        out[0] = '\0';
    if (ascii) {
        put(&p, &left, "  a b c d e f g h i\n");
        for (int rank = CT_RANKS - 1; rank >= 0; rank--) {
            int n = snprintf(line, sizeof line, "%d", rank);
            for (int file = 0; file < CT_FILES; file++) {
                ct_sq sq = (ct_sq)CT_SQ(file, rank);
                int t = ct_pos_type_at(pos, sq);
                line[n++] = ' ';
                line[n++] = t ? ascii_letters[ct_pos_side_at(pos, sq)][t] : '.';
            }
            if (plain) /* the rank once: shorter to read aloud */
                snprintf(line + n, sizeof line - (size_t)n, "\n");
            else
                snprintf(line + n, sizeof line - (size_t)n, "  %d\n", rank);
            put(&p, &left, line);
            if (rank == 5 && !plain)
                put(&p, &left, "  ~~~~~~~~~~~~~~~~~\n");
        }
        put(&p, &left, "  a b c d e f g h i\n");
    } else {
        /* Every cell is two columns wide: a glyph, or a full-width '＋' for an empty point. */
        if (plain)
            put(&p, &left, "  ");
        for (int file = 0; file < CT_FILES; file++) {
            put(&p, &left, black_numbers[file]);
            put(&p, &left, file < CT_FILES - 1 ? " " : "\n");
        }
        for (int rank = CT_RANKS - 1; rank >= 0; rank--) {
            line[0] = '\0';
            if (plain) /* the rank, as a coordinate move names it */
                snprintf(line, sizeof line, "%d ", rank);
            for (int file = 0; file < CT_FILES; file++) {
                ct_sq sq = (ct_sq)CT_SQ(file, rank);
                int t = ct_pos_type_at(pos, sq);
                strcat(line, t ? han[ct_pos_side_at(pos, sq)][t] : "＋");
                if (file < CT_FILES - 1)
                    strcat(line, " ");
            }
            strcat(line, "\n");
            put(&p, &left, line);
            if (rank == 5 && !plain)
                put(&p, &left, "～～～ 楚 河  漢 界 ～～～\n");
        }
        if (plain)
            put(&p, &left, "  ");
        for (int file = 0; file < CT_FILES; file++) {
            put(&p, &left, red_numbers[file]);
            put(&p, &left, file < CT_FILES - 1 ? " " : "\n");
        }
    }
    return (size_t)(p - out);
}

size_t diagram_render(const ct_pos *pos, bool ascii, char *out, size_t size)
{
    size_t n = diagram_board(pos, ascii, false, out, size);
    char *p = out + (n < size ? n : size);
    size_t left = size - (size_t)(p - out);
    char line[256], fen[128];
    ct_fen_write(pos, fen, sizeof fen);
    snprintf(line, sizeof line, "%s to move%s\nFEN: %s\n",
             pos->side == CT_RED ? (ascii ? "Red" : "Red (紅)") : (ascii ? "Black" : "Black (黑)"),
             ct_in_check(pos, pos->side) ? ", in check" : "", fen);
    put(&p, &left, line);
    return (size_t)(p - out);
}

bool diagram_locale_is_utf8(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8") || !strcmp(cs, "UTF8"));
}

enum { OPT_FEN = CMD_OPT_LONG, OPT_ASCII, OPT_HAN };

static const cmd_option diagram_options[] = {
    {"fen", OPT_FEN, "FEN", "the position (default: the start position)"},
    {"ascii", OPT_ASCII, NULL, "ASCII letters (K A E H R C P: upper case Red, lower case\n"
                               "Black, '.' empty); the default without UTF-8"},
    {"han", OPT_HAN, NULL, "Han glyphs (the default when the locale is UTF-8)"},
    {"help", 'h', NULL, "display this help and exit"},
    {0},
};

static const cmd_usage diagram_usage = {
    .name = "diagram",
    .synopsis = "[--fen FEN] [--ascii | --han]",
    .about = "Print a position as a text board to paste in chats and forums.\n",
    .options = diagram_options,
};

int cmd_diagram(int argc, char **argv)
{
    bool ascii = !diagram_locale_is_utf8();
    const char *fen = NULL;
    cmd_parser p;
    cmd_parse_begin(&p, &diagram_usage, argc, argv);
    for (int k; (k = cmd_parse_next(&p)) != 0;) {
        switch (k) {
        case OPT_ASCII: ascii = true; break;
        case OPT_HAN: ascii = false; break;
        case OPT_FEN: fen = p.arg; break;
        case 'h': cmd_help(stdout, &diagram_usage); return 0;
        case CMD_OPERAND: {
            char *a = sanitize_dup(p.arg, 0);
            fprintf(stderr, "cotuong diagram: unexpected argument '%s'\n", a);
            free(a);
            return 2;
        }
        default: return 2;
        }
    }
    ct_pos *pos = xmalloc(sizeof *pos); /* large (its history): not on the stack */
    ct_pos_start(pos);
    if (fen) {
        ct_fen_error err;
        if (ct_fen_read(pos, fen, &err) != CT_OK) {
            char *f = sanitize_dup(fen, 0), *m = sanitize_dup(err.message, 0);
            fprintf(stderr, "cotuong diagram: bad FEN '%s'", f);
            if (err.field)
                fprintf(stderr, ", field %d", err.field);
            fprintf(stderr, ": %s\n", m);
            free(f);
            free(m);
            free(pos);
            return 2;
        }
    }
    char out[4096];
    diagram_render(pos, ascii, out, sizeof out);
    free(pos);
    fputs(out, stdout);
    return 0;
}
