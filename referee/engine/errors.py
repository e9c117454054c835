"""One root error for the engine; every illegal move carries the id of the rule it breaks.
Messages are `messages.Message` values (English text, template and facts), rendered in any
language with `messages.render`."""

from .messages import N_, Message


class RefereeError(Exception):
    """Root of every error the engine raises."""


class NotationError(RefereeError, ValueError):
    """A tile or a move written in a form the engine does not read."""


class RecordError(RefereeError, ValueError):
    """A game record that cannot be read at all (wrong shape, unknown player, ...)."""

    def __init__(self, message: str, hand: int | None = None, move: int | None = None):
        self.message, self.hand, self.move = message, hand, move
        where: str  # a Message, with where it is when the record says
        if hand and move:
            where = Message(
                N_("hand {hand}, move {move}: {message}"), hand=hand, move=move, message=message
            )
        elif hand or move:
            where = (
                Message(N_("hand {hand}: {message}"), hand=hand, message=message)
                if hand
                else Message(N_("move {move}: {message}"), move=move, message=message)
            )
        else:
            where = message
        self.located = where  # the message with where it is, as a Message to render
        super().__init__(where)


class IllegalMove(RefereeError):
    """A move the rules forbid. `rule` is an id from the rulebook (e.g. "FC-LOCK")."""

    def __init__(self, rule: str, message: str, move: int | None = None):
        self.rule, self.message, self.move = rule, message, move
        super().__init__(f"{message} ({rule})")


class SetupError(RefereeError, ValueError):
    """A match that cannot be set up: players or options the variant does not allow.
    `field` says which: "variant", "players" (names), "count", "options", "target" or
    "scoring"; `seat` which player's name, where one is at fault."""

    def __init__(
        self, message: str, rule: str | None = None, field: str = "players", seat: int | None = None
    ):
        self.message, self.rule, self.field, self.seat = message, rule, field, seat
        super().__init__(message)
