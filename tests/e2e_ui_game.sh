#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_ui_game.sh -- the game through the terminal UI, as a person would play it:
#   0. the defects of issue 10 around the game model, each shown on screen: O during a game
#      and back to it, N asking, the path typed after the prefilled folder, S asking before
#      replacing a file, per-move clocks counting down, --flip in the menu's game, pause and
#      pace of the AI against itself, the saved file named after the players, the result
#      with its reason in review, resume after a deliberate quit;
#   1. at 80x24 (UTF-8) against the AI at level 1, each of our moves taken from the hint
#      (i) and made with mouse clicks on the squares it names, until the game ends;
#   2. at 200x60 under LANG=C (ASCII board) the same with the keyboard (hint, then Enter);
#   3. the AI against itself from an endgame until the result is shown.
# Asserts that each game reaches a result on the screen. Takes a minute or two.
. "$(dirname "$0")/tmux_lib.sh"
ui_require

# Cell of square NAME (e.g. h2) with Red at the bottom: compact (80x24) or large layout.
cell() {
    f=$(printf '%d' "'$(echo "$1" | cut -c1)")
    f=$((f - 97))
    r=$(echo "$1" | cut -c2)
    if [ "$2" = large ]; then
        echo "$((4 + 8 * f)) $((3 + 4 * (9 - r)))"
    else
        echo "$((4 + 4 * f)) $((2 + 2 * (9 - r)))"
    fi
}

# play_game LAYOUT HOW: loops hint -> move until a result appears (at most 150 turns).
play_game() {
    layout=$1 how=$2 turns=0
    while [ $turns -lt 150 ]; do
        if cap | grep -E -q "wins \(|Draw \("; then
            return 0
        fi
        if ! wait_for "Red to move" 30; then
            cap | grep -E -q "wins \(|Draw \(" && return 0
            echo "# no turn for Red"; return 1
        fi
        keys i
        if ! wait_for "Hint:" 10; then
            cap | grep -E -q "wins \(|Draw \(" && return 0
            echo "# no hint"; return 1
        fi
        mv=$(cap | sed -n 's/.*Hint: \([a-i][0-9][a-i][0-9]\).*/\1/p' | head -n 1)
        [ -n "$mv" ] || { echo "# cannot read the hint"; cap; return 1; }
        if [ "$how" = mouse ]; then
            # Odd turns: click the piece (it is already selected by the hint: clicking it
            # again drops the selection, so click it twice), then the target; even turns:
            # the hint selected the piece, click the target only.
            if [ $((turns % 2)) -eq 1 ]; then
                set -- $(cell "$(echo "$mv" | cut -c1-2)" "$layout")
                click "$1" "$2"
                wait_for "Hint:" 1 >/dev/null
                sleep 0.2
                click "$1" "$2"
                sleep 0.2
            fi
            set -- $(cell "$(echo "$mv" | cut -c3-4)" "$layout")
            click "$1" "$2"
        else
            keys Enter                           # the hint put the cursor on its target
        fi
        turns=$((turns + 1))
        # Wait for our move in the history ("12. h2e2") before the next turn.
        if ! wait_for "$turns. $mv" 20; then
            echo "# move $turns ($mv) did not reach the history"; return 1
        fi
    done
    return 1
}

move() { keys :; sleep 0.1; typed "$1"; keys Enter; }

echo "# O during a game opens a file in review; leaving the review is back in the game"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --notation coord --lang en
check "hot-seat game" "Red to move"
move h2e2
check "a move" "1. h2e2"
keys O
check "the Open list" "Open a saved game"
keys Enter
check "open prompt (Type a path...), prefilled with the games folder" "Open the game file"
# Typed after the prefilled folder: an absolute path is used as typed (not games//tmp/...).
typed "$TEST_DATA_DIR/review/games.pgn"
keys Enter
check "the file opens in review (its game list)" "3 games — choose one"
keys q
check "back in the game in progress" "1. h2e2"
check "with its turn" "Black to move"
keys N
check "N asks about the game in progress" "Abandon this game"
keys n
check "still the game" "1. h2e2"

