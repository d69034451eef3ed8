#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_line -- `cotuong play --line` (and play with a pipe for input): the game read the way a
# screen reader reads it. A whole game is piped in: a mate in 4 from a real puzzle (CCPD
# 全盤戰術 00000001, tests/data/train/exercises.txt x1), each move typed in another notation;
# every byte written must be printable text or a newline; the moves are told in words in
# English and in Vietnamese (the words worked out by hand from the position, not taken from
# the program); the board, the help, an illegal move refused with its reason while the game
# goes on, a draw agreed, saving, the end of the input (the game kept, exit 3, resumed),
# games against the computer (ai:1) and an engine that end, and SIGTERM.
set -u
ct="$COTUONG"
fails=0 n=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state"
unset LANGUAGE LC_ALL LC_MESSAGES
export LANG=C.UTF-8

ok() { n=$((n + 1)); echo "ok $n - $1"; }
no() { n=$((n + 1)); echo "not ok $n - $1"; fails=$((fails + 1)); }
# has NAME FILE LINE: FILE holds LINE as a whole line.
has() { if grep -F -x -q -- "$3" "$2"; then ok "$1"; else no "$1: no line '$3' in:"; sed 's/^/    | /' "$2"; fi; }
lacks() { if grep -F -q -- "$3" "$2"; then no "$1: '$3' in the output"; else ok "$1"; fi; }
same() { if [ "$2" = "$3" ]; then ok "$1"; else no "$1: expected [$2], got [$3]"; fi; }
# plain NAME FILE: nothing but printable characters and newlines (no ESC, CR, BEL, tab, C1
# control), and valid UTF-8.
plain() {
    bad=$(LC_ALL=C tr -d -c '\000-\011\013-\037\177' <"$2" | wc -c)
    c1=$(grep -c -P '[\x{80}-\x{9f}]' "$2")
    if [ "$bad" -eq 0 ] && [ "$c1" -eq 0 ] && iconv -f UTF-8 -t UTF-8 "$2" >/dev/null 2>&1; then
        ok "$1: only printable text and newlines ($(wc -l <"$2") lines)"
    else
        no "$1: $bad control bytes, $c1 C1 controls:"
        od -c "$2" | grep -E '\\(033|r|a|t|[0-9]{3})' | head -n 5 | sed 's/^/    | /'
    fi
}

FEN='3N1ab2/9/2C2k3/4p4/2P4c1/4C4/n7P/4B4/3KA1n2/5AB2 w - - 1 54'
# The puzzle's line e4d4 a3b5 c5b5 h5d5 d4a4 g1f3 a4a7, typed in seven notations' worth of
# forms: coordinates, Vietnamese compact, WXF, ICCS, WXF, WXF (Black), Chinese.
game() {
    printf '%s\n' board e4d4 'M1/2' c5c9 xyzzy 'P7.8' 'H5-D5' 'C6.9' help 'H7-6' moves '炮九进三' board
}

echo "# a whole game piped in, English, no --line: stdin is not a terminal"
game | "$ct" play --lang en --fen "$FEN" --ascii >"$tmp/en" 2>"$tmp/en.err"
same "exit status 0 after the mate" 0 $?
plain "English game" "$tmp/en"
same "nothing on stderr" "" "$(cat "$tmp/en.err")"
has "red's move in words" "$tmp/en" "Red: Cannon 5 traverses to 6."
has "black's horse retreats (Black's files)" "$tmp/en" "Black: Horse 1 retreats to 2."
has "a capture is said" "$tmp/en" "Red: Pawn 7 traverses to 8, takes Horse."
has "a check is said" "$tmp/en" "Black: Cannon 8 traverses to 4, check."
has "the mating move" "$tmp/en" "Red: Cannon 9 advances 3."
has "the end with its reason" "$tmp/en" "Red wins (checkmate)."
has "whose turn" "$tmp/en" "Black to move."
has "illegal move refused with the reason" "$tmp/en" "Illegal: the piece does not move that way."
if grep -q '^Cannot read the move "xyzzy": ' "$tmp/en"; then ok "an unreadable move refused with the reason"
else no "an unreadable move: no 'Cannot read the move'"; fi
same "the game went on after the refusals (the 7 moves told, the mate last)" 7 \
    "$(sed -n '/^Red wins/q;p' "$tmp/en" | grep -c -E '^(Red|Black): [A-Z][a-z]+ ')"
has "board: the files" "$tmp/en" "  a b c d e f g h i"
has "board: rank 9 of the FEN, one line" "$tmp/en" "9 . . . H . a e . ."
has "board: rank 0" "$tmp/en" "0 . . . . . A E . ."
has "board after the mate: the cannon on a7" "$tmp/en" "7 C . C . . k . . ."
same "board: a line per rank, between the coordinates" 11 \
    "$(sed -n '/^  a b c/,/^0 /p' "$tmp/en" | head -n 11 | wc -l)"
has "help: moves in any notation" "$tmp/en" "Type a move in any notation (h2e2, H2-E2, C2.5, P2-5, 炮二平五), or a command:"
for c in board undo hint draw resign save quit; do
    if grep -q "^$c: " "$tmp/en"; then ok "help lists $c"; else no "help lists $c"; fi
