#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# cotuong e2e — "cotuong moves --notation N": the legal moves in each notation (seed 001
# anchors: h2e2 = Pháo 2 bình 5, Mã 2 tiến 3 = h0g2; spec §4.4 rows), bad notation names.
set -u
fail=0
check() { # check NAME EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected [$2], got [$3]"; fail=1; fi
}
ct="$COTUONG"

for n in coord iccs vi vi-long wxf zh zh-hant; do
    check "$n: 44 moves from the start" 44 "$("$ct" moves --notation "$n" | wc -l)"
    check "$n: 44 distinct texts" 44 "$("$ct" moves --notation "$n" | sort -u | wc -l)"
done
has() { # has NAME NOTATION TEXT [FEN]
    if [ $# -ge 4 ]; then out=$("$ct" moves --fen "$4" --notation "$2"); else out=$("$ct" moves --notation "$2"); fi
    if printf '%s\n' "$out" | grep -qxF "$3"; then echo "ok: $1"; else echo "FAIL: $1: no line '$3'"; fail=1; fi
}
has "vi-long anchor h2e2" vi-long "Pháo 2 bình 5"
has "vi-long anchor h0g2" vi-long "Mã 2 tiến 3"
has "vi compact" vi "P2-5"
has "--notation= form" "iccs" "H2-E2"
has "wxf" wxf "H2+3"
has "zh" zh "炮二平五"
has "zh-hant" zh-hant "傌二進三"
b1='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1'
has "Black zh, full-width digits" zh "马８进７" "$b1"
has "Black zh-hant" zh-hant "馬８進７" "$b1"
has "tandem rooks" wxf "R++3" '3k5/9/9/9/9/4R4/9/4R4/9/5K3 w - - 0 1'
check "--notation=vi" "$("$ct" moves --notation vi | head -n 1)" "$("$ct" moves --notation=vi | head -n 1)"

err=$("$ct" moves --notation klingon 2>&1 >/dev/null); rc=$?
check "unknown notation: exit 2" 2 "$rc"
check "unknown notation: named" 1 "$(printf '%s\n' "$err" | grep -c klingon)"
"$ct" moves --notation auto >/dev/null 2>&1; rc=$?
check "auto is not an output notation" 2 "$rc"
exit $fail
