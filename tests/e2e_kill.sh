#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_kill -- kills the program at random instants while it plays and saves, many times,
# and proves with the resume file that no completed move is lost and no file is torn.
#
# Each round starts `cotuong autoplay --resume` (random legal moves, the resume file
# rewritten atomically after every move, "saved N" printed once N moves are on disk), lets it
# run 0-120 ms, then sends SIGKILL, SIGHUP, SIGTERM or SIGINT. After each kill:
#   - `cotuong autoplay --check` must parse the resume file completely (PlyCount matches,
#     every move legal, result token present): a torn file fails here;
#   - the file holds at least the last acknowledged N moves (no completed move lost);
#   - the moves of the previous round are a prefix of this round's (the game carried on);
#   - for SIGHUP/SIGTERM/SIGINT the program saved and died of that signal.
# KILLS (default 200) sets the number of rounds.

: "${COTUONG:?COTUONG must name the program}"
KILLS=${KILLS:-200}
tmp=$(mktemp -d) || exit 1
trap '[ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config"
resume="$XDG_STATE_HOME/cotuong/resume.pgn"

fail() { echo "FAIL (round $round): $*"; exit 1; }

rand() { # rand SEED MAX -> 0..MAX-1
    awk -v s="$1" -v m="$2" 'BEGIN { srand(s); print int(rand() * m) }'
}

prev_list=
prev_result='*'
n_kill=0 n_hup=0 n_term=0 n_int=0 games=1 lost=0 mid_save=0 max_moves=0 signal_saves=0
round=1
while [ "$round" -le "$KILLS" ]; do
    r=$(rand "$round" 1000000)
    ms=$((r % 120))
    delay=0
    [ $((r % 3)) -eq 0 ] && delay=2
    case $((r / 7 % 4)) in
        0) sig=KILL n_kill=$((n_kill + 1)) ;;
        1) sig=HUP n_hup=$((n_hup + 1)) ;;
        2) sig=TERM n_term=$((n_term + 1)) ;;
        *) sig=INT n_int=$((n_int + 1)) ;;
    esac
    log="$tmp/log.$round"
    "$COTUONG" autoplay --resume --seed "$round" --delay-ms "$delay" >"$log" 2>"$log.err" &
    pid=$!
    sleep "$(awk -v m="$ms" 'BEGIN { printf "%.3f", m / 1000 }')"
    kill -s "$sig" "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    status=$?

    # A new temporary file left behind means the kill landed inside a save.
    n_tmp=$(find "$XDG_STATE_HOME" -name '.resume.pgn.*' 2>/dev/null | wc -l)
    [ "$n_tmp" -gt "${last_tmp:-0}" ] && mid_save=$((mid_save + 1))
    last_tmp=$n_tmp
    acked=$(sed -n 's/^saved \([0-9]*\)$/\1/p' "$log" | tail -n 1)
    started=$(sed -n 's/^start \([0-9]*\)$/\1/p' "$log")
    "$COTUONG" autoplay --check >"$tmp/check" 2>"$tmp/check.err" ||
        fail "after SIG$sig the resume file does not read back: $(cat "$tmp/check.err")"
    if grep -q '^none$' "$tmp/check"; then
        [ -z "$acked" ] || fail "saved $acked moves but there is no resume file"
        round=$((round + 1))
        continue
    fi
    moves=$(sed -n 's/^moves //p' "$tmp/check")
    result=$(sed -n 's/^result //p' "$tmp/check")
    list=$(sed -n 's/^list//p' "$tmp/check")
    if [ -n "$acked" ] && [ "$moves" -lt "$acked" ]; then
        lost=$((lost + 1))
        fail "SIG$sig: $acked moves were acknowledged but the file holds $moves"
    fi
    if [ -n "$started" ] && [ "$prev_result" = '*' ] && [ -n "$prev_list" ]; then
        case "$list " in
            "$prev_list "*) ;;
            *) fail "the game did not carry on: previous moves are not a prefix" ;;
        esac
    fi
    if [ -n "$started" ] && [ "$started" -eq 0 ] && [ -n "$prev_list" ]; then
        games=$((games + 1))
    fi
    if grep -q '^end ' "$log"; then
        # A SIGKILL can land between the game's end and the exit: 137 is then the kill's.
        [ "$status" -eq 0 ] || { [ "$sig" = KILL ] && [ "$status" -eq 137 ]; } ||
            fail "the game ended but the exit status is $status"
    elif [ "$sig" != KILL ] && [ -n "$started" ]; then
        # Died of the signal itself (128 + number) after saving.
        case $sig in HUP) want=1 ;; INT) want=2 ;; *) want=15 ;; esac
        grep -q '^signal ' "$log" || fail "SIG$sig: no save on the signal (status $status)"
        [ "$status" -eq $((128 + want)) ] || fail "SIG$sig: exit status $status, wanted $((128 + want))"
        signal_saves=$((signal_saves + 1))
    fi
    [ "$moves" -gt "$max_moves" ] && max_moves=$moves
    prev_list=$list
    prev_result=$result
    round=$((round + 1))
