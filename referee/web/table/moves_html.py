"""The table screen's forms as HTML: the tile picker's section, and the bar under it with
the tile chosen (where it goes, or why it fits nowhere), the lot for the lead, the draw,
the pass and Undo. Part of the table screen made in Python (`screen_html.py`, whose rules
hold here: `e` for every value, the sentences' values escaped). What each form may offer
is the engine's answer (`offers.actions`, `choice.chosen`)."""

from __future__ import annotations

from markupsafe import Markup

from ..drawing import tile_use
from ..i18n import say
from ..i18n import say_html as e
from ..links import url_for
from ..pages.rules import rule_link
from .picker import picker_items


def move(v: dict) -> str:
    """The picker: every tile of the set, and a field to type one (a writing phone, while
    the hand goes on)."""
    _ = v["_"]
    t, hand, acts, chosen = v["t"], v["hand"], v["acts"], v["chosen"]
    if not v["links"].write or v["outcome"] or hand.ended or t.row.abandoned or v["closed"]:
        return ""
    if not hand.layout.nodes:
        question = _("Which tile leads?")
    elif acts.seat is not None:
        question = _("Which tile does %(player)s lay?", player=hand.players[acts.seat])
    else:
        question = _("Which tile does the player lay?")
    refused = v["refused"]
    typing = " open" if refused and refused.status == 400 and not chosen else ""
    tile = chosen["tile"] if chosen else ""
    here, at = v["here"], v["at"]
    big = " big" if hand.max_pip > 6 else ""
    items = picker_items(v["offered"], chosen["tile"] if chosen else None)
    hint = _("Dimmed tiles fit nowhere now: tap one to see why.")
    keys = _("The arrow keys move between the tiles.")
    field = 'type="text" name="tile" id="tile-text" placeholder="5-3" autocomplete="off" size="6"'
    typed, tile_word, show = _("Type a tile instead"), _("Tile"), _("Show places")
    return f"""<section id="move" aria-labelledby="picker-h">
  <h2 id="picker-h">{question}</h2>
  <form method="get" action="{here}" id="pick-form">{at}
  <ul class="picker{big}" id="picker" aria-labelledby="picker-h">{items}</ul>
  </form>
  <p class="hint">{hint}<span id="keys" hidden> {keys}</span></p>
  <details class="typed"{typing}><summary>{typed}</summary>
  <form method="get" action="{here}" class="inline" id="tile-form">{at}
    <p><label for="tile-text">{tile_word}</label>
      <input {field} value="{e(tile)}">
      <button type="submit" class="button secondary">{show}</button></p>
  </form>
  </details>
</section>"""


def bar(v: dict) -> str:
    """The bar of a writing phone: the tile chosen, then what else the player may do."""
    acts, chosen = v["acts"], v["chosen"]
    if not v["links"].write or not (
        chosen
        or v["undo"]
        or acts.lot
        or acts.draw
        or acts.drawers
        or acts.passing
        or acts.pose_pass
    ):
        return ""
    parts = [_chosen(v) if chosen else "", _lot(v), _draw(v), _pass(v), _undo(v)]
    actions = "\n    ".join(p for p in parts[1:] if p)
    return (
        f'<div class="bar" id="bar">\n  {parts[0]}\n'
        f'  <div class="actions" id="actions">\n    {actions}\n  </div>\n</div>'
    )


def _form(v: dict, endpoint: str, attributes: str, body: str) -> str:
    """A POST form of the table's, with its CSRF token and the position it was shown at."""
    action = url_for(endpoint, token=v["links"].token)
    return (
        f'<form method="post" action="{action}" {attributes}>\n'
        f"      {v['token_input']}{v['at']}\n{body}\n    </form>"
    )


def _chosen(v: dict) -> str:
    """The tile chosen: a button for each place it may go, or why it fits nowhere."""
    _ = v["_"]
    chosen = v["chosen"]
    tile = e(chosen["tile"])
    if chosen["places"]:
        what = _places(v, tile)
    else:
        why = chosen["why"]
        what = (
            f'<p class="why-not" id="why-not" data-autofocus tabindex="-1">'
            f'<span id="chosen-q" hidden>{tile}</span>{e(why.message)}\n'
            f"        ({rule_link(why.rule, v['variant'])})</p>"
        )
    another = _("Choose another tile")
    return (
        f'<div class="chosen" id="chosen" data-tile="{tile}" role="group" '
        'aria-labelledby="chosen-q">\n'
        f'    <div class="chosen-tile">{tile_use(chosen["tile"])}</div>\n'
        f'    <div class="chosen-what">\n    {what}\n    </div>\n'
        f'    <a class="cancel button secondary" id="cancel" href="{v["here"]}" '
        f'aria-label="{another}">✕</a>\n  </div>'
    )


