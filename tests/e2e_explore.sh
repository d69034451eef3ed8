#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# cotuong e2e — `cotuong explore` over the shipped master-games index: the table's shape, the
# start position's first moves adding up to every game, moves in other notations, and clear
# errors for a bad move, a missing index and a damaged one.
set -u
fail=0
check() { # check NAME EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected [$2], got [$3]"; fail=1; fi
}
ct="$COTUONG"
COTUONG_MASTERS="$TEST_DATA_DIR/../../assets/ccpd-masters.idx"
export COTUONG_MASTERS
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

out=$("$ct" explore 2>"$tmp/err")
check "start: exit 0" 0 $?
check "start: most played first move" h2e2 "$(printf '%s\n' "$out" | head -n 1 | awk '{print $1}')"
check "start: five columns on every line" 0 "$(printf '%s\n' "$out" | awk 'NF != 5' | wc -l)"
check "start: sorted by games" "$(printf '%s\n' "$out" | awk '{print $2}' | sort -rn | tr '\n' ' ')" \
    "$(printf '%s\n' "$out" | awk '{print $2}' | tr '\n' ' ')"
"$ct" explore --time >/dev/null 2>"$tmp/time"
games=$(sed -n 's/.*bytes, \([0-9]*\) games.*/\1/p' "$tmp/time")
check "start: first moves add up to every game" "$games" "$(printf '%s\n' "$out" | awk '{s+=$2} END {print s}')"
check "percentages add up to at most 100" 0 \
    "$(printf '%s\n' "$out" | tr -d '%' | awk '$3+$4+$5 > 100.2' | wc -l)"
a=$("$ct" explore h2e2 h9g7 | head -n 3)
b=$("$ct" explore 炮二平五 馬８進７ | head -n 3)
check "moves in Chinese = moves in coordinates" "$a" "$b"
check "--notation wxf" "H2+3" "$("$ct" explore --notation wxf h2e2 h9g7 | head -n 1 | awk '{print $1}')"

"$ct" explore h2e3 >/dev/null 2>"$tmp/err"
check "illegal move: exit 2" 2 $?
check "illegal move: message" 1 "$(grep -c 'not a legal move' "$tmp/err")"
COTUONG_MASTERS="$tmp/none.idx" "$ct" explore >/dev/null 2>"$tmp/err"
check "missing index: exit 1" 1 $?
head -c 5000 "$COTUONG_MASTERS" >"$tmp/cut.idx"
COTUONG_MASTERS="$tmp/cut.idx" "$ct" explore >"$tmp/out" 2>"$tmp/err"
check "damaged index: exit 1" 1 $?
check "damaged index: message" 1 "$(grep -c 'damaged' "$tmp/err")"
check "damaged index: no output" 0 "$(wc -c <"$tmp/out")"
exit $fail
