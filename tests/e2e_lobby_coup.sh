#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_lobby_coup -- cờ úp through the lobby, fairly: a host (`host --variant coup --seed`),
# a guest and a watcher, each in its own tmux session (one account: the guest joins with the
# game code), the guest and the watcher through `join --via` / `watch --via` with a stand-in
# for ssh that runs `cotuong relay` here and keeps every byte that crosses the link. The host
# takes a face-down piece (its identity must reach nobody), the guest takes one (only the
# guest may learn it), the guest resigns. Checked against the deal the host disclosed (and
# its own resume file holds): every reveal on the wire is the deal's, no captured identity
# reaches the watcher or the piece's owner, the deal crosses only after the result, the
# guest sends no identity, the commitment is SHA-256 of DEAL:SALT (sha256sum), the guest's
# and the watcher's screens show '?' where they may not know and the verification message
# at the end, and the guest's files hold no deal before the end. Then a guest that claims a
# reveal is refused by name and the host's game goes on; the host adjourns and offers the
# game again under the same commitment (a changed one is named to the returning guest); the
# same on the full screen; and a dishonest host of the test's own is caught by the joiner.
# KEEP=1 leaves the sessions and files for a look.

: "${COTUONG:?COTUONG must name the program}"
for t in tmux sha256sum awk; do
    command -v "$t" >/dev/null 2>&1 || { echo "$t not installed"; exit 77; }
done
tmp=$(mktemp -d /tmp/e2e_lobby_coup.XXXXXX) || exit 1
SOCK=cotuong-coup-$$
T() { tmux -L "$SOCK" "$@"; }
cleanup() {
    [ -n "$KEEP" ] && return
    T kill-server >/dev/null 2>&1
    # The programs may still be writing their files as they end.
    rm -rf "$tmp" 2>/dev/null || { sleep 1; rm -rf "$tmp"; }
}
trap cleanup EXIT INT TERM
mkdir "$tmp/lobby" && chmod 1777 "$tmp/lobby"
fails=0
step=0
ok() { step=$((step + 1)); echo "ok $step - $1"; }
bad() { step=$((step + 1)); echo "not ok $step - $1"; fails=$((fails + 1)); }

# The stand-in for ssh: `COTUONG_SSH -T -- HOST cotuong relay ARGS` runs the relay here,
# copying both directions into $LOG.up (to the host) and $LOG.down (from the host).
cat >"$tmp/fakessh" <<'EOF'
#!/bin/sh
while [ "$#" -gt 0 ] && [ "$1" != cotuong ]; do shift; done
shift
tee -a "$LOG.up" | "$COTUONG" "$@" | tee -a "$LOG.down"
EOF
chmod +x "$tmp/fakessh"

ENV="HOME=$tmp LANG=C.UTF-8 TERM=xterm-256color XDG_STATE_HOME=$tmp/state XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config COTUONG_LOBBY=$tmp/lobby COTUONG=$COTUONG COTUONG_SSH=$tmp/fakessh"
# start NAME LOG ARGS...: the program in tmux session NAME (LOG: where the relay keeps bytes).
start() {
    name=$1 log=$2
    shift 2
    T -f /dev/null new-session -d -s "$name" -x 100 -y 60 \
        "env $ENV LOG=$log $COTUONG $* --line --notation iccs; echo EXIT=\$?; sleep 120"
}
cap() { T capture-pane -p -J -S -300 -t "$1"; }
see() {
    i=0
    while [ "$i" -lt $((${3:-5} * 20)) ]; do
        cap "$1" | grep -F -q -- "$2" && { ok "$1 shows '$2'"; return 0; }
        sleep 0.05
        i=$((i + 1))
    done
    bad "$1 shows '$2'"
    cap "$1" | grep -v "^ *$" | tail -n 30 | sed "s/^/    | /"
    return 1
}
# last_board NAME: the last "has taken" lines the session printed.
taken_line() { cap "$1" | grep -F "$2 has taken:" | tail -n 1; }
type_in() { T send-keys -t "$1" -l "$2"; T send-keys -t "$1" Enter; }

# 1. The host offers cờ úp with a fixed deal; the guest joins, a watcher watches.
start host "$tmp/none" host --variant coup --seed 20261202
see host "Waiting for an opponent"
code=$(cap host | sed -n 's/.*cotuong join \([A-Z2-9]*\)$/\1/p' | head -n 1)
[ -n "$code" ] && ok "the host shows a game code ($code)" || bad "the host shows a game code"
line=$(env HOME="$tmp" COTUONG_LOBBY="$tmp/lobby" "$COTUONG" games)
case $line in
    *" open coup") ok "cotuong games says it is cờ úp: $line" ;;
    *) bad "cotuong games says it is cờ úp (got '$line')" ;;
