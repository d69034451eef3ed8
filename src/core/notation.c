/* cotuong — move notations: neutral move description and notation names.
 * (Stub: rendering and parsing are being written; they return CT_ERR_UNSUPPORTED.) */
#include <string.h>

#include "cotuong/notation.h"

static const char *const notation_names[CT_NOTATION_COUNT] = {
    "coord", "iccs", "vi", "vi-long", "wxf", "zh", "zh-hant", "auto",
};

static int lower_ascii(int c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

ct_notation ct_notation_from_name(const char *name, bool *ok)
{
    for (int n = 0; name && n < CT_NOTATION_COUNT; n++) {
        const char *a = notation_names[n], *b = name;
        while (*a && (lower_ascii((unsigned char)*b) == *a || (*a == '-' && *b == '_'))) {
            a++;
            b++;
        }
        if (!*a && !*b) {
            if (ok)
                *ok = true;
            return (ct_notation)n;
        }
    }
    if (ok)
        *ok = false;
    return CT_NOTATION_DEFAULT;
}

const char *ct_notation_name(ct_notation n)
{
    return ((unsigned)n < CT_NOTATION_COUNT) ? notation_names[n] : "?";
}

ct_status ct_move_describe(const ct_pos *pos, ct_move mv, ct_move_desc *out)
{
    (void)pos;
    (void)mv;
    memset(out, 0, sizeof *out);
    return CT_ERR_UNSUPPORTED;
}

int ct_move_desc_render(const ct_move_desc *d, ct_notation n, char *buf, size_t size)
{
    (void)d;
    (void)n;
    if (size)
        buf[0] = 0;
    return -1;
}

int ct_move_render(const ct_pos *pos, ct_move mv, ct_notation n, char *buf, size_t size)
{
    (void)pos;
    (void)mv;
    (void)n;
    if (size)
        buf[0] = 0;
    return -1;
}

ct_status ct_move_parse(const ct_pos *pos, const char *text, ct_notation n, ct_move *out,
                        ct_parse_error *err)
{
    (void)pos;
    (void)text;
    (void)n;
    *out = CT_NO_MOVE;
    if (err) {
        memset(err, 0, sizeof *err);
        err->code = CT_ERR_UNSUPPORTED;
        err->kind = CT_PARSE_SYNTAX;
        strcpy(err->message, "move notations are not implemented yet");
    }
    return CT_ERR_UNSUPPORTED;
}

const char *ct_parse_kind_name(ct_parse_kind kind)
{
    (void)kind;
    return "?";
}
