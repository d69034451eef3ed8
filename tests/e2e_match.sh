#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_match.sh -- `cotuong match` against a scripted UCI engine (the built-in AI behind a
# filter that logs what it is sent, replaces its info lines by fixed ones and waits 50 ms
# before every answer): engine
# options (--p2-option) arrive after the handshake and a bad one is a clear error; the
# summary gives each player's time and depth per move (the engine's depth is that of its
# last finished iteration, not of a bound, a currmove or an info string line); Ctrl-C
# (SIGTERM, SIGHUP) prints the summary of the finished games, keeps the unfinished one in
# the PGN file, exits 128 + the signal and leaves no engine behind; --nodes-jitter replays
# a match with the same seed and plays other games with another; fairy-stockfish finds the
# built-in openings level.
: "${COTUONG:?COTUONG must name the program}"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }

# The engine: offers Skill Level and Hash; before every bestmove it reports depth 17 as its
# last finished iteration, then lines that must not count as one. Its processes carry $T in
# their command lines (the inner program is a link in $T), so that leftovers can be found.
ln -s "$COTUONG" "$T/inner-cotuong"
cat >"$T/engine.sh" <<EOF
#!/bin/sh
awk=awk
awk -W version 2>/dev/null | grep -q mawk && awk="awk -W interactive"
tee -a "$T/sent.log" | "$T/inner-cotuong" uci | \$awk '
    /^id name / { print "id name scripted"; fflush(); next }
    /^uciok/ {
        print "option name Skill Level type spin default 20 min -20 max 20"
        print "option name Hash type spin default 16 min 1 max 1024"
    }
    /^info / { next }
    /^bestmove / {
        system("sleep 0.05")
        print "info depth 17 seldepth 31 multipv 1 score cp 12 nodes 999 time 5 pv h2e2"
        print "info depth 18 seldepth 33 score cp 40 lowerbound nodes 1200"
        print "info depth 18 currmove h2e2 currmovenumber 1"
        print "info string depth 99 score cp 1"
    }
    { print; fflush() }
'
EOF
engine="uci:sh $T/engine.sh"

# 1. options: sent as setoption after uciok and before the first go, names in any case
out=$(timeout -k 5 60 "$COTUONG" match --p1 ai:1:3 --p2 "$engine" --p2-option "Skill Level=5" \
    --p2-option "hash=32" --games 1 --movetime 20 --max-plies 20 2>&1)
rc=$?
if [ "$rc" -eq 0 ] && awk '/^uciok|^uci$/ { u = NR } /^setoption name Skill Level value 5$/ { s = NR }
        /^setoption name hash value 32$/ { h = NR } /^go/ && !g { g = NR }
        END { exit !(u && s > u && h > s && g > h) }' "$T/sent.log"; then
    ok "options arrive after the handshake, before the first go"
else
    bad "options (rc $rc): $(cat "$T/sent.log") $out"
fi
echo "$out" | grep -q "^option: player 2: Skill Level = 5$" && ok "the match names the options it set" ||
    bad "no option line in the output: $out"

# 2. time and depth per move, for both players
game=$(echo "$out" | grep "^game 1:")
plies=$(echo "$game" | sed -n 's/.*, \([0-9]*\) plies, opening.*/\1/p')
p1=$(echo "$out" | grep "^moves: player 1 (cotuong level 1): ")
p2=$(echo "$out" | grep "^moves: player 2 (scripted): ")
n1=$(echo "$p1" | sed -n 's/.*: \([0-9]*\) moves,.*/\1/p')
n2=$(echo "$p2" | sed -n 's/.*: \([0-9]*\) moves,.*/\1/p')
# the first opening is two plies long
[ -n "$plies" ] && [ -n "$n1" ] && [ -n "$n2" ] && [ $((n1 + n2 + 2)) -eq "$plies" ] &&
    ok "every move counted: $n1 + $n2 moves in $plies plies" || bad "move counts: $game / $p1 / $p2"
echo "$p2" | grep -q ", depth 17.0 on average over $n2 moves$" &&
    ok "the engine's depth is its last finished iteration: $p2" || bad "engine depth: $p2"
echo "$p1" | grep -q ", depth [1-9][0-9.]* on average over [0-9]* moves$" &&
    ok "the built-in AI's depth: $p1" || bad "AI depth: $p1"
# the engine waits 50 ms before every answer (and then 20 ms are the most it searches)
echo "$p2" | awk '{ for (i = 1; i <= NF; i++) if ($i == "ms") { avg = $(i - 1); mx = $(i + 4) } }
    END { sub(/\)/, "", mx); exit !(avg >= 50 && mx + 0 >= avg + 0) }' &&
    ok "time per move and its maximum" || bad "time per move: $p2"

