#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_lobby -- two people on one machine find each other and play, with a watcher, as real
# separate users: throwaway accounts A (host), B (guest) and C (watcher) made with useradd,
# each in its own tmux session through runuser, and a fourth user (nobody) who is not on the
# host's --for list. Checks the listing, admission, moves both ways, chat, the watcher
# stepping back, the guest's link killed with SIGHUP and taken back, resignation with the
# same PGN file on both sides, the host's stop adjourning the game with every move in both
# resume files, `host --resume` offering it again and the guest rejoining, and two sessions
# of one account playing each other with the game code. Then the same in the full-screen
# mode (three terminals: moves, chat, watchers, undo asked and granted, a draw declined, the
# watcher stepping back, SIGHUP and rejoin, the host SIGKILLed and `cotuong --resume`, the
# start menu's lobby list, resignation, the same PGN on both sides; LOBBY_SCREENS=FILE keeps
# what the three screens showed), the grace time adjourning an abandoned game, and
# `join --via` through a real sshd on the loopback when openssh-server is installed.
# Needs root (useradd, runuser) and tmux: exits 77 (skipped) otherwise. The users and every
# file are removed at the end, whatever happens.

: "${COTUONG:?COTUONG must name the program}"
[ "$(id -u)" -eq 0 ] || { echo "not root: cannot make throwaway users"; exit 77; }
for t in tmux useradd userdel runuser; do
    command -v "$t" >/dev/null 2>&1 || { echo "$t not installed"; exit 77; }
done

A=ctla$$ B=ctlb$$ C=ctlc$$
tmp=$(mktemp -d /tmp/e2e_lobby.XXXXXX) || exit 1
chmod 755 "$tmp"
SOCK=cotuong-lobby-$$
T() { tmux -L "$SOCK" "$@"; }
cleanup() {
    T kill-server >/dev/null 2>&1
    [ -f "$tmp/sshd.pid" ] && kill "$(cat "$tmp/sshd.pid")" >/dev/null 2>&1
    for u in $A $B $C; do
        pkill -KILL -u "$u" >/dev/null 2>&1
        # userdel refuses while a killed process is still exiting (or another run holds
        # the passwd lock): try again for a second rather than leave the user behind.
        for _ in 1 2 3 4 5; do
            userdel -r "$u" >/dev/null 2>&1
            id "$u" >/dev/null 2>&1 || break
            sleep 0.2
        done
    done
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
for u in $A $B $C; do
    useradd -m -s /bin/sh "$u" || { echo "useradd $u failed"; exit 1; }
done
# The program where every user may run it; the lobby as a shared sticky directory.
cp "$COTUONG" "$tmp/cotuong" && chmod 755 "$tmp/cotuong"
LOBBY=$tmp/lobby
mkdir "$LOBBY" && chmod 1777 "$LOBBY"
P=$tmp/cotuong

fails=0
step=0
ok() { step=$((step + 1)); echo "ok $step - $1"; }
bad() { step=$((step + 1)); echo "not ok $step - $1"; fails=$((fails + 1)); }

# as USER CMD...: runs a command as USER with a clean home environment.
as() {
    u=$1
    shift
    runuser -u "$u" -- env HOME="/home/$u" LANG=C.UTF-8 TERM=xterm-256color \
        XDG_STATE_HOME="/home/$u/.state" XDG_DATA_HOME="/home/$u/.data" \
        XDG_CONFIG_HOME="/home/$u/.config" COTUONG_LOBBY="$LOBBY" "$@"
}
# start NAME USER ARGS...: the program as USER in tmux session NAME.
start() {
    name=$1 u=$2
    shift 2
    T -f /dev/null new-session -d -s "$name" -x 100 -y 50 \
        "runuser -u $u -- env HOME=/home/$u LANG=C.UTF-8 TERM=xterm-256color XDG_STATE_HOME=/home/$u/.state XDG_DATA_HOME=/home/$u/.data XDG_CONFIG_HOME=/home/$u/.config COTUONG_LOBBY=$LOBBY $P $* --line; echo EXIT=\$?; sleep 120"
}
cap() { T capture-pane -p -S -200 -t "$1"; }
# see NAME TEXT [SECONDS]: TEXT appears in session NAME.
see() {
    i=0
    while [ "$i" -lt $((${3:-5} * 20)) ]; do
        cap "$1" | grep -F -q -- "$2" && { ok "$1 shows '$2'"; return 0; }
        sleep 0.05
        i=$((i + 1))
    done
    bad "$1 shows '$2'"
    cap "$1" | tail -n 30 | sed 's/^/    | /'
    return 1
}
type_in() { T send-keys -t "$1" -l "$2"; T send-keys -t "$1" Enter; }

# 1. A offers a game to B and C only, with a clock.
start host "$A" host --for "$B,$C" --clock 5+3 --pgn "/home/$A/game.pgn" --notation iccs
see host "Waiting for an opponent"
code=$(cap host | sed -n 's/.*cotuong join \([A-Z2-9]*\)$/\1/p' | head -n 1)
[ -n "$code" ] && ok "the host shows a game code ($code)" || bad "the host shows a game code"

# 2. The listing: B sees it with A as host (the kernel's word); nobody sees nothing.
line=$(as "$B" "$P" games)
case $line in
    *" $A "*" - "*"online"*"5+3"*" 1 "*" 0 open") ok "B lists the game: $line" ;;
    *) bad "B lists the game (got '$line')" ;;