esac
start guest "$tmp/guest" join --via me@here "$code"
see guest "You play Black against"
start watch "$tmp/watch" watch --via me@here
see watch "Watching"
see host "Watchers: 1"

# 2. Red (the host) b2b9: the piece on the cannon's square takes Black's face-down piece on
#    b9 over the screen on b7. Black (the guest) h7h0: the same over h2.
type_in host b2b9
see guest "ply 1 | last b2b9="
see watch "ply 1 | last b2b9="
type_in guest h7h0
see host "ply 2 | last h7h0="
see watch "ply 2 | last h7h0="
see guest "ply 2 | last h7h0="

# 3. The deal, from the host's own file (its program keeps it) and the disclosure later.
hostfile=$(ls "$tmp"/state/cotuong/lobby-host-*.pgn 2>/dev/null | head -n 1)
deal=$(sed -n 's/^\[CoupDeal "\(.*\)"\]$/\1/p' "$hostfile")
case $deal in
    ???????????????/???????????????) ok "the host's file holds its deal ($deal)" ;;
    *) bad "the host's file holds its deal (got '$deal')" ;;
esac
# The guest's files before the end: no deal, no salt.
if grep -l -e CoupDeal -e CoupSalt "$tmp"/state/cotuong/lobby-guest-*.pgn >/dev/null 2>&1; then
    bad "the guest's resume file holds no deal or salt before the end"
else
    ok "the guest's resume file holds no deal or salt before the end"
fi

# 4. What each screen may know. The identity (from the deal) of b9 (Black's 2nd dealt
#    square) and h0 (Red's 7th): the host learnt b9, the guest h0, the watcher neither.
b9=$(printf '%s' "$deal" | cut -c18 | tr a-z A-Z)
h0=$(printf '%s' "$deal" | cut -c7)
g_red=$(taken_line guest Red)
g_black=$(taken_line guest Black)
w_red=$(taken_line watch Red)
w_black=$(taken_line watch Black)
h_red=$(taken_line host Red)
h_black=$(taken_line host Black)
[ "$g_red" = "Red has taken: ?" ] && ok "the guest does not learn its piece the host took ($g_red)" ||
    bad "the guest does not learn its piece the host took (got '$g_red')"
[ "$g_black" = "Black has taken: $h0" ] && ok "the guest learns what it took ($g_black)" ||
    bad "the guest learns what it took: $h0 (got '$g_black')"
[ "$w_red" = "Red has taken: ?" ] && [ "$w_black" = "Black has taken: ?" ] &&
    ok "the watcher learns neither capture" || bad "the watcher learns neither capture ('$w_red' '$w_black')"
[ "$h_red" = "Red has taken: $b9" ] && [ "$h_black" = "Black has taken: ?" ] &&
    ok "the host's screen: what it took ($b9), not its own piece taken" ||
    bad "the host's screen ('$h_red' '$h_black', b9 is $b9)"

# 4b. Stepping back (as in cờ tướng): the watcher and the guest see each ply as they saw it
#    then -- at ply 1 Black's h7 still face down on h7 and Black has taken nothing; at the
#    start every piece face down and nothing taken -- and the live game again after.
last_line() { cap "$1" | grep -E "^$2 " | tail -n 1; }
type_in watch back
see watch "(move 1 of 2: 'back', 'fwd', 'live')"
see watch "ply 1 | last b2b9="
[ "$(last_line watch 7)" = "7 . x . . . . . x ." ] && ok "the watcher's board at ply 1: h7 face down again" ||
    bad "the watcher's board at ply 1: h7 face down again (got '$(last_line watch 7)')"
[ "$(taken_line watch Red)" = "Red has taken: ?" ] && [ "$(taken_line watch Black)" = "Black has taken: -" ] &&
    ok "the watcher at ply 1: Red's capture unnamed, Black's not yet made" ||
    bad "the watcher at ply 1 ('$(taken_line watch Red)' '$(taken_line watch Black)')"
type_in watch first
see watch "(move 0 of 2: 'back', 'fwd', 'live')"
[ "$(last_line watch 9)" = "9 x x x x k x x x x" ] && [ "$(last_line watch 0)" = "0 X X X X K X X X X" ] &&
    ok "the watcher's board at the start: every piece face down" ||
    bad "the watcher's board at the start (got '$(last_line watch 9)' '$(last_line watch 0)')"
