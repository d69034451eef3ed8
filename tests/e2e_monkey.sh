#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_monkey.sh -- a monkey for the full-screen program: random keys, SGR mouse reports
# (clicks, drags, wheel, other buttons, cells far off the screen, malformed reports), raw
# bytes, typed text, bursts and resizes down to 1x1 and back, in every mode (start menu, play
# against the AI, AI against AI on a clock, review of files with variations, a game list,
# prompts and help, which the keys reach). The program runs in tmux; its exit status, its
# sanitizer logs and the terminal it leaves are checked, and a watchdog catches hangs.
#
# The events come from a seeded generator (Park-Miller, the same in every awk), so a failure
# is reproduced by MONKEY_SEED=N (printed at the start and at the end). MONKEY_EVENTS (default
# 5000) sets the length; every MONKEY_SEGMENT events (default 1000) the program is quit with
# keys and started again in the next mode. It drives $COTUONG: the normal build under
# `make check`, the ASan+UBSan build under `make check-sanitize`.
#
# Watchdog: every batch of events ends with a probe key (F10, F11 or F12, bound to nothing);
# the program logs each key it reads (COTUONG_DEBUG_INPUT), and the probe must be logged
# within MONKEY_BOUND seconds (default 30; a probe swallowed by a random escape sequence is
# sent again every 2 s) unless the program has ended. Waits are on conditions, never
# fixed sleeps, so a loaded machine makes the run slower, not red.
#
# tmux: mouse reports are sent as literal bytes (send-keys -l); that is safe whatever the
# pane's mouse mode (an earlier server death came from starting a server on a socket whose
# previous server was still shutting down, not from the mouse bytes). One server and socket
# per run; the pane is respawned, never the server.
. "$(dirname "$0")/tmux_lib.sh"
ui_require
EVENTS=${MONKEY_EVENTS:-5000}
SEED=${MONKEY_SEED:-20261201}
SEGMENT=${MONKEY_SEGMENT:-1000}
BOUND=${MONKEY_BOUND:-30}
W=$UI_HOME/monkey
mkdir -p "$W/san"
echo "monkey: seed $SEED, $EVENTS events, a new program every $SEGMENT (MONKEY_SEED=$SEED to repeat)"

# Sanitizer reports go to files (not the screen), whatever the build.
SANOPT="ASAN_OPTIONS='${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$W/san/asan' UBSAN_OPTIONS='${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}log_path=$W/san/ubsan' LSAN_OPTIONS='${LSAN_OPTIONS:-}'"

# A game with variations nested three deep, comments (one hostile), NAGs; a file of several
# games for the game list; the hostile file of the review tests.
cat >"$W/var.pgn" <<'PGN'
[Event "monkey"]
[Red "Nguyễn Thành Bảo"]
[Black "王天一"]
[Format "ICCS"]

{start} 1. H2-E2 {cannon} (1. B2-E2 $1 H9-G7 (1... B9-C7 2. H0-G2 (2. B0-C2 {deep}) 2... A9-B9) 2. H0-G2) 1... H9-G7
2. H0-G2 I9-H9 (2... B9-C7 {a line} 3. I0-H0) 3. I0-H0 B9-C7 $2 4. H0-H4 {end} *
PGN
printf '[Event "x\033]0;pwned\007"]\n\n1. H2-E2 {\033[2J\302\233 31m} H9-G7 *\n' >>"$W/var.pgn"
cp "$TEST_DATA_DIR/review/games.pgn" "$W/games.pgn" 2>/dev/null || cp "$W/var.pgn" "$W/games.pgn"

MODES="menu play review aiai list"
mode_args() {
    case $1 in
    menu) echo "" ;;
    play) echo "play --red human --black ai:1" ;;
    review) echo "review $W/var.pgn" ;;
    aiai) echo "play --red ai:1 --black ai:1 --clock 1+1" ;;
    list) echo "review $W/games.pgn" ;;
    esac
}