esac
[ "$(as nobody "$P" games)" = "" ] && ok "a user not on --for lists nothing" ||
    bad "a user not on --for lists nothing"
if as nobody "$P" join >"$tmp/nobody.out" 2>&1; then
    bad "a user not on --for cannot join"
else
    grep -q "no game" "$tmp/nobody.out" && ok "a user not on --for cannot join" ||
        bad "a user not on --for cannot join ($(cat "$tmp/nobody.out"))"
fi

# 3. B joins, C watches.
start guest "$B" join --pgn "/home/$B/game.pgn" --notation iccs
see guest "You play Black against $A"
see host "$B joined and plays Black"
start watch "$C" watch --notation iccs
see watch "Watching $A (Red) against $B (Black)"
see host "Watchers: 1"
see guest "Watchers: 1"

# 4. Moves from both sides, checked on all three screens; chat both ways.
type_in host "h2e2"
see guest "ply 1 | last H2-E2"
see watch "ply 1 | last H2-E2"
type_in guest "h9g7"
see host "ply 2 | last H9-G7"
see watch "ply 2 | last H9-G7"
type_in guest "say chào $A"
see host "<$B> chào $A"
see watch "$B: chào $A"
type_in host "h0g2"
see guest "ply 3 | last H0-G2"
# The watcher steps back from the plies it has: wait for the move there too (it may come
# after the guest's; 'back' typed before it came shows move 1 of 2, then move 1 of 3).
see watch "ply 3 | last H0-G2"
# A move that is not legal is refused where it is typed, and nothing is sent.
type_in guest "a9a5"
see guest "Not a move here"
# The watcher steps back without disturbing anyone.
type_in watch "back"
see watch "(move 2 of 3"
type_in guest "i9h9"
see host "ply 4 | last I9-H9"
see watch "(move 2 of 4"
type_in watch "live"
see watch "ply 4 | last I9-H9"

# 5. The guest's link dies (SIGHUP): the host says so and stops the clocks; B comes back.
gpid=$(pgrep -n -u "$B" -x cotuong)
[ -n "$gpid" ] && kill -HUP "$gpid"
see host "$B's link dropped: the clocks stop"
see watch "The opponent's link dropped"
case $(as "$B" "$P" games) in
    *" away") ok "the listing says away" ;;
    *) bad "the listing says away" ;;
esac
start guest2 "$B" join --pgn "/home/$B/game.pgn" --notation iccs
see guest2 "You play Black against $A"
see guest2 "ply 4 | last I9-H9"
see host "$B joined and plays Black"
# Nobody else may take B's seat, not even C.
if as "$C" "$P" join "$A" >"$tmp/c.out" 2>&1 </dev/null; then :; fi
grep -q "seat is taken" "$tmp/c.out" && ok "the seat stays B's" || bad "the seat stays B's ($(cat "$tmp/c.out"))"

# 6. More moves, then B resigns: both keep the same game.
type_in host "b0c2"
see guest2 "ply 5 | last B0-C2"
type_in guest2 "resign"
see host "Red wins (resignation)"
see guest2 "Red wins (resignation)"
see watch "Red wins (resignation)"
see host "Saved the game to /home/$A/game.pgn"
see guest2 "Saved the game to /home/$B/game.pgn"
moves() { grep -v '^\[' "$1" | tr -s ' \n' ' '; }
ma=$(moves "/home/$A/game.pgn")
mb=$(moves "/home/$B/game.pgn")
if [ -n "$ma" ] && [ "$ma" = "$mb" ]; then
    ok "both PGN files hold the same moves and result: $ma"
