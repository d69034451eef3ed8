#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_analyse -- `cotuong analyse` with an external UCI engine (tests/data/engines/
# fake-analyst.sh: scripted scores, fairy-stockfish's +0.72 before 3. I1-B1 and -4.51 for it)
# and with a node limit: the same marks from the engine's scores (the move played searched
# with searchmoves, an exact score preferred to a later bound, a mate score), an engine that
# dies, hangs, answers nonsense or no score or ignores searchmoves ends in a clear message
# and exit status 1 within seconds; --nodes is reproducible; --scores and scripts/agreement.
# Marks are made on the mover's win chance (1 / (1 + e^(-cp / scale)), scale 200 or
# --engine-scale), not on centipawns: the losses below are worked out by hand.

: "${COTUONG:?COTUONG must name the program}"
: "${TEST_DATA_DIR:?}"
data=$TEST_DATA_DIR/review
fake="sh $TEST_DATA_DIR/engines/fake-analyst.sh"
agreement="$TEST_DATA_DIR/../../scripts/agreement"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state"
export COTUONG_MASTERS="$TEST_DATA_DIR/../../assets/ccpd-masters.idx"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

# run NAME MODE [ARGS...]: analyse blunder.pgn with the fake engine in MODE under a watchdog
run() {
    name=$1 mode=$2
    shift 2
    timeout -k 5 60 "$COTUONG" analyse --notation iccs --no-chart --quiet \
        --engine "uci:exec $fake $mode" "$@" "$data/blunder.pgn" >"$tmp/$name.out" 2>"$tmp/$name.err"
    rc=$?
    [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ] && fail "$name: hung (killed by the watchdog)"
}

# 1. The engine's scores make the marks: I1-B1 loses 0.72 + 4.51 = 5.23 (the exact score,
#    not the bound line after it): win(72) = 589, win(-451) = 95, 49.4% of win chance, ??,
#    with the engine's choice; the other moves are its own.
run good good --nodes 1000 --scores "$tmp/good.tsv"
[ "$rc" -eq 0 ] || fail "good engine: exit status $rc ($(cat "$tmp/good.err"))"
grep -q '^Engine: fake analyst$' "$tmp/good.out" || fail "the engine is not named: $(head -n 1 "$tmp/good.out")"
grep -q '^ *3\. I1-B1  *?? *-4\.51  loss 49\.4%; best H0-G2 +0\.72' "$tmp/good.out" ||
    fail "3. I1-B1 is not ?? with loss 49.4%: $(grep 'I1-B1' "$tmp/good.out")"
[ "$(grep -Ec '^ *[0-9]+\.(\.\.)? +[A-I][0-9]-[A-I][0-9] +[?]' "$tmp/good.out")" -eq 1 ] ||
    fail "other moves marked: $(cat "$tmp/good.out")"
grep -q "$(printf '^1\t5\t3\\.\tI1-B1\ti1b1\t??\t494\th0g2\t72\t-451\t0\t523\t0$')" "$tmp/good.tsv" ||
    fail "the --scores line of I1-B1: $(cat "$tmp/good.tsv")"
[ "$(grep -vc '^#' "$tmp/good.tsv")" -eq 5 ] || fail "--scores: 5 move lines wanted"
ok "external engine's marks: $(grep '^ *3\. I1-B1' "$tmp/good.out" | tr -s ' ')"

# 2. A mate score (mate -2 for the move played, from the mover's view): ??, shown as #-2.
run mate mate --nodes 1000 --scores "$tmp/mate.tsv"
[ "$rc" -eq 0 ] || fail "mate: exit status $rc"
grep -q '^ *3\. I1-B1  *?? *#-2  loss 58\.9%' "$tmp/mate.out" ||
    fail "mated move: $(grep 'I1-B1' "$tmp/mate.out")"
ok "mate score: $(grep '^ *3\. I1-B1' "$tmp/mate.out" | tr -s ' ')"

