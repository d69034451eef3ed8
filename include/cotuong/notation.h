/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — move notations: one neutral description of a move, and a renderer and a
 * parser for each notation (coordinates, ICCS, Vietnamese compact and long, WXF, Chinese
 * simplified and traditional). All text is UTF-8. Rules: spec §1.2-§1.4, §3, §4. */
#ifndef COTUONG_NOTATION_H
#define COTUONG_NOTATION_H

#include <stddef.h>

#include "cotuong/movegen.h"

typedef enum {
    CT_NOTATION_COORD,   /* "coord"   h2e2 */
    CT_NOTATION_ICCS,    /* "iccs"    H2-E2 */
    CT_NOTATION_VI,      /* "vi"      P2-5, M2.3, Xt.1, Bg-4 (the default for the Vietnamese UI) */
    CT_NOTATION_VI_LONG, /* "vi-long" Pháo 2 bình 5, Xe trước tiến 1 */
    CT_NOTATION_WXF,     /* "wxf"     C2.5, H2+3, R+.3 */
    CT_NOTATION_ZH,      /* "zh"      炮二平五, 马８进７ (simplified, full-width digits for Black) */
    CT_NOTATION_ZH_HANT, /* "zh-hant" 炮二平五, 馬８進７ (traditional) */
    CT_NOTATION_AUTO,    /* "auto"    parse only: accepted when exactly one notation reads it */
} ct_notation;
#define CT_NOTATION_COUNT 8
#define CT_NOTATION_DEFAULT CT_NOTATION_VI

/* Name <-> enum ("coord" "iccs" "vi" "vi-long" "wxf" "zh" "zh-hant" "auto"; names are read
 * case-insensitively, "zh-Hant" and "vi_long" also work). On an unknown name *ok (if not NULL)
 * is set false and CT_NOTATION_DEFAULT is returned. */
ct_notation ct_notation_from_name(const char *name, bool *ok);
const char *ct_notation_name(ct_notation n);

/* Direction of a move relative to the mover (spec §1.4, §4.6). */
typedef enum {
    CT_DIR_FORWARD = 0,  /* tiến / 进 / + : towards the opponent */
    CT_DIR_BACKWARD = 1, /* thoái / 退 / - */
    CT_DIR_SIDEWAYS = 2, /* bình / 平 / . */
} ct_move_dir;

/* The neutral description of a move (spec §4.4): side, piece, from-file or marker,
 * direction, number. When `tandem` is 0 the piece is named by its file; otherwise it is
 * piece `index` (0 = the front one, nearest the opponent) of the `tandem` (2..5) pieces of
 * that type on its file, and `two_files` says (pawns only) that another file also holds two
 * or more of the mover's pawns, so the file number is written as well (spec §3.4, §4.3). */
typedef struct {
    int side;          /* CT_RED or CT_BLACK */
    int type;          /* CT_KING .. CT_PAWN */
    int file;          /* from-file in the mover's numbering, 1..9 from his right */
    int tandem;        /* 0, or 2..5 pieces of this type on the from-file (R, H, C, P only) */
    int index;         /* 0 .. tandem-1, from the front */
    bool two_files;    /* pawns: another file also has >= 2 of the mover's pawns */
    ct_move_dir dir;
    int number;        /* steps (R, C, P, K forward/backward) or destination file 1..9 */
    ct_sq from, to;    /* the squares, for coordinate notations */
} ct_move_desc;

/* Describes the legal move mv of pos. CT_ERR_ILLEGAL if mv is not legal in pos. */
ct_status ct_move_describe(const ct_pos *pos, ct_move mv, ct_move_desc *out);

/* Renders a description in notation n (not AUTO) into buf (UTF-8, NUL-terminated when size
 * > 0); returns the length of the whole text like snprintf, or -1 if n is AUTO/unknown. */
int ct_move_desc_render(const ct_move_desc *d, ct_notation n, char *buf, size_t size);

/* UTF-8 text of a legal move in pos; returns the length like snprintf. Returns -1 (and an
 * empty buf) when mv is not legal in pos or n is AUTO. 32 bytes are always enough. */
