#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_ui.sh -- plays the terminal game through tmux at 80x24 and 200x60: a hot-seat game
# with keys, the mouse (SGR 1006 reports) and typed moves, legal-target highlights, undo,
# a checkmate and its result, resizing below the minimum and back, the ASCII board under
# LANG=C, the Vietnamese interface, a game against the AI, and the terminal restored after
# q, SIGTERM, SIGHUP and Ctrl-C.  Asserts on captured screen text.
. "$(dirname "$0")/tmux_lib.sh"
ui_require

# Screen cell of intersection FILE (0-8) RANK (0-9) in the compact 80x24 layout (Red at the
# bottom): rank 9 is row 2, two rows and four columns apart; glyphs start at column 4.
cx() { echo $((4 + 4 * $1)); }
cy() { echo $((2 + 2 * (9 - $1))); }

echo "# hot-seat at 80x24, UTF-8"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en
check "board and panel drawn" "Red to move"
check "Han glyphs of both sides" "俥──傌──相──仕──帥"
check "Black's pieces" "車──馬──象──士──將"
check "river" "楚 河"
check "Red file numbers" "九  八  七  六  五  四  三  二  一"
# Cursor starts on e2; three steps right is the cannon on h2.
keys l l l Enter
check "cannon selected under the cursor" "[炮]"
check "legal targets marked" "•"
# The cannon can take the horse on h9 over the cannon on h7: a capture target in brackets.
check "capture target bracketed" "(馬)"
e=$(printf '\033')
# 256 colours (TERM=xterm-256color), the dark theme (tmux's background is black).
check_attr "selected piece highlighted (yellow background)" "${e}[48;5;220m炮"
check_attr "legal targets in the terminal's green" "${e}[32m•"
check_attr "capture target on magenta" "${e}[48;5;163m(馬)"
keys h h h Enter
check "keys moved the cannon; Black to move" "Black to move"
check "history shows the move" "1."
check_not "target marks gone after the move" "•"

echo "# mouse"
click "$(cx 1)" "$(cy 9)"
check "click selects the black horse" "[馬]"
click "$(cx 2)" "$(cy 7)"
check "click moved it; Red to move" "Red to move"
step=$((step + 1))
if cap | sed -n "$(($(cy 7) + 1))p" | grep -q "砲─\[馬\]\|砲──馬"; then echo "ok $step - horse on c7"; else
    echo "not ok $step - horse not on c7"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi

echo "# typed move (coordinates)"
keys :
check "move prompt" "Move:"
keys Enter
check "Enter alone says what to do" "No move typed"
keys :
# Edited with the cursor: "xh0g" -> Home, Delete (the x), End, "2".
typed "xh0g"
keys Home DC End
typed "2"
check "the edited text" "Move: h0g2"
keys Enter
check "typed move played" "Black to move"
keys :
typed "a9a5 two words"
check "typed" "a9a5 two words"
keys C-w
check "Ctrl-W deletes a word" "Move: a9a5 two"
keys C-w C-w
check_gone "Ctrl-W, twice more: nothing left" "a9a5"
check "the prompt stays open" "Move:"
typed "a9a5"
keys Enter
check "illegal typed move explained" "Illegal"
keys :
keys Up
check "Up brings back the last text" "Move: a9a5"
keys C-a C-k
typed "b"
keys C-u
typed "a9a8"
keys Left Left Left Left
typed "+"
check "Ctrl-A, Ctrl-K, Ctrl-U, Left and typing in the middle" "Move: +a9a8"
esc
echo "# Tab completes file names in the save prompt"
mkdir -p "$UI_HOME/saves/old games"
: >"$UI_HOME/saves/old games/one.pgn"
: >"$UI_HOME/saves/old games/two.pgn"
keys S
check "save prompt" "Save the game to:"
keys C-u
typed "$UI_HOME/sa"
keys Tab
typed "ol"
keys Tab
check "a folder completed, blanks and all" "old games/"
keys Tab
check "several names: said so" "Several files match"
keys Tab
check "Tab again lists them" "one.pgn  two.pgn"
typed "t"
keys Tab
check "one name: completed" "old games/two.pgn"
esc

