#!/bin/sh
# Regenerates the spreadsheet fixtures of the import reader (apps/server/test/fixtures/sheets): each
# hand-written flat ODS (.fods) source is converted by LibreOffice Calc into .xlsx and .xls (Excel 97),
# so the tests read files made by a real spreadsheet program. Needs LibreOffice Calc without a GUI
# (Debian: apt-get install libreoffice-calc-nogui). Not run by the tests: commit the converted files.
set -eu
dir="$(cd "$(dirname "$0")/../apps/server/test/fixtures/sheets" && pwd)"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
for source in "$dir"/*.fods; do
  for target in 'xlsx:Calc MS Excel 2007 XML' 'xls:MS Excel 97'; do
    soffice --headless --norestore -env:UserInstallation="file://$profile" \
      --convert-to "$target" --outdir "$dir" "$source" >/dev/null 2>&1
  done
done
ls -l "$dir"
