#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# cotuong e2e — cờ úp between programs: `match --variant coup` seats the built-in cờ úp AI
# against `cotuong uci` as an external engine (behind a filter that logs what it is sent):
# the engine is told UCI_Variant jieqi and positions as FENs with x/X face-down pieces and
# the pool, never an identity a face-down piece has on the board; the referee's PGN has
# [Variant "Jieqi"], the seed and the deal, and the same seed replays the same games; convert
# reads it back (and refuses a reveal against the deal), analyse says it is cờ úp
# instead of failing on its first move; --sprt
# decides; a UCCI engine and an unknown variant are refused with the reason. `autoplay
# --variant coup` plays a dealt game and keeps it in the resume file (CoupLine).
: "${COTUONG:?COTUONG must name the program}"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }

cat >"$T/engine.sh" <<EOF2
#!/bin/sh
tee -a "$T/sent.log" | "$COTUONG" uci
EOF2
chmod +x "$T/engine.sh"

# 1. Two games, one deal (seed 7), the AI at level 2 against the engine at 2000 nodes.
"$COTUONG" match --variant coup --p1 ai:2 --p2 "uci:$T/engine.sh" --nodes 2000 --games 2 \
    --seed 7 --pgn "$T/a.pgn" >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] && ok "match --variant coup exits 0" || bad "match --variant coup: rc $rc $(cat "$T/err")"
grep -q '^match: .*variant coup (Jieqi), deals from seed 7$' "$T/out" && ok "header names the variant and seed" \
    || bad "header: $(head -n 1 "$T/out")"
[ "$(grep -c '^game [12]: ' "$T/out")" = 2 ] && ok "two games played" || bad "games: $(cat "$T/out")"
grep -q '^result: ' "$T/out" && ok "summary" || bad "no summary"
# Both players really played (a seat given no view would have no move at once).
if grep '^game ' "$T/out" | grep -Eq ', [0-9] plies|forfeit|no move'; then
    bad "a game ended before it began: $(grep '^game ' "$T/out")"
else ok "games of ten plies or more, no forfeit"; fi
grep -q '^setoption name UCI_Variant value jieqi$' "$T/sent.log" && ok "engine told UCI_Variant jieqi" \
    || bad "UCI_Variant jieqi not sent"
grep -q '^position fen xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1$' "$T/sent.log" \
    && ok "the start as the spec's FEN" || bad "no start FEN sent: $(grep -m3 '^position' "$T/sent.log")"
# What the engine is sent has no face-down piece named: every board square that holds a
# piece still on its own side's starting square unrevealed is x/X; the FEN fields are the
# Jieqi ones (board, pool, side, -, -, halfmove, fullmove).
if grep '^position' "$T/sent.log" | grep -vEq '^position fen [1-9kKaAbBnNrRcCpPxX/]+ (-|([ABNRCPabnrcp][0-9]+)+) [wb] - - [0-9]+ [0-9]+( moves( [a-i][0-9][a-i][0-9])+)?$'; then
    bad "a position line is not a Jieqi FEN + moves: $(grep '^position' "$T/sent.log" | grep -vE 'moves|fen' | head -n 2)"
else ok "every position is a Jieqi FEN and plain moves"; fi
n_pos=$(grep -c '^position' "$T/sent.log")
[ "$n_pos" -gt 20 ] && ok "$n_pos positions sent" || bad "only $n_pos positions sent"
grep -q '^\[Variant "Jieqi"\]$' "$T/a.pgn" && ok "PGN Variant Jieqi" || bad "PGN without Variant"
grep -q '^\[CoupSeed "[0-9]*"\]$' "$T/a.pgn" && grep -q '^\[CoupDeal "[ABNRCP]\{15\}/[abnrcp]\{15\}"\]$' "$T/a.pgn" \
    && ok "PGN keeps the seed and the deal" || bad "PGN seed/deal: $(grep Coup "$T/a.pgn")"
grep -Eq '^1\. [a-i][0-9][a-i][0-9]=[ABNRCP] ' "$T/a.pgn" && ok "PGN moves with reveals" || bad "PGN movetext: $(grep -m1 '^1\.' "$T/a.pgn")"
[ "$(grep -c '^\[CoupSeed ' "$T/a.pgn")" = 2 ] && [ "$(grep '^\[CoupSeed ' "$T/a.pgn" | sort -u | wc -l)" = 1 ] \
    && ok "one deal for the pair, colours swapped" || bad "pair deals differ"

# 2. The same seed replays the same games (the deal and both players are deterministic).
"$COTUONG" match --variant coup --p1 ai:2 --p2 "uci:$COTUONG uci" --nodes 2000 --games 2 \
    --seed 7 --pgn "$T/b.pgn" >/dev/null 2>&1