echo "# typed move in Vietnamese notation, and switching the history's notation"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang vi --notation vi
check "Vietnamese game" "Đỏ đi"
keys :
typed "P2-5"
keys Enter
check "typed P2-5 played" "Đen đi"
check "history in Vietnamese notation" "1. P2-5"
keys :
typed "M8.7"
keys Enter
check "typed M8.7 (Black's horse)" "M8.7"
keys :
typed "X1.5"
keys Enter
check "notation error shown" "Không"
esc
keys n
check "n switches the notation (vi-long)" "Pháo 2 bình 5"
keys n
check "n again (wxf)" "C2.5"
keys n n
check "Chinese notation" "炮二平五"
# both presses handled (and saved) before the file goes: under load the second one was
# still being written after the rm below, and the next "new user" started in zh-hant
check "n twice (zh-hant)" ": zh-hant"
step=$((step + 1))
if grep -q "^notation = zh" "$XDG_CONFIG_HOME/cotuong/config"; then echo "ok $step - n wrote the notation to the settings"; else
    echo "not ok $step - notation not in the settings file:"; cat "$XDG_CONFIG_HOME/cotuong/config"; fails=$((fails + 1)); fi
rm -f "$XDG_CONFIG_HOME/cotuong/config" # the next game is a new user's
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en
check "English game" "Red to move"
keys :
typed "C2.5"
keys Enter
check "typed WXF move" "Black to move"
check "default English notation is WXF" "1. C2.5"

echo "# undo"
keys u
check "undo returns the turn" "Red to move"
check "undo message" "taken back"
keys r
check "redo" "Black to move"

echo "# help and quit question"
keys '?'
check "help generated from the key table" "take back a move"
esc
check "back from help" "Black to move"
keys q
check "quit asks when the game is not saved" "Quit anyway?"
keys n
check "still playing after n" "Black to move"
keys q y
check "quit with y" "EXIT=0"
step=$((step + 1))
if [ "$(T display -p -t "$S" '#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}')" = 000 ]; then
    echo "ok $step - terminal restored (no alternate screen, no mouse mode)"
else
    echo "not ok $step - terminal state: $(T display -p -t "$S" '#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}')"
    fails=$((fails + 1))
fi

echo "# without colour: Red and Black still differ (reverse video), selection underlined"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en --no-color
check "monochrome board" "Red to move"
check_attr "Red pieces in reverse video" "${e}[1;7m俥"
keys l l l Enter
check "selected without colour" "[炮]"
check_attr "selected Red piece reverse+underline, bold as Red's (the cursor's [ is reverse already)" "${e}[7m[${e}[1;4m炮"
keys q

echo "# mouse with a terminfo entry that expects the old mouse format (our own SGR parser)"
ui_start 80 24 LANG=C.UTF-8 TERM=screen-256color -- play --red human --black human --lang en
check "started under TERM=screen-256color" "Red to move"
click "$(cx 7)" "$(cy 2)"
check "SGR click parsed by the program itself" "[炮]"
click "$(cx 4)" "$(cy 2)"
check "second click moved the cannon" "Black to move"

echo "# the start menu: cotuong with no command"
# A state directory of its own: earlier sessions, ended by the next start, left a resume file.
ui_start 80 24 LANG=C.UTF-8 "XDG_STATE_HOME=$UI_HOME/state-menu" -- --lang en
check "start menu" "New game: against the AI"
check "menu lists watching the AI" "Watch the AI play itself"
# The row of the item as the screen shows it (0-based), whatever the menu's length.
row=$(cap | grep -n "New game: against the AI" | head -n 1 | cut -d: -f1)
click 40 $((row - 1))
check "mouse chose 'against the AI': set-up page" "You play: Red"
keys Right
check "Right changes the side" "You play: Black"
keys Down Right Right
check "AI level changed" "AI level: 7"
keys Down Down Down Enter
check "the game starts" "Red: AI level 7"
check "the human's side (Black) is at the bottom: its numbers 9..1 below" "9   8   7   6   5   4   3   2   1"
check "Red's numbers above, from Red's right" "一  二  三  四  五"
check "the AI (Red) moved first" "Black to move" 20
check_line "Black's king on the bottom row" 21 "將"
keys N
check "N asks before abandoning the game" "Abandon this game"
keys y
check "back in the menu" "Watch the AI play itself"
# Leaving a set-up page puts the cursor back on the entry that opened it.
row=$(cap | grep -n "Watch the AI play itself" | head -n 1 | cut -d: -f1)
click 40 $((row - 1))
check "mouse chose 'watch': its set-up page" "Red AI level"
step=$((step + 1))
if [ "$(cap | grep -n 'Red AI level' | cut -d: -f1)" -lt "$(cap | grep -n 'Black AI level' | cut -d: -f1)" ]; then
    echo "ok $step - watching the AI: Red's level above Black's"