run=0 mode_i=0 cur_mode=
# start: the next mode in a respawned pane; the wrapper keeps the terminal settings from
# before and after and the exit status (written last, atomically).
start() {
    run=$((run + 1))
    set -- $MODES
    shift $((mode_i % $#))
    cur_mode=$1
    mode_i=$((mode_i + 1))
    # shellcheck disable=SC2046
    args=$(mode_args "$cur_mode")
    cmd="stty -g >'$W/stty0.$run'; env TERM=xterm-256color LANGUAGE= COTUONG_DEBUG_INPUT='$W/keys' COTUONG_LOBBY='$COTUONG_LOBBY' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_DATA_HOME='$XDG_DATA_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' $SANOPT '$COTUONG' $args 2>'$W/stderr.$run'; echo \$? >'$W/exit.tmp'; stty -g >'$W/stty1.$run'; mv '$W/exit.tmp' '$W/exit.$run'; exec sleep 100000"
    if [ "$run" = 1 ]; then
        T -f /dev/null new-session -d -s m -x 80 -y 24 "$cmd" || exit 1
        T set-option -g window-size manual >/dev/null 2>&1
        S=m
    else
        T resize-window -t m -x 80 -y 24 \; respawn-pane -k -t m "$cmd" >/dev/null 2>&1
    fi
    : >"$W/keys"
    # Keys typed while the program asks the terminal its questions are dropped (flushinp,
    # before the mouse is turned on): the monkey starts once the mouse is on and the
    # program reads a probe.
    t=0
    while [ $t -lt $((BOUND * 100)) ] && [ ! -f "$W/exit.$run" ] &&
        [ "$(T display -p -t m '#{mouse_any_flag}')" != 1 ]; do
        sleep 0.01
        t=$((t + 1))
    done
    T send-keys -t m F10
    probe F10 274
}

fails=0 crashes=0 hangs=0 planned=0 unplanned=0 probes_resent=0 tmux_errors=0
fail() {
    echo "FAIL: $1 (mode $cur_mode, run $run, after event $n, seed $SEED)"
    cap | sed 's/^/    | /'
    fails=$((fails + 1))
}

# ended: the program of this run has ended; checks its status and its terminal settings.
ended() {
    [ -f "$W/exit.$run" ] || return 1
    st=$(cat "$W/exit.$run")
    # 0: quit; 130: Ctrl-C (the game is saved, the program leaves)
    if [ "$st" != 0 ] && [ "$st" != 130 ]; then
        crashes=$((crashes + 1))
        fail "the program exited with status $st: $(head -c 2000 "$W/stderr.$run")"
    fi
    cmp -s "$W/stty0.$run" "$W/stty1.$run" ||
        fail "terminal settings not restored: $(cat "$W/stty0.$run") -> $(cat "$W/stty1.$run")"
    return 0
}

# probe: waits until the program reads probe key CODE (or ends). A probe that a random
# escape sequence swallowed is sent again every 2 s; no answer within BOUND s is a hang.
probe() { # NAME CODE
    t=0
    while [ $t -lt $((BOUND * 100)) ]; do
        grep -q "key=$2 fkey=1" "$W/keys" && { : >"$W/keys"; return 0; }
        [ -f "$W/exit.$run" ] && return 0
        sleep 0.01
        t=$((t + 1))
        if [ $((t % 200)) -eq 0 ]; then
            probes_resent=$((probes_resent + 1))
            [ -n "${MONKEY_VERBOSE:-}" ] && echo "  probe $1 resent (batch $batch): $(tail -n 3 "$W/keys" | tr '\n' '|')"
            T send-keys -t m "$1"
        fi
    done
    hangs=$((hangs + 1))
    fail "no answer to the watchdog's key within ${BOUND}s (a hang)"
    return 1
}

# quit: leaves by keys from wherever the monkey left it (prompt, help, list, confirmation),
# then checks the terminal: alternate screen off, cursor shown, mouse reports off.
quit() {
    T resize-window -t m -x 80 -y 24 >/dev/null 2>&1
    i=0
    while [ $i -lt 30 ]; do
        case $((i % 3)) in
        0) T send-keys -t m Escape ;;
        1) T send-keys -t m q ;;
        2) T send-keys -t m y ;;
        esac
        t=0
        while [ $t -lt 10 ] && [ ! -f "$W/exit.$run" ]; do
            sleep 0.05
            t=$((t + 1))
        done
        [ -f "$W/exit.$run" ] && break
        i=$((i + 1))
    done
    if ! ended; then
        fail "could not quit with Esc, q and y"
        return
    fi
    planned=$((planned + 1))
    flags=$(T display -p -t m '#{alternate_on} #{cursor_flag} #{mouse_any_flag}')
    [ "$flags" = "0 1 0" ] ||
        fail "terminal not restored: alternate_on cursor_flag mouse_any_flag = $flags"
}

