/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests for the sanitizer (src/app/sanitize.c): no text from a file may reach the terminal
 * with control characters, escape sequences, C1 codes or malformed UTF-8. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sys/clipboard.h"
#include "sys/sanitize.h"

typedef struct {
    const char *in;
    size_t len; /* 0 = strlen(in) */
    unsigned flags;
    const char *want;
} san_case;

static const san_case cases[] = {
    /* plain text, Vietnamese and Hán glyphs pass unchanged */
    {"Hello", 0, 0, "Hello"},
    {"Lý Lai Quần – 炮二平五", 0, 0, "Lý Lai Quần – 炮二平五"},
    /* CSI colour and cursor movement: ESC becomes '?', the rest is inert text */
    {"\033[31mred\033[0m", 0, 0, "?[31mred?[0m"},
    {"x\033[2J\033[Hy", 0, 0, "x?[2J?[Hy"},
    /* OSC 52 clipboard write and OSC title with BEL */
    {"\033]52;c;ZXZpbA==\a", 0, 0, "?]52;c;ZXZpbA==?"},
    {"\033]0;pwned\033\\", 0, 0, "?]0;pwned?\\"},
    /* DCS tmux passthrough */
    {"\033Ptmux;\033\033]52;c;QQ==\a\033\\", 0, 0, "?Ptmux;??]52;c;QQ==??\\"},
    /* 8-bit C1 CSI as a raw byte (invalid UTF-8) and encoded as U+009B */
    {"a\x9b" "31mb", 0, 0, "a\xEF\xBF\xBD" "31mb"},
    {"a\xC2\x9b" "31mb", 0, 0, "a?31mb"},
    /* other C0 controls, DEL, backspace, NUL inside the length */
    {"a\bb\x7f" "c", 0, 0, "a?b?c"},
    {"a\0b", 3, 0, "a?b"},
    /* newline, tab, CR */
    {"one\ntwo\tthree\r", 0, 0, "one two three "},
    {"one\ntwo", 0, SANITIZE_KEEP_NEWLINE, "one\ntwo"},
    {"one\r\ntwo", 0, SANITIZE_KEEP_NEWLINE, "one \ntwo"},
    /* bidi override and isolate, line/paragraph separators */
    {"a\xE2\x80\xAE" "cba", 0, 0, "a?cba"},
    {"a\xE2\x81\xA6" "b", 0, 0, "a?b"},
    {"a\xE2\x80\xA8" "b", 0, 0, "a?b"},
    /* malformed UTF-8: overlong ESC (C0 9B), surrogate, above U+10FFFF, truncated */
    {"\xC0\x9B", 0, 0, "\xEF\xBF\xBD\xEF\xBF\xBD"},
    {"\xED\xA0\x80", 0, 0, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},
    {"\xF4\x90\x80\x80", 0, 0, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},
    {"ab\xE4\xB8", 0, 0, "ab\xEF\xBF\xBD\xEF\xBF\xBD"},
    /* ASCII mode */
    {"Lý 炮", 0, SANITIZE_ASCII, "L? ?"},
    {"\033[1m\xff", 0, SANITIZE_ASCII, "?[1m?"},
};

START_TEST(test_cases)
{
    const san_case *c = &cases[_i];
    size_t len = c->len ? c->len : strlen(c->in);
    char out[256];
    size_t need = sanitize_text(out, sizeof out, c->in, len, c->flags);
    ck_assert_str_eq(out, c->want);
    ck_assert_uint_eq(need, strlen(c->want));
}
END_TEST

/* Whatever the input, no output byte is a control other than '\n', and no byte 0x80..0x9F
 * appears outside a multi-byte character: checked over every single byte and pairs. */
START_TEST(test_no_control_bytes_ever)
{
    char in[3], out[32];
    for (int a = 0; a < 256; a++) {
        for (int b = 0; b < 256; b += 3) {
            in[0] = (char)a, in[1] = (char)b, in[2] = 'z';
            sanitize_text(out, sizeof out, in, 3, SANITIZE_KEEP_NEWLINE);
            for (const unsigned char *p = (const unsigned char *)out; *p; p++) {
                ck_assert_msg(*p >= 0x20 || *p == '\n', "control 0x%02x from %02x %02x", *p, a,
                              b);
                ck_assert_msg(*p != 0x7F, "DEL from %02x %02x", a, b);
            }
            /* The output must itself be clean: sanitizing it again changes nothing. */
            char again[64];
            sanitize_text(again, sizeof again, out, strlen(out), SANITIZE_KEEP_NEWLINE);
            ck_assert_str_eq(again, out);
        }
    }
}
END_TEST

