#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_ladder.sh -- scripts/ladder: the rating fit recovers known answers (a tree of
# pairings, where each pairing's Elo is its own logit; ratings that explain fractional
# scores exactly on a cycle; a 100% score stays finite with the virtual draw), a tiny run
# end to end (two levels, and Fairy-Stockfish at Skill Level 0 when it is installed) keeps
# every game in games.txt, prints the tables, and is not replayed when run again.
: "${COTUONG:?COTUONG must name the program}"
ladder=$(dirname "$0")/../scripts/ladder
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }

# rating PLAYER OUTPUT: the player's rating in the table
rating() { echo "$2" | awk -v p="$1" '$1 == p && $2 ~ /^[-+][0-9]+$/ { print $2 + 0; exit }'; }

# 1. a tree: A-B 3 of 4 (+ the virtual draw: 3.5 of 5, 70%: +147), B-C 2.5 of 4 (3 of 5,
# 60%: +70); B is the anchor
printf 'A B 1\nA B 1\nA B 1\nA B 0\nB C 1\nB C 0.5\nB C 0\nB C 1\n' >"$T/tree"
out=$(LADDER_DIR=$T ANCHOR=B sh "$ladder" fit "$T/tree" 2>&1)
[ "$(rating A "$out")" = 147 ] && [ "$(rating B "$out")" = 0 ] && [ "$(rating C "$out")" = -70 ] &&
    ok "tree: A +147, B 0, C -70" || bad "tree: $out"
echo "$out" | grep -q "^A vs B  *4   3-0-1   75.0%     70.0%$" && ok "pairing line: W-D-L, score, expected" ||
    bad "pairing line: $out"

# 2. a cycle whose scores are those of ratings 200, 100, 0 (no virtual draw)
printf 'A B 0.640065\nB C 0.640065\nA C 0.759747\n' >"$T/cycle"
out=$(LADDER_DIR=$T ANCHOR=C PRIOR=0 sh "$ladder" fit "$T/cycle" 2>&1)
[ "$(rating A "$out")" = 200 ] && [ "$(rating B "$out")" = 100 ] && [ "$(rating C "$out")" = 0 ] &&
    ok "cycle: 200, 100, 0 recovered" || bad "cycle: $out"

# 3. a clean sweep: 10-0 with one virtual draw is 10.5/11, +529, not infinite
i=0; : >"$T/sweep"; while [ $i -lt 10 ]; do echo "X Y 1" >>"$T/sweep"; i=$((i + 1)); done
out=$(LADDER_DIR=$T ANCHOR=Y sh "$ladder" fit "$T/sweep" 2>&1)
[ "$(rating X "$out")" = 529 ] && ok "10-0 rates +529" || bad "sweep: $out"

# 4. two players that never meet a common opponent: said, not hidden
printf 'A B 1\nC D 0\n' >"$T/apart"
out=$(LADDER_DIR=$T sh "$ladder" fit "$T/apart" 2>&1)
echo "$out" | grep -q "^warning: the pairings do not connect every player" && ok "disconnected pairings warned" ||
    bad "disconnected: $out"

# 5. end to end: levels 2 and 1 (node-capped: fast), and Skill Level 0 when installed
pairs="L2:L1"
fsf=${FAIRY_STOCKFISH:-}
[ -n "$fsf" ] && [ -x "$fsf" ] && pairs="L2:L1 L2:fsf0"
out=$(LADDER_DIR=$T/run GAMES=2 MOVETIME=20 PAIRS=$pairs FAIRY_STOCKFISH=$fsf sh "$ladder" 2>&1)
rc=$?
n=$(echo $pairs | wc -w)
[ "$rc" -eq 0 ] && [ "$(wc -l <"$T/run/games.txt")" -eq $((2 * n)) ] &&
    echo "$out" | grep -q "^\[1/$n\] L2 vs L1: +[0-9]* =[0-9]* -[0-9]* in " &&
    echo "$out" | grep -q "^L2  *[-+][0-9]*  *[0-9-]*  *$((2 * n))  *[0-9.]*%$" &&
    ok "a run of $n pairings: $(echo "$out" | grep -c '^\[') progress lines, $((2 * n)) games kept" ||
    bad "run (rc $rc): $out"
