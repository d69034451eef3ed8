#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_coup_help.sh -- the help screen (?) ends with the rules of cờ úp in short, in English
# under LANG=C and in Vietnamese, wrapped to the width and never cut: at 80x24 from a cờ úp
# game and from the start menu, and at 66 columns; each paragraph's last words are on screen.
. "$(dirname "$0")/tmux_lib.sh"
ui_require

# 1. LANG=C, from a cờ úp game: ? then End.
ui_start 80 24 LANG=C LC_ALL=C -- play --variant coup --seed 7
check "a cờ úp game" "Red to move" 10
keys '?'
check "the help" "Co tuong - keys"
keys End
check "the rules' title" "(Jieqi, face-down xiangqi): the rules in short"
check "the deal" "onto its 15 starting squares."
check "how a face-down piece moves" "stays in the"
check "... its limits, whole" "It checks and screens as that piece."
check "the reveal" "face-up advisors and elephants may go anywhere"
check "... whole" "counts)."
check "a capture" "its owner"
check "... whole" "(it shows as ?)."
check "the rest as in cờ tướng" "the flying general and repetition are as"
check "... and undo, whole" "face-down piece."
keys q
check "q goes back to the game" "Red to move"

# 2. Vietnamese, from the start menu.
ui_start 80 24 LANG=C.UTF-8 -- --lang vi
check "the start menu" "Mở ván đã lưu"
keys '?'
check "the help (vi)" "Cờ tướng — phím"
keys End
check "the rules' title (vi)" "Cờ úp: luật chơi tóm tắt"
check "the deal (vi)" "úp ngẫu nhiên lên mười lăm ô bày cờ của bên đó."
check "a face-down piece (vi)" "Nó chiếu và làm ngòi như quân ấy."
check "the reveal (vi)" "(Tượng vẫn bị cản mắt)."
check "a capture (vi)" "bên mất thì không (hiện là ?)."
check "undo (vi)" "Không đi lại được nước đã lật quân hay đã ăn quân úp."

# 3. Narrower: 66 columns (the board needs 65), the same paragraphs wrapped, nothing cut.
ui_start 66 24 LANG=C LC_ALL=C -- play --variant coup --seed 7
check "a cờ úp game at 66 columns" "Red to move" 10
keys '?'
check "the help at 66 columns" "Co tuong - keys"
keys End
check "the title at 66" "the rules in short"
check "the last paragraph ends whole at 66" "face-down piece."
check "the capture ends whole at 66" "(it shows as ?)."
step=$((step + 1))
wide=$(cap | awk 'length($0) > 66' | wc -l)
if [ "$wide" -eq 0 ]; then echo "ok $step - no line past 66 columns"; else echo "not ok $step - $wide lines past 66 columns"; fails=$((fails + 1)); fi

ui_done
