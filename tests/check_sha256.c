/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong tests — SHA-256 (sha256.h) against the FIPS 180-4 / NIST example vectors ("abc",
 * the 448-bit message, a million 'a') and, for the padding's edge lengths (55, 56, 63, 64,
 * 65, 119, 120 bytes), digests computed by coreutils' sha256sum; the same digest whether
 * the message comes at once or in pieces of any size; the hex helpers. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "cotuong/sha256.h"

static void digest_of(const char *msg, size_t len, char hex[CT_SHA256_HEX])
{
    ct_sha256_hex(msg, len, hex);
}

START_TEST(test_fips_vectors)
{
    char hex[CT_SHA256_HEX];
    digest_of("abc", 3, hex);
    ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    digest_of(m448, strlen(m448), hex);
    ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    digest_of("", 0, hex);
    ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}
END_TEST

START_TEST(test_million_a)
{
    /* Fed in chunks of 1000, as a stream would come. */
    char chunk[1000];
    memset(chunk, 'a', sizeof chunk);
    ct_sha256 s;
    ct_sha256_init(&s);
    for (int i = 0; i < 1000; i++)
        ct_sha256_update(&s, chunk, sizeof chunk);
    uint8_t d[CT_SHA256_LEN];
    ct_sha256_final(&s, d);
    char hex[CT_SHA256_HEX];
    ct_hex_encode(d, sizeof d, hex);
    ck_assert_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
END_TEST

/* 'x' repeated: the lengths around a block's 56-byte padding limit (sha256sum). */
static const struct {
    size_t len;
    const char *hex;
} edges[] = {
    {55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"},
    {56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"},
    {63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"},
    {64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"},
    {65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"},
    {119, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"},
    {120, "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98"},
};

START_TEST(test_padding_edges)
{
    char msg[128], hex[CT_SHA256_HEX];
    memset(msg, 'x', sizeof msg);
    digest_of(msg, edges[_i].len, hex);
    ck_assert_str_eq(hex, edges[_i].hex);
    /* In pieces of every size from 1 to 17: the same digest. */
    for (size_t piece = 1; piece <= 17; piece++) {
        ct_sha256 s;
        ct_sha256_init(&s);
        for (size_t off = 0; off < edges[_i].len; off += piece)
            ct_sha256_update(&s, msg + off, off + piece > edges[_i].len ? edges[_i].len - off : piece);
        uint8_t d[CT_SHA256_LEN];
        ct_sha256_final(&s, d);
        char h2[CT_SHA256_HEX];
        ct_hex_encode(d, sizeof d, h2);
        ck_assert_str_eq(h2, edges[_i].hex);
    }
}
END_TEST

START_TEST(test_hex)
{
    uint8_t b[4];
    ck_assert_int_eq(ct_hex_decode("00fFa9", b, 3), 0);
    ck_assert_int_eq(b[0], 0x00);
    ck_assert_int_eq(b[1], 0xff);
    ck_assert_int_eq(b[2], 0xa9);
    ck_assert_int_eq(ct_hex_decode("00ff", b, 3), -1);  /* too short */
    ck_assert_int_eq(ct_hex_decode("00ffa9b", b, 3), -1); /* too long */
    ck_assert_int_eq(ct_hex_decode("00fg11", b, 3), -1); /* not hex */
    char t[9];
    ct_hex_encode((const uint8_t[]){0xde, 0xad, 0x01, 0x0f}, 4, t);
    ck_assert_str_eq(t, "dead010f");
}
END_TEST

static Suite *sha256_suite(void)
{
    Suite *s = suite_create("sha256");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_fips_vectors);
    tcase_add_test(tc, test_million_a);
    tcase_add_loop_test(tc, test_padding_edges, 0, (int)(sizeof edges / sizeof edges[0]));
    tcase_add_test(tc, test_hex);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(sha256_suite());
}
