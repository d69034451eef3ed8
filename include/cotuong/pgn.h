/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — xiangqi PGN (spec §5.1): reading several games from a byte buffer in any of
 * the movetext notations (Format ICCS, WXF, Vietnamese, Chinese), in UTF-8, GBK or Big5,
 * and writing one record as UTF-8 PGN in a chosen notation. The core never opens files:
 * callers pass the bytes they read and write the text they get.
 */
#ifndef COTUONG_PGN_H
#define COTUONG_PGN_H

#include <stddef.h>

#include "cotuong/notation.h"
#include "cotuong/record.h"

/* Text encodings of input files. AUTO: UTF-8 when the bytes are valid UTF-8, otherwise
 * GBK or Big5, whichever decoding yields legal move text (then the more plausible text). */
typedef enum {
    CT_ENC_AUTO = 0,
    CT_ENC_UTF8,
    CT_ENC_GBK,
    CT_ENC_BIG5,
} ct_encoding;

/* Names "utf-8"/"utf8", "gbk"/"gb2312"/"gb18030"/"cp936", "big5"/"big-5"/"cp950"
 * (any case). ct_encoding_parse returns CT_OK or CT_ERR_NOT_FOUND. */
ct_status ct_encoding_parse(const char *name, ct_encoding *enc);
const char *ct_encoding_name(ct_encoding enc);

/* Converts text in encoding enc (not AUTO) to UTF-8 in a new NUL-terminated buffer
 * (*out, length *out_len; free with free()). CT_ERR_SYNTAX if the bytes are invalid in
 * that encoding, CT_ERR_UNSUPPORTED if iconv lacks it, CT_ERR_FULL on memory. */
ct_status ct_encoding_to_utf8(const char *in, size_t len, ct_encoding enc, char **out,
                              size_t *out_len);
/* The forgiving form: never refuses bytes. A line that is valid UTF-8 is kept as it is
 * (files that mix encodings), other lines are decoded from legacy (GBK or Big5; UTF-8 or
 * AUTO: none), and every byte invalid there becomes U+FFFD; *bad counts them.
 * CT_ERR_FULL on memory only. */
ct_status ct_encoding_to_utf8_lossy(const char *in, size_t len, ct_encoding legacy, char **out,
                                    size_t *out_len, size_t *bad);
/* True when the bytes are valid UTF-8 (no overlongs, no surrogates). */
bool ct_utf8_valid(const char *s, size_t len);

/* Recoverable damage: the reader repairs it, reads on and reports it (the caller prints
 * the warnings; the core does not). A CRLF line end and a UTF-8 byte order mark are
 * normal and read without a warning. */
typedef enum {
    CT_PGN_WARN_QUOTE_IN_TAG, /* unescaped '"' inside a tag value (read to the last '"'
                               * before ']'), or a value without quotes */
    CT_PGN_WARN_STRAY,        /* stray '}' ']' '"', control or NUL byte: skipped */
    CT_PGN_WARN_NO_RESULT,    /* neither a Result tag nor a result after the moves */
    CT_PGN_WARN_ENCODING,     /* bytes invalid in every encoding (or mixed encodings):
                               * each line decoded on its own, the rest as U+FFFD */
    CT_PGN_WARN_TRAILING,     /* text after the last game that is no game: ignored */
    CT_PGN_WARN_UNCLOSED,     /* a comment or tag left open at the end of the text */
    CT_PGN_WARN_CONTROL,      /* control characters (BEL, ESC, C1...) in a tag value or a
                               * comment: replaced by spaces or dropped, as PGN holds them */
    CT_PGN_WARN_COUNT
} ct_pgn_warning_kind;

#define CT_PGN_MAX_WARNINGS 8

/* English text of a warning kind ("unescaped quote inside a tag value"...). */
const char *ct_pgn_warning_text(int kind);

/* Where and why reading failed. game, move_number and token describe the failing move
 * when there is one (move_number is the full-move number N of "N.", black true when it
 * was Black's move); line is the 1-based line of the input (after decoding).
 * The warnings are filled on success too: the first CT_PGN_MAX_WARNINGS of them, in
 * order; nwarnings counts all of them. */
typedef struct {
    int game;          /* 1-based game number in the input, 0 when not inside a game */
    int line;
    int move_number;   /* 0 when the error is not at a move */
    bool black;
    char token[64];    /* the offending token (UTF-8, cut at 63 bytes), "" if none */
    char message[200]; /* English description, e.g. "illegal move" */
    int nwarnings;
    struct {
        int kind; /* ct_pgn_warning_kind */
        int game; /* 0 before the first game / for the whole text */
        int line;
    } warning[CT_PGN_MAX_WARNINGS];
} ct_pgn_error;

/* Reads every game of a PGN text (or of a bare move list, which is one game without tags).
 * Movetext notation: the Format tag (ICCS, WXF, Vietnamese, Chinese; UCCI/Coord for h2e2);
 * without one, Chinese is tried first, then the other notations, for the whole game.
 * Comments {..} and ; to end of line, variations ( ), N. / N... numbers, NAGs $n and the
 * marks ! ? !! ?? !? ?! are read; unknown tags are kept. On success *games is a new array
 * of *ngames records (free with ct_pgn_free_games); CT_ERR_NOT_FOUND if there is no game.
 * On failure nothing is returned and err says where: CT_ERR_SYNTAX (malformed text),
 * CT_ERR_ILLEGAL (illegal or unreadable move), CT_ERR_INVALID (bad FEN or tag),
 * CT_ERR_UNSUPPORTED (encoding), CT_ERR_FULL (memory). used_enc (may be NULL) receives the
 * encoding that was used. */
ct_status ct_pgn_read(const char *buf, size_t len, ct_encoding enc, ct_record **games,
                      int *ngames, ct_encoding *used_enc, ct_pgn_error *err);
/* A cờ úp record -- a [Variant "Jieqi"] tag, or without one a move that says what it
 * turned up ("h2h9=B") -- is no cờ tướng game: ct_pgn_read refuses it with
 * CT_ERR_UNSUPPORTED and this message (callers may test for it with strcmp), so that it is
 * opened with its own reader (coup_pgn.h) instead of failing on its first reveal. */
#define CT_PGN_COUP_VARIANT "Jieqi"
#define CT_PGN_COUP_MESSAGE "this is a cờ úp game (Variant Jieqi), not cờ tướng; open it with " \
                            "cotuong review (or convert), which read and check cờ úp records"
void ct_pgn_free_games(ct_record *games, int ngames);

/* Writes r as PGN (UTF-8) in notation n (CT_NOTATION_AUTO means ICCS): tags in xqbase
 * order (Game "Chinese Chess" first, Format for ICCS/WXF/Vietnamese/UCCI, none for
 * Chinese), then numbered movetext with comments and variations and the result.
 * *out is a new NUL-terminated string (free with free()), *out_len its length (may be
 * NULL). CT_ERR_ILLEGAL if a stored move is illegal; CT_ERR_FULL on memory. */
ct_status ct_pgn_write(const ct_record *r, ct_notation n, char **out, size_t *out_len);

#endif