done
has "moves: numbered, two a line" "$tmp/en" "2. P7.8 C8.4"
saved=$(ls "$XDG_DATA_HOME/cotuong/games/" 2>/dev/null | head -n 1)
if [ -n "$saved" ]; then ok "the finished game is saved ($saved)"; else no "the finished game is not in the games folder"; fi

echo "# typed control characters are never echoed back raw"
printf 'h2\033[2Je2\r\n\033]0;x\007\nquit\n' | "$ct" play --line --lang en >"$tmp/ctl" 2>&1
plain "a move with ESC, CR and an OSC title typed" "$tmp/ctl"
same "both refused" 2 "$(grep -c '^Cannot read the move' "$tmp/ctl")"

echo "# the same game in Vietnamese, Han board"
game | "$ct" play --line --lang vi --fen "$FEN" >"$tmp/vi" 2>&1
same "exit status 0" 0 $?
plain "Vietnamese game" "$tmp/vi"
has "Đỏ: Pháo 5 bình 6" "$tmp/vi" "Đỏ: Pháo 5 bình 6."
has "Đen: Mã 1 thoái 2" "$tmp/vi" "Đen: Mã 1 thoái 2."
has "a capture in Vietnamese" "$tmp/vi" "Đỏ: Tốt 7 bình 8, ăn Mã."
has "a check in Vietnamese" "$tmp/vi" "Đen: Pháo 8 bình 4, chiếu tướng."
has "the mate in Vietnamese" "$tmp/vi" "Đỏ: Pháo 9 tiến 3."
has "the result in Vietnamese" "$tmp/vi" "Đỏ thắng (chiếu bí)."
has "illegal, in Vietnamese" "$tmp/vi" "Không hợp lệ: quân này không đi như vậy."
has "Han board: rank 9" "$tmp/vi" "9 ＋ ＋ ＋ 傌 ＋ 士 象 ＋ ＋"
has "Han board: Red's file numbers" "$tmp/vi" "  九 八 七 六 五 四 三 二 一"
lacks "no river line" "$tmp/vi" "楚 河"

echo "# two rooks on one file: named by front and rear"
printf 'a0a1\n' | "$ct" play --line --lang en --fen '4k4/9/9/9/9/9/9/R8/9/R2K5 w - - 0 1' >"$tmp/tan" 2>&1
has "the rear rook, in English" "$tmp/tan" "Red: rear Rook advances 1."
printf 'a0a1\n' | "$ct" play --line --lang vi --fen '4k4/9/9/9/9/9/9/R8/9/R2K5 w - - 0 1' >"$tmp/tan" 2>&1
has "the rear rook, in Vietnamese" "$tmp/tan" "Đỏ: Xe sau tiến 1."

echo "# LANG=C: ASCII only"
game | LANG=C "$ct" play --line --lang vi --fen "$FEN" >"$tmp/c" 2>&1
bad=$(LC_ALL=C tr -d '\n\040-\176' <"$tmp/c" | wc -c)
same "LANG=C: nothing outside printable ASCII" 0 "$bad"
has "LANG=C: Vietnamese transliterated" "$tmp/c" "Do: Phao 5 binh 6."

echo "# the end of the input: the game kept for resuming"
rm -rf "$XDG_STATE_HOME"
printf '%s\n' e4d4 'M1/2' | "$ct" play --line --lang en --fen "$FEN" >"$tmp/eof" 2>&1
same "exit status 3: the input ended before the game" 3 $?
plain "end of input" "$tmp/eof"
has "said so" "$tmp/eof" "End of input: the game is kept; 'cotuong play --resume' goes on with it."
if [ -s "$XDG_STATE_HOME/cotuong/resume.pgn" ]; then ok "the resume file is written"; else no "no resume file"; fi
printf '%s\n' moves c5b5 h5d5 d4a4 g1f3 a4a7 | "$ct" play --line --resume --lang en >"$tmp/res" 2>&1
same "resumed game ends: exit 0" 0 $?
has "resumed with its moves" "$tmp/res" "Resumed the interrupted game (1 move)."
has "the moves before the break" "$tmp/res" "1. C5.6 H1-2"
has "resumed game mated" "$tmp/res" "Red wins (checkmate)."
printf 'quit\n' | "$ct" play --line --resume --lang en >"$tmp/res2" 2>&1
same "nothing left to resume: exit 1" 1 $?

echo "# a draw agreed, saving, the replace question"
printf '%s\n' h2e2 draw accept "save $tmp/d.pgn" board "save $tmp/d2.pgn" h9g7 |
    "$ct" play --line --lang en --ascii >"$tmp/draw" 2>&1
