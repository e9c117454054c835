"""Players' names: the one rule every way in (the start form, import, `check`) applies
(C-NAMES), and a safe way to show any value in a one-line message."""

from __future__ import annotations

import unicodedata

from .errors import SetupError
from .messages import N_, Message

NAME_MAX = 40  # characters in a name
SHOW_MAX = 60  # characters of a value shown in a message
# Control characters (newlines, tabs, NUL...), lone surrogates, line and paragraph
# separators, and the characters that reverse the direction of text around them.
_REFUSED_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}
_BIDI = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F)}
JOIN = "+"  # joins partners' names into a side's name ("Ana+Cleo")


def show(value) -> str:
    """A value as a message shows it: quoted, on one line, at most SHOW_MAX characters."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= SHOW_MAX else text[: SHOW_MAX - 1] + "…"


def visible(name: str) -> str:
    """The name without the characters nobody sees: zero-width spaces and joiners, soft
    hyphens, byte-order marks (Unicode's format characters, Cf)."""
    return "".join(c for c in name if unicodedata.category(c) != "Cf")


def same(name: str) -> str:
    """What two names are compared by: "Ana", "ana", "ＡＮＡ" and "Ana" with a zero-width
    space in it are the same name."""
    return unicodedata.normalize("NFKC", visible(name)).casefold()


def refused_character(text: str) -> str | None:
    """The first character no name may hold (a control character such as a line break,
    ESC, NUL or DEL; a lone surrogate; a line or paragraph separator; a character that
    reverses the direction of text, such as U+202E), as "U+001B"; None if there is none.
    Every name the app keeps and every reason follows it, not only players' names."""
    for c in text:
        if unicodedata.category(c) in _REFUSED_CATEGORIES or c in _BIDI:
            return f"U+{ord(c):04X}"
    return None


def _fault(name, n: int) -> Message | None:
    if not isinstance(name, str) or not visible(name).strip():  # nothing anyone can read
        return Message(N_("Enter a name for player {n}."), n=n)
    if len(name.strip()) > NAME_MAX:
        return Message(
            N_("The name of player {n} is longer than {max} characters."), n=n, max=NAME_MAX
        )
    code = refused_character(name)
    if code is not None:
        return Message(
            N_("The name of player {n} holds a control character ({code})."), n=n, code=code
        )
    if JOIN in name:
        return Message(
            N_("The name of player {n} holds {join}, which joins partners' names."),
            n=n,
            join=repr(JOIN),
        )
    return None


def faults(names) -> dict[int, str]:
    """What is wrong with each name, by seat (an empty dict: every name is fine)."""
    out: dict[int, str] = {}
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        fault = _fault(name, seat + 1)
        if fault:
            out[seat] = fault
            continue
        key = same(name.strip())
        if key in seen:
            first, earlier = seen[key], names[seen[key]].strip()
            if earlier == name.strip():
                text = N_("{name} is already player {n}: every player needs a different name.")
            else:
                text = N_(
                    "{name} is already player {n} ({earlier}): every player needs a different name."
                )
            out[seat] = Message(text, name=show(name.strip()), n=first + 1, earlier=show(earlier))
        else:
            seen[key] = seat
    return out


def check_names(names) -> tuple[str, ...]:
    """The names with spaces around them removed; SetupError (field "players", rule
    C-NAMES, `seat`: the first bad one) when a name breaks the rule."""
    if not isinstance(names, list | tuple):
        raise SetupError(Message(N_("players must be a list of names")), "C-NAMES")
    bad = faults(names)
    if bad:
        seat = min(bad)
        raise SetupError(bad[seat], "C-NAMES", field="players", seat=seat)
    return tuple(name.strip() for name in names)
