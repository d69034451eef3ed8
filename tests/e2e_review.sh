#!/bin/sh
# e2e_review -- game files from the command line: `cotuong analyse` over a multi-game PGN
# with variations and comments, the blunder mark on a move fairy-stockfish calls a blunder,
# hostile files (escape sequences in tags and comments never reach the output), corrupt,
# truncated, binary and oversized files (a clear error with the file and position), the
# annotated file written back, and `cotuong diagram`.

: "${COTUONG:?COTUONG must name the program}"
: "${TEST_DATA_DIR:?}"
data=$TEST_DATA_DIR/review
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state"
esc=$(printf '\033')
c1=$(printf '\302\233')
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

# 1. A multi-game PGN (ICCS with nested variations, WXF, Chinese) is analysed game by game.
"$COTUONG" analyse --depth 3 "$data/games.pgn" >"$tmp/games.out" 2>"$tmp/games.err" ||
    fail "analyse games.pgn exited $? ($(cat "$tmp/games.err"))"
for want in "Game 1 of 3: Red 'Lý Lai Quần'" "Game 2 of 3" "Game 3 of 3" "16 moves" \
    "Worst moves of Red:" "Worst moves of Black:" "Evaluation over the game"; do
    grep -qF "$want" "$tmp/games.out" || fail "analyse output lacks '$want'"
done
[ "$(grep -c '^ *[0-9]*\.\(\.\.\)\? ' "$tmp/games.out")" -eq 26 ] ||
    fail "expected 26 move lines (16 + 6 + 4), got $(grep -c '^ *[0-9]*\.\(\.\.\)\? ' "$tmp/games.out")"
ok "multi-game analysis"

# 2. The move fairy-stockfish scores from +0.72 to -4.51 is marked ?? with the loss.
"$COTUONG" analyse --depth 5 --notation iccs "$data/blunder.pgn" >"$tmp/blunder.out" 2>&1 ||
    fail "analyse blunder.pgn exited $?"
grep -q '^ *3\. I1-B1  *?? ' "$tmp/blunder.out" || fail "3. I1-B1 is not marked ??: $(grep 'I1-B1' "$tmp/blunder.out")"
grep -q 'Worst moves of Red: 3\. I1-B1??' "$tmp/blunder.out" || fail "I1-B1 is not Red's worst move"
ok "blunder marked: $(grep '^ *3\. I1-B1' "$tmp/blunder.out" | tr -s ' ')"

# 3. --write saves the marks and engine lines; the file reads back and keeps the mark.
"$COTUONG" analyse --depth 5 --notation iccs --write "$tmp/annotated.pgn" "$data/blunder.pgn" \
    >/dev/null 2>&1 || fail "analyse --write exited $?"
grep -q 'I1-B1 *\$4\|I1-B1??' "$tmp/annotated.pgn" || fail "the written file lacks the ?? mark: $(cat "$tmp/annotated.pgn")"
grep -q 'engine: best' "$tmp/annotated.pgn" || fail "the written file lacks the engine comment"
"$COTUONG" analyse --depth 2 "$tmp/annotated.pgn" >/dev/null 2>&1 || fail "the written file does not read back"
ok "annotated file written and read back"

# 4. Hostile text: escape sequences and C1 controls in tags and comments never reach stdout
#    or stderr; the neutralised text is still shown.
"$COTUONG" analyse --depth 2 "$data/hostile.pgn" >"$tmp/hostile.out" 2>&1 ||
    fail "analyse hostile.pgn exited $?"
if grep -q "$esc" "$tmp/hostile.out" || grep -q "$c1" "$tmp/hostile.out"; then
    fail "an escape character reached the output: $(od -c "$tmp/hostile.out" | head)"