def _places(v: dict, tile: str) -> str:
    """The form that records the tile chosen: who leads it, or where it is laid."""
    fields = f'<input type="hidden" name="tile" value="{tile}">'
    lead = v["chosen"]["places"][0].anchor is None
    body = _who_leads(v, tile) if lead else _where_laid(v, tile)
    return _form(v, "table.play", 'class="place-form" id="place-form"', f"        {fields}\n{body}")


def _who_leads(v: dict, tile: str) -> str:
    """The lead's buttons: one for each player who may lead it, or the one to move."""
    _ = v["_"]
    acts, names, poses = v["acts"], v["hand"].players, v["variant"].poses

    def leads(seat: int) -> str:
        if poses:
            return _("%(player)s poses %(tile)s", player=names[seat], tile=tile)
        return _("%(player)s leads %(tile)s", player=names[seat], tile=tile)

    if acts.seat is not None:
        confirm = _("Confirm the lead")
        return (
            f'          <input type="hidden" name="seat" value="{acts.seat}">\n'
            f'          <p id="chosen-q" class="visually-hidden">{confirm}</p>\n'
            '          <div id="places"><button type="submit" class="button place confirm" '
            f'data-on="lead" data-autofocus>{leads(acts.seat)}</button></div>'
        )
    ask = _("Who poses %(tile)s?", tile=tile) if poses else _("Who leads %(tile)s?", tile=tile)
    names_only = len(acts.leaders) > 4  # many players: the question says what
    buttons = "".join(
        f'<button type="submit" name="seat" value="{s}" class="button place" '
        f'data-on="lead"{" data-autofocus" if i == 0 else ""}>'
        f"{e(names[s]) if names_only else leads(s)}</button>"
        for i, s in enumerate(acts.leaders)
    )
    return (
        f'          <p id="chosen-q">{ask}</p>\n'
        f'          <div class="buttons{" names" if names_only else ""}" id="places">\n'
        f"            {buttons}\n          </div>"
    )


def _where_laid(v: dict, tile: str) -> str:
    """The places the tile may be laid: the one place's button, or one for each."""
    _ = v["_"]
    acts, places = v["acts"], v["chosen"]["places"]
    player = v["hand"].players[acts.seat]
    seat = f'          <input type="hidden" name="seat" value="{e(acts.seat)}">'
    trains = v["variant"].trains  # a hub of trains: each place is a train, named
    if len(places) == 1:
        p = places[0]
        confirm = _("Confirm where %(player)s lays %(tile)s", player=player, tile=tile)
        train = f'<input type="hidden" name="train" value="{p.arm}">' if trains else ""
        return (
            f'{seat}{train}\n          <p id="chosen-q" class="visually-hidden">{confirm}</p>\n'
            f'          <div id="places"><button type="submit" name="on" value="{p.anchor}" '
            f'class="button place confirm" data-on="{p.anchor}" data-slot="{p.slot}" '
            f"data-autofocus>{_lay(v, p, tile)}</button></div>"
        )
    if trains:  # one form per train: the button says the train
        return f"{seat}\n" + _trains_offered(v, places, player, tile)
    ask = _(
        "Where does %(player)s lay %(tile)s? Tap a yellow place or a button.",
        player=player,
        tile=tile,
    )
    buttons = "".join(
        f'<button type="submit" name="on" value="{p.anchor}" class="button place" '
        f'data-on="{p.anchor}" data-slot="{p.slot}"{" data-autofocus" if i == 0 else ""}>'
        f"{_on(v, p)}</button>"
        for i, p in enumerate(places)
    )
    return (
        f'{seat}\n          <p id="chosen-q">{ask}</p>\n'
        f'          <div class="buttons" id="places">\n            {buttons}\n          </div>'
    )


def _trains_offered(v: dict, places, player: str, tile: str) -> str:
    """A hub of trains: a button per train the tile fits, each sending its train."""
    _ = v["_"]
    ask = _("On which train does %(player)s lay %(tile)s?", player=player, tile=tile)
    buttons = "".join(
        f'<button type="submit" name="train" value="{p.arm}" class="button place" '
        f'data-on="{p.anchor}" data-slot="{p.slot}" data-train="{p.arm}"'
        f"{' data-autofocus' if i == 0 else ''}>"
        f"{e(v['hand'].train_name(p.arm))} ({p.pip})</button>"
        for i, p in enumerate(places)
    )
    return (
        f'          <p id="chosen-q">{ask}</p>\n'
        f'          <div class="buttons" id="places">\n            {buttons}\n          </div>'
    )


def _lay(v: dict, p, tile: str) -> Markup:
    """The one place's button: "Lay 5-3 on 5-5 (the 5 end)"."""
    _ = v["_"]
    if v["variant"].trains:
        train = say(v["hand"].train_name(p.arm))
        return _("Lay %(tile)s on %(train)s", tile=tile, train=train)
    where = {"tile": tile, "anchor": p.anchor, "pips": p.pip}
    if p.slot.startswith("side"):
        return _("Lay %(tile)s on %(anchor)s (the %(pips)s side)", **where)
    return _("Lay %(tile)s on %(anchor)s (the %(pips)s end)", **where)