echo "# S onto an existing file asks before replacing it"
printf 'keep me\n' >"$UI_HOME/exists.pgn"
keys S
check "save prompt" "Save the game to:"
T send-keys -t "$S" -N 300 BSpace
typed "$UI_HOME/exists.pgn"
keys Enter
check "asks before replacing" "exists. Replace it? (y/n)"
keys n
check "not saved" "Not saved."
step=$((step + 1))
if [ "$(cat "$UI_HOME/exists.pgn")" = "keep me" ]; then echo "ok $step - the file is untouched"; else
    echo "not ok $step - the file was replaced"; fails=$((fails + 1)); fi
keys S
T send-keys -t "$S" -N 300 BSpace
typed "$UI_HOME/exists.pgn"
keys Enter
check "asks again" "Replace it?"
keys y
check "saved after yes" "Saved to"
step=$((step + 1))
if grep -q 'H2-E2' "$UI_HOME/exists.pgn"; then echo "ok $step - the game replaced the file"; else
    echo "not ok $step - the file does not hold the game"; fails=$((fails + 1)); fi

echo "# per-move clock: /30 counts down the side to move's 30 s"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --clock /30 --lang en
check "per-move clock shown" "00:30"
check "it counts down" "00:2" 6
check_not "no 00:00 clock" "00:00"

echo "# --flip carries into the game started from the menu"
# A state directory of its own: the sessions before may still save their games on SIGHUP.
ui_start 80 24 LANG=C.UTF-8 "XDG_STATE_HOME=$UI_HOME/state-flip" -- --flip --lang en
check "menu" "New game: two players on this computer"
keys Enter
check "set-up page" "Start the game"
keys Down Down Enter
check "hot-seat game from the menu" "Red to move"
check_line "flipped: Black's king at the bottom (--flip kept)" 21 "將"

echo "# the AI against itself: pause and pace"
ui_start 80 24 LANG=C.UTF-8 -- play --red ai:1 --black ai:1 --notation coord --lang en
check "AI against AI" "Red: AI level 1"
check "it plays" "2. " 20
keys p
check "paused" "Paused (p goes on)."
before=$(cap | grep -c '^.*[0-9]\. ')
sleep 1.5
after=$(cap | grep -c '^.*[0-9]\. ')
step=$((step + 1))
if [ "$before" = "$after" ]; then echo "ok $step - no move while paused"; else
    echo "not ok $step - moves while paused ($before -> $after lines)"; fails=$((fails + 1)); fi
keys -
check "pace slower" "Pace: at least 0.25 s a move"
keys p
check "goes on" "Going on."

echo "# a finished game is saved under the players' names; review says why it ended"
ui_start 80 24 LANG=C.UTF-8 -- play --black ai:3 --lang en --fen "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1"
check "position loaded" "Red to move"
move a0a9
check "checkmate" "Red wins (checkmate)"
saved=$(ls "$XDG_DATA_HOME/cotuong/games/" 2>/dev/null | grep -- '-human-vs-ai-level-3\.pgn$' | head -n 1)
step=$((step + 1))
if [ -n "$saved" ]; then echo "ok $step - saved as $saved"; else
    echo "not ok $step - no games/*-human-vs-ai-level-3.pgn: $(ls "$XDG_DATA_HOME/cotuong/games/" 2>&1)"; fails=$((fails + 1)); fi
keys q
ui_start 80 24 LANG=C.UTF-8 -- review --lang en "$XDG_DATA_HOME/cotuong/games/$saved"
check "review shows the result with its reason" "1-0 (checkmate)"

