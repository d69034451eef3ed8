#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_coup_line -- cờ úp in plain lines (`cotuong play --variant coup --line`): a whole game
# of the computer against ai:1 to its end (English), a whole game of a person against ai:1
# piped in move by move (Vietnamese; the person's moves are the program's own hints, read back
# from its output), a hot-seat game whose first move is worded by hand. Every byte written is
# printable text or a newline; a reveal is told in words ("Red: Cannon 2 traverses to 5,
# reveals ..." / "Đỏ: Pháo 2 bình 5, lật ..."); and nothing a player may not know reaches the
# player: the resume file of a game in progress holds no deal, no seed and no reveal that was
# not told; the board shows each face-down piece as X or x and nothing else; a face-down piece
# the computer takes from you is "?" to you. The deal is written only once the game is over.
set -u
ct="$COTUONG"
fails=0 n=0
tmp=$(mktemp -d) || exit 1
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state"
unset LANGUAGE LC_ALL LC_MESSAGES
export LANG=C.UTF-8
resume="$XDG_STATE_HOME/cotuong/resume.pgn"
games="$XDG_DATA_HOME/cotuong/games"

ok() { n=$((n + 1)); echo "ok $n - $1"; }
no() { n=$((n + 1)); echo "not ok $n - $1"; fails=$((fails + 1)); }
has() { if grep -F -x -q -- "$3" "$2"; then ok "$1"; else no "$1: no line '$3' in:"; sed 's/^/    | /' "$2" | head -n 40; fi; }
lacks() { if grep -F -q -- "$3" "$2"; then no "$1: '$3' in $2"; else ok "$1"; fi; }
same() { if [ "$2" = "$3" ]; then ok "$1"; else no "$1: expected [$2], got [$3]"; fi; }
plain() {
    bad=$(LC_ALL=C tr -d -c '\000-\011\013-\037\177' <"$2" | wc -c)
    c1=$(grep -c -P '[\x{80}-\x{9f}]' "$2")
    if [ "$bad" -eq 0 ] && [ "$c1" -eq 0 ] && iconv -f UTF-8 -t UTF-8 "$2" >/dev/null 2>&1; then
        ok "$1: only printable text and newlines ($(wc -l <"$2") lines)"
    else
        no "$1: $bad control bytes, $c1 C1 controls"
    fi
}
# board_ok NAME FILE: every board in FILE (the 10 rank lines after "  a b c ...") shows
# face-down pieces as X/x only: a rank is a digit then nine of . X x K A E H R C P (either
# case), and no more face-up letters than reveals told before it.
board_ok() {
    awk -v name="$1" '
        /, (reveals|lật) / { told++ }
        /^  a b c d e f g h i$/ { rows = 10; up = 0; next }
        rows > 0 {
            rows--
            if ($0 !~ /^[0-9]( [.XxKkAaEeHhRrCcPp])+$/ || length($0) != 19) { print "bad rank: " $0; bad++ }
            line = substr($0, 2); gsub(/[ .XxKk]/, "", line); up += length(line)
            if (rows == 0 && up > told) { print "face-up letters " up " > reveals told " told; bad++ }
        }
        END { exit bad > 0 }' "$2" && ok "$1" || no "$1"
}