else echo "not ok $step - watching the AI: Red's level above Black's"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
esc
check "Esc: back in the menu" "Watch the AI play itself"
check_attr "the cursor on the entry that was chosen" "${e}[48;5;220m  Watch the AI play itself"
keys q
check "q in the menu quits" "EXIT=0"

echo "# checkmate: Red mates with Ra0-a9"
ui_start 80 24 LANG=C.UTF-8 -- play --lang en --fen "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1"
check "position loaded" "Red to move"
keys :
typed "a0a9"
keys Enter
check "checkmate result" "Red wins (checkmate)"
keys q
check "quit after the end without asking" "EXIT=0"

echo "# resize below the minimum and back"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en
check "started" "Red to move"
T resize-window -t "$S" -x 50 -y 16
check "too-small message" "too small"
# The message tells the truth: 64x23 is too small and asks for 65x23, which is enough.
T resize-window -t "$S" -x 64 -y 23
check "64x23: too small, asks for 65x23" "at least 65x23"
T resize-window -t "$S" -x 65 -y 23
check "65x23: the board" "Red to move"
T resize-window -t "$S" -x 80 -y 24
check "board back after resize" "Red to move"
check "board glyphs back" "帥"

echo "# 200x60: the largest board, play with the mouse"
ui_start 200 60 LANG=C.UTF-8 -- play --red human --black human --lang en
check "largest board" "俥──────傌──────相"
# Largest layout, centred: the board (72 columns) and the widest panel (64) leave 63
# columns, 31 on the left; 19 spare rows, 9 above. So the top row is 11, the left column
# 35, intersections 8 columns x 4 rows apart.
step=$((step + 1))
if cap | grep -q "^ \{35\}1       2       3"; then echo "ok $step - the board centred at 200x60"; else
    echo "not ok $step - the board not centred"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
click $((35 + 8 * 7)) $((11 + 4 * 7))
check "click selects the cannon (large)" "[炮]"
click $((35 + 8 * 4)) $((11 + 4 * 7))
check "click moved it (large)" "Black to move"

echo "# LANG=C: ASCII board"
ui_start 80 24 LANG=C LC_ALL=C -- play --red human --black human --lang en
check "ASCII pieces" "R---H---E---A---K---A---E---H---R"
check "ASCII black pieces" "r---h---e---a---k---a---e---h---r"
step=$((step + 1))
board=$(cap | grep -o -- "R---H---E---A---K---A---E---H---R" | tr -d "-" | head -n 1)
diag=$(LC_ALL=C "$COTUONG" diagram --ascii | sed -n 's/^0 \(.*\)  0$/\1/p' | tr -d ' ')
if [ -n "$board" ] && [ "$board" = "$diag" ]; then echo "ok $step - diagram --ascii uses the board's letters ($diag)"; else
    echo "not ok $step - diagram '$diag' vs board '$board'"; fails=$((fails + 1)); fi
check_not "no Han glyphs" "帥"
keys l l l Enter
check "ASCII target marker" "*"
keys h h h Enter
check "ASCII move" "Black to move"
keys q y
check "ASCII quit" "EXIT=0"

echo "# Vietnamese interface"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang vi
check "Vietnamese turn" "Đỏ đi"
check "Vietnamese river" "Sở hà"
keys '?'
check "Vietnamese help" "đi lại một nước"
check "key names in Vietnamese" "Lên, k"
esc
keys :
typed "X9+1"
keys Enter
check "X9+1 in Vietnamese notation: the direction is wrong" "sai"
check "... not 'which piece'" "hướng đi"
check_not "no 'unknown piece'" "không biết quân nào"
keys q
check "quit (no moves)" "EXIT=0"
ui_start 80 24 LANG=C.UTF-8 -- --lang vi
check "Vietnamese start menu" "Cờ tướng"
keys Down Enter
check "the clock without a clock, in Vietnamese" "Đồng hồ: không có"

