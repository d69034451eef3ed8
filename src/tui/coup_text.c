/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — cờ úp moves in words for the screens (coup_text.h): the core describes the move
 * from a view (ct_coup_move_describe), the notation's renderer words it, the reveal is added
 * in the interface's language. */
#include "tui/coup_text.h"

#include <stdio.h>
#include <string.h>

#include "sys/i18n.h"
#include "sys/sanitize.h"
#include "cotuong/coup_pgn.h"

static const char *const piece_word[CT_PIECE_TYPES] = {
    "", N_("King"), N_("Advisor"), N_("Elephant"), N_("Horse"), N_("Rook"), N_("Cannon"), N_("Pawn")};

const char *tui_coup_piece_word(int type)
{
    return type > 0 && type < CT_PIECE_TYPES ? _(piece_word[type]) : "";
}

void tui_coup_move_text(ct_notation n, const ct_coup_pos *before, ct_move mv, int reveal, char *buf,
                        size_t size)
{
    ct_move_desc d;
    buf[0] = 0;
    if (ct_coup_move_describe(before, mv, &d) != CT_OK ||
        ct_move_desc_render(&d, sanitize_notation(n), buf, size) < 0 || !buf[0]) {
        char coord[6];
        ct_move_coord(mv, coord);
        snprintf(buf, size, "%s", coord);
    }
    if (reveal > 0 && reveal < CT_PIECE_TYPES) {
        size_t k = strlen(buf);
        snprintf(buf + k, size - k, _(", reveals %s"), tui_coup_piece_word(reveal));
    }
}
