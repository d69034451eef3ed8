#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_train.sh -- the trainer end to end: `train --list` (format), the line mode (an
# alternative solution accepted, a move that misses the mate refused: verdicts fairy-stockfish
# gave, see tests/check_train.c), the progress file surviving a kill -9, the puzzle of the
# day stable for a date, and the trainer screen in tmux at 80x24, UTF-8 and LANG=C.
. "$(dirname "$0")/tmux_lib.sh"
ui_require
SET="$TEST_DATA_DIR/train/exercises.txt"
ok() { step=$((step + 1)); echo "ok $step - $1"; }
bad() { step=$((step + 1)); echo "not ok $step - $1"; fails=$((fails + 1)); }
expect() { # NAME WANT HAVE
    if [ "$2" = "$3" ]; then ok "$1"; else bad "$1"; printf '    want: %s\n    have: %s\n' "$2" "$3"; fi
}

echo "# --list: id, kind, goal, difficulty; filters"
out=$("$COTUONG" train --exercises "$SET" --list)
expect "the list" "x1     tactic     Red to move, mate in 4   3
x2     endgame    Black to move, mate in 1 2
x3     endgame    Red to move and win      3" "$out"
expect "--kind endgame" "x2 x3" "$("$COTUONG" train --exercises "$SET" --list --kind endgame | awk '{print $1}' | tr '\n' ' ' | sed 's/ $//')"
expect "--difficulty 2" "x2" "$("$COTUONG" train --exercises "$SET" --list --difficulty 2 | awk '{print $1}')"
"$COTUONG" train --exercises "$SET" --kind nonsense --list >/dev/null 2>&1
expect "a bad kind is refused" 2 $?
"$COTUONG" train --exercises "$SET" nosuch </dev/null >/dev/null 2>&1
expect "an unknown id is an error" 1 $?

echo "# line mode: refusal, an alternative solution, hints, progress"
out=$(printf 'i3i4\ne4a4\nquit\n' | "$COTUONG" train --exercises "$SET" x1)
case $out in *"refused: i3i4 "*) ok "i3i4 refused (no mate in 4)" ;; *) bad "i3i4 refused"; echo "$out" ;; esac
case $out in *"accepted: e4a4; reply "*"; mate in 3 to go"*) ok "e4a4 accepted (not the stored e4d4)" ;; *) bad "e4a4 accepted"; echo "$out" ;; esac
out=$(printf 'c0b2\nhint\nhint\ne2d2\n' | "$COTUONG" train --exercises "$SET" x2)
expect "mate in 1: refusal, hints, solved" "exercise x2 (endgame, difficulty 2): Black to move, mate in 1
fen 2ba1k3/4a4/1P2b4/p8/9/8P/P8/4r4/3K5/2n1CA1R1 b - - 20 11
source test: a mate in 1 (CCPD 殘局 00000005)
refused: c0b2 does not mate in time; try again
hint: the piece on e2
hint: e2d2
solved: e2d2" "$(echo "$out" | sed 's/, puzzle of the day//')"
prog="$XDG_STATE_HOME/cotuong/train"
expect "progress: x1 failed, x2 solved (after a refusal, so no streak)" "streak 0 0
ex x1 0 1 DAY
ex x2 1 1 DAY" "$(sed 1d "$prog" | sed 's/ [0-9]\{8\}$/ DAY/')"

echo "# the progress survives a kill -9 right after the answer"
fifo="$UI_HOME/in"
mkfifo "$fifo"
"$COTUONG" train --exercises "$SET" x2 <"$fifo" >"$UI_HOME/out" 2>&1 &
pid=$!
exec 3>"$fifo"
echo e2d2 >&3
i=0
while [ $i -lt 100 ] && ! grep -q "^solved" "$UI_HOME/out"; do sleep 0.1; i=$((i + 1)); done
kill -9 $pid
wait $pid 2>/dev/null
exec 3>&-
expect "the clean solve is on disk after kill -9" "streak 1 1
ex x1 0 1 DAY
ex x2 2 1 DAY" "$(sed 1d "$prog" | sed 's/ [0-9]\{8\}$/ DAY/')"
left=$(ls -A "$XDG_STATE_HOME/cotuong" | grep -c '^\.train\.' || true)
expect "no temporary file left" 0 "$left"

echo "# the puzzle of the day: a function of the date"
a=$("$COTUONG" train --exercises "$SET" --today --date 2026-12-01 </dev/null | head -n 1)
b=$("$COTUONG" train --exercises "$SET" --today --date 2026-12-01 </dev/null | head -n 1)
expect "2026-12-01 (same twice)" "exercise x1 (tactic, difficulty 3, puzzle of the day): Red to move, mate in 4" "$a"
expect "stable" "$a" "$b"
c=$("$COTUONG" train --exercises "$SET" --today --date 1970-01-01 </dev/null | head -n 1)
expect "1970-01-01" "exercise x2 (endgame, difficulty 2, puzzle of the day): Black to move, mate in 1" "$c"