echo "# the computer against ai:1, a whole game, English"
"$ct" play --variant coup --seed 11 --red ai:3 --black ai:1 --line --lang en </dev/null >"$tmp/aa" 2>"$tmp/aa.err"
same "exit status 0 at the end of the game" 0 $?
plain "computer game" "$tmp/aa"
same "nothing on stderr" "" "$(cat "$tmp/aa.err")"
if grep -q -E '^(Red wins|Black wins|Draw)' "$tmp/aa"; then ok "the game ends with a result"; else no "no result"; fi
if grep -q -E '^(Red|Black): [A-Za-z ]+ [0-9]+( [a-z ]+ [0-9]+)?, reveals (Advisor|Elephant|Horse|Rook|Cannon|Pawn)[,.]' "$tmp/aa"
then ok "a reveal told in English"; else no "no reveal told in English"; fi
saved=$(ls "$games"/*.pgn 2>/dev/null | head -n 1)
if [ -n "$saved" ]; then ok "the finished game is saved"; else no "the finished game is not saved"; saved=/dev/null; fi
has "its variant tag" "$saved" '[Variant "Jieqi"]'
has "its seed (after the game)" "$saved" '[CoupSeed "11"]'
if grep -q -E '^\[CoupDeal "[ABNRCP]{15}/[abnrcp]{15}"\]$' "$saved"; then ok "its deal (after the game)"; else no "no CoupDeal in $saved"; fi
same "as many reveals in the record as told" "$(grep -c ', reveals ' "$tmp/aa")" \
    "$(sed '/^\[/d' "$saved" | tr ' ' '\n' | grep -c '=')"
rm -f "$games"/*.pgn

echo "# hot-seat, the first move worded by hand"
# P2-5: Red's cannon on h2 (file 2 from Red's right) goes sideways to e2 (file 5): "Cannon 2
# traverses to 5"; it was face down, so its identity is told. Then both resign... Red resigns.
printf '%s\n' board P2-5 board resign | "$ct" play --variant coup --seed 5 --line --lang en >"$tmp/hs" 2>&1
plain "hot-seat game" "$tmp/hs"
if grep -q -E '^Red: Cannon 2 traverses to 5, reveals (Advisor|Elephant|Horse|Rook|Cannon|Pawn)\.$' "$tmp/hs"
then ok "the reveal in English words"; else no "no 'Red: Cannon 2 traverses to 5, reveals ...' in:"; cat "$tmp/hs"; fi
has "the start board: rank 9" "$tmp/hs" "9 x x x x k x x x x"
has "the start board: rank 0" "$tmp/hs" "0 X X X X K X X X X"
has "the legend" "$tmp/hs" "X, x: a face-down piece of Red, of Black; it moves as the piece of its square."
has "nothing taken yet" "$tmp/hs" "Red has taken nothing."
board_ok "hot-seat boards show no face-down identity" "$tmp/hs"
letter=$(sed -n 's/^Red: Cannon 2 traverses to 5, reveals \([A-Za-z]*\)\.$/\1/p' "$tmp/hs")
case $letter in Advisor) l=A ;; Elephant) l=E ;; Horse) l=H ;; Rook) l=R ;; Cannon) l=C ;; Pawn) l=P ;; *) l='?' ;; esac
has "the revealed piece stands on e2" "$tmp/hs" "2 . X . . $l . . . ."
saved=$(ls "$games"/*.pgn 2>/dev/null | head -n 1)
# h2 is Red's 10th dealt square (back rank a..i without the king, then b2, h2): the deal
# the record keeps after the game says the same identity as the words did.
deal=$(sed -n 's/^\[CoupDeal "\(.*\)"\]$/\1/p' "${saved:-/dev/null}")
[ "$l" = E ] && l=B
[ "$l" = H ] && l=N
same "the record's deal agrees with the reveal told" "$l" "$(printf '%s' "$deal" | cut -c10)"
rm -f "$games"/*.pgn "$resume"

echo "# a game saved while it goes on: the moves and their reveals, no deal"
printf '%s\n' P2-5 h9g7 "save $tmp/inplay.pgn" | "$ct" play --variant coup --seed 5 --line --lang en >"$tmp/sv" 2>&1
same "the input ended first: exit 3" 3 $?
has "saved" "$tmp/sv" "Saved to $tmp/inplay.pgn"
has "its variant" "$tmp/inplay.pgn" '[Variant "Jieqi"]'
lacks "no deal in it" "$tmp/inplay.pgn" "CoupDeal"
lacks "no seed in it" "$tmp/inplay.pgn" "CoupSeed"
if grep -q -E '^1\. h2e2=[ABNRCP] h9g7(=[ABNRCP])? \*$' "$tmp/inplay.pgn"; then ok "the moves with their reveals"
else no "the movetext:"; cat "$tmp/inplay.pgn"; fi
rm -f "$resume"

echo "# a person against ai:1, piped move by move, Vietnamese"
mkfifo "$tmp/in" "$tmp/out" || exit 1
"$ct" play --variant coup --seed 21 --black ai:1 --line --lang vi <"$tmp/in" >"$tmp/out" 2>"$tmp/vi.err" &
pid=$!
# A watchdog: the game may not outlast 480 s (it ends with the program).
( i=0
  while [ "$i" -lt 480 ] && kill -0 "$pid" 2>/dev/null; do sleep 1; i=$((i + 1)); done
  kill "$pid" 2>/dev/null ) >/dev/null 2>&1 &
exec 3>"$tmp/in"
exec 4<"$tmp/out"
reds=0 ended=0 looking=0 mid=0
while IFS= read -r line <&4; do
    printf '%s\n' "$line" >>"$tmp/vi"
    case $line in
    "Đỏ đi.")
        if [ "$looking" -eq 1 ]; then looking=0; continue; fi # the end of a board asked
        [ "$ended" -eq 1 ] && continue
        reds=$((reds + 1))
        if [ "$reds" -eq 12 ] && [ "$mid" -eq 0 ]; then
            # In the middle of the game: what the player's files and board say.
            mid=1 looking=1
            cp "$resume" "$tmp/mid.pgn" 2>/dev/null
            cp "$tmp/vi" "$tmp/vi.mid"
            echo board >&3
        fi
        if [ "$reds" -gt 150 ]; then echo resign >&3; else echo hint >&3; fi ;;
    "Gợi ý: "*)
        mv=$(printf '%s\n' "$line" | sed -n 's/.*(\([a-i][0-9][a-i][0-9]\))\.$/\1/p')
        echo "${mv:-resign}" >&3 ;;
    "Đỏ thắng"*|"Đen thắng"*|"Hòa"*)
        if [ "$ended" -eq 0 ]; then ended=1; echo board >&3; echo quit >&3; fi ;;
    esac
done
exec 3>&- 4<&-
wait "$pid"
rc=$?
pid=
same "exit status 0" 0 "$rc"
same "the game reached its end" 1 "$ended"
plain "Vietnamese game" "$tmp/vi"
same "nothing on stderr" "" "$(cat "$tmp/vi.err")"
if grep -q -E '^Đỏ: (Xe|Mã|Tượng|Sĩ|Pháo|Tốt) [0-9] (tiến|thoái|bình) [0-9], lật (Xe|Mã|Tượng|Sĩ|Pháo|Tốt)[,.]' "$tmp/vi"
then ok "a reveal told in Vietnamese (Đỏ: ... lật ...)"; else no "no Vietnamese reveal"; fi
if grep -q -E '^Đen: .*, lật ' "$tmp/vi"; then ok "the computer's reveals told too"; else no "no reveal by Black"; fi
board_ok "the boards show no face-down identity" "$tmp/vi"
if grep -q '^Đen: .*, ăn một quân úp' "$tmp/vi"; then
    if grep -q -E '^Đen đã ăn: .*\?' "$tmp/vi"; then ok "your face-down piece taken by the computer is '?'"
    else no "your face-down piece taken: no '?' in what Black has taken"; fi
else
    ok "# the computer took no face-down piece in this game (skip)"
fi
if [ -s "$tmp/mid.pgn" ]; then
    lacks "the resume file in play: no deal" "$tmp/mid.pgn" "CoupDeal"
    lacks "the resume file in play: no seed" "$tmp/mid.pgn" "CoupSeed"
    has "the resume file in play: the variant" "$tmp/mid.pgn" '[Variant "Jieqi"]'
    # Its reveals are exactly the reveals told so far, in order.
    told=$(sed -n 's/^\(Đỏ\|Đen\): .*, lật \([^ ,.]*\).*/\2/p' "$tmp/vi.mid" |
        sed 's/^Xe$/R/; s/^Mã$/N/; s/^Tượng$/B/; s/^Sĩ$/A/; s/^Pháo$/C/; s/^Tốt$/P/' | tr -d '\n')
    inres=$(sed -n 's/^\[CoupLine "\(.*\)"\]$/\1/p' "$tmp/mid.pgn" | tr ' ' '\n' | sed -n 's/^....=//p' | tr -d '\n')
    same "the resume file's reveals are the ones told" "$told" "$inres"
