"""The game's words across English, Polish and Czech, per variant: the rules pages show
them as a table, so that a player can match the app's words with those of their own
rule sheet (the Polish and Czech terms are the seeds' own)."""

from __future__ import annotations

from typing import NamedTuple


class Term(NamedTuple):
    en: str
    pl: str
    cs: str


# fmt: off
COMMON = (
    Term("tile", "kamień", "kámen (domino)"),
    Term("pips", "oczka", "očka"),
    Term("double", "dublet", "dubl"),
    Term("layout", "układ (łańcuch)", "hrací plocha"),
    Term("arm", "ramię (gałąź układu)", "rameno"),
    Term("open end", "końcówka", "volný konec"),
    Term("spinner", "spinner", "spinner"),
    Term("pass", "pasować (opuścić kolejkę)", "vynechat tah"),
    Term("Domino!", "„przez domino!”", "Domino!"),
    Term("blocked hand", "blokada", "zablokované kolo"),
    Term("hand (one deal)", "rozdanie (partia)", "kolo"),
    Term("settlement", "rozliczenie", "vyúčtování"),
    Term("side", "strona (gracz albo para)", "strana (hráč nebo dvojice)"),
)

BY_VARIANT = {
    "five-up": (
        Term("lead", "otwarcie", "zahájení"),
        Term("boneyard", "talon", "bank"),
        Term("draw", "dobierać z talonu", "brát z banku"),
        Term("count", "suma oczek na końcówkach", "součet konců"),
        Term("lot", "losowanie", "los"),
        Term("pairs (2×2)", "gra parami (2×2)", "hra ve dvojicích"),
        Term("win on points at a block", "wygrana „na punkty”", "výhra na body"),
    ),
    "french-connection": (
        Term("pose (the first double)", "dublet otwierający", "zahajovací dubl"),
        Term("soap ([0|0])", "„podwójne mydło”", "„mýdlo“"),
        Term("cross", "krzyż", "kříž"),
        Term("locked arm", "zablokowane ramię", "zamčené rameno"),
        Term("unlock", "odblokować", "odemknout"),
        Term("charged 10 points", "dopisuje 10 punktów", "připíše se 10 bodů"),
    ),
    "ctyrka": (
        Term("Čtyřka", "czwórka (Čtyřka)", "čtyřka"),
        Term("lead", "otwarcie najwyższym dubletem", "vyložení nejvyššího dubla"),
        Term("boneyard", "bank (talon)", "bank"),
        Term("draw", "wziąć kamień z banku", "vzít si domino z banku"),
        Term("double-six / double-nine / double-twelve set",
             "komplet do szóstek / dziewiątek / dwunastek",
             "šestkové / devítkové / dvanáctkové domino"),
        Term("penalty points", "punkty karne", "trestné body"),
        Term("victory points", "punkty zwycięskie", "vítězné body"),
    ),
}
# fmt: on


def glossary(variant: str) -> tuple[Term, ...]:
    """The words of `variant` (the common ones first); KeyError for an unknown variant."""
    return COMMON + BY_VARIANT[variant]
