#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# fake-analyst.sh MODE -- a UCI engine with scripted scores, for tests/e2e_analyse.sh over
# tests/data/review/blunder.pgn (1. H2-E2 H9-G7 2. I0-I1 B7-B3 3. I1-B1). Before 3. I1-B1 it
# prefers h0g2 (cp 72, fairy-stockfish's +0.72 there) and scores I1-B1, searched alone with
# searchmoves, at cp -451 (fairy-stockfish's -4.51 after it; then a bound line at cp 60 as an
# unfinished iteration's, which must not count); elsewhere the game's next move
# is its choice at cp 20. MODE:
#   good      as above
#   mate      I1-B1 is mated in 2 (score mate -2)
#   small     an engine of small centipawns: h0g2 at cp 45, I1-B1 at cp 0
#   won       a game already won: h0g2 at cp 600, I1-B1 at cp 400
#   die       exits at its fourth go
#   hang      never answers its fourth go (but stays alive)
#   nonsense  answers its fourth go with a move that is not legal
#   noscore   answers its fourth go without any score line
#   ignore    ignores searchmoves (answers h0g2 to every go before 3. I1-B1)
mode=${1:?usage: fake-analyst.sh MODE}
game="h2e2 h9g7 i0i1 b7b3 i1b1"
pos=""
gos=0
while read -r line; do
    case $line in
        uci) printf 'id name fake analyst\noption name Hash type spin default 16 min 1 max 1024\nuciok\n' ;;
        isready) printf 'readyok\n' ;;
        quit) exit 0 ;;
        "position startpos"*)
            pos=${line#position startpos}
            pos=${pos# moves} ;;
        go*)
            gos=$((gos + 1))
            if [ "$gos" -eq 4 ]; then
                case $mode in
                    die) exit 3 ;;
                    hang) continue ;;
                    nonsense) printf 'info depth 5 score cp 10\nbestmove a0a9\n'; continue ;;
                    noscore) printf 'bestmove b7b3\n'; continue ;;
                esac
            fi
            only=""
            case $line in *searchmoves*) only=${line##*searchmoves } ;; esac
            [ "$mode" = ignore ] && only=""
            # the moves played so far: the next one of the game is the choice
            set -- $pos
            n=$#
            next=$(echo "$game" | cut -d' ' -f$((n + 1)))
            best=72 played=-451
            [ "$mode" = small ] && best=45 played=0
            [ "$mode" = won ] && best=600 played=400
            if [ "$n" -eq 4 ] && [ -z "$only" ]; then
                printf 'info depth 9 score cp %s nodes 100 pv h0g2\nbestmove h0g2\n' "$best"
            elif [ "$n" -eq 4 ] && [ "$mode" = mate ]; then
                printf 'info depth 9 score mate -2 nodes 100 pv %s\nbestmove %s\n' "$only" "$only"
            elif [ "$n" -eq 4 ]; then
                # the last line a bound of an unfinished iteration: the exact score counts
                printf 'info depth 9 score cp %s nodes 100 pv %s\n' "$played" "$only"
                printf 'info depth 10 score cp 60 upperbound nodes 150 pv %s\nbestmove %s\n' "$only" "$only"
            else
                [ -n "$only" ] && next=$only
                [ -n "$next" ] || next=a0a1
                printf 'info depth 9 score cp 20 nodes 100 pv %s\nbestmove %s\n' "$next" "$next"
            fi ;;
    esac
done