echo "# Vietnamese from LANG (even without a vi_VN locale installed), and without UTF-8"
ui_start 80 24 LANG=vi_VN.UTF-8 LC_ALL= -- play --red human --black human
check "Vietnamese chosen from LANG" "Đỏ đi"
check "still UTF-8 glyphs" "帥"
ui_start 80 24 LANG=C LC_ALL=C -- play --red human --black human --lang vi
check "Vietnamese without diacritics on an ASCII terminal" "Do di"
check "ASCII board" "R---H---E---A---K"

echo "# against the AI (level 1)"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black ai:1 --lang en
check "AI game" "Black: AI level 1"
keys :
typed "h2e2"
keys Enter
check "the AI answered" "Red to move" 20
check "two moves in the history" "1."
keys u
check "undo takes back a full turn" "Move taken back"
step=$((step + 1))
if cap | grep -q "Red to move" && ! cap | grep -q "  1\. "; then echo "ok $step - history empty after undo"; else
    echo "not ok $step - history after undo"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi

echo "# against an external UCI engine"
if [ -n "$FAIRY_STOCKFISH" ] && [ -x "$FAIRY_STOCKFISH" ]; then
    ui_start 80 24 LANG=C.UTF-8 -- play --red human --black "uci:$FAIRY_STOCKFISH" --lang en
    check "engine seated" "Black: uci:"
    keys :
    typed "C2.5"
    keys Enter
    check "the engine answered" "Red to move" 20
    check "its move is in the history" "1. C2.5"
else
    echo "# fairy-stockfish not installed: engine game skipped"
fi

echo "# review: its own keys, its own help, the wheel"
cp "$TEST_DATA_DIR/review/games.pgn" "$UI_HOME/games.pgn"
ui_start 80 24 LANG=C.UTF-8 -- review --lang en "$UI_HOME/games.pgn"
check "review: the list of games" "3 games — choose one"
keys Enter
check "review opens" "Review test 1 (1/3)"
# The key reminder wraps to the panel's width (it was cut to "a/A en…").
check "the key reminder at 80 columns, whole" "engine p auto ; note y/Y copy S save"
T send-keys -t "$S" -l "$(printf '\033[<65;40;10M')"
check "wheel down steps forward" "Tiên nhân chỉ lộ"
T send-keys -t "$S" -l "$(printf '\033[<64;40;10M')"
check "wheel up steps back to the comment before the first move" "The round-trip game of the XQF"
keys '?'
check "review help: its group" "Reviewing a game"
check "review help: Tab enters a variation" "Tab, e "
check_not "review help: no play keys" "take back a move"
keys NPage
check "review help: PgUp changes games" "the previous game of the file"
for i in 1 2 3 4 5 6; do keys NPage; done
# The last page shows "(A-N of N)", whatever the number of keys.
step=$((step + 1)) i=0
until cap | grep -q -- '-\([0-9]*\) of \1)' || [ "$i" -ge 100 ]; do sleep 0.05; i=$((i + 1)); done
if cap | grep -q -- '-\([0-9]*\) of \1)'; then echo "ok $step - help stops at its end"; else
    echo "not ok $step - help stops at its end"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
settle # under load the end can show before the last PgDn is handled
help_end=$(cap)
keys NPage Down Down
settle
step=$((step + 1))
if [ "$(cap)" = "$help_end" ]; then echo "ok $step - no scrolling past the end"; else
    echo "not ok $step - the help scrolled past its end"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
