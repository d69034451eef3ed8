#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_typed_move.sh -- moves typed at the ':' line of play (tmux, 100x30, WXF chosen): a
# Chinese move that is illegal says why, in the words the same move gets in WXF; a move in
# the other side's Chinese notation is refused with the reason (spec §4.1: Red writes
# numerals, Black digits); an illegal move that was read is "Illegal", never "Cannot read";
# the status of a played move is the model's text of it (issue 21).
. "$(dirname "$0")/tmux_lib.sh"
ui_require

ui_start 100 30 LANG=C.UTF-8 -- play --red human --black human --lang en --notation wxf
check "board drawn" "Red to move"

# typed TEXT: types TEXT at a fresh ':' line and enters it.
type_move() {
    keys :
    wait_for "Move:" 5
    typed "$1"
    keys Enter
    settle
}

type_move "炮五平四"
check "Chinese, no piece there: said so" "Illegal: no Red cannon on file 5."
check_not "not a WXF syntax error" "unexpected character"
type_move "C5.4"
check "the same move in WXF: the same words" "Illegal: no Red cannon on file 5."
type_move "帅五进二"
check "Chinese, illegal: the reason" "Illegal: the piece does not move that way."
type_move "K5+2"
check "the same move in WXF: the same reason" "Illegal: the piece does not move that way."
type_move "A5-4"
check "WXF read but illegal: Illegal, not Cannot read" "Illegal: no Red advisor on file 5."
check_not "no 'Cannot read' for a move that was read" "Cannot read"
type_move "马８进７"
check "Black's notation on Red's turn: refused" "Illegal: that is Black's notation (digits)"
check "nothing played" "Red to move"
type_move "Q9.9"
check "unreadable: Cannot read" "Cannot read the move"
type_move "炮二平五"
check "Red's Chinese move played, told in WXF" "Red C2.5"
check "Black to move" "Black to move"
type_move "炮二平五"
check "Red's notation on Black's turn: refused" "Illegal: that is Red's notation (numerals)"
type_move "马８进７"
check "Black's own notation played" "Black H8+7"
ui_done
