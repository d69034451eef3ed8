#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_ui_dialog.sh -- every question is the one dialog, read whole: centred over the screen
# that asks, wrapped to the width, its answer keys on screen, at 80x24 and at the minimum
# size (65x23), UTF-8 and LANG=C. Review's "… exists. Replace it? (y/n)" used to be cut away
# (the screen looked frozen and y replaced another file), and "The changes are not saved.
# Leave anyway? (y/n)" was cut to "Leave any…".
. "$(dirname "$0")/tmux_lib.sh"
ui_require
data="$TEST_DATA_DIR/review"

# whole NAME TEXT: TEXT is on screen whole, wrapped as it may be: the columns the dialog can
# take (all but two on each side), rows joined, blanks dropped (a wrap breaks only at a blank
# or after a slash), hold TEXT without its blanks.
whole() {
    step=$((step + 1))
    want=$(printf '%s' "$2" | tr -d ' ')
    n=$((cols - 4)) i=0 have=
    while [ $i -lt 100 ]; do
        have=$(cap | LC_ALL=C.UTF-8 sed -n "s/^..\\(.\\{1,$n\\}\\).*/\\1/p" | tr -d ' \n')
        case $have in *"$want"*) break ;; esac
        sleep 0.05
        i=$((i + 1))
    done
    case $have in
    *"$want"*) echo "ok $step - $1" ;;
    *) echo "not ok $step - $1 (not on screen whole: '$2')"; cap | sed 's/^/    | /'; fails=$((fails + 1)) ;;
    esac
}

long="$UI_HOME/a-folder-with-a-rather-long-name-for-the-saved-games-of-the-test"
mkdir -p "$long"
for size in "80 24" "65 23"; do
    for lang in C.UTF-8 C; do
        set -- $size
        echo "# review at $1x$2, LANG=$lang: replacing a file, leaving with changes"
        cp "$data/blunder.pgn" "$long/first.pgn"
        printf 'keep me\n' >"$long/another-game-that-exists.pgn"
        ui_start "$1" "$2" LANG=$lang LC_ALL=$lang -- review --lang en "$long/first.pgn"
        check "the review opens" "Blunder (1/1)"
        keys S
        check "the save prompt" "Save all games to:"
        T send-keys -t "$S" -N 300 BSpace
        typed "$long/another-game-that-exists.pgn"
        keys Enter
        whole "the whole question, path and answer keys" "$long/another-game-that-exists.pgn exists. Replace it? (y/n)"
        keys n
        check "n: not saved" "Not saved."
        step=$((step + 1))
        if [ "$(cat "$long/another-game-that-exists.pgn")" = "keep me" ]; then echo "ok $step - the other file is untouched"
        else echo "not ok $step - the other file was replaced"; fails=$((fails + 1)); fi
        typed ':'
        typed 'h2e2'
        keys Enter
        check "a move played on: changed" "(modified)"
        keys q
        whole "leaving asks, whole" "The changes are not saved. Leave anyway? (y/n)"
        keys n
        check_gone "n stays" "Leave anyway?"
        keys q
        check "asked again" "Leave anyway?"
        keys y
        check "y leaves" "EXIT=0"
    done
done

echo "# play at 65x23: the quit question whole"
ui_start 65 23 LANG=C.UTF-8 -- play --lang en --red human --black human
check "a game" "Red to move"
keys g
check "g says what the pieces are now (it said nothing)" "Pieces: vi"
keys g g
check "... back to the Han glyphs" "Pieces: han"
typed ':'
typed 'h2e2'
keys Enter
check "a move" "Black to move"
keys q
whole "the quit question" "The game is not saved. Quit anyway? (y/n; it stays resumable)"
keys n
check_gone "n: the game goes on" "Quit anyway?"

cp "$data/blunder.pgn" "$long/first.pgn"
ui_start 80 24 LANG=C.UTF-8 -- review --lang en "$long/first.pgn"
check "the review opens" "Blunder (1/1)"
echo "# 80x24: help entries wrap instead of being cut"
keys '?'
check "the help" "Reviewing a game"
whole "the move line's entry, whole" "type a move in any notation (or a coordinate move like h2e2)"
keys q
check "back from the help" "Blunder (1/1)"

echo "# 65x23: a message the panel cut says so, and is whole on the messages screen (!)"
deep="$long/and-one-more-folder-with-a-long-name/and-another-one-to-make-the-status-too-long"
mkdir -p "$deep"
cp "$data/blunder.pgn" "$deep/first.pgn"
ui_start 65 23 LANG=C.UTF-8 -- review --lang en "$deep/first.pgn"
check "the review opens" "Blunder (1/1)"
check "the long path: whole in the panel" "first.pgn: 1 game(s)."
junk=$(printf 'nomove%.0s' $(seq 1 60))
typed ':'
typed "$junk"
keys Enter
check "a message too long for the panel says it was cut and which key shows it" "… [!]"
keys '!'
check "the messages screen" "Messages (the newest last)"
whole "the path of the file opened, whole" "Opened $deep/first.pgn: 1 game(s)."
whole "the long message, whole" "Cannot read the move \"$junk\""
keys q
check "back to the review" "Blunder (1/1)"

echo "# 80x24: the lobby's game code is never cut"
ui_start 80 24 LANG=C.UTF-8 "XDG_STATE_HOME=$UI_HOME/state2" -- --lang en # no resume offer
check "the start menu" "Play someone on this computer"
click 40 $(($(cap | grep -n "Play someone on this computer" | head -n 1 | cut -d: -f1) - 1))
check "the lobby" "Host a new game"
keys Enter
check "game" "Game: standard (cờ tướng) or coup (cờ úp):"
keys Enter
check "side" "Your side (red or black):"
keys Enter
check "clock" "Clock"
keys Enter
check "users" "Only these users"
keys Enter
check "offered" "Offered game"
step=$((step + 1))
i=0
while [ $i -lt 60 ] && ! cap | grep -Eq '(^| )[A-Z2-9]{4,}\)\.'; do sleep 0.05; i=$((i + 1)); done
if cap | grep -Eq '(^| )[A-Z2-9]{4,}\)\.'; then echo "ok $step - the code to join with, whole"
else echo "not ok $step - the code to join with is cut"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
keys q

