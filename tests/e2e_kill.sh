#!/bin/sh
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

    # A temporary file left behind means the kill landed inside a save.
    if [ -n "$(find "$XDG_STATE_HOME" -name '.resume.pgn.*' 2>/dev/null)" ]; then
        mid_save=$((mid_save + 1))
    fi
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
        [ "$status" -eq 0 ] || fail "the game ended but the exit status is $status"
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
# No stray temporary files after the last load.
"$COTUONG" autoplay --check >/dev/null 2>&1
strays=$(find "$XDG_STATE_HOME" -name '.resume.pgn.*' | wc -l)
[ "$strays" -eq 0 ] || { echo "FAIL: $strays temporary files left"; exit 1; }
echo "kills: $KILLS (SIGKILL $n_kill, SIGHUP $n_hup, SIGTERM $n_term, SIGINT $n_int)"
echo "saves on a signal verified: $signal_saves; torn files: 0; lost moves: $lost"
echo "kills that landed inside a save (temporary file left, old file intact): $mid_save"
echo "games: $games; longest: $max_moves moves"
exit 0
