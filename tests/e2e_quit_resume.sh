#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_quit_resume.sh -- after a game left on purpose (q, confirmed), the next start does not
# ask to resume it: the start menu answers the arrows at once and says how to play it on
# (cotuong --resume, which does).
. "$(dirname "$0")/tmux_lib.sh"
ui_require

ui_start 80 24 LANG=C.UTF-8 -- play --lang en --red human --black human
check "a game" "Red to move"
typed ':'
typed 'h2e2'
keys Enter
check "a move" "Black to move"
keys q
check "q asks first" "it stays resumable"
keys y
check "the program ended" "EXIT=0"

ui_start 80 24 LANG=C.UTF-8 -- --lang en
check "the start menu" "Quit"
check "it says how to play the game on" "The game you left is kept: cotuong --resume plays it on."
check_not "no question in the way" "Resume the interrupted game?"
keys Down Enter
check "the arrows answer at once: Down, Enter opens the AI game's page" "You play: Red"

ui_start 80 24 LANG=C.UTF-8 -- --resume --lang en
check "cotuong --resume plays it on" "Resumed after a quit"
check "... the move is there" "1. C2.5"

ui_done
