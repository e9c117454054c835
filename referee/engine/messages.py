"""The referee's sentences as values: an English template (the msgid) and the facts.

A `Message` is a `str` (its English text), so everything that prints, joins or stores it
keeps working; it also keeps its template and fields, so that `render(message, catalogue)`
says it in any language. Templates are marked for `pybabel extract` with `N_` (one form)
and `NP_` (singular, plural: the field `n` chooses the form). A catalogue is anything with
`gettext` and `ngettext` (the standard library's `gettext.translation(...)`, Babel's
`Translations`). Fields are formatted with `str.format` names: `{player}`, `{tile}`, `{n}`.
"""

from __future__ import annotations


def N_(msgid: str) -> str:
    """Mark a template for extraction; it is translated when the message is rendered."""
    return msgid


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a template with a plural form; the message's field `n` chooses the form."""
    return singular, plural


class English:
    """The catalogue that says every message as written (no translation)."""

    @staticmethod
    def gettext(msgid: str) -> str:
        return msgid

    @staticmethod
    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH = English()


class Message(str):
    """A sentence for a player: its English text, with the template and facts behind it."""

    msgid: str | tuple[str, str]
    fields: dict

    def __new__(cls, msgid: str | tuple[str, str], /, **fields) -> Message:
        self = super().__new__(cls, _say(msgid, fields, ENGLISH))
        self.msgid, self.fields = msgid, fields
        return self

    def render(self, catalogue=ENGLISH) -> str:
        """The sentence in the catalogue's language."""
        return _say(self.msgid, self.fields, catalogue)

    def __reduce__(self):
        return (_rebuild, (self.msgid, self.fields))


def _rebuild(msgid, fields):
    return Message(msgid, **fields)


def _say(msgid, fields: dict, catalogue) -> str:
    if isinstance(msgid, tuple):
        template = catalogue.ngettext(msgid[0], msgid[1], fields["n"])
    else:
        template = catalogue.gettext(msgid)
    values = {k: render(v, catalogue) for k, v in fields.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
        english = msgid if isinstance(msgid, str) else ENGLISH.ngettext(*msgid, fields["n"])  # type: ignore[call-arg]
        return english.format(**values)


def render(value, catalogue=ENGLISH) -> str:
    """Any text in the catalogue's language: a Message translated, anything else as str()."""
    if isinstance(value, Message):
        return value.render(catalogue)
    if type(value) is list:
        return ", ".join(render(v, catalogue) for v in value)
    return str(value)


def either(items) -> Message | str:
    """ "3 or 5": the items joined by a translatable "or"."""
    items = list(items)
    out = items[-1] if items else ""
    for item in reversed(items[:-1]):
        out = Message(N_("{a} or {b}"), a=item, b=out)
    return out


def tiles(n: int) -> Message:
    """ "1 tile", "5 tiles"."""
    return Message(NP_("{n} tile", "{n} tiles"), n=n)


def pips(n: int) -> Message:
    """ "1 pip", "5 pips"."""
    return Message(NP_("{n} pip", "{n} pips"), n=n)


def points(n: int) -> Message:
    """ "1 point", "22 points"."""
    return Message(NP_("{n} point", "{n} points"), n=n)
