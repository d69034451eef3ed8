# SPDX-License-Identifier: GPL-3.0-or-later
# tmux_lib.sh -- helpers for the end-to-end UI tests (sourced by tests/e2e_ui*.sh).
# Each test runs the real program in a tmux server on its own socket and asserts on the
# captured screen text.  POSIX sh.

TMUX_SOCK="cotuong-test-$$"
T() { tmux -L "$TMUX_SOCK" "$@"; }
fails=0
step=0
sessions=0
S=

ui_require() {
    command -v tmux >/dev/null 2>&1 || { echo "tmux not installed"; exit 77; }
    [ -n "$COTUONG" ] && [ -x "$COTUONG" ] || { echo "COTUONG not set"; exit 77; }
    # Settings, saved games and the resume file of the tests stay in a directory of their own.
    UI_HOME=$(mktemp -d) || exit 1
    export XDG_CONFIG_HOME="$UI_HOME/config" XDG_DATA_HOME="$UI_HOME/data" XDG_STATE_HOME="$UI_HOME/state"
    # A game hosted from the start menu (by a test or a monkey) stays out of the machine's
    # shared lobby, /tmp/cotuong-lobby.
    export COTUONG_LOBBY="$UI_HOME/lobby"
    trap 'T kill-server >/dev/null 2>&1; rm -rf "$UI_HOME"' EXIT INT TERM
}

# ui_start COLS ROWS ENV... -- ARGS...: starts the program in a fresh session "g"; when the
# program ends the pane prints EXIT=status and stays open.
ui_start() {
    cols=$1 rows=$2
    shift 2
    envs=
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        envs="$envs $1"
        shift
    done
    [ "$1" = -- ] && shift
    args=
    for a in "$@"; do
        args="$args '$a'"
    done
    # A new session before the old one goes, so the server never exits between tests.
    old=$S
    sessions=$((sessions + 1))
    S=g$sessions
    T -f /dev/null new-session -d -s "$S" -x "$cols" -y "$rows" \
        "env TERM=xterm-256color LANGUAGE= COTUONG_DEBUG_INPUT=$UI_INPUT_LOG XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_DATA_HOME='$XDG_DATA_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' $envs '$COTUONG'$args; echo EXIT=\$?; sleep 60"
    [ -n "$old" ] && T kill-session -t "$old" >/dev/null 2>&1
}

# ui_hangup: closes the program's terminal (SIGHUP, as when the SSH link drops). A spare
# session keeps the server up: had the last session gone, the server would exit, and the
# next ui_start could reach it while it exits ("server exited unexpectedly" under load).
ui_hangup() {
    T has-session -t keep 2>/dev/null || T -f /dev/null new-session -d -s keep "sleep 600"
    T kill-session -t "$S"
    S=
}

cap() { T capture-pane -p -t "$S"; }
cap_e() { T capture-pane -p -e -t "$S"; }

# wait_for TEXT [SECONDS]: polls the screen until TEXT (a fixed string) appears.
wait_for() {
    text=$1 limit=${2:-5}
    i=0
    while [ "$i" -lt $((limit * 20)) ]; do
        if cap | grep -F -q -- "$text"; then
            return 0
        fi
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}

# check NAME TEXT [SECONDS]: one assertion; prints the screen when it fails.
check() {
    step=$((step + 1))
    if wait_for "$2" "${3:-5}"; then
        echo "ok $step - $1"
    else
        echo "not ok $step - $1 (expected '$2' on screen)"
        cap | sed 's/^/    | /'
        fails=$((fails + 1))
    fi
}

# check_line NAME LINE TEXT [SECONDS]: TEXT on screen line LINE within SECONDS (5). A line of
# the redraw that put up the text a check before it waited for can reach tmux after that text.
check_line() {
    step=$((step + 1))
    i=0 limit=${4:-5}
    while [ "$i" -lt $((limit * 20)) ] && ! cap | sed -n "${2}p" | grep -F -q -- "$3"; do
        sleep 0.05
        i=$((i + 1))
    done
    if cap | sed -n "${2}p" | grep -F -q -- "$3"; then
        echo "ok $step - $1"
    else
        echo "not ok $step - $1 (expected '$3' on line $2)"
        cap | sed 's/^/    | /'
        fails=$((fails + 1))
    fi
}

# check_attr NAME TEXT: TEXT (which may hold escape sequences) is in capture-pane -e output,
# i.e. drawn with those attributes, within 5 s: the text a check before it waited for can be
# on screen before the rest of that redraw reaches tmux.
check_attr() {
    step=$((step + 1))
    i=0
    while [ "$i" -lt 100 ] && ! cap_e | grep -F -q -- "$2"; do
        sleep 0.05
        i=$((i + 1))
    done
    if cap_e | grep -F -q -- "$2"; then
        echo "ok $step - $1"
    else
        echo "not ok $step - $1 (attributes not found)"
        cap_e | cat -v | sed 's/^/    | /'
        fails=$((fails + 1))
    fi
}

# check_not NAME TEXT: the text is not on screen now.
check_not() {
    step=$((step + 1))
    if cap | grep -F -q -- "$2"; then
        echo "not ok $step - $1 ('$2' should not be on screen)"
        cap | sed 's/^/    | /'
        fails=$((fails + 1))
    else
        echo "ok $step - $1"
    fi
}

# check_gone NAME TEXT [SECONDS]: TEXT leaves the screen within SECONDS (default 5) -- for a
# change that removes text, where check_not right after the keys can look before the redraw.
check_gone() {
    step=$((step + 1))
    i=0 limit=${3:-5}
    while [ "$i" -lt $((limit * 20)) ] && cap | grep -F -q -- "$2"; do
        sleep 0.05
        i=$((i + 1))
    done
    if cap | grep -F -q -- "$2"; then
        echo "not ok $step - $1 ('$2' still on screen after ${limit}s)"
        cap | sed 's/^/    | /'
        fails=$((fails + 1))
    else
        echo "ok $step - $1"
    fi
}

# settle: waits (up to 5 s) until the screen stops changing -- all the keys sent so far
# handled -- before a capture is compared with a later one.
settle() {
    prev=$(cap) i=0
    while [ "$i" -lt 25 ]; do
        sleep 0.2
        now=$(cap)
        [ "$now" = "$prev" ] && return 0
        prev=$now i=$((i + 1))
    done
}

keys() { T send-keys -t "$S" "$@"; }
# esc: the Esc key alone (a key sent right after it would read as Alt+key).
esc() {
    T send-keys -t "$S" Escape
    sleep 0.1
}
# click X Y: a left click at 0-based cell (X, Y), sent as SGR (1006) press and release.
click() {
    T send-keys -t "$S" -l "$(printf '\033[<0;%d;%dM' $(($1 + 1)) $(($2 + 1)))"
    T send-keys -t "$S" -l "$(printf '\033[<0;%d;%dm' $(($1 + 1)) $(($2 + 1)))"
}
# typed TEXT: types literal text.
typed() { T send-keys -t "$S" -l "$1"; }

ui_done() {
    T kill-server >/dev/null 2>&1
    echo "$step checks, $fails failed"
    [ "$fails" -eq 0 ]
}