else
    no "no resume file in the middle of the game"
fi
saved=$(ls "$games"/*.pgn 2>/dev/null | head -n 1)
if [ -n "$saved" ] && grep -q '^\[CoupDeal ' "$saved"; then ok "the deal is written once the game is over"
else no "the finished game has no deal"; fi

echo "# from a FEN: Red's rook up on e4, h0 empty (Red's pool R1); the rest dealt from the pool"
fen='xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4R4/X1X1X1X1X/1X5X1/9/XXXXKXX1X A2B2N2R1C2P5a2b2n2r2c2p5 w - - 0 1'
printf 'board\nh2e2\nmoves\nquit\n' | "$ct" play --variant coup --seed 4 --fen "$fen" --line --lang en >"$tmp/f1" 2>&1
same "--fen with cờ úp: it plays" 0 $?
has "the board is the FEN's" "$tmp/f1" "4 . . . . R . . . ."
has "h0 empty" "$tmp/f1" "0 X X X X K X X . X"
has "the FEN of what Red sees, as given" "$tmp/f1" "FEN of what you see: $fen"
if grep -q -E '^Red: Cannon 2 traverses to 5, reveals (Advisor|Elephant|Horse|Rook|Cannon|Pawn)\.$' "$tmp/f1"; then
    ok "the reveal dealt from the pool"; else no "no reveal told"; sed 's/^/    | /' "$tmp/f1" | tail -n 20; fi
same "the same seed, the same deal" "$(grep '^1\. ' "$tmp/f1")" "$(printf 'h2e2\nmoves\nquit\n' | "$ct" play --variant coup --seed 4 --fen "$fen" --line --lang en 2>&1 | grep '^1\. ')"
printf 'board\nquit\n' | "$ct" play --line --resume --lang en >"$tmp/f3" 2>&1
has "resumed from its FEN start" "$tmp/f3" "4 . . . . R . . . ."

echo "# refused"
"$ct" play --variant coup --fen '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1' --line </dev/null >"$tmp/r1" 2>&1
same "a cờ úp FEN whose kings face each other: exit 2" 2 $?
has "... the reason" "$tmp/r1" "cotuong: bad cờ úp FEN (field 0): Black is in check but it is not its move"
"$ct" play --variant coup --fen 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4X4/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1' --line </dev/null >"$tmp/r3" 2>&1
same "a face-down piece off its starting squares: exit 2" 2 $?
has "... named" "$tmp/r3" "cotuong: bad cờ úp FEN (field 1): a face-down piece of Red on e4, not one of its starting squares (a face-down piece has never moved)"
"$ct" play --fen 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P4a2b2n2r2c2p5 w - - 0 1' --variant coup --line </dev/null >"$tmp/r4" 2>&1
same "a pool that does not hold the face-down pieces (--variant after --fen): exit 2" 2 $?
has "... named" "$tmp/r4" "cotuong: bad cờ úp FEN (field 2): Red has 15 face-down pieces, more than the pool holds (the field after the board, e.g. A2B2N2R2C2P5a2b2n2r2c2p5)"
"$ct" play --fen 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4R4/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1' --variant coup --line </dev/null >"$tmp/r5" 2>&1
same "three rooks: exit 2" 2 $?
has "... named" "$tmp/r5" "cotuong: bad cờ úp FEN (field 2): Red has 3 rooks face up and in the pool, more than a set has"
"$ct" play --variant xyz --line </dev/null >"$tmp/r2" 2>&1
same "an unknown variant: exit 2" 2 $?
has "an unknown variant: the reason" "$tmp/r2" "cotuong: unknown variant 'xyz' (standard, coup)"

echo "1..$n"
[ "$fails" -eq 0 ]