done
# Temporary files left by kills inside a save are harmless (never read); a start removes
# those older than a minute (tests/check_savefile.c checks that).
strays=$(find "$XDG_STATE_HOME" -name '.resume.pgn.*' | wc -l)
echo "kills: $KILLS (SIGKILL $n_kill, SIGHUP $n_hup, SIGTERM $n_term, SIGINT $n_int)"
echo "saves on a signal verified: $signal_saves; torn files: 0; lost moves: $lost"
echo "kills that landed inside a save (temporary file left, old file intact): $mid_save ($strays temporary files remain)"
echo "games: $games; longest: $max_moves moves"

# ---------------------------------------------------------------- part 2: the real game
# The full-screen game in tmux: moves typed as a player would, the program killed after each
# pair of moves with SIGHUP (the terminal closing), SIGTERM, SIGINT or SIGKILL, then
# `cotuong --resume`: every move, the clocks, the rule set, the players and the notation
# must come back. The moves are the round-trip game of spec section 4.5.
if ! command -v tmux >/dev/null 2>&1; then
    echo "tmux not installed: the full-screen part is skipped"
    exit 0
fi
rm -rf "$XDG_STATE_HOME" "$XDG_DATA_HOME"
SOCK="cotuong-kill-$$"
T() { tmux -L "$SOCK" "$@"; }
trap 'T kill-server >/dev/null 2>&1; sleep 0.5; [ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
moves="c3c4 h9g7 g3g4 b7c7 c0e2 b9a7 b0c2 a9b9 a0b0 b9b5 b2a2 b5h5 h2h7 c7h7 h0g2 i9h9"
env_vars="TERM=xterm-256color LANG=C.UTF-8 LANGUAGE= XDG_STATE_HOME=$XDG_STATE_HOME XDG_DATA_HOME=$XDG_DATA_HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME"
nsess=0
S=
start_game() { # ARGS...: a new session first, then the old one goes (the server stays up)
    old=$S
    nsess=$((nsess + 1))
    S=g$nsess
    # EXIT= at the start of a line of its own: a program killed by SIGKILL leaves the
    # terminal as curses set it (no newline translation), so a plain newline would not go
    # back to the first column and a long line ("Killed" and the command) wraps EXIT= apart.
    T -f /dev/null new-session -d -s "$S" -x 110 -y 34 "env $env_vars '$COTUONG' $*; rc=\$?; printf '\\r\\nEXIT=%s\\r\\n' \$rc; sleep 60"
    [ -n "$old" ] && T kill-session -t "$old" >/dev/null 2>&1
}
screen() { T capture-pane -p -t "$S"; }
wait_screen() { # TEXT SECONDS
    i=0
    while [ $i -lt $(($2 * 20)) ]; do
        screen | grep -qF -- "$1" && return 0
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}
on_disk() { "$COTUONG" autoplay --check 2>/dev/null | sed -n 's/^moves //p'; }
wait_disk() { # N: until the resume file holds N moves
    i=0
    while [ $i -lt 100 ]; do
        [ "$(on_disk)" = "$1" ] && return 0
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}
game_pid() { pgrep -P "$(T display -p -t "$S" '#{pane_pid}')" | head -n 1; }