keys q
check "back in review" "Review test 1 (1/3)"
echo "# key.forward = z in the settings: z steps forward in review, and the help says so"
mkdir -p "$XDG_CONFIG_HOME/cotuong"
echo "key.forward = z" >"$XDG_CONFIG_HOME/cotuong/config"
ui_start 80 24 LANG=C.UTF-8 -- review --lang en "$UI_HOME/games.pgn"
check "review list (rebound)" "3 games — choose one"
keys Enter
check "review (rebound)" "Review test 1 (1/3)"
keys z
check "z steps forward" "Tiên nhân chỉ lộ"
keys '?'
check "the help lists z" "Right, l, Enter, Space, z"
rm -f "$XDG_CONFIG_HOME/cotuong/config"

echo "# O: the saved games, newest first, with players, result and date"
rm -rf "$XDG_DATA_HOME/cotuong/games"
mkdir -p "$XDG_DATA_HOME/cotuong/games"
cp "$TEST_DATA_DIR/review/games.pgn" "$XDG_DATA_HOME/cotuong/games/old.pgn"
touch -d 2020-01-01 "$XDG_DATA_HOME/cotuong/games/old.pgn"
printf '[Event "Club"]\n[Date "2026.11.30"]\n[Red "Lan"]\n[Black "ai-level-3"]\n[Result "1-0"]\n\n1. h2e2 h9g7 1-0\n' \
    >"$XDG_DATA_HOME/cotuong/games/new.pgn"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en
check "a game" "Red to move"
keys O
check "the list of saved games" "2 game file(s) in"
check "the newest first, selected" "2026.11.30  Lan – ai-level-3  1-0  (new.pgn)"
step=$((step + 1))
if cap | grep -n "new.pgn\|old.pgn" | head -n 1 | grep -q new.pgn; then echo "ok $step - newest first"; else
    echo "not ok $step - not newest first"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
keys Enter
check "Enter opens it in the review" "Club (1/1)"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en
check "a game again" "Red to move"
keys O
check "the list again" "game file(s) in"
keys Up Enter
check "the first row types a path" "Open the game file (PGN or XQF):"
esc
esc
rm -rf "$XDG_DATA_HOME/cotuong/games"

echo "# settings changed on screen are kept in the settings file"
mkdir -p "$XDG_CONFIG_HOME/cotuong"
printf '# my comment\nglyphs = han   # keep this\n' >"$XDG_CONFIG_HOME/cotuong/config"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en
check "started with a settings file" "Red to move"
keys g c
check "coordinates shown" "a   b   c   d   e"
step=$((step + 1))
want=$(printf '# my comment\nglyphs = vi   # keep this\ncoords = yes')
if [ "$(cat "$XDG_CONFIG_HOME/cotuong/config")" = "$want" ]; then echo "ok $step - g and c written, comments kept"; else
    echo "not ok $step - the settings file reads:"; sed 's/^/    | /' "$XDG_CONFIG_HOME/cotuong/config"; fails=$((fails + 1)); fi
keys q
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en
check "the next start has the coordinates" "a   b   c   d   e"
check "and the Vietnamese letters" "Tg"
rm -f "$XDG_CONFIG_HOME/cotuong/config"

echo "# themes: Red, Black, the last move (Red and Black kept apart on it) in each"
# dark: Black in the terminal's own foreground, bold; Red light red; the last move on deep
# blue (red 196 on steel blue 24 read at 1.8:1; 203 on 17 reads at 6:1).
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en --theme dark
check "dark theme" "Red to move"
keys :
typed "h2e2"
keys Enter
check "a move" "Black to move"
# The grid is bold like the pieces (check_theme's wire cost): a row turns bold once, at its
# start, and the rook in the corner is drawn bold in the default foreground right after it.
check_attr "dark: Black's pieces in the default foreground, bold" "    ${e}[1m車"
check_attr "dark: Red's cannon red on the last-move colour" "${e}[38;5;203m${e}[48;5;17m炮"
keys :
typed "h9g7"
keys Enter
check "Black's answer" "Red to move"
check_attr "dark: Black's horse white on the last-move colour" "${e}[38;5;231m${e}[48;5;17m馬"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en --theme light
check "light theme" "Red to move"
check_attr "light: the grid brown" "${e}[38;5;130m${e}[49m─"
step=$((step + 1))
if cap_e | grep -q "38;5;231m車\|\[37m車"; then echo "not ok $step - light: Black drawn white"; fails=$((fails + 1)); else
    echo "ok $step - light: Black never white"; fi