# The generator: one line per tmux action, "E n" ends a batch of n events, "Q" a segment.
#   K name       a key by tmux name        L text   literal bytes (keys, mouse reports)
#   H xx xx ..   raw bytes (hex)           R w h    a resize
gen() {
    LC_ALL=C awk -v n="$EVENTS" -v seed="$SEED" -v seg="$SEGMENT" '
    function rnd() { st = (st * 16807) % 2147483647; return st / 2147483647 }
    function ri(k) { return int(rnd() * k) }
    function pick(s,   a, m) { m = split(s, a, " "); return a[ri(m) + 1] }
    function lit(s) { # send-keys -l: not starting with "-", not ending with ";"
        if (substr(s, 1, 1) == "-") s = "x" s
        if (substr(s, length(s)) == ";") s = substr(s, 1, length(s) - 1) "\\;" # tmux: ";" ends a command
        print "L " s
    }
    function coord(lim) { # mostly on screen, sometimes far off it or zero
        r = rnd()
        if (r < 0.85) return ri(lim + 3) + 1
        if (r < 0.90) return 0
        if (r < 0.95) return ri(300) + lim
        return ri(100000) + 1
    }
    function mouse(b, x, y, up) { printf "L %c[<%d;%d;%d%s\n", 27, b, x, y, (up ? "m" : "M"); ev++ }
    BEGIN {
        st = seed % 2147483646 + 1
        for (i = 0; i < 20; i++) rnd()
        cols = 80; rows = 24
        keys = "Up Down Left Right Enter Space Escape Tab BTab BSpace Home End PPage NPage IC DC F1 F2 F3 F5 F9 C-a C-b C-d C-e C-f C-k C-l C-n C-p C-r C-u C-w M-x M-[ S-Left C-Right"
        chars = "hjklhjklhjkl  uurimnfcgSOyYpP??::/;ab12345xzeGL<>+-.=AVCNDR[]{}"
        texts = "h2e2|Pháo 2 bình 5|炮二平五|B0-C2|h9g7 h0g2|../../etc/passwd|/dev/null|~/x.pgn|\\x01|new|1-0|%s%n%x|" \
                "Nguyễn Thành Bảo 王天一 ‮evil|ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd"
        ntexts = split(texts, text, "|")
        total = 0
        nextq = seg
        while (total < n) {
            ev = 0
            len = ri(60) + 1
            while (ev < len) {
                r = rnd()
                if (r < 0.30) {
                    c = substr(chars, ri(length(chars)) + 1, 1)
                    if (c == "q" && rnd() < 0.8) c = "j"
                    lit(c); ev++
                } else if (r < 0.50) {
                    print "K " pick(keys); ev++
                } else if (r < 0.503) { # quit (a confirmation may follow), or Ctrl-C
                    print "K " pick("q q q q C-c"); ev++
                } else if (r < 0.62) { # click, other buttons, modifiers
                    b = pick("0 0 0 0 1 2 4 8 16")
                    x = coord(cols); y = coord(rows)
                    mouse(b, x, y, 0); mouse(b, x, y, 1)
                } else if (r < 0.67) { # drag
                    x = coord(cols); y = coord(rows)
                    mouse(0, x, y, 0)
                    for (k = ri(4) + 1; k > 0; k--) { x = coord(cols); y = coord(rows); mouse(32, x, y, 0) }
                    mouse(0, x, y, 1)
                } else if (r < 0.72) { # wheel
                    b = pick("64 65 64 65 66 67 68 80")
                    for (k = ri(5) + 1; k > 0; k--) mouse(b, coord(cols), coord(rows), 0)
                } else if (r < 0.74) { # malformed or cut-off reports
                    m = pick("<;; <1;2 <99999999999;1;1M <0;1;1;1;1M <-1;-1;-1M <0;1 <a;b;cM <0;5;5X")
                    printf "L %c[%s\n", 27, m; ev++
                } else if (r < 0.81) { # resizes: 1x1, tiny, any, back to 80x24
                    s = rnd()
                    if (s < 0.25) { cols = 1; rows = 1 }
                    else if (s < 0.45) { cols = ri(12) + 1; rows = ri(8) + 1 }
                    else if (s < 0.75) { cols = ri(200) + 1; rows = ri(60) + 1 }
                    else { cols = 80; rows = 24 }
                    print "R " cols " " rows; ev++
                } else if (r < 0.85) { # raw bytes: C0, DEL, invalid UTF-8, C1 (not ^Z ^\ ^S ^Q)
                    line = "H"
                    for (k = ri(8) + 1; k > 0; k--) {
                        do { v = ri(256) } while (v == 26 || v == 28 || v == 19 || v == 17 || v == 3)
                        line = line sprintf(" %02x", v)
                        ev++
                    }
                    print line
                } else if (r < 0.93) { # a prompt or comment with text in it
                    print "K " pick(": : / \\; C O S L")
                    t = text[ri(ntexts) + 1]
                    lit(t); u = t; ev += gsub(/[^\200-\277]/, "", u) + 1 # characters
                    if (rnd() < 0.7) { print "K Enter"; ev++ }
                } else if (r < 0.97) { # a burst of keys in one write
                    s = ""
                    for (k = ri(60) + 10; k > 0; k--) s = s substr(chars, ri(length(chars)) + 1, 1)
                    gsub(/q/, "j", s)
                    lit(s); ev += length(s)
                } else { # help and back
                    print "K " pick("? F1"); print "K " pick("j k PPage NPage End Home"); ev += 2
                    if (rnd() < 0.5) { print "K Escape"; ev++ }
                }
            }
            total += ev
            print "E " ev
            if (total >= nextq && total < n) { print "Q"; nextq += seg }
        }
    }'
}