type_in watch fwd
see watch "(move 1 of 2: 'back', 'fwd', 'live')"
type_in guest back
see guest "(move 1 of 2: 'back', 'fwd', 'live')"
[ "$(taken_line guest Red)" = "Red has taken: ?" ] && [ "$(taken_line guest Black)" = "Black has taken: -" ] &&
    ok "the guest at ply 1: its piece taken unnamed, its own capture not yet made" ||
    bad "the guest at ply 1 ('$(taken_line guest Red)' '$(taken_line guest Black)')"
[ "$(last_line guest 0)" = "0 X X X X K X X X X" ] && ok "the guest's board at ply 1: h0 not yet taken" ||
    bad "the guest's board at ply 1: h0 not yet taken (got '$(last_line guest 0)')"
# The screens scroll, so "ply 2" is already on them from before: wait for the newest status
# line (and the guest's newest taken line) to be the live game's, not for the text anywhere.
see_newest() {
    i=0
    while [ "$i" -lt 100 ]; do
        [ "$(cap "$1" | grep -F "| ply" | tail -n 1 | grep -F -c -- "$2")" = 1 ] &&
            { ok "$1's newest status shows '$2'"; return 0; }
        sleep 0.05
        i=$((i + 1))
    done
    bad "$1's newest status shows '$2' (got '$(cap "$1" | grep -F "| ply" | tail -n 1)')"
}
for s in watch guest; do
    type_in "$s" live
    see_newest "$s" "ply 2 | last h7h0="
done
i=0
while [ "$(taken_line guest Black)" != "Black has taken: $h0" ] && [ "$i" -lt 100 ]; do
    sleep 0.05
    i=$((i + 1))
done
[ "$(taken_line guest Black)" = "Black has taken: $h0" ] && ok "the guest's live board names its capture again" ||
    bad "the guest's live board names its capture again (got '$(taken_line guest Black)')"

# 5. The guest resigns: the result, the disclosure, the verification on both joiners.
type_in guest resign
see host "Red wins (resignation)"
see guest "The deal was verified: every reveal matched the host's commitment."
see watch "The deal was verified: every reveal matched the host's commitment."