# A question that takes text is the same dialog, the answer wrapped in it whole: a long path
# typed at "Save the game to:" used to scroll sideways in the panel's last row (its start
# out of sight), and the editor's sat on one cut row above the key bar.
tpath="$long/and-a-second-folder/a-game-with-a-long-name-too.pgn"
for size in "80 24" "65 23"; do
    for lang in C.UTF-8 C; do
        for ul in en vi; do
            set -- $size
            echo "# play at $1x$2, LANG=$lang, --lang $ul: the save question with a long path"
            ui_start "$1" "$2" LANG=$lang LC_ALL=$lang -- play --lang $ul --red human --black human
            case $ul/$lang in
            en/*) check "a game" "Red to move" ;;
            vi/C.UTF-8) check "a game" "Đỏ đi" ;;
            vi/C) check "a game" "Do di" ;;
            esac
            keys S
            sleep 0.3
            keys C-u
            typed "$tpath"
            whole "the path typed, whole" "$tpath"
            case $ul/$lang in
            en/*) whole "the keys" "Enter accepts, Tab completes the name, Esc cancels." ;;
            vi/C.UTF-8) whole "the keys" "Enter để nhận, Tab để điền nốt tên, Esc để thôi." ;;
            vi/C) whole "the keys (ASCII)" "Enter de nhan, Tab de dien not ten, Esc de thoi." ;;
            esac
            keys Enter
            step=$((step + 1))
            i=0
            while [ $i -lt 100 ] && ! [ -s "$tpath" ]; do sleep 0.05; i=$((i + 1)); done
            if [ -s "$tpath" ]; then echo "ok $step - the game is in the file typed"
            else echo "not ok $step - nothing saved to $tpath"; fails=$((fails + 1)); fi
            rm -f "$tpath"
        done
    done
done
mkdir -p "$long/and-a-second-folder"
echo "# the editor at 65x23, LANG=C: the position's file name, whole"
ui_start 65 23 LANG=C LC_ALL=C -- --lang en
check "menu" "Set up a position"
y=$(cap | grep -n 'Set up a position' | head -n 1 | cut -d: -f1)
x=$(cap | grep 'Set up a position' | head -n 1 | awk '{print index($0, "Set up")}')
click $((x + 1)) $((y - 1))
i=0
while [ $i -lt 40 ] && ! cap | grep -q "In hand:"; do sleep 0.05; i=$((i + 1)); done
cap | grep -q "In hand:" || click $((x + 1)) $((y - 1))
check "editor: opened" "In hand:"
check "the side to move, whole (it was cut: 'Red to move (Tab ch...')" "     changes)"
keys S
check "the question" "Save the position to:"
keys C-u
typed "$long/and-a-second-folder/a-position-with-a-long-name.fen"
whole "the path typed, whole" "$long/and-a-second-folder/a-position-with-a-long-name.fen"
esc
check_gone "Esc: no question" "Save the position to:"

echo "# 65x23, LANG=C, --lang vi: a clock beside a long player's name goes under it"
ui_start 65 23 LANG=C LC_ALL=C -- play --lang vi --red ai:10 --black human --clock 600+5
check "the AI's seat" "Do: may cap 10"
# "Do: may cap 10" and Red's clock did not fit one row of the panel: the clock was left out.
step=$((step + 1))
i=0
while [ $i -lt 40 ] && [ "$(cap | grep -cE '[0-9]:[0-9]{2}:[0-9]{2}$')" -lt 2 ]; do sleep 0.05; i=$((i + 1)); done
if [ "$(cap | grep -cE '[0-9]:[0-9]{2}:[0-9]{2}$')" -ge 2 ]; then echo "ok $step - both clocks shown"
else echo "not ok $step - a clock is missing"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
keys q

echo "# 65x23, LANG=C, --lang vi: the help's last row whole (it ended 'de cuon (1...')"
ui_start 65 23 LANG=C LC_ALL=C -- play --lang vi --red human --black human
check "a game" "Do di"
keys '?'
check "the help" "Khi choi"
step=$((step + 1))
i=0
while [ $i -lt 40 ] && ! cap | grep -Eq '\(1-[0-9]+ tren [0-9]+\)\.$'; do sleep 0.05; i=$((i + 1)); done
if cap | grep -Eq '\(1-[0-9]+ tren [0-9]+\)\.$'; then echo "ok $step - which rows are shown, whole"
else echo "not ok $step - the help's footer is cut"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
keys q

echo "# 65x23, --lang vi, vi-long: the history one move a row when two do not fit (Black's moves were cut to 'M…')"
ui_start 65 23 LANG=C.UTF-8 -- play --lang vi --red human --black human
check "a game" "Đỏ đi"
i=0
while [ $i -lt 6 ] && ! cap | grep -q "Ký hiệu: vi-long"; do keys n; sleep 0.2; i=$((i + 1)); done
for m in h2e2 h9g7 h0g2; do typed ':'; typed "$m"; keys Enter; sleep 0.2; done
check "Black's first move on a row of its own, whole" "  1... Mã 8 tiến 7"
check "Red's second" "  2. Mã 2 tiến 3"
T resize-window -t "$S" -x 80 -y 24
check "at 80x24 two moves a row again" "  1. Pháo 2 bình 5  Mã 8 tiến 7"
keys q

ui_done
