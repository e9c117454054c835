"""The table screen as HTML: what `screen._table_context` gathered, as the fragment the page
holds and the table's script swaps in after every move.

Made in Python, as the picker (`picker.py`) and the last moves (`moves_list.py`) were
before it: a play's answer renders it at every move, and Jinja's machinery (a call through
its context for every function, a finalize and an escape for every value) cost more than
the table's words and tags themselves (docs/performance.md, "the tenth pass"). The rules:
every value a player typed or the engine said goes through `e` (`i18n.say_html`:
escaped, an engine Message in the request's language) or is a sentence's value (`_`,
`ngettext`: the sentence is markup, its values escaped); the parts other pages share
stay templates (the refusal, the score, the links, the signed result, an event's
series). The forms of the move live in `moves_html.py`.
"""

from __future__ import annotations

from flask import current_app
from markupsafe import Markup

from ..drawing.board import board_svg
from ..i18n import HtmlWords
from ..i18n import say_html as e
from ..links import url_for
from ..pages.rules import rule_link, variant_title
from .fragment import kept_part, said_here
from .moves_html import bar, move
from .moves_list import moves_items, notes_html
from .offline import offline_table


def table_html(v: dict) -> Markup:
    """The table screen (`v`: `screen._table_context`)."""
    env = current_app.jinja_env
    glob = env.globals  # the holed CSRF token and time, and helpers made in init_app closures
    t, links, variant, position = v["t"], v["links"], v["variant"], v["position"]
    words = HtmlWords()
    _ = words.gettext
    v = v | {
        "_": _,
        "ngettext": words.ngettext,
        "evidence_of": glob["evidence"],
        "evidence": glob["evidence"](v["hand"]),
        "at": Markup(
            f'<input type="hidden" name="hand" value="{position[0]}">\n'
            f'<input type="hidden" name="after" value="{position[1]}">'
        ),
        "token_input": Markup(
            f'<input type="hidden" name="csrf_token" value="{glob["csrf_token"]()}">'
        ),
        "here": links.url("table"),
    }
    summary = v["summary"]
    which = _("hand %(number)s", number=summary["number"] if summary else 1)
    watching = "" if links.write else " · " + _("watching")
    layout_h = _("The layout")
    out = [
        f'<div id="table" class="table-screen" data-version="{v["version"]}" '
        f'data-poll="{links.url("version")}" data-url="{v["here"]}"'
        f'{offline_table(t, links)} data-rendered="{glob["rendered_at"]()}">',
        f'<h1>{e(variant_title(variant))} <span class="sub">{which}{watching}</span></h1>',
    ]
    if t.in_event:
        out.append(env.get_template("events/_series.html").render(v))
    out.append(said_here(v["said"]))
    signed = ""
    if summary and (v["outcome"] or t.overridden):
        signed = env.get_template("audit/_signed.html").render(v)
    if v["refused"] and 'id="refused"' not in signed:  # said at its form, or else here
        out.append(env.get_template("_macros.html").module.refusal(v["refused"], variant))
    out.append(_notes(v))
    out.append(_status(v))
    out.append(
        '<section id="layout" aria-labelledby="layout-h">\n'
        f'  <h2 id="layout-h" class="visually-hidden">{layout_h}</h2>\n'
        f'  <div class="picture">{v["picture"]}</div>\n</section>'
    )
    out.append(move(v))
    out.append(bar(v))
    if summary:
        out.append(signed)
        out.append(_score(v))
    if v["events"]:
        out.append(_history(v))
    out.append(_more(v))
    out.append("</div>")
    return Markup("\n".join(part for part in out if part))


def _notes(v: dict) -> str:
    """What stops the table: a move the referee now refuses, an abandoned match, a
    finished event."""
    _ = v["_"]
    t = v["t"]
    out = []
    if f := t.fault:
        refuses = _(
            "The referee now refuses move %(move)s of hand %(hand)s:", move=f.move, hand=f.hand
        )
        back = _("The table is shown as it stood before it; take the move back to go on.")
        why = f"{e(f.message)} ({rule_link(f.rule, v['variant'])})"
        out.append(
            f'<div class="refused" role="alert" id="fault"><p>{refuses}\n  {why}. {back}</p></div>'
        )
    if t.row.abandoned:
        when = t.row.abandoned.strftime("%Y-%m-%d %H:%M")
        said = _(
            "This match was abandoned on %(when)s UTC: %(reason)s",
            when=when,
            reason=t.row.abandon_reason,
        )
        out.append(f'<p class="note" id="abandoned">{said}</p>')
    if v["closed"]:
        said = _(
            "The event is finished: nothing more is recorded at this table unless the "
            "director reopens it."
        )
        out.append(f'<p class="note" id="event-finished">{said}</p>')
    return "\n".join(out)


