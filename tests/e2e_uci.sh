#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# cotuong e2e — `cotuong uci` driven over pipes as a GUI would: the UCI handshake, options,
# position + go under each limit, `stop` during `go infinite`, a mate in 1 (verified with
# fairy-stockfish: score mate 1, a5e5 in its ranks 1-10), UCCI; then `cotuong match` seats
# each installed external engine (UCI, UCCI, xboard) for a short game; `go searchmoves`, so
# that `cotuong analyse --engine "uci:cotuong uci"` works.
set -u
ct="$COTUONG"
fail=0
tmp=$(mktemp -d)
trap 'exec 3>&- 2>/dev/null; kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

mkfifo "$tmp/in"
"$ct" uci <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec 3>"$tmp/in"
send() { printf '%s\n' "$1" >&3; }
# wait_for PATTERN SECONDS: waits until a line of the output (after mark) matches.
mark=0
wait_for() {
    local i=0 n=$(( $2 * 20 ))
    while [ $i -lt $n ]; do
        if tail -n +"$((mark + 1))" "$tmp/out" | grep -Eq "$1"; then return 0; fi
        sleep 0.05; i=$((i + 1))
    done
    return 1
}
new_mark() { mark=$(wc -l <"$tmp/out"); }
last_bestmove() { tail -n +"$((mark + 1))" "$tmp/out" | grep '^bestmove' | tail -n 1 | awk '{print $2}'; }
legal_in() { # legal_in FEN MOVE
    "$ct" moves --fen "$1" | grep -qx "$2"
}

send uci
wait_for '^uciok$' 5 && ok "uci -> uciok" || bad "no uciok"
grep -q '^id name cotuong' "$tmp/out" && ok "id name" || bad "no id name"
for o in Hash MultiPV "Skill Level" UCI_Variant; do
    grep -q "^option name $o type" "$tmp/out" && ok "option $o" || bad "option $o missing"
done
send "setoption name UCI_Variant value xiangqi"
send "setoption name Hash value 8"
new_mark; send isready
wait_for '^readyok$' 5 && ok "isready" || bad "no readyok"
grep -q "unknown option" "$tmp/out" && bad "an option was refused" || ok "options accepted"

# Fixed depth from a position with moves.
new_mark; send "position startpos moves h2e2 h9g7"; send "go depth 4"
if wait_for '^bestmove ' 20; then
    tail -n +"$((mark + 1))" "$tmp/out" | grep -Eq '^info depth 4 .*score (cp|mate) -?[0-9]+ .*nodes [0-9]+ .*nps [0-9]+ .*time [0-9]+ .*pv( [a-i][0-9][a-i][0-9])+$' \
        && ok "info line format" || bad "info line format"
    mv=$(last_bestmove)
    legal_in "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2" "$mv" \
        && ok "go depth 4: legal bestmove $mv" || bad "go depth 4: bestmove '$mv' not legal"
else bad "go depth 4: no bestmove"; fi

# Mate in 1 by the double cannon: a4e4.
new_mark; send "position fen 3aka3/9/9/p8/4C4/C8/9/9/9/3K5 w - - 0 1"; send "go depth 3"
if wait_for '^bestmove ' 10; then
    [ "$(last_bestmove)" = a4e4 ] && ok "mate in 1 played" || bad "mate in 1: played $(last_bestmove)"
    tail -n +"$((mark + 1))" "$tmp/out" | grep -q 'score mate 1 ' && ok "score mate 1" || bad "no 'score mate 1'"
else bad "mate in 1: no bestmove"; fi

# go infinite: no bestmove until stop, then one promptly.
new_mark; send "position startpos"; send "go infinite"
sleep 1
if tail -n +"$((mark + 1))" "$tmp/out" | grep -q '^bestmove'; then bad "bestmove before stop in go infinite"
else ok "go infinite keeps searching"; fi
send stop
wait_for '^bestmove ' 2 && ok "stop during go infinite -> bestmove" || bad "no bestmove after stop"

# Time limits.
new_mark; send "position startpos moves h2e2"; send "go movetime 300"
wait_for '^bestmove ' 3 && ok "go movetime 300" || bad "go movetime: no bestmove within 3 s"
new_mark; send "position startpos"; send "go wtime 2000 btime 2000 winc 100 binc 100 movestogo 20"
wait_for '^bestmove ' 3 && ok "go wtime/btime/winc/binc/movestogo" || bad "clock: no bestmove"
new_mark; send "go nodes 5000"
wait_for '^bestmove ' 3 && ok "go nodes" || bad "go nodes: no bestmove"

# Skill Level 0 (= level 1) still plays legal moves; MultiPV reports two lines.
send "setoption name Skill Level value 0"
new_mark; send "position startpos moves h2e2 h9g7"; send "go depth 3"
wait_for '^bestmove ' 10 && legal_in "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2" "$(last_bestmove)" \
    && ok "Skill Level 0: legal move" || bad "Skill Level 0"
send "setoption name Skill Level value 20"
send "setoption name MultiPV value 2"
new_mark; send "position startpos"; send "go depth 3"
wait_for '^bestmove ' 10 && tail -n +"$((mark + 1))" "$tmp/out" | grep -q 'multipv 2 ' \
    && ok "MultiPV 2" || bad "MultiPV 2 lines missing"
send "setoption name MultiPV value 1"

# UCCI: handshake, go time/increment, quit -> bye.
new_mark; send ucci
wait_for '^ucciok$' 5 && ok "ucci -> ucciok" || bad "no ucciok"
new_mark; send "position startpos moves h2e2"; send "go time 2000 increment 0"
wait_for '^bestmove ' 3 && ok "UCCI go time" || bad "UCCI go time: no bestmove"
new_mark; send quit
wait_for '^bye$' 3 && ok "quit -> bye" || bad "no bye"
exec 3>&-
for i in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
kill -0 "$pid" 2>/dev/null && bad "still running after quit" || ok "exits after quit"

