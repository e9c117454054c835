#!/usr/bin/env bash
# The message catalogues (translations/<lang>/LC_MESSAGES/messages.po), see docs/i18n.md.
# The languages are those of referee/languages.py (each but English has a catalogue).
#   scripts/i18n.sh            extract -> update (each language) -> compile: after adding strings
#   scripts/i18n.sh compile    compile the .po into .mo (what run.sh and test.sh do)
#   scripts/i18n.sh check      list every msgid without a translation
#                              (or marked fuzzy); exit 1 if there is any
#   scripts/i18n.sh init LANG  start a new language's catalogue
set -euo pipefail
cd "$(dirname "$0")/.."
PYBABEL=${PYBABEL:-.venv/bin/pybabel}
PYTHON=${PYTHON:-.venv/bin/python}
mapfile -t LANGS < <("$PYTHON" -m referee.languages)
POT=translations/messages.pot

extract() {
  "$PYBABEL" -q extract --no-wrap -F babel.cfg -k N_ -k NP_:1,2 -k _l --no-location --sort-output \
    --project "Domino Referee" --copyright-holder "Domino Referee" -o "$POT" .
}

case "${1:-all}" in
  all)
    extract
    for lang in "${LANGS[@]}"; do
      "$PYBABEL" -q update --no-wrap -i "$POT" -d translations -l "$lang" --no-fuzzy-matching
    done
    "$PYTHON" scripts/plural_forms.py
    "$PYBABEL" -q compile -d translations
    "$0" check || true
    ;;
  compile)
    "$PYBABEL" -q compile -d translations
    ;;
  check)
    "$PYTHON" scripts/plural_forms.py --check
    ;;
  init)  # after its entry in referee/languages.py: the header's plural rule is the registry's
    extract
    "$PYBABEL" init --no-wrap -i "$POT" -d translations -l "$2"
    "$PYTHON" scripts/plural_forms.py
    # again with that rule: as many msgstr[] per plural entry as the language has forms
    "$PYBABEL" -q update --no-wrap -i "$POT" -d translations -l "$2" --no-fuzzy-matching
    ;;
  *)
    echo "usage: $0 [all|compile|check|init LANG]" >&2
    exit 2
    ;;
esac
