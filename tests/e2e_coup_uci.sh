#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# cotuong e2e — cờ úp (Jieqi) over UCI as the Jieqi GUIs speak it (../shared/spec/coup.md):
# `cotuong uci` offers UCI_Variant jieqi; a FEN with x/X face-down pieces and the pool (the
# spec's start position, JieqiBox's older and newer field orders) is read as cờ úp with or
# without the option; a reveal comes as the next FEN or inline as h2e2=R, and a reveal that
# does not say what it was is refused. Expected FENs and move sets are worked out by hand
# from the spec: a face-down piece moves as the piece of its square, so the first moves of
# cờ úp are those of the standard start (`cotuong moves` on the standard FEN lists them).
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
mark=0
wait_for() {
    i=0; n=$(( $2 * 20 ))
    while [ $i -lt $n ]; do
        if tail -n +"$((mark + 1))" "$tmp/out" | grep -Eq "$1"; then return 0; fi
        sleep 0.05; i=$((i + 1))
    done
    return 1
}
new_mark() { mark=$(wc -l <"$tmp/out"); }
since() { tail -n +"$((mark + 1))" "$tmp/out"; }
last_bestmove() { since | grep '^bestmove' | tail -n 1 | awk '{print $2}'; }
legal_in() { "$ct" moves --fen "$1" | grep -qx "$2"; }

START='xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1'
STD_START='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'

send uci
wait_for '^uciok$' 5 && ok "uciok" || bad "no uciok"
grep -q '^option name UCI_Variant type combo .*var jieqi' "$tmp/out" \
    && ok "UCI_Variant offers jieqi" || bad "UCI_Variant does not offer jieqi"

# 1. The spec's start FEN, no variant named: read as cờ úp (a standard reader refuses it).
new_mark; send "position fen $START"; send "d"
wait_for '^Fen: ' 5 && [ "$(since | grep '^Fen: ' | tail -n 1)" = "Fen: $START" ] \
    && ok "the spec's start FEN reads back" || bad "start FEN: $(since | tr '\n' '|')"
new_mark; send "go depth 1"
if wait_for '^bestmove ' 20; then
    mv=$(last_bestmove)
    legal_in "$STD_START" "$mv" && ok "cờ úp start: legal first move $mv" \
        || bad "cờ úp start: bestmove '$mv' is none of the 44 first moves"
else bad "cờ úp start: no bestmove"; fi

# 2. Reveals inline (h2e2=R: the Red face-down piece on h2 was a rook; b7e7=C a cannon).
new_mark; send "position fen $START moves h2e2=R b7e7=C"; send "d"
want='xxxxkxxxx/9/4c2x1/x1x1x1x1x/9/9/X1X1X1X1X/1X2R4/9/XXXXKXXXX A2B2N2R1C2P5a2b2n2r2c1p5 w - - 2 2'
wait_for '^Fen: ' 5 && [ "$(since | grep '^Fen: ' | tail -n 1)" = "Fen: $want" ] \
    && ok "inline reveals h2e2=R b7e7=C" || bad "inline reveals: $(since | tr '\n' '|')"

# 3. A reveal that does not say what it turned up is refused with the reason.
new_mark; send "position fen $START moves h2e2"; send isready
wait_for '^readyok$' 5
since | grep -q '^info string move h2e2 turns a face-down piece up' \
    && ok "a reveal without its piece is refused" || bad "reveal without piece: $(since | tr '\n' '|')"

# 4. The position after the reveal as the next FEN, in JieqiBox's newer field order
#    (board, side, pool, halfmove, fullmove): Black's moves are those of the standard
#    start with Red's cannon gone from h2 to e2 (what stands on e2 does not change them).
new_mark
send "position fen xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X2R4/9/XXXXKXXXX b A2B2N2R1C2P5a2b2n2r2c2p5 1 1"
send "go depth 1"
if wait_for '^bestmove ' 20; then
    mv=$(last_bestmove)
    legal_in "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1" "$mv" \
        && ok "JieqiBox's newer FEN: Black's legal move $mv" || bad "newer FEN: bestmove '$mv' not legal"
else bad "newer FEN: no bestmove ($(since | tr '\n' '|'))"; fi

# 5. UCI_Variant jieqi: startpos is cờ úp's; the AI takes a rook left hanging (a0xa4)
#    beside a face-down black piece on a6 (a pawn's square: it only steps forward).
send "setoption name UCI_Variant value jieqi"
new_mark; send "position startpos"; send "d"
wait_for '^Fen: ' 5 && [ "$(since | grep '^Fen: ' | tail -n 1)" = "Fen: $START" ] \
    && ok "jieqi startpos" || bad "jieqi startpos: $(since | tr '\n' '|')"
new_mark; send "position fen 4k4/9/9/x8/9/r8/9/9/9/R2K5 p1 w - - 0 1"; send "go depth 2"
if wait_for '^bestmove ' 20; then
    [ "$(last_bestmove)" = a0a4 ] && ok "takes the hanging rook (a0a4)" \
        || bad "hanging rook: bestmove $(last_bestmove)"
    since | grep -Eq '^info depth [0-9]+ score (cp|mate) -?[0-9]+ nodes [0-9]+ .*pv a0a4' \
        && ok "info line" || bad "info line: $(since | tr '\n' '|')"
else bad "hanging rook: no bestmove"; fi

# 6. A bad cờ úp FEN names what is wrong; back to xiangqi, the standard start plays on.
new_mark; send "position fen xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P4a2b2n2r2c2p5 w - - 0 1"
send isready; wait_for '^readyok$' 5
since | grep -q '^info string bad jieqi fen: ' && ok "a pool short of the board is refused" \
    || bad "short pool: $(since | tr '\n' '|')"
send "setoption name UCI_Variant value xiangqi"
new_mark; send "position startpos moves h2e2"; send "go depth 2"
if wait_for '^bestmove ' 20; then
    legal_in "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1" "$(last_bestmove)" \
        && ok "xiangqi again" || bad "xiangqi again: $(last_bestmove)"
else bad "xiangqi again: no bestmove"; fi

send quit
wait "$pid" 2>/dev/null
exit $fail