# 3. bad options: clear errors, nothing left running
for spec in "Skill Level" "=5" "Hash="; do
    out=$("$COTUONG" match --p1 ai:1 --p2 "$engine" --p2-option "$spec" 2>&1)
    rc=$?
    [ "$rc" -eq 2 ] && echo "$out" | grep -q "bad --p2-option '$spec' (NAME=VALUE" &&
        ok "bad spec '$spec' refused" || bad "spec '$spec' (rc $rc): $out"
done
out=$("$COTUONG" match --p1 ai:1 --p2 "$engine" --p2-option "$(printf 'Hash=1\nquit')" 2>&1)
[ $? -eq 2 ] && ok "a control character in an option is refused" || bad "newline option: $out"
out=$(timeout -k 5 60 "$COTUONG" match --p1 ai:1 --p2 "$engine" --p2-option "Skil Level=1" 2>&1)
rc=$?
[ "$rc" -eq 1 ] && echo "$out" | grep -q "player 2: scripted offers no option 'Skil Level'" &&
    ok "an option the engine does not offer: $out" || bad "unknown option (rc $rc): $out"
out=$("$COTUONG" match --p1 ai:1 --p2 ai:2 --p1-option "Hash=1" 2>&1)
[ $? -eq 1 ] && echo "$out" | grep -q "player 1: options are for external engines" &&
    ok "options on the built-in AI refused" || bad "AI option: $out"

# left_running: the engine's processes still alive (the script and the inner program)
left_running() {
    sleep 1
    pgrep -f "$T/" >/dev/null
}
left_running && bad "engine processes left after the runs above: $(pgrep -af "$T/")" ||
    ok "no engine process left behind"

# 4. Ctrl-C: after game 1, while game 2 is played; then at once, while the built-in AI
# thinks a long move (the engine has the second game's first move in the first case)
interrupt() {
    what=$1 p1=$2 movetime=$3 wait_game=$4 sig=${5:-INT}
    case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
    : >"$T/int.out"
    rm -f "$T/int.pgn"
    "$COTUONG" match --p1 "$p1" --p2 "$engine" --games 6 --movetime "$movetime" \
        --max-plies 14 --pgn "$T/int.pgn" >"$T/int.out" 2>&1 &
    pid=$!
    i=0
    if [ "$wait_game" = yes ]; then
        while ! grep -q "^game 1:" "$T/int.out" && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
    else
        while ! grep -q "^match:" "$T/int.out" && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
        sleep 0.3
    fi
    start=$(date +%s)
    kill -"$sig" "$pid"
    wait "$pid"
    rc=$? took=$(($(date +%s) - start))
    [ "$rc" -eq "$want" ] && ok "$what: exit status $want after ${took}s" || bad "$what: rc $rc: $(cat "$T/int.out")"
    [ "$took" -le 5 ] || bad "$what: took ${took}s to stop"
    games=$(grep -c "^game [0-9]*:" "$T/int.out")
    grep -q "^interrupted: game $((games + 1)) was not finished and does not count$" "$T/int.out" &&
        ok "$what: the unfinished game $((games + 1)) is named" || bad "$what: $(cat "$T/int.out")"
    if grep -q "^result: .*: +[0-9]* =[0-9]* -[0-9]* (W/D/L), score [0-9.]*/$games = " "$T/int.out" ||
        { [ "$games" -eq 0 ] && grep -q "^result: .*: no game finished" "$T/int.out"; }; then
        ok "$what: the summary of the $games finished games"
    else
        bad "$what: no summary of $games games: $(cat "$T/int.out")"
    fi
    [ "$(grep -c '^moves: player [12] ' "$T/int.out")" -eq 2 ] || bad "$what: no time lines: $(cat "$T/int.out")"
    # The PGN file: the finished games, then the unfinished one, kept as "*".
    if [ "$(grep -c '^\[Event ' "$T/int.pgn")" -eq $((games + 1)) ] &&
        [ "$(grep -c '^\[Result "\*"\]' "$T/int.pgn")" -eq 1 ] &&
        tail -n 12 "$T/int.pgn" | grep -q '^\[Termination "interrupted by '; then
        ok "$what: the PGN file keeps the $games finished games and the unfinished one"
    else
        bad "$what: the PGN file: $(cat "$T/int.pgn")"
    fi
    if left_running; then
        bad "$what: engine processes left: $(pgrep -af "$T/")"
        pkill -KILL -f "$T/"
    else
        ok "$what: the engine was stopped"
    fi
}
interrupt "Ctrl-C during game 2" ai:1:5 30 yes
interrupt "Ctrl-C while the AI thinks 20 s" ai:10 20000 no
interrupt "SIGTERM during game 2" ai:1:5 30 yes TERM
interrupt "SIGHUP while the AI thinks 20 s" ai:10 20000 no HUP