echo "# the trainer screen, 80x24, UTF-8"
ui_start 80 24 LANG=C.UTF-8 "COTUONG_EXERCISES=$SET" -- train x1 --lang en
check "the trainer opens" "Trainer: x1 (1/3)"
check "the goal" "Red to move, mate in 4"
check "the board" "帥"
keys :
typed "i3i4"
keys Enter
check "a move that misses the mate is refused" "does not mate in time" 20
keys :
typed "e4a4"
keys Enter
check "the alternative is accepted" "3 to go." 20
keys i
check "hint: the piece" "Hint: move the piece on" 20
keys i
check "hint: the move, as play's hint" "(Enter plays it)" 20
# The hint is play's: its piece chosen, the cursor on its target; Enter plays it (it used to
# leave the cursor on the piece, and Enter said "That piece is not yours." of Red's own).
hinted=$(cap | sed -n 's/.*Hint: \([^ ]*\) (Enter plays it).*/\1/p' | head -n 1)
keys Enter
check "Enter plays the hinted move ($hinted)" "$hinted: " 20
check_not "no refusal of the player's own piece" "That piece is not yours"
keys s
check "the solution" "The solution: move 1 of 7"
keys Right
check "the solution steps" "The solution: move 2 of 7"
keys Escape r
check "retry" "Again: Red to move, mate in 4"
keys NPage
check "next exercise" "Trainer: x2 (2/3)"
keys K
check "filter by kind: mating exercises (none here)" "No exercise matches the filter"
keys K
check "filter: endgames" "Filter: endgame, any difficulty"
keys q
check "quit" "EXIT=0"

echo "# the history in two columns as in play, Black's column by display width (vi-long)"
ui_start 80 24 LANG=C.UTF-8 "COTUONG_EXERCISES=$SET" -- train x1 --lang vi
check "the trainer opens (vi)" "Luyện tập: x1"
# The panel's header rows wrap instead of being cut ("2/32 nước t…", "(CCPD 全盤戰術 000…").
check "the exercise's line, whole: its last word on the next row" "  thắng"
check "the exercise's source, whole" "00000001)"
i=0
while [ $i -lt 6 ] && ! cap | grep -q "Ký hiệu: vi-long"; do keys n; sleep 0.2; i=$((i + 1)); done
check "vi-long" "Ký hiệu: vi-long"
keys s
check "the solution" "Lời giải"
keys Right Right Right Right
# It listed one move a line ("54... Mã 1 thoái 2"); Black's moves now start in one column,
# counted in display columns ("Tốt" is 3 columns, 5 bytes).
check "move 54: Red, then Black" " 54. Pháo 5 bình 6  Mã 1 thoái 2"
check "move 55: Black's move under Black's" " 55. Tốt 7 bình 8   Pháo 8 bình 4"
keys q

echo "# the minimum size (65x23), --lang vi: the exercise's source whole on three rows"
ui_start 65 23 LANG=C.UTF-8 "COTUONG_EXERCISES=$SET" -- train x1 --lang vi
check "the trainer opens (vi, 65x23)" "Luyện tập: x1"
check "the source's last row" "00000001)"
keys q

echo "# the screen stays live while the judge thinks (x3 with a budget that takes minutes)"
ui_start 80 24 LANG=C.UTF-8 "COTUONG_EXERCISES=$SET" COTUONG_JUDGE_NODES=4000000000 -- train x3 --lang en
check "x3 opens" "Red to move and win"
keys :
typed "f8f0"
keys Enter
check "the judge thinks" "Checking the move... (Esc: cancel)"
keys '?'
check "? opens the help while the judge thinks" "The trainer"
keys q
check "back from the help: still judging" "Checking the move..."
T resize-window -t "$S" -x 100 -y 30
step=$((step + 1))
i=0
while [ $i -lt 100 ] && [ "$(cap | awk '{ if (length($0) > 80) n++ } END { print n + 0 }')" -eq 0 ]; do
    sleep 0.05
    i=$((i + 1))
done
if [ $i -lt 100 ]; then echo "ok $step - a resize is drawn while the judge thinks"
else echo "not ok $step - a resize is drawn while the judge thinks"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
keys Escape
check "Esc takes the move back before the verdict" "Taken back before the verdict"
keys :
typed "f8f0"
keys Enter
check "judging again" "Checking the move..."
keys q
check "q leaves at once, the judge stopped" "EXIT=0"

echo "# LANG=C: an ASCII board"
ui_start 80 24 LANG=C LC_ALL=C "COTUONG_EXERCISES=$SET" -- train x3 --lang en
check "ASCII trainer" "Red to move and win"
check_not "no Han glyphs" "帥"
# The source has a row of its own under the filter (it used to share the filter's row and
# keep two columns of it); its Han text is a placeholder under LANG=C.
check "the source on its own row" "test: a win (CCPD <?> 00000007)"
keys q
check "quit" "EXIT=0"

echo "# the start menu: the trainer entry and the puzzle of the day"
ui_start 80 24 LANG=C.UTF-8 "COTUONG_EXERCISES=$SET" -- --lang en
check "puzzle of the day on the start screen" "Puzzle of the day: x"
check "the entry" "Trainer: exercises and the puzzle of the day"
click 40 $(($(cap | grep -n "Trainer: exercises" | head -n 1 | cut -d: -f1) - 1))
check "the trainer from the menu" "Trainer: x"
keys q
check "back to the menu" "New game: against the AI"

echo "# $step checks, $fails failed"
[ "$fails" -eq 0 ]