start_game play --red human --black human --rules asian --clock 10+5 --notation wxf
wait_screen "Rules: asian" 5 || fail "the game did not start: $(screen)"
played=0 rounds=0 ui_kills=
set -- $moves
for sig in HUP TERM INT KILL HUP TERM INT HUP; do
    rounds=$((rounds + 1))
    round=ui-$rounds
    # Two moves typed at the keyboard, each on disk before the next.
    for k in 1 2; do
        [ $# -gt 0 ] || break
        T send-keys -t "$S" ':'
        sleep 0.1
        T send-keys -t "$S" "$1" Enter
        played=$((played + 1))
        shift
        wait_disk "$played" || fail "move $played is not in the resume file: $(screen)"
    done
    before=$("$COTUONG" autoplay --check | sed -n 's/^clocks //p')
    sleep 0.$(( (rounds * 37) % 9 + 1 ))
    pid=$(game_pid)
    [ -n "$pid" ] || fail "no game process"
    kill -s "$sig" "$pid"
    case $sig in HUP) want=129 ;; INT) want=130 ;; TERM) want=143 ;; KILL) want=137 ;; esac
    wait_screen "EXIT=$want" 5 || fail "SIG$sig: wanted EXIT=$want: $(screen | grep EXIT)"
    "$COTUONG" autoplay --check >"$tmp/ui.check" 2>&1 || fail "SIG$sig: resume file unreadable: $(cat "$tmp/ui.check")"
    got=$(sed -n 's/^moves //p' "$tmp/ui.check")
    [ "$got" = "$played" ] || fail "SIG$sig: $played moves played, $got in the resume file"
    want_list=$(echo "$moves" | cut -d' ' -f1-"$played")
    [ "$(sed -n 's/^list //p' "$tmp/ui.check")" = "$want_list" ] || fail "SIG$sig: wrong moves: $(cat "$tmp/ui.check")"
    grep -q '^rules asian$' "$tmp/ui.check" && grep -q '^notation wxf$' "$tmp/ui.check" &&
        grep -q '^players human human$' "$tmp/ui.check" || fail "SIG$sig: settings lost: $(cat "$tmp/ui.check")"
    after=$(sed -n 's/^clocks //p' "$tmp/ui.check")
    # The side to move's clock ran while we waited: the signal save must show it.
    side=$((played % 2 + 1))
    b=$(echo "$before" | cut -d' ' -f"$side") a=$(echo "$after" | cut -d' ' -f"$side")
    if [ "$sig" = KILL ]; then
        [ "$a" = "$b" ] || fail "SIGKILL: the clock changed without a save ($b -> $a)"
    else
        [ "$a" -lt "$b" ] || fail "SIG$sig: the clock was not saved on the signal ($b -> $a)"
    fi
    ui_kills="$ui_kills SIG$sig:$played"
    start_game --resume
    # Moves as a player counts them: two plies (Red's and Black's) are one move.
    full=$((played / 2))
    if [ "$full" -eq 1 ]; then want_text="(1 move)"; else want_text="($full moves)"; fi
    wait_screen "Resumed the interrupted game $want_text" 5 || fail "resume after SIG$sig: $(screen)"
    wait_screen "Rules: asian  Notation: wxf" 2 || fail "resume: rules/notation not shown"
done
wait_screen "8. H2+3" 2 && screen | grep -q "R9.8" || fail "the history lacks the last moves: $(screen)"
echo "full-screen game: $rounds kills ($ui_kills), $played moves typed, all resumed"
echo "screen after the last resume:"
screen | sed -n '1,14p' | sed 's/^/    /'
exit 0