def _status(v: dict) -> str:
    """Where the hand stands: whose turn, the boneyard, the count, the last move, what the
    record proves, the tiles in each hand."""
    _, ngettext = v["_"], v["ngettext"]
    hand, variant, links = v["hand"], v["variant"], v["links"]
    position = v["position"]
    status_h = _("Where the hand stands")
    out = [
        f'<section id="status" aria-labelledby="status-h" data-hand="{position[0]}" '
        f'data-after="{position[1]}">',
        f'  <h2 id="status-h" class="visually-hidden">{status_h}</h2>',
    ]
    if number := v["time_called"]:
        ends = _("The match ends when hand %(number)s is settled, on the totals.", number=number)
        called = _("Time is called.")
        called = f"<strong>{called}</strong>"
        out.append(f'  <p class="refused" id="time-called">{called} {ends}</p>')
    if tie := v["tie"]:
        out.append(
            f'  <p class="note" id="tie">{e(tie["text"])} '
            f"({rule_link(tie['rule'], variant)}: {e(tie['title'])})</p>"
        )
    outcome = v["outcome"]
    if outcome:
        why = ""
        if outcome["rule"]:
            why = f"({rule_link(outcome['rule'], variant)}: {e(outcome['title'])})"
        over = _("Match over.")
        out.append(
            f'  <p class="outcome" id="outcome"><strong>{over}</strong> '
            f"{e(outcome['text'])}\n    {why}</p>"
        )
    elif hand.ended and not hand.settlement:
        if hand.ended == "domino":
            over = _("Domino! %(player)s went out.", player=hand.players[hand.winner])
        else:
            over = _("The hand is blocked.")
        if v["closed"]:
            then = ""
        elif links.write:
            href = url_for("table.end", token=links.token)
            enter = _("Enter the tiles left")
            then = f'<a class="button" id="end-link" href="{href}">{enter}</a>'
        else:
            then = _("Waiting for the tiles left in each hand.")
        out.append(f'  <p class="turn" id="turn"><strong>{over}</strong>\n    {then}</p>')
    elif hand.turn is not None:
        player = Markup("<strong>%s</strong>") % hand.players[hand.turn]
        # one flex item: no gap before the full stop
        says = _("%(player)s to play.", player=player)
        out.append(f'  <p class="turn" id="turn"><span>{says}</span></p>')
    else:
        who = _("Who leads?")
        out.append(f'  <p class="turn" id="turn"><strong>{who}</strong></p>')
    if variant.draw_rule:
        stock = ngettext("Boneyard: %(num)d tile", "Boneyard: %(num)d tiles", hand.stock)
    else:
        no_stock = _("No boneyard")
        stock = f"{no_stock} ({rule_link(variant.nodraw_rule, variant)})"
    count = ""
    if variant.counts and hand.layout.nodes:
        count_word = _("Count:")
        count = (
            f'<span class="count">{count_word} <strong id="count">{hand.layout.count}</strong>'
            "</span>"
        )
    out.append(f'  <p class="boneyard" id="boneyard">{stock}\n    {count}</p>')
    if (opening := v["opening"]) and not outcome:
        lot = f"<strong>{e(opening['lot'])}</strong>" if opening.get("lot") else ""
        out.append(
            f'  <p class="opening" id="opening">{e(opening["text"])} '
            f"({rule_link(opening['rule'], variant)})\n    {lot}</p>"
        )
    if v["events"]:
        last = v["events"][-1]
        notes = notes_html(last.notes, variant)
        last_move = _("Last move:")
        out.append(f'  <p class="last" id="last-move">{last_move} {e(last.text)}{notes}.</p>')
    if v["evidence"]["items"] and not hand.settlement:
        out.append(
            f'  <div class="evidence" role="note" id="evidence">'
            f"{_evidence_list(v['evidence']['items'], v, v['summary']['number'])}</div>"
        )
    out.append(_players(v))
    out.append("</section>")
    return "\n".join(out)


def _evidence_list(items, v: dict, number: int) -> str:
    """What the record proves (a false pass, a wrong lead) in hand `number`, each with its
    rule; of a false pass, what the table may do: no penalty, the correction offered."""
    _ = v["_"]
    no_penalty = _("The rules give no penalty for a false pass: the hand stands as played.")
    lines = []
    for f in items:
        line = f"<strong>{e(f['what'])}:</strong> {e(f['text'])} "
        line += f"({rule_link(f['rule'], v['variant'])})"
        if f["rule"] == "C-RENEGE":
            line += f" {no_penalty}"
            if v["correctable"]:
                href = url_for("audit.correct", token=v["links"].token, number=number, k=f["move"])
                fix = _("Correct move %(k)d", k=f["move"])
                why = _("if the pass was recorded by mistake")
                line += f' <a class="correct" href="{href}">{fix}</a> ({why}).'
        lines.append(f"<li>{line}</li>")
    return f"<ul>\n    {''.join(lines)}\n  </ul>"


def _players(v: dict) -> str:
    """Each player, the tiles in their hand, the player to move marked."""
    _, ngettext, hand = v["_"], v["ngettext"], v["hand"]
    many = len(hand.players) > 4
    tiles_h = _("Tiles in each hand")
    label = f' aria-label="{tiles_h}"' if many else ""
    sides = len(hand.sides) < len(hand.players)
    out = [f'  <ul class="players{" many" if many else ""}" id="players"{label}>']
    for seat, name in enumerate(hand.players):
        current = ' class="current" aria-current="true"' if hand.turn == seat else ""
        side = (
            f'<span class="side">({e(hand.side_names[hand.side_of[seat]])})</span>' if sides else ""
        )
        size = hand.sizes[seat]
        holds = size if many else ngettext("%(num)d tile", "%(num)d tiles", size)
        out.append(
            f'    <li{current}>\n      <span class="name">{e(name)}</span>\n      {side}\n'
            f'      <span class="holds">{holds}</span>\n    </li>'
        )
    out.append("  </ul>")
    return "\n".join(out)