has "the offer" "$tmp/draw" "Black offers a draw: Red answers 'accept' or 'decline' (a move declines)."
has "agreed" "$tmp/draw" "Draw (agreement)."
has "saved" "$tmp/draw" "Saved to $tmp/d.pgn"
if grep -q 'h2e2\|C2\.5\|H2-E2' "$tmp/d.pgn" 2>/dev/null; then ok "the PGN holds the move"; else no "the PGN lacks the move"; fi
has "a move after the end is refused" "$tmp/draw" "The game is over: 'undo', 'save' or 'quit'."
printf '%s\n' h2e2 "save $tmp/d.pgn" n quit | "$ct" play --line --lang en >"$tmp/repl" 2>&1
has "replacing asks" "$tmp/repl" "$tmp/d.pgn exists. Replace it? (y/n)"
has "no: not saved" "$tmp/repl" "Not saved."
has "quit keeps the game" "$tmp/repl" "The game is kept: 'cotuong play --resume' goes on with it."

echo "# undo and a hint (the hint comes from a thread; the lines after it wait for it)"
printf '%s\n' h2e2 undo hint quit | "$ct" play --line --lang en >"$tmp/hint" 2>&1
has "undo" "$tmp/hint" "Move taken back."
same "Red to move again after the undo (at the start, then after undo)" 2 "$(grep -c '^Red to move\.$' "$tmp/hint")"
has "looking" "$tmp/hint" "Looking for a good move..."
if grep -q -E '^Hint: (Horse|Cannon|Rook|Pawn|Elephant|Advisor|King) [1-9] [a-z]+( to)? [1-9] \([^)]+\)\.$' "$tmp/hint"
then ok "the hint in words and notation"; else no "no hint"; sed 's/^/    | /' "$tmp/hint"; fi

echo "# the clocks"
printf '%s\n' time | "$ct" play --line --lang en --clock 5+0 >"$tmp/time" 2>&1
if grep -q -E '^Time left: Red [45]:[0-5][0-9], Black 5:00\.$' "$tmp/time"; then ok "time: both clocks"
else no "time"; sed 's/^/    | /' "$tmp/time"; fi
printf '%s\n' time | "$ct" play --line --lang en >"$tmp/time" 2>&1
has "time without a clock" "$tmp/time" "This game has no clock."

echo "# against the computer (ai:1): its move told when it comes; the game ends"
printf '%s\n' board resign | "$ct" play --line --lang en --red ai:1 >"$tmp/ai" 2>&1
same "exit status 0" 0 $?
plain "game against ai:1" "$tmp/ai"
has "the players" "$tmp/ai" "Red: computer, level 1. Black: human."
if grep -q -E '^Red: (King|Advisor|Elephant|Horse|Rook|Cannon|Pawn) [1-9] (advances|retreats|traverses)' "$tmp/ai"
then ok "the computer's move in words"; else no "no move of the computer told"; sed 's/^/    | /' "$tmp/ai"; fi
# the lines wait for the computer: the board comes after its move, Black to move.
if sed -n '/^Red: [A-Z]/,$p' "$tmp/ai" | grep -q '^Black to move\.$'; then ok "board after the computer's move"
else no "the board did not wait for the computer"; fi
has "ends by resignation" "$tmp/ai" "Red wins (resignation)."
# Black (ai:1) to move has a mate in 1 (CCPD 殘局 00000005, x2); a person plays Red. Either
# the computer mates, or the game goes on and the person resigns: it ends either way.
printf '%s\n' resign | "$ct" play --line --lang vi --black ai:1 \
    --fen '2ba1k3/4a4/1P2b4/p8/9/8P/P8/4r4/3K5/2n1CA1R1 b - - 20 11' >"$tmp/ai2" 2>&1
same "exit status 0" 0 $?
if grep -q -E '^Đen thắng \((chiếu bí|xin thua)\)\.$' "$tmp/ai2"; then ok "a game against ai:1 ends ($(grep '^Đen thắng' "$tmp/ai2"))"
else no "no end against ai:1"; sed 's/^/    | /' "$tmp/ai2"; fi
plain "Vietnamese game against ai:1" "$tmp/ai2"

echo "# an external engine (the program's own UCI front end) plays Black"
printf '%s\n' h2e2 resign | "$ct" play --line --lang en --black "uci:$ct uci" >"$tmp/eng" 2>&1
same "exit status 0" 0 $?
plain "game against an engine" "$tmp/eng"
if grep -q -E '^Black: (Horse|Cannon|Rook|Pawn|Elephant|Advisor|King) ' "$tmp/eng"; then ok "the engine's move in words"
else no "no move of the engine told"; sed 's/^/    | /' "$tmp/eng"; fi
has "Red resigns" "$tmp/eng" "Black wins (resignation)."

echo "# SIGTERM while waiting for a line: the game kept, exit 128+15"
rm -rf "$XDG_STATE_HOME"
{ printf 'h2e2\n'; sleep 4; } | "$ct" play --line --lang en >"$tmp/sig" 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && ! grep -q '^Red: Cannon' "$tmp/sig"; do sleep 0.05; i=$((i + 1)); done
kill -TERM "$pid"
wait "$pid"
same "exit status 143" 143 $?
has "said so" "$tmp/sig" "Signal received: the game is kept."
plain "after a signal" "$tmp/sig"
same "the move is in the resume file" 1 "$("$ct" autoplay --check 2>/dev/null | sed -n 's/^moves //p')"

echo "$n checks, $fails failed"
[ "$fails" -eq 0 ]
