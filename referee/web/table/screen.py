"""The table screen put together: what it shows (the picture, the picker, the
history, what the player to move may do, the settlement, the outcome...), rendered whole
or as the fragment the table's script swaps in, and the end-of-hand form. The links of a
page are the link's own (`Link`): the players' or the spectators'."""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, current_app, g, get_flashed_messages, render_template, request
from flask_babel import get_locale
from markupsafe import Markup

from referee.engine.tiles import Tile, pip_count

from .. import links
from ..audit.service import locked_because
from ..drawing import layout_svg, sprite_svg
from ..errors import Refused
from ..forms import EndForm
from ..i18n import gettext as _
from . import choice, fragment, offers, presenters, service, settled, state
from .screen_html import table_html
from .state import Table


@dataclass
class Link:
    """The link a page was reached by: the players' (`write`, /t) or the spectators' (/s);
    `url` gives the same link's other pages."""

    write: bool
    token: str

    @property
    def blueprint(self) -> str:
        return "table" if self.write else "spectator"

    def url(self, endpoint: str, **kw) -> str:
        """The link's page `endpoint` ("table", "hand", "match", "record", "version")."""
        return links.url_for(f"{self.blueprint}.{endpoint}", token=self.token, **kw)


def load(token: str) -> Table:
    """The match at this request's link, replayed; 404 for an unknown link."""
    t = service.table(token, write=g.link.write)
    if t is None:
        abort(404, _("There is no table at this link."))
    return t


def wants_fragment() -> bool:
    """Whether the table's script asks for the table alone (to swap it in), not a page:
    `?fragment=1` on a GET, the `X-Requested-With: fetch` header on a POST."""
    return request.args.get("fragment") == "1" or request.headers.get("X-Requested-With") == "fetch"


def respond_fragment(html: str, status: int):
    response = current_app.make_response((html, status))
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Table-Fragment"] = "1"
    return response


def render_table(
    t: Table,
    link: Link,
    refused: Refused | None = None,
    status=200,
    message: str | None = None,
):
    """The table page (or its fragment), with a refusal, a tile chosen (`?tile=`) or the
    answer to this phone's move (`message`)."""
    hand = t.hand
    chosen = None
    tile_text = request.args.get("tile", "").strip() if link.write else ""
    if tile_text and hand is not None and refused is None:
        try:
            chosen = choice.chosen(t, tile_text, request.args)
        except Refused as e:
            refused, status = e, e.status
    said = [message] if message else get_flashed_messages()

    def render() -> str:
        return table_html(_table_context(t, link, chosen, refused, said))

    if refused is None and chosen is None:  # the table as every phone sees it
        fresh = message is not None  # a write's answer: the version it has just made
        html = fragment.shared(t, link.write, render, said, fresh)
    else:
        html = render()
    if wants_fragment():
        return respond_fragment(html, status)
    sprite = Markup(sprite_svg(hand.max_pip)) if hand is not None else ""
    page = render_template(
        "table.html", t=t, variant=t.variant, links=link, sprite=sprite, table_html=Markup(html)
    )
    return page, status


def _table_context(t: Table, link: Link, chosen, refused, said) -> dict:
    """What the table screen shows (`screen_html.table_html` makes it HTML)."""
    hand = t.hand
    closed = bool(t.row.event_finished)  # its event is finished: no more writes
    acts = offers.actions(t) if link.write and not closed else offers.Actions()
    correctable = bool(link.write and not closed and not locked_because(t))
    highlight = chosen["places"] if chosen else ()
    picture = ""
    if hand is not None:
        title = _("The layout, hand %(number)s", number=len(t.match.hands))
        picture = Markup(
            state.drawn(
                t,
                ("table", repr(highlight), title, str(get_locale())),
                lambda: layout_svg(hand, highlight=highlight, title=title, sprite=True),
            )
        )
    return {
        "t": t,
        "hand": hand,
        "variant": t.variant,
        "links": link,
        "acts": acts,
        "chosen": chosen,
        "picture": picture,
        "offered": offers.picker(hand) if hand is not None and link.write else [],
        "events": presenters.history(hand, last=12, kept=_hand_of(t)) if hand is not None else [],
        "moves": len(hand.moves) if hand is not None else 0,
        "opening": presenters.opening_line(t),
        "summary": presenters.hand_summary(t, len(t.match.hands) - 1) if t.match.hands else None,
        "outcome": presenters.outcome(t),
        "time_called": presenters.time_called(t),
        "tie": presenters.tie(t),
        "undo": presenters.undo_target(t) if correctable else None,
        "correctable": correctable,  # a past move may be corrected from this phone
        "closed": closed,
        "position": t.position,
        "version": t.version,
        "refused": refused,
        "penalty": presenters.penalty_points(t),
        "said": said,
        "settled": settled.last_settled(t),
        "mine": _players_card(t) if link.write else None,
    }


def _hand_of(t: Table) -> tuple:
    """The match's current hand, as the words of its moves are kept (`history`)."""
    return (t.row.id, t.row.write_token, len(t.match.hands))


def _players_card(t: Table) -> dict:
    """What only the players' screen shows: the table code."""
    from ..matches.service import show_code

    return {"code": show_code(t.row.code)}


def render_end(t: Table, texts: dict, refused: Refused | None = None):
    """The end-of-hand form: the tiles left in each hand, as chosen or typed so far."""
    hand = t.hand
    chosen = {
        s: {w for text in texts.get(s, []) for w in text.replace(",", " ").split()}
        for s in range(len(hand.players))
    }
    offered = [tile for tile, _ in offers.tiles_offered(hand)]
    pips = {tile: pip_count([tile]) for tile in offered}  # for the page's live subtotal
    players = [
        {
            "seat": s,
            "name": hand.players[s],
            "holds": hand.sizes[s],
            "chosen": chosen[s],
            "typed": " ".join(w for w in chosen[s] if not _is_offered(w, offered)),
        }
        for s in range(len(hand.players))
    ]
    return render_template(
        "end.html",
        t=t,
        hand=hand,
        variant=t.variant,
        links=g.link,
        players=players,
        offered=offered,
        pips=pips,
        form=EndForm(formdata=None),
        position=t.position,
        refused=refused,
        picture=Markup(layout_svg(hand, sprite=True)),
        sprite=Markup(sprite_svg(hand.max_pip)),
    ), (refused.status if refused else 200)


def _is_offered(word: str, offered: list[Tile]) -> bool:
    return word in {str(t) for t in offered}
