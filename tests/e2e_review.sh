#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
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

# 2b. 1. H2-E2, the masters' main first move, was marked ?! at depth 4 ("Worst moves of Red:
#     1. H2-E2?! (-58)"): a masters' move is marked only for a loss a deeper search proves.
COTUONG_MASTERS="$TEST_DATA_DIR/../../assets/ccpd-masters.idx" \
    "$COTUONG" analyse --depth 4 --notation iccs --no-chart "$data/blunder.pgn" >"$tmp/masters.out" 2>&1 ||
    fail "analyse --depth 4 blunder.pgn exited $?"
grep -q "^ *1\. H2-E2  *[-+][0-9.]*  masters' move (16238 games)" "$tmp/masters.out" ||
    fail "1. H2-E2 is marked or not a masters' move: $(grep 'H2-E2' "$tmp/masters.out")"
grep -q 'Worst moves of Red: 3\. I1-B1??' "$tmp/masters.out" || fail "I1-B1 is not Red's worst move at depth 4"
grep -q 'Worst moves of Red:.*H2-E2' "$tmp/masters.out" && fail "H2-E2 among Red's worst moves"
ok "masters' move unmarked: $(grep '^ *1\. H2-E2' "$tmp/masters.out" | tr -s ' ')"

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
# (an unclosed comment is read with a warning now: the broken part is a move holding a C1 CSI)
printf '[Event "\033[2J"]\n1. H2-E2 x\302\2332J *\n' >"$tmp/esc-err.pgn"
check_error "$tmp/esc-err.pgn" "esc-err.pgn"
ok "bad files reported"

# 6. diagram: ASCII board of the start position (spec §1.1 picture), Hán glyphs in UTF-8.
"$COTUONG" diagram --ascii >"$tmp/diagram.out" || fail "diagram --ascii exited $?"
cat >"$tmp/diagram.want" <<'BOARD'
  a b c d e f g h i
9 r h e a k a e h r  9
8 . . . . . . . . .  8
7 . c . . . . . c .  7
6 p . p . p . p . p  6
5 . . . . . . . . .  5
  ~~~~~~~~~~~~~~~~~
4 . . . . . . . . .  4
3 P . P . P . P . P  3
2 . C . . . . . C .  2
1 . . . . . . . . .  1
0 R H E A K A E H R  0
  a b c d e f g h i
Red to move
FEN: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
BOARD
diff "$tmp/diagram.want" "$tmp/diagram.out" >/dev/null || fail "diagram --ascii differs: $(diff "$tmp/diagram.want" "$tmp/diagram.out")"
LC_ALL=C.UTF-8 "$COTUONG" diagram --fen "4k4/9/9/9/9/9/9/9/4R4/3K5 b" >"$tmp/han.out" || fail "diagram --fen exited $?"
grep -q '將' "$tmp/han.out" && grep -q '俥' "$tmp/han.out" && grep -q '帥' "$tmp/han.out" ||
    fail "Hán diagram lacks 將/俥/帥: $(cat "$tmp/han.out")"
grep -q 'Black (黑) to move' "$tmp/han.out" || fail "Hán diagram: side to move"
LC_ALL=C "$COTUONG" diagram | grep -q '^9 r h e a k a e h r' || fail "C locale: not ASCII"
"$COTUONG" diagram --fen "$(printf 'x\033[31m')" >/dev/null 2>"$tmp/fen.err"
[ $? -eq 2 ] || fail "bad FEN: wanted exit status 2"
! grep -q "$esc" "$tmp/fen.err" || fail "bad FEN: escape character echoed"
ok "diagram"

# 7. Settings errors are reported as FILE:LINE and otherwise ignored.
mkdir -p "$XDG_CONFIG_HOME/cotuong"
printf 'notation = iccs\ncolour = red\nai_level = 99\n' >"$XDG_CONFIG_HOME/cotuong/config"
"$COTUONG" analyse --depth 1 --no-chart "$data/blunder.pgn" >"$tmp/cfg.out" 2>"$tmp/cfg.err" ||
    fail "analyse with a bad settings file exited $?"
grep -qF "config:2: unknown setting 'colour'" "$tmp/cfg.err" || fail "no FILE:LINE for line 2: $(cat "$tmp/cfg.err")"
grep -qF "config:3: bad value '99' for ai_level" "$tmp/cfg.err" || fail "no FILE:LINE for line 3"
grep -q ' 3\. I1-B1 ' "$tmp/cfg.out" || fail "the good line (notation = iccs) was not applied"
rm -f "$XDG_CONFIG_HOME/cotuong/config"
ok "settings errors: $(tr '\n' ' ' <"$tmp/cfg.err")"

# 8. The review screen in tmux: a multi-game file with variations and comments.
if ! command -v tmux >/dev/null 2>&1; then
    echo "tmux not installed: the review screen part is skipped"
    [ "$failures" -eq 0 ] || exit 1
    exit 0
