#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_hostile.sh -- hostile text never reaches the terminal, and never a PGN cotuong writes.
# Files of our own making hold OSC (title), CSI (clear, colour), DCS, C1 controls in UTF-8,
# a lone ESC, BEL, overlong UTF-8, surrogates and bidi overrides, in tags, comments, moves
# and the file name itself; every command (convert, judge, analyse, diagram, moves, match,
# uci echo, review) is run to a pseudo-terminal (script -qc) and to a file. Then LANG=C:
# the screen gets ASCII ("Phao 2 binh 5", WXF for Chinese, "<?>" for Hán names) while
# files stay UTF-8.
: "${COTUONG:?COTUONG must name the program}"
command -v script >/dev/null 2>&1 || { echo "script(1) (bsdutils) not installed"; exit 77; }
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }
export LANG=C.UTF-8 LC_ALL=C.UTF-8

# Bytes that drive a terminal: ESC, BEL, and C1 controls (raw 0x80-0x9f or as UTF-8 C2 80-9F).
dirty() { # FILE: true when it holds any of them
    LC_ALL=C grep -q "$(printf '\033')\|$(printf '\007')\|$(printf '\302')[$(printf '\200')-$(printf '\237')]" "$1" 2>/dev/null
}
# on a pty: script writes what the program wrote; the only CR is the terminal's own
on_pty() { # OUT CMD...
    out=$1
    shift
    script -qec "$*" /dev/null >"$out" 2>&1 </dev/null
}

# 1. The hostile files. C0 escapes in tags and comments...
printf '[Event "\033]0;pwned\007Cup\033[2J"]\n[Red "\033[31mEvil\033[0m"]\n[Black "lone \033 esc \007bel"]\n' >"$T/c0.pgn"
printf '{\033P+q6e616d65\033\\ dcs \033[31mred}\n1. h2e2 {\033]0;title\007 \033[2J\033[H} h9g7 *\n' >>"$T/c0.pgn"
# ...and UTF-8 ones: C1 CSI (U+009B) and OSC (U+009D), bidi overrides (U+202E, U+2066),
# an overlong '/', a surrogate, U+2028.
printf '[Event "\302\2332J\302\2350;pwned\302\234"]\n[Red "\342\200\256evil\342\201\246"]\n' >"$T/utf8.pgn"
printf '[Black "x\300\257y\355\240\200z\342\200\250w"]\n1. h2e2 {\302\23331m\342\200\256} h9g7 *\n' >>"$T/utf8.pgn"
# a move that is no move, holding a CSI: refused, and the error shows the token harmlessly
printf '[Event "x"]\n1. h2e2 \302\2332J *\n' >"$T/badmove.pgn"
# the file name itself
name=$(printf 'e\033]0;pwned\007vil.pgn')
cp "$T/c0.pgn" "$T/$name"

# 2. Each command, to a pty and to a file.
for f in c0 utf8 badmove; do
    on_pty "$T/conv-$f.tty" "$COTUONG" convert "$T/$f.pgn"
    dirty "$T/conv-$f.tty" && bad "convert $f.pgn: escape on the terminal: $(od -c "$T/conv-$f.tty" | head -n 3)" ||
        ok "convert $f.pgn to a pty: clean"
    "$COTUONG" convert "$T/$f.pgn" >"$T/conv-$f.pgn" 2>"$T/conv-$f.err"
    dirty "$T/conv-$f.pgn" && bad "convert $f.pgn: escape in the written PGN" || ok "convert $f.pgn to a file: clean PGN"
    on_pty "$T/judge-$f.tty" "$COTUONG" judge "$T/$f.pgn"
    dirty "$T/judge-$f.tty" && bad "judge $f.pgn: escape on the terminal" || ok "judge $f.pgn to a pty: clean"
    on_pty "$T/an-$f.tty" "$COTUONG" analyse --depth 1 "$T/$f.pgn"
    dirty "$T/an-$f.tty" && bad "analyse $f.pgn: escape on the terminal: $(od -c "$T/an-$f.tty" | head -n 3)" ||
        ok "analyse $f.pgn to a pty: clean"
    "$COTUONG" analyse --depth 1 "$T/$f.pgn" >"$T/an-$f.out" 2>&1
    dirty "$T/an-$f.out" && bad "analyse $f.pgn: escape in its output file" || ok "analyse $f.pgn to a file: clean"
done
grep -qF ']0;pwned' "$T/conv-c0.tty" && grep -qF 'Cup' "$T/conv-c0.tty" &&
    ok "the neutralised text is still shown" || bad "the tag text is lost: $(cat "$T/conv-c0.tty")"