# 5. --nodes-jitter: the same seed replays the same games, another seed plays others (a
# fixed node count alone would replay them); without --nodes, or beyond 50%, an error.
jitter() {
    timeout -k 5 120 "$COTUONG" match --p1 ai:10 --p2 ai:10 --nodes 1500 --nodes-jitter 25 \
        --seed "$1" --games 2 --max-plies 40 --pgn "$T/jit$2.pgn" >"$T/jit$2.out" 2>&1 &&
        grep -v '^\[Date ' "$T/jit$2.pgn"
}
a=$(jitter 7 a) b=$(jitter 7 b) c=$(jitter 8 c)
if [ -n "$a" ] && [ "$a" = "$b" ] && grep -q "^nodes: 1500 +/- 25% a move, drawn from seed 7$" "$T/jita.out"; then
    ok "--nodes-jitter: the same seed, the same games"
else
    bad "--nodes-jitter, seed 7 twice: $(cat "$T/jita.out" "$T/jitb.out")"
fi
[ -n "$c" ] && [ "$a" != "$c" ] && ok "--nodes-jitter: another seed, other games" ||
    bad "--nodes-jitter, seeds 7 and 8 played the same games: $(cat "$T/jitc.out")"
for args in "--nodes-jitter 10" "--nodes 100 --nodes-jitter 51" "--nodes 100 --nodes-jitter x"; do
    # shellcheck disable=SC2086 # the options are words
    err=$("$COTUONG" match --p1 ai:1 --p2 ai:1 $args 2>&1)
    rc=$?
    [ "$rc" -eq 2 ] && echo "$err" | grep -q "nodes-jitter" && ok "$args: refused, rc 2" ||
        bad "$args: rc $rc: $err"
done

# 6. The built-in openings are sound: fairy-stockfish (an independent engine), searching the
# position each line leaves to depth 12, scores it within 2.5 pawns. Two lines once left a
# rook to the enemy cannon (h2e2 b9c7 h0g2 a9b9: b2b9; b2e2 h9g7 b0c2 i9h9: h2h9), 4.5 and
# 4.8 pawns by its count, so those pairs of games were decided by the opening.
fs=${FAIRY_STOCKFISH:-}
if [ -z "$fs" ] || [ ! -x "$fs" ]; then
    echo "SKIPPED: the openings against fairy-stockfish: fairy-stockfish is not installed"
    echo "         (Debian package fairy-stockfish; scripts/install-deps --tests)"
else
    lines=$(timeout -k 5 60 "$COTUONG" match --p1 ai:1 --p2 ai:1 --games 32 --depth 1 \
        --max-plies 10 2>&1 | sed -n 's/^game [0-9]*: .*, opening \(.*\)$/\1/p' | sort -u)
    n=$(printf '%s\n' "$lines" | grep -c .)
    [ "$n" -eq 16 ] && ok "the match lists its 16 built-in openings" || bad "openings listed: $n"
    # Its ranks count 1-10 where ours count 0-9.
    fsmoves() { printf '%s\n' "$1" | awk '{for (i = 1; i <= NF; i++) { m = $i;
        printf "%s%s%d%s%d", (i > 1 ? " " : ""), substr(m, 1, 1), substr(m, 2, 1) + 1,
        substr(m, 3, 1), substr(m, 4, 1) + 1 } }'; }
    # (a here-document, not a pipe: the loop must run in this shell to set $fail)
    while read -r line; do
        : >"$T/fs.out"
        (printf 'uci\nsetoption name UCI_Variant value xiangqi\nisready\n'
            printf 'position startpos moves %s\ngo depth 12\n' "$(fsmoves "$line")"
            i=0
            while [ $i -lt 300 ] && ! grep -q '^bestmove' "$T/fs.out"; do sleep 0.1; i=$((i + 1)); done
            echo quit) | timeout 60 "$fs" >"$T/fs.out" 2>/dev/null
        score=$(grep '^info depth 12 ' "$T/fs.out" | tail -n 1 | sed -n 's/.* score cp \(-\{0,1\}[0-9]*\) .*/\1/p')
        if [ -n "$score" ] && [ "$score" -ge -250 ] && [ "$score" -le 250 ]; then
            ok "opening $line: fairy-stockfish $score cp"
        else
            bad "opening $line: fairy-stockfish scores it [$score] cp: $(tail -n 3 "$T/fs.out")"
        fi
    done <<EOF
$lines
EOF
fi

exit $fail
