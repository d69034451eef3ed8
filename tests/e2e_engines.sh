#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_engines.sh -- external engines that misbehave (tests/data/engines/fake-engine.sh):
# garbage, a flood, silence, an illegal answer, a crash mid-game, a closed stdin and an
# escape sequence in its name each end in a clear message and a forfeit (or a normal game
# when the garbage can be ignored), never a hang (every match runs under a 60 s watchdog),
# never a lost record (--pgn keeps the moves up to the forfeit), never an escape on screen.
: "${COTUONG:?COTUONG must name the program}"
: "${TEST_DATA_DIR:?}"
export COTUONG
fake="sh $TEST_DATA_DIR/engines/fake-engine.sh"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }
esc=$(printf '\033')
bel=$(printf '\007')

# match MODE EXPECTED-TEXT: p2 is the fake engine
match() {
    mode=$1 want=$2
    start=$(date +%s)
    # exec: no shell in between keeps a copy of the engine's stdin open
    timeout -k 5 60 "$COTUONG" match --p1 ai:1:7 --p2 "uci:exec $fake $mode" --games 1 --movetime 20 \
        --pgn "$T/$mode.pgn" >"$T/$mode.out" 2>&1
    rc=$? took=$(($(date +%s) - start))
    [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ] && { bad "$mode: hung (killed by the watchdog)"; return; }
    if grep -q "$esc\|$bel" "$T/$mode.out" "$T/$mode.pgn"; then
        bad "$mode: an escape or BEL reached the output or the PGN"
    fi
    grep -q "^game 1: .*$want" "$T/$mode.out" && ok "$mode (${took}s): $(grep '^game 1' "$T/$mode.out")" ||
        bad "$mode: wanted '$want': $(cat "$T/$mode.out")"
    # the record is kept: tags, the moves played before the failure, the result
    grep -q '^1\. ' "$T/$mode.pgn" && grep -q '^\[Result "' "$T/$mode.pgn" ||
        bad "$mode: the game record is lost: $(cat "$T/$mode.pgn")"
}

match garbage "checkmate\|1-0\|0-1\|1/2-1/2"
match flood "checkmate\|time forfeit\|plies"
match silent "1-0 time forfeit (.*: no move within"
match illegal "1-0 illegal move (.*illegal move 'a0a9')"
match crash "1-0 engine crashed (.*the engine exited)"
match closein "1-0 engine crashed (.*)"
match escape "plies"
grep -q "]0;pwned" "$T/escape.out" && ok "the hostile name is shown, made harmless" ||
    bad "escape: the name is not shown: $(head -n 1 "$T/escape.out")"

# an engine that never finishes its handshake: a clear refusal within the handshake limit
printf '#!/bin/sh\nwhile :; do echo info string flood; done\n' >"$T/flood-hs.sh"
start=$(date +%s)
timeout -k 5 60 "$COTUONG" match --p1 ai:1 --p2 "uci:sh $T/flood-hs.sh" --games 1 --movetime 20 \
    >"$T/hs.out" 2>&1
rc=$? took=$(($(date +%s) - start))
[ "$rc" -ne 124 ] && grep -q "uciok" "$T/hs.out" && ok "handshake flood refused in ${took}s: $(cat "$T/hs.out")" ||
    bad "handshake flood (rc $rc, ${took}s): $(cat "$T/hs.out")"
# the engine's own children go with it (`sh FILE` under `sh -c`; an inherited ignored
# SIGPIPE once left the flooding loop spinning on a closed pipe forever)
sleep 1
if pgrep -f "$T/flood-hs.sh" >/dev/null; then
    bad "the flooding engine is still running after the match: $(pgrep -af "$T/flood-hs.sh")"
    pkill -KILL -f "$T/flood-hs.sh"
else
    ok "no engine process left behind"
fi
exit $fail
