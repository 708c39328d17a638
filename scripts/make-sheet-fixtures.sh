#!/bin/sh
# Regenerates the spreadsheet fixtures of the import reader (apps/server/test/fixtures/sheets) and of the
# browser journeys (e2e/fixtures/sheets): each
# hand-written flat ODS (.fods) source is converted by LibreOffice Calc into .xlsx and .xls (Excel 97),
# so the tests read files made by a real spreadsheet program. Needs LibreOffice Calc without a GUI
# (Debian: apt-get install libreoffice-calc-nogui). Not run by the tests: commit the converted files.
#
#   scripts/make-sheet-fixtures.sh                      converts every .fods
#   scripts/make-sheet-fixtures.sh pairs demo-pairs     converts only these (names without .fods, in
#                                                       either folder)
#
# LibreOffice stamps the converted files with the time, so converting an unchanged source gives other
# bytes: convert only the sources you changed or added. What each fixture holds: README.md next to them
# (the server's) and the journey that imports it (e2e).
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
dirs="$root/apps/server/test/fixtures/sheets $root/e2e/fixtures/sheets"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
if [ "$#" -eq 0 ]; then
  for dir in $dirs; do
    set -- "$@" "$dir"/*.fods
  done
else
  for name in "$@"; do
    shift
    found="$root/apps/server/test/fixtures/sheets/${name%.fods}.fods"
    for dir in $dirs; do
      if [ -f "$dir/${name%.fods}.fods" ]; then found="$dir/${name%.fods}.fods"; fi
    done
    set -- "$@" "$found"
  done
fi
for source in "$@"; do
  [ -f "$source" ] || { echo "no such source: $source" >&2; exit 1; }
  for target in 'xlsx:Calc MS Excel 2007 XML' 'xls:MS Excel 97'; do
    soffice --headless --norestore -env:UserInstallation="file://$profile" \
      --convert-to "$target" --outdir "$(dirname "$source")" "$source" >/dev/null 2>&1
  done
  ls -l "${source%.fods}".*
done