int ct_move_render(const ct_pos *pos, ct_move mv, ct_notation n, char *buf, size_t size);
#define CT_MOVE_TEXT_MAX 48 /* buffer size that holds any rendered move */
/* The same for a move the caller has already found legal in pos (not checked again: the
 * game model renders the move it has just judged). */
int ct_move_render_legal(const ct_pos *pos, ct_move mv, ct_notation n, char *buf, size_t size);

/* What was wrong with a move text; the UI translates `kind` (message is English). */
typedef enum {
    CT_PARSE_OK = 0,
    CT_PARSE_EMPTY,           /* no text */
    CT_PARSE_SYNTAX,          /* not a move in this notation (details in message) */
    CT_PARSE_UNKNOWN_PIECE,   /* the piece letter/word/character is not known */
    CT_PARSE_NO_PIECE,        /* no such piece on that file (or for that marker) */
    CT_PARSE_BAD_MARKER,      /* front/middle/rear marker that does not fit the pieces there */
    CT_PARSE_NO_MOVE,         /* the piece cannot move so (direction/number impossible) */
    CT_PARSE_ILLEGAL,         /* the move breaks a rule: see `reason` */
    CT_PARSE_WRONG_SIDE,      /* Chinese written as the other side writes it (Red: numerals
                                 一…九, Black: digits １…９ or 1…9), e.g. 马８进７ on Red's
                                 turn: see `move` */
    CT_PARSE_AMBIGUOUS,       /* several pieces can make it: see `squares` */
    CT_PARSE_CLASH,           /* auto: several notations read it as different moves */
    CT_PARSE_BAD_NOTATION,    /* unknown notation value */
} ct_parse_kind;

typedef struct {
    ct_status code;              /* CT_OK, CT_ERR_SYNTAX, CT_ERR_NOT_FOUND, CT_ERR_ILLEGAL,
                                    CT_ERR_AMBIGUOUS, CT_ERR_INVALID */
    ct_parse_kind kind;
    ct_illegal_reason reason;    /* for CT_PARSE_ILLEGAL */
    int nsquares;                /* for CT_PARSE_AMBIGUOUS: the pieces (from-squares) */
    ct_sq squares[5];
    ct_notation notation;        /* auto: the notation that produced the error/move */
    ct_move move;                /* for CT_PARSE_WRONG_SIDE: the move the text names for the
                                    side to move when that is one legal move, else
                                    CT_NO_MOVE (a lenient reader of files may take it) */
    char message[160];           /* English, e.g. "ambiguous: the cannons on b2 and b7 can both" */
} ct_parse_error;

/* Reads one move written in notation n (or CT_NOTATION_AUTO) and checks that it is legal in
 * pos. Leading/trailing blanks are ignored. On success *out is the move and err (if not NULL)
 * has kind CT_PARSE_OK; on failure *out is CT_NO_MOVE. VI and VI_LONG read both forms; ZH and
 * ZH_HANT read both scripts. A file number may stand for a marker when only one of the pieces
 * on that file can make the move (炮３平４ for 前炮平４).
 * AUTO: coordinates and ICCS are recognised by their form; any other text is tried as VI, WXF
 * and ZH and accepted only when exactly one of them reads it as one legal move and none of
 * the others reads it as a legal (or ambiguous) move; otherwise CT_PARSE_CLASH. On success
 * err->notation says which notation read it (ZH for either script). */
ct_status ct_move_parse(const ct_pos *pos, const char *text, ct_notation n, ct_move *out,
                        ct_parse_error *err);

/* English text for an error kind ("unknown piece", ...). */
const char *ct_parse_kind_name(ct_parse_kind kind);

/* True when the text was read as a move of the notation (a piece, a file or marker, a
 * direction, a number) that cannot be played as written: no such piece, a marker that does
 * not fit, a move the piece cannot make, an illegal move, the other side's notation, or
 * several pieces (or notations) that could make it. False when no notation could read the
 * text (empty, a syntax error, an unknown piece): only then is the move "unreadable". */
static inline bool ct_parse_was_read(ct_parse_kind kind)
{
    return kind >= CT_PARSE_NO_PIECE && kind <= CT_PARSE_CLASH;
}

#endif