fi
. "$(dirname "$0")/tmux_lib.sh"
trap 'T kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
envs="LANG=C.UTF-8 XDG_CONFIG_HOME=$XDG_CONFIG_HOME XDG_DATA_HOME=$XDG_DATA_HOME XDG_STATE_HOME=$XDG_STATE_HOME"
cp "$data/games.pgn" "$tmp/games.pgn"
ui_start 110 34 $envs -- review --lang en "$tmp/games.pgn"
check "the game list comes first" "3 games — choose one"
check "game 2 in the list" "2. Review test 2 — UCCI vs example (1-0, 6)"
keys Enter
check "game 1 opens" "Review test 1 (1/3)"
check "the comment before the first move" "The round-trip game of the XQF 1.0 sample."
keys Right
check "a move's comment" "Tiên nhân chỉ lộ"
keys Right Right
check "a variation starts here" "Variations (Tab): 1) C2.5"
keys Tab
check "inside the variation, its comment" "a central cannon instead"
check "variation moves are marked" "~C2.5"
keys Right Down
check "the nested alternative 3. H2+3" "3. ~H2+3 (+1)"
keys BSpace
check "leaving the nested variation: back to 3. H8+7" "3. ~H8+7 (+1)"
keys x
check "leaving the variation: back on the main line at 2... C2.3" "C2.3 (+1)"
# The moves in two columns, Red's and Black's of a move on one row, as play lists them.
step=$((step + 1))
if cap | grep -Eq '1\. P7\+1 \{…\} +H8\+7'; then echo "ok $step - review lists a move's two plies on one row"
else echo "not ok $step - review lists a move's two plies on one row"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
keys End
check "End: the end of the main line (rook h9, horse gone from b9)" "┌─────┬─────象────士────將────士────象────車────·"
check_not "no variation mark on the main line" "~R9.8"
keys Home
check "Home: the start again" "The round-trip game of the XQF 1.0 sample."
# A click on a move in the list goes there (row of '7. C2+5'; the column in cells).
row=$(cap | grep -n ' 7\. C2+5' | head -n 1 | cut -d: -f1)
col=$(cap | sed -n "${row}p" | sed 's/ 7\. C2+5.*//' | LC_ALL=C.UTF-8 wc -L)
click $((col + 5)) $((row - 1))
check "a click on 7. C2+5 shows its comment" "the cannon takes"
keys NPage
check "the next game (WXF movetext)" "Review test 2 (2/3)"
typed '>'
check "game 2 ends with 3... C8.5: the horse left b9" "車────┬─────象────士" 
keys L
check "the list again" "3 games — choose one"
keys Down Enter
check "game 3 (Chinese movetext)" "Review test 3 (3/3)"
keys G
check "its last comment" "Black defends"
# Play on from here as a new variation, comment it, save, and read the file back.
typed '<'
keys Right
typed ':'
typed 'h9g7'
keys Enter
check "a new variation" "A new variation (S saves it)."
typed 'C'
typed 'my note'
keys Enter
check "the comment is set" "Comment set (S saves it)."
keys S
check "the save prompt" "Save all games to:"
keys Enter
check "saved" "Saved 3 game(s) to"
"$COTUONG" analyse --depth 1 --game 3 --no-chart "$tmp/games.pgn" >/dev/null 2>&1 || fail "the saved file does not read back"
grep -q 'my note' "$tmp/games.pgn" || fail "the comment is not in the saved file"
grep -q 'H9-G7' "$tmp/games.pgn" || fail "the new variation is not in the saved file"
# The engine: analyse the whole game with the blunder and see the mark.
keys q
sleep 0.3
ui_start 110 34 $envs -- review --lang en "$data/blunder.pgn"
check "blunder.pgn opens" "Blunder (1/1)"
keys A
check "the whole game analysed" "Analysed 5 moves" 30
check "3. R1.8 is marked ??" "R1.8??"
# The worst moves are listed with the win chance each lost (the marks' measure), not centipawns.
step=$((step + 1))
if cap | grep -Eq 'Worst: Red 3\.R1\.8\?\? \(-[0-9]+%\)'; then echo "ok $step - Worst: in win chance lost"
else echo "not ok $step - Worst: not in win chance lost"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
# The evaluation bar: in the column between the board and the panel (three spaces after the
# grid's right edge, never over the board), with the win chance in words in the panel.
check "A: the score as a win chance" "Red wins"
step=$((step + 1))
bar_rows=$(cap | grep -c '[┤│]   [█░]')
if [ "$bar_rows" -ge 20 ]; then echo "ok $step - the evaluation bar beside the board ($bar_rows rows)"
else echo "not ok $step - no evaluation bar beside the board ($bar_rows rows)"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
keys a
check "the engine's view of the position" "Engine:" 10
check "... with its win chance" "Red wins" 10
# Hostile text: escape sequences in tags and comments are shown as text, not run.
keys q
sleep 0.3
ui_start 110 34 $envs -- review --lang en "$data/hostile.pgn"
check "hostile.pgn opens; the Red tag is text" "[31mEvil"
keys Right
check "the comment's escape sequences are text" "clipboard grab"
title=$(T display -p -t "$S" '#{pane_title}')
case $title in *pwned*) fail "an OSC sequence from the file set the terminal title: $title" ;; esac
check_not "the screen was not cleared by ESC [2J" "EXIT="
# A file the reader repairs (of our own making): the review says what was repaired and
# where, as `convert` does on stderr; W lists it all; nothing from the file runs.
printf '[Event "Club "Dragon" cup"]\n[Red "Evil\033]0;pwned\007 name"]\n[Black "B"]\n\n1. C2.5 H8+7 2. H2+3 R9.8\n\n[Event "two"]\n[Result "*"]\n\n1. C2.5 {a \033[2Jcomment} C8.5 *\n' >"$tmp/repaired.pgn"
"$COTUONG" convert "$tmp/repaired.pgn" 2>"$tmp/repaired.err" >/dev/null
[ "$(grep -c warning "$tmp/repaired.err")" -eq 4 ] || fail "convert: 4 warnings expected: $(cat "$tmp/repaired.err")"
"$COTUONG" analyse --depth 1 "$tmp/repaired.pgn" 2>"$tmp/analysed.err" >/dev/null
sed 's/^cotuong analyse/cotuong convert/' "$tmp/analysed.err" | cmp -s - "$tmp/repaired.err" ||
    fail "analyse: not the same warnings as convert: $(cat "$tmp/analysed.err")"
