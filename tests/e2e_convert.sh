#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_convert -- `cotuong convert` end to end: PGN files as other programs write them
# (Chinese GBK/Big5, WXF, ICCS) to Vietnamese and back without a difference, bare move lists
# on standard input, an XQF 1.0 file built here byte by byte from spec §5.2, and errors that
# name the file, game, move and token with a non-zero exit status.
set -u
: "${COTUONG:?}" "${TEST_DATA_DIR:?}"
D=$TEST_DATA_DIR/pgn
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }

# 1. Vietnamese and back: the same PGN as converting directly.
for f in zh_gbk.pgn zh_big5.pgn wxf_45.pgn iccs_45.pgn multi.pgn vi_45.pgn; do
    for back in iccs zh wxf; do
        "$COTUONG" convert --to "$back" "$D/$f" >"$T/direct" 2>"$T/err1" || { bad "$f direct $back: $(cat "$T/err1")"; continue; }
        "$COTUONG" convert --to vi "$D/$f" >"$T/vi" 2>"$T/err2" || { bad "$f to vi: $(cat "$T/err2")"; continue; }
        "$COTUONG" convert --to "$back" "$T/vi" >"$T/again" 2>"$T/err3" || { bad "$f vi to $back: $(cat "$T/err3")"; continue; }
        if cmp -s "$T/direct" "$T/again"; then ok "$f -> vi -> $back"; else bad "$f -> vi -> $back differs"; diff "$T/direct" "$T/again" | head -20; fi
    done
done
# and through the long Vietnamese form
"$COTUONG" convert --to vi-long "$D/zh_gbk.pgn" >"$T/vil" && "$COTUONG" convert --to zh "$T/vil" >"$T/zh2" &&
    "$COTUONG" convert --to zh "$D/zh_gbk.pgn" | cmp -s - "$T/zh2" && ok "zh_gbk -> vi-long -> zh" || bad "zh_gbk -> vi-long -> zh"

# 2. The spec §4.5 game in Vietnamese: the moves of the spec's Việt line.
"$COTUONG" convert --to vi "$D/zh_gbk.pgn" >"$T/vi" 2>&1
for m in "1. B7.1 M8.7" "2. B3.1 P2-3" "4. M8.7 X1-2" "6. P8-9 X2-8" "8. M2.3 X9-8 1-0" \
    '[Format "Vietnamese"]' '[Event "全国象棋个人赛"]' '{中炮对屏风马}'; do
    grep -qF "$m" "$T/vi" && ok "vi output has '$m'" || bad "vi output lacks '$m'"
done
head -n 1 "$T/vi" | grep -qx '\[Game "Chinese Chess"\]' && ok "Game tag first" || bad "Game tag first"

# 3. Bare move lists on standard input (no file), several notations.
echo "c3c4 h9g7 g3g4 b7c7" | "$COTUONG" convert --to wxf >"$T/o" 2>&1 &&
    grep -qF "1. P7+1 H8+7" "$T/o" && grep -qF "2. P3+1 C2.3" "$T/o" && ok "stdin coordinates -> wxf" || bad "stdin coordinates -> wxf: $(cat "$T/o")"
echo "1. 炮二平五 马８进７ 2. 马二进三 车９平８" | "$COTUONG" convert >"$T/o" 2>&1 &&
    grep -qF "1. H2-E2 H9-G7" "$T/o" && grep -qF "2. H0-G2 I9-H9" "$T/o" && ok "stdin Chinese -> iccs" || bad "stdin Chinese -> iccs: $(cat "$T/o")"
echo "P2-5 M8.7 M2.3 X9-8" | "$COTUONG" convert - >"$T/o" 2>&1 &&
    grep -qF "1. H2-E2 H9-G7" "$T/o" && ok "stdin Vietnamese -> iccs" || bad "stdin Vietnamese -> iccs: $(cat "$T/o")"