def _on(v: dict, p) -> Markup:
    """A place's button among several: "On 5-5 (5 end)"."""
    _ = v["_"]
    if p.slot.startswith("side"):
        return _("On %(anchor)s (%(pips)s side)", anchor=p.anchor, pips=p.pip)
    return _("On %(anchor)s (%(pips)s end)", anchor=p.anchor, pips=p.pip)


def _lot(v: dict) -> str:
    """The lot for the lead: who won it at the table, or the app draws it."""
    _ = v["_"]
    acts, names = v["acts"], v["hand"].players
    if not acts.lot:
        return ""
    buttons = "".join(
        f'<button type="submit" name="seat" value="{s}" class="button secondary">'
        f"{e(names[s])}</button>"
        for s in acts.leaders
    )
    who, app_lot = _("Who won the lot for the lead?"), _("Let the app draw lots")
    body = (
        f'      <p id="lot-q">{who}</p>\n'
        f'      <div class="buttons">\n      {buttons}\n'
        '      <button type="submit" class="button secondary" id="app-lot">'
        f"{app_lot}</button>\n      </div>"
    )
    lot = 'id="lot-form" class="lot" role="group" aria-labelledby="lot-q"'
    return _form(v, "table.lot", lot, body)


def _draw(v: dict) -> str:
    """The draw: a tile, or a count of them (Five-Up)."""
    _ = v["_"]
    acts = v["acts"]
    if acts.drawers:  # before the lead, any of them may draw (nobody holds the engine)
        names = v["hand"].players
        ask = _("Nobody holds it? Who draws a tile?")
        buttons = "".join(
            f'<button type="submit" name="seat" value="{s}" class="button secondary">'
            f"{e(names[s])}</button>"
            for s in acts.drawers
        )
        body = f'      <p id="draw-q">{ask}</p>\n      <div class="buttons names">{buttons}</div>'
        return _form(v, "table.draw", 'id="draw-form"', body)
    if not acts.draw:
        return ""
    player = v["hand"].players[acts.seat]
    if acts.draw_max <= 1:
        return _seat_form(v, "table.draw", "draw-form", _("%(player)s draws a tile", player=player))
    unit = _("tile(s)")
    count = (
        '\n      <input type="number" name="count" id="draw-count" value="1" min="1" '
        f'max="{acts.draw_max}" inputmode="numeric">\n'
        f'      <label for="draw-count" class="unit">{unit}</label>'
    )
    return _seat_form(v, "table.draw", "draw-form", _("%(player)s draws", player=player), count)


def _pass(v: dict) -> str:
    """The pass (or the pass of the pose, before the lead)."""
    _ = v["_"]
    acts = v["acts"]
    if not (acts.passing or acts.pose_pass):
        return ""
    player = v["hand"].players[acts.seat]
    if acts.pose_pass:
        says = _("%(player)s passes the pose", player=player)
    elif v["variant"].knocks:
        says = _("%(player)s knocks", player=player)
    else:
        says = _("%(player)s passes", player=player)
    form = _seat_form(v, "table.pass_", "pass-form", says)
    if not acts.stuck:
        return form
    blocked = _(
        "The layout is blocked: no tile off the table fits an open end, so every player "
        "passes in turn and the hand ends"
    )
    link = rule_link("C-BLOCK", v["variant"])
    all_pass = _("Blocked: record the passes")
    tap = _form(
        v,
        "table.passes",
        'id="passes-form"',
        f'      <button type="submit" class="button">{all_pass}</button>',
    )
    said = f'<p class="blocked" id="blocked" role="status">{blocked} ({link}).</p>'
    return f"{said}\n    {tap}\n    {form}"


def _seat_form(v: dict, endpoint: str, form_id: str, says: str, more: str = "") -> str:
    """A form that records what the player to move does (the draw, the pass): their seat
    and the button that `says` it."""
    body = (
        f'      <input type="hidden" name="seat" value="{e(v["acts"].seat)}">\n'
        f'      <button type="submit" class="button secondary">{says}</button>{more}'
    )
    return _form(v, endpoint, f'id="{form_id}"', body)


def _undo(v: dict) -> str:
    """Undo, behind a question that says what it takes back."""
    _ = v["_"]
    if not v["undo"]:
        return ""
    what = Markup('<strong id="undo-what">%s</strong>') % v["undo"]
    settled = 1 if v["position"][2] else 0
    ask, yes = _("Take back %(move)s?", move=what), _("Yes, take it back")
    body = (
        f'        <input type="hidden" name="settled" value="{settled}">\n'
        f"        <p>{ask}</p>\n"
        f'        <button type="submit" class="button danger">{yes}</button>'
    )
    form = _form(v, "table.undo", 'id="undo-form"', body)
    undo = _("Undo…")
    return (
        '<details class="undo" id="undo">\n'
        f'      <summary class="button secondary" id="undo-link">{undo}</summary>\n'
        f"      {form}\n    </details>"
    )