grep -qF "'" "$T/conv-badmove.err" && grep -qF 'game 1, move 1 (Black)' "$T/conv-badmove.err" &&
    ok "the bad move is named: $(cat "$T/conv-badmove.err")" || bad "bad move message: $(cat "$T/conv-badmove.err")"
on_pty "$T/name.tty" "$COTUONG" judge "'$T/$name'" "$T/missing$(printf '\033[2J').pgn"
dirty "$T/name.tty" && bad "a file name drove the terminal" || ok "hostile file names on a pty: $(tail -n 1 "$T/name.tty" | tr -d '\r')"
# diagram and moves: a hostile FEN argument ends in an error on the terminal
on_pty "$T/diag.tty" "$COTUONG" diagram --fen "'$(printf 'rnb\033]0;x\007akabnr/9 w')'"
dirty "$T/diag.tty" && bad "diagram: escape on the terminal" || ok "diagram bad FEN to a pty: $(tr -d '\r' <"$T/diag.tty" | head -n 1)"
on_pty "$T/moves.tty" "$COTUONG" moves --fen "'$(printf '\302\2332J\033[31m;x')'"
dirty "$T/moves.tty" && bad "moves: escape on the terminal" || ok "moves bad FEN to a pty: $(tr -d '\r' <"$T/moves.tty" | head -n 1)"
# uci echoes unknown commands, options and moves
printf 'uci\n\033]0;pwned\007\nsetoption name \033[2J value 1\nposition startpos moves \302\233x\nquit\n' >"$T/uci.in"
script -qec "$COTUONG uci <'$T/uci.in'" /dev/null >"$T/uci.tty" 2>&1
dirty "$T/uci.tty" && bad "uci echo: escape on the terminal: $(od -c "$T/uci.tty" | grep -m1 033)" ||
    ok "uci echo to a pty: $(grep -c 'info string' "$T/uci.tty") info strings, clean"
"$COTUONG" uci <"$T/uci.in" >"$T/uci.out" 2>&1
dirty "$T/uci.out" && bad "uci echo: escape in its output" || ok "uci echo to a file: clean"
# match: PGN written from a game whose engine is named with escapes (see e2e_engines.sh)
if [ -n "${TEST_DATA_DIR:-}" ] && [ -f "$TEST_DATA_DIR/engines/fake-engine.sh" ]; then
    on_pty "$T/match.tty" timeout 60 "$COTUONG" match --p1 ai:1 --p2 "'uci:sh $TEST_DATA_DIR/engines/fake-engine.sh escape'" \
        --games 1 --movetime 10 --pgn "$T/match.pgn"
    dirty "$T/match.tty" && bad "match: escape on the terminal" || ok "match to a pty: clean"
    dirty "$T/match.pgn" && bad "match: escape in the PGN" || ok "match --pgn: clean PGN"
fi

# 3. LANG=C: the screen gets ASCII, files stay UTF-8.
printf '[Red "\347\216\213\345\244\251\344\270\200 Nguy\341\273\205n"]\n1. \347\202\256\344\272\214\345\271\263\344\272\224 *\n' >"$T/names.pgn"
LC_ALL=C LANG=C script -qec "$COTUONG moves --notation vi-long" /dev/null >"$T/vi.tty" 2>&1
grep -q '^Phao 2 binh 5' "$T/vi.tty" && ! LC_ALL=C grep -q "$(printf '[\200-\377]')" "$T/vi.tty" &&
    ok "LANG=C moves vi-long: $(grep -m1 'Phao' "$T/vi.tty" | tr -d '\r')" || bad "LANG=C vi-long: $(head -n 3 "$T/vi.tty")"
LC_ALL=C LANG=C script -qec "$COTUONG moves --notation zh" /dev/null >"$T/zh.tty" 2>&1
grep -q '^C2\.5' "$T/zh.tty" && ok "LANG=C moves zh falls back to WXF: $(grep -m1 'C2' "$T/zh.tty" | tr -d '\r')" ||
    bad "LANG=C zh: $(head -n 3 "$T/zh.tty")"
LC_ALL=C LANG=C script -qec "$COTUONG convert --to vi '$T/names.pgn'" /dev/null >"$T/names.tty" 2>&1
grep -qF '[Red "<?> Nguyen"]' "$T/names.tty" && ok "LANG=C name: $(grep Red "$T/names.tty" | tr -d '\r')" ||
    bad "LANG=C name: $(cat "$T/names.tty")"
LC_ALL=C LANG=C "$COTUONG" convert --to vi-long "$T/names.pgn" >"$T/names.out"
grep -qF "$(printf 'Nguy\341\273\205n')" "$T/names.out" && grep -qF "$(printf 'Ph\303\241o')" "$T/names.out" &&
    ok "LANG=C to a file: UTF-8 kept" || bad "LANG=C file: $(cat "$T/names.out")"
exit $fail