# 4. XQF 1.0 built from the spec's byte layout: header, squares x*10+y, records
#    (from+24, to+32, tag 0xF0 = more moves follow, reserved, 4-byte comment length).
byte() { printf "\\$(printf %o "$1")"; }
zeros() { head -c "$1" /dev/zero; }
{
    printf 'XQ'; byte 10; zeros 13                                      # 0x00-0x0F
    for s in 80 70 60 50 40 30 20 10 0 72 12 83 63 43 23 3 \
             9 19 29 39 49 59 69 79 89 17 77 6 26 46 66 86; do byte "$s"; done  # 0x10-0x2F
    zeros 3; byte 1; zeros 28                                           # 0x33 result: Red wins
    byte 4; printf 'Test'; zeros 123                                    # 0x50 title
    zeros 64; zeros 16; zeros 16                                        # 0xD0 event .. 0x120 site
    byte 3; printf 'Red'; zeros 12                                      # 0x130 Red
    zeros $((1024 - 0x140))
    byte 24; byte 32; byte 240; byte 0; byte 5; zeros 3; printf 'start'  # dummy root + comment
    set -- c3c4 h9g7 g3g4 b7c7 c0e2 b9a7 b0c2 a9b9 a0b0 b9b5 b2a2 b5h5 h2h7 c7h7 h0g2 i9h9
    n=0
    for m in "$@"; do
        n=$((n + 1))
        f=$(( ($(printf %d "'$(echo "$m" | cut -c1)") - 97) * 10 + $(echo "$m" | cut -c2) ))
        t=$(( ($(printf %d "'$(echo "$m" | cut -c3)") - 97) * 10 + $(echo "$m" | cut -c4) ))
        tag=240; [ $n -eq $# ] && tag=0
        byte $((f + 24)); byte $((t + 32)); byte $tag; byte 0; zeros 4
    done
} >"$T/game.xqf"
if "$COTUONG" convert "$T/game.xqf" >"$T/o" 2>&1; then
    for m in "1. C3-C4 H9-G7" "7. H2-H7 C7-H7" "8. H0-G2 I9-H9 1-0" '[Red "Red"]' '[Title "Test"]' '{start}'; do
        grep -qF "$m" "$T/o" && ok "xqf output has '$m'" || bad "xqf output lacks '$m': $(cat "$T/o")"
    done
    "$COTUONG" convert --to vi "$T/game.xqf" | "$COTUONG" convert | cmp -s - "$T/o" && ok "xqf -> vi -> iccs" || bad "xqf -> vi -> iccs"
else
    bad "xqf: $(cat "$T/o")"
fi
head -c 1030 "$T/game.xqf" >"$T/cut.xqf"
if "$COTUONG" convert "$T/cut.xqf" >/dev/null 2>"$T/e"; then bad "truncated xqf accepted"
else grep -q "cut.xqf" "$T/e" && grep -qi "truncated" "$T/e" && ok "truncated xqf: $(cat "$T/e")" || bad "truncated xqf message: $(cat "$T/e")"; fi

# 5. Errors: file, game, move number and token; non-zero exit.
if "$COTUONG" convert "$D/illegal.pgn" >/dev/null 2>"$T/e"; then bad "illegal move accepted"
else
    for w in "illegal.pgn" "game 2" "move 3" "H9-H3"; do
        grep -qF "$w" "$T/e" && ok "error names '$w'" || bad "error lacks '$w': $(cat "$T/e")"
    done
fi
"$COTUONG" convert "$T/does-not-exist.pgn" >/dev/null 2>"$T/e" && bad "missing file accepted" ||
    { grep -qF "does-not-exist.pgn" "$T/e" && ok "missing file: $(cat "$T/e")" || bad "missing file message"; }
"$COTUONG" convert --to klingon "$D/iccs_45.pgn" >/dev/null 2>&1; [ $? -eq 2 ] && ok "bad --to exits 2" || bad "bad --to"
"$COTUONG" convert --encoding ebcdic "$D/iccs_45.pgn" >/dev/null 2>&1; [ $? -eq 2 ] && ok "bad --encoding exits 2" || bad "bad --encoding"
# recoverable damage is read, and named on stderr as a warning
printf '1. h2e2 {no end\n' | "$COTUONG" convert >"$T/o" 2>"$T/e" || bad "unclosed comment refused"
grep -qF "(standard input): game 1, line 1: warning: comment or tag not closed" "$T/e" &&
    ok "unclosed comment: $(head -n 1 "$T/e")" || bad "unclosed comment warning: $(cat "$T/e")"
grep -qF '1. H2-E2 {no end} *' "$T/o" && ok "unclosed comment kept" || bad "unclosed comment lost"
printf '[Event "2008"X"Y"]\n1. h2e2 *\n' | "$COTUONG" convert >"$T/o" 2>"$T/e" || bad "quotes in a tag refused"
grep -qF '[Event "2008\"X\"Y"]' "$T/o" && grep -qF "game 1, line 1: warning: tag value" "$T/e" &&
    ok "quotes in a tag: $(cat "$T/e")" || bad "quotes in a tag: $(cat "$T/o" "$T/e")"
printf '1. h2e2 xyzzy *\n' | "$COTUONG" convert >/dev/null 2>"$T/e" && bad "bad move accepted" ||
    { grep -qF "(standard input): game 1, move 1 (Black), 'xyzzy' (line 1)" "$T/e" &&
        ok "bad move on stdin: $(cat "$T/e")" || bad "bad move message: $(cat "$T/e")"; }
# over the 16 MiB limit: a clear refusal, not a long wait
head -c 17000000 /dev/zero | "$COTUONG" convert >/dev/null 2>"$T/e" && bad "17 MB accepted" ||
    { grep -qF "larger than 16 MiB" "$T/e" && ok "size limit: $(cat "$T/e")" || bad "size limit: $(cat "$T/e")"; }
# a forced encoding wins over detection
"$COTUONG" convert --encoding gbk "$D/zh_gbk.pgn" >/dev/null 2>&1 && ok "--encoding gbk" || bad "--encoding gbk"
"$COTUONG" convert --encoding utf-8 "$D/zh_gbk.pgn" >/dev/null 2>&1 && bad "--encoding utf-8 on GBK accepted" || ok "--encoding utf-8 on GBK refused"

exit $fail