awk 'NF != 3 || ($3 != 0 && $3 != 0.5 && $3 != 1) { exit 1 }' "$T/run/games.txt" &&
    ok "games.txt: player 1, player 2, its score" || bad "games.txt: $(cat "$T/run/games.txt")"
[ "$n" -eq 2 ] && { grep -q "^option: player 2: Skill Level = 0$" "$T/run/L2-fsf0.out" &&
    ok "Fairy-Stockfish set to Skill Level 0" || bad "no Skill Level: $(cat "$T/run/L2-fsf0.out")"; }
out2=$(LADDER_DIR=$T/run GAMES=2 MOVETIME=20 PAIRS=$pairs FAIRY_STOCKFISH=$fsf sh "$ladder" 2>&1)
echo "$out2" | grep -q "^\[1/$n\] L2 vs L1: done before" && ok "run again: nothing replayed" ||
    bad "rerun: $out2"
out=$(LADDER_DIR=$T/bad PAIRS="L2:L11" sh "$ladder" 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "unknown player 'L11'" && ok "an unknown player is refused" ||
    bad "unknown player: $out"

# 6. any UCI engine as an anchor, parsed without a game (`ladder list`): pikafish from
# PIKAFISH, a NAME from ENGINE_NAME (a command with arguments), uci:PATH inside a pairing
# on either side (named after its file); unknown or malformed players refused
out=$(PIKAFISH=/opt/pf/pikafish ENGINE_self="uci:$COTUONG uci" LADDER_DIR=$T/list \
    PAIRS="L10:pikafish uci:/opt/x/fs-new:L9 L8:uci:/opt/y/eng self:L7 L1:fsf0" sh "$ladder" list 2>&1)
rc=$?
echo "$out" | grep -q "^L10 vs pikafish: .* --p1 ai:10 --p2 uci:/opt/pf/pikafish$" &&
    echo "$out" | grep -q "^fs-new vs L9: .*--pgn $T/list/fs-new-L9.pgn.part --p1 uci:/opt/x/fs-new --p2 ai:9$" &&
    echo "$out" | grep -q "^L8 vs eng: .* --p1 ai:8 --p2 uci:/opt/y/eng$" &&
    echo "$out" | grep -qF "self vs L7: $COTUONG match" &&
    echo "$out" | grep -qF -e "--p1 'uci:$COTUONG uci' --p2 ai:7" &&
    echo "$out" | grep -q "^L1 vs fsf0: .* --p2-option 'Skill Level=0'$" && [ "$rc" -eq 0 ] &&
    [ ! -e "$T/list/games.txt" ] && ok "list: pikafish, ENGINE_self, uci:PATH on both sides" ||
    bad "list (rc $rc): $out"
out=$(PIKAFISH= LADDER_DIR=$T/list PAIRS="L1:pikafish" sh "$ladder" list 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "unknown player 'pikafish'" && ok "pikafish without PIKAFISH refused" ||
    bad "no PIKAFISH: $out"
out=$(ENGINE_x=/bin/x LADDER_DIR=$T/list PAIRS="L1:x" sh "$ladder" list 2>&1)
[ $? -eq 2 ] && echo "$out" | grep -q "player 'x': '/bin/x' is not uci:COMMAND" &&
    ok "ENGINE_x without a protocol refused" || bad "ENGINE_x: $out"

# 7. a named UCI anchor plays: level 1 against cotuong itself through `cotuong uci`
out=$(ENGINE_self="uci:$COTUONG uci" LADDER_DIR=$T/uci GAMES=2 MOVETIME=20 PAIRS="L1:self" \
    ANCHOR=self sh "$ladder" 2>&1)
rc=$?
[ "$rc" -eq 0 ] && [ "$(wc -l <"$T/uci/games.txt")" -eq 2 ] && [ -f "$T/uci/L1-self.pgn" ] &&
    echo "$out" | grep -q "^self  *+0 " && ok "L1 vs self (uci): 2 games kept, self rated 0" ||
    bad "uci anchor (rc $rc): $out"
exit $fail
