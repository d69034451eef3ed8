#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_coup_review.sh -- a cờ úp record reviewed at 80x24. The record is made by the program
# itself (`play --variant coup --seed 7 --line`, three moves then resign: the finished game
# goes to the games folder with its deal), never written by hand. `cotuong review FILE`
# under LANG=C and the start menu's "Open a saved game" in Vietnamese show it move by move:
# the board shows every piece as the record's deal put it (the header says so), the history
# names each reveal ("C2.5, reveals ...", "P2-5, lật ..."), A (analysis) is refused with a
# message and the review goes on. A record saved while the game went on (no deal) shows the
# face-down pieces as '?'; a record whose reveal contradicts its deal is refused, naming the
# move.
. "$(dirname "$0")/tmux_lib.sh"
ui_require

ok() { step=$((step + 1)); echo "ok $step - $1"; }
no() { step=$((step + 1)); echo "not ok $step - $1"; fails=$((fails + 1)); }

printf 'h2e2\nh9g7\nb0c2\nresign\n' |
    env LANG=C.UTF-8 "$COTUONG" play --variant coup --seed 7 --line --lang en >/dev/null 2>&1
record=$(ls "$XDG_DATA_HOME"/cotuong/games/*.pgn 2>/dev/null | head -n 1)
deal=$(sed -n 's/^\[CoupDeal "\(.*\)"\]$/\1/p' "${record:-/dev/null}")
if [ ${#deal} -eq 31 ] && grep -q '^\[Variant "Jieqi"\]' "$record"; then
    ok "the record of seed 7 with its deal: $deal"
else
    no "no cờ úp record with a deal (${record:-none})"
    ui_done
    exit 1
fi

# The deal's letters (A B N R C P) as the ASCII board draws them, and their names.
ascii() { echo "$1" | tr 'ABNRCPabnrcp' 'AEHRCPaehrcp'; }
word_en() { case $1 in A) echo Advisor ;; B) echo Elephant ;; N) echo Horse ;; R) echo Rook ;; C) echo Cannon ;; P) echo Pawn ;; esac; }
word_vi() { case $1 in A) echo Sĩ ;; B) echo Tượng ;; N) echo Mã ;; R) echo Xe ;; C) echo Pháo ;; P) echo Tốt ;; esac; }
d() { echo "$deal" | cut -c"$1"; }
# Back ranks as dealt: squares a..d, the king, f..i (deal entries 1-8; Black's from 17).
red_rank=$(ascii "$(d 1)---$(d 2)---$(d 3)---$(d 4)---K---$(d 5)---$(d 6)---$(d 7)---$(d 8)")
black_rank=$(ascii "$(d 17)---$(d 18)---$(d 19)---$(d 20)---k---$(d 21)---$(d 22)---$(d 23)---$(d 24)")
# h2e2 turned up the piece dealt on h2 (Red's second cannon square: entry 10).
h2=$(d 10)

# 1. LANG=C: cotuong review FILE.
ui_start 80 24 LANG=C LC_ALL=C -- review --lang en "$record"
check "the record opens in review" "(1/1)" 10
check "the header says the board shows the deal" "the board shows the deal"
check "Red's back rank as dealt" "$red_rank"
check "Black's back rank as dealt" "$black_rank"
check "the history names the first reveal" "C2.5, reveals $(word_en "$h2")"
check "... and Black's" "H8+7, reveals"
# Rank 2 is screen line 17; e2 and h2 at columns 21 and 33 (1-based).
cells() { cap | sed -n 17p | cut -c"$1"; }
settle
before="$(cells 21)$(cells 33)"
keys l
check "a step" "(1/1)"
settle
after="$(cells 21)$(cells 33)"
want_after="$(ascii "$h2")o" # h2 now empty, marked as the last move's square
if [ "$before" = "+$(ascii "$h2")" ] && [ "$after" = "$want_after" ]; then
    ok "the piece dealt on h2 moved to e2 (h2,e2: '$before' then '$after')"
else
    no "h2e2 on the board: before '$before', after '$after' (want '+$(ascii "$h2")' then '$want_after')"
    cap | sed 's/^/    | /'
fi
keys A
check "A is refused for cờ úp with a reason" "cannot analyse this game"
keys l
check "the review goes on after A" "reveals"
check_not "no crash" "EXIT="
keys q
check "q leaves (nothing changed)" "EXIT=0"

# 2. Vietnamese: the start menu's Open a saved game, Enter on the record.
ui_start 80 24 LANG=C.UTF-8 -- --lang vi
check "the start menu" "Mở ván đã lưu"
keys Down Down Down Enter
check "the saved games" "human – human"
keys Enter
check "the record opens from the menu" "(1/1)" 10
check "the header (vi)" "Cờ úp: hiện hết quân úp (ván đã xong)"
check "the history names the reveal (vi)" "P2-5, lật $(word_vi "$h2")"
keys Right Right
check "stepping through the moves (vi)" "lật"
keys A
check "A refused (vi)" "không phân tích được ván này"
keys q

# 3. A record saved while the game went on: no deal, the face-down pieces stay '?'.
printf 'h2e2\nh9g7\nsave %s\nquit\n' "$UI_HOME/going.pgn" |
    env LANG=C.UTF-8 "$COTUONG" play --variant coup --seed 7 --line --lang en >/dev/null 2>&1
if grep -q '^\[Variant "Jieqi"\]' "$UI_HOME/going.pgn" 2>/dev/null && ! grep -q CoupDeal "$UI_HOME/going.pgn"; then
    ok "a record saved in play: no deal"
else
    no "the record saved in play"; cat "$UI_HOME/going.pgn" 2>/dev/null
fi
ui_start 80 24 LANG=C LC_ALL=C -- review --lang en "$UI_HOME/going.pgn"
check "it opens" "(1/1)" 10
check "the header says so" "face-down pieces as played"
check "face-down pieces drawn as ?" "?R--?H--?E--?A--K---?A--?E--?H--?R"
check "the reveals in the history" "C2.5, reveals $(word_en "$h2")"
keys q

# 4. A record whose first reveal contradicts its deal: refused before the screen opens.
other=R
[ "$h2" = R ] && other=N
sed "s/h2e2=$h2/h2e2=$other/" "$record" >"$UI_HOME/bad.pgn"
LANG=C "$COTUONG" review --lang en "$UI_HOME/bad.pgn" </dev/null >"$UI_HOME/bad.out" 2>&1
rc=$?
if [ "$rc" -eq 1 ] && grep -q "move 1 (h2e2=$other)" "$UI_HOME/bad.out"; then
    ok "a contradicted reveal is refused: $(cat "$UI_HOME/bad.out")"
else
    no "a contradicted reveal (exit $rc): $(cat "$UI_HOME/bad.out")"
fi

ui_done
