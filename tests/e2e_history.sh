#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_history.sh -- play's move history in two columns keeps Red's and Black's moves apart in
# every notation: vi-long's words ("Pháo 2 bình 5") and the Hán characters of zh (two columns
# each, three bytes) are padded by their width on screen, not by their bytes.
. "$(dirname "$0")/tmux_lib.sh"
ui_require

for n in vi-long zh; do
    echo "# $n at 80x24"
    ui_start 80 24 LANG=C.UTF-8 -- play --lang vi --red human --black human --notation "$n"
    check "$n: a game" "Đỏ đi"
    for m in h2e2 h9g7 h0g2 i9h9; do
        typed ':'
        typed "$m"
        keys Enter
        settle
    done
    if [ "$n" = vi-long ]; then
        check "vi-long: two spaces at least between Red's and Black's move" "1. Pháo 2 bình 5  Mã 8 tiến 7"
        check "vi-long: Black's moves in one column" "2. Mã 2 tiến 3    Xe 9 bình 8"
    else
        check "zh: Black's move after Red's column" "1. 炮二平五   马８进７"
        check "zh: the next row the same" "2. 马二进三   车９平８"
    fi
done

ui_done
