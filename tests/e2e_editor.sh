#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_editor -- the board editor in the TUI: opened from the start menu and with E in review;
# a FEN pasted with a bracketed paste (tmux paste-buffer -p); illegal set-ups refused with
# the reason (positions judged from the rules of spec section 2: a Red elephant never stands
# beyond the river, one king a side, kings facing count as check); a legal one saved as a PGN
# whose [FEN] fairy-stockfish reads with the same number of legal moves as cotuong, and played
# hot-seat; the panel in LANG=C is ASCII; the keys from the keyboard and the mouse.
. "$(dirname "$0")/tmux_lib.sh"
ui_require
tmp=$UI_HOME/t
mkdir -p "$tmp"
# check_fen NAME FEN: the FEN in the panel (a long FEN wraps inside its first field).
check_fen() {
    step=$((step + 1))
    want=$(printf '%s' "$2" | tr -d ' ')
    i=0
    while [ "$i" -lt 100 ] && ! panel | tr -d ' ' | grep -F -q -- "$want"; do
        sleep 0.05
        i=$((i + 1))
    done
    if panel | tr -d ' ' | grep -F -q -- "$want"; then echo "ok $step - $1"
    else echo "not ok $step - $1 (expected '$2')"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
}
paste_text() { T set-buffer -- "$1"; T paste-buffer -p -t "$S"; }
# panel: the side panel's text (from screen column 42, the panel of an 80-column screen; Han
# glyphs take two columns), its wrapped lines joined with single spaces.
panel() {
    cap | perl -CSD -ne 'chomp; my ($col, $out) = (0, "");
        for my $ch (split //) {
            $out .= $ch if $col >= 42;
            $col += $ch =~ /[\x{1100}-\x{115F}\x{2E80}-\x{A4CF}\x{AC00}-\x{D7A3}\x{F900}-\x{FAFF}\x{FF00}-\x{FF60}]/ ? 2 : 1;
        }
        print "$out ";' | tr -s ' '
}
# check_panel NAME TEXT: TEXT in the side panel, wrapped or not.
check_panel() {
    step=$((step + 1))
    i=0
    while [ "$i" -lt 100 ] && ! panel | grep -F -q -- "$2"; do
        sleep 0.05
        i=$((i + 1))
    done
    if panel | grep -F -q -- "$2"; then echo "ok $step - $1"
    else echo "not ok $step - $1 (expected '$2')"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
}

# 1. From the start menu (a click on its item), at 80x24.
ui_start 80 24 LANG=C.UTF-8 -- --lang en
check "menu" "Set up a position"
y=$(cap | grep -n 'Set up a position' | head -n 1 | cut -d: -f1)
x=$(cap | grep 'Set up a position' | head -n 1 | awk '{print index($0, "Set up")}')
click $((x + 1)) $((y - 1))
check "editor: opened" "Red to move (Tab changes)"
check "editor: the start position is legal" "Legal: 1 hot-seat"

# 2. Two Red kings (spec: one king each): the pasted FEN is refused with the reason, the
# board is kept.
paste_text "4k4/9/9/9/9/9/9/9/4K4/3K5 w - - 0 1"
check_panel "paste: two Red kings refused" "Not a position (FEN field 1): too many Red kings."
check_fen "paste: the board kept" "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# 3. A legal FEN (kings on d9 and e0), then with the keys: the Black king moved to e9 faces
# the Red one (spec: facing counts as check; Black, not to move, is in check): refused by 1.
paste_text "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
check "paste: read" "Position read from the FEN."
check_panel "legal paste" "Legal: 1 hot-seat"
keys Up Up Up Up Up Left x Right k
check_fen "kings facing: the FEN" "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
check_panel "kings facing: not legal" "the side not to move (Black) is in check"
keys 1
check_panel "kings facing: refused before leaving" "Not a legal position: the side not to move (Black) is in check."
# Back to d9; a Red elephant put on g5 (beyond the river: spec section 2): refused by 1 with
# the reason; x removes it, R puts a rook there: legal.
keys x Left k Right Right Right Down Down Down Down B
check_fen "the FEN shown" "3k5/9/9/9/6B2/9/9/9/9/4K4 w - - 0 1"
check_panel "elephant on g5: the reason" "Not legal yet: Red elephant cannot stand on g5."
keys 1
check_panel "elephant on g5: refused" "Not a legal position: Red elephant cannot stand on g5."
keys x R
check_panel "rook on g5: legal" "Legal: 1 hot-seat"
check_fen "rook on g5: the FEN" "3k5/9/9/9/6R2/9/9/9/9/4K4 w - - 0 1"
# A second Red king is refused at once (one king a side).
keys Down K
check_panel "a second Red king refused" "Red has all its kings already"