keys :
typed "h2e2"
keys Enter
check "light: a move" "Black to move"
check_attr "light: Red's cannon dark red on pale blue" "${e}[38;5;124m${e}[48;5;153m炮"
keys :
typed "h9g7"
keys Enter
check "light: Black's answer" "Red to move"
check_attr "light: Black's horse black on pale blue" "${e}[38;5;16m${e}[48;5;153m馬"
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en --theme mono
check "mono theme" "Red to move"
check_attr "mono: Red in reverse video" "${e}[1;7m俥"
keys :
typed "h2e2"
keys Enter
# Wait for the first move: "Red to move" below must not be the start position's.
check "mono: a move" "Black to move"
keys :
typed "h9g7"
keys Enter
check "mono: two moves" "Red to move"
check_attr "mono: Black's last move underlined" "${e}[4m馬"
# auto: the terminal's background asked with OSC 11 (tmux answers with the pane's colour).
old=$S
sessions=$((sessions + 1))
S=g$sessions
T -f /dev/null new-session -d -s "$S" -x 80 -y 24 \
    "sleep 0.5; env TERM=xterm-256color LANG=C.UTF-8 XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_DATA_HOME='$XDG_DATA_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' '$COTUONG' play --red human --black human --lang en; sleep 60"
T set -t "$S" window-style 'bg=#f0f0f0'
T kill-session -t "$old" >/dev/null 2>&1
check "auto on a light pane" "Red to move"
check_attr "auto: the light theme's grid" "${e}[38;5;130m${e}[49m─"
T set -t "$S" window-style 'default'

echo "# bell = on: the AI's move rings the bell (seen by tmux in a window in the background)"
for bell in off on; do
    mkdir -p "$XDG_CONFIG_HOME/cotuong"
    echo "bell = $bell" >"$XDG_CONFIG_HOME/cotuong/config"
    ui_start 80 24 LANG=C.UTF-8 -- play --red human --black ai:1 --lang en
    check "bell $bell: a game against the AI" "Red to move"
    T new-window -d -t "$S"
    T select-window -t "$S:1"
    T send-keys -t "$S:0" :
    T send-keys -t "$S:0" -l "h2e2"
    T send-keys -t "$S:0" Enter
    i=0
    while [ $i -lt 200 ] && ! T capture-pane -p -t "$S:0" | grep -q "1\. C2.5  *[A-Z]"; do
        sleep 0.1
        i=$((i + 1))
    done
    sleep 0.2
    step=$((step + 1))
    flag=$(T display -p -t "$S:0" '#{window_bell_flag}')
    if [ "$flag" = "$([ $bell = on ] && echo 1 || echo 0)" ]; then echo "ok $step - bell $bell: bell flag $flag"; else
        echo "not ok $step - bell $bell: bell flag $flag"; fails=$((fails + 1)); fi
    T select-window -t "$S:0"
done
rm -f "$XDG_CONFIG_HOME/cotuong/config"

echo "# without UTF-8: the key reminder wraps whole, with the letter keys"
ui_start 80 24 LANG=C LC_ALL=C -- review --lang en "$UI_HOME/games.pgn"
check "LANG=C review list" "3 games"
keys Enter
check "the key reminder under LANG=C, whole" "h/l step j/k alt. Tab/BkSp var. a/A"
check "... its end" "engine p auto ; note y/Y copy S save"

echo "# signals restore the terminal"
for sig in TERM HUP INT; do
    ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en
    check "started ($sig)" "Red to move"
    if [ "$sig" = INT ]; then
        keys C-c
    else
        pid=$(T display -p -t "$S" '#{pane_pid}')
        # The pane runs sh -c; the game is its child.
        gpid=$(pgrep -P "$pid" -f cotuong | head -n 1)
        kill -"$sig" "$gpid"
    fi
    check "exit status after SIG$sig" "EXIT=" 5
    step=$((step + 1))
    st=$(T display -p -t "$S" '#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}')
    if [ "$st" = 000 ]; then echo "ok $step - terminal restored after SIG$sig"; else
        echo "not ok $step - terminal state after SIG$sig: $st"; fails=$((fails + 1)); fi
done

ui_done
