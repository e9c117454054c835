"""A stored move the referee now refuses (a database mended by hand, or rules read
otherwise since the move was taken): the table screen shows the hand as it stood before
that move, says which move and why with its rule, and how to go on (take it back)."""

from __future__ import annotations

import sqlalchemy as sa
from webhelpers import text_of

from referee.web.models import Match, Move
from referee.web.store import db


def test_a_move_the_referee_now_refuses_is_shown_with_its_rule(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5")
    with app.app_context():  # move 2 becomes a tile that does not match the 5-5
        db.session.execute(sa.update(Move).where(Move.seq == 2).values(tile="6-6"))
        db.session.execute(
            sa.update(Match).where(Match.write_token == t).values(version=Match.version + 1)
        )
        db.session.commit()
    html = phone.table(t)
    said = text_of(html, "fault")
    assert said.startswith("The referee now refuses move 2 of hand 1:")
    assert "6-6" in said and said.endswith("take the move back to go on.")
    assert 'class="rule"' in html.split('id="fault"')[1].split("</div>")[0]  # its rule, linked
    assert text_of(html, "turn") == "Ben to play."  # the hand as it stood before it