gen >"$W/events"
start
n=0 batch=0 mice=0 hung=0
esc=$(printf '\033')
t0=$(date +%s)
set --
while read -r kind rest; do
    case $kind in
    K) set -- "$@" send-keys -t m "$rest" \; ;;
    L) case $rest in "$esc[<"*) mice=$((mice + 1)) ;; esac
       if [ -n "$rest" ]; then set -- "$@" send-keys -t m -l "$rest" \;; else set -- "$@" send-keys -t m Space \;; fi ;;
    # shellcheck disable=SC2086
    H) set -- "$@" send-keys -t m -H $rest \; ;;
    R) set -- "$@" resize-window -t m -x "${rest% *}" -y "${rest#* }" \; ;;
    E)
        n=$((n + rest))
        batch=$((batch + 1))
        code=$((274 + batch % 3))
        name=F$((10 + batch % 3))
        if ! out=$(T "$@" send-keys -t m "$name" 2>&1); then
            tmux_errors=$((tmux_errors + 1))
            echo "tmux refused a batch (batch $batch): $out"
            T has-session -t m 2>/dev/null || { fail "the tmux server died"; break; }
        fi
        set --
        if ended; then
            unplanned=$((unplanned + 1))
            start
        elif ! probe "$name" "$code"; then
            hung=1
            break
        elif ended; then
            unplanned=$((unplanned + 1))
            start
        fi
        [ $((batch % 50)) -eq 0 ] &&
            echo "  $n events, $((planned + unplanned)) exits, $(($(date +%s) - t0)) s, mode $cur_mode"
        ;;
    Q)
        quit
        start
        ;;
    esac
    [ "$fails" -gt 3 ] && break
done <"$W/events"

[ "$hung" = 1 ] || quit
t1=$(date +%s)
san=$(find "$W/san" -type f | wc -l)
if [ "$san" -gt 0 ]; then
    for f in "$W"/san/*; do
        fail "sanitizer report $f: $(head -n 60 "$f")"
    done
fi
T kill-server >/dev/null 2>&1
echo "monkey: $n events ($mice mouse reports) in $((t1 - t0)) s, seed $SEED; $run program runs ($planned quit by keys, $unplanned other exits); $crashes crashes, $san sanitizer reports, $hangs hangs; $probes_resent probes resent, $tmux_errors tmux errors"
[ "$fails" -eq 0 ] && [ "$tmux_errors" -eq 0 ]
