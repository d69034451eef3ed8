/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cotuong — SHA-256 (FIPS 180-4, section 6.2): the hash of the lobby's cờ úp commitment
 * (coup_commit.h). Pure and incremental; no allocation.
 *
 * Usage:
 *     ct_sha256 h;
 *     ct_sha256_init(&h);
 *     ct_sha256_update(&h, data, len);          // any number of times
 *     uint8_t digest[CT_SHA256_LEN];
 *     ct_sha256_final(&h, digest);              // h must be initialised again to reuse
 * or at once: ct_sha256_hex(data, len, hex) writes the 64 lower-case hex digits. */
#ifndef COTUONG_SHA256_H
#define COTUONG_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define CT_SHA256_LEN 32
#define CT_SHA256_HEX (2 * CT_SHA256_LEN + 1)

typedef struct {
    uint32_t h[8];      /* the hash value H(i) */
    uint8_t block[64];  /* the message block being filled */
    size_t fill;        /* bytes in block */
    uint64_t bits;      /* message length so far, in bits (l) */
} ct_sha256;

void ct_sha256_init(ct_sha256 *s);
void ct_sha256_update(ct_sha256 *s, const void *data, size_t len);
void ct_sha256_final(ct_sha256 *s, uint8_t digest[CT_SHA256_LEN]);
/* The digest of data as 64 lower-case hex digits and a NUL. */
void ct_sha256_hex(const void *data, size_t len, char hex[CT_SHA256_HEX]);
/* Bytes as lower-case hex (2 * len digits and a NUL into out). */
void ct_hex_encode(const uint8_t *bytes, size_t len, char *out);
/* Exactly 2 * len hex digits (either case) into bytes: 0, or -1 when text is not that. */
int ct_hex_decode(const char *text, uint8_t *bytes, size_t len);

#endif
