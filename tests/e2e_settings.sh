#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_settings.sh -- the Settings page of the start menu: every value of the settings file
# listed (theme, language, notation, pieces, coordinates, mouse, AI level, rules, clock,
# bell, analysis time and threads, review speed, clipboard), each change written to the
# file at once and in force at once (the mouse, the theme), the language at the next start
# (the page says so); the page fits 80x24 and the minimum size (65x23), and a new start
# shows the values saved.
. "$(dirname "$0")/tmux_lib.sh"
ui_require
CONF="$XDG_CONFIG_HOME/cotuong/config"

# conf_has NAME LINE: the settings file holds LINE (within 3 s: written at once).
conf_has() {
    step=$((step + 1))
    i=0
    while [ "$i" -lt 30 ] && ! grep -q -x -F -- "$2" "$CONF" 2>/dev/null; do
        sleep 0.1
        i=$((i + 1))
    done
    if grep -q -x -F -- "$2" "$CONF" 2>/dev/null; then
        echo "ok $step - $1"
    else
        echo "not ok $step - $1 ('$2' not in the settings file)"
        sed 's/^/    | /' "$CONF" 2>/dev/null
        fails=$((fails + 1))
    fi
}

# The Settings entry, wherever the menu has it: a click on its row (SGR mouse report).
settings_row() { cap | grep -n -x " *$1 *" | head -n 1 | cut -d: -f1; }
open_settings() {
    check "start menu" "${3:-Quit}"
    settle
    row=$(settings_row "${1:-Settings}")
    click 40 $((row - 1))
    check "the Settings page" "${2:-Analysis threads}"
}

echo "# 80x24: every setting listed"
ui_start 80 24 LANG=C.UTF-8 -- --lang en
open_settings
for label in Theme Language Notation Pieces Coordinates Mouse "AI level" Rules \
    "Clock of new games" "Bell when the opponent moves" "Analysis time per position" \
    "Analysis threads" "Review auto-play step" "Copy to the clipboard" Back; do
    check "listed: $label" "$label"
done
check "the values beside the labels" "‹ online ›"
# Started with --lang en and no language in the file: the page showed the file's "auto"
# alone, as if auto were English here; now it says what is in force too.
check "the language: the file's value and the one in force" "‹ auto (now en) ›"

echo "# each change saved at once"
keys Down Down Right   # notation: the next one
check "notation changed on screen" "Saved: notation ="
keys Down Down Down Down Right   # AI level 5 -> 6
check "AI level shown" "‹ 6 ›"
conf_has "ai_level written" "ai_level = 6"
keys Down Down Right   # the clock: none -> 300
conf_has "time_control written" "time_control = 300"
check "the clock shown" "‹ 300 ›"
keys Down Right        # bell on
conf_has "bell written" "bell = on"
keys Down Right        # analysis 1000 -> 2000
conf_has "analysis_time written" "analysis_time = 2000"
check "analysis time shown" "‹ 2000 ms ›"
keys Down Right Right  # threads 1 -> 2 -> 3
conf_has "threads written" "threads = 3"
keys Down Left         # review speed 1000 -> 500
conf_has "review_speed written" "review_speed = 500"
keys Down Enter        # clipboard off
conf_has "clipboard written" "clipboard = no"

echo "# the mouse, in force at once"
mouse_flag() { T display -p -t "$S" '#{mouse_any_flag}'; }
step=$((step + 1))
if [ "$(mouse_flag)" = 1 ]; then echo "ok $step - mouse reports asked for"; else
    echo "not ok $step - mouse reports not on at the start"; fails=$((fails + 1)); fi
keys Up Up Up Up Up Up Up Up Right   # Mouse: off
conf_has "mouse written" "mouse = no"
settle
step=$((step + 1))
if [ "$(mouse_flag)" = 0 ]; then echo "ok $step - mouse reports off at once"; else
    echo "not ok $step - the terminal still sends mouse reports"; fails=$((fails + 1)); fi
keys Right                           # and on again
conf_has "mouse written again" "mouse = yes"

echo "# the language: at the next start"
keys Up Up Up Up Right
check "the page says when the language changes" "in force at the next start"
check "vi saved, English still in force" "‹ vi (now en) ›"
conf_has "language written" "language = vi"

echo "# the theme: mono at once (no colour escapes on the page)"
keys Up Left   # auto -> mono
conf_has "theme written" "theme = mono"
settle
step=$((step + 1))
if cap_e | grep -q "$(printf '\033')\[38;5;"; then
    echo "not ok $step - colours still drawn after theme = mono"; fails=$((fails + 1))
else echo "ok $step - drawn without colours"; fi

echo "# Esc goes back to the menu; a new start shows what was saved (in Vietnamese now)"
esc
check "back on the start menu" "Quit"
ui_start 80 24 LANG=C.UTF-8 --
check "the language saved is in force" "Thoát"
open_settings "Cài đặt" "Luồng phân tích" "Thoát"
check "the AI level saved" "‹ 6 ›"
check "the analysis time saved" "‹ 2000 ms ›"

echo "# the minimum size: nothing cut, the last row reachable"
ui_start 65 23 LANG=C.UTF-8 -- --lang en
open_settings
check "Back listed at 65x23" "Back"
check "the key line whole" "Up/Down choose, Left/Right or Enter change, Esc back"
keys Up Enter
check "Back returns to the menu" "Quit"

echo "# 65x23, LANG=C: ASCII marks around the values (transliterated they read '<?>' and cut them)"
ui_start 65 23 LANG=C LC_ALL=C -- --lang en
open_settings
check "the language: saved vi, English in force, whole" "< vi (now en) >"

ui_done