START_TEST(test_truncation)
{
    char out[6];
    /* "ab炮" is 5 bytes: fits in 6 with the NUL. */
    size_t need = sanitize_text(out, sizeof out, "ab炮c", strlen("ab炮c"), 0);
    ck_assert_uint_eq(need, 6);
    ck_assert_str_eq(out, "ab炮");
    /* A 3-byte character that does not fit is not cut in half. */
    char small[5];
    sanitize_text(small, sizeof small, "ab炮", strlen("ab炮"), 0);
    ck_assert_str_eq(small, "ab");
    /* size 0 writes nothing and still counts. */
    ck_assert_uint_eq(sanitize_text(NULL, 0, "\033x", 2, 0), 2);
}
END_TEST

START_TEST(test_dup)
{
    char *s = sanitize_dup("\033]2;title\a炮", 0);
    ck_assert_str_eq(s, "?]2;title?炮");
    free(s);
    s = sanitize_dup(NULL, 0);
    ck_assert_str_eq(s, "");
    free(s);
}
END_TEST

/* OSC 52 clipboard: base64 vectors of RFC 4648 section 10, and the exact sequences. */
START_TEST(test_base64_rfc4648)
{
    static const char *const vec[][2] = {{"", ""},         {"f", "Zg=="},         {"fo", "Zm8="},
                                         {"foo", "Zm9v"},  {"foob", "Zm9vYg=="},  {"fooba", "Zm9vYmE="},
                                         {"foobar", "Zm9vYmFy"}};
    for (size_t i = 0; i < sizeof vec / sizeof vec[0]; i++) {
        char *b = clipboard_base64(vec[i][0], strlen(vec[i][0]));
        ck_assert_str_eq(b, vec[i][1]);
        free(b);
    }
}
END_TEST

START_TEST(test_osc52)
{
    char *s = clipboard_osc52("foobar", 6, false);
    ck_assert_str_eq(s, "\033]52;c;Zm9vYmFy\a");
    free(s);
    s = clipboard_osc52("foobar", 6, true);
    ck_assert_str_eq(s, "\033Ptmux;\033\033]52;c;Zm9vYmFy\a\033\\");
    free(s);
    /* Text with its own escape sequences travels base64-encoded: no raw ESC inside. */
    s = clipboard_osc52("\033]52;c;evil\a", 12, false);
    ck_assert_ptr_null(strchr(s + 1, '\033'));
    free(s);
    char err[128];
    char *big = calloc(CLIPBOARD_MAX_BYTES + 1, 1);
    ck_assert_int_eq(clipboard_copy(big, CLIPBOARD_MAX_BYTES + 1, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "too large") != NULL, "%s", err);
    free(big);
}
END_TEST

/* The screen form for a terminal that cannot show UTF-8 (vectors written from the
 * Unicode names of the characters, not from our output). */
static const struct {
    const char *in, *out;
} translits[] = {
    {"Pháo 2 bình 5", "Phao 2 binh 5"},
    {"Tượng 3 tiến 5", "Tuong 3 tien 5"},
    {"Đ đ", "D d"},
    {"马８进７", "<?>8<?>7"},           /* full-width digits are compatibility forms of ASCII */
    {"王天一 Nguyễn", "<?> Nguyen"},
    {"\033]0;x\a", "?]0;x?"},         /* sanitized first */
    {"a\xC0\xAF" "b", "a??b"},         /* overlong: two bad bytes, each U+FFFD, then ? */
    {"\xE2\x80\xAE" "evil", "?evil"}, /* bidi override */
    {"ﬁ", "fi"},                       /* a ligature decomposes */
};

START_TEST(test_translit)
{
    char *got = sanitize_screen_dup(translits[_i].in, SANITIZE_TRANSLIT);
    ck_assert_str_eq(got, translits[_i].out);
    free(got);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sanitize");
    TCase *tc = tcase_create("sanitize");
    tcase_add_loop_test(tc, test_cases, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_no_control_bytes_ever);
    tcase_add_test(tc, test_truncation);
    tcase_add_test(tc, test_dup);
    tcase_add_test(tc, test_base64_rfc4648);
    tcase_add_test(tc, test_osc52);
    tcase_add_loop_test(tc, test_translit, 0, (int)(sizeof translits / sizeof translits[0]));
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
