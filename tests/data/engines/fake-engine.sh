#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# fake-engine.sh MODE -- an engine that misbehaves, for tests/e2e_engines.sh. It is the
# built-in AI (`$COTUONG uci`) with its output passed through a filter that, from the
# third `bestmove` on, does what MODE says:
#   garbage  every answer is preceded by binary junk and terminal escapes (still legal)
#   flood    200,000 info lines, then the move
#   silent   never answers again (but stays alive)
#   illegal  answers a move that is not legal
#   crash    exits in the middle of the game
#   closein  closes its standard input and sleeps (the next write to it fails)
#   escape   names itself with an OSC title sequence and a CSI clear (id name)
mode=${1:?usage: fake-engine.sh MODE}
: "${COTUONG:?COTUONG must name the program}"

if [ "$mode" = closein ]; then
    # Answers the handshake, then stops reading: our writes get EPIPE. Its stdin is closed
    # before readyok, so that the position and go sent after it can never sit unread in
    # the pipe (under load they did, and the match saw a silent engine, not a closed one).
    while read -r line; do
        case $line in
            uci) printf 'id name closein\nuciok\n' ;;
            isready) exec 0<&-; printf 'readyok\n'; sleep 30; exit 0 ;;
        esac
    done
    exit 0
fi

# mawk reads its input in blocks unless told the stream is interactive
awk=awk
awk -W version 2>/dev/null | grep -q mawk && awk="awk -W interactive"
"$COTUONG" uci | $awk -v mode="$mode" '
    /^id name / && mode == "escape" {
        printf "id name \033]0;pwned\007\033[2J\033[31mEvil\302\233\n"; fflush(); next
    }
    /^bestmove / {
        n++
        if (n >= 3 && mode == "garbage") {
            printf "\001\002\377\376 \033[2J\033]0;x\007 info score cp 99999999999999\n"
            printf "bestmovex\ninfo score mate -999999999\ninfo score \ninfo\n\n\r\n%s\n", "\033P+q\033\\"
        }
        if (n >= 3 && mode == "flood")
            for (i = 0; i < 200000; i++) printf "info depth %d score cp %d nodes %d\n", i % 64, i % 300, i
        if (n >= 3 && mode == "silent") { silent = 1 }
        if (n >= 3 && mode == "illegal") { print "bestmove a0a9"; fflush(); next }
        if (n >= 3 && mode == "crash") { system("kill -KILL 0") }  # the whole process group
    }
    silent { next }
    { print; fflush() }
'
