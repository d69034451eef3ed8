#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# cotuong e2e — the command line of the rules core: perft, moves, --help, --version, and clear
# errors (non-zero exit, a message, no crash) for bad arguments and FENs. Counts: spec §7.
set -u
fail=0
check() { # check NAME EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected [$2], got [$3]"; fail=1; fi
}
ct="$COTUONG"
# The user's settings (a language chosen there) must not decide what these checks see.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state"

check "perft 3 from the start" "nodes 79666" "$("$ct" perft 3 2>/dev/null)"
out=$("$ct" perft --divide 2 2>/dev/null)
check "divide: 44 root lines + total" 45 "$(printf '%s\n' "$out" | wc -l)"
check "divide: last line" "nodes 1920" "$(printf '%s\n' "$out" | tail -n 1)"
check "divide: h2e2 line (spec B1 d1)" "h2e2 45" "$(printf '%s\n' "$out" | grep '^h2e2 ')"
check "divide: counts add up" 1920 "$(printf '%s\n' "$out" | head -n 44 | awk '{s+=$2} END {print s}')"
check "perft --fen T6" "nodes 1278" "$("$ct" perft --fen '5k3/9/R3c4/9/9/9/4P4/2N6/9/r1C1K4 w - - 0 1' 3 2>/dev/null)"
check "perft --fen= form" "nodes 59" "$("$ct" perft --fen='5k3/9/R3c4/9/9/9/4P4/2N6/9/r1C1K4 w - - 0 1' 2 2>/dev/null)"
check "time goes to stderr" 1 "$("$ct" perft 2 2>&1 >/dev/null | grep -c 'nodes/s')"
check "moves T6" "a7e7 c2e1 e0d0" "$("$ct" moves --fen '5k3/9/R3c4/9/9/9/4P4/2N6/9/r1C1K4 w - - 0 1' | sort | tr '\n' ' ' | sed 's/ $//')"
check "moves from the start" 44 "$("$ct" moves | wc -l)"
check "moves at mate: none" 0 "$("$ct" moves --fen 'R3k4/1R7/9/9/9/9/p8/9/9/3K5 b - - 0 1' | wc -l)"

