#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_explorer -- the explorer panel in the TUI, over an index built by tools/mkindex from a
# small archive written here: the panel's moves, games and Red/draw/Black percentages equal
# what this script counts from the games itself (awk, unique move lists) and what `cotuong
# explore` prints; the opening so far (a group, then the code once settled) learnt from the
# games' ECCO tags; at 80x24 and 200x60, in
# UTF-8 and LANG=C; M switches it in play; in review a master move chosen with ] and m (or a
# click) is played as a variation.
. "$(dirname "$0")/tmux_lib.sh"
ui_require
mkindex=${BUILD:-build}/tools/mkindex
[ -x "$mkindex" ] || { echo "tools/mkindex not built"; exit 77; }
tmp=$UI_HOME/t
dir="$tmp/ds/對局/大師對局"
mkdir -p "$dir" "$XDG_CONFIG_HOME/cotuong"
printf 'notation = coord\n' >"$XDG_CONFIG_HOME/cotuong/config"

# 1. The archive: games as "RESULT ECCO MOVES..." lines; the fifth repeats the first (a
# duplicate by move list counts once), the sixth is the first filed under another name.
cat >"$tmp/games.txt" <<'G'
1-0 C01 h2e2 h9g7 h0g2 i9h9
0-1 C02 h2e2 h9g7 b0c2 b9c7
1/2-1/2 C01 h2e2 h9g7 h0g2 b9c7
1-0 B00 h2e2 b9c7
0-1 A10 c3c4 b9c7 h2e2
1-0 C01 h2e2 h9g7 h0g2 i9h9
G
i=0
while read -r res ecco moves; do
    i=$((i + 1))
    {
        printf '[Event "Cup %d"]\n[Date "199%d.01.01"]\n[Red "Red%d"]\n[Black "Black%d"]\n' "$i" "$i" "$i" "$i"
        printf '[Result "%s"]\n[ECCO "%s"]\n[Format "UCCI"]\n\n' "$res" "$ecco"
        set -- $moves
        n=1 line=
        while [ $# -gt 0 ]; do
            line="$line$n. $1 ${2:-}"
            n=$((n + 1))
            shift
            [ $# -gt 0 ] && shift
            line="$line "
        done
        printf '%s%s\n' "$line" "$res"
    } >"$dir/g$i.pgn"
done <"$tmp/games.txt"
"$mkindex" "$tmp/ds" "$tmp/mini.idx" 2>"$tmp/mkindex.err" || { cat "$tmp/mkindex.err"; exit 1; }
export COTUONG_MASTERS="$tmp/mini.idx"

# The expected rows at the start, counted here: move, games, then the three percentages
# rounded to the nearest, as the panel shows them.
sort -u -k3 "$tmp/games.txt" | awk '
    { n[$3]++; if ($1 == "1-0") r[$3]++; else if ($1 == "0-1") b[$3]++; else d[$3]++ }
    END { for (m in n) printf "%s %d %d%% %d%% %d%%\n", m, n[m],
          int((200 * r[m] + n[m]) / (2 * n[m])), int((200 * d[m] + n[m]) / (2 * n[m])),
          int((200 * b[m] + n[m]) / (2 * n[m])) }' | sort -k2,2nr -k1,1 >"$tmp/want"
step=$((step + 1))
if [ "$(wc -l <"$tmp/want")" -eq 2 ] && grep -q '^h2e2 4 50% 25% 25%$' "$tmp/want"; then
    echo "ok $step - the script's own count: $(tr '\n' ';' <"$tmp/want")"
else
    echo "not ok $step - the script's own count: $(cat "$tmp/want")"; fails=$((fails + 1))
fi
# cotuong explore agrees on the games.
step=$((step + 1))
got=$("$COTUONG" explore | awk '{print $1, $2}')
if [ "$got" = "$(awk '{print $1, $2}' "$tmp/want")" ]; then echo "ok $step - cotuong explore agrees"
else echo "not ok $step - cotuong explore: $got"; fails=$((fails + 1)); fi

# check_sq NAME TEXT: TEXT is on screen with runs of spaces squeezed to one.
check_sq() {
    step=$((step + 1))
    i=0
    while [ "$i" -lt 100 ] && ! cap | tr -s ' ' | grep -F -q -- "$2"; do
        sleep 0.05
        i=$((i + 1))
    done
    if cap | tr -s ' ' | grep -F -q -- "$2"; then echo "ok $step - $1"
    else echo "not ok $step - $1 (expected '$2')"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
}

# rows_on_screen: every expected row is on the screen (spaces squeezed).
rows_on_screen() {
    step=$((step + 1))
    i=0
    while [ "$i" -lt 100 ]; do
        screen=$(cap | tr -s ' ')
        missing=0
        while read -r line; do
            printf '%s\n' "$screen" | grep -F -q -- "$line" || missing=1
        done <"$tmp/want"
        [ "$missing" = 0 ] && break
        sleep 0.05
        i=$((i + 1))
    done
    if [ "$missing" = 0 ]; then echo "ok $step - $1"
    else echo "not ok $step - $1"; cat "$tmp/want"; cap | sed 's/^/    | /'; fails=$((fails + 1)); fi
}

# 2. Play at 80x24 in UTF-8: M shows the panel on the human's turn, M hides it.
ui_start 80 24 LANG=C.UTF-8 -- play --red human --black human --lang en
check "play: the board" "Red to move"
keys M
check "play 80x24: the panel's title" "Master games here: 5"
rows_on_screen "play 80x24: the rows counted by the script"
check "play 80x24: the example game of the first move" "Example (h2e2): Red1 - Black1, Cup"
keys :
typed "h2e2"
keys Enter
# After h2e2 the game may still become B00, C01 or C02: no code yet, the group holding
# them all (central cannon); h9g7 and h0g2 then settle it on C01 (the tree learnt from the
# games' ECCO tags: h0g2 as Red's second move leaves only C01 games).
check "play: the opening so far, a group" "Central Cannon / "
check_gone "play: no code before it is settled" "C01 "
check_sq "play: Black's masters' moves" "h9g7 3 33% 33% 33%"
# The panel is only there on a human's turn: M hides it again.
keys M
check_gone "play: M hides the panel" "Masters:"
keys :
typed "h9g7"
keys Enter
check "play: Black's answer" "Red to move"
keys :
typed "h0g2"
keys Enter
check "play: the code once settled" "C01 Central Cannon vs Screen Horses"

# 3. LANG=C: the same rows, in ASCII.
ui_start 80 24 LANG=C -- play --red human --black human --lang en
check "LANG=C: the board" "Red to move"
keys M
rows_on_screen "LANG=C 80x24: the rows counted by the script"
step=$((step + 1))
if cap | LC_ALL=C grep -q '[^ -~]'; then echo "not ok $step - LANG=C: only ASCII on screen"; cap | sed 's/^/    | /'; fails=$((fails + 1))
else echo "ok $step - LANG=C: only ASCII on screen"; fi

# 4. Review at 200x60: the moves and the panel side by side; ] chooses, m plays the master
# move as a variation of the game's own move; a click on a row plays that one.
printf '[Event "Mine"]\n[Result "*"]\n\n1. h2e2 h9g7 2. h0g2 *\n' >"$tmp/mine.pgn"
ui_start 200 60 LANG=C.UTF-8 -- review "$tmp/mine.pgn" --lang en
check "review: opened" "Mine (1/1)"
keys M
rows_on_screen "review 200x60: the rows at the start"
keys ']' ']'
check "review: ] ] chooses the second move" "Example (c3c4): Red5 - Black5, Cup 5, 1995"
keys m
check "review: m plays it as a variation" "A new variation"
check "review: the variation in the move list" "~c3c4"
check_sq "review: the masters' answers to c3c4" "b9c7 1 0% 0% 100%"
keys Left
check "review: back at the start" "Master games here: 5"
# A click on the h2e2 row follows the game's own first move (the main line).
y=$(cap | grep -n 'h2e2  *4 ' | head -n 1 | cut -d: -f1)
# The column in display cells (awk's index counts bytes: the board's glyphs on that row
# are three bytes wide and two or one cells).
x=$(cap | grep 'h2e2  *4 ' | head -n 1 | sed 's/h2e2.*//' | LC_ALL=C.UTF-8 wc -L)
click $((x + 1)) $((y - 1))
check "review: a click on a master move plays it" "On the main line."

# A finished game gives its whole-game code at its last move (what `cotuong opening` prints),
# though after h2e2 alone a game that went on could still become B00, C01 or C02.
printf '[Event "Short"]\n[Result "1-0"]\n\n1. h2e2 1-0\n' >"$tmp/short.pgn"
want=$("$COTUONG" opening "$tmp/short.pgn" | cut -d' ' -f1)
step=$((step + 1))
case $want in
[A-E][0-9][0-9]) echo "ok $step - cotuong opening classifies the short game: $want" ;;
*) echo "not ok $step - cotuong opening on the short game: '$want'"; fails=$((fails + 1)) ;;
esac
ui_start 200 60 LANG=C.UTF-8 -- review "$tmp/short.pgn" --lang en
check "review: the short game" "Short (1/1)"
keys End
check "review: the finished game's code at its end" "$want "

# 5. 80x24 review: the panel takes the history's room, the header still there.
ui_start 80 24 LANG=C.UTF-8 -- review "$tmp/mine.pgn" --lang en
check "review 80x24: opened" "Mine (1/1)"
keys M
rows_on_screen "review 80x24: the rows"
ui_done