keys q
sleep 0.3
ui_start 80 24 $envs -- review --lang en "$tmp/repaired.pgn"
check "the game list says there are warnings" "W: 4 warning(s)"
keys Enter
check "the status line: how many, the first, where" "repaired.pgn: 4 warnings (W: all) —"
check "... the first one's game and line" "game 1, line 1: quotes inside a tag"
keys W
check "W lists them: the tag with quotes" "game 1, line 1: quotes inside a tag value (read up to the last one)"
check "... the control characters in a tag" "game 1, line 2: control characters replaced by spaces"
check "... the missing result" "game 1, line 5: no result: read as '*'"
check "... the escape in game 2's comment" "game 2, line 10: control characters replaced by spaces"
keys Down Down Down Enter
check "Enter on a warning opens its game" "two (2/2)"
title=$(T display -p -t "$S" '#{pane_title}')
case $title in *pwned*) fail "an OSC sequence from the file set the terminal title: $title" ;; esac
keys q
sleep 0.3
ui_start 80 24 $envs -- review --lang vi "$tmp/repaired.pgn"
check "in Vietnamese: the game list" "W: 4 cảnh báo"
keys Enter
check "in Vietnamese: the count" "repaired.pgn: 4 cảnh báo (W: xem"
check "in Vietnamese: the first" "ván 1, dòng 1: dấu ngoặc kép"
keys W
check "in Vietnamese: the list" "ván 2, dòng 10: ký tự điều khiển được thay bằng dấu cách"
keys q
sleep 0.3
ui_start 80 24 $envs -- review --lang en "$data/blunder.pgn"
check "a clean file opens" "Blunder (1/1)"
keys W
check "a clean file: W says so" "The file read without a warning."
# The analysis (A) of an unchanged file leaves it unchanged: its marks are the engine's
# reading, not an edit (the header said "(modified)" and q asked to leave unsaved changes).
keys A
check "A at 80x24: the game analysed" "Analysed 5 moves" 30
check "... its thresholds are the win chance lost" "6/12/30%)."
check_not "... the file is not called modified" "(modi"
# The mark comes from the win chance lost, and the panel says so at the marked move.
keys l l l l l
check "... 3. R1.8?? says what it lost" "?? loses "
check "... in the win chance" "% of the win chance (best"
keys q
check "... q leaves at once, nothing to save" "EXIT=0"
# A typed move is read as in a game: X9+1 in Vietnamese notation has a wrong direction.
keys q
sleep 0.3
ui_start 110 34 $envs -- review --lang vi "$data/blunder.pgn"
check "blunder.pgn opens in Vietnamese" "Blunder (1/1)"
typed ':'
typed 'X9+1'
keys Enter
check "X9+1 in review, Vietnamese: the direction is wrong" "hướng đi"
check_not "... not 'which piece'" "không biết quân nào"
# Under LANG=C (last: ui_start keeps its arguments in $envs) the footer names the letter keys, not arrows turned into '??'.
keys q
sleep 0.3
ui_start 110 34 LANG=C LC_ALL=C XDG_CONFIG_HOME=$XDG_CONFIG_HOME XDG_DATA_HOME=$XDG_DATA_HOME XDG_STATE_HOME=$XDG_STATE_HOME -- review --lang en "$data/blunder.pgn"
check "LANG=C: the footer in ASCII" "h/l step j/k alt. Tab/BkSp var."
check_not "LANG=C: no arrows lost to '??'" "?? step"
ok "review screen in tmux: $step checks, $fails failed"
[ "$fails" -eq 0 ] || failures=$((failures + fails))

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all review checks passed"