"$ct" --help | grep -q '^Usage: cotuong' && echo "ok: --help" || { echo "FAIL: --help"; fail=1; }
# --help speaks the locale's language: Vietnamese under vi_VN (the build tree's catalogue),
# pure ASCII English under LANG=C (cờ tướng becomes co tuong).
lang_help() { # lang_help LANG ARGS...
    l=$1; shift
    env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG="$l" "$ct" "$@"
}
check "--help in Vietnamese" 1 "$(lang_help vi_VN.UTF-8 --help | grep -c '^Cách dùng: cotuong \[LỆNH\]')"
check "--help in Vietnamese: the commands too" 1 "$(lang_help vi_VN.UTF-8 --help | grep -c '^  play     chơi một ván')"
check "review --help in Vietnamese" 1 "$(lang_help vi_VN.UTF-8 review --help | grep -c '^Cách dùng: cotuong review')"
check "unknown command in Vietnamese" 1 "$(lang_help vi_VN.UTF-8 frob 2>&1 | grep -c "không có lệnh 'frob'")"
check "--help under LANG=C: English" 1 "$(lang_help C --help | grep -c '^Play co tuong (xiangqi')"
check "--help under LANG=C: ASCII only" 0 "$(lang_help C --help | LC_ALL=C tr -d '\n -~' | wc -c)"
for c in $("$ct" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p'); do
    check "$c --help under LANG=C: ASCII only" 0 "$(lang_help C "$c" --help 2>&1 | LC_ALL=C tr -d '\n -~' | wc -c)"
done
# Every help fits an 80-column terminal, in both languages (wc -L counts columns in the
# UTF-8 locale); the option table wraps a long entry or a translation at spaces.
for l in C.UTF-8 vi_VN.UTF-8; do
    check "--help under $l: no line past 79 columns" 1 "$(lang_help "$l" --help | LC_ALL=C.UTF-8 wc -L | awk '{print ($1 <= 79)}')"
    for c in $("$ct" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p'); do
        check "$c --help under $l: no line past 79 columns" 1 "$(lang_help "$l" "$c" --help 2>&1 | LC_ALL=C.UTF-8 wc -L | awk '{print ($1 <= 79)}')"
    done
done
"$ct" --version | grep -Eq '^cotuong [0-9]+\.[0-9]+' && echo "ok: --version" || { echo "FAIL: --version"; fail=1; }

# Bad input: exit status 2, a message on stderr, nothing on stdout, no crash.
bad() { # bad NAME WORD ARGS...
    name=$1 word=$2; shift 2
    err=$("$ct" "$@" 2>&1 >/dev/null); rc=$?
    if [ $rc -eq 2 ] && printf '%s' "$err" | grep -q -- "$word"; then echo "ok: $name"
    else echo "FAIL: $name: rc=$rc stderr=[$err]"; fail=1; fi
}
bad "perft without depth" "DEPTH" perft
bad "perft bad depth" "depth" perft x
bad "perft negative depth" "depth" perft -1
bad "perft huge depth" "depth" perft 99
bad "perft bad FEN names the field" "field 1" perft --fen 'rnbakabnr/9/9 w - - 0 1' 1
bad "perft FEN missing" "needs an argument (FEN)" perft --fen
bad "moves bad side" "field 2" moves --fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1'
bad "unknown command" "unknown command" frobnicate
# Item-5 defects of issue 21. --lang before --help is the language of the main help.
check "--lang vi --help: the main help in Vietnamese" 1 "$("$ct" --lang vi --help | grep -c '^Cách dùng: cotuong \[LỆNH\]')"
# A language without a catalogue is said on stderr, with the languages there are.
check "--lang fr: said, with the languages" 1 "$("$ct" --lang fr --help 2>&1 >/dev/null | grep -c "no language 'fr' (the languages are: en, vi)")"
check "review --lang fr: said too" 1 "$("$ct" review --lang fr --help 2>&1 >/dev/null | grep -c "no language 'fr'")"
# uci --book refuses a file that is no book.
bin=$(mktemp) empty=$(mktemp)
head -c 600 "$ct" > "$bin"
bad "uci --book on a binary file" "binary data, not an opening book" uci --book "$bin"
bad "uci --book on an empty file" "no book line" uci --book "$empty"
# The same bad file gets the same words from every command that reads games.
for c in convert judge opening analyse review; do
    check "$c: a binary file" 1 "$("$ct" $c "$bin" 2>&1 </dev/null | grep -c 'binary data, not a PGN or XQF file')"
    check "$c: an empty file" 1 "$("$ct" $c "$empty" 2>&1 </dev/null | grep -c ': no game in this file$')"
done
# opening: a game without moves has no opening.
printf '[Event "x"]\n\n*\n' > "$empty"
check "opening of a game without moves" "- no moves" "$("$ct" opening "$empty" 2>&1)"
rm -f "$bin" "$empty"
# The man page: one command per SYNOPSIS line, no literal backslash in the text.
man=$(cd "$(dirname "$ct")/.." && pwd)/man/cotuong.6
if [ -f "$man" ] && command -v man >/dev/null 2>&1; then
    page=$(MANWIDTH=200 man -l "$man" 2>/dev/null)
    check "man: no literal backslash-hyphen" 0 "$(printf '%s\n' "$page" | grep -c '\\-')"
    check "man: one command per SYNOPSIS line" 0 \
        "$(printf '%s\n' "$page" | sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' | grep -c 'cotuong.*cotuong')"
fi

# Data files beside the executable: a clone's build/cotuong run from another folder finds
# the source tree's assets/, and a copy in PREFIX/bin finds PREFIX/share/cotuong (the real
# path from /proc/self/exe), with no COTUONG_* variable and no ./assets.
tree=$(cd "$(dirname "$ct")/.." && pwd)
if [ -f "$tree/assets/ccpd-masters.idx" ] && [ ! -f /usr/local/share/cotuong/ccpd-masters.idx ]; then
    away=$(mktemp -d)
    printf '[Event "x"]\n\n1. C2.5 h8+7 *\n' > "$away/g.pgn"
    uci_book() { # the first move from the start with OwnBook: a book move has no search line
        printf 'uci\nsetoption name OwnBook value true\nisready\nposition startpos\ngo depth 1\nquit\n' |
            (cd "$away" && env -u COTUONG_BOOK "$1" uci) | grep -c '^info depth'
    }
    for where in clone relocated; do
        bin=$ct
        if [ $where = relocated ]; then
            mkdir -p "$away/pfx/bin" "$away/pfx/share"
            cp "$ct" "$away/pfx/bin/cotuong"
            ln -s "$tree/assets" "$away/pfx/share/cotuong"
            bin=$away/pfx/bin/cotuong
        fi
        check "$where: opening finds the master index from another folder" B05 \
            "$(cd "$away" && env -u COTUONG_MASTERS "$bin" opening g.pgn 2>&1 | cut -c1-3)"
        check "$where: train --list finds the exercises from another folder" 0 \
            "$(cd "$away" && env -u COTUONG_EXERCISES "$bin" train --list >/dev/null 2>&1; echo $?)"
        check "$where: uci finds the book from another folder" 0 "$(uci_book "$bin")"
    done
    rm -rf "$away"
fi
exit $fail