# 6. The bytes. A dealt square's identity in the deal text: Red's squares a0 b0 c0 d0 f0
#    g0 h0 i0 b2 h2 a3 c3 e3 g3 i3 are characters 1-15, Black's the same files on ranks 9,
#    7, 6 are characters 17-31.
check_wire() { # FILE WHO GUEST(1/0)
    awk -v deal="$deal" -v guest="$3" '
    function idx(sq,    f, r, i) {
        f = index("abcdefghi", tolower(substr(sq, 1, 1))) - 1; r = substr(sq, 2, 1) + 0
        side = r >= 5; if (side) r = 9 - r
        if (r == 0) { i = f < 4 ? f : f - 1; if (f == 4) return 0 }
        else if (r == 2) { if (f == 1) i = 8; else if (f == 7) i = 9; else return 0 }
        else if (r == 3) { if (f % 2) return 0; i = 10 + f / 2 }
        else return 0
        return side * 16 + i + 1
    }
    /^disclose / { disclosed = 1; if ($2 != deal) { print "disclosed another deal: " $2; bad = 1 } next }
    !disclosed && index($0, deal) { print "the deal before the end: " $0; bad = 1 }
    /^move / {
        ply = $2; tok = $3; from = substr(tok, 1, 2); to = substr(tok, 4, 2); rest = substr(tok, 6)
        if (substr(rest, 1, 1) == "=") {
            i = idx(from); want = toupper(substr(deal, i, 1))
            if (!i || substr(rest, 2, 1) != want) { print "a reveal not the deal'"'"'s: " $0; bad = 1 }
            rest = substr(rest, 3)
        }
        if (substr(rest, 1, 1) == "x") {
            i = idx(to); want = toupper(substr(deal, i, 1))
            if (!guest || ply % 2 == 1) { print "a captured identity to who may not know it: " $0; bad = 1 }
            else if (substr(rest, 2, 1) != want) { print "a wrong captured identity: " $0; bad = 1 }
            else told++
        }
    }
    END { if (guest && told != 1) { print "the guest was told " told + 0 " captures, not 1"; bad = 1 }
          if (!disclosed) { print "no disclosure"; bad = 1 }
          exit bad }' "$1"
}
if out=$(check_wire "$tmp/guest.down" guest 1); then
    ok "host to guest: reveals are the deal's, only the guest's own capture is named, the deal only after the result"
else
    bad "host to guest: $out"
fi
if out=$(check_wire "$tmp/watch.down" watcher 0); then
    ok "host to watcher: reveals are the deal's, no captured identity, the deal only after the result"
else
    bad "host to watcher: $out"
fi
if grep -E '^move [0-9]+ [A-I][0-9]-[A-I][0-9][=x]' "$tmp/guest.up" >/dev/null; then
    bad "the guest sends no identity"
else
    ok "the guest sends no identity ($(grep -c '^move' "$tmp/guest.up") move)"
fi
# The commitment, by hand: sha256sum of DEAL:SALT.
commit=$(sed -n 's/^commit //p' "$tmp/guest.down" | head -n 1)
salt=$(sed -n 's/^disclose [^ ]* //p' "$tmp/guest.down" | head -n 1)
hash=$(printf '%s:%s' "$deal" "$salt" | sha256sum | cut -d' ' -f1)
[ -n "$commit" ] && [ "$hash" = "$commit" ] && ok "the commitment is sha256sum of DEAL:SALT ($commit)" ||
    bad "the commitment is sha256sum of DEAL:SALT (commit '$commit', sha256sum '$hash')"
if grep -q CoupSalt "$tmp"/state/cotuong/lobby-guest-*.pgn 2>/dev/null; then
    bad "the guest's file never holds the salt"
else
    ok "the guest's file never holds the salt"
fi
for s in host guest watch; do type_in "$s" quit; done

# 7. A guest that claims a reveal: refused by name, the host's game kept.
start host2 "$tmp/none" host --variant coup --seed 7
see host2 "Waiting for an opponent"
code2=$(cap host2 | sed -n 's/.*cotuong join \([A-Z2-9]*\)$/\1/p' | head -n 1)
id2=$(cap host2 | sed -n 's/^Offered game \([a-z0-9]*\) .*/\1/p' | head -n 1)
{ printf 'hello 1 player %s\n' "$code2"; sleep 1; printf 'move 1 B2-B9=R\n'; sleep 1; } |
    env HOME="$tmp" COTUONG_LOBBY="$tmp/lobby" "$COTUONG" relay "$id2" >"$tmp/hostile.out" 2>&1
see host2 "claims to reveal a piece: only the host's program reveals"
see host2 "The game is kept."
grep -q "^bye refused its move 1 claims to reveal a piece" "$tmp/hostile.out" &&
    ok "the hostile guest is told why" || bad "the hostile guest is told why ($(tail -n 2 "$tmp/hostile.out"))"
# The seat is still free: a real guest takes it and the game goes on.
start guest2 "$tmp/none" join "$code2"
see guest2 "You play Black against"
type_in host2 b2e2
see guest2 "ply 1 | last b2e2="
type_in host2 quit

# 8. Resuming: the host stops, offers the game again (host --resume) under the same
#    commitment, the guest comes back and the game goes on; a host whose commitment changed
#    meanwhile (its file's salt altered) is named to the returning guest.
start host3 "$tmp/none" host --variant coup --seed 31
see host3 "Waiting for an opponent"
code3=$(cap host3 | sed -n 's/.*cotuong join \([A-Z2-9]*\)$/\1/p' | head -n 1)
id3=$(cap host3 | sed -n 's/^Offered game \([a-z0-9]*\) .*/\1/p' | head -n 1)
start guest3 "$tmp/none" join "$code3"
see guest3 "You play Black against"
type_in host3 b2b9
see guest3 "ply 1 | last b2b9="
type_in host3 quit
see guest3 "the game is adjourned"
gfile=$tmp/state/cotuong/lobby-guest-$id3.pgn
hfile=$tmp/state/cotuong/lobby-host-$id3.pgn
if grep -q '^\[CoupCommit "' "$gfile" && ! grep -q -e CoupDeal -e CoupSalt -e CoupSeed "$gfile"; then
    ok "the adjourned guest's file keeps the commitment and no deal, seed or salt"
else
    bad "the adjourned guest's file keeps the commitment and no deal, seed or salt"
    sed 's/^/    | /' "$gfile"
fi
start host4 "$tmp/none" host --resume
see host4 "Waiting for an opponent"
code4=$(cap host4 | sed -n 's/.*cotuong join \([A-Z2-9]*\)$/\1/p' | head -n 1)
start guest4 "$tmp/none" join "$code4"
see guest4 "ply 1 | last b2b9="
sleep 0.5
if cap guest4 | grep -q "commitment is not the one"; then
    bad "the resumed host keeps its commitment"
else
    ok "the resumed host keeps its commitment"
fi
type_in guest4 h7h0
see host4 "ply 2 | last h7h0="
type_in host4 quit
see guest4 "the game is adjourned"
see host4 "EXIT=" # its last write of the file is done: the change below is not overwritten
# The salt is random: its first digit becomes 1 if it was 0, else 0 (always a change).
sed -i 's/^\[CoupSalt "0/[CoupSalt "1/; t; s/^\[CoupSalt "./[CoupSalt "0/' "$hfile"
start host5 "$tmp/none" host --resume
see host5 "Waiting for an opponent"
code5=$(cap host5 | sed -n 's/.*cotuong join \([A-Z2-9]*\)$/\1/p' | head -n 1)
start guest5 "$tmp/none" join "$code5"
see guest5 "The host's commitment is not the one it made when you last played this game: it may have changed the deal."
type_in host5 quit

# 9. On the full screen: the guest's board is its view, its move goes through the host's
#    referee, the verification comes with the result.
fs() {
    name=$1
    shift
    T -f /dev/null new-session -d -s "$name" -x 100 -y 34 \
        "env $ENV LOG=$tmp/none $COTUONG $* --notation iccs; echo EXIT=\$?; sleep 120"
}
fs fh host --variant coup --seed 20261202
see fh "cotuong join"
codef=$(cap fh | tr -d '\n' | sed -n 's/.*cotuong join \([A-Z2-9]\{6\}\).*/\1/p' | head -n 1)
fs fg join "$codef"
see fg "Black: "
see fg "(you)"
fs fw watch "$codef"
see fw "Left/Right step"
T send-keys -t fh ':'
T send-keys -t fh -l b2b9
T send-keys -t fh Enter
see fg "B2-B9, reveals"
T send-keys -t fg ':'
T send-keys -t fg -l h7h0
T send-keys -t fg Enter
see fh "H7-H0, reveals"
word() { case $1 in A) echo Advisor ;; B) echo Elephant ;; N) echo Horse ;; R) echo Rook ;; C) echo Cannon ;; P) echo Pawn ;; esac; }
see fg "Red has taken: ?  Black has taken: $(word "$h0")"
# The full-screen watcher steps back on the same board: ply 1 as it was then.
see fw "Red has taken: ?  Black has taken: ?"
T send-keys -t fw Left
see fw "Move 1 of 2 (Esc: back to the game)."
see fw "Red has taken: ?  Black has taken: -"
see fw "Black to move"
T send-keys -t fw Escape
see fw "The game as it is played."
see fw "Red to move"
see fw "Red has taken: ?  Black has taken: ?"
T send-keys -t fg R
see fg "Resign this game?"
T send-keys -t fg y
see fg "The deal was"
see fg "verified: every reveal matched the"