fi
# (The PGN reader may already blank control characters in tags; either way the text shows.)
grep -qF "[31mEvil" "$tmp/hostile.out" || fail "the sanitized Red tag is not shown"
grep -qF "]0;pwned" "$tmp/hostile.out" || fail "the sanitized Event tag is not shown: $(head -1 "$tmp/hostile.out")"
ok "hostile tags neutralised: $(head -n 1 "$tmp/hostile.out")"

# 5. Bad files: a clear error naming the file and the position, exit status 1.
check_error() { # FILE EXPECTED-TEXT
    "$COTUONG" analyse --depth 1 "$1" >"$tmp/bad.out" 2>"$tmp/bad.err"
    status=$?
    [ "$status" -eq 1 ] || fail "$1: exit status $status, wanted 1"
    grep -qF "$2" "$tmp/bad.err" || fail "$1: error lacks '$2': $(cat "$tmp/bad.err")"
    ! grep -q "$esc" "$tmp/bad.err" || fail "$1: escape character in the error"
    echo "   $(cat "$tmp/bad.err")"
}
check_error "$data/truncated.pgn" "truncated.pgn, game 1, line 5"
check_error "$data/illegal.pgn" "illegal.pgn, game 1, line 5, move 2..."
check_error "$data/binary.pgn" "binary.pgn: line 1 (byte 0): binary data"
check_error "$data/truncated.xqf" "truncated.xqf: byte"
check_error "$tmp/missing.pgn" "missing.pgn: No such file or directory"
truncate -s 17M "$tmp/huge.pgn" 2>/dev/null || dd if=/dev/zero of="$tmp/huge.pgn" bs=1 count=0 seek=17M 2>/dev/null
check_error "$tmp/huge.pgn" "huge.pgn: file is too large (17825792 bytes; the limit is 16 MiB)"
printf '[Event "\033[2J"]\n1. H2-E2 {x\n' >"$tmp/esc-err.pgn"
check_error "$tmp/esc-err.pgn" "esc-err.pgn"
ok "bad files reported"

# 6. diagram: ASCII board of the start position (spec §1.1 picture), Hán glyphs in UTF-8.
"$COTUONG" diagram --ascii >"$tmp/diagram.out" || fail "diagram --ascii exited $?"
cat >"$tmp/diagram.want" <<'BOARD'
  a b c d e f g h i
9 r n b a k a b n r  9
8 . . . . . . . . .  8
7 . c . . . . . c .  7
6 p . p . p . p . p  6
5 . . . . . . . . .  5
  ~~~~~~~~~~~~~~~~~
4 . . . . . . . . .  4
3 P . P . P . P . P  3
2 . C . . . . . C .  2
1 . . . . . . . . .  1
0 R N B A K A B N R  0
  a b c d e f g h i
Red to move
FEN: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
BOARD
diff "$tmp/diagram.want" "$tmp/diagram.out" >/dev/null || fail "diagram --ascii differs: $(diff "$tmp/diagram.want" "$tmp/diagram.out")"
LC_ALL=C.UTF-8 "$COTUONG" diagram --fen "4k4/9/9/9/9/9/9/9/4R4/3K5 b" >"$tmp/han.out" || fail "diagram --fen exited $?"
grep -q '將' "$tmp/han.out" && grep -q '俥' "$tmp/han.out" && grep -q '帥' "$tmp/han.out" ||
    fail "Hán diagram lacks 將/俥/帥: $(cat "$tmp/han.out")"
grep -q 'Black (黑) to move' "$tmp/han.out" || fail "Hán diagram: side to move"
LC_ALL=C "$COTUONG" diagram | grep -q '^9 r n b a k a b n r' || fail "C locale: not ASCII"
"$COTUONG" diagram --fen "$(printf 'x\033[31m')" >/dev/null 2>"$tmp/fen.err"
[ $? -eq 2 ] || fail "bad FEN: wanted exit status 2"
! grep -q "$esc" "$tmp/fen.err" || fail "bad FEN: escape character echoed"
ok "diagram"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all review checks passed"
