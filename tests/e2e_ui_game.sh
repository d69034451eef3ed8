#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_ui_game.sh -- plays whole games through the terminal UI, as a person would:
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
ui_start 80 24 LANG=C.UTF-8 -- play --red ai:3 --black ai:3 --lang en --fen "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1"
check "AI against AI ends with a result" "wins (" 60

ui_done
