#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# cotuong e2e -- one version everywhere: configure.ac's AC_INIT, the man page, debian/changelog
# and "cotuong --version" agree; --version also states the licence, the absence of warranty
# and the attribution that the CC BY 4.0 master-game data asks for.
set -u
top=$(cd "$TEST_DATA_DIR/../.." && pwd)
fail=0
TOP=$top sh "$top/scripts/check-version" "$COTUONG" || fail=1
out=$("$COTUONG" --version)
for want in '^Copyright \(C\) [0-9]{4} ' 'GPL-3\.0-or-later' 'NO WARRANTY' \
    'Chinese Chess Practical Dataset by Yu-Han Tseng' 'CC BY 4\.0' \
    'creativecommons\.org/licenses/by/4\.0'; do
    if printf '%s\n' "$out" | grep -Eq "$want"; then
        echo "ok: --version matches $want"
    else
        echo "FAIL: --version does not match $want"
        fail=1
    fi
done
# The man page renders without a warning (lintian reports groff's warnings: a Vietnamese
# letter written \[u1EADp] instead of \[u1EAD]p failed the package build).
if command -v groff >/dev/null 2>&1; then
    w=$(groff -man -Tutf8 -ww -z "$top/man/cotuong.6" 2>&1)
    if [ -z "$w" ]; then echo "ok: man/cotuong.6 renders without warnings"
    else echo "FAIL: groff warns about man/cotuong.6:"; printf '%s\n' "$w" | sed 's/^/    /'; fail=1; fi
else
    echo "skip: groff not installed (the man page's warnings not checked)"
fi
exit $fail