# 4. Saved as a PGN with [FEN]; fairy-stockfish counts the same legal moves as cotuong.
keys x 4
check "save: the prompt" "Save the position to:"
keys C-u
typed "$tmp/setup.pgn"
keys Enter
check "saved" "Saved to"
fen=$(sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$tmp/setup.pgn")
step=$((step + 1))
if [ "$fen" = "3k5/9/9/9/6R2/9/9/9/9/4K4 w - - 0 1" ]; then echo "ok $step - [FEN] in the saved file"
else echo "not ok $step - [FEN] in the saved file: '$fen'"; cat "$tmp/setup.pgn"; fails=$((fails + 1)); fi
fs=${FAIRY_STOCKFISH:-}
[ -z "$fs" ] && [ -x /usr/games/fairy-stockfish ] && fs=/usr/games/fairy-stockfish
if [ -n "$fs" ]; then
    n_fs=$(printf 'uci\nsetoption name UCI_Variant value xiangqi\nposition fen %s\ngo perft 1\nquit\n' "$fen" |
        timeout 20 "$fs" 2>/dev/null | sed -n 's/^Nodes searched: //p')
    n_ct=$("$COTUONG" moves --fen "$fen" | wc -l)
    step=$((step + 1))
    if [ -n "$n_fs" ] && [ "$n_fs" -gt 0 ] && [ "$n_fs" -eq "$n_ct" ]; then
        echo "ok $step - fairy-stockfish reads the saved FEN: $n_fs legal moves, as cotuong"
    else echo "not ok $step - fairy-stockfish $n_fs moves, cotuong $n_ct"; fails=$((fails + 1)); fi
fi
# The saved file opens in review at that position.
"$COTUONG" diagram --fen "$fen" --ascii >/dev/null || { echo "not ok - diagram"; fails=$((fails + 1)); }

# 5. Played hot-seat: the game starts from the position; the rook gives check along rank 9.
keys 1
check "play: from the set-up position" "Playing from the set-up position."
keys :
typed "g5g9"
keys Enter
check "play: the move is played (check)" "check!"

# 6. E in review opens the editor on the review's position; LANG=C shows ASCII only.
printf '[Event "Mine"]\n[Result "*"]\n\n1. h2e2 h9g7 *\n' >"$tmp/mine.pgn"
ui_start 80 24 LANG=C -- review "$tmp/mine.pgn" --lang en
check "review: opened" "Mine (1/1)"
keys Right Right E
check "review E: the editor" "Red to move (Tab changes)"
# After h2e2 h9g7: the cannon from h2 on e2, the horse from h9 on g7.
check_fen "review E: the review's position" "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 0 1"
step=$((step + 1))
if cap | LC_ALL=C grep -q '[^ -~]'; then echo "not ok $step - LANG=C: ASCII only"; cap | sed 's/^/    | /'; fails=$((fails + 1))
else echo "ok $step - LANG=C: ASCII only"; fi
# Tab changes the side; a click on the palette's eraser then on a piece removes it.
keys Tab
check "Tab: Black to move" "Black to move (Tab changes)"
ey=$(cap | grep -n '\[x\] remove' | head -n 1 | cut -d: -f1)
ex=$(cap | grep '\[x\] remove' | head -n 1 | awk '{print index($0, "[x]")}')
click $((ex + 1)) $((ey - 1))
check "the eraser in hand" "In hand: the eraser"
keys q
check "q: back in review" "Mine (1/1)"
# A change in review not saved: playing from the editor opened on it asks first; n keeps
# the review with its change, y plays.
keys :
typed "h0g2"
keys Enter
check "review: a move played on" "H2+3"
keys E 1
check "editor over unsaved review: asked" "are not saved. Play from here anyway? (y/n)"
keys n
check "n: the review is kept" "The game below is kept"
keys q
check "q: back in review with its change" "H2+3"
keys E 1 y
check "y: played from the set-up position" "Playing from the set-up position."

# 7. In Vietnamese, the reader's reasons are Vietnamese too (the core gives a code; the
# editor words it): a pasted FEN with two Red kings, an elephant beyond the river, a piece
# put there with the keys, kings facing; the piece in hand names the piece first.
ui_start 80 24 LANG=C.UTF-8 -- review "$tmp/mine.pgn" --lang vi
check "vi: review opened" "Mine (1/1)"
keys E
check "vi: the editor" "Đỏ đi (Tab để đổi)"
paste_text "4k4/9/9/9/9/9/9/9/4K4/3K5 w - - 0 1"
check_panel "vi: two Red kings" "Không phải một thế cờ (trường 1 của FEN): quá nhiều Tướng Đỏ."
check_not "vi: not the English words" "too many"
paste_text "3k5/9/9/9/6B2/9/9/9/9/4K4 w - - 0 1"
check_panel "vi: a pasted elephant on g5" "(trường 1 của FEN): Tượng Đỏ không thể đứng ở g5."
paste_text "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
check "vi: a legal paste" "Đã đọc thế cờ từ FEN."
# The cursor from e4 to g5, an elephant put there (B): not legal yet, and refused by 1.
keys Up Right Right B
check_panel "vi: the elephant put on g5" "Chưa hợp lệ: Tượng Đỏ không thể đứng ở g5."
check_panel "vi: in hand, the piece first" "Đang cầm: Tượng Đỏ"
keys 1
check_panel "vi: refused before leaving" "Thế cờ không hợp lệ: Tượng Đỏ không thể đứng ở g5."
keys x Left Left Up Up Up Up Left x Right k
check_panel "vi: kings facing" "Chưa hợp lệ: bên không đến lượt (Đen) đang bị chiếu."

# 8. 200x60: the editor draws the larger board with its panel.
rm -rf "$XDG_STATE_HOME" # the game of section 5 is not offered for resuming
ui_start 200 60 LANG=C.UTF-8 -- --lang en
check "200x60 menu" "Set up a position"
y=$(cap | grep -n 'Set up a position' | head -n 1 | cut -d: -f1)
x=$(cap | grep 'Set up a position' | head -n 1 | awk '{print index($0, "Set up")}')
click $((x + 1)) $((y - 1))
check "200x60 editor" "Legal: 1 hot-seat, 2 against the AI, 3 analyse, 4 save."
echo "# 65x23, LANG=C, --lang vi: the FEN whole in the panel (it was cut after three rows)"
ui_start 65 23 LANG=C LC_ALL=C -- --lang vi
check "menu (vi, ASCII)" "Bay the co"
y=$(cap | grep -n 'Bay the co' | head -n 1 | cut -d: -f1)
x=$(cap | grep 'Bay the co' | head -n 1 | awk '{print index($0, "Bay the co")}')
click $((x + 1)) $((y - 1))
check "editor (vi, ASCII)" "Do di (Tab de doi)"
check "the FEN's last row" "RNBAKABNR w - - 0 1"

ui_done