grep -v '^\[\(Black\|Red\) ' "$T/a.pgn" >"$T/a2"; grep -v '^\[\(Black\|Red\) ' "$T/b.pgn" >"$T/b2"
cmp -s "$T/a2" "$T/b2" && ok "the same seed, the same games" || bad "seed 7 twice: different games"

# 2b. The record opens where cờ úp records are read (convert: through coup_pgn.c, the same
#     text back); analyse (cờ tướng only) says what it is; review
#     opens it (e2e_coup_review).
"$COTUONG" convert "$T/a.pgn" >"$T/conv" 2>"$T/e"
rc=$?
grep -v '^$' "$T/a.pgn" >"$T/a3"; grep -v '^$' "$T/conv" >"$T/c3"
[ $rc -eq 0 ] && cmp -s "$T/a3" "$T/c3" && ok "convert reads and writes the cờ úp record" \
    || bad "convert: $(cat "$T/e"; diff "$T/a3" "$T/c3" | head -n 5)"
sed '1,/^1\./s/=\([ABNRCP]\) /=R /' "$T/a.pgn" >"$T/bad.pgn"
if ! cmp -s "$T/a.pgn" "$T/bad.pgn"; then
    "$COTUONG" convert "$T/bad.pgn" >/dev/null 2>"$T/e"
    [ $? -ne 0 ] && grep -q 'the deal puts' "$T/e" && ok "convert: a reveal against the deal is refused" \
        || bad "convert bad reveal: $(cat "$T/e")"
fi
"$COTUONG" analyse "$T/a.pgn" >/dev/null 2>"$T/e"
[ $? -ne 0 ] && grep -q 'this is a cờ úp game (Variant Jieqi).*open it with cotuong review' "$T/e" \
    && ok "analyse: says it is a cờ úp game" || bad "analyse: $(cat "$T/e")"

# 3. --sprt, two built-in levels.
"$COTUONG" match --variant coup --p1 ai:3 --p2 ai:1 --nodes 1500 --games 6 --seed 3 \
    --sprt 0,400,0.2,0.2 >"$T/sprt" 2>&1
grep -q '^sprt: after [0-9]* games ' "$T/sprt" && grep -q '^result: ' "$T/sprt" \
    && ok "--sprt reports" || bad "--sprt: $(cat "$T/sprt")"

# 4. Refusals.
"$COTUONG" match --variant coup --p1 ai:2 --p2 "ucci:$COTUONG uci" --games 1 >"$T/o" 2>"$T/e"
[ $? -ne 0 ] && grep -q 'Jieqi dialect' "$T/e" && ok "UCCI engine refused for cờ úp" \
    || bad "UCCI: $(cat "$T/e" "$T/o")"
"$COTUONG" match --variant chess --p1 ai:2 --p2 ai:2 >"$T/o" 2>"$T/e"
[ $? -eq 2 ] && grep -q "unknown variant 'chess'" "$T/e" && ok "unknown variant refused" || bad "variant chess: $(cat "$T/e")"
"$COTUONG" match --variant coup --openings /dev/null --p1 ai:2 --p2 ai:2 >"$T/o" 2>"$T/e"
[ $? -ne 0 ] && ok "--openings with cờ úp refused" || bad "--openings accepted with cờ úp"

# 5. autoplay --variant coup: a dealt game kept in the resume file.
export HOME="$T/home" XDG_STATE_HOME="$T/home/state" XDG_DATA_HOME="$T/home/data" XDG_CONFIG_HOME="$T/home/config"
mkdir -p "$HOME"
"$COTUONG" autoplay --variant coup --seed 5 --moves 12 >"$T/auto" 2>&1
grep -q '^saved 12$' "$T/auto" && ok "autoplay --variant coup plays" || bad "autoplay: $(tail -n 3 "$T/auto")"
"$COTUONG" autoplay --check >"$T/chk" 2>&1
grep -q '^moves 12$' "$T/chk" && grep -q '^variant coup$' "$T/chk" && grep -Eq '^list( [a-i][0-9][a-i][0-9](=[ABNRCP])?){12}$' "$T/chk" \
    && ok "the resume file keeps the cờ úp line" || bad "autoplay --check: $(cat "$T/chk")"
# 6. play --variant coup with an engine at Black (the game model's engine seat): it answers.
printf 'h2e2\nquit\n' | "$COTUONG" play --variant coup --line --seed 4 \
    --black "uci:$T/engine.sh" >"$T/play" 2>&1
grep -q '^Black: .*, reveals ' "$T/play" && ok "play --variant coup: an engine plays Black" \
    || bad "play with an engine: $(cat "$T/play")"
"$COTUONG" autoplay --variant bogus >"$T/o" 2>"$T/e"
[ $? -eq 2 ] && grep -q "unknown variant 'bogus'" "$T/e" && ok "autoplay: unknown variant refused" \
    || bad "autoplay bogus: $(cat "$T/e")"
exit $fail
