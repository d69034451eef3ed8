#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_coup_resume.sh -- a cờ úp game comes back on the full screen at 80x24: after the
# terminal is closed (SIGHUP) the start menu asks to resume it and brings it back with its
# face-down pieces still face down, and it plays on; after a quit, `cotuong play --resume`
# (in Vietnamese) does the same. The resume file holds the moves with their public reveals
# (CoupLine) and never the deal (no CoupDeal, no CoupSeed: the man page's decision).
. "$(dirname "$0")/tmux_lib.sh"
ui_require

ok() { step=$((step + 1)); echo "ok $step - $1"; }
no() { step=$((step + 1)); echo "not ok $step - $1"; fails=$((fails + 1)); }
resume_file=$XDG_STATE_HOME/cotuong/resume.pgn

# no_deal NAME: the resume file keeps the moves and reveals and nothing of the deal.
no_deal() {
    if [ -f "$resume_file" ] && grep -q '^\[CoupLine "' "$resume_file" &&
        ! grep -q -E '^\[Coup(Deal|Seed) ' "$resume_file"; then
        ok "$1: $(grep '^\[CoupLine' "$resume_file")"
    else
        no "$1: the resume file"
        sed 's/^/    | /' "$resume_file" 2>/dev/null
    fi
}

# downs NAME MIN: at least MIN face-down markers on the board (its 21 first lines).
downs() {
    n=$(cap | head -n 21 | grep -o '?[A-Za-z]' | wc -l)
    if [ "$n" -ge "$2" ]; then ok "$1 ($n face-down markers)"; else no "$1: $n face-down markers"; cap | sed 's/^/    | /'; fi
}

# 1. LANG=C, two players at one screen: two reveals, then the terminal closes.
ui_start 80 24 LANG=C LC_ALL=C -- play --variant coup --seed 7
check "a cờ úp game" "Red to move" 10
keys :
typed h2e2
keys Enter
check "Red's reveal" "1.  C2.5, reveals" 10
keys :
typed h9g7
keys Enter
check "Black's reveal" "1... H8+7, reveals" 10
settle
ui_hangup
i=0
while [ "$i" -lt 100 ] && ! grep -q '^\[Interrupted "' "$resume_file" 2>/dev/null; do
    sleep 0.05
    i=$((i + 1))
done
no_deal "after SIGHUP"

ui_start 80 24 LANG=C LC_ALL=C -- --lang en
check "the start menu asks to resume the cờ úp game" "Resume the interrupted game? (y/n)"
keys y
check "it is back on the full screen" "Resumed the interrupted game (1" 10
check "with its first reveal" "1.  C2.5, reveals"
check "and its second" "1... H8+7, reveals"
check "Red's face-down pieces still face down" "?R--?H--?E--?A--K---?A--?E--?H--?R"
check "Black's too (h9 left empty)" "?r--?h--?e--?a--k---?a--?e--"
downs "the resumed board" 26
keys :
typed b0c2
keys Enter
check "it plays on: a third reveal" "2.  H8+7, reveals" 10
settle
no_deal "after a move of the resumed game"

# 2. Vietnamese, against the AI: a reveal, the AI's answer, quit; play --resume.
ui_start 80 24 LANG=C.UTF-8 -- play --lang vi --variant coup --seed 7 --black ai:1
check "a cờ úp game against the AI (vi)" "Đỏ đi" 10
keys :
typed h2e2
keys Enter
check "the reveal (vi)" "1.  P2-5, lật" 10
check "the AI answers" "1... " 15
settle
keys q
sleep 0.3
keys y
check "the program ended" "EXIT=0" 10
no_deal "after a quit"

ui_start 80 24 LANG=C.UTF-8 -- play --resume --lang vi
check "play --resume brings it back (vi)" "Đã chơi tiếp sau khi thoát (nước 1)." 10
check "the reveal is there" "1.  P2-5, lật"
check "Red's back rank still face down" "?X──?M──?T──?S──帥──?S──?T──?M──?X"
downs "the resumed board (vi)" 26
check_not "no refusal" "--line --resume"

ui_done