else
    bad "both PGN files hold the same moves (A: '$ma', B: '$mb')"
fi
grep -q '^\[Termination "resignation"\]' "/home/$B/game.pgn" && ok "the guest's file says resignation" ||
    bad "the guest's file says resignation"
if cmp -s "/home/$A/game.pgn" "/home/$B/game.pgn"; then
    ok "host and guest saved the same PGN, byte for byte"
else
    bad "host and guest saved the same PGN"
    diff "/home/$A/game.pgn" "/home/$B/game.pgn" | sed 's/^/    | /'
fi
type_in host quit
type_in guest2 quit
type_in watch quit
# The host ends when asked (its status is not checked: under LeakSanitizer a command on a
# terminal reports the 32 bytes of sanitize_stdio's stream cookies at exit).
see host "EXIT="
echo "the game as both saved it:"
sed 's/^/    | /' "/home/$A/game.pgn"

# 7. The host stops in the middle: the game is adjourned for the guest.
start host2 "$A" host --notation iccs
see host2 "Waiting for an opponent"
start guest3 "$B" join "$A" --notation iccs
see guest3 "You play Black against $A"
type_in host2 "c3c4"
see guest3 "ply 1 | last C3-C4"
hpid=$(pgrep -n -u "$A" -x cotuong)
[ -n "$hpid" ] && kill -TERM "$hpid"
see guest3 "the game is adjourned"
# Every move was in both resume files as it was played.
grep -q "C3-C4" /home/$A/.state/cotuong/lobby-host-*.pgn && ok "the host's resume file has the move" ||
    bad "the host's resume file has the move"
grep -q "C3-C4" /home/$B/.state/cotuong/lobby-guest-*.pgn && ok "the guest's resume file has the move" ||
    bad "the guest's resume file has the move"
# The host offers it again; the guest's next join takes the seat with the moves.
start host3 "$A" host --resume --notation iccs
see host3 "Waiting for an opponent"
start guest4 "$B" join --notation iccs
see guest4 "You play Black against $A"
see guest4 "ply 1 | last C3-C4"
type_in guest4 "h9g7"
see host3 "ply 2 | last H9-G7"
type_in host3 quit
see guest4 "the game is adjourned"

# 8. One account, two sessions: refused without the code, playing with it.
start self "$A" host --notation iccs
see self "Waiting for an opponent"
code=$(cap self | sed -n 's/.*cotuong join \([A-Z2-9]*\)$/\1/p' | head -n 1)
id=$(as "$A" "$P" games | awk '{ print $1 }' | head -n 1)
as "$A" "$P" join "$id" >"$tmp/self.out" 2>&1 </dev/null
grep -q "give its code" "$tmp/self.out" && ok "the own account is refused without the code" ||
    bad "the own account is refused without the code ($(cat "$tmp/self.out"))"
# Without any name, join says the open game `games` lists is the account's own and asks for
# its code (it said "no game to join" while games listed one).
as "$A" "$P" join >"$tmp/self0.out" 2>&1 </dev/null
grep -q "game $id is your own account's: give the code" "$tmp/self0.out" &&
    ok "join without a name names the account's own open game" ||
    bad "join without a name names the account's own open game ($(cat "$tmp/self0.out"))"
start self2 "$A" join "$code" --notation iccs
see self2 "You play Black against $A"
type_in self "h2e2"
see self2 "ply 1 | last H2-E2"
type_in self2 "h7e7"
see self "ply 2 | last H7-E7"

