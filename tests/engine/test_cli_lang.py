"""`python -m referee check`: the sentences in the chosen language, the JSON unchanged,
the points named as the variant scores them."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.language import compile_catalogues, from_environment
from referee.languages import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"
EXAMPLE = ROOT / "docs" / "examples" / "spec-example.json"
compile_catalogues()


def run(*args, **env):
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=base | env,
    )


def test_points_are_named_as_the_variant_scores_them():
    assert "Penalty points: Ana 78" in run("check", str(RECORDS / "french_full.json")).stdout
    victory = run("check", str(RECORDS / "ctyrka_4p_victory.json")).stdout
    assert "Victory points:" in victory and "Penalty" not in victory
    assert "Hand 1: not finished. Points:" in run("check", str(EXAMPLE)).stdout


def test_no_capital_letter_after_a_colon_in_the_verdict():
    out = run("check", str(EXAMPLE)).stdout
    assert "ILLEGAL: hand 1, move 5 (rule FU-DRAW). The boneyard still holds 6 tiles" in out


@pytest.mark.parametrize(
    "env,lang",
    [
        ({}, "en"),
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LANGUAGE": "cs:en", "LANG": "C"}, "cs"),
        ({"LC_ALL": "cs_CZ.UTF-8", "LANG": "pl_PL.UTF-8"}, "cs"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_ALL": "C.UTF-8", "LANG": "pl_PL.UTF-8"}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "es_DO.UTF-8"}, "es"),
        ({"LANGUAGE": "es_MX:es", "LANG": "en_US.UTF-8"}, "es"),
    ],
)
def test_the_language_comes_from_the_locale_environment(env, lang):
    assert from_environment(env) == lang


def test_check_in_polish():
    r = run("check", "--lang", "pl", str(EXAMPLE))
    assert r.returncode == 1
    assert "Rozdanie 1: nierozegrane do końca. Punkty: Ana+Cleo 2, Ben+Dan 2." in r.stdout
    assert "NIEDOZWOLONE: rozdanie 1, ruch 5 (reguła FU-DRAW)." in r.stdout
    assert "W talonie jest jeszcze 6 kamieni: dobierz zamiast pasować." in r.stdout


def test_check_in_czech_from_the_environment():
    r = run("check", str(RECORDS / "ctyrka_2p_penalty.json"), LANG="cs_CZ.UTF-8")
    assert r.returncode == 0
    assert "Trestné body:" in r.stdout and "OK: všechny tahy jsou podle pravidel." in r.stdout


def test_check_in_spanish():
    r = run("check", "--lang", "es", str(EXAMPLE))
    assert r.returncode == 1
    assert "Mano 1: sin terminar. Tantos: Ana+Cleo 2, Ben+Dan 2." in r.stdout
    assert "ILEGAL: mano 1, jugada 5 (regla FU-DRAW)." in r.stdout
    assert "En el pozo aún quedan 6 fichas: roba en vez de pasar." in r.stdout


def test_check_in_spanish_from_the_environment():
    r = run("check", str(RECORDS / "french_full.json"), LANG="es_ES.UTF-8")
    assert r.returncode == 0
    assert "Mano 2: tranque, gana Ana. Tantos de castigo:" in r.stdout
    assert "OK: todas las jugadas son legales." in r.stdout


def test_json_stays_english_whatever_the_language():
    en = run("check", "--json", str(EXAMPLE))
    for lang in TRANSLATED:
        r = run("check", "--json", "--lang", lang, str(EXAMPLE))
        assert r.stdout == en.stdout
    assert "The boneyard still holds 6 tiles" in json.loads(en.stdout)["error"]["message"]


def test_unreadable_record_in_czech(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(
        '{"format": "domino-record/1", "variant": "five-up", "players": ["A", "B"], '
        '"hands": [{"moves": [{"player": "Zed", "pass": true}]}]}'
    )
    r = run("check", "--lang", "cs", str(path))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "kolo 1, tah 1: neznámý hráč 'Zed'" in r.stderr