def _score(v: dict) -> str:
    """The score, and what the last settlement proved."""
    _ = v["_"]
    t, summary = v["t"], v["summary"]
    score = kept_part(
        "_table_score.html",
        target=t.match.options.get("target"),
        totals=summary["totals"],
        points=summary["points"],
        penalty=v["penalty"],
    )
    score_h = _("Score")
    out = [
        '<section id="score" aria-labelledby="score-h">',
        f'  <h2 id="score-h">{score_h}</h2>',
        f"  {score}",
    ]
    if t.variant.exact or t.variant.board:
        out.append(_pegging(v))
    settled = v["settled"]
    proved = v["evidence_of"](settled.hand)["items"] if settled else None
    if proved:
        href = v["links"].url("hand", number=settled.number)
        which = _("Settlement of hand %(number)s", number=settled.number)
        out.append(
            '  <div class="evidence" role="note" id="settled-evidence"><p>'
            f'<a href="{href}">{which}</a>:'
            f"</p>{_evidence_list(proved, v, settled.number)}</div>"
        )
    out.append("</section>")
    return "\n".join(out)


def _pegging(v: dict) -> str:
    """A game pegged to an exact target (Fives & Threes): what each side needs to finish,
    and the cribbage board with each side's peg (`drawing.board`), from the scores."""
    _, t = v["_"], v["t"]
    target = t.match.options["target"]
    names = list(t.match.side_names)
    summary = v["summary"]
    totals = [total for _n, total in summary["totals"]] if summary else [0] * len(names)
    out = []
    if t.variant.exact and not v["outcome"]:
        needs = ", ".join(
            _("%(side)s needs %(n)s", side=e(name), n=target - total)
            for name, total in zip(names, totals, strict=True)
        )
        exactly = _("To finish exactly:")
        out.append(
            f'  <p class="needs" id="needs">{exactly} {needs} '
            f"({rule_link(t.variant.match_rule_for(t.match.options), t.variant)})</p>"
        )
    if t.variant.board:
        out.append(f"  {board_svg(names, totals, target, _('The board'))}")
    return "\n".join(out)


def _history(v: dict) -> str:
    """The hand's last twelve moves, with a link to all of them."""
    _, ngettext = v["_"], v["ngettext"]
    moves, links = v["moves"], v["links"]
    number = v["summary"]["number"]
    if moves > 12:
        title = _("The last 12 moves")
        all_moves = ngettext(
            "All %(num)d moves of hand %(hand)s",
            "All %(num)d moves of hand %(hand)s",
            moves,
            hand=number,
        )
        more = f'\n  <p><a href="{links.url("hand", number=number)}">{all_moves}</a></p>'
    else:
        title, more = _("Moves in this hand"), ""
    items = moves_items(v["events"], v["evidence"]["by_move"], v["variant"])
    return (
        '<section id="history" aria-labelledby="history-h">\n'
        f'  <h2 id="history-h">{title}</h2>{more}\n'
        f'  <ol class="moves" id="moves">\n    {items}\n  </ol>\n</section>'
    )


def _more(v: dict) -> str:
    """The match's other pages and the table's links."""
    _ = v["_"]
    t, links, summary, variant = v["t"], v["links"], v["summary"], v["variant"]
    more_h, all_hands = _("More"), _("All hands, totals and the chart")
    out = [
        '<section id="more" aria-labelledby="more-h">',
        f'  <h2 id="more-h">{more_h}</h2>',
        '  <ul class="links">',
        f'    <li><a href="{links.url("match")}">{all_hands}</a></li>',
    ]
    if summary:  # the hand before, and this one once settled (the deciding hand too)
        number = summary["number"]
        shown = [number - 1] if number > 1 else []
        if v["settled"] and v["settled"].number == number:
            shown.append(number)
        for n in shown:
            which = _("Settlement of hand %(number)s", number=n)
            out.append(f'    <li><a href="{links.url("hand", number=n)}">{which}</a></li>')
    if summary:
        replay = url_for(
            "audit.replay" if links.write else "audit.spectator_replay",
            token=links.token,
            number=summary["number"],
            k=v["moves"],
        )
        step = _("Step through this hand, move by move")
        out.append(f'    <li><a id="replay-link" href="{replay}">{step}</a></li>')
    mine = v["mine"]
    out.append(
        "    "
        + kept_part(
            "_table_links.html",
            write=links.write,
            token=links.token,
            read_token=t.row.read_token,
            code=mine["code"] if mine else None,
            variant=variant.name,
            title=variant_title(variant),
        )
    )
    out.append("  </ul>\n</section>")
    return "\n".join(out)