# 10. A dishonest host (a program of the test's own, tests/e2e_lobby_coup_host.py): the
#    joiner names what is wrong and keeps the game.
if command -v python3 >/dev/null 2>&1; then
    here=$(cd "$(dirname "$0")" && pwd)
    n=0
    for sc in leak contra hash; do
        n=$((n + 1))
        id=fakehst$((n + 1))
        python3 "$here/e2e_lobby_coup_host.py" "$tmp/lobby" "$id" "$sc" &
        i=0
        while [ ! -S "$tmp/lobby/$id.sock" ] && [ "$i" -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
        start "bad$n" "$tmp/none" join "$id"
        case $sc in
            leak) see "bad$n" "Stopped: the host's move 1 (b2b9=C): tells what the captured piece was (a horse), which only its capturer may know" ;;
            contra) see "bad$n" "The deal does NOT match the host's commitment: move 1 (b2b9=R): revealed a rook, but the disclosed deal has a cannon there." ;;
            hash) see "bad$n" "The deal does NOT match the host's commitment: the disclosed deal and salt do not give the commitment made at the start." ;;
        esac
        if [ "$sc" = leak ]; then
            see "bad$n" "EXIT=3" # stopped on a disagreement (the exit status says so), no crash
        else
            # The game stays: its board is shown, the player leaves when it wants.
            see "bad$n" "ply 1 | last b2b9="
            type_in "bad$n" quit
            see "bad$n" "EXIT=0"
        fi
        wait
    done
else
    echo "# python3 not installed: the dishonest host's checks are skipped"
fi

echo "$step checks, $fails failed"
[ "$fails" -eq 0 ]