# 9. The same in the full-screen mode: A hosts, B plays, C watches, each on a terminal, in a
# lobby of their own (the games above are still open in the first).
T kill-session -t self >/dev/null 2>&1
T kill-session -t self2 >/dev/null 2>&1
LOBBY=$tmp/lobby2
mkdir "$LOBBY" && chmod 1777 "$LOBBY"
# fs NAME USER ARGS...: the full-screen program (no --line) in a 120x40 tmux session.
fs() {
    name=$1 u=$2
    shift 2
    T -f /dev/null new-session -d -s "$name" -x 120 -y 40 \
        "runuser -u $u -- env HOME=/home/$u LANG=C.UTF-8 TERM=xterm-256color XDG_STATE_HOME=/home/$u/.state XDG_DATA_HOME=/home/$u/.data XDG_CONFIG_HOME=/home/$u/.config COTUONG_LOBBY=$LOBBY $P $*; echo EXIT=\$?; sleep 120"
}
keys() { T send-keys -t "$1" "$2"; }
typed() { T send-keys -t "$1" "$2"; sleep 0.2; T send-keys -t "$1" -l "$3"; T send-keys -t "$1" Enter; }
shot() { echo "--- $2: $1"; cap "$1" | sed 's/[[:space:]]*$//' | grep -v '^$' | sed 's/^/    | /'; }
rm -f /home/$A/.state/cotuong/lobby-*.pgn /home/$B/.state/cotuong/lobby-*.pgn
fs fh "$A" host --for "$B,$C" --clock 5+3 --notation iccs --pgn "/home/$A/fs.pgn"
see fh "Offered game"
fs fg "$B" join "$A" --notation iccs --pgn "/home/$B/fs.pgn"
see fg "You play Black against $A"
see fh "$B joined and plays Black"
see fh "Black: $B"
see fg "Red: $A"
fs fw "$C" watch "$A" --notation iccs
see fh "Watchers: 1"
see fg "Watchers: 1"
see fw "Watchers: 1"
# Moves from both sides, typed after ':' (the cursor and mouse go the same way).
typed fh : h2e2
see fg "1. H2-E2"
see fw "1. H2-E2"
typed fg : h9g7
see fh "1. H2-E2      H9-G7"
see fw "1. H2-E2      H9-G7"
# Not one's turn: refused on the screen, nothing sent.
typed fg : c6c5
see fg "Not your move"
# No help from the machine for a player: hints and the masters' moves are off.
keys fg i
see fg "no hints, masters' moves"
keys fh M
see fh "no hints, masters' moves"
# A line each way; the watcher reads the players.
typed fg t "chào $A"
see fh "<$B> chào $A"
see fw "$B: chào $A"
typed fh t "hello $B"
see fg "<$A> hello $B"
# Undo only with the other side's yes: B asks, A says no, then B asks again and A agrees.
typed fh : h0g2
see fg "2. H0-G2"
typed fg : i9h9
see fh "I9-H9"
keys fg u
see fh "asks to take back the moves after Red's move 2"
keys fh n
see fg "does not agree"
keys fg u
see fh "asks to take back the moves after Red's move 2"
keys fh y
see fg "The moves after Red's move 2 are taken back"
# The watcher hears of the take-back after the guest does: wait for it (10 s at most).
i=0
while [ "$i" -lt 200 ] && cap fw | grep -q "I9-H9"; do sleep 0.05; i=$((i + 1)); done
cap fw | grep -q "I9-H9" && bad "the watcher's history lost the move taken back" ||
    ok "the watcher's history lost the move taken back"
typed fg : c9e7
see fh "C9-E7"
see fw "C9-E7"
# The watcher steps back; the players are not disturbed.
keys fw Left
see fw "Move 3 of 4"
keys fw Escape
see fw "The game as it is played"
# A draw offered and declined.
keys fh D
see fg "offers a draw"
keys fg n
see fh "declined"
shot fh "host ($A)" >"$tmp/screens.txt"
shot fg "guest ($B)" >>"$tmp/screens.txt"
shot fw "watcher ($C)" >>"$tmp/screens.txt"
# 10. The guest's terminal hangs up: the host sees it, the clocks stop; B takes the seat back.
gpid=$(pgrep -n -u "$B" -x cotuong)
[ -n "$gpid" ] && kill -HUP "$gpid"
see fh "$B's link dropped"
see fw "The opponent's link dropped"
see fg "EXIT="
fs fg2 "$B" join "$A" --notation iccs --pgn "/home/$B/fs.pgn"
see fg2 "You play Black against $A"
see fg2 "C9-E7"
see fh "$B joined and plays Black"
# 11. The host is killed outright (SIGKILL: nothing saved at the end): every move was in its
# file as it was played; --resume offers the game again, B and C come back.
typed fh : b0c2
see fg2 "B0-C2"
hpid=$(pgrep -n -u "$A" -x cotuong)
[ -n "$hpid" ] && kill -KILL "$hpid"
see fg2 "The link has ended"
see fw "The link has ended"
grep -q "B0-C2" /home/$A/.state/cotuong/lobby-host-*.pgn && ok "the killed host's file has every move" ||
    bad "the killed host's file has every move"
