#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_coup_ui.sh -- cờ úp on the full screen at 80x24 (`cotuong play --variant coup --seed 7
# --black ai:1`), in Vietnamese under UTF-8 (Hán pieces, then Vietnamese letters) and under
# LANG=C (the ASCII board): Red reveals a piece with the typed move line (h2e2) and by keys
# (cursor, Enter, Enter); the screen shows face-down pieces as "?" and the letter of the piece
# their square lends them, announces the reveal in the history and the status ("lật ..." /
# "reveals ..."), the AI answers, and the pieces taken are listed; undo refuses to take back
# a reveal; the start menu's set-up page starts a cờ úp game.
# What a player must not see: the deal of seed 7 is read from a record written once a game
# with that seed is over (--line, resigned at once). On every screen captured, each square that
# still shows a face-down marker is one of its side's starting squares and shows its square's
# letter only, never the identity the deal put there (when that differs); and no more pieces
# stand face up than the two kings and the reveals the history announced.
. "$(dirname "$0")/tmux_lib.sh"
ui_require

# The deal of seed 7: Red's 15 identities then Black's (A B N R C P), in the order of the
# starting squares: back rank a..i without the king, cannon b then h, pawns a c e g i.
printf 'h2e2\nresign\n' | env LANG=C.UTF-8 "$COTUONG" play --variant coup --seed 7 --line --lang en >/dev/null 2>&1
saved=$(ls "$XDG_DATA_HOME"/cotuong/games/*.pgn 2>/dev/null | head -n 1)
deal=$(sed -n 's/^\[CoupDeal "\(.*\)"\]$/\1/p' "${saved:-/dev/null}")
if [ ${#deal} -ne 31 ]; then
    echo "not ok - no deal for seed 7 (record: ${saved:-none})"
    exit 1
fi
echo "# deal of seed 7: $deal"

ok() { step=$((step + 1)); echo "ok $step - $1"; }
no() { step=$((step + 1)); echo "not ok $step - $1"; fails=$((fails + 1)); }

# board_check NAME GLYPHS REVEALWORD: the captured screen (80x24, Red at the bottom: square
# f,r at column 4+4f of line 2+2(9-r), counting from 0) against the deal. Wide characters are
# made one '#' column each first, which keeps the columns of a board without Hán pieces.
board_check() {
    name=$1 set=$2 word=$3
    cap >"$UI_HOME/screen"
    reveals=$(grep -c -E -- " [0-9]+(\.|\.\.\.) .*$word" "$UI_HOME/screen")
    LC_ALL=C.UTF-8 sed 's/[^ -~]/#/g' "$UI_HOME/screen" >"$UI_HOME/narrow"
    out=$(awk -v set="$set" -v deal="$deal" -v reveals="$reveals" '
        function letter(t, side,   s, i) {
            # deal letters A B N R C P -> the glyph set letter of that type
            s = set == "vi" ? "STMXPB" : "AEHRCP"
            i = index("ABNRCP", toupper(t))
            t = substr(s, i, 1)
            return side == 0 ? t : tolower(t)
        }
        BEGIN {
            # home squares: rank (Red 0/2/3, Black 9/7/6), file, home type
            split("0 0 R|0 1 N|0 2 B|0 3 A|0 5 A|0 6 B|0 7 N|0 8 R|2 1 C|2 7 C|3 0 P|3 2 P|3 4 P|3 6 P|3 8 P", h, "|")
            for (side = 0; side < 2; side++)
                for (i = 1; i <= 15; i++) {
                    split(h[i], p, " ")
                    r = side == 0 ? p[1] : 9 - p[1]
                    key = p[2] "," r
                    home[key] = letter(p[3], side)
                    dealt[key] = letter(substr(deal, side * 16 + i, 1), side)
                }
        }
        { line[NR - 1] = $0 }
        END {
            bad = 0; up = 0; down = 0
            for (r = 0; r < 10; r++)
                for (f = 0; f < 9; f++) {
                    cell = substr(line[2 + 2 * (9 - r)], 5 + 4 * f, 2)
                    key = f "," r
                    c1 = substr(cell, 1, 1); c2 = substr(cell, 2, 1)
                    if (c1 == "?") {
                        down++
                        if (!(key in home)) { print "face-down marker off the starting squares at " key; bad++ }
                        else if (c2 != home[key]) { print "square " key " shows ?" c2 ", its square lends " home[key]; bad++ }
                        else if (dealt[key] != home[key] && index(cell, dealt[key])) { print "square " key " shows its identity " dealt[key]; bad++ }
                    } else if (index(set == "vi" ? "TSMXPBtsmxpb" : "KAEHRCPkaehrcp", c1) && c1 != "")
                        up++
                }
            if (up > 2 + reveals) { print up " pieces face up, only 2 kings and " reveals " reveals announced"; bad++ }
            if (down < 20) { print "only " down " face-down markers"; bad++ }
            print "face-down " down ", face-up " up ", reveals " reveals
            exit bad > 0
        }' "$UI_HOME/narrow")
    if [ $? -eq 0 ]; then
        ok "$name: $out"
    else
        no "$name: $out"
        sed 's/^/    | /' "$UI_HOME/screen"
    fi
}

# han_check NAME: with Hán pieces the columns move, so count: no Hán piece stands where a
# face-down piece would be told, i.e. the Hán pieces on the board are the kings and the
# reveals announced (each announced once in the history).
han_check() {
    cap >"$UI_HOME/screen"
    reveals=$(grep -c -E -- " [0-9]+(\.|\.\.\.) .*lật" "$UI_HOME/screen")
    han=$(head -n 21 "$UI_HOME/screen" | grep -o '[帥仕相傌俥炮兵將士象馬車砲卒]' | wc -l)
    downs=$(head -n 21 "$UI_HOME/screen" | grep -o '?[A-Za-z]' | wc -l)
    if [ "$han" -le $((2 + reveals)) ] && [ "$downs" -ge 20 ]; then
        ok "$1: $han Hán pieces (2 kings, $reveals reveals), $downs face-down markers"
    else
        no "$1: $han Hán pieces for $reveals reveals, $downs markers"
        sed 's/^/    | /' "$UI_HOME/screen"
    fi
}

# 1. Vietnamese, UTF-8, Hán pieces: the move line.
ui_start 80 24 LANG=C.UTF-8 -- play --lang vi --variant coup --seed 7 --black ai:1
wait_for "Đỏ đi" 10
check "face-down pieces drawn as ? and their square's letter" "?X──?M──?T──?S──帥──?S──?T──?M──?X"
check "Black's too" "?x──?m──?t──?s──將──?s──?t──?m──?x"
han_check "the start: no identity shown"
keys :
typed h2e2
keys Enter
if wait_for "1.  P2-5, lật" 10; then ok "the reveal in the history (vi)"; else no "no '1.  P2-5, lật' in the history"; cap; fi
if wait_for "1... " 15; then ok "the AI answers"; else no "the AI did not answer"; cap; fi
settle
check "the pieces taken are listed" "Đỏ đã ăn:"
check "the panel: the AI's depth and score (vi)" "Nước vừa rồi của máy: độ sâu"
han_check "after the reveal and the answer: no identity shown"
keys u
check "undo refused after a reveal" "không đi lại được nước đã lật"
check_not "the reveal stays" "Đã đi lại."
cap | sed -n '1,24p' | sed 's/^/# /'

# 1a. Hot-seat, so that the capture does not hang on the AI's choice: Black's cannon-square
# piece takes Red's face-down piece on b0 over the screen on b2; to Red it stays '?'.
ui_start 80 24 LANG=C.UTF-8 -- play --lang vi --variant coup --seed 7
wait_for "Đỏ đi" 10
keys :
typed h2e2
keys Enter
wait_for "1.  P2-5, lật" 10
keys :
typed b7b0
keys Enter
if wait_for "ăn một quân úp" 10; then ok "the capture of a face-down piece said"; else no "no capture said"; cap; fi
check "your face-down piece taken is '?' to you" "Đen đã ăn: ?"
han_check "after a face-down piece is taken: no identity shown"

# 1b. The start menu: a game against the AI, the game set to Cờ úp.
ui_start 80 24 LANG=C.UTF-8 -- --lang vi
check "the start menu" "Ván mới: đánh với máy"
# The hot-seat game above was left by a closed terminal: the menu offers to resume it.
check "the menu offers the interrupted cờ úp game" "Chơi tiếp ván bị ngắt? (c/k)"
keys n
check_gone "... declined" "Chơi tiếp ván bị ngắt? (c/k)"
keys Down Enter
check "the set-up page offers the game" "Ván: Cờ tướng"
keys Up Right
check "Cờ úp chosen" "Ván: Cờ úp (quân úp)"
keys Down Down Down Down Down Enter
check "a cờ úp game from the menu" "?X──?M──?T──?S──帥──?S──?T──?M──?X"
check "its legend" "là quân úp"

# 2. Vietnamese letters (ASCII columns): square by square against the deal; a move by keys.
ui_start 80 24 LANG=C.UTF-8 -- play --lang vi --glyphs vi --variant coup --seed 7 --black ai:1
wait_for "Đỏ đi" 10
board_check "vi letters, the start" vi "lật"
# the cursor starts on e2 (file 4, rank 2); h2 is three to the right: Enter picks the
# face-down cannon-square piece, three to the left and Enter plays h2e2.
keys Right Right Right Enter
settle
keys Left Left Left Enter
if wait_for "1.  P2-5, lật" 10; then ok "a reveal made by keys"; else no "no reveal after the keys"; cap; fi
wait_for "1... " 15
settle
board_check "vi letters, after two moves" vi "lật"

# 3. LANG=C: the ASCII board, English words.
ui_start 80 24 LANG=C LC_ALL=C -- play --variant coup --seed 7 --black ai:1
wait_for "Red to move" 10
board_check "ASCII, the start" ascii "reveals"
keys :
typed C2.5
keys Enter
if wait_for "1.  C2.5, reveals" 10; then ok "the reveal in the history (C)"; else no "no '1.  C2.5, reveals'"; cap; fi
if wait_for "1... " 15; then ok "the AI answers (C)"; else no "the AI did not answer (C)"; cap; fi
settle
board_check "ASCII, after two moves" ascii "reveals"
check "the status names the answer" "Black "
# The panel: the AI's depth and score, kept after its move (its search tells them at the end).
if wait_for "AI's last move: depth " 10; then ok "the panel shows the AI's depth and score"; else no "no depth in the panel"; cap; fi
cap | sed 's/^/# /'

# 4. An engine (cotuong itself over UCI, in the Jieqi dialect): its depth and score too, from
# its info lines.
ui_start 80 24 LANG=C LC_ALL=C -- play --variant coup --seed 7 --black "uci:$COTUONG uci"
wait_for "Red to move" 10
keys :
typed C2.5
keys Enter
if wait_for "1... " 20; then ok "the engine answers"; else no "the engine did not answer"; cap; fi
if wait_for "AI's last move: depth " 10; then ok "the panel shows the engine's depth and score"; else no "no engine depth in the panel"; cap; fi

ui_done
