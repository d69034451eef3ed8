#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_engine_stop.sh -- an external engine stopped mid-think, on the screen: a scripted UCI
# engine that answers `go` only when told `stop` thinks for Black; u (undo) while it thinks
# takes the move back at once and its late answer is never played; m (move now) plays its
# answer; q then y quits at once though it thinks again. (The model is tested without a
# terminal in tests/check_engine_stop.c.)
. "$(dirname "$0")/tmux_lib.sh"
ui_require

fake="$UI_HOME/fake.sh"
cat >"$fake" <<'FAKE'
while read -r line; do
  case $line in
    uci) echo 'id name Slowpoke'; echo uciok ;;
    isready) echo readyok ;;
    stop) echo 'bestmove h7e7' ;;
    quit) exit 0 ;;
  esac
done
FAKE

ui_start 80 24 LANG=C.UTF-8 -- play --lang en --red human --black "uci:sh $fake"
check "the game starts" "Red to move"
typed ':'
typed 'h2e2'
keys Enter
check "the engine thinks" "Black to move"
sleep 0.5
t0=$(date +%s%3N)
keys u
check "undo while it thinks: Red to move again" "Red to move" 3
t1=$(date +%s%3N)
step=$((step + 1))
if [ $((t1 - t0)) -lt 2000 ]; then echo "ok $step - undo answered in $((t1 - t0)) ms"
else echo "not ok $step - undo took $((t1 - t0)) ms"; fails=$((fails + 1)); fi
sleep 1.5
check_not "its answer to stop was not played" "C8.5"
check "still Red to move" "Red to move"
typed ':'
typed 'h2e2'
keys Enter
check "it thinks again" "Black to move"
sleep 0.5
keys m
check "move now: its answer is played" "C8.5" 3
check "Red to move after it" "Red to move"
typed ':'
typed 'i0i1'
keys Enter
check "it thinks a third time" "Black to move"
sleep 0.3
keys q
check "quit asks" "Quit anyway?"
keys y
check "quit while it thinks: the program ends at once" "EXIT=0" 3
ui_done
