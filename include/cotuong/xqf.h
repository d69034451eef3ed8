/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — XQF import (XQStudio binary, spec §5.2): versions 1.0 (0x0A) and the obfuscated
 * versions 11 and later, with comments and variations. Header strings and comments are GBK
 * and come out as UTF-8. The core never opens files: pass the bytes.
 */
#ifndef COTUONG_XQF_H
#define COTUONG_XQF_H

#include <stddef.h>

#include "cotuong/record.h"

typedef struct {
    size_t offset;     /* byte offset in the file where reading failed */
    int ply;           /* record number of the failing move (0 = the dummy root record) */
    char message[160]; /* English, e.g. "file ends inside a move record" */
} ct_xqf_error;

/* True when the bytes start with the XQF signature "XQ". */
bool ct_xqf_detect(const void *buf, size_t len);

/* Reads an XQF file into r (initialised by the call; free it with ct_record_free whatever
 * the result). Tags: Event, Date, Site, Red, Black, plus Title, TimeControl, RedTime,
 * BlackTime, Annotator, Author when present; Result from the header.
 * CT_ERR_SYNTAX for a file that is not XQF or is damaged/truncated, CT_ERR_ILLEGAL for an
 * illegal move, CT_ERR_INVALID for an impossible start position, CT_ERR_UNSUPPORTED for an
 * unknown version, CT_ERR_FULL on memory. */
ct_status ct_xqf_read(const void *buf, size_t len, ct_record *r, ct_xqf_error *err);

#endif