grep -q "B0-C2" /home/$B/.state/cotuong/lobby-guest-*.pgn && ok "the guest's file has every move" ||
    bad "the guest's file has every move"
keys fg2 q
see fg2 "EXIT="
keys fw q
# cotuong --resume (the full-screen program's own option) offers the adjourned game again.
fs fh2 "$A" --resume --notation iccs
see fh2 "Offered game"
see fh2 "B0-C2"
fs fg3 "$B" join "$A" --notation iccs --pgn "/home/$B/fs.pgn"
see fg3 "You play Black against $A"
see fg3 "B0-C2"
# C comes back through the start menu: Play someone on this computer lists the game (its
# seat is B's, so Enter watches).
fs fw2 "$C" --notation iccs
see fw2 "Play someone on this computer"
keys fw2 Up
keys fw2 Up
keys fw2 Enter
see fw2 "$A against $B"
see fw2 "[watch]"
keys fw2 Enter
see fw2 "Left/Right step"
see fh2 "Watchers: 1"
# 12. The game goes on and ends: B resigns. Both keep the same game.
typed fg3 : b9c7
see fh2 "B9-C7"
see fw2 "B9-C7"
keys fg3 R
see fg3 "Resign this game?"
keys fg3 y
see fh2 "Red wins"
see fg3 "Red wins"
see fw2 "Red wins"
shot fh2 "host ($A), resumed, at the end" >>"$tmp/screens.txt"
shot fg3 "guest ($B), rejoined, at the end" >>"$tmp/screens.txt"
shot fw2 "watcher ($C) at the end" >>"$tmp/screens.txt"
# The host saved the finished game in its games folder (no --pgn on --resume), the guest
# in its --pgn file: the same bytes.
hf=$(ls -t /home/$A/.data/cotuong/games/*.pgn 2>/dev/null | head -n 1)
if [ -n "$hf" ] && cmp -s "$hf" "/home/$B/fs.pgn" && grep -q "B9-C7" "$hf"; then
    ok "full screen: host and guest saved the same PGN, byte for byte: $(moves "$hf")"
else
    bad "full screen: host and guest saved the same PGN ($hf)"
    diff "$hf" "/home/$B/fs.pgn" | sed 's/^/    | /'
fi
keys fh2 q
see fh2 "EXIT="
echo "the three screens:"
cat "$tmp/screens.txt"
[ -n "$LOBBY_SCREENS" ] && cp "$tmp/screens.txt" "$LOBBY_SCREENS"

# 12b. Hosting from the start menu: side, clock and who may come, asked in turn.
LOBBY=$tmp/lobby5
mkdir "$LOBBY" && chmod 1777 "$LOBBY"
fs mh "$C" --notation iccs
see mh "Play someone on this computer"
keys mh Up
keys mh Up
keys mh Enter
see mh "No game offered in the lobby"
keys mh Enter
see mh "Game: standard (cờ tướng) or coup (cờ úp):"
keys mh Enter
see mh "Your side (red or black):"
keys mh C-u
typed mh "" black
see mh "Clock (15+10, 5, /30, none):"
keys mh C-u
typed mh "" 10+5
see mh "Only these users may come"
typed mh "" "$A"
see mh "Offered game"
see mh "Black: $C (you)"
case $(as "$A" "$P" games) in
    *" $C "*" - "*"10+5"*" open") ok "the menu's game is offered: $(as "$A" "$P" games)" ;;
    *) bad "the menu's game is offered (got '$(as "$A" "$P" games)')" ;;
esac
[ "$(as "$B" "$P" games)" = "" ] && ok "a user not on the menu's list sees nothing" ||
    bad "a user not on the menu's list sees nothing"
keys mh q
see mh "EXIT="
ls /home/$C/.state/cotuong/lobby-host-*.pgn >/dev/null 2>&1 &&
    bad "a game nobody joined leaves no resume file" || ok "a game nobody joined leaves no resume file"

# 13. Grace time: a guest who stays away adjourns the game; nobody loses it.
LOBBY=$tmp/lobby3
mkdir "$LOBBY" && chmod 1777 "$LOBBY"
start gh "$A" host --grace 2 --notation iccs
see gh "Waiting for an opponent"
start gj "$B" join "$A" --notation iccs
see gj "You play Black against $A"
type_in gh "c3c4"
see gj "ply 1 | last C3-C4"
gpid=$(pgrep -n -u "$B" -x cotuong)
[ -n "$gpid" ] && kill -KILL "$gpid"
see gh "(adjourned after 2 s)"
see gh "stayed away 2 s: the game is adjourned"
see gh "EXIT=4"
hf=$(ls -t /home/$A/.state/cotuong/lobby-host-*.pgn | head -n 1)
gf=$(ls -t /home/$B/.state/cotuong/lobby-guest-*.pgn | head -n 1)
grep -q "C3-C4" "$hf" && grep -q '^\[Result "\*"\]' "$hf" && ok "the host keeps the adjourned game, no result" ||
    bad "the host keeps the adjourned game, no result"
grep -q "C3-C4" "$gf" && grep -q '^\[Result "\*"\]' "$gf" && ok "the guest keeps it too" ||
    bad "the guest keeps it too"

# 14. Across machines: join --via USER@HOST runs ssh ... cotuong relay, here through a real
# sshd on the loopback (a throwaway host key and user key, a high port), when installed.
SSHD=$(command -v sshd || echo /usr/sbin/sshd)
if [ -x "$SSHD" ] && command -v ssh >/dev/null 2>&1 && command -v ssh-keygen >/dev/null 2>&1; then
    LOBBY=$tmp/lobby4
    mkdir "$LOBBY" "$tmp/bin" && chmod 1777 "$LOBBY" && chmod 755 "$tmp/bin"
    ln -s "$P" "$tmp/bin/cotuong"
    port=$((20000 + $$ % 20000))
    ssh-keygen -q -t ed25519 -N '' -f "$tmp/hostkey"
    ssh-keygen -q -t ed25519 -N '' -f "$tmp/userkey"
    mkdir -p "$tmp/keys" /run/sshd
    cp "$tmp/userkey.pub" "$tmp/keys/$B"
    chmod 644 "$tmp/keys/$B"
    chown "$B" "$tmp/userkey" && chmod 600 "$tmp/userkey"
    usermod -p '*' "$B" # not locked: sshd without PAM refuses a locked account
    printf '%s\n' "ListenAddress 127.0.0.1" "Port $port" "HostKey $tmp/hostkey" \
        "PidFile $tmp/sshd.pid" "AuthorizedKeysFile $tmp/keys/%u" "PasswordAuthentication no" \
        "KbdInteractiveAuthentication no" "UsePAM no" "StrictModes no" "AllowUsers $B" \
        "SetEnv PATH=$tmp/bin:/usr/bin:/bin" >"$tmp/sshd_config"
    "$SSHD" -f "$tmp/sshd_config" -E "$tmp/sshd.log"
    printf '%s\n' '#!/bin/sh' \
        "exec ssh -p $port -i $tmp/userkey -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \"\$@\"" \
        >"$tmp/ssh"
    chmod 755 "$tmp/ssh"
    start vh "$A" host --notation iccs --pgn "/home/$A/via.pgn"
    see vh "Waiting for an opponent"
    T -f /dev/null new-session -d -s vj -x 100 -y 50 \
        "runuser -u $B -- env HOME=/home/$B LANG=C.UTF-8 TERM=xterm-256color COTUONG_SSH=$tmp/ssh XDG_STATE_HOME=/home/$B/.state $P join --via $B@127.0.0.1 --lobby $LOBBY --notation iccs --line --pgn /home/$B/via.pgn $A; echo EXIT=\$?; sleep 120"
    see vj "You play Black against $A" 10
    see vh "$B joined and plays Black"
    type_in vh "h2e2"
    see vj "ply 1 | last H2-E2"
    type_in vj "h7e7"
    see vh "ply 2 | last H7-E7"
    type_in vj "resign"
    see vh "Red wins (resignation)"
    see vj "Saved the game to /home/$B/via.pgn"
    cmp -s "/home/$A/via.pgn" "/home/$B/via.pgn" && ok "over ssh: both saved the same PGN" ||
        bad "over ssh: both saved the same PGN"
    [ -f "$tmp/sshd.pid" ] && kill "$(cat "$tmp/sshd.pid")"
else
    echo "# sshd not installed: join --via over a real ssh not tested"
fi

T kill-server >/dev/null 2>&1
echo "$step checks, $fails failed"
[ "$fails" -eq 0 ]