# 2b. The engine's own scale. An engine whose centipawns are small (h0g2 +0.45, I1-B1 0.00):
#     on the built-in scale (200) win(45) = 556 against 500, 5.6%, no mark; told its scale
#     is 90 (--engine-scale 90), win(45) = 1 / (1 + e^-0.5) = 622: 12.2%, a mistake.
run small small --nodes 1000 --scores "$tmp/small.tsv"
[ "$rc" -eq 0 ] && grep -q '^ *3\. I1-B1  *+0\.00$' "$tmp/small.out" ||
    fail "small, scale 200: $(grep 'I1-B1' "$tmp/small.out")"
run small90 small --nodes 1000 --engine-scale 90 --scores "$tmp/small90.tsv"
grep -q '^ *3\. I1-B1  *? *+0\.00  loss 12\.2%; best H0-G2 +0\.45' "$tmp/small90.out" ||
    fail "small, scale 90: rc $rc: $(grep 'I1-B1' "$tmp/small90.out") $(cat "$tmp/small90.err")"
grep -q 'win-chance scale 90 cp' "$tmp/small90.tsv" || fail "--scores header lacks the scale"
ok "--engine-scale: $(grep '^ *3\. I1-B1' "$tmp/small90.out" | tr -s ' ')"
# A game already won either way (+6.00 against +4.00: 953 and 881, both over 850): no mark,
# though it is 2 pawns (7.2%).
run won won --nodes 1000 --scores "$tmp/won.tsv"
[ "$rc" -eq 0 ] && grep -q '^ *3\. I1-B1  *+4\.00$' "$tmp/won.out" ||
    fail "a won game's move marked: $(grep 'I1-B1' "$tmp/won.out")"
grep -q "$(printf '^1\t5\t3\\.\tI1-B1\ti1b1\t-\t72\th0g2\t600\t400\t0\t200\t1$')" "$tmp/won.tsv" ||
    fail "the --scores line of a decided move: $(grep i1b1 "$tmp/won.tsv")"
ok "decided game: $(grep '^ *3\. I1-B1' "$tmp/won.out" | tr -s ' ')"

# 3. Engines that fail at their fourth go (the position before 2... B7-B3): a clear message
#    naming the move, the moves before it still printed, exit status 1, no hang.
check_fail() { # MODE EXPECTED-TEXT [ARGS...]
    mode=$1 want=$2
    shift 2
    start=$(date +%s)
    run "$mode" "$mode" "$@"
    took=$(($(date +%s) - start))
    [ "$rc" -eq 1 ] || fail "$mode: exit status $rc, wanted 1"
    grep -qF "$want" "$tmp/$mode.err" || fail "$mode: wanted '$want': $(cat "$tmp/$mode.err")"
    grep -q '^ *2\. I0-I1 ' "$tmp/$mode.out" || fail "$mode: the moves before the failure are lost"
    [ "$took" -lt 30 ] || fail "$mode: took ${took}s"
    ok "$mode (${took}s): $(cat "$tmp/$mode.err")"
}
check_fail die "game 1: the engine failed at move 4 (the engine exited)" --nodes 1000
check_fail hang "game 1: the engine failed at move 4 (no move within" --time 100
check_fail nonsense "the engine failed at move 4 (illegal move 'a0a9')" --nodes 1000
check_fail noscore "the engine failed at move 4 (no score with its move)" --nodes 1000
# an engine that ignores searchmoves cannot score the move played: said so at move 5
start=$(date +%s)
run ignore ignore --nodes 1000
[ "$rc" -eq 1 ] && grep -qF "failed at move 5 (it did not keep to searchmoves" "$tmp/ignore.err" &&
    ok "searchmoves ignored: $(cat "$tmp/ignore.err")" ||
    fail "searchmoves ignored: rc $rc: $(cat "$tmp/ignore.err")"

