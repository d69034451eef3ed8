#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# e2e_po -- the Vietnamese interface is whole: every message the sources mark for
# translation (xgettext over the folders above the core, as `make pot` does) has a
# Vietnamese translation in po/vi.po, none of them fuzzy, and msgfmt -c accepts the file.
top=$(cd "$(dirname "$0")/.." && pwd)
for tool in xgettext msgmerge msgattrib msgfmt; do
    command -v "$tool" >/dev/null 2>&1 || { echo "skip: $tool not found (gettext)"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
cd "$top" || exit 1
xgettext --from-code=UTF-8 --keyword=_ --keyword=N_ -o "$tmp/all.pot" \
    src/sys/*.[ch] src/game/*.[ch] src/ui/*.[ch] src/tui/*.[ch] src/cli/*.[ch] || exit 1
if msgfmt -c -o /dev/null po/vi.po; then echo "ok 1 - msgfmt -c accepts po/vi.po"
else echo "not ok 1 - msgfmt -c refuses po/vi.po"; fails=$((fails + 1)); fi
msgmerge -q --no-fuzzy-matching po/vi.po "$tmp/all.pot" -o "$tmp/merged.po" || exit 1
# msgids: one line each, their continuation lines joined; the header (msgid "") left out.
msgids() {
    awk '/^msgid / { id = substr($0, 8); cont = 1; next }
         cont && /^"/ { id = id $0; next }
         cont { cont = 0; gsub(/""/, "", id); gsub(/^"|"$/, "", id); if (id != "") print id }'
}
{ msgattrib --untranslated --no-obsolete --no-location "$tmp/merged.po" | msgids
  msgattrib --only-fuzzy --no-obsolete --no-location "$tmp/merged.po" | msgids; } >"$tmp/untranslated"
n=$(wc -l <"$tmp/untranslated")
if [ "$n" -eq 0 ]; then echo "ok 2 - every message has a Vietnamese translation"
else
    echo "not ok 2 - $n messages without a Vietnamese translation in po/vi.po:"
    sed 's/^/    | /' "$tmp/untranslated"
    fails=$((fails + 1))
fi
echo "2 checks, $fails failed"
[ "$fails" -eq 0 ]