echo "# quitting a timed game: resume says so and keeps the time used"
rm -f "$XDG_STATE_HOME/cotuong/resume.pgn"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --clock 5+0 --notation coord --lang en
check "timed game" "05:00"
move h2e2
check "Red moved" "Black to move"
sleep 2.5
keys q
check "asks" "Quit anyway?"
keys y
check "quit" "EXIT=0"
left=$("$COTUONG" autoplay --check | sed -n 's/^clocks [0-9]* //p')
step=$((step + 1))
if [ -n "$left" ] && [ "$left" -le 298000 ]; then echo "ok $step - Black's clock kept the 2.5 s it used ($left ms left)"; else
    echo "not ok $step - Black's clock: $left"; "$COTUONG" autoplay --check | sed 's/^/    | /'; fails=$((fails + 1)); fi
"$COTUONG" autoplay --check | grep -q '^interrupted quit$' && echo "ok $((step = step + 1)) - the file says quit" ||
    { echo "not ok $((step = step + 1)) - no 'interrupted quit'"; fails=$((fails + 1)); }
ui_start 80 24 LANG=C.UTF-8 -- play --resume --lang en
check "resume says it was a quit" "Resumed after a quit (move 1)."

echo "# changes made in review are in the resume file at once, and come back after a kill"
cp "$TEST_DATA_DIR/review/games.pgn" "$UI_HOME/rev.pgn"
rm -f "$XDG_STATE_HOME/cotuong/resume.pgn"
ui_start 80 24 LANG=C.UTF-8 -- review --lang en "$UI_HOME/rev.pgn"
check "game list" "3 games — choose one"
keys Enter
check "review" "Review test 1 (1/3)"
keys Right
check "first move's comment" "Tiên nhân chỉ lộ"
keys C
check "comment prompt" "Comment:"
typed " resume-me"
keys Enter
check "comment set" "Comment set"
step=$((step + 1))
if grep -q 'resume-me' "$XDG_STATE_HOME/cotuong/resume.pgn" 2>/dev/null &&
    grep -q '\[Mode "review"\]' "$XDG_STATE_HOME/cotuong/resume.pgn"; then
    echo "ok $step - the comment is in the resume file"
else
    echo "not ok $step - the review's change is not in the resume file"; fails=$((fails + 1))
fi
pid=$(pgrep -P "$(T display -p -t "$S" '#{pane_pid}')" | head -n 1)
kill -HUP "$pid"
check "killed" "EXIT=129"
ui_start 80 24 LANG=C.UTF-8 -- --resume --lang en
check "the review comes back" "Resumed the review of"
check "with its change" "resume-me"

echo "# full game against the AI, mouse, 80x24 UTF-8"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black ai:1 --notation coord --lang en
check "game started" "Black: AI level 1"
step=$((step + 1))
if play_game compact mouse; then
    echo "ok $step - the game against the AI reached a result: $(cap | grep -E -o '(Red|Black) wins \([^)]*\)|Draw \([^)]*\)' | head -n 1)"
else
    echo "not ok $step - no result"; cap | sed 's/^/    | /'; fails=$((fails + 1))
fi
cap | sed 's/^/    # /'

echo "# full game against the AI, keyboard, 200x60, LANG=C (ASCII)"
ui_start 200 60 LANG=C LC_ALL=C -- play --red human --black ai:1 --notation coord --lang en
check "ASCII game started" "R-------H-------E"
step=$((step + 1))
if play_game large keys; then
    echo "ok $step - the ASCII game reached a result: $(cap | grep -E -o '(Red|Black) wins \([^)]*\)|Draw \([^)]*\)' | head -n 1)"
else
    echo "not ok $step - no result"; cap | sed 's/^/    | /'; fails=$((fails + 1))
fi

echo "# the AI against itself from an endgame"
ui_start 80 24 LANG=C.UTF-8 -- play --red ai:3:1 --black ai:3:2 --lang en --fen "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1"
check "AI against AI ends with a result" "wins (" 60

ui_done