# 4. Bad uses: not a UCI engine, a command that does not start, an option it does not
#    offer, options without an engine, a bad node count.
"$COTUONG" analyse --engine "xboard:$fake good" "$data/blunder.pgn" >/dev/null 2>"$tmp/spec.err"
[ $? -eq 1 ] && grep -qF -- "--engine needs uci:COMMAND" "$tmp/spec.err" || fail "xboard spec: $(cat "$tmp/spec.err")"
timeout 30 "$COTUONG" analyse --engine "uci:$tmp/no-such-engine" "$data/blunder.pgn" >/dev/null 2>"$tmp/start.err"
[ $? -eq 1 ] && grep -qF "the engine did not start" "$tmp/start.err" || fail "missing engine: $(cat "$tmp/start.err")"
"$COTUONG" analyse --engine "uci:$fake good" --engine-option "Nonsense=1" "$data/blunder.pgn" >/dev/null 2>"$tmp/opt.err"
[ $? -eq 1 ] && grep -qF "offers no option 'Nonsense'" "$tmp/opt.err" || fail "unknown option: $(cat "$tmp/opt.err")"
"$COTUONG" analyse --engine "uci:$fake good" --engine-option "Hash=32" --nodes 1000 --no-chart \
    "$data/blunder.pgn" >/dev/null 2>"$tmp/hash.err" || fail "a known option: $(cat "$tmp/hash.err")"
"$COTUONG" analyse --engine-option "Hash=32" "$data/blunder.pgn" >/dev/null 2>"$tmp/noeng.err"
[ $? -eq 2 ] && grep -qF -- "--engine-option and --engine-scale need --engine" "$tmp/noeng.err" || fail "option without engine: $(cat "$tmp/noeng.err")"
"$COTUONG" analyse --engine-scale 90 "$data/blunder.pgn" >/dev/null 2>"$tmp/noeng.err"
[ $? -eq 2 ] && grep -qF -- "need --engine" "$tmp/noeng.err" || fail "scale without engine: $(cat "$tmp/noeng.err")"
for v in 0 9 abc 10001; do
    "$COTUONG" analyse --engine "uci:$fake good" --engine-scale "$v" "$data/blunder.pgn" >/dev/null 2>"$tmp/scale.err"
    [ $? -eq 2 ] && grep -qF -- "--engine-scale needs centipawns" "$tmp/scale.err" || fail "--engine-scale '$v': $(cat "$tmp/scale.err")"
done
for n in 0 -5 12x ""; do
    "$COTUONG" analyse --nodes "$n" "$data/blunder.pgn" >/dev/null 2>"$tmp/nodes.err"
    [ $? -eq 2 ] && grep -qF -- "--nodes needs a number" "$tmp/nodes.err" || fail "--nodes '$n': $(cat "$tmp/nodes.err")"
done
ok "bad uses refused"

# 5. --nodes for the built-in engine: the same file twice gives the same analysis (a node
#    limit does not depend on the machine's load), and I1-B1 is still the blunder. (Step 6
#    wants no other move marked: at 20000 nodes the learnt piece-square tables of
#    2026-12-02 call 2...B7-B3 an inaccuracy, at 10000 nodes neither they nor the tables
#    before do.)
for i in 1 2; do
    "$COTUONG" analyse --nodes 10000 --notation iccs --no-chart --quiet --scores "$tmp/n$i.tsv" \
        "$data/blunder.pgn" >"$tmp/n$i.out" 2>&1 || fail "analyse --nodes exited $?"
done
cmp -s "$tmp/n1.out" "$tmp/n2.out" && cmp -s "$tmp/n1.tsv" "$tmp/n2.tsv" ||
    fail "--nodes 10000 is not reproducible: $(diff "$tmp/n1.out" "$tmp/n2.out")"
grep -q '^ *3\. I1-B1  *?? ' "$tmp/n1.out" || fail "--nodes: I1-B1 not ??: $(grep I1-B1 "$tmp/n1.out")"
grep -q "per position: 10000 nodes" "$tmp/n1.tsv" || fail "--scores header lacks the limit: $(head -n 1 "$tmp/n1.tsv")"
ok "--nodes reproducible: $(grep '^ *3\. I1-B1' "$tmp/n1.out" | tr -s ' ')"