# External engines as players: a few moves each (skipped when not installed).
engine_game() { # NAME SPEC
    local out
    out=$("$ct" match --p1 ai:3 --p2 "$2" --games 2 --movetime 30 --max-plies 12 2>&1)
    if printf '%s\n' "$out" | grep -q '^result: .* +[0-9]* =[0-9]* -[0-9]*' &&
       ! printf '%s\n' "$out" | grep -Eq 'illegal|crash|forfeit'; then
        ok "match vs $1 ($2)"
    else
        bad "match vs $1: $out"
    fi
}
[ -n "${FAIRY_STOCKFISH:-}" ] && engine_game fairy-stockfish "uci:$FAIRY_STOCKFISH"
[ -n "${FAIRY_STOCKFISH:-}" ] && engine_game "fairy-stockfish (UCCI)" "ucci:$FAIRY_STOCKFISH"
[ -n "${SJAAKII:-}" ] && engine_game sjaakii "uci:$SJAAKII"
[ -n "${MAXQI:-}" ] && engine_game maxqi "xboard:$MAXQI"
# PGN output of a match: two games with results and ICCS moves.
"$ct" match --p1 ai:2 --p2 ai:1 --games 2 --movetime 20 --pgn "$tmp/m.pgn" >/dev/null 2>&1
[ "$(grep -c '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$tmp/m.pgn")" = 2 ] && grep -q '^1\. [A-I][0-9]-[A-I][0-9] ' "$tmp/m.pgn" \
    && ok "match --pgn writes two games" || bad "match --pgn output"
out=$("$ct" match --p1 ai:1 --p2 uci:/nonexistent/engine --games 1 2>&1); rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q 'player 2' && ok "missing engine: clear error" || bad "missing engine: rc $rc: $out"

# Skill Level back to the level it was computed from (floor(20 (L - 1) / 9), what an
# engine seat sends): Skill 8 is level 5 (depth cap 4), Skill 11 level 6 (cap 5); the
# depth reached in a short search is the level's cap
for pair in 8:4 11:5; do
    skill=${pair%:*} want=${pair#*:}
    got=$( (printf 'uci\nsetoption name Skill Level value %s\nisready\nposition startpos moves h2e2 h9g7\ngo movetime 2000\n' "$skill"
        sleep 3; printf 'quit\n') | "$ct" uci | sed -n 's/^info depth \([0-9]*\) .*/\1/p' | tail -n 1)
    [ "$got" = "$want" ] && ok "Skill Level $skill reaches depth $want (its level's cap)" ||
        bad "Skill Level $skill: depth $got, wanted $want"
done

# go searchmoves: one move is the answer whatever it is worth (a0a1 is no one's first
# choice), and every line starts with it; several: the answer is one of them; a list with
# no legal move searches every move, with a word saying so.
uci_run() { (printf 'uci\nisready\nposition startpos\n%s\n' "$1"; sleep "$2"; printf 'quit\n') | "$ct" uci; }
got=$(uci_run 'go depth 5 searchmoves a0a1' 3)
printf '%s\n' "$got" | grep -q '^bestmove a0a1' &&
    ! printf '%s\n' "$got" | grep '^info depth' | grep -qv ' pv a0a1' &&
    ok "go searchmoves a0a1: $(printf '%s\n' "$got" | grep '^bestmove')" ||
    bad "go searchmoves a0a1: $(printf '%s\n' "$got" | tail -n 3)"
got=$(uci_run 'go nodes 20000 searchmoves a0a1 i0i1 e3e4' 3 | grep '^bestmove' | awk '{print $2}')
case $got in a0a1|i0i1|e3e4) ok "go searchmoves of three: $got" ;; *) bad "go searchmoves of three: '$got'" ;; esac
got=$(uci_run 'go depth 3 searchmoves a0a5' 3)
printf '%s\n' "$got" | grep -q '^info string searchmoves: none of them is legal' &&
    printf '%s\n' "$got" | grep -q '^bestmove [a-i][0-9][a-i][0-9]' &&
    ok "go searchmoves with no legal move: every move searched" ||
    bad "go searchmoves a0a5: $(printf '%s\n' "$got" | tail -n 2)"
got=$( (printf 'uci\nposition startpos\ngo infinite searchmoves a0a1 i0i1\n'; sleep 1; printf 'stop\n'; sleep 1; printf 'quit\n') | "$ct" uci | grep '^bestmove' | awk '{print $2}')
case $got in a0a1|i0i1) ok "go infinite searchmoves of two, then stop: $got" ;; *) bad "go infinite searchmoves: '$got'" ;; esac
# cotuong itself as the engine of an analysis (the move played is scored with searchmoves)
if [ -n "${TEST_DATA_DIR:-}" ]; then
    XDG_CONFIG_HOME="$tmp/cfg" timeout -k 5 120 "$ct" analyse --engine "uci:$ct uci" --nodes 20000 \
        --notation iccs --no-chart --quiet "$TEST_DATA_DIR/review/blunder.pgn" >"$tmp/an.out" 2>"$tmp/an.err"
    rc=$?
    [ $rc -eq 0 ] && grep -q '^ *3\. I1-B1  *??' "$tmp/an.out" &&
        ok "analyse --engine uci:cotuong uci: $(grep '^ *3\. I1-B1' "$tmp/an.out" | tr -s ' ')" ||
        bad "analyse --engine uci:cotuong uci: rc $rc: $(cat "$tmp/an.err") $(grep I1-B1 "$tmp/an.out")"
fi
exit $fail