# 6. scripts/agreement: the built-in engine and the fake one agree on the blunder (the
#    other moves are the engine's judgement: at 10000 nodes it marks 2... B7-B3 ?!, loss
#    9.0%, as Pikafish-HCE does at 4 s a move, depth 28: b7e7 +0.12 best, b7b3 -0.55, loss
#    8.3%, where the fake scripts no loss); a file where the blunder is only an inaccuracy
#    agrees on 4 of 5, and that move is listed with both losses.
sh "$agreement" --diff-only "$tmp/n1.tsv" "$tmp/good.tsv" >"$tmp/agree.out" 2>&1 || fail "agreement exited $?"
grep -q '^moves compared: 5$' "$tmp/agree.out" && ! grep -q ' I1-B1: ' "$tmp/agree.out" ||
    fail "agreement on the blunder: $(cat "$tmp/agree.out")"
sed "$(printf 's/\t??\t494\t/\t?!\t60\t/')" "$tmp/good.tsv" >"$tmp/soft.tsv"
sh "$agreement" --diff-only "$tmp/good.tsv" "$tmp/soft.tsv" >"$tmp/soft.out" 2>&1 || fail "agreement exited $?"
grep -q '^same mark: 4 of 5, 80\.0%' "$tmp/soft.out" || fail "agreement 4 of 5: $(cat "$tmp/soft.out")"
grep -q '^same mark among the moves either marks: 0 of 1, 0\.0%$' "$tmp/soft.out" ||
    fail "agreement among marked moves: $(cat "$tmp/soft.out")"
grep -q '^  1 5 3\. I1-B1: A ?? (loss 494; best h0g2 72, played -451) B ?! (loss 60;' "$tmp/soft.out" ||
    fail "the differing move is not listed: $(cat "$tmp/soft.out")"
grep -q '^??  *0  *1  *0  *0$' "$tmp/soft.out" && grep -q '^none  *4  *0  *0  *0$' "$tmp/soft.out" ||
    fail "agreement table: $(cat "$tmp/soft.out")"
sh "$agreement" "$tmp/good.tsv" >/dev/null 2>&1 && fail "agreement with one file did not fail"
# --remark-b: the small engine's file, written at scale 200 (I1-B1 unmarked), marked again at
# 90 has I1-B1 a mistake of 122, as analyse --engine-scale 90 marked it.
sh "$agreement" --diff-only --remark-b 90 "$tmp/good.tsv" "$tmp/small.tsv" >"$tmp/remark.out" 2>&1 ||
    fail "agreement --remark-b exited $?"
grep -q '^  1 5 3\. I1-B1: A ?? (loss 494; .* B ? (loss 122;' "$tmp/remark.out" ||
    fail "agreement --remark-b: $(cat "$tmp/remark.out")"
# A score already lost (mated, or lost by a repetition rule at once) is written "#-0"; files
# written before 2026-12-07 have "#0". Either, as the played score of I1-B1 remarked at 200,
# loses the whole chance of the best move (72 cp: 589 thousandths), a blunder as in good.tsv.
for lost in '#-0' '#0'; do
    sed "$(printf 's/\t-451\t/\t%s\t/' "$lost")" "$tmp/good.tsv" >"$tmp/lost.tsv"
    grep -q "$(printf '\t%s\t' "$lost")" "$tmp/lost.tsv" || fail "no $lost score written: $(cat "$tmp/lost.tsv")"
    sh "$agreement" --remark-b 200 "$tmp/good.tsv" "$tmp/lost.tsv" >"$tmp/lost.out" 2>&1 &&
        grep -q '^same mark: 5 of 5' "$tmp/lost.out" ||
        fail "agreement reads $lost as lost: $(cat "$tmp/lost.out")"
done
# --fit-scale: a file against itself fits the scale it was made with (200).
sh "$agreement" --fit-scale "$tmp/good.tsv" "$tmp/good.tsv" >"$tmp/fit.out" 2>&1 &&
    grep -q '^scale of B fitted to A at 200: 200 cp (5 positions' "$tmp/fit.out" ||
    fail "agreement --fit-scale: $(tail -n 2 "$tmp/fit.out")"
ok "scripts/agreement: $(grep '^same mark' "$tmp/soft.out")"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all analyse checks passed"
